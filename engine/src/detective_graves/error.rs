//! Why an action (or a new game) is refused: [`RuleError`], and the
//! sentence the app shows for each.

use super::{Card, Location, Phase, Seat, Suit, MAX_CASE_PAIRS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why an action (or a new game) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// A seat's view judges only the actions of the seat that must act.
    NotYourTurn,
    /// The seats are 0 and 1.
    NoSuchSeat(Seat),
    /// The Long Haul has 1 to [`MAX_CASE_PAIRS`] pairs of cases.
    CasePairs(u8),
    /// The phase awaits another kind of action.
    NotNow(Phase),
    NotInHand(Card),
    NotInPile(Card),
    /// The Palace Grounds take no card worth 4 or less.
    PalaceLow(Card),
    /// Non-trump cards of one play share this suit.
    MixedSuits(Suit),
    /// As `MixedSuits`, where the play's suit became trump after its
    /// cards were placed (a deuce in the same play): they still set the
    /// play's suit (see the deuce mid-play ruling).
    SuitSetBeforeTrump(Suit),
    AlleyFull,
    /// Clearing Alley room needs a full pile.
    AlleyRoom,
    /// Nothing in hand could be placed after making room or paying.
    NothingToPlace,
    DocksLimit,
    ParkCost(Card),
    /// The Park's discard paid for a non-trump 6+: only such a card now.
    ParkPaid(Card),
    /// The action belongs to another location.
    NotHere(Location),
    NoAbility(Card),
    Library,
    NoTokenToRemove,
    NoTokenLeft,
    /// The Slums: each change is −1, 0 or +1 and leaves at least 1 token.
    SlumsTime,
    CoverUpTarget(Card),
    /// A turn that placed or used something cannot become a pass.
    AlreadyPlayed,
    /// Nothing was placed or used: pass instead.
    NothingPlayed,
    EmptyDeck,
    EmptyDiscard,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::GameOver => f.write_str("The game is over."),
            RuleError::NotYourTurn => f.write_str("It is not your turn."),
            RuleError::NoSuchSeat(seat) => write!(f, "There is no {seat} in a two-player game."),
            RuleError::CasePairs(n) => write!(
                f,
                "The Long Haul has 1 to {MAX_CASE_PAIRS} pairs of cases, not {n}."
            ),
            RuleError::NotNow(phase) => write!(f, "Not now: first {}.", phase.prompt()),
            RuleError::NotInHand(card) => write!(f, "{} is not in your hand.", card.name()),
            RuleError::NotInPile(card) => write!(f, "{} is not in that pile.", card.name()),
            RuleError::PalaceLow(_) => {
                f.write_str("The Palace Grounds take no card below 5.")
            }
            RuleError::MixedSuits(suit) => write!(
                f,
                "This play's cards are {}: other suits go in only as trumps.",
                suit.name()
            ),
            RuleError::SuitSetBeforeTrump(suit) => write!(
                f,
                "This play's suit is {0}, set by its cards placed before {0} became trump: other suits go in only as trumps.",
                suit.name()
            ),
            RuleError::AlleyFull => f.write_str(
                "Your Alley pile already holds 3 cards: clear one of them to make room.",
            ),
            RuleError::AlleyRoom => f.write_str("Your Alley pile still has room."),
            RuleError::NothingToPlace => f.write_str("No card in your hand could be placed then."),
            RuleError::DocksLimit => f.write_str(
                "At the Docks the Mastermind places a non-trump card only while their pile is smaller than the Detective's.",
            ),
            RuleError::ParkCost(card) => write!(
                f,
                "At the Park, {} costs a discard first (non-trump, 6 or more).",
                card.name()
            ),
            RuleError::ParkPaid(card) => write!(
                f,
                "The Park discard paid for a non-trump card of 6 or more, not {}.",
                card.name()
            ),
            RuleError::NotHere(location) => {
                write!(f, "That is only possible at {}.", location.name())
            }
            RuleError::NoAbility(card) => write!(f, "{} has no ability to use.", card.name()),
            RuleError::Library => f.write_str("The Library allows no card abilities."),
            RuleError::NoTokenToRemove => f.write_str("No time token is left here to take away."),
            RuleError::NoTokenLeft => f.write_str("All 28 time tokens are already on the table."),
            RuleError::SlumsTime => f.write_str(
                "The Slums change each location by at most one token, never below 1.",
            ),
            RuleError::CoverUpTarget(card) => write!(
                f,
                "Cover-up takes a non-trump card worth 6 or less from the Detective's pile here, not {}.",
                card.name()
            ),
            RuleError::AlreadyPlayed => {
                f.write_str("You already played this turn: end the play instead of passing.")
            }
            RuleError::NothingPlayed => {
                f.write_str("Nothing placed or used yet: place a card, use an ability, or pass.")
            }
            RuleError::EmptyDeck => f.write_str("Your deck is empty."),
            RuleError::EmptyDiscard => f.write_str("Your discard pile is empty."),
        }
    }
}
