//! Where a Joker table's game comes from: this device's game (the table
//! controller's), or a game played on another device, of which this guest
//! device has only what its seat may know ([`Received`]). Every table
//! component reads the game through a [`Source`], so that one set of
//! components draws both.

use super::game::JokerGame;
use crate::table::controller::Table;
use engine::joker::{Action, Cell, CellSet, Event, Phase, Seat, SeatView};
use engine::Game;
use leptos::prelude::*;

/// What this guest device has of a game played on another device (its
/// seat is the one the table is drawn for).
pub type Received = crate::remote::guest::Received<SeatView, Event>;

/// A table whose game the host's device keeps: what arrives from it, and
/// where this device's actions go.
#[derive(Clone, Copy)]
pub struct Remote {
    /// The latest from the host; `None` until the first arrives.
    pub received: RwSignal<Option<Received>>,
    /// Sends actions to the host.
    pub send: Callback<Vec<Action>>,
    /// The host's reason when it refuses an action.
    pub refusal: RwSignal<Option<String>>,
    /// This seat's notepad: its player's private marks, kept on this device
    /// only (see `super::join`).
    pub notes: RwSignal<CellSet>,
}

/// Where the table's game comes from.
#[derive(Clone, Copy)]
pub enum Source {
    /// This device's game (at one device, or the host's of a game across
    /// devices).
    Local(Table<JokerGame>),
    /// A game another device keeps.
    Remote(Remote),
}

impl Source {
    /// Reads the table as everyone may see it (tracked), with the names;
    /// `T`'s default while there is no game. Here, the view of the
    /// Vigilante whose turn it is; on a guest, its own seat's (the Joker's
    /// cell in it only when it is the Informant, and no public part reads
    /// it).
    pub fn with_table<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.table_view(), &g.names)),
            Source::Remote(remote) => remote
                .received
                .with(|r| r.as_ref().map(|r| read(&r.view, &r.names)))
                .unwrap_or_default(),
        }
    }

    /// Reads the Informant's view (tracked): here, the round's Informant's;
    /// on a guest, its own, which holds the Joker's cell only when it is
    /// the Informant.
    pub fn with_informant<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.informant_view(), &g.names)),
            Source::Remote(_) => self.with_table(read),
        }
    }

    /// The person at this device who must act now, if any (tracked): never
    /// a computer, nor a seat on another device.
    pub fn person_to_act(self) -> Option<Seat> {
        match self {
            Source::Local(table) => table.read(JokerGame::person_to_act),
            Source::Remote(_) => self.with_table(|v, _| v.must_act().then(|| v.seat())),
        }
    }

    /// Whether the person at this device must answer a probe as the
    /// Informant (tracked).
    pub fn informant_answers(self) -> bool {
        let answering = self
            .with_table(|v, _| matches!(v.phase(), Phase::Answer { .. }).then(|| v.informant()));
        answering.is_some() && self.person_to_act() == answering
    }

    /// The seat on another device that must act now, with its name, as the
    /// host sees it (tracked).
    pub fn remote_to_act(self) -> Option<String> {
        match self {
            Source::Local(table) => table.read(|g| g.remote_to_act().map(|seat| g.name(seat))),
            Source::Remote(_) => None,
        }
    }

    /// `seat`'s notepad (tracked).
    pub fn notes(self, seat: Seat) -> Option<CellSet> {
        match self {
            Source::Local(table) => table.read(|g| g.notes.get(seat.index()).copied()),
            Source::Remote(remote) => Some(remote.notes.get()),
        }
    }

    /// Marks `cell` on `seat`'s notepad, or takes the mark off: kept with
    /// the game here, on the guest's device for a remote seat.
    pub fn toggle_mark(self, seat: Seat, cell: Cell) {
        match self {
            Source::Local(table) => table.note(|g| g.toggle_mark(seat, cell)),
            Source::Remote(remote) => remote.notes.update(|notes| {
                if notes.contains(cell) {
                    notes.remove(cell);
                } else {
                    notes.insert(cell);
                }
            }),
        }
    }

    /// Whether another tab's change of this game waits to be acknowledged
    /// (untracked): the keys do nothing meanwhile.
    pub fn changed_elsewhere(self) -> bool {
        match self {
            Source::Local(table) => table.ctx.changed_elsewhere.get_untracked(),
            Source::Remote(_) => false,
        }
    }

    /// The engine's reason to refuse `action` now, if it can be told here
    /// (untracked). A guest, which has no state, asks its view: an action
    /// it does not list goes to the host, whose engine gives the reason.
    pub fn refusal(self, action: Action) -> Option<engine::joker::RuleError> {
        match self {
            Source::Local(table) => table
                .ctx
                .game
                .with_untracked(|g| g.as_ref()?.state.check(&action).err()),
            Source::Remote(_) => None,
        }
    }

    /// Whether `action` is one the guest's view lists as legal (always for
    /// a local game, which asks its engine: see [`Source::refusal`]).
    pub fn may(self, action: Action) -> bool {
        match self {
            Source::Local(_) => true,
            Source::Remote(remote) => remote.received.with_untracked(|r| {
                r.as_ref()
                    .is_some_and(|r| r.view.legal_actions().contains(&action))
            }),
        }
    }
}
