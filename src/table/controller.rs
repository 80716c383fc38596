//! The one table controller: every game's table sends its actions here. An
//! action is applied by the engine; the events it returns go back to the
//! table (for its log, motion and sound); a finished game is counted once;
//! the game and, when it counted, the statistics are saved. This is the only
//! code that saves a game in progress or its statistics.

use crate::games::GameCtx;
use engine::Game;
use serde::{de::DeserializeOwned, Serialize};

/// A game's saved record: the engine's state and what the app keeps beside
/// it (names at the table, whether the result is counted...).
pub trait TableRecord: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    type Game: Game;
    type Stats: Default + Serialize + DeserializeOwned + Send + Sync + 'static;

    fn game(&self) -> &Self::Game;
    fn game_mut(&mut self) -> &mut Self::Game;

    /// Adds a finished game's result to `stats`, unless it is counted
    /// already; returns whether it was counted now.
    fn count(&mut self, stats: &mut Self::Stats) -> bool;

    /// What the app keeps beside the game that an accepted action changes
    /// (a notepad cleared when a round ends, say), from its events.
    fn after(&mut self, _events: &[Event<Self>]) {}
}

/// The events of a record's game.
pub type Event<R> = <<R as TableRecord>::Game as Game>::Event;
/// Why a record's game refused an action.
pub type Refusal<R> = <<R as TableRecord>::Game as Game>::Error;
/// A record's game's actions.
pub type Action<R> = <<R as TableRecord>::Game as Game>::Action;

/// Plays actions on the game in a game's context (see [`GameCtx`]).
pub struct Controller<R: TableRecord> {
    ctx: GameCtx<R, R::Stats>,
}

impl<R: TableRecord> Clone for Controller<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: TableRecord> Copy for Controller<R> {}

impl<R: TableRecord> Controller<R> {
    pub fn new(ctx: GameCtx<R, R::Stats>) -> Self {
        Controller { ctx }
    }

    /// Applies `action` to the game in progress: `None` when nothing can be
    /// played now (no game, or another tab's change waits to be
    /// acknowledged), else the events or the engine's refusal. A refusal
    /// changes nothing; an accepted action is saved before this returns.
    pub fn act(self, action: Action<R>) -> Option<Result<Vec<Event<R>>, Refusal<R>>> {
        let ctx = self.ctx;
        if ctx.changed_elsewhere.get_untracked() {
            return None;
        }
        let mut record = ctx.game.get_untracked()?;
        let events = match record.game_mut().apply(action) {
            Ok(events) => events,
            Err(refusal) => {
                crate::ui::refused();
                return Some(Err(refusal));
            }
        };
        record.after(&events);
        let mut stats = ctx.stats.get_untracked();
        if record.count(&mut stats) {
            ctx.stats.set(stats);
            ctx.save_stats();
        }
        crate::ui::accepted();
        ctx.game.set(Some(record));
        ctx.save_game();
        Some(Ok(events))
    }

    /// Replaces the game in progress (a new game) and saves it.
    pub fn start(self, record: R) {
        self.ctx.game.set(Some(record));
        self.ctx.save_game();
    }
}
