//! Detective Graves' records and addresses: where its game and statistics
//! are kept, its context, and the routes of its pages. The game's other
//! files take them from here (not from `mod.rs`, which names them).

use super::game::DgGame;
use super::stats::DgStats;
use crate::records::{self, InProgress, Records};
use crate::route::{Page, Route};
use crate::session::{self, Record};
use crate::table::controller::Table;
use crate::table::seated::SeatedRecord;
use engine::detective_graves::Role;
use engine::Game;
use leptos::prelude::*;

pub const ID: &str = "detective-graves";
/// Its records' keys (game and statistics), as every earlier version saved them.
pub(super) const KEYS: [&str; 2] = ["gm.save.detective-graves", "gm.stats.detective-graves"];

pub(crate) static RECORDS: Records<DgGame, DgStats> = Records {
    id: ID,
    game: Record {
        key: KEYS[0],
        what: "Detective Graves game",
        validate: DgGame::validate,
    },
    stats: Record {
        key: KEYS[1],
        what: "Detective Graves statistics",
        validate: session::no_check,
    },
};

pub type GameCtx = records::GameCtx<DgGame, DgStats>;

/// The table controller for the game: every change of the game and its
/// statistics goes through it.
pub type DgTable = Table<DgGame>;

pub fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

pub fn table() -> DgTable {
    Table::new(game_ctx())
}

pub fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

impl InProgress for DgGame {
    fn in_progress(&self) -> Option<(Route, String)> {
        (!self.state.is_over()).then(|| {
            let detective = self.state.seat_of(Role::Detective);
            let detail = format!(
                "Case {} of {} · {} is the Detective",
                (self.state.case() + 1).min(self.state.cases()),
                self.state.cases(),
                self.name(detective),
            );
            (route(Page::Current), detail)
        })
    }
}
