//! The screens other than a game's table.

pub mod home;
pub mod murderers_row_new;
pub mod new_game;
pub mod not_found;
pub mod rules;
pub mod serial_killer_new;
pub mod settings;
pub mod stats;
