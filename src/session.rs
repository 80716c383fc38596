//! Persistence in one place: what is loaded at start, what is saved after each
//! change, and what happens when another tab writes the same records.

use crate::app::Ctx;
use crate::murderers_row::MurderersRowGame;
use crate::serial_killer::SerialKillerGame;
use crate::settings::Settings;
use crate::stats::{DeadCenterStats, MurderersRowStats, SerialKillerStats};
use crate::storage::{self, BrowserStore, Store as _, StoreError};
use engine::dead_center::State as DeadCenterState;
use engine::json::{FromJson, ToJson};
use leptos::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Error,
    Warning,
}

impl Tone {
    pub fn class(self) -> &'static str {
        match self {
            Tone::Error => "error",
            Tone::Warning => "warning",
        }
    }
}

/// A message in the notices bar. Notices with the same topic replace each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub id: u32,
    pub tone: Tone,
    pub text: String,
    pub topic: &'static str,
}

impl Notice {
    pub fn new(tone: Tone, topic: &'static str, text: impl Into<String>) -> Notice {
        static NEXT_ID: AtomicU32 = AtomicU32::new(1);
        Notice {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            tone,
            text: text.into(),
            topic,
        }
    }
}

const SAVE_FAILED: &str = "save-failed";

pub fn notify(ctx: Ctx, notice: Notice) {
    ctx.notices.update(|list| {
        list.retain(|n| n.topic != notice.topic);
        list.push(notice);
    });
}

fn clear_topic(ctx: Ctx, topic: &str) {
    if ctx
        .notices
        .with_untracked(|list| list.iter().any(|n| n.topic == topic))
    {
        ctx.notices.update(|list| list.retain(|n| n.topic != topic));
    }
}

/// One kind of record the app keeps: its key, what the player calls it, and
/// the check a loaded copy must pass.
pub struct Record<T> {
    pub key: &'static str,
    pub what: &'static str,
    pub validate: fn(&T) -> Result<(), String>,
}

pub const SETTINGS: Record<Settings> = Record {
    key: storage::SETTINGS,
    what: "settings",
    validate: no_check,
};
pub const DEAD_CENTER_GAME: Record<DeadCenterState> = Record {
    key: storage::SAVE_DEAD_CENTER,
    what: "Dead Center game",
    validate: DeadCenterState::validate,
};
pub const DEAD_CENTER_STATS: Record<DeadCenterStats> = Record {
    key: storage::STATS_DEAD_CENTER,
    // As first saved (the envelope's kind must match to load).
    what: "statistics",
    validate: no_check,
};
pub const MURDERERS_ROW_GAME: Record<MurderersRowGame> = Record {
    key: storage::SAVE_MURDERERS_ROW,
    what: "Murderers' Row game",
    validate: MurderersRowGame::validate,
};
pub const MURDERERS_ROW_STATS: Record<MurderersRowStats> = Record {
    key: storage::STATS_MURDERERS_ROW,
    what: "Murderers' Row statistics",
    validate: no_check,
};

pub const SERIAL_KILLER_GAME: Record<SerialKillerGame> = Record {
    key: storage::SAVE_SERIAL_KILLER,
    what: "Serial Killer game",
    validate: SerialKillerGame::validate,
};
pub const SERIAL_KILLER_STATS: Record<SerialKillerStats> = Record {
    key: storage::STATS_SERIAL_KILLER,
    what: "Serial Killer statistics",
    validate: no_check,
};

pub struct Loaded {
    pub settings: Settings,
    pub stats: DeadCenterStats,
    pub game: Option<DeadCenterState>,
    pub mr_stats: MurderersRowStats,
    pub mr_game: Option<MurderersRowGame>,
    pub sk_stats: SerialKillerStats,
    pub sk_game: Option<SerialKillerGame>,
    pub notices: Vec<Notice>,
}

fn now_ms() -> u64 {
    web_sys::js_sys::Date::now() as u64
}

fn no_check<T>(_: &T) -> Result<(), String> {
    Ok(())
}

/// The saved copy of `record`, if any; a copy that cannot be used is backed
/// up (see `storage::load`) and the problem returned.
fn load<T: FromJson>(record: &Record<T>) -> Result<Option<T>, storage::LoadProblem> {
    storage::load(
        &BrowserStore,
        record.key,
        record.what,
        now_ms(),
        record.validate,
    )
}

