//! Everything the app keeps: each record is a versioned envelope under one
//! localStorage key. Loading never panics: a bad record is moved to a backup
//! key and reported, and the caller starts fresh. A record a newer version
//! of the app wrote (in another tab, during an update) is neither: it is left
//! where it is, and nothing here writes over it, so that the newer version
//! finds it again.

use crate::codec::{self, Json};
use serde::{de::DeserializeOwned, Serialize};

/// Bumped when a saved record's shape changes; older versions are then
/// migrated or, failing that, backed up and reported.
pub const VERSION: u64 = 1;
const APP: &str = "grave-matters";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser refused to store more (quota exceeded).
    Full,
    /// Storage is switched off or failed otherwise.
    Unavailable(String),
    /// A newer version of the app keeps the record there (its format
    /// number): this version leaves it alone.
    Newer(u64),
}

/// A key-value store of strings: the browser's localStorage, or memory in tests.
pub trait Store {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str);
    /// Copies the record under `from` to `to` exactly as it is stored (a
    /// backup must be the damaged text itself, byte for byte).
    fn copy(&self, from: &str, to: &str) -> Result<(), StoreError> {
        match self.get(from)? {
            Some(raw) => self.set(to, &raw),
            None => Ok(()),
        }
    }
}

/// A record that could not be used, what the player is told, and where its raw
/// text was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    pub message: String,
    pub backup_key: Option<String>,
    /// Why, in a few words ("its contents are damaged").
    pub why: String,
    /// A newer version of the app saved it: left in place; reloading the
    /// page (which updates the app) opens it.
    pub newer: bool,
}

impl LoadProblem {
    pub fn into_message(self) -> String {
        self.message
    }
}

/// A record as stored: which app wrote it, what it is, in which format.
#[derive(Serialize)]
struct Envelope<'a, T: ?Sized> {
    app: &'a str,
    kind: &'a str,
    version: u64,
    data: &'a T,
}

/// Saves `data` under `key` in its envelope:
/// `{"app":"grave-matters","kind":…,"version":…,"data":…}` (see [`write`];
/// the app goes through `session`, which keeps what the browser refused).
#[cfg(test)]
pub fn save<T: Serialize + ?Sized>(
    store: &dyn Store,
    key: &str,
    kind: &str,
    data: &T,
) -> Result<(), StoreError> {
    write(store, key, &envelope_text(kind, data)?)
}

/// `data` in its envelope, as [`save`] stores it.
pub fn envelope_text<T: Serialize + ?Sized>(kind: &str, data: &T) -> Result<String, StoreError> {
    let envelope = Envelope {
        app: APP,
        kind,
        version: VERSION,
        data,
    };
    codec::to_string(&envelope)
        .map_err(|e| StoreError::Unavailable(format!("the data could not be written ({e})")))
}

/// Stores `text` (a record in its envelope) under `key`, unless a newer
/// version of the app keeps a record there.
pub fn write(store: &dyn Store, key: &str, text: &str) -> Result<(), StoreError> {
    refuse_newer(store, key)?;
    store.set(key, text)
}

/// Removes the record under `key`, unless a newer version of the app keeps
/// it.
pub fn remove(store: &dyn Store, key: &str) -> Result<(), StoreError> {
    refuse_newer(store, key)?;
    store.remove(key);
    Ok(())
}

