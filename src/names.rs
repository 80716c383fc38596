//! Players' names, wherever one enters the app (the new-game screen, a
//! save, an import, a replay link): written one way, visible, and told
//! apart. A hand-over screen says "Pass to Ana": two seats whose names
//! look the same, or a name that shows as nothing, would send the device
//! (and a seat's secrets) to the wrong person.
//!
//! - A name is kept in Unicode's composed form (NFC: "Å" is one code point
//!   however it was typed), without invisible or formatting characters
//!   (zero-width spaces and joiners, direction marks, variation
//!   selectors, controls), its spaces single and trimmed, at most
//!   [`MAX_NAME_CHARS`] characters.
//! - A name with nothing visible left is no name.
//! - Two names are the same when their [`skeleton`]s are: compatibility
//!   forms folded (NFKC: a full-width "Ａ" is "A"), case ignored, and the
//!   Cyrillic and Greek letters that are drawn like Latin ones read as
//!   those ("Аna" with a Cyrillic А is "Ana").
//!
//! The browser normalises (`String.prototype.normalize`: nothing of
//! Unicode's tables in the bundle); the native tests use the
//! `unicode-normalization` crate, which implements the same standard.

/// Longest name kept, so that a name never breaks the table's layout.
pub const MAX_NAME_CHARS: usize = 16;

/// `name` as the app keeps it: composed, without invisible characters,
/// single spaces, trimmed, cut to [`MAX_NAME_CHARS`]. May be empty.
pub fn clean(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in normalize(name, Form::Composed).chars() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else if !is_invisible(c) {
            out.push(c);
        }
    }
    let kept: String = out.trim_end().chars().take(MAX_NAME_CHARS).collect();
    kept.trim_end().to_string()
}

/// Whether `name` shows something: a character other than a combining
/// mark (which only decorates the one before it).
pub fn is_visible(name: &str) -> bool {
    name.chars()
        .any(|c| !is_combining(c) && !is_invisible(c) && !c.is_whitespace())
}

/// What two names are compared by: equal skeletons are names a person
/// could take for each other.
pub fn skeleton(name: &str) -> String {
    normalize(&clean(name), Form::Compatible)
        .chars()
        .filter(|&c| !is_invisible(c))
        .map(latin_lookalike)
        .flat_map(char::to_lowercase)
        .collect()
}

/// The names of a table read from outside the new-game screen (a save, an
/// import, a link): each kept as [`clean`] keeps it, visible, and no two
/// alike; else what is wrong, in a few words.
pub fn check_names(names: &[String]) -> Result<(), String> {
    for name in names {
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(format!("a name is longer than {MAX_NAME_CHARS} characters"));
        }
        if !is_visible(name) {
            return Err("a name shows nothing".into());
        }
        if clean(name) != *name {
            return Err(
                "a name is not as the app keeps names (composed, with no invisible characters or extra spaces)".into(),
            );
        }
    }
    let skeletons: Vec<String> = names.iter().map(|name| skeleton(name)).collect();
    for (i, name) in names.iter().enumerate() {
        if let Some(at) = skeletons[..i].iter().position(|s| *s == skeletons[i]) {
            return Err(format!(
                "two seats are named alike ({} and {name})",
                names[at]
            ));
        }
    }
    Ok(())
}

#[derive(Clone, Copy)]
enum Form {
    /// NFC.
    Composed,
    /// NFKC.
    Compatible,
}

#[cfg(target_arch = "wasm32")]
fn normalize(text: &str, form: Form) -> String {
    let form = match form {
        Form::Composed => "NFC",
        Form::Compatible => "NFKC",
    };
    web_sys::js_sys::JsString::from(text).normalize(form).into()
}

#[cfg(not(target_arch = "wasm32"))]
fn normalize(text: &str, form: Form) -> String {
    use unicode_normalization::UnicodeNormalization;
    match form {
        Form::Composed => text.nfc().collect(),
        Form::Compatible => text.nfkc().collect(),
    }
}

/// Characters that take no room of their own: controls, Unicode's format
/// characters (zero-width space, joiners, direction marks and
/// embeddings, word joiner, byte-order mark, tags), the variation
/// selectors, the soft hyphen and the Hangul fillers.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5
            | 0x180B..=0x180F | 0x200B..=0x200F | 0x202A..=0x202E
            | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0
            | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF)
}

