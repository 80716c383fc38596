//! Persistence in one place: what is loaded at start, what is saved after each
//! change, and what happens when another tab writes the same records.

use crate::settings::Settings;
use crate::shell::{clear_topic, has_topic, notify, Ctx, Notice, Tone};
use crate::storage::{self, BrowserStore, StoreError};
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

const SAVE_FAILED: &str = "save-failed";
/// A record a newer version of the app wrote: one notice says so, whether
/// the page found it as it loaded or as it tried to save over it.
const NEWER: &str = "newer-version";

/// One kind of record the app keeps: its key, what the player calls it, and
/// the check a loaded copy must pass.
pub struct Record<T> {
    pub key: &'static str,
    pub what: &'static str,
    pub validate: fn(&T) -> Result<(), String>,
}

/// A record the app keeps, whatever its type: what export and import need.
pub trait KeptRecord: Sync {
    fn key(&self) -> &'static str;
    fn what(&self) -> &'static str;
    /// Whether `raw` (as it would be stored) loads as this record, or why not.
    fn check(&self, raw: &str) -> Result<(), String>;
}

impl<T: DeserializeOwned> KeptRecord for Record<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn what(&self) -> &'static str {
        self.what
    }
    fn check(&self, raw: &str) -> Result<(), String> {
        storage::check(raw, self.what, self.validate)
    }
}

thread_local! {
    /// Every record loaded at start (settings, and each game's records as
    /// it provides them): the app's whole data, for export and import.
    static KEPT: std::cell::RefCell<Vec<&'static dyn KeptRecord>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Every record the app keeps (see [`KEPT`]).
pub fn kept_records() -> Vec<&'static dyn KeptRecord> {
    KEPT.with_borrow(|kept| kept.clone())
}

pub const SETTINGS: Record<Settings> = Record {
    key: "gm.settings",
    what: "settings",
    validate: no_check,
};

pub fn no_check<T>(_: &T) -> Result<(), String> {
    Ok(())
}

/// The saved copy of `record`, if any; a copy that cannot be used is backed
/// up (see `storage::load`) and the problem returned.
fn load<T: DeserializeOwned>(record: &Record<T>) -> Result<Option<T>, storage::LoadProblem> {
    storage::load(&BrowserStore, record.key, record.what, record.validate)
}

/// What the player is told of a record that could not be used: a newer
/// version's comes with the button that reloads the page (and so updates it).
fn load_notice(problem: storage::LoadProblem) -> Notice {
    if problem.newer {
        Notice::new(Tone::Error, NEWER, problem.into_message()).offering_reload()
    } else {
        Notice::new(Tone::Error, "load", problem.into_message())
    }
}

/// Counts `record` among the app's data (export and import) before it is
/// first loaded.
pub fn keep<T: DeserializeOwned>(record: &'static Record<T>) {
    KEPT.with_borrow_mut(|kept| {
        if !kept.iter().any(|k| k.key() == record.key) {
            kept.push(record);
        }
    });
}

/// The saved copy of `record`, or `None` with the problem added to `notices`.
pub fn load_or_report<T: DeserializeOwned>(
    record: &'static Record<T>,
    notices: &mut Vec<Notice>,
) -> Option<T> {
    keep(record);
    load(record).unwrap_or_else(|problem| {
        notices.push(load_notice(problem));
        None
    })
}

/// What earlier versions kept of a game's preferences in the settings
/// record (see `games::Prefs`), read as `P` without touching the record.
pub fn preferences_in_settings<P: DeserializeOwned>() -> Option<P> {
    storage::peek(&BrowserStore, SETTINGS.key, SETTINGS.what)
}

/// Loads the settings; unreadable ones are backed up, reported, and
/// replaced by the defaults.
pub fn load_settings(notices: &mut Vec<Notice>) -> Settings {
    load_or_report(&SETTINGS, notices).unwrap_or_default()
}