fn refuse_newer(store: &dyn Store, key: &str) -> Result<(), StoreError> {
    match store.get(key) {
        Ok(Some(raw)) => match format_of(&raw) {
            Some(version) if version > VERSION => Err(StoreError::Newer(version)),
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The format number a stored record declares, if it declares one. Read
/// from the envelope's start, where this app writes it, before the whole
/// text is parsed (a save reads the record it replaces at every move).
fn format_of(raw: &str) -> Option<u64> {
    const FIELD: &str = "\"version\":";
    let head = &raw[..raw.floor_char_boundary(200)];
    if let Some(at) = head.find(FIELD) {
        let digits: String = head[at + FIELD.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(version) = digits.parse() {
            return Some(version);
        }
    }
    codec::parse(raw).ok()?["version"].as_u64()
}

/// Loads the record under `key`: `Ok(None)` if there is none. A record that is
/// corrupt, of an older version or fails `validate` is moved to a backup key
/// and reported; one of a newer version is reported and left in place.
pub fn load<T: DeserializeOwned>(
    store: &dyn Store,
    key: &str,
    kind: &str,
    validate: impl Fn(&T) -> Result<(), String>,
) -> Result<Option<T>, LoadProblem> {
    let mut loaded = None;
    load_data(store, key, kind, &mut |data| {
        let value: T =
            codec::from_json(data).map_err(|_| "its contents are damaged".to_string())?;
        validate(&value).map_err(|why| format!("it is damaged: {why}"))?;
        loaded = Some(value);
        Ok(())
    })?;
    Ok(loaded)
}

/// Whether `raw` (a record as stored, envelope and all) would load as a
/// `kind` record of type `T` passing `validate`; why not otherwise. For
/// records that come from elsewhere (an imported file) before they are
/// stored. It is `load` itself on a store of that one record, so that the
/// app holds one reader per type, not two.
pub fn check<T: DeserializeOwned>(
    raw: &str,
    kind: &str,
    validate: impl Fn(&T) -> Result<(), String>,
) -> Result<(), String> {
    let alone = OneRecord(std::cell::RefCell::new(Some(raw.to_string())));
    load::<T>(&alone, "", kind, validate)
        .map(drop)
        .map_err(|problem| problem.why)
}

/// A store holding one record under every key, and keeping nothing else.
struct OneRecord(std::cell::RefCell<Option<String>>);

impl Store for OneRecord {
    fn get(&self, _: &str) -> Result<Option<String>, StoreError> {
        Ok(self.0.borrow().clone())
    }
    fn set(&self, _: &str, _: &str) -> Result<(), StoreError> {
        Ok(())
    }
    fn remove(&self, _: &str) {}
}

/// The record under `key` if it is there and reads as `T`, else `None`;
/// nothing is backed up or removed. For reading part of a record that
/// another part of the app keeps (and checks).
pub fn peek<T: DeserializeOwned>(store: &dyn Store, key: &str, kind: &str) -> Option<T> {
    let raw = store.get(key).ok()??;
    codec::from_json(open_envelope(&raw, kind).ok()?).ok()
}

/// What `load` does for every kind of record, kept out of the generic
/// function so that the app holds one copy of it: finds the record, opens
/// its envelope, hands its data to `read`, and backs up and reports a
/// record that fails.
fn load_data(
    store: &dyn Store,
    key: &str,
    kind: &str,
    read: &mut dyn FnMut(Json) -> Result<(), String>,
) -> Result<(), LoadProblem> {
    let raw = match store.get(key) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Ok(()),
        Err(e) => {
            return Err(LoadProblem {
                message: format!("Saved data could not be read ({}).", describe(&e)),
                backup_key: None,
                why: describe(&e),
                newer: false,
            })
        }
    };
    let Err(why) = open_envelope(&raw, kind).and_then(read) else {
        return Ok(());
    };
    if format_of(&raw).is_some_and(|version| version > VERSION) {
        return Err(LoadProblem {
            message: format!("Your saved {kind} was saved by a newer version of the app. It is kept as it is: reload to update this page and go on with it."),
            backup_key: None,
            why,
            newer: true,
        });
    }
    // Named after its text: tabs that find the same damaged record (each
    // told of it at once by the browser) keep one copy between them.
    let backup_key = format!("{key}.backup.{:016x}", fingerprint(&raw));
    let kept = store.copy(key, &backup_key).is_ok();
    if kept {
        store.remove(key);
    }
    Err(LoadProblem {
        message: if kept {
            format!("Your saved {kind} could not be opened because {why}. A copy was kept under “{backup_key}”.")
        } else {
            format!("Your saved {kind} could not be opened because {why}. It could not be backed up either, and will be replaced when you play.")
        },
        backup_key: kept.then_some(backup_key),
        why,
        newer: false,
    })
}

/// FNV-1a over the text's bytes: a name for a backup, the same in every tab.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The data of an envelope written by this app for `kind`, or why not: the
/// envelope is checked first, to give a precise message.
fn open_envelope(raw: &str, kind: &str) -> Result<Json, String> {
    let mut envelope = codec::parse(raw).map_err(|_| "it is not readable data".to_string())?;
    if envelope["app"] != APP || envelope["kind"] != kind {
        return Err("it was not written by this app".to_string());
    }
    match envelope["version"].as_u64() {
        Some(VERSION) => {}
        Some(v) if v > VERSION => {
            return Err(format!(
                "it comes from a newer version of the app (format {v})"
            ))
        }
        Some(v) => {
            return Err(format!(
                "it comes from an old version of the app (format {v})"
            ))
        }
        None => return Err("it has no version".to_string()),
    }
    envelope
        .get_mut("data")
        .map(Json::take)
        .ok_or_else(|| "its contents are damaged".to_string())
}

pub fn describe(error: &StoreError) -> String {
    match error {
        StoreError::Full => "the browser's storage is full".to_string(),
        StoreError::Unavailable(why) => format!("storage is unavailable: {why}"),
        StoreError::Newer(_) => "a newer version of the app saved it".to_string(),
    }
}

/// The browser's localStorage, through gloo-storage.
pub struct BrowserStore;

impl BrowserStore {
    fn raw() -> Result<web_sys::Storage, StoreError> {
        // gloo's own accessor throws when storage is disabled; ask first.
        match web_sys::window().map(|w| w.local_storage()) {
            Some(Ok(Some(_))) => Ok(<gloo_storage::LocalStorage as gloo_storage::Storage>::raw()),
            _ => Err(StoreError::Unavailable(
                "this browser does not allow saving".to_string(),
            )),
        }
    }
}

fn classify(error: wasm_bindgen::JsValue) -> StoreError {
    use wasm_bindgen::JsCast;
    match error.dyn_into::<web_sys::DomException>() {
        Ok(e) if e.name() == "QuotaExceededError" => StoreError::Full,
        Ok(e) => StoreError::Unavailable(e.message()),
        Err(_) => StoreError::Unavailable("unknown error".to_string()),
    }
}

impl Store for BrowserStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Self::raw()?.get_item(key).map_err(classify)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        Self::raw()?.set_item(key, value).map_err(classify)
    }

    fn remove(&self, key: &str) {
        if let Ok(raw) = Self::raw() {
            let _ = raw.remove_item(key);
        }
    }

    /// In JavaScript values, never through a Rust `String`: stored text is
    /// UTF-16 and may hold what UTF-8 cannot (a lone surrogate), which a
    /// round trip through Rust would replace.
    fn copy(&self, from: &str, to: &str) -> Result<(), StoreError> {
        use wasm_bindgen::JsCast;
        use web_sys::js_sys::{Function, Reflect};
        let storage = Self::raw()?;
        let method = |name: &str| {
            Reflect::get(&storage, &name.into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok())
                .ok_or_else(|| StoreError::Unavailable(format!("no {name}")))
        };
        let raw = method("getItem")?
            .call1(&storage, &from.into())
            .map_err(classify)?;
        if raw.is_null() {
            return Ok(());
        }
        method("setItem")?
            .call2(&storage, &to.into(), &raw)
            .map(drop)
            .map_err(classify)
    }
}

#[cfg(test)]
pub mod memory {
    use super::*;
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    /// An in-memory store that can be told to act full.
    #[derive(Default)]
    pub struct MemoryStore {
        pub items: RefCell<BTreeMap<String, String>>,
        pub full: bool,
    }

    impl Store for MemoryStore {
        fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
            Ok(self.items.borrow().get(key).cloned())
        }
        fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
            if self.full {
                return Err(StoreError::Full);
            }
            self.items
                .borrow_mut()
                .insert(key.to_string(), value.to_string());
            Ok(())
        }
        fn remove(&self, key: &str) {
            self.items.borrow_mut().remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::memory::MemoryStore;
    use super::*;

    fn ok(_: &Vec<u32>) -> Result<(), String> {
        Ok(())
    }

    #[test]
    fn saves_and_loads_back() {
        let store = MemoryStore::default();
        save(&store, "k", "game", &vec![1u32, 2, 3]).unwrap();
        assert_eq!(load(&store, "k", "game", ok), Ok(Some(vec![1, 2, 3])));
        assert_eq!(load::<Vec<u32>>(&store, "none", "game", ok), Ok(None));
    }

    #[test]
    fn corrupt_record_is_backed_up_and_reported() {
        let store = MemoryStore::default();
        store.set("k", "{not json").unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        let backup = problem.backup_key.clone().expect("backed up");
        assert!(backup.starts_with("k.backup."), "{backup}");
        assert!(
            problem.message.contains("not readable") && problem.message.contains(&backup),
            "{}",
            problem.message
        );
        assert_eq!(store.get(&backup).unwrap().as_deref(), Some("{not json"));
        assert_eq!(store.get("k").unwrap(), None);
    }

    /// Two tabs told of one damaged record at once each back it up: under
    /// one name, so one copy.
    #[test]
    fn one_backup_per_damaged_record_however_many_tabs_find_it() {
        let store = MemoryStore::default();
        let copies = |store: &MemoryStore| {
            store
                .items
                .borrow()
                .keys()
                .filter(|k| k.starts_with("k.backup."))
                .count()
        };
        for _tab in 0..2 {
            store.set("k", "{not json").unwrap();
            assert!(load::<Vec<u32>>(&store, "k", "game", ok).is_err());
        }
        assert_eq!(copies(&store), 1);
        // Other damage is another copy.
        store.set("k", "{not json either").unwrap();
        assert!(load::<Vec<u32>>(&store, "k", "game", ok).is_err());
        assert_eq!(copies(&store), 2);
    }

    /// A newer version's record (another tab, mid-update) is reported, and
    /// neither moved, nor removed, nor written over by this version.
    #[test]
    fn a_newer_versions_record_stays_where_it_is_untouched() {
        let store = MemoryStore::default();
        let raw = r#"{"app":"grave-matters","kind":"game","version":2,"data":{"new":"shape"}}"#;
        store.set("k", raw).unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(problem.newer);
        assert!(
            problem.message.contains("newer version") && problem.message.contains("reload"),
            "{}",
            problem.message
        );
        assert_eq!(problem.backup_key, None);
        assert_eq!(
            save(&store, "k", "game", &vec![1u32]),
            Err(StoreError::Newer(2))
        );
        assert_eq!(remove(&store, "k"), Err(StoreError::Newer(2)));
        assert_eq!(store.get("k").unwrap().as_deref(), Some(raw));
        assert_eq!(store.items.borrow().len(), 1, "no backup");
        // Its format is found wherever the envelope puts it.
        let late = format!(
            r#"{{"app":"grave-matters","kind":"game","data":"{}","version":3}}"#,
            "x".repeat(500)
        );
        store.set("k", &late).unwrap();
        assert_eq!(
            save(&store, "k", "game", &vec![1u32]),
            Err(StoreError::Newer(3))
        );
        // Its own format and older ones are written over as ever.
        for version in [0, VERSION] {
            let raw = format!(
                r#"{{"app":"grave-matters","kind":"game","version":{version},"data":[1]}}"#
            );
            store.set("k", &raw).unwrap();
            assert_eq!(save(&store, "k", "game", &vec![2u32]), Ok(()));
        }
        // What an old version's record is: backed up, as before.
        store
            .set(
                "k",
                r#"{"app":"grave-matters","kind":"game","version":0,"data":[1]}"#,
            )
            .unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(
            problem.message.contains("old version"),
            "{}",
            problem.message
        );
        assert!(problem.backup_key.is_some());
    }

    #[test]
    fn wrong_shape_and_failed_validation_are_reported() {
        let store = MemoryStore::default();
        save(&store, "k", "game", &"text").unwrap();
        assert!(load::<Vec<u32>>(&store, "k", "game", ok).is_err());
        save(&store, "k", "game", &vec![1u32]).unwrap();
        let refuse = |_: &Vec<u32>| Err("cards missing".to_string());
        let problem = load::<Vec<u32>>(&store, "k", "game", refuse).unwrap_err();
        assert!(problem.message.contains("cards missing"));
        save(&store, "k", "other", &vec![1u32]).unwrap();
        assert!(load::<Vec<u32>>(&store, "k", "game", ok).is_err());
    }

    #[test]
    fn deeply_nested_and_huge_records_are_refused_without_a_panic() {
        let store = MemoryStore::default();
        // 100,000 levels: refused by the parser's depth limit (127 levels), never
        // a stack overflow (the wasm stack is 1 MB).
        let deep = format!(
            r#"{{"app":"grave-matters","kind":"game","version":1,"data":{}1{}}}"#,
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        store.set("k", &deep).unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(
            problem.message.contains("not readable"),
            "{}",
            problem.message
        );
        assert!(problem.backup_key.is_some());
        // The same depth in objects.
        let deep_data = format!(
            r#"{{"app":"grave-matters","kind":"game","version":1,"data":[{}]}}"#,
            "{\"a\":".repeat(50_000) + "1" + &"}".repeat(50_000)
        );
        store.set("k", &deep_data).unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(problem.backup_key.is_some());
        // Just within the limit: read, and found to be the wrong shape.
        let within = format!(
            r#"{{"app":"grave-matters","kind":"game","version":1,"data":{}1{}}}"#,
            "[".repeat(126),
            "]".repeat(126)
        );
        store.set("k", &within).unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(problem.message.contains("damaged"), "{}", problem.message);
        // 10 MB of one string: read, found to be the wrong shape, refused.
        let huge = format!(
            r#"{{"app":"grave-matters","kind":"game","version":1,"data":"{}"}}"#,
            "x".repeat(10 << 20)
        );
        store.set("k", &huge).unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(problem.message.contains("damaged"), "{}", problem.message);
        assert_eq!(
            store
                .get(&problem.backup_key.unwrap())
                .unwrap()
                .map(|s| s.len()),
            Some(huge.len())
        );
    }

    #[test]
    fn a_version_that_is_not_a_number_or_a_missing_one_is_reported() {
        let store = MemoryStore::default();
        store
            .set("k", r#"{"app":"grave-matters","kind":"game","data":[1]}"#)
            .unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(
            problem.message.contains("no version"),
            "{}",
            problem.message
        );
        store
            .set("k", r#"{"app":"grave-matters","kind":"game","version":1}"#)
            .unwrap();
        let problem = load::<Vec<u32>>(&store, "k", "game", ok).unwrap_err();
        assert!(problem.message.contains("damaged"), "{}", problem.message);
    }

    #[test]
    fn peeking_reads_part_of_a_record_and_never_moves_it() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct Part {
            b: u32,
        }
        let store = MemoryStore::default();
        let raw = r#"{"app":"grave-matters","kind":"game","version":1,"data":{"a":1,"b":2}}"#;
        store.set("k", raw).unwrap();
        assert_eq!(peek::<Part>(&store, "k", "game"), Some(Part { b: 2 }));
        assert_eq!(peek::<Vec<u32>>(&store, "k", "game"), None);
        assert_eq!(peek::<Part>(&store, "k", "other"), None);
        assert_eq!(store.get("k").unwrap().as_deref(), Some(raw));
        assert_eq!(store.items.borrow().len(), 1, "no backup made");
    }

    #[test]
    fn full_storage_is_a_value_not_a_panic() {
        let store = MemoryStore {
            full: true,
            ..Default::default()
        };
        assert_eq!(save(&store, "k", "game", &1u32), Err(StoreError::Full));
    }
}
