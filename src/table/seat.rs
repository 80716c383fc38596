//! One seat's feed: what a seat of a multiplayer game is shown and how it
//! acts, made the same way wherever the game is kept: this device's game
//! ([`SeatFeed::here`]: at one device, or the host's of a game across
//! devices), another device's (a guest's: `remote::guest::Guest::feed`),
//! or a step of a finished game ([`SeatFeed::replayed`]). A multiplayer
//! table reads only its feed, so that every feature of it is written once;
//! the hand-over screens, the computers' turns and the invitations stay in
//! the frame above it, which knows where the game is kept.
//!
//! Outcomes come back one way too: an accepted action shows as the seat's
//! next [`Shown`] (its new events at the end of `events`), a refused one
//! as the reason in `refusal`. Here that happens before `send` returns; on
//! a guest, when the host answers.

use super::controller::{Action, Event, Table, TableRecord};
use crate::remote::host::RemoteRecord;
use crate::replay::Replayable;
use engine::seats::Seat;
use engine::{Game, Multiplayer};
use leptos::prelude::*;

/// What one seat may know of a record's game.
pub type View<R> = <<R as TableRecord>::State as Multiplayer>::SeatView;
/// What a seat of a record's game is shown.
pub type ShownOf<R> = Shown<View<R>, Event<R>>;

/// What a seat is shown of the game: the same whether it was read here,
/// sent by the host or replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown<V, E> {
    /// The table's version, new with every change of the game: a guest's
    /// actions name the version they were chosen at.
    pub version: u32,
    pub names: Vec<String>,
    pub view: V,
    /// The game's events as this seat learnt them, oldest first.
    pub events: Vec<E>,
}

/// What the device that keeps the game offers at its end (a guest's and a
/// replay's feed offer neither).
pub struct Ending {
    /// Starts a new game at the same table ("Play again").
    pub play_again: Callback<()>,
    /// The finished game's replay address, if it keeps its moves whole.
    pub replay: Option<String>,
}

/// One seat's feed. `K` is what the seat keeps of its own beside the game
/// (Joker's notepad, the Detective Graves results gone past), made by the
/// game for each kind of feed.
pub struct SeatFeed<R: TableRecord, K: 'static = ()>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
{
    /// What the seat is shown (tracked); `None` while there is no game (a
    /// guest before the host's first table). A memo, not a `Signal`: a
    /// `Signal` of a game's own type would build its reading code for every
    /// kind of signal, once per game.
    pub shown: Memo<Option<ShownOf<R>>>,
    /// Whether a person at this device plays the seat (tracked): a guest's
    /// own seat; here, a person's seat not played on another device; never
    /// a replay's.
    pub plays_here: Signal<bool>,
    /// Why the last actions sent were refused, until the next are sent.
    pub refusal: RwSignal<Option<String>>,
    pub kept: K,
    /// The game this device keeps, for what only its keeper offers
    /// (take-back, another tab's change, the seats elsewhere, the end's
    /// choices): read through the methods below, asked when needed rather
    /// than derived into signals up front. `None` on a guest and in a
    /// replay.
    keeper: Option<Table<R>>,
    /// Plays the seat's actions, all or none, in order; quietly (no sound,
    /// no motion) when the flag says so.
    send: Callback<(Vec<Action<R>>, bool)>,
}

impl<R: TableRecord, K: Copy + 'static> Clone for SeatFeed<R, K>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: TableRecord, K: Copy + 'static> Copy for SeatFeed<R, K>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
{
}

impl<R: TableRecord, K: Copy + 'static> SeatFeed<R, K>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
{
    /// A feed of the given parts (a guest's, say).
    pub fn new(
        shown: Memo<Option<ShownOf<R>>>,
        plays_here: Signal<bool>,
        send: Callback<(Vec<Action<R>>, bool)>,
        refusal: RwSignal<Option<String>>,
        kept: K,
    ) -> Self {
        SeatFeed {
            shown,
            plays_here,
            refusal,
            kept,
            keeper: None,
            send,
        }
    }

