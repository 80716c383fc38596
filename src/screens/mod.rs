//! The shell's screens, and the pages every game shares.

pub mod data;
pub mod home;
pub mod not_found;
pub mod recent;
pub mod settings;
pub mod stats;
