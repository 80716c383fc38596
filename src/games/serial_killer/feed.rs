//! What a Serial Killer table reads: its seat's feed (see
//! [`crate::table::seat`]), the same wherever the game is kept, with the
//! game's readings of it.

use super::game::SerialKillerGame;
use super::words::{choices, log_text, Choice};
use crate::table::seat::SeatFeed;
use engine::serial_killer::SeatView;
use leptos::prelude::*;

/// What a seat is shown of the game and how it acts, wherever the game is
/// kept (see [`crate::table::seat`]): everything the table draws.
pub type Feed = SeatFeed<SerialKillerGame>;

impl Feed {
    /// Reads the seat's view with the names at the table (tracked); `T`'s
    /// default while there is no game. Everything the table shows is
    /// public, so any seat's view draws it.
    pub fn seen<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        self.read(|shown| read(&shown.view, &shown.names))
    }

    /// The game's log, worded (tracked): first the lines of a game an
    /// earlier version saved with no moves, where this device keeps it
    /// (see `SerialKillerGame::earlier_log`).
    pub fn log(self) -> Vec<String> {
        let earlier = self.read_kept(|g| g.earlier_log.clone());
        self.read(|s| log_text(&earlier, &s.view, &s.events, &s.names))
    }

    /// The choices for the person at this device, with an Ace's grave
    /// chosen (tracked): none unless the seat's person plays here and is
    /// to act.
    pub fn choices(self, ace_grave: Option<u8>) -> Vec<(Choice, String)> {
        let here = self.plays_here.get();
        self.seen(|view, names| match here && view.to_act() {
            true => choices(view, ace_grave, names),
            false => Vec::new(),
        })
    }
}
