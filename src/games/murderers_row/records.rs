//! Murderers' Row's records and addresses: the saved game and statistics,
//! the player's preferences, the context that holds them, and the routes of
//! its screens and deals.

use super::game::MurderersRowGame;
use super::stats::MurderersRowStats;
use crate::records::{self, InProgress, Records};
use crate::route::{Deal, Page, Route};
use crate::session::{self, Record};
use crate::table::controller::Table;
use engine::murderers_row::difficulty::Level;
use engine::Game;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

pub const ID: &str = "murderers-row";
/// Its records' keys (game, statistics, preferences), as every earlier version saved them.
pub(super) const KEYS: [&str; 3] = [
    "gm.save.murderers-row",
    "gm.stats.murderers-row",
    "gm.prefs.murderers-row",
];

/// The game's records, as every earlier version saved them. It has no
/// variants and no score: its statistics are one [`VariantStats`] and, since
/// deals have levels, a count per level ([`MurderersRowStats`]).
///
/// [`VariantStats`]: crate::stats::VariantStats
pub(crate) static RECORDS: Records<MurderersRowGame, MurderersRowStats> = Records {
    id: ID,
    game: Record {
        key: KEYS[0],
        what: "Murderers' Row game",
        validate: MurderersRowGame::validate,
    },
    stats: Record {
        key: KEYS[1],
        what: "Murderers' Row statistics",
        validate: session::no_check,
    },
};

/// The player's preferences for Murderers' Row, named as earlier versions
/// named them in the settings record (see [`records::Prefs`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MurderersRowPrefs {
    /// Deal only games that perfect play wins for certain: the option of
    /// earlier versions, still read. Set and no level chosen, it means easy
    /// deals (an easy or medium deal is always a certain win, and easy is
    /// the closest to what was asked).
    murderers_row_certain_only: bool,
    /// The difficulty of new deals (`None`: any deal). Written as
    /// "any" when chosen so, to tell it from a record that never had it.
    murderers_row_level: Option<LevelChoice>,
}

/// The new-game difficulty as saved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum LevelChoice {
    Any,
    Level(Level),
}

impl MurderersRowPrefs {
    pub fn level(&self) -> Option<Level> {
        match self.murderers_row_level {
            Some(LevelChoice::Level(level)) => Some(level),
            Some(LevelChoice::Any) => None,
            None if self.murderers_row_certain_only => Some(Level::Easy),
            None => None,
        }
    }

    pub fn set_level(&mut self, level: Option<Level>) {
        self.murderers_row_level = Some(level.map_or(LevelChoice::Any, LevelChoice::Level));
    }
}

pub static PREFS: Record<MurderersRowPrefs> = Record {
    key: KEYS[2],
    what: "Murderers' Row preferences",
    validate: session::no_check,
};

pub type GameCtx = records::GameCtx<MurderersRowGame, MurderersRowStats>;

/// The table controller over the game's records: every change of the game
/// and its statistics goes through it.
pub type MurderersRowTable = Table<MurderersRowGame>;

pub fn prefs() -> records::Prefs<MurderersRowPrefs> {
    expect_context()
}

pub fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

pub fn table() -> MurderersRowTable {
    Table::new(game_ctx())
}

pub fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

pub fn deal_route(seed: u64) -> Route {
    route(Page::Deal(Deal {
        variant: None,
        seed,
    }))
}

impl InProgress for MurderersRowGame {
    fn in_progress(&self) -> Option<(Route, String)> {
        (!self.state.is_over()).then(|| {
            let deal = match crate::daily::deal_day(self.state.seed()) {
                Some(_) => "Daily deal".to_string(),
                None => format!("Deal {}", self.state.seed()),
            };
            let detail = format!("{deal} · {} cards alive", self.state.row().len());
            (deal_route(self.state.seed()), detail)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certain_deals_only_is_read_from_settings_saved_by_the_first_version() {
        let text = crate::session::fixtures::saved_v1("SETTINGS");
        let prefs: MurderersRowPrefs = crate::codec::from_str(text).unwrap();
        assert!(prefs.murderers_row_certain_only);
        // Mapped to easy deals, the closest level; a choice made since wins.
        assert_eq!(prefs.level(), Some(Level::Easy));
        let mut chosen = prefs.clone();
        chosen.set_level(None);
        assert_eq!(chosen.level(), None);
        chosen.set_level(Some(Level::Fiendish));
        let text = crate::codec::to_string(&chosen).unwrap();
        let back: MurderersRowPrefs = crate::codec::from_str(&text).unwrap();
        assert_eq!(back.level(), Some(Level::Fiendish));
        assert_eq!(MurderersRowPrefs::default().level(), None);
    }
}
