//! The rules of the games, their computer players and solvers. Pure Rust with
//! no web dependency: the app and the native tests use the same code.

pub mod cards;
pub mod dead_center;
pub mod game;
pub mod json;
pub mod murderers_row;
pub mod rng;
pub mod seats;
pub mod serial_killer;
pub mod sort;

pub use game::{Game, Multiplayer};
