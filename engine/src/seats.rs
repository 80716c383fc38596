//! Vocabulary shared by the games played by several seats around one table
//! (Serial Killer now; Joker and Detective Graves later): seats, who plays
//! them (a person or a computer of some level), and how a computer player is
//! asked for its move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered clockwise from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat with index `index` (saturating at 255: no table is that big).
    pub const fn new(index: usize) -> Seat {
        Seat(if index > 255 { 255 } else { index as u8 })
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seats of a table of `seats`, clockwise from seat 0.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats.min(256)).map(Seat::new)
    }

    /// The seat to this one's left (the next clockwise) at a table of `seats`.
    pub fn next(self, seats: usize) -> Seat {
        if seats == 0 {
            self
        } else {
            Seat::new((self.index() + 1) % seats)
        }
    }
}

/// "Player 1", "Player 2"...: seats are counted from 1 for people.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.index() + 1)
    }
}

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Cheap rules of thumb with some randomness: quick, beatable.
    Simple,
    /// Looks ahead (e.g. by simulation) within a small time budget.
    Strong,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Simple, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "Simple",
            Level::Strong => "Strong",
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Strong => "strong",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.slug() == slug)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeatKind {
    /// A person at the device (pass-and-play).
    Person,
    /// The computer, at a level.
    Computer(Level),
}

impl SeatKind {
    pub fn is_computer(self) -> bool {
        matches!(self, SeatKind::Computer(_))
    }

    /// The computer's level, or `None` for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            SeatKind::Person => None,
            SeatKind::Computer(level) => Some(level),
        }
    }
}

/// A computer player: given only what its seat may see (`V`, the game's
/// view), chooses the next action. Implementations keep their own random
/// generator, never the game's, so that asking a bot changes nothing in the
/// game and reveals nothing hidden.
pub trait Bot<V: ?Sized> {
    type Action;

    fn choose(&mut self, view: &V) -> Self::Action;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_clockwise_and_wrap() {
        assert_eq!(Seat(2).next(3), Seat(0));
        assert_eq!(Seat(0).next(3), Seat(1));
        assert_eq!(Seat::all(4).collect::<Vec<_>>().len(), 4);
        assert_eq!(Seat(0).to_string(), "Player 1");
        assert_eq!(Seat::new(1000), Seat(255));
    }

    #[test]
    fn levels_round_trip_through_slugs() {
        for level in Level::ALL {
            assert_eq!(Level::from_slug(level.slug()), Some(level));
        }
        assert_eq!(
            SeatKind::Computer(Level::Strong).level(),
            Some(Level::Strong)
        );
        assert!(!SeatKind::Person.is_computer());
    }
}
