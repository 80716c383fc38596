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

/// How fast cards move. A device that asks for reduced motion gets none,
/// whatever is chosen (the stylesheet's media query). The names are those
/// earlier versions saved: `System` was "as the device", now "normal".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Motion {
    #[default]
    System,
    Fast,
    Reduced,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardSize {
    #[default]
    Normal,
    Large,
}

/// Two-colour suits, or four: diamonds blue and clubs green, so that no two
/// suits share a colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SuitColours {
    #[default]
    Two,
    Four,
}

/// The pattern on the backs of the cards (drawn by the stylesheet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardBack {
    #[default]
    Crimson,
    Midnight,
    Forest,
}

/// Sounds for moves, refusals and wins: off unless chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sounds {
    #[default]
    Off,
    On,
}

/// The shell's settings. A game's own preferences are in a record of the
/// game's (see `games::Prefs`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    pub motion: Motion,
    pub card_size: CardSize,
    pub suit_colours: SuitColours,
    pub card_back: CardBack,
    pub sounds: Sounds,
    /// How fast computer players act at a table.
    pub computer_pace: Pace,
    /// The seats of the last table game started, names kept for next time.
    pub table_seats: Vec<SeatPlan>,
    /// The games whose table tour was finished or skipped (by game id): it
    /// does not open by itself again.
    pub tours_seen: Vec<String>,
    /// Safari in a tab was told that the Home Screen keeps its games
    /// (`durable::safari_tab`): not told again.
    pub home_screen_tip_seen: bool,
}

impl Settings {
    /// The attributes on the root element, as (name, value): what the
    /// stylesheet reads.
    pub fn attributes(&self) -> [(&'static str, &'static str); 5] {
        [
            (
                "data-theme",
                match self.theme {
                    Theme::System => "system",
                    Theme::Light => "light",
                    Theme::Dark => "dark",
                },
            ),
            (
                "data-motion",
                match self.motion {
                    Motion::System => "normal",
                    Motion::Fast => "fast",
                    Motion::Reduced => "off",
                },
            ),
            (
                "data-card-size",
                match self.card_size {
                    CardSize::Normal => "normal",
                    CardSize::Large => "large",
                },
            ),
            (
                "data-suits",
                match self.suit_colours {
                    SuitColours::Two => "two",
                    SuitColours::Four => "four",
                },
            ),
            (
                "data-back",
                match self.card_back {
                    CardBack::Crimson => "crimson",
                    CardBack::Midnight => "midnight",
                    CardBack::Forest => "forest",
                },
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_saved_before_the_card_options_keep_their_choices() {
        let old: Settings =
            serde_json::from_str(r#"{"theme":"Dark","motion":"Reduced","computer_pace":"Fast"}"#)
                .unwrap();
        assert_eq!(old.theme, Theme::Dark);
        assert_eq!(old.motion, Motion::Reduced);
        assert_eq!(old.card_size, CardSize::Normal);
        assert_eq!(old.card_back, CardBack::Crimson);
        assert!(
            old.tours_seen.is_empty(),
            "every table tour opens once for an older save"
        );
        let attributes = old.attributes();
        assert!(attributes.contains(&("data-motion", "off")));
        assert!(attributes.contains(&("data-suits", "two")));
    }
}
