//! A small JSON codec for what the app saves and what it sends to its solver
//! worker. It writes and reads exactly the JSON that serde's derive and
//! `serde_json` give the same types (tests compare the two byte for byte), so
//! records saved by earlier versions load unchanged. It exists for size:
//! serde's generic code, instantiated for every saved type, was about a fifth
//! of the app's WebAssembly; this is a few kilobytes.
//!
//! A type takes part through [`json_struct!`](crate::json_struct) or
//! [`json_enum!`](crate::json_enum) next to its definition, listing every
//! field in declaration order (the order serde writes them). Like serde's
//! derive: struct fields are an object, a missing `Option` field reads as
//! `None`, unknown fields are ignored; enums are `"Variant"`, `{"Variant":
//! value}`, `{"Variant":[a,b]}` or `{"Variant":{"field":…}}`. Numbers are
//! whole and non-negative (no saved type has others); an `f64` travels as its
//! bits, so it arrives exactly.

use std::collections::BTreeMap;
use std::fmt;

/// A parsed JSON value. Objects keep their order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(u64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Why a text could not be read as the value asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonError(pub &'static str);

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A value that writes itself as JSON.
pub trait ToJson {
    fn write_json(&self, out: &mut String);
}

/// A value that can be read back from JSON.
pub trait FromJson: Sized {
    fn from_json(json: &Json) -> Result<Self, JsonError>;

    /// The value of a struct field absent from its object.
    fn missing() -> Result<Self, JsonError> {
        Err(JsonError("a field is missing"))
    }
}

pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

pub fn from_str<T: FromJson>(text: &str) -> Result<T, JsonError> {
    T::from_json(&parse(text)?)
}

impl Json {
    pub fn as_object(&self) -> Result<&[(String, Json)], JsonError> {
        match self {
            Json::Object(fields) => Ok(fields),
            _ => Err(JsonError("an object was expected")),
        }
    }

    pub fn as_array(&self) -> Result<&[Json], JsonError> {
        match self {
            Json::Array(items) => Ok(items),
            _ => Err(JsonError("a list was expected")),
        }
    }

    /// The value of `name` in this object, if it is one and has it.
    pub fn get(&self, name: &str) -> Option<&Json> {
        find(self.as_object().ok()?, name)
    }
}

// ---- Writing ----

/// Writes `{"name":value,...}` one field at a time.
pub struct ObjectWriter<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> ObjectWriter<'a> {
    pub fn new(out: &'a mut String) -> ObjectWriter<'a> {
        out.push('{');
        ObjectWriter { out, first: true }
    }

    pub fn field(&mut self, name: &str, value: &(impl ToJson + ?Sized)) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        write_string(self.out, name);
        self.out.push(':');
        value.write_json(self.out);
    }

    pub fn end(self) {
        self.out.push('}');
    }
}

/// Writes `[a,b,...]`.
pub fn write_array<'a, T: ToJson + 'a>(out: &mut String, items: impl IntoIterator<Item = &'a T>) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item.write_json(out);
    }
    out.push(']');
}

/// A string with JSON escapes, as serde_json writes it.
pub fn write_string(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(d as char);
    }
}

// ---- Reading ----

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: u32 = 64;

