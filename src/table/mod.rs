//! What every game's table shares: the computer players' turns at the
//! chosen pace.

pub mod seats;