/// The saved copy of `record`, or `None` with the problem added to `notices`.
fn load_or_report<T: FromJson>(record: &Record<T>, notices: &mut Vec<Notice>) -> Option<T> {
    load(record).unwrap_or_else(|problem| {
        notices.push(Notice::new(Tone::Error, "load", problem.into_message()));
        None
    })
}

/// Loads settings, statistics and the games in progress. Whatever cannot be
/// loaded is backed up, reported, and replaced by a fresh start.
pub fn load_everything() -> Loaded {
    let mut notices = Vec::new();
    let settings = load_or_report(&SETTINGS, &mut notices).unwrap_or_default();
    let stats = load_or_report(&DEAD_CENTER_STATS, &mut notices).unwrap_or_default();
    let game = load_or_report(&DEAD_CENTER_GAME, &mut notices);
    let mr_stats = load_or_report(&MURDERERS_ROW_STATS, &mut notices).unwrap_or_default();
    let mr_game = load_or_report(&MURDERERS_ROW_GAME, &mut notices);
    let sk_stats = load_or_report(&SERIAL_KILLER_STATS, &mut notices).unwrap_or_default();
    let sk_game = load_or_report(&SERIAL_KILLER_GAME, &mut notices);
    Loaded {
        settings,
        stats,
        game,
        mr_stats,
        mr_game,
        sk_stats,
        sk_game,
        notices,
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
                format!("The browser's storage is full, so your {what} could not be saved. You can keep playing; free some space to save again."),
            ),
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
/// telling the player if the browser refuses.
pub fn save<T: ToJson + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<Option<T>>,
) {
    let result = signal.with_untracked(|value| match value {
        Some(value) => storage::save(&BrowserStore, record.key, record.what, value),
        None => {
            BrowserStore.remove(record.key);
            Ok(())
        }
    });
    report_save(ctx, result, record.what);
}

/// Saves a record that always has a value.
fn save_value<T: ToJson + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<T>,
) {
    let result =
        signal.with_untracked(|value| storage::save(&BrowserStore, record.key, record.what, value));
    report_save(ctx, result, record.what);
}

pub fn save_game(ctx: Ctx) {
    save(ctx, &DEAD_CENTER_GAME, ctx.game);
}

pub fn save_stats(ctx: Ctx) {
    save_value(ctx, &DEAD_CENTER_STATS, ctx.stats);
}

pub fn save_mr_game(ctx: Ctx) {
    save(ctx, &MURDERERS_ROW_GAME, ctx.mr_game);
}

pub fn save_mr_stats(ctx: Ctx) {
    save_value(ctx, &MURDERERS_ROW_STATS, ctx.mr_stats);
}

pub fn save_sk_game(ctx: Ctx) {
    save(ctx, &SERIAL_KILLER_GAME, ctx.sk_game);
}

pub fn save_sk_stats(ctx: Ctx) {
    save_value(ctx, &SERIAL_KILLER_STATS, ctx.sk_stats);
}

pub fn save_settings(ctx: Ctx) {
    save_value(ctx, &SETTINGS, ctx.settings);
}

/// Another tab wrote one of our records (the browser tells only the other tabs).
pub fn on_storage_event(ctx: Ctx, event: &web_sys::StorageEvent) {
    let Some(key) = event.key() else { return };
    // A game: take the other tab's at once, so that nothing this tab does
    // (even starting a new game) can overwrite moves made there.
    if key == DEAD_CENTER_GAME.key {
        reload(ctx, &DEAD_CENTER_GAME, ctx.game);
        ctx.changed_elsewhere.set(true);
    } else if key == MURDERERS_ROW_GAME.key {
        reload(ctx, &MURDERERS_ROW_GAME, ctx.mr_game);
        ctx.changed_elsewhere.set(true);
    } else if key == SERIAL_KILLER_GAME.key {
        reload(ctx, &SERIAL_KILLER_GAME, ctx.sk_game);
        ctx.changed_elsewhere.set(true);
    } else if key == SERIAL_KILLER_STATS.key {
        reload_value(&SERIAL_KILLER_STATS, ctx.sk_stats);
    } else if key == DEAD_CENTER_STATS.key {
        reload_value(&DEAD_CENTER_STATS, ctx.stats);
    } else if key == MURDERERS_ROW_STATS.key {
        reload_value(&MURDERERS_ROW_STATS, ctx.mr_stats);
    } else if key == SETTINGS.key {
        reload_value(&SETTINGS, ctx.settings);
    }
}

