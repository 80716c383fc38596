//! The one table controller every game's table uses: an action goes to the
//! engine, the events it returns go to the game's record (its log) and back
//! to the table (its messages and motion), the result is counted once, and
//! the game is saved. This is the only code that saves a game or its
//! statistics.

use crate::records::{GameCtx, InProgress};
use crate::replay::recent::{self, RecentGame};
use crate::session;
use crate::summary;
use engine::Game;
use leptos::prelude::*;
use serde::{de::DeserializeOwned, Serialize};

/// A game as the app keeps it: the engine's state, and what the app saves
/// beside it (the names at the table, a log, whether it was counted).
pub trait TableRecord:
    InProgress + Clone + Serialize + DeserializeOwned + Send + Sync + 'static
{
    type State: Game;
    type Stats: Serialize + DeserializeOwned + Default + Send + Sync + 'static;

    fn state(&self) -> &Self::State;
    fn state_mut(&mut self) -> &mut Self::State;

    /// What the app keeps beside the state follows what happened (a log
    /// grows). Called after every accepted action.
    fn follow(&mut self, _events: &[Event<Self>]) {}

    /// Counts the game's result into `stats` if these events finished it
    /// and it is not counted yet (remembering that it now is). Says whether
    /// `stats` changed.
    fn count(&mut self, events: &[Event<Self>], stats: &mut Self::Stats) -> bool;

    /// Counts a begun, unfinished game that a new one replaces (a loss in
    /// the solitaire games). Says whether `stats` changed.
    fn count_left(&mut self, _stats: &mut Self::Stats) -> bool {
        false
    }

    /// Whether the action that took the game from `before` to `self`, with
    /// these events, may be taken back by the app (see
    /// [`Table::take_back`]). The solitaire games have their own undo in
    /// the engine; the multiplayer games answer with
    /// [`person_may_take_back`](super::seated::person_may_take_back).
    fn may_take_back(&self, _before: &Self, _events: &[Event<Self>]) -> bool {
        false
    }
    /// Keeps `action`, just applied, among the game's moves (what a replay
    /// is made from), for a game whose engine does not keep its history.
    fn keep_move(&mut self, _action: &Action<Self>) {}
    /// The finished game's entry for the recent games, with its replay
    /// (`crate::replay::recent_entry`); `None` for a game that does not
    /// keep its moves whole.
    fn recent(&self, _game: &'static str) -> Option<RecentGame> {
        None
    }
}

/// The events of a record's game.
pub type Event<R> = <<R as TableRecord>::State as Game>::Event;
/// The actions of a record's game.
pub type Action<R> = <<R as TableRecord>::State as Game>::Action;
/// Why a record's game refuses an action.
pub type Refusal<R> = <<R as TableRecord>::State as Game>::Error;

/// A table's handle on its game: `Copy`, like the signals it holds.
pub struct Table<R: TableRecord> {
    pub ctx: GameCtx<R, R::Stats>,
}

impl<R: TableRecord> Clone for Table<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: TableRecord> Copy for Table<R> {}

impl<R: TableRecord> Table<R> {
    pub fn new(ctx: GameCtx<R, R::Stats>) -> Self {
        Table { ctx }
    }

    /// The game on the table, tracked: `f` of it, or `T`'s default when
    /// there is none.
    pub fn read<T: Default>(self, f: impl FnOnce(&R) -> T) -> T {
        self.ctx
            .game
            .with(|g| g.as_ref().map(f).unwrap_or_default())
    }

    /// Sends `action` to the engine. Accepted: the record follows the
    /// events, the result is counted once, the game is saved, and the
    /// events are returned for the table's messages and motion. Refused:
    /// nothing changes and the engine's reason is returned. `None` when
    /// there is no game, or another tab's change waits to be acknowledged
    /// (its dialog must be answered first).
    pub fn act(self, action: Action<R>) -> Option<Result<Vec<Event<R>>, Refusal<R>>> {
        self.act_marking(action, |_| {})
    }

    /// As [`act`](Self::act), with `mark` given the events before the
    /// motion notes the page (`crate::ui::accepted`): to mark the cards an
    /// action kills, say, so that they fall rather than vanish.
    pub fn act_marking(
        self,
        action: Action<R>,
        mark: impl FnOnce(&[Event<R>]),
    ) -> Option<Result<Vec<Event<R>>, Refusal<R>>> {
        let result = self.apply(action)?;
        match &result {
            Ok(events) => {
                mark(events);
                crate::ui::accepted();
            }
            Err(_) => crate::ui::refused(),
        }
        Some(result)
    }

