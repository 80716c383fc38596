//! The player's preferences, applied to the page as data attributes that the
//! stylesheet reads.

use crate::seats::{Pace, SeatPlan};
use engine::dead_center::Variant;
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub motion: Motion,
    pub dead_center_variant: Variant,
    /// Murderers' Row: deal only games that perfect play wins for certain.
    pub murderers_row_certain_only: bool,
    /// How fast computer players act at a table.
    pub computer_pace: Pace,
    /// The seats of the last table game started, names kept for next time.
    pub table_seats: Vec<SeatPlan>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::System,
            motion: Motion::System,
            dead_center_variant: Variant::Standard,
            murderers_row_certain_only: false,
            computer_pace: Pace::Normal,
            table_seats: Vec::new(),
        }
    }
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