    /// Reads what the seat is shown (tracked); `T`'s default while there
    /// is no game.
    pub fn read<T: Default>(self, read: impl FnOnce(&ShownOf<R>) -> T) -> T {
        self.shown
            .with(|shown| shown.as_ref().map(read))
            .unwrap_or_default()
    }

    /// As [`read`](Self::read), untracked.
    pub fn read_untracked<T: Default>(self, read: impl FnOnce(&ShownOf<R>) -> T) -> T {
        self.shown
            .with_untracked(|shown| shown.as_ref().map(read))
            .unwrap_or_default()
    }

    /// Plays the seat's `actions` (all or none, in order), forgetting the
    /// last refusal: one that comes now is about these.
    pub fn send(self, actions: Vec<Action<R>>) {
        self.refusal.set(None);
        self.send.run((actions, false));
    }

    /// As [`send`](Self::send), for actions that follow one the player
    /// made and heard (a run of draws): no sound, no motion.
    pub fn send_quietly(self, actions: Vec<Action<R>>) {
        self.refusal.set(None);
        self.send.run((actions, true));
    }

    /// Shows each refusal as it comes (`show`, given the reason), with the
    /// refused sound and the pressed control's shake.
    pub fn on_refusal(self, show: impl Fn(String) + 'static) {
        crate::ui::effect(move || {
            if let Some(why) = self.refusal.get() {
                crate::ui::refused();
                show(why);
            }
        });
    }