    /// As [`act`](Self::act), for an action the player did not make on the
    /// table (asking for a hint): no sound, no motion.
    pub fn act_quietly(self, action: Action<R>) -> Option<Result<Vec<Event<R>>, Refusal<R>>> {
        self.apply(action)
    }

    fn apply(self, action: Action<R>) -> Option<Result<Vec<Event<R>>, Refusal<R>>> {
        if self.ctx.changed_elsewhere.get_untracked() || self.ctx.read_only {
            return None;
        }
        let before = self.ctx.game.get_untracked()?;
        let mut game = before.clone();
        let events = match game.state_mut().apply(action.clone()) {
            Ok(events) => events,
            Err(refusal) => return Some(Err(refusal)),
        };
        game.keep_move(&action);
        game.follow(&events);
        let finished = !before.state().is_over() && game.state().is_over();
        let undoable = game.may_take_back(&before, &events);
        self.ctx.before_last.set(undoable.then_some(before));
        let mut counted = false;
        self.ctx
            .stats
            .update(|stats| counted = game.count(&events, stats));
        if counted {
            self.save_stats();
        }
        let entry = finished.then(|| game.recent(self.ctx.records.id)).flatten();
        self.ctx.game.set(Some(game));
        self.save_game();
        if let Some(entry) = entry {
            recent::add(self.ctx.app, entry);
        }
        Some(Ok(events))
    }

    /// Puts `game` on the table in place of the one there, which is
    /// counted first if it was begun and left unfinished.
    pub fn start(self, game: R) {
        if self.ctx.read_only {
            return;
        }
        if let Some(mut left) = self.ctx.game.get_untracked() {
            let mut counted = false;
            self.ctx
                .stats
                .update(|stats| counted = left.count_left(stats));
            if counted {
                self.save_stats();
            }
        }
        self.ctx.before_last.set(None);
        self.ctx.game.set(Some(game));
        self.save_game();
    }

    /// Whether the last action may be taken back now (tracked).
    pub fn can_take_back(self) -> bool {
        self.ctx.before_last.with(Option::is_some)
    }

    /// Takes back the last action (see [`TableRecord::may_take_back`]): the
    /// game as it was before it, saved. Nothing when it may not be.
    pub fn take_back(self) {
        if self.ctx.changed_elsewhere.get_untracked() || self.ctx.read_only {
            return;
        }
        let Some(before) = self.ctx.before_last.get_untracked() else {
            return;
        };
        self.ctx.before_last.set(None);
        crate::ui::accepted();
        self.ctx.game.set(Some(before));
        self.save_game();
    }

    /// Changes what the app keeps beside the game's state (which case
    /// result the players have seen, say; who plays a seat) and saves it.
    /// The game itself moves only by [`act`](Self::act).
    pub fn note(self, change: impl FnOnce(&mut R)) {
        if self.ctx.read_only || self.ctx.game.with_untracked(Option::is_none) {
            return;
        }
        self.ctx.game.update(|g| {
            if let Some(game) = g.as_mut() {
                change(game);
            }
        });
        self.save_game();
    }

    /// Sets the statistics back to zero and saves them.
    pub fn reset_stats(self) {
        if self.ctx.read_only {
            return;
        }
        self.ctx.stats.set(R::Stats::default());
        self.save_stats();
    }

    fn save_game(self) {
        // Home's summary follows what is saved only: not a game another
        // version keeps, which this one must leave alone.
        if !session::save(self.ctx.app, &self.ctx.records.game, self.ctx.game) {
            return;
        }
        let in_progress = self
            .ctx
            .game
            .with_untracked(|g| g.as_ref().and_then(R::in_progress));
        let records = self.ctx.records;
        summary::publish(self.ctx.app, records.id, records.game.key, in_progress);
    }

    /// A game was counted, so the player cares about what is kept: the
    /// browser is asked to keep it for good.
    fn save_stats(self) {
        crate::durable::ask_to_keep();
        session::save_value(self.ctx.app, &self.ctx.records.stats, self.ctx.stats);
    }
}
