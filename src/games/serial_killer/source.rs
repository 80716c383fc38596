//! Where a Serial Killer table's game comes from: this device's game (the
//! table controller's), or a game played on another device, of which this
//! guest device has what the host sent for its seat ([`Received`]). The
//! table's components read either through [`Source::read`], so that one
//! set of components draws both.

use super::game::{guest_log, SerialKillerGame};
use super::words::{choices, Choice};
use crate::remote::host::RemoteRecord;
use crate::table::controller::Table;
use engine::serial_killer::{Action, Event, Seat, SeatView};
use leptos::prelude::*;

/// What this guest device has of a game played on another device.
pub type Received = crate::remote::guest::Received<SeatView, Event>;

/// A table whose game the host's device keeps: what arrives from it, and
/// where this device's actions go.
#[derive(Clone, Copy)]
pub struct Remote {
    /// The latest from the host; `None` until the first arrives.
    pub received: RwSignal<Option<Received>>,
    /// Sends actions to the host, to be made all or none, in order.
    pub send: Callback<Vec<Action>>,
    /// The host's reason when it refuses an action.
    pub refusal: RwSignal<Option<String>>,
}

/// Where the table's game comes from.
#[derive(Clone, Copy)]
pub enum Source {
    /// This device's game (at one device, or the host's of a game across
    /// devices).
    Local(Table<SerialKillerGame>),
    /// A game another device keeps.
    Remote(Remote),
}

impl Source {
    /// The seats people play on other devices (tracked), as the host's
    /// game keeps them; a guest's table is not told.
    pub fn elsewhere(self) -> Vec<Seat> {
        match self {
            Source::Local(table) => table.read(|g| g.remote_seats()),
            Source::Remote(_) => Vec::new(),
        }
    }

    /// Reads the game (tracked) through a seat's view with the names at the
    /// table; `T`'s default while there is no game. Everything the table
    /// shows is public, so any seat's view draws it: here, the view of the
    /// seat to act; on a guest, its own seat's.
    pub fn read<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.view(), &g.names)),
            Source::Remote(remote) => remote
                .received
                .with(|r| r.as_ref().map(|r| read(&r.view, &r.names)))
                .unwrap_or_default(),
        }
    }

    /// The game's log (tracked).
    pub fn log(self) -> Vec<String> {
        match self {
            Source::Local(table) => table.read(|g| g.log.clone()),
            Source::Remote(remote) => remote.received.with(|r| {
                r.as_ref()
                    .map_or_else(Vec::new, |r| guest_log(&r.view, &r.events, &r.names))
            }),
        }
    }

    /// The choices for the person to act at this device, with an Ace's
    /// grave chosen (tracked): none while another device's person, a
    /// computer, or nobody is to act.
    pub fn choices(self, ace_grave: Option<u8>) -> Vec<(Choice, String)> {
        match self {
            Source::Local(table) => table.read(|g| match g.acts_here() {
                true => choices(&g.view(), ace_grave, &g.names),
                false => Vec::new(),
            }),
            Source::Remote(_) => self.read(|view, names| match view.to_act() {
                true => choices(view, ace_grave, names),
                false => Vec::new(),
            }),
        }
    }

    /// Whether the last action may be taken back (tracked): never on a
    /// guest device, which keeps no game to go back to.
    pub fn can_take_back(self) -> bool {
        match self {
            Source::Local(table) => table.can_take_back(),
            Source::Remote(_) => false,
        }
    }

    /// Whether another tab changed the game and the table waits for this
    /// one to go on (untracked): never on a guest device.
    pub fn changed_elsewhere(self) -> bool {
        match self {
            Source::Local(table) => table.ctx.changed_elsewhere.get_untracked(),
            Source::Remote(_) => false,
        }
    }
}
