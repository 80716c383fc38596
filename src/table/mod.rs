//! What every game's table shares: the seat machinery (and, as the tables
//! move to it, the one table controller).

pub mod seats;
