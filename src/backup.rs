//! The player's whole data as one file, to take to another browser or
//! device: every record the app keeps (settings and seat names, each game
//! in progress, statistics, preferences), exactly as stored.
//!
//! Reading a file checks all of it before anything is written: its size,
//! that it is this app's export in a format this version reads, that every
//! record is one the app keeps and loads as that record, and that no text in
//! it holds markup (the app never writes any). Importing then writes every
//! record or, if the browser refuses one, puts back what was there: a file
//! is taken whole or not at all.

use crate::codec::{self, Json, JsonObject};
use crate::session::KeptRecord;
use crate::storage::{self, Store};

/// The format of export files this version writes and reads.
pub const FORMAT: u64 = 1;
const APP: &str = "grave-matters";
const KIND: &str = "export";
/// The largest file read: an export of every game and statistic is a few
/// tens of kilobytes; anything near the browser's storage limit is not ours.
pub const MAX_BYTES: usize = 2 << 20;

/// The export file of every record in `store` under one of `keys`:
/// `{"app":"grave-matters","kind":"export","version":1,"exported_ms":…,
/// "records":{key: text as stored, …}}`. Built as a [`Json`] tree, whose
/// code the app has anyway (a derived type would add its own).
pub fn export(store: &dyn Store, keys: &[&str], now_ms: u64) -> String {
    let records: JsonObject = keys
        .iter()
        .filter_map(|key| Some((key.to_string(), Json::String(store.get(key).ok()??))))
        .collect();
    let mut file = JsonObject::new();
    file.insert("app".into(), APP.into());
    file.insert("kind".into(), KIND.into());
    file.insert("version".into(), FORMAT.into());
    file.insert("exported_ms".into(), now_ms.into());
    file.insert("records".into(), Json::Object(records));
    codec::to_string(&Json::Object(file)).unwrap_or_default()
}

/// A file that passed every check, ready to be imported.
pub struct Import {
    pub exported_ms: u64,
    pub records: Vec<(&'static dyn KeptRecord, String)>,
}

/// What importing does to one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The device has none: it is added.
    Adds,
    /// The device has another: it is replaced.
    Replaces,
    /// The device has this very one.
    Same,
}

impl Effect {
    pub fn words(self) -> &'static str {
        match self {
            Effect::Adds => "new on this device",
            Effect::Replaces => "replaces yours",
            Effect::Same => "the same as yours",
        }
    }
}

