//! Dead Center's records and addresses: what the table, the new-game
//! screen and the registry entry all read (so that none of them imports
//! another).

use super::stats::DeadCenterStats;
use crate::records::{self, InProgress, Records};
use crate::route::{Deal, Page, Route};
use crate::session::{self, Record};
use crate::table::controller::Table;
use engine::dead_center::difficulty::Level;
use engine::dead_center::{State, Variant};
use engine::Game;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

pub(super) const ID: &str = "dead-center";
/// Its records' keys (game, statistics, preferences), as every earlier
/// version saved them.
pub(super) const KEYS: [&str; 3] = [
    "gm.save.dead-center",
    "gm.stats.dead-center",
    "gm.prefs.dead-center",
];

/// The game's records, as every earlier version saved them.
pub(crate) static RECORDS: Records<State, DeadCenterStats> = Records {
    id: ID,
    game: Record {
        key: KEYS[0],
        what: "Dead Center game",
        validate: State::validate,
    },
    stats: Record {
        key: KEYS[1],
        // As first saved (the envelope's kind must match to load).
        what: "statistics",
        validate: session::no_check,
    },
};

/// The player's preferences for Dead Center, named as earlier versions
/// named them in the settings record (see [`records::Prefs`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct DeadCenterPrefs {
    /// Chosen in Settings, and first in the deal-number form.
    pub dead_center_variant: Variant,
    /// The new-game screen's last choices: a difficulty (`None`: any
    /// deal), and only deals proven winnable. Not written while unset, so
    /// an older record saves back as it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_center_level: Option<Level>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dead_center_winnable_only: bool,
}

pub(super) static PREFS: Record<DeadCenterPrefs> = Record {
    key: KEYS[2],
    what: "Dead Center preferences",
    validate: session::no_check,
};

pub(super) type GameCtx = records::GameCtx<State, DeadCenterStats>;

pub(super) fn prefs() -> records::Prefs<DeadCenterPrefs> {
    expect_context()
}

pub(super) fn preferred_variant() -> Variant {
    prefs().value.with_untracked(|p| p.dead_center_variant)
}

pub(super) fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

pub(crate) fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

pub(crate) fn deal_route(variant: Variant, seed: u64) -> Route {
    route(Page::Deal(Deal {
        variant: Some(variant.slug()),
        seed,
    }))
}

/// The table controller for the game on the table.
pub(super) fn table() -> Table<State> {
    Table::new(game_ctx())
}

/// The variant of a deal address (the router read one of the slugs in
/// the registry entry).
pub(super) fn variant_of(deal: Deal) -> Variant {
    deal.variant
        .and_then(Variant::from_slug)
        .unwrap_or(Variant::Standard)
}

/// The day whose daily deal `state` is, if it is today's or yesterday's.
pub(super) fn daily_day(state: &State) -> Option<crate::daily::Day> {
    (state.variant() == super::stats::DAILY_VARIANT)
        .then(|| crate::daily::deal_day(state.seed()))
        .flatten()
}

impl InProgress for State {
    fn in_progress(&self) -> Option<(Route, String)> {
        (!self.is_over()).then(|| {
            let daily = daily_day(self).is_some();
            let detail = format!(
                "{} · {} of 12 zombies left · {} in the deck",
                if daily {
                    "Daily deal"
                } else {
                    self.variant().name()
                },
                self.zombies_left(),
                crate::words::count(self.deck_len(), "card", "cards")
            );
            (deal_route(self.variant(), self.seed()), detail)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preferred_variant_is_read_from_settings_saved_by_the_first_version() {
        let text = crate::session::fixtures::saved_v1("SETTINGS");
        let prefs: DeadCenterPrefs = crate::codec::from_str(text).unwrap();
        assert_eq!(prefs.dead_center_variant, Variant::Hard);
        let none: DeadCenterPrefs = crate::codec::from_str(r#"{"theme":"Dark"}"#).unwrap();
        assert_eq!(none, DeadCenterPrefs::default());
    }

    #[test]
    fn issue_28_the_new_game_choices_are_kept_and_unset_ones_not_written() {
        let unset = DeadCenterPrefs::default();
        assert_eq!(
            crate::codec::to_string(&unset).unwrap(),
            r#"{"dead_center_variant":"Standard"}"#
        );
        let chosen = DeadCenterPrefs {
            dead_center_level: Some(Level::Hard),
            dead_center_winnable_only: true,
            ..unset
        };
        let text = crate::codec::to_string(&chosen).unwrap();
        assert_eq!(
            crate::codec::from_str::<DeadCenterPrefs>(&text).unwrap(),
            chosen
        );
    }
}