pub fn parse(text: &str) -> Result<Json, JsonError> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = parser.value(0)?;
    parser.skip_space();
    if parser.at != parser.bytes.len() {
        return Err(JsonError("there is text after the value"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

const CUT_SHORT: JsonError = JsonError("the text is cut short or malformed");

impl Parser<'_> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn next(&mut self) -> Result<u8, JsonError> {
        let byte = *self.bytes.get(self.at).ok_or(CUT_SHORT)?;
        self.at += 1;
        Ok(byte)
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, JsonError> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(CUT_SHORT)
        }
    }

    fn value(&mut self, depth: u32) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(JsonError("the data is nested too deeply"));
        }
        self.skip_space();
        match self.bytes.get(self.at).copied().ok_or(CUT_SHORT)? {
            b'n' => self.literal("null", Json::Null),
            b't' => self.literal("true", Json::Bool(true)),
            b'f' => self.literal("false", Json::Bool(false)),
            b'"' => self.string().map(Json::String),
            b'0'..=b'9' => self.number(),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.close(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.separator(b']')? {
                            break;
                        }
                    }
                }
                Ok(Json::Array(items))
            }
            b'{' => {
                self.at += 1;
                let mut fields = Vec::new();
                if !self.close(b'}') {
                    loop {
                        self.skip_space();
                        if self.bytes.get(self.at) != Some(&b'"') {
                            return Err(CUT_SHORT);
                        }
                        let name = self.string()?;
                        self.skip_space();
                        if self.next()? != b':' {
                            return Err(CUT_SHORT);
                        }
                        fields.push((name, self.value(depth + 1)?));
                        if self.separator(b'}')? {
                            break;
                        }
                    }
                }
                Ok(Json::Object(fields))
            }
            b'-' => Err(JsonError("a number is negative")),
            _ => Err(CUT_SHORT),
        }
    }

    /// Consumes `end` (after spaces) if it comes next.
    fn close(&mut self, end: u8) -> bool {
        self.skip_space();
        let closed = self.bytes.get(self.at) == Some(&end);
        if closed {
            self.at += 1;
        }
        closed
    }

    /// After an item: `,` (more follow) or `end` (returns true).
    fn separator(&mut self, end: u8) -> Result<bool, JsonError> {
        self.skip_space();
        match self.next()? {
            b',' => Ok(false),
            b if b == end => Ok(true),
            _ => Err(CUT_SHORT),
        }
    }

    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(&d @ b'0'..=b'9') = self.bytes.get(self.at) {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u64::from(d - b'0')))
                .ok_or(JsonError("a number is too large"))?;
            self.at += 1;
        }
        if self.bytes[start] == b'0' && self.at - start > 1 {
            return Err(CUT_SHORT);
        }
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(self.at) {
            return Err(JsonError("a number is not whole"));
        }
        Ok(Json::Number(n))
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut value = 0;
        for _ in 0..4 {
            let digit = (self.next()? as char).to_digit(16).ok_or(CUT_SHORT)?;
            value = value * 16 + digit;
        }
        Ok(value)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1; // the opening quote
        let mut out = String::new();
        loop {
            // Copy the run of plain characters at once: the input is a &str,
            // so a run between ASCII quotes and backslashes is valid UTF-8.
            let run = self.bytes[self.at..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .ok_or(CUT_SHORT)?;
            let plain =
                std::str::from_utf8(&self.bytes[self.at..self.at + run]).map_err(|_| CUT_SHORT)?;
            out.push_str(plain);
            self.at += run;
            match self.next()? {
                b'"' => return Ok(out),
                b'\\' => {
                    let c = match self.next()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let unit = self.hex4()?;
                            let code = if (0xd800..0xdc00).contains(&unit) {
                                // A surrogate pair: the low half must follow.
                                if self.next()? != b'\\' || self.next()? != b'u' {
                                    return Err(CUT_SHORT);
                                }
                                let low = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&low) {
                                    return Err(CUT_SHORT);
                                }
                                0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
                            } else {
                                unit
                            };
                            char::from_u32(code).ok_or(CUT_SHORT)?
                        }
                        _ => return Err(CUT_SHORT),
                    };
                    out.push(c);
                }
                _ => return Err(CUT_SHORT), // a raw control character
            }
        }
    }
}

/// The field `name` of an object, read as `T` (see [`FromJson::missing`]).
pub fn field<T: FromJson>(object: &[(String, Json)], name: &str) -> Result<T, JsonError> {
    match find(object, name) {
        Some(value) => T::from_json(value),
        None => T::missing(),
    }
}

/// The value of `name` in an object's fields (the first, if repeated).
pub fn find<'a>(object: &'a [(String, Json)], name: &str) -> Option<&'a Json> {
    object.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// An enum's variant name and its content: `"Name"` has none, `{"Name":x}`
