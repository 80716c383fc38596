//! The shell's screens, and the pages every game shares.

pub mod data;
pub mod home;
pub mod not_found;
// Transitional, until the game folders import from ui::rules.
pub use crate::ui::rules;
pub mod settings;
pub mod stats;
