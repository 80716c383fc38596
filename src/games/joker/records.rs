//! Joker's records and addresses: the saved game and statistics, the
//! preferences, the game's context and its table controller, its routes.

use super::game::JokerGame;
use super::stats::JokerStats;
use crate::records::{self, InProgress, Records};
use crate::route::{Page, Route};
use crate::session::{self, Record};
use crate::table::controller::Table;
use leptos::prelude::expect_context;
use serde::{Deserialize, Serialize};

pub(super) const ID: &str = "joker";
/// Its records' keys (game, statistics, preferences), as every earlier version saved them.
pub(super) const KEYS: [&str; 3] = ["gm.save.joker", "gm.stats.joker", "gm.prefs.joker"];

pub(crate) static RECORDS: Records<JokerGame, JokerStats> = Records {
    id: ID,
    game: Record {
        key: KEYS[0],
        what: "Joker game",
        validate: JokerGame::validate,
    },
    stats: Record {
        key: KEYS[1],
        what: "Joker statistics",
        validate: session::no_check,
    },
};

/// Joker's own choices in Settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct JokerPrefs {
    /// Shade the cells the public log rules out, and count those left.
    pub(super) deduction_aid: bool,
}

pub(super) static PREFS: Record<JokerPrefs> = Record {
    key: KEYS[2],
    what: "Joker preferences",
    validate: session::no_check,
};

pub(super) type GameCtx = records::GameCtx<JokerGame, JokerStats>;

pub(super) fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

/// The controller every change of the saved game and statistics goes
/// through.
pub(super) fn table() -> Table<JokerGame> {
    Table::new(game_ctx())
}

pub(super) fn prefs() -> records::Prefs<JokerPrefs> {
    expect_context()
}

pub(super) fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

impl InProgress for JokerGame {
    fn in_progress(&self) -> Option<(Route, String)> {
        self.state.in_progress().then(|| {
            let detail = format!(
                "{} players · round {} of {}",
                self.state.players(),
                self.state.round() + 1,
                self.state.rounds()
            );
            (route(Page::Current), detail)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deduction_aid_is_off_by_default() {
        assert!(!JokerPrefs::default().deduction_aid);
        let prefs: JokerPrefs = crate::codec::from_str("{}").unwrap();
        assert!(!prefs.deduction_aid);
    }
}