/// has `x`.
pub fn variant(json: &Json) -> Result<(&str, Option<&Json>), JsonError> {
    match json {
        Json::String(name) => Ok((name, None)),
        Json::Object(fields) if fields.len() == 1 => Ok((&fields[0].0, Some(&fields[0].1))),
        _ => Err(JsonError("a choice was expected")),
    }
}

/// The content a variant with data must have.
pub fn content(value: Option<&Json>) -> Result<&Json, JsonError> {
    value.ok_or(JsonError("a choice is missing its data"))
}

/// A unit variant may also come as `{"Name":null}`.
pub fn no_content(value: Option<&Json>) -> Result<(), JsonError> {
    match value {
        None | Some(Json::Null) => Ok(()),
        Some(_) => Err(JsonError("a choice has unexpected data")),
    }
}

/// The items of a tuple written as a list of exactly `len`.
pub fn tuple(json: &Json, len: usize) -> Result<&[Json], JsonError> {
    let items = json.as_array()?;
    if items.len() == len {
        Ok(items)
    } else {
        Err(JsonError("a list has the wrong length"))
    }
}

// ---- The standard types ----

macro_rules! whole_numbers {
    ($($t:ty),*) => {$(
        impl ToJson for $t {
            fn write_json(&self, out: &mut String) {
                write_number(out, *self as u64);
            }
        }
        impl FromJson for $t {
            fn from_json(json: &Json) -> Result<Self, JsonError> {
                match json {
                    Json::Number(n) => <$t>::try_from(*n).map_err(|_| JsonError("a number is out of range")),
                    _ => Err(JsonError("a number was expected")),
                }
            }
        }
    )*};
}
whole_numbers!(u8, u16, u32, u64, usize);

/// Exact: the bits travel as a whole number.
impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        write_number(out, self.to_bits());
    }
}

impl FromJson for f64 {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        u64::from_json(json).map(f64::from_bits)
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl FromJson for bool {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        match json {
            Json::Bool(b) => Ok(*b),
            _ => Err(JsonError("true or false was expected")),
        }
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl FromJson for String {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        match json {
            Json::String(s) => Ok(s.clone()),
            _ => Err(JsonError("a text was expected")),
        }
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: FromJson> FromJson for Option<T> {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        match json {
            Json::Null => Ok(None),
            json => T::from_json(json).map(Some),
        }
    }

    fn missing() -> Result<Self, JsonError> {
        Ok(None)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        json.as_array()?.iter().map(T::from_json).collect()
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        write_array(out, self);
    }
}

impl<T: FromJson, const N: usize> FromJson for [T; N] {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        let items: Vec<T> = tuple(json, N)?
            .iter()
            .map(T::from_json)
            .collect::<Result<_, _>>()?;
        items
            .try_into()
            .map_err(|_| JsonError("a list has the wrong length"))
    }
}

impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        self.1.write_json(out);
        out.push(']');
    }
}

impl<A: FromJson, B: FromJson> FromJson for (A, B) {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        let items = tuple(json, 2)?;
        Ok((A::from_json(&items[0])?, B::from_json(&items[1])?))
    }
}

impl<V: ToJson> ToJson for BTreeMap<String, V> {
    fn write_json(&self, out: &mut String) {
        let mut object = ObjectWriter::new(out);
        for (key, value) in self {
            object.field(key, value);
        }
        object.end();
    }
}

impl<V: FromJson> FromJson for BTreeMap<String, V> {
    fn from_json(json: &Json) -> Result<Self, JsonError> {
        // Inserted one by one: collecting would bring in a whole sort.
        let mut map = BTreeMap::new();
        for (key, value) in json.as_object()? {
            map.insert(key.clone(), V::from_json(value)?);
        }
        Ok(map)
    }
}

// ---- The macros ----

