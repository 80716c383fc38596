//! The rules of the games, their computer players and solvers. Pure Rust with
//! no web dependency: the app and the native tests use the same code.

pub mod cards;
pub mod dead_center;
pub mod detective_graves;
pub mod difficulty;
pub mod game;
pub mod joker;
pub mod murderers_row;
pub mod remote;
pub mod seats;
pub mod serial_killer;
pub mod worker;

pub use game::{Game, Multiplayer};
