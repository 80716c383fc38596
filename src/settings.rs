//! The player's preferences, applied to the page as data attributes that the
//! stylesheet reads.

use crate::seats::{Pace, SeatPlan};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Motion {
    #[default]
    System,
    Reduced,
}

/// The shell's settings. A game's own preferences are in a record of the
/// game's (see `games::Prefs`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub motion: Motion,
    /// How fast computer players act at a table.
    pub computer_pace: Pace,
    /// The seats of the last table game started, names kept for next time.
    pub table_seats: Vec<SeatPlan>,
}

impl Theme {
    pub fn attribute(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl Motion {
    pub fn attribute(self) -> &'static str {
        match self {
            Motion::System => "system",
            Motion::Reduced => "reduced",
        }
    }
}
