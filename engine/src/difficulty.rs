//! The levels of difficulty a deal is rated at, shared by the games that
//! rate their deals (Murderers' Row, Dead Center); each game says in its own
//! `difficulty` module what puts a deal at a level.

use serde::{Deserialize, Serialize};

/// The four levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Fiendish,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Fiendish];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
        }
    }
}
