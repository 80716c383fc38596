//! Persistence in one place: what is loaded at start, what is saved after each
//! change, and what happens when another tab writes the same records.

use crate::app::Ctx;
use crate::settings::Settings;
use crate::stats::DeadCenterStats;
use crate::storage::{self, BrowserStore, Store as _, StoreError};
use engine::dead_center::State;
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

pub struct Loaded {
    pub settings: Settings,
    pub stats: DeadCenterStats,
    pub game: Option<State>,
    pub notices: Vec<Notice>,
}

fn now_ms() -> u64 {
    web_sys::js_sys::Date::now() as u64
}

fn no_check<T>(_: &T) -> Result<(), String> {
    Ok(())
}

/// Loads settings, statistics and the game in progress. Whatever cannot be
/// loaded is backed up, reported, and replaced by a fresh start.
pub fn load_everything() -> Loaded {
    let mut notices = Vec::new();
    let mut report = |problem: storage::LoadProblem| {
        notices.push(Notice::new(Tone::Error, "load", problem.message));
    };
    let now = now_ms();
    let settings = storage::load(&BrowserStore, storage::SETTINGS, "settings", now, no_check)
        .unwrap_or_else(|p| {
            report(p);
            None
        })
        .unwrap_or_default();
    let stats = storage::load(
        &BrowserStore,
        storage::STATS_DEAD_CENTER,
        "statistics",
        now,
        no_check,
    )
    .unwrap_or_else(|p| {
        report(p);
        None
    })
    .unwrap_or_default();
    let game = load_game().unwrap_or_else(|p| {
        report(p);
        None
    });
    Loaded {
        settings,
        stats,
        game,
        notices,
    }
}

fn load_game() -> Result<Option<State>, storage::LoadProblem> {
    storage::load(
        &BrowserStore,
        storage::SAVE_DEAD_CENTER,
        "Dead Center game",
        now_ms(),
        State::validate,
    )
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

pub fn save_game(ctx: Ctx) {
    let result = ctx.game.with_untracked(|game| match game {
        Some(state) => storage::save(
            &BrowserStore,
            storage::SAVE_DEAD_CENTER,
            "Dead Center game",
            state,
        ),
        None => {
            BrowserStore.remove(storage::SAVE_DEAD_CENTER);
            Ok(())
        }
    });
    report_save(ctx, result, "game");
}

pub fn save_stats(ctx: Ctx) {
    let result = ctx.stats.with_untracked(|stats| {
        storage::save(
            &BrowserStore,
            storage::STATS_DEAD_CENTER,
            "statistics",
            stats,
        )
    });
    report_save(ctx, result, "statistics");
}

pub fn save_settings(ctx: Ctx) {
    let result = ctx
        .settings
        .with_untracked(|s| storage::save(&BrowserStore, storage::SETTINGS, "settings", s));
    report_save(ctx, result, "settings");
}

/// Another tab wrote one of our records (the browser tells only the other tabs).
pub fn on_storage_event(ctx: Ctx, event: &web_sys::StorageEvent) {
    match event.key().as_deref() {
        // Take the other tab's game at once, so that nothing this tab does
        // (even starting a new game) can overwrite moves made there.
        Some(storage::SAVE_DEAD_CENTER) => {
            reload_game(ctx);
            ctx.changed_elsewhere.set(true);
        }
        Some(storage::STATS_DEAD_CENTER) => {
            if let Ok(Some(stats)) = storage::load(
                &BrowserStore,
                storage::STATS_DEAD_CENTER,
                "statistics",
                now_ms(),
                no_check,
            ) {
                ctx.stats.set(stats);
            }
        }
        Some(storage::SETTINGS) => {
            if let Ok(Some(settings)) = storage::load(
                &BrowserStore,
                storage::SETTINGS,
                "settings",
                now_ms(),
                no_check,
            ) {
                ctx.settings.set(settings);
            }
        }
        _ => {}
    }
}

/// Takes the saved game as another tab left it.
fn reload_game(ctx: Ctx) {
    match load_game() {
        Ok(game) => ctx.game.set(game),
        Err(problem) => {
            ctx.game.set(None);
            notify(ctx, Notice::new(Tone::Error, "load", problem.message));
        }
    }
}

/// Puts the theme and motion preferences on the root element for the stylesheet.
pub fn apply_settings(settings: &Settings) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-theme", settings.theme.attribute());
        let _ = root.set_attribute("data-motion", settings.motion.attribute());
    }
}