/// `json_struct!(Name { field, ... })` makes a struct with named fields
/// `ToJson` and `FromJson`, as serde's derive would. Every field must be
/// listed, in declaration order. `json_struct!(default Name { ... })` is
/// `#[serde(default)]`: a missing field takes its value from `Name::default()`.
#[macro_export]
macro_rules! json_struct {
    ($name:ident { $($field:ident),* $(,)? }) => {
        $crate::json_struct!(@write $name { $($field),* });
        impl $crate::json::FromJson for $name {
            fn from_json(json: &$crate::json::Json) -> Result<Self, $crate::json::JsonError> {
                let object = json.as_object()?;
                Ok($name { $($field: $crate::json::field(object, stringify!($field))?,)* })
            }
        }
    };
    (default $name:ident { $($field:ident),* $(,)? }) => {
        $crate::json_struct!(@write $name { $($field),* });
        impl $crate::json::FromJson for $name {
            fn from_json(json: &$crate::json::Json) -> Result<Self, $crate::json::JsonError> {
                let object = json.as_object()?;
                let fallback = <$name as Default>::default();
                Ok($name {
                    $($field: match $crate::json::find(object, stringify!($field)) {
                        Some(value) => $crate::json::FromJson::from_json(value)?,
                        None => fallback.$field,
                    },)*
                })
            }
        }
    };
    (@write $name:ident { $($field:ident),* }) => {
        impl $crate::json::ToJson for $name {
            fn write_json(&self, out: &mut String) {
                let mut object = $crate::json::ObjectWriter::new(out);
                $(object.field(stringify!($field), &self.$field);)*
                object.end();
            }
        }
    };
}

/// `json_enum!(Name { Unit, Newtype(x), Tuple(a, b), Struct { f, g } })`
/// makes an enum `ToJson` and `FromJson` in serde's external tagging. Every
/// variant must be listed; the names given to tuple fields are only bindings.
#[macro_export]
macro_rules! json_enum {
    // Only unit variants: read through a table, much smaller than a chain
    // of comparisons (the enum must be `Copy`).
    ($name:ident { $($variant:ident),* $(,)? }) => {
        impl $crate::json::ToJson for $name {
            fn write_json(&self, out: &mut String) {
                $crate::json::write_string(out, match self { $($name::$variant => stringify!($variant)),* });
            }
        }
        impl $crate::json::FromJson for $name {
            fn from_json(json: &$crate::json::Json) -> Result<Self, $crate::json::JsonError> {
                const ALL: &[($name, &str)] = &[$(($name::$variant, stringify!($variant))),*];
                let (variant, content) = $crate::json::variant(json)?;
                $crate::json::no_content(content)?;
                ALL.iter()
                    .find(|(_, name)| *name == variant)
                    .map(|(value, _)| *value)
                    .ok_or($crate::json::JsonError("an unknown choice"))
            }
        }
    };
    ($name:ident { $($variant:ident $(($($item:ident),+))? $({ $($field:ident),+ })?),* $(,)? }) => {
        impl $crate::json::ToJson for $name {
            fn write_json(&self, out: &mut String) {
                match self {
                    $($name::$variant $(($($item),+))? $({ $($field),+ })? => {
                        $crate::json_enum!(@write out, $variant $(($($item),+))? $({ $($field),+ })?)
                    })*
                }
            }
        }
        impl $crate::json::FromJson for $name {
            fn from_json(json: &$crate::json::Json) -> Result<Self, $crate::json::JsonError> {
                let (variant, content) = $crate::json::variant(json)?;
                $(if variant == stringify!($variant) {
                    return $crate::json_enum!(@read $name, content, $variant $(($($item),+))? $({ $($field),+ })?);
                })*
                Err($crate::json::JsonError("an unknown choice"))
            }
        }
    };
    (@write $out:ident, $variant:ident) => {
        $crate::json::write_string($out, stringify!($variant))
    };
    (@write $out:ident, $variant:ident ($item:ident)) => {{
        let mut object = $crate::json::ObjectWriter::new($out);
        object.field(stringify!($variant), $item);
        object.end();
    }};
    (@write $out:ident, $variant:ident ($($item:ident),+)) => {{
        let mut object = $crate::json::ObjectWriter::new($out);
        object.field(stringify!($variant), &$crate::json::Items(&[$($item as &dyn $crate::json::ToJson),+]));
        object.end();
    }};
    (@write $out:ident, $variant:ident { $($field:ident),+ }) => {{
        $out.push_str(concat!("{\"", stringify!($variant), "\":"));
        let mut inner = $crate::json::ObjectWriter::new($out);
        $(inner.field(stringify!($field), $field);)+
        inner.end();
        $out.push('}');
    }};
    (@read $name:ident, $content:ident, $variant:ident) => {
        $crate::json::no_content($content).map(|()| $name::$variant)
    };
    (@read $name:ident, $content:ident, $variant:ident ($item:ident)) => {
        Ok($name::$variant($crate::json::FromJson::from_json($crate::json::content($content)?)?))
    };
    (@read $name:ident, $content:ident, $variant:ident ($($item:ident),+)) => {{
        let mut items = $crate::json::tuple(
            $crate::json::content($content)?,
            [$(stringify!($item)),+].len(),
        )?.iter();
        $(let $item = $crate::json::FromJson::from_json(
            items.next().ok_or($crate::json::JsonError("a list is too short"))?,
        )?;)+
        Ok($name::$variant($($item),+))
    }};
    (@read $name:ident, $content:ident, $variant:ident { $($field:ident),+ }) => {{
        let object = $crate::json::content($content)?.as_object()?;
        Ok($name::$variant { $($field: $crate::json::field(object, stringify!($field))?),+ })
    }};
}