thread_local! {
    /// Records the browser refused for want of room, in their envelopes, by
    /// key: each is written as soon as a save succeeds again (there is room
    /// once more), so that a result counted while storage was full is kept,
    /// and counted once. Only the newest text of a key waits.
    static UNSAVED: std::cell::RefCell<Vec<(&'static str, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Stores `text` (a record in its envelope) under `key`, telling the player
/// if the browser refuses; see [`UNSAVED`].
fn store_text(ctx: Ctx, key: &'static str, what: &str, text: String) -> bool {
    let result = storage::write(&BrowserStore, key, &text);
    UNSAVED.with_borrow_mut(|unsaved| {
        unsaved.retain(|(waiting, _)| *waiting != key);
        if result == Err(StoreError::Full) {
            unsaved.push((key, text));
        }
    });
    let saved = result.is_ok();
    if saved {
        write_unsaved();
    }
    report_save(ctx, result, what);
    saved
}

/// Writes the records that waited for room, now that a save succeeded;
/// those the browser still refuses wait on.
fn write_unsaved() {
    let waiting = UNSAVED.with_borrow_mut(std::mem::take);
    for (key, text) in waiting {
        if storage::write(&BrowserStore, key, &text) == Err(StoreError::Full) {
            UNSAVED.with_borrow_mut(|unsaved| unsaved.push((key, text)));
        }
    }
}

fn report_save(ctx: Ctx, result: Result<(), StoreError>, what: &str) {
    match result {
        Ok(()) => clear_topic(ctx, SAVE_FAILED),
        Err(StoreError::Full) => notify(
            ctx,
            Notice::new(
                Tone::Warning,
                SAVE_FAILED,
                format!("The browser's storage is full, so your {what} could not be saved yet. You can keep playing: this page keeps them and saves them as soon as there is room (free some space, then go on)."),
            ),
        ),
        // Already said when the page found the record: once is enough.
        Err(StoreError::Newer(_)) if has_topic(ctx, NEWER) => {}
        Err(StoreError::Newer(_)) => notify(
            ctx,
            Notice::new(
                Tone::Error,
                NEWER,
                format!("A newer version of the app saved your {what}, so this page does not write over it. Reload to update this page and go on from there."),
            )
            .offering_reload(),
        ),
        Err(e) => notify(
            ctx,
            Notice::new(
                Tone::Warning,
                SAVE_FAILED,
                format!("Your {what} could not be saved ({}). You can keep playing.", storage::describe(&e)),
            ),
        ),
    }
}

/// Saves the value of `signal` as `record` (removes the record for `None`),
/// telling the player if the browser refuses. Whether it was saved.
pub fn save<T: Serialize + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<Option<T>>,
) -> bool {
    signal.with_untracked(|value| match value {
        Some(value) => save_once(ctx, record, value),
        None => {
            let result = storage::remove(&BrowserStore, record.key);
            if result.is_ok() {
                UNSAVED.with_borrow_mut(|unsaved| unsaved.retain(|(key, _)| *key != record.key));
            }
            let saved = result.is_ok();
            report_save(ctx, result, record.what);
            saved
        }
    })
}

/// Saves a record that always has a value.
pub fn save_value<T: Serialize + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<T>,
) -> bool {
    signal.with_untracked(|value| save_once(ctx, record, value))
}

/// Saves `value` as `record`, telling the player if the browser refuses.
/// Whether it was saved.
pub fn save_once<T: Serialize>(ctx: Ctx, record: &Record<T>, value: &T) -> bool {
    match storage::envelope_text(record.what, value) {
        Ok(text) => store_text(ctx, record.key, record.what, text),
        Err(e) => {
            report_save(ctx, Err(e), record.what);
            false
        }
    }
}

pub fn save_settings(ctx: Ctx) {
    save_value(ctx, &SETTINGS, ctx.settings);
}

/// Another tab wrote the record under `key` (the browser tells only the
/// other tabs): takes it if it is the settings, and says whether it was.
pub fn take_settings_from_other_tab(ctx: Ctx, key: &str) -> bool {
    let ours = key == SETTINGS.key;
    if ours {
        reload_value(&SETTINGS, ctx.settings);
    }
    ours
}

/// Takes a saved game as another tab left it if `key` is its record, at
/// once, so that nothing this tab does (even starting a new game) can
/// overwrite moves made there; the table then says so.
pub fn take_game_from_other_tab<T: DeserializeOwned + Send + Sync + 'static>(
    ctx: Ctx,
    key: &str,
    record: &Record<T>,
    signal: RwSignal<Option<T>>,
) {
    if key == record.key {
        // Said first, so that a table showing a seat's secrets hides them
        // (see `table::seats::DeviceHolder`) before the new game is drawn.
        ctx.changed_elsewhere.set(true);
        reload(ctx, record, signal);
    }
}

