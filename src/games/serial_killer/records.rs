//! Serial Killer's records and addresses: what the table, the new-game
//! screen and the registry entry all read (so that none of them imports
//! another).

use super::game::SerialKillerGame;
use super::stats::SerialKillerStats;
use crate::records::{self, InProgress, Records};
use crate::route::{Page, Route};
use crate::session::{self, Record};
use crate::table::controller::Table;
use leptos::prelude::*;

pub(super) const ID: &str = "serial-killer";
/// Its records' keys, as every earlier version saved them.
pub(super) const KEYS: [&str; 2] = ["gm.save.serial-killer", "gm.stats.serial-killer"];

/// The game's records, as every earlier version saved them.
pub(crate) static RECORDS: Records<SerialKillerGame, SerialKillerStats> = Records {
    id: ID,
    game: Record {
        key: KEYS[0],
        what: "Serial Killer game",
        validate: SerialKillerGame::validate,
    },
    stats: Record {
        key: KEYS[1],
        what: "Serial Killer statistics",
        validate: session::no_check,
    },
};

pub(super) type GameCtx = records::GameCtx<SerialKillerGame, SerialKillerStats>;

pub(super) fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

/// The table controller for the game on the table: every change of the
/// game and its statistics goes through it.
pub(super) fn table() -> Table<SerialKillerGame> {
    Table::new(game_ctx())
}

pub(super) fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

impl InProgress for SerialKillerGame {
    fn in_progress(&self) -> Option<(Route, String)> {
        self.state.in_progress().then(|| {
            let at_large = self.state.at_large().count();
            let detail = format!(
                "{} players · {at_large} still on the loose",
                self.state.players()
            );
            (route(Page::Current), detail)
        })
    }
}