/// Takes a saved game as another tab left it.
fn reload<T: FromJson + Send + Sync + 'static>(
    ctx: Ctx,
    record: &Record<T>,
    signal: RwSignal<Option<T>>,
) {
    match load(record) {
        Ok(game) => signal.set(game),
        Err(problem) => {
            signal.set(None);
            notify(
                ctx,
                Notice::new(Tone::Error, "load", problem.into_message()),
            );
        }
    }
}

/// Takes statistics or settings as another tab left them (kept if unreadable).
fn reload_value<T: FromJson + Send + Sync + 'static>(record: &Record<T>, signal: RwSignal<T>) {
    if let Ok(Some(value)) = load(record) {
        signal.set(value);
    }
}

/// Puts the theme and motion preferences on the root element for the stylesheet.
pub fn apply_settings(settings: &Settings) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", settings.theme.attribute());
        let _ = root.set_attribute("data-motion", settings.motion.attribute());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::SeatPlan;
    use crate::storage::memory::MemoryStore;
    use engine::json;
    use engine::seats::{Level, SeatKind};

    /// Records as the first version of the app saved them (with serde_json),
    /// one `NAME=json` per line.
    const SAVED_V1: &str = include_str!("fixtures/records-v1.txt");

    fn saved_v1(name: &str) -> &'static str {
        SAVED_V1
            .lines()
            .find_map(|line| line.strip_prefix(name)?.strip_prefix('='))
            .expect("fixture present")
    }

    /// Reads the record and writes it back to the very same text.
    fn same_text<T: FromJson + ToJson>(name: &str) -> T {
        let text = saved_v1(name);
        let value: T = json::from_str(text).expect("an earlier save reads");
        assert_eq!(json::to_string(&value), text, "{name} written back");
        value
    }

    #[test]
    fn records_saved_by_the_first_version_load_and_save_unchanged() {
        let settings: Settings = same_text("SETTINGS");
        assert_eq!(settings.computer_pace, crate::seats::Pace::Fast);
        assert_eq!(
            settings.table_seats[1],
            SeatPlan {
                name: "Bé".into(),
                kind: SeatKind::Computer(Level::Strong)
            }
        );
        let stats: DeadCenterStats = same_text("DCSTATS");
        assert_eq!(stats.hard.best_score, Some(4));
        assert_eq!(stats.nightmare.assisted_wins, 1);
        let sk_stats: SerialKillerStats = same_text("SKSTATS");
        assert_eq!(sk_stats.wins["Ana"], 2);
        let mr: MurderersRowGame = same_text("MRGAME");
        assert_eq!(mr.state.history().len(), 3);
        assert_eq!(mr.validate(), Ok(()));
        let sk: SerialKillerGame = same_text("SKGAME");
        assert_eq!(sk.validate(), Ok(()));
        assert_eq!(sk.names.len(), 3);
    }

    #[test]
    fn older_settings_and_statistics_fill_in_what_they_lack() {
        // Saved before the table games existed.
        let settings: Settings = json::from_str(
            r#"{"theme":"Light","motion":"System","dead_center_variant":"Nightmare"}"#,
        )
        .unwrap();
        assert_eq!(settings.theme, crate::settings::Theme::Light);
        assert_eq!(settings.computer_pace, Settings::default().computer_pace);
        assert!(settings.table_seats.is_empty());
        let stats: DeadCenterStats = json::from_str("{}").unwrap();
        assert_eq!(stats, DeadCenterStats::default());
    }

    #[test]
    fn a_record_goes_through_the_store_in_its_envelope() {
        let store = MemoryStore::default();
        let text = saved_v1("SKSTATS");
        let stats: SerialKillerStats = json::from_str(text).unwrap();
        storage::save(
            &store,
            SERIAL_KILLER_STATS.key,
            SERIAL_KILLER_STATS.what,
            &stats,
        )
        .unwrap();
        assert_eq!(
            store.get(SERIAL_KILLER_STATS.key).unwrap().unwrap(),
            format!(
                r#"{{"app":"grave-matters","kind":"Serial Killer statistics","version":1,"data":{text}}}"#
            )
        );
        let loaded = storage::load(
            &store,
            SERIAL_KILLER_STATS.key,
            SERIAL_KILLER_STATS.what,
            0,
            no_check,
        );
        assert_eq!(loaded, Ok(Some(stats)));
    }
}