/// Takes statistics as another tab left them if `key` is their record
/// (kept if unreadable).
pub fn take_value_from_other_tab<T: DeserializeOwned + Send + Sync + 'static>(
    key: &str,
    record: &Record<T>,
    signal: RwSignal<T>,
) {
    if key == record.key {
        reload_value(record, signal);
    }
}

/// Takes a saved game as another tab left it.
fn reload<T: DeserializeOwned + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<Option<T>>,
) {
    match load(record) {
        Ok(game) => signal.set(game),
        Err(problem) => {
            signal.set(None);
            notify(ctx, load_notice(problem));
        }
    }
}

/// Takes statistics or settings as another tab left them (kept if unreadable).
fn reload_value<T: DeserializeOwned + Send + Sync + 'static>(
    record: &Record<T>,
    signal: RwSignal<T>,
) {
    if let Ok(Some(value)) = load(record) {
        signal.set(value);
    }
}

/// Puts the looks preferences on the root element for the stylesheet.
pub fn apply_settings(settings: &Settings) {
    if let Some(root) = document().document_element() {
        for (name, value) in settings.attributes() {
            let _ = root.set_attribute(name, value);
        }
    }
}

/// Records as earlier versions of the app saved them, for each game's tests.
#[cfg(test)]
pub mod fixtures {
    use serde::{de::DeserializeOwned, Serialize};

    /// Records as the first version of the app saved them (with serde_json),
    /// one `NAME=json` per line.
    const SAVED_V1: &str = include_str!("fixtures/records-v1.txt");

    pub fn saved_v1(name: &str) -> &'static str {
        SAVED_V1
            .lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix('='))
            .expect("fixture present")
    }

    /// Reads the record `name` and checks it writes back to the very same text.
    pub fn same_text<T: DeserializeOwned + Serialize>(name: &str) -> T {
        let text = saved_v1(name);
        let value: T = crate::codec::from_str(text).expect("an earlier save reads");
        assert_eq!(
            crate::codec::to_string(&value).unwrap(),
            text,
            "{name} written back"
        );
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::SeatPlan;
    use crate::storage::memory::MemoryStore;
    use crate::storage::Store as _;
    use engine::seats::{Level, SeatKind};

    /// The games' preferences in it are read by the games (see `games::Prefs`).
    #[test]
    fn settings_saved_by_the_first_version_load() {
        let text = super::fixtures::saved_v1("SETTINGS");
        let settings: Settings = crate::codec::from_str(text).unwrap();
        assert_eq!(settings.theme, crate::settings::Theme::Dark);
        assert_eq!(settings.computer_pace, crate::seats::Pace::Fast);
        assert_eq!(
            settings.table_seats[1],
            SeatPlan {
                name: "Bé".into(),
                kind: SeatKind::Computer(Level::Strong),
                own_device: false,
            }
        );
    }

    #[test]
    fn older_settings_fill_in_what_they_lack() {
        // Saved before the table games existed.
        let settings: Settings = crate::codec::from_str(
            r#"{"theme":"Light","motion":"System","dead_center_variant":"Nightmare"}"#,
        )
        .unwrap();
        assert_eq!(settings.theme, crate::settings::Theme::Light);
        assert_eq!(settings.computer_pace, Settings::default().computer_pace);
        assert!(settings.table_seats.is_empty());
    }

    #[test]
    fn a_record_goes_through_the_store_in_its_envelope() {
        let store = MemoryStore::default();
        let settings: Settings =
            crate::codec::from_str(super::fixtures::saved_v1("SETTINGS")).unwrap();
        let text = crate::codec::to_string(&settings).unwrap();
        storage::save(&store, SETTINGS.key, SETTINGS.what, &settings).unwrap();
        assert_eq!(
            store.get(SETTINGS.key).unwrap().unwrap(),
            format!(r#"{{"app":"grave-matters","kind":"settings","version":1,"data":{text}}}"#)
        );
        let loaded = storage::load(&store, SETTINGS.key, SETTINGS.what, no_check);
        assert_eq!(loaded, Ok(Some(settings)));
    }
}