    /// Runs `then` with the events each new table adds to the seat's log
    /// (a person's action or a computer's, here or on another device; the
    /// first table shown adds none). A shorter log is another game, or an
    /// action taken back: nothing new. `then` runs after the table is read,
    /// so that it may play on.
    pub fn on_new_events(self, then: impl Fn(&[Event<R>]) + 'static)
    where
        Event<R>: Clone,
    {
        // The log's length at the last table read.
        let mut seen = None;
        crate::ui::effect(move || {
            let (len, new) = self.shown.with(|shown| {
                let Some(shown) = shown.as_ref() else {
                    return (None, Vec::new());
                };
                let from = seen.unwrap_or(shown.events.len());
                let new = shown.events.get(from..).unwrap_or_default().to_vec();
                (Some(shown.events.len()), new)
            });
            seen = len;
            if !new.is_empty() {
                then(&new);
            }
        });
    }

    /// Whether this device keeps the game (not a guest's, not a replay).
    pub fn kept_here(self) -> bool {
        self.keeper.is_some()
    }

    /// Reads the record this device keeps of the game (tracked), for what
    /// only its keeper has; `T`'s default on a guest and in a replay.
    pub fn read_kept<T: Default>(self, read: impl FnOnce(&R) -> T) -> T {
        self.keeper
            .map(|table| table.read(read))
            .unwrap_or_default()
    }
}

impl<R: RemoteRecord + Replayable, K: Copy + 'static> SeatFeed<R, K>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
    View<R>: Clone,
{
    /// Whether the last action may be taken back (tracked): only where the
    /// game is kept.
    pub fn can_take_back(self) -> bool {
        self.keeper.is_some_and(|table| table.can_take_back())
    }

    pub fn take_back(self) {
        if let Some(table) = self.keeper {
            self.refusal.set(None);
            table.take_back();
        }
    }

    /// Whether another tab's change waits to be answered (untracked).
    pub fn changed_elsewhere(self) -> bool {
        self.keeper
            .is_some_and(|table| table.ctx.changed_elsewhere.get_untracked())
    }

    /// The seats played on other devices, as the device that keeps the
    /// game knows them (tracked); a guest's table is not told.
    pub fn elsewhere(self) -> Vec<Seat> {
        self.keeper
            .map(|table| table.read(|g| g.remote_seats().to_vec()))
            .unwrap_or_default()
    }

    /// What the end offers where the game is kept: play again, and the
    /// replay's address (read now).
    pub fn ending(self) -> Option<Ending> {
        let table = self.keeper?;
        Some(Ending {
            play_again: Callback::new(move |_| table.play_again()),
            replay: untrack(|| crate::replay::href_of(table)),
        })
    }

    /// The feed of `seat` (tracked: the seat whose person holds the
    /// device, or whose view the table shows; `None` while nobody's, when
    /// the feed keeps what it last showed) of
    /// this device's game. Actions go to the table controller as a guest's
    /// go to the host: all or none, each made by the seat to act.
    pub fn here(table: Table<R>, seat: Signal<Option<Seat>>, kept: K) -> Self {
        let mut feed = Self::of_table(table, seat, kept);
        let refusal = feed.refusal;
        feed.send = Callback::new(move |(actions, quiet): (Vec<Action<R>>, bool)| {
            let Some(seat) = seat.get_untracked() else {
                return;
            };
            if let Some(Err(why)) = play_all(table, seat, actions, quiet) {
                refusal.set(Some(why));
            }
        });
        feed.plays_here = Signal::derive(move || {
            seat.get().is_some_and(|seat| {
                table.read(|g| !g.remote_seats().contains(&seat) && g.computer(seat).is_none())
            })
        });
        feed.keeper = Some(table);
        feed
    }

    /// `seat`'s table at the step a replay shows (`table`, read-only), as
    /// its own device would have been sent it. Any action on it is refused
    /// with [`crate::replay::REFUSED`].
    pub fn replayed(table: Table<R>, seat: Signal<Option<Seat>>, kept: K) -> Self {
        let feed = Self::of_table(table, seat, kept);
        let refusal = feed.refusal;
        SeatFeed {
            send: Callback::new(move |_| {
                refusal.set(Some(crate::replay::REFUSED.to_string()));
            }),
            ..feed
        }
    }

    /// What `seat` is shown of `table`'s game, each change a new version;
    /// nothing is played through it yet.
    fn of_table(table: Table<R>, seat: Signal<Option<Seat>>, kept: K) -> Self {
        // Every change is news (no comparison of whole views): the
        // version says which table an action was chosen at.
        let shown = Memo::new_owning(move |last: Option<Option<ShownOf<R>>>| {
            // Nobody's seat (the device being handed over, the table not on
            // screen): what was shown is kept, and nothing that reads it
            // runs again.
            let Some(seat) = seat.get() else {
                return (last.flatten(), false);
            };
            let version = last.flatten().map_or(0, |s| s.version.wrapping_add(1));
            let shown = table.ctx.game.with(|g| {
                let g = g.as_ref()?;
                Some(Shown {
                    version,
                    names: g.names().to_vec(),
                    view: g.state().view(seat),
                    events: g.log_seen_by(seat),
                })
            });
            (shown, true)
        });
        SeatFeed {
            shown,
            plays_here: Signal::stored(false),
            refusal: RwSignal::new(None),
            kept,
            keeper: None,
            send: Callback::new(|_| {}),
        }
    }
}

/// Plays `actions` for `seat` on this device's table, all or none: checked
/// in order on a copy first, as the host checks a guest's (see
/// [`engine::remote::admit`]); then each is played, the first with the
/// tap's sound and motion unless `quiet`. `None` when nothing may be
/// played now (no game, another tab's change waiting, a replay).
fn play_all<R: RemoteRecord>(
    table: Table<R>,
    seat: Seat,
    actions: Vec<Action<R>>,
    quiet: bool,
) -> Option<Result<(), String>>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
{
    let checked = table.ctx.game.with_untracked(|g| {
        let mut trial = g.as_ref()?.state().clone();
        for action in &actions {
            if trial.to_act() != Some(seat) {
                let refusal = engine::remote::Refusal::<String>::NotYourTurn;
                return Some(Err(refusal.to_string()));
            }
            if let Err(refusal) = trial.apply(action.clone()) {
                return Some(Err(R::refusal_text(action, &refusal)));
            }
        }
        Some(Ok(()))
    })?;
    if let Err(why) = checked {
        return Some(Err(why));
    }
    for (i, action) in actions.into_iter().enumerate() {
        let played = if i == 0 && !quiet {
            table.act(action)
        } else {
            table.act_quietly(action)
        };
        // Checked on the copy: each applies, unless the table refuses
        // anything now (another tab's change).
        match played? {
            Ok(_) => {}
            Err(refusal) => return Some(Err(refusal.to_string())),
        }
    }
    Some(Ok(()))
}
