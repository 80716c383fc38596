//! A Serial Killer table's readings of its game, wherever it comes from
//! (see [`crate::remote::source`]): this device's game, or what a guest
//! device was sent for its seat. The table's components read either
//! through [`Source::read`].

use super::game::{guest_log, SerialKillerGame};
use super::words::{choices, Choice};
use engine::serial_killer::SeatView;

/// Where the table's game comes from; a guest keeps nothing of its own.
pub type Source = crate::remote::source::Source<SerialKillerGame>;
/// A game the host's device keeps.
pub type Remote = crate::remote::source::Remote<SerialKillerGame>;

impl Source {
    /// Reads the game (tracked) through a seat's view with the names at the
    /// table; `T`'s default while there is no game. Everything the table
    /// shows is public, so any seat's view draws it: here, the view of the
    /// seat to act; on a guest, its own seat's.
    pub fn read<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.view(), &g.names)),
            Source::Remote(remote) => remote.read(|r| read(&r.view, &r.names)),
        }
    }

    /// The game's log (tracked).
    pub fn log(self) -> Vec<String> {
        match self {
            Source::Local(table) => table.read(|g| g.log.clone()),
            Source::Remote(remote) => remote.read(|r| guest_log(&r.view, &r.events, &r.names)),
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
}
