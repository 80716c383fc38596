//! The one table controller every game's table uses: an action goes to the
//! engine, the events it returns go to the game's record (its log) and back
//! to the table (its messages and motion), the result is counted once, and
//! the game is saved. This is the only code that saves a game or its
//! statistics.

use crate::records::{GameCtx, InProgress};
use crate::replay::recent::{self, RecentGame};
use crate::session;
use crate::summary;
use engine::seats::{Level, Seat};
use engine::{Game, Multiplayer};
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
    /// the engine; the multiplayer games answer with [`person_may_take_back`].
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

/// The multiplayer games' fair take-back: a person may take back their own
/// last action while it revealed nothing new (`quiet`: no card drawn or
/// turned, no die, no answer), the game goes on, and it is still their turn
/// (so no other seat has acted since, and the device has not been passed).
pub fn person_may_take_back<R: SeatedRecord>(before: &R, after: &R, quiet: bool) -> bool
where
    R::State: Multiplayer,
{
    let Some(actor) = before.state().to_act() else {
        return false;
    };
    quiet
        && before.computer(actor).is_none()
        && !after.state().is_over()
        && after.state().to_act() == Some(actor)
}

/// The events of a record's game.
pub type Event<R> = <<R as TableRecord>::State as Game>::Event;
/// The actions of a record's game.
pub type Action<R> = <<R as TableRecord>::State as Game>::Action;
/// Why a record's game refuses an action.
pub type Refusal<R> = <<R as TableRecord>::State as Game>::Error;

/// A game with seats, some of which the computer may play.
pub trait SeatedRecord: TableRecord
where
    Self::State: Multiplayer,
{
    /// The level `seat` is played at, if the computer plays it.
    fn computer(&self, seat: Seat) -> Option<Level>;

    /// A new game at the same table: the same seats, names and settings,
    /// a new deal from `seed` ("Play again" at the end).
    fn rematch(&self, seed: u64) -> Option<Self>;

    /// Whether a person is among the winners (the end dialog celebrates).
    fn a_person_won(&self) -> bool {
        let winners = self.state().winners();
        winners.iter().any(|&seat| self.computer(seat).is_none())
    }

    /// The computer seat that must act now, with its level.
    fn computer_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.state().to_act()?;
        Some((seat, self.computer(seat)?))
    }
}

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

impl<R: SeatedRecord> Table<R>
where
    R::State: Multiplayer,
{
    /// Starts a new game at the same table (same seats and settings, a new
    /// deal): "Play again". Nothing happens without a game to repeat.
    pub fn play_again(self) {
        let seed = crate::ui::deal::random_seed();
        let next = self
            .ctx
            .game
            .with_untracked(|g| g.as_ref().and_then(|g| g.rematch(seed)));
        if let Some(next) = next {
            self.start(next);
        }
    }

    /// The computer seat that must act now, with its level (tracked).
    pub fn computer_to_act(self) -> Option<(Seat, Level)> {
        self.ctx
            .game
            .with(|g| g.as_ref().and_then(SeatedRecord::computer_to_act))
    }

    /// Plays the computer seats at the chosen pace (see
    /// [`super::seats::play_computers`]), each deciding from its own view
    /// with the seed the game keeps, while `ready` (read reactively) allows
    /// (the players may first have to go on from a round's end, say).
    /// `then` shows what the computer's action did.
    pub fn play_computers(
        self,
        ready: impl Fn() -> bool + 'static,
        then: impl Fn(Result<Vec<Event<R>>, Refusal<R>>) + Clone + 'static,
    ) {
        self.play_computers_with(ready, move |seat, level| {
            if let Some(result) = self
                .computer_action(seat, level)
                .and_then(|action| self.act(action))
            {
                then(result);
            }
        });
    }

    /// As [`play_computers`](Self::play_computers), the game taking each
    /// computer turn itself (`turn`, given the seat and its level): for a
    /// game whose computer players are a chunk of their own, or think in
    /// slices. Nothing here names the engine's players, so they are not
    /// linked where the game does not.
    pub fn play_computers_with(
        self,
        ready: impl Fn() -> bool + 'static,
        turn: impl Fn(Seat, Level) + Clone + 'static,
    ) {
        super::seats::play_computers(
            self.ctx.app,
            // While a seat on another device is away the table waits; a
            // replay's computers have played already.
            move || {
                !self.ctx.read_only
                    && ready()
                    && !self.ctx.remote_away.get()
                    && self.computer_to_act().is_some()
            },
            move || {
                let due = self
                    .ctx
                    .game
                    .with_untracked(|g| g.as_ref().and_then(SeatedRecord::computer_to_act));
                if let Some((seat, level)) = due {
                    turn(seat, level);
                }
            },
        );
    }

    /// What the computer at `seat` plays now, from that seat's view alone.
    pub fn computer_action(self, seat: Seat, level: Level) -> Option<Action<R>> {
        self.ctx.game.with_untracked(|g| {
            let state = g.as_ref()?.state();
            Some(R::State::bot_action(
                &state.view(seat),
                level,
                state.bot_seed(),
            ))
        })
    }
}