/// Combining marks: they decorate the character before them.
fn is_combining(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x1AB0..=0x1AFF
        | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// The Latin letter a Cyrillic or Greek one is drawn like (in the same
/// case: a capital Greek Ν is an N, a small ν a v), or the letter itself.
fn latin_lookalike(c: char) -> char {
    const LOOKALIKES: [(&str, &str); 2] = [
        // Cyrillic, then Greek, capitals: А В Е К М Н О Р С Т У Х І Ј Ѕ Һ Ԛ Ԝ Ӏ,
        // Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ.
        (
            "\u{410}\u{412}\u{415}\u{41A}\u{41C}\u{41D}\u{41E}\u{420}\u{421}\u{422}\u{423}\u{425}\u{406}\u{408}\u{405}\u{4BA}\u{51A}\u{51C}\u{4C0}\
             \u{391}\u{392}\u{395}\u{396}\u{397}\u{399}\u{39A}\u{39C}\u{39D}\u{39F}\u{3A1}\u{3A4}\u{3A5}\u{3A7}",
            "ABEKMHOPCTYXIJSHQWIABEZHIKMNOPTYX",
        ),
        // Small letters: а е о р с у х і ј ѕ ԁ һ ԛ ԝ ӏ, α ι κ ν ο ρ υ χ.
        (
            "\u{430}\u{435}\u{43E}\u{440}\u{441}\u{443}\u{445}\u{456}\u{458}\u{455}\u{501}\u{4BB}\u{51B}\u{51D}\u{4CF}\
             \u{3B1}\u{3B9}\u{3BA}\u{3BD}\u{3BF}\u{3C1}\u{3C5}\u{3C7}",
            "aeopcyxijsdhqwlaikvopux",
        ),
    ];
    LOOKALIKES
        .iter()
        .find_map(|(from, to)| {
            from.chars()
                .position(|f| f == c)
                .and_then(|at| to.chars().nth(at))
        })
        .unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_name_is_kept_composed_visible_and_trimmed() {
        assert_eq!(clean("A\u{030A}sa"), "\u{00C5}sa");
        assert_eq!(clean("  Ana\u{200B}  Ben\u{FEFF} "), "Ana Ben");
        assert_eq!(clean("Ana\u{200D}\u{2060}\u{202E}"), "Ana");
        assert_eq!(clean("\u{200B}\u{200C}\u{200D}"), "");
        assert_eq!(clean(&"x".repeat(40)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(clean("Ana\tBen\u{3000}Cy"), "Ana Ben Cy");
    }

    #[test]
    fn lookalike_names_share_a_skeleton() {
        // A zero-width space, a Cyrillic А, a decomposed Å, a case change,
        // a full-width letter.
        for (one, other) in [
            ("Ana", "Ana\u{200B}"),
            ("Ana", "\u{0410}na"),
            ("\u{00C5}sa", "A\u{030A}sa"),
            ("Ana", "ANA"),
            ("Ana", "\u{FF21}na"),
            ("Pavel", "Раvеl"),
            ("Nico", "Νicο"),
        ] {
            assert_eq!(skeleton(one), skeleton(other), "{one} / {other}");
        }
        for (one, other) in [("Ana", "Ann"), ("Åsa", "Asa"), ("Ben", "Ben 2")] {
            assert_ne!(skeleton(one), skeleton(other), "{one} / {other}");
        }
    }

    #[test]
    fn names_from_outside_are_refused_when_alike_invisible_or_unclean() {
        assert_eq!(check_names(&names(&["Ana", "Ben", "Åsa"])), Ok(()));
        for (list, why) in [
            (&["Ana", "Ana\u{200B}"][..], "not as the app keeps names"),
            (&["Ana", "\u{0410}na"], "named alike (Ana and \u{0410}na)"),
            (&["\u{00C5}sa", "A\u{030A}sa"], "not as the app keeps names"),
            (&["\u{00C5}sa", "\u{00E5}SA"], "named alike"),
            (&["Ana", "\u{200B}\u{200B}"], "shows nothing"),
            (&["Ana", "\u{0301}\u{0301}"], "shows nothing"),
            (&["Ana", " Ben"], "not as the app keeps names"),
            (&["Ana", "abcdefghijklmnopq"], "longer than 16"),
        ] {
            let refused = check_names(&names(list)).unwrap_err();
            assert!(refused.contains(why), "{list:?}: {refused}");
        }
    }
}