/// A tuple variant's items, written as a list.
pub struct Items<'a>(pub &'a [&'a dyn ToJson]);

impl ToJson for Items<'_> {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            item.write_json(out);
        }
        out.push(']');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct Plain {
        number: u32,
        maybe: Option<u8>,
        text: String,
        list: Vec<u16>,
        pair: (u8, bool),
        fixed: [u8; 3],
        map: BTreeMap<String, u32>,
    }
    crate::json_struct!(Plain {
        number,
        maybe,
        text,
        list,
        pair,
        fixed,
        map
    });

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Every {
        Unit,
        Newtype(u64),
        Tuple(u8, String),
        Struct { a: bool, b: Option<Box<Every>> },
    }
    crate::json_enum!(Every { Unit, Newtype(n), Tuple(x, y), Struct { a, b } });

    impl<T: ToJson> ToJson for Box<T> {
        fn write_json(&self, out: &mut String) {
            (**self).write_json(out);
        }
    }
    impl<T: FromJson> FromJson for Box<T> {
        fn from_json(json: &Json) -> Result<Self, JsonError> {
            T::from_json(json).map(Box::new)
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct WithDefaults {
        kept: u8,
        added: Vec<u8>,
    }
    impl Default for WithDefaults {
        fn default() -> Self {
            WithDefaults {
                kept: 7,
                added: vec![1],
            }
        }
    }
    crate::json_struct!(default WithDefaults { kept, added });

    /// Ours and serde_json's texts are equal, and each reads the other's.
    fn agree<T>(value: &T)
    where
        T: ToJson + FromJson + Serialize + serde::de::DeserializeOwned + PartialEq + fmt::Debug,
    {
        let theirs = serde_json::to_string(value).unwrap();
        assert_eq!(to_string(value), theirs);
        assert_eq!(&from_str::<T>(&theirs).unwrap(), value);
        // serde_json's pretty form too: spaces and new lines are read.
        let pretty = serde_json::to_string_pretty(value).unwrap();
        assert_eq!(&from_str::<T>(&pretty).unwrap(), value, "{pretty}");
    }

    #[test]
    fn structs_enums_and_standard_types_match_serde_json() {
        let mut map = BTreeMap::new();
        map.insert("Ana \"A\"".to_string(), 3);
        map.insert("Bé ✓ 😀".to_string(), u32::MAX);
        agree(&Plain {
            number: 42,
            maybe: Some(0),
            text: "tab\there, quote \" slash \\ / bell \u{7} nul \0 del \u{7f} ünï 😀".into(),
            list: vec![0, 1, u16::MAX],
            pair: (255, true),
            fixed: [1, 2, 3],
            map,
        });
        agree(&Plain::default());
        agree(&Every::Unit);
        agree(&Every::Newtype(u64::MAX));
        agree(&Every::Tuple(9, "x".into()));
        agree(&Every::Struct {
            a: false,
            b: Some(Box::new(Every::Struct { a: true, b: None })),
        });
        agree(&vec![Every::Unit, Every::Newtype(0)]);
        agree(&WithDefaults {
            kept: 0,
            added: vec![],
        });
    }

    #[test]
    fn every_control_character_is_escaped_as_serde_json_does() {
        let text: String = (0u8..0x80).map(char::from).collect();
        assert_eq!(to_string(&text), serde_json::to_string(&text).unwrap());
        assert_eq!(from_str::<String>(&to_string(&text)).unwrap(), text);
    }

    #[test]
    fn missing_fields_as_serde_reads_them() {
        // An absent Option is None; any other absent field is an error.
        assert_eq!(
            from_str::<Plain>(
                r#"{"number":1,"text":"","list":[],"pair":[1,false],"fixed":[0,0,0],"map":{},"extra":[{"x":null}]}"#
            ),
            Ok(Plain {
                number: 1,
                pair: (1, false),
                fixed: [0, 0, 0],
                ..Plain::default()
            })
        );
        assert!(from_str::<Plain>(r#"{"number":1}"#).is_err());
        // serde(default): absent fields come from Default.
        assert_eq!(
            from_str::<WithDefaults>(r#"{"kept":2}"#),
            Ok(WithDefaults {
                kept: 2,
                added: vec![1]
            })
        );
        assert_eq!(from_str::<WithDefaults>("{}"), Ok(WithDefaults::default()));
        // A unit variant may be written as an object with null.
        assert_eq!(from_str::<Every>(r#"{"Unit":null}"#), Ok(Every::Unit));
    }

    #[test]
    fn floats_travel_exactly() {
        for x in [0.0, 1.0 / 3.0, 0.6, f64::MIN_POSITIVE, 1e300, -2.5] {
            let back: f64 = from_str(&to_string(&x)).unwrap();
            assert_eq!(back.to_bits(), x.to_bits());
        }
    }

    #[test]
    fn bad_text_is_an_error_never_a_panic() {
        let bad = [
            "",
            " ",
            "{",
            "[1,",
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":1,}",
            "[1,]",
            "\"open",
            "\"bad escape \\q\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\\ud800\\u0041\"",
            "\"raw \n line\"",
            "nul",
            "tru",
            "-1",
            "1.5",
            "1e3",
            "01",
            "18446744073709551616",
            "[] []",
            "{1:2}",
        ];
        for text in bad {
            assert!(parse(text).is_err(), "{text:?} parsed");
        }
        let deep = "[".repeat(100_000);
        assert_eq!(
            parse(&deep),
            Err(JsonError("the data is nested too deeply"))
        );
        // Valid text of the wrong shape.
        assert!(from_str::<u8>("256").is_err());
        assert!(from_str::<u8>("\"1\"").is_err());
        assert!(from_str::<[u8; 3]>("[1,2]").is_err());
        assert!(from_str::<(u8, u8)>("[1,2,3]").is_err());
        assert!(from_str::<Every>(r#"{"Nope":1}"#).is_err());
        assert!(from_str::<Every>(r#"{"Unit":1}"#).is_err());
        assert!(from_str::<Every>(r#"{"Tuple":[1]}"#).is_err());
        assert!(from_str::<Every>(r#"{"Newtype":1,"Unit":null}"#).is_err());
        assert!(from_str::<Every>("\"Newtype\"").is_err());
    }

    #[test]
    fn escapes_and_surrogate_pairs_are_read() {
        assert_eq!(
            from_str::<String>(r#""\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00""#),
            Ok("\"\\/\u{8}\u{c}\n\r\tAé😀".to_string())
        );
    }
}
