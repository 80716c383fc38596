//! The games, and the one list of them the shell reads. Each game is a
//! folder here holding everything it has in the app (table, new-game screen,
//! rules page, statistics and saved records) and one [`GameModule`] value;
//! the shell (routing, session, Home, Settings, Statistics) knows games only
//! through [`GAMES`]. Adding a game: its folder and one line in `GAMES`.
//!
//! A game's screens ([`GamePages`]: table, new-game screen, rules, its
//! statistics panel) are split into a WebAssembly chunk of their own, loaded
//! the first time one is shown (see [`lazy`] and tools/split-wasm.mjs): the
//! first load is the shell and what the first screen needs.

pub mod dead_center;
pub mod detective_graves;
pub mod joker;
pub mod lazy;
pub mod murderers_row;
pub mod serial_killer;
#[cfg(test)]
mod todays_saves;

use crate::app::Ctx;
use crate::route::{Deal, Page, Route};
use crate::session::{self, Notice, Record};
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

/// Every game, in the order Home lists them.
pub static GAMES: [&dyn GameModule; 5] = [
    &dead_center::DeadCenter,
    &murderers_row::MurderersRow,
    &serial_killer::SerialKiller,
    &joker::Joker,
    &detective_graves::DetectiveGraves,
];

/// The game whose addresses start with `#/<id>`.
pub fn find(id: &str) -> Option<&'static dyn GameModule> {
    GAMES.iter().copied().find(|game| game.id() == id)
}

/// What a game provides to the shell. Trait objects, so that the shell's
/// code exists once however many games there are. The methods that use the
/// game's records run inside the app's reactive tree (the shell sees to it),
/// where the game finds its own context; `provide`, the deal addresses and
/// `answer_in_worker` need none.
pub trait GameModule: Sync {
    /// The first part of the game's addresses, `#/<id>/…`.
    fn id(&self) -> &'static str;
    /// The game's name as players know it.
    fn name(&self) -> &'static str;
    /// One line for its Home entry.
    fn blurb(&self) -> &'static str;
    /// Its emblem on Home: an SVG path, 48 × 48 units, drawn by us.
    fn emblem(&self) -> &'static str;
    /// Loads the game's saved records and provides its context (see
    /// [`GameCtx`]); what cannot be loaded is added to `notices`.
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>);
    /// Reads a deal address `#/<id>/<path>`: `None` if the game has no deal
    /// addresses, else the deal or what is wrong with the address.
    fn parse_deal(&self, _path: &[&str]) -> Option<Result<Deal, String>> {
        None
    }
    /// The path of `deal` after `#/<id>/` (the inverse of `parse_deal`).
    fn deal_path(&self, _deal: Deal) -> String {
        String::new()
    }
    /// Its screens, from its own WebAssembly chunk: the first call loads
    /// the chunk (later calls are ready at once). The shell shows them
    /// through [`lazy::pages`], which says when the chunk cannot be loaded.
    fn pages(&self) -> LoadPages;
    /// Where the game in progress is and a line about it, for "Continue"
    /// (reactive: read inside a closure).
    fn in_progress(&self) -> Option<(Route, String)>;
    /// Sets its statistics back to zero and saves them.
    fn reset_stats(&self);
    /// Its own choices on the Settings screen, if it has any.
    fn settings_panel(&self) -> Option<AnyView> {
        None
    }
    /// Another tab wrote the record under `key`: takes it if it is the game's.
    fn on_storage(&self, key: &str);
    /// In the app's web worker (see `worker`): answers one of the game's
    /// own requests, for games that compute there, by giving `send` each
    /// message for the page (progress of a long answer, then the answer).
    fn answer_in_worker(&self, _request: &str, _send: &mut dyn FnMut(String)) {}
}

/// A game's screens: the code that is split into the game's own chunk.
/// Each game declares one function that returns its `GamePages`, marked
/// `#[wasm_split(<game>, fallible)]`: everything only that function reaches
/// goes into the chunk.
pub trait GamePages: Sync {
    /// The screen for one of its pages.
    fn page(&self, page: Page) -> AnyView;
    /// Its part of the statistics screen.
    fn stats_panel(&self) -> AnyView;
}

/// A game's chunk could not be loaded (offline and not yet cached, say);
/// the browser console has the details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkError;