/// Reads an export file, checking all of it (see the module's comment);
/// the message says what is wrong with it.
pub fn read(text: &str, kept: &[&'static dyn KeptRecord]) -> Result<Import, String> {
    if text.len() > MAX_BYTES {
        return Err(too_large(text.len() as u64));
    }
    let json = codec::parse(text).map_err(|_| {
        "This file is not an export of this app: it is not readable data (it may be cut short or damaged).".to_string()
    })?;
    if json["app"] != APP || json["kind"] != KIND {
        return Err("This file is not an export of this app.".into());
    }
    match json["version"].as_u64() {
        Some(FORMAT) => {}
        Some(v) if v > FORMAT => {
            return Err(format!("This file comes from a newer version of the app (format {v}): update the app, then import it."))
        }
        _ => return Err("This file's format is not one this app reads.".into()),
    }
    if let Some(markup) = find_markup(&json) {
        return Err(format!(
            "This file holds text the app never writes (“{markup}”), so it was changed by hand or by something else: it is refused."
        ));
    }
    let (Some(exported_ms), Some(file_records)) =
        (json["exported_ms"].as_u64(), json["records"].as_object())
    else {
        return Err("This file is an export of this app, but it is damaged.".into());
    };
    if file_records.is_empty() {
        return Err("This file holds no saved data.".into());
    }
    let mut records = Vec::new();
    for (key, raw) in file_records {
        let Some(record) = kept.iter().find(|r| r.key() == key) else {
            return Err(format!(
                "This file holds something this app does not keep (“{}”).",
                short(key)
            ));
        };
        let raw = raw
            .as_str()
            .ok_or_else(|| format!("The {} in this file is damaged.", record.what()))?;
        record.check(raw).map_err(|why| {
            format!(
                "The {} in this file cannot be used because {why}.",
                record.what()
            )
        })?;
        records.push((*record, raw.to_string()));
    }
    Ok(Import {
        exported_ms,
        records,
    })
}

pub fn too_large(bytes: u64) -> String {
    // Whole numbers only: formatting a float would add kilobytes to the app.
    let tenths = bytes * 10 / (1 << 20);
    format!(
        "This file is too large to be an export of this app ({}.{} MB; exports are far below {} MB).",
        tenths / 10,
        tenths % 10,
        MAX_BYTES >> 20
    )
}

impl Import {
    /// What importing would do to each record on `store`.
    pub fn effects(&self, store: &dyn Store) -> Vec<(&'static str, Effect)> {
        self.records
            .iter()
            .map(|(record, raw)| {
                let effect = match store.get(record.key()) {
                    Ok(Some(mine)) if &mine == raw => Effect::Same,
                    Ok(Some(_)) => Effect::Replaces,
                    _ => Effect::Adds,
                };
                (record.what(), effect)
            })
            .collect()
    }

    /// Writes every record; if the browser refuses one, puts back what was
    /// there before and says why.
    pub fn apply(&self, store: &dyn Store) -> Result<(), String> {
        let before: Vec<Option<String>> = self
            .records
            .iter()
            .map(|(record, _)| store.get(record.key()).ok().flatten())
            .collect();
        for (i, (record, raw)) in self.records.iter().enumerate() {
            if let Err(e) = store.set(record.key(), raw) {
                for ((record, _), old) in self.records[..i].iter().zip(&before) {
                    match old {
                        Some(old) => {
                            let _ = store.set(record.key(), old);
                        }
                        None => store.remove(record.key()),
                    }
                }
                return Err(format!("Nothing was imported: {}.", storage::describe(&e)));
            }
        }
        Ok(())
    }
}

/// The first text (a value or a key, at any depth, records' own contents
/// included) that looks like markup: a `<` followed by a letter, `/`, `!` or
/// `?`. Names are shown as plain text anyway; a file that holds markup was
/// not written by this app.
fn find_markup(json: &Json) -> Option<String> {
    let looks_like_markup = |text: &str| {
        text.as_bytes()
            .windows(2)
            .any(|w| w[0] == b'<' && (w[1].is_ascii_alphabetic() || b"/!?".contains(&w[1])))
    };
    match json {
        Json::String(text) => {
            if looks_like_markup(text) {
                return Some(short(text));
            }
            // A record's text is JSON too: look inside it.
            codec::parse(text)
                .ok()
                .filter(|inner| !inner.is_string())
                .and_then(|inner| find_markup(&inner))
        }
        Json::Array(items) => items.iter().find_map(find_markup),
        Json::Object(map) => map.iter().find_map(|(key, value)| {
            if looks_like_markup(key) {
                Some(short(key))
            } else {
                find_markup(value)
            }
        }),
        _ => None,
    }
}

/// At most 40 characters of `text`, for a message.
fn short(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Record, SETTINGS};
    use crate::storage::memory::MemoryStore;

    static COUNTS: Record<Vec<u32>> = Record {
        key: "gm.counts",
        what: "counts",
        validate: |v| {
            if v.len() < 4 {
                Ok(())
            } else {
                Err("too many counts".into())
            }
        },
    };

    fn kept() -> Vec<&'static dyn KeptRecord> {
        static SETTINGS_RECORD: Record<crate::settings::Settings> = SETTINGS;
        vec![&SETTINGS_RECORD, &COUNTS]
    }

    fn keys() -> Vec<&'static str> {
        kept().iter().map(|r| r.key()).collect()
    }

    fn device() -> MemoryStore {
        let store = MemoryStore::default();
        storage::save(
            &store,
            SETTINGS.key,
            SETTINGS.what,
            &crate::settings::Settings::default(),
        )
        .unwrap();
        storage::save(&store, COUNTS.key, COUNTS.what, &vec![1u32, 2]).unwrap();
        store
            .set("gm.counts.backup.1", "kept aside, not exported")
            .unwrap();
        store
    }

    #[test]
    fn export_then_import_elsewhere_gives_the_very_same_records() {
        let here = device();
        let file = export(&here, &keys(), 1_700_000_000_000);
        let there = MemoryStore::default();
        storage::save(&there, COUNTS.key, COUNTS.what, &vec![9u32]).unwrap();
        let import = read(&file, &kept()).unwrap();
        assert_eq!(import.exported_ms, 1_700_000_000_000);
        assert_eq!(
            import.effects(&there),
            vec![("counts", Effect::Replaces), ("settings", Effect::Adds)]
        );
        import.apply(&there).unwrap();
        for key in [SETTINGS.key, COUNTS.key] {
            assert_eq!(there.get(key).unwrap(), here.get(key).unwrap(), "{key}");
        }
        assert_eq!(
            there.get("gm.counts.backup.1").unwrap(),
            None,
            "backups stay home"
        );
        assert_eq!(import.effects(&there)[0].1, Effect::Same);
    }

    fn refused(text: &str) -> String {
        match read(text, &kept()) {
            Ok(_) => panic!("accepted: {text:.80}"),
            Err(why) => why,
        }
    }

    #[test]
    fn hostile_or_damaged_files_are_refused_with_a_reason() {
        let file = export(&device(), &keys(), 5);
        assert!(refused(&file[..file.len() / 2]).contains("not readable"));
        assert!(refused("[1,2]").contains("not an export"));
        assert!(refused(&file.replace("\"version\":1", "\"version\":7")).contains("newer version"));
        assert!(refused(&file.replace("\"version\":1", "\"version\":0")).contains("format"));
        assert!(refused(&" ".repeat(10 << 20)).contains("too large"));
        let deep = format!(
            r#"{{"app":"grave-matters","kind":"export","version":1,"x":{}1{}}}"#,
            "[".repeat(50_000),
            "]".repeat(50_000)
        );
        assert!(refused(&deep).contains("not readable"));
        let unknown = file.replace("gm.counts", "gm.elsewhere");
        assert!(refused(&unknown).contains("does not keep"));
        // A record that does not load as itself, or fails its own check.
        let bad = file.replace(r#"[1,2]"#, r#"[1,2,3,4]"#);
        assert!(
            refused(&bad).contains("too many counts"),
            "{}",
            refused(&bad)
        );
        let wrong_kind = file.replace(r#"\"kind\":\"counts\""#, r#"\"kind\":\"settings\""#);
        assert!(refused(&wrong_kind).contains("not written by this app"));
        let empty =
            r#"{"app":"grave-matters","kind":"export","version":1,"exported_ms":1,"records":{}}"#;
        assert!(refused(empty).contains("no saved data"));
    }

    #[test]
    fn markup_anywhere_is_refused_but_a_plain_less_than_is_not() {
        let with_name = |name: &str| {
            let store = device();
            let mut settings = crate::settings::Settings::default();
            settings.table_seats.push(crate::seats::SeatPlan {
                name: name.into(),
                kind: engine::seats::SeatKind::Person,
                own_device: false,
            });
            storage::save(&store, SETTINGS.key, SETTINGS.what, &settings).unwrap();
            export(&store, &keys(), 5)
        };
        assert!(read(&with_name("Ana <3"), &kept()).is_ok());
        let why = refused(&with_name("<img src=x onerror=alert(1)>"));
        assert!(why.contains("never writes"), "{why}");
        assert!(refused(&with_name("Bo</b>")).contains("never writes"));
    }

    /// A store that refuses to write one key, as a full one would.
    struct FillsUp {
        inner: MemoryStore,
        refuses: &'static str,
    }

    impl Store for FillsUp {
        fn get(&self, key: &str) -> Result<Option<String>, storage::StoreError> {
            self.inner.get(key)
        }
        fn set(&self, key: &str, value: &str) -> Result<(), storage::StoreError> {
            if key == self.refuses {
                return Err(storage::StoreError::Full);
            }
            self.inner.set(key, value)
        }
        fn remove(&self, key: &str) {
            self.inner.remove(key)
        }
    }

    #[test]
    fn a_refused_write_puts_back_what_was_there() {
        let file = export(&device(), &keys(), 5);
        let import = read(&file, &kept()).unwrap();
        // The first record (counts) is written, the second refused.
        let store = FillsUp {
            inner: MemoryStore::default(),
            refuses: SETTINGS.key,
        };
        store.inner.set(COUNTS.key, "mine").unwrap();
        let why = import.apply(&store).unwrap_err();
        assert!(why.contains("Nothing was imported"), "{why}");
        assert!(why.contains("full"), "{why}");
        assert_eq!(store.get(COUNTS.key).unwrap().as_deref(), Some("mine"));
        assert_eq!(store.get(SETTINGS.key).unwrap(), None);
    }
}
