//! The player's preferences, applied to the page as data attributes that the
//! stylesheet reads.

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub motion: Motion,
    pub dead_center_variant: Variant,
    /// Murderers' Row: deal only games that perfect play wins for certain.
    pub murderers_row_certain_only: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            theme: Theme::System,
            motion: Motion::System,
            dead_center_variant: Variant::Standard,
            murderers_row_certain_only: false,
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
