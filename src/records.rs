//! A game's records in the app: the game in progress and its statistics
//! ([`GameCtx`], provided as context by the game), and its own preferences
//! ([`Prefs`]). Loading goes through `session`; a game and its statistics
//! are saved by the table controller (`table::controller`) alone.

use crate::route::Route;
use crate::session::{self, Record};
use crate::shell::{Ctx, Notice};
use crate::summary;
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

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

/// A saved game as Home's summary of it tells (`summary`).
pub trait InProgress {
    /// While the game is in progress: where it is and a line about it,
    /// for Home's "Continue".
    fn in_progress(&self) -> Option<(Route, String)>;
}

/// The records a game keeps: the game in progress and its statistics.
pub struct Records<G: 'static, S: 'static> {
    /// The game's id, which names its summary for Home (`summary`).
    pub id: &'static str,
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
    /// Where they are kept: only the table controller (`table::controller`)
    /// saves them.
    pub records: &'static Records<G, S>,
    /// The game as it was before the last action, while the person who
    /// made it may still take it back (`Table::take_back`); not saved.
    pub before_last: RwSignal<Option<G>>,
    /// A seat played on another device is not connected: the computer
    /// seats wait (`remote::host` sets it).
    pub remote_away: RwSignal<bool>,
    /// A replay (`crate::replay`): the table draws a step of a finished
    /// game, and the controller changes nothing and saves nothing.
    pub read_only: bool,
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
    G: InProgress + DeserializeOwned + Serialize + Send + Sync + 'static,
    S: DeserializeOwned + Serialize + Default + Send + Sync + 'static,
{
    /// Loads the records (what cannot be loaded goes to `notices`),
    /// provides the context and writes the game's summary for Home (which
    /// a version before summaries did not write).
    pub fn provide(app: Ctx, records: &'static Records<G, S>, notices: &mut Vec<Notice>) {
        let stats = session::load_or_report(&records.stats, notices).unwrap_or_default();
        let game = session::load_or_report(&records.game, notices);
        summary::publish(
            app,
            records.id,
            records.game.key,
            game.as_ref().and_then(G::in_progress),
        );
        provide_context(GameCtx {
            app,
            game: RwSignal::new(game),
            stats: RwSignal::new(stats),
            records,
            before_last: RwSignal::new(None),
            remote_away: RwSignal::new(false),
            read_only: false,
        });
    }

    /// Another tab wrote the record under `key`: takes it if it is ours.
    pub fn take_from_other_tab(self, key: &str) {
        session::take_game_from_other_tab(self.app, key, &self.records.game, self.game);
        // What another tab did cannot be taken back here.
        self.before_last.set(None);
        session::take_value_from_other_tab(key, &self.records.stats, self.stats);
    }
}