impl From<wasm_split_helpers::SplitLoaderError> for ChunkError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        ChunkError
    }
}

/// What [`GameModule::pages`] returns: the game's screens once its chunk is
/// loaded.
pub type LoadPages = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<&'static dyn GamePages, ChunkError>>>,
>;

/// The route of a page of the game `id`.
pub fn route(id: &'static str, page: Page) -> Route {
    Route::Game { game: id, page }
}

/// Loads every game's records and provides their contexts.
pub fn provide_all(app: Ctx, notices: &mut Vec<Notice>) {
    for game in GAMES {
        game.provide(app, notices);
    }
}

/// A game's own preferences (its preferred variant, say), in a record of
/// its own, provided as context by the games that have some.
pub struct Prefs<P: 'static> {
    app: Ctx,
    pub value: RwSignal<P>,
    record: &'static Record<P>,
}

impl<P> Clone for Prefs<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Prefs<P> {}

impl<P> Prefs<P>
where
    P: DeserializeOwned + Serialize + Default + Send + Sync + 'static,
{
    /// Loads them (problems go to `notices`) and provides them. Earlier
    /// versions kept games' preferences in the settings record: a game with
    /// no record of its own yet takes them from there, once, so `P`'s fields
    /// keep the names they had there.
    pub fn provide(app: Ctx, record: &'static Record<P>, notices: &mut Vec<Notice>) {
        let own = session::load_or_report(record, notices);
        let first_time = own.is_none();
        let value = own.or_else(session::preferences_in_settings);
        let prefs = Prefs {
            app,
            value: RwSignal::new(value.unwrap_or_default()),
            record,
        };
        if first_time {
            prefs.save();
        }
        provide_context(prefs);
    }

    /// Changes them and saves them.
    pub fn update(self, change: impl FnOnce(&mut P)) {
        self.value.update(change);
        self.save();
    }

    fn save(self) {
        session::save_value(self.app, self.record, self.value);
    }

    /// Another tab wrote the record under `key`: takes it if it is ours.
    pub fn take_from_other_tab(self, key: &str) {
        session::take_value_from_other_tab(key, self.record, self.value);
    }
}

/// The records a game keeps: the game in progress and its statistics.
pub struct Records<G: 'static, S: 'static> {
    pub game: Record<G>,
    pub stats: Record<S>,
}

/// A game's own context, provided by its [`GameModule::provide`]: the app's
/// context (reached through `Deref`), and the game's records as last saved.
pub struct GameCtx<G: 'static, S: 'static> {
    pub app: Ctx,
    /// The game in progress or just finished.
    pub game: RwSignal<Option<G>>,
    pub stats: RwSignal<S>,
    records: &'static Records<G, S>,
}

impl<G, S> Clone for GameCtx<G, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G, S> Copy for GameCtx<G, S> {}

impl<G, S> std::ops::Deref for GameCtx<G, S> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        &self.app
    }
}

impl<G, S> GameCtx<G, S>
where
    G: DeserializeOwned + Serialize + Send + Sync + 'static,
    S: DeserializeOwned + Serialize + Default + Send + Sync + 'static,
{
    /// Loads the records (what cannot be loaded goes to `notices`) and
    /// provides the context.
    pub fn provide(app: Ctx, records: &'static Records<G, S>, notices: &mut Vec<Notice>) {
        let stats = session::load_or_report(&records.stats, notices).unwrap_or_default();
        let game = session::load_or_report(&records.game, notices);
        provide_context(GameCtx {
            app,
            game: RwSignal::new(game),
            stats: RwSignal::new(stats),
            records,
        });
    }

    pub fn save_game(self) {
        session::save(self.app, &self.records.game, self.game);
    }

    /// Saves the statistics: a game was counted, so the player cares about
    /// what is kept, and the browser is asked to keep it for good.
    pub fn save_stats(self) {
        crate::durable::ask_to_keep();
        session::save_value(self.app, &self.records.stats, self.stats);
    }

    pub fn reset_stats(self) {
        self.stats.set(S::default());
        self.save_stats();
    }

    /// Another tab wrote the record under `key`: takes it if it is ours.
    pub fn take_from_other_tab(self, key: &str) {
        session::take_game_from_other_tab(self.app, key, &self.records.game, self.game);
        session::take_value_from_other_tab(key, &self.records.stats, self.stats);
    }
}
