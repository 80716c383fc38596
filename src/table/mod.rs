//! What every game's table shares: the controller that plays, counts and
//! saves a game, what the multiplayer games' records share, and the
//! computer players' turns at the chosen pace.

pub mod controller;
pub mod frame;
pub mod seat;
pub mod seat_editor;
pub mod seated;
pub mod seats;
pub mod start;
