//! The standard 52-card deck plus jokers, shared by the games that use one.

use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Fisher–Yates shuffle written out here (not taken from `rand`) so that a
/// seed deals the same game whatever version of `rand` is linked.
pub fn shuffle<T>(items: &mut [T], rng: &mut impl RngCore) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn colour(self) -> Colour {
        match self {
            Suit::Diamonds | Suit::Hearts => Colour::Red,
            Suit::Clubs | Suit::Spades => Colour::Black,
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Black,
}

/// A card: a rank (1 = Ace … 13 = King) and a suit, or one of the jokers.
/// Jokers are numbered so that two jokers are still two distinct cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    Standard { rank: u8, suit: Suit },
    Joker(u8),
}

pub const JACK: u8 = 11;
pub const QUEEN: u8 = 12;
pub const KING: u8 = 13;

impl Card {
    pub const fn new(rank: u8, suit: Suit) -> Card {
        Card::Standard { rank, suit }
    }

    /// The 52 standard cards followed by `jokers` jokers.
    pub fn deck(jokers: u8) -> Vec<Card> {
        let mut deck: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=KING).map(move |rank| Card::new(rank, suit)))
            .collect();
        deck.extend((0..jokers).map(Card::Joker));
        deck
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker(_))
    }

    pub fn rank(self) -> Option<u8> {
        match self {
            Card::Standard { rank, .. } => Some(rank),
            Card::Joker(_) => None,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Standard { suit, .. } => Some(suit),
            Card::Joker(_) => None,
        }
    }

    pub fn colour(self) -> Option<Colour> {
        self.suit().map(Suit::colour)
    }

    pub fn is_face(self) -> bool {
        matches!(self.rank(), Some(r) if r >= JACK)
    }

    /// "A", "2" … "10", "J", "Q", "K", or "★" for a joker.
    pub fn rank_label(self) -> &'static str {
        const LABELS: [&str; 14] = [
            "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        match self {
            Card::Standard { rank, .. } => LABELS.get(rank as usize).copied().unwrap_or("?"),
            Card::Joker(_) => "★",
        }
    }

    /// The card's name for screen readers and messages: "Queen of hearts", "Joker".
    pub fn name(self) -> String {
        match self {
            Card::Joker(_) => "Joker".to_string(),
            Card::Standard { rank, suit } => {
                let rank = match rank {
                    1 => "Ace".to_string(),
                    JACK => "Jack".to_string(),
                    QUEEN => "Queen".to_string(),
                    KING => "King".to_string(),
                    n => n.to_string(),
                };
                format!("{rank} of {}", suit.name())
            }
        }
    }
}

/// Short form for logs and messages: "Q♥", "10♠", "★".
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit() {
            Some(suit) => write!(f, "{}{}", self.rank_label(), suit.symbol()),
            None => f.write_str("★"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_52_distinct_cards_plus_jokers() {
        let mut deck = Card::deck(2);
        assert_eq!(deck.len(), 54);
        deck.sort();
        deck.dedup();
        assert_eq!(deck.len(), 54);
        assert_eq!(Card::deck(0).iter().filter(|c| c.is_face()).count(), 12);
    }

    #[test]
    fn names_and_colours() {
        assert_eq!(Card::new(12, Suit::Hearts).name(), "Queen of hearts");
        assert_eq!(Card::new(1, Suit::Spades).to_string(), "A♠");
        assert_eq!(Card::new(10, Suit::Diamonds).colour(), Some(Colour::Red));
        assert_eq!(Card::Joker(0).colour(), None);
    }
}
