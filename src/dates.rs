//! Dates as the device's language writes them, one format across the app:
//! the day in words ("26 November 2026" in British English, "November 26,
//! 2026" in American), with the time where it matters.

use wasm_bindgen::prelude::*;
use web_sys::js_sys::{Array, Date, Object, Reflect};

/// The day in words: every date the app shows has this shape.
const DAY: [(&str, &str); 3] = [("day", "numeric"), ("month", "long"), ("year", "numeric")];

#[wasm_bindgen]
extern "C" {
    /// Throws a RangeError for a tag that is not a language.
    #[wasm_bindgen(js_namespace = Intl, js_name = getCanonicalLocales, catch)]
    fn canonical_locales(tag: &str) -> Result<Array, JsValue>;
}

/// The device's language, where the browser gives a valid one; else
/// English. (A browser started with no language set may report "C", which
/// the date functions refuse with an exception: that stopped the app at
/// its start, with a blank page, in WebKitGTK.)
fn language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .filter(|tag| canonical_locales(tag).is_ok_and(|list| list.length() == 1))
        .unwrap_or_else(|| "en".to_string())
}

fn options(pairs: &[(&str, &str)]) -> Object {
    let object = Object::new();
    for (key, value) in pairs {
        let _ = Reflect::set(&object, &(*key).into(), &(*value).into());
    }
    object
}

/// The date of `ms` (milliseconds since 1970, UTC) on the device's clock.
pub fn date(ms: f64) -> String {
    Date::new(&ms.into())
        .to_locale_date_string(&language(), &options(&DAY))
        .into()
}

/// The date and time of `ms` on the device's clock.
pub fn date_and_time(ms: f64) -> String {
    let [day, month, year] = DAY;
    Date::new(&ms.into())
        .to_locale_string(
            &language(),
            &options(&[day, month, year, ("hour", "numeric"), ("minute", "2-digit")]),
        )
        .into()
}

/// A daily deal's day (days since 1970-01-01): the same date on every
/// clock, since a day's deal is the same everywhere.
pub fn day(day: i32) -> String {
    let [d, month, year] = DAY;
    Date::new(&(f64::from(day) * 86_400_000.0).into())
        .to_locale_date_string(
            &language(),
            &options(&[d, month, year, ("timeZone", "UTC")]),
        )
        .into()
}
