//! The compact card codes that the hint's rollouts and the exact solver
//! both work on: a card as a number below [`CODES`] (a pile top is a byte,
//! a set of cards one `u64`), a zombie face as a number below [`FACES`],
//! and the placement rule as bit sets of card codes, built once from
//! [`can_place`]. Nothing outside the engine sees these numbers: they are
//! never saved nor sent to the app.

use super::can_place;
use crate::cards::{Card, Suit, JACK, KING};
use std::sync::OnceLock;

/// Card codes: 13 × suit + rank − 1 for the standard cards (clubs,
/// diamonds, hearts, spades), 52 + n for joker n. A set of them is a `u64`.
pub(super) const CODES: usize = 64;

/// The codes of the cards a deal holds (the standard cards and two jokers):
/// [`deck_code`] gives no other.
pub(super) const DECK_CODES: usize = 54;

/// The code of the first joker.
const JOKER: u8 = 52;

/// Face codes: 3 × suit + rank − 11.
pub(super) const FACES: usize = 12;

fn suit_index(suit: Suit) -> u8 {
    match suit {
        Suit::Clubs => 0,
        Suit::Diamonds => 1,
        Suit::Hearts => 2,
        Suit::Spades => 3,
    }
}

/// The code of `card`; `None` for a card no deal holds (a rank out of
/// range, a joker past the twelfth), which the solver refuses.
#[inline]
pub(super) fn code(card: Card) -> Option<u8> {
    match card {
        Card::Standard { rank, suit } if (1..=KING).contains(&rank) => {
            Some(13 * suit_index(suit) + rank - 1)
        }
        Card::Joker(n) if usize::from(n) < CODES - usize::from(JOKER) => Some(JOKER + n),
        _ => None,
    }
}

/// The code of `card`, never refusing one: a rank out of range counts as
/// the nearest one, a joker past the second as the second, so that the
/// code is below [`DECK_CODES`]. The same as [`code`] for every card a
/// deal holds.
#[inline]
pub(super) fn deck_code(card: Card) -> u8 {
    match card {
        Card::Standard { rank, suit } => 13 * suit_index(suit) + rank.clamp(1, KING) - 1,
        Card::Joker(n) => JOKER + n.min(1),
    }
}

/// The card of a code.
pub(super) fn card_of(code: usize) -> Card {
    match code {
        0..=51 => Card::new((code % 13) as u8 + 1, Suit::ALL[code / 13]),
        _ => Card::Joker((code - 52) as u8),
    }
}

/// The face code of a face card (0 for a joker, which is no zombie).
pub(super) fn face_code(card: Card) -> u8 {
    match card {
        Card::Standard { rank, suit } => 3 * suit_index(suit) + rank.clamp(JACK, KING) - JACK,
        Card::Joker(_) => 0,
    }
}

/// The card of a face code.
pub(super) fn face_of(face: usize) -> Card {
    Card::new(JACK + (face % 3) as u8, Suit::ALL[face / 3])
}

/// `KIND[c]`: the first card of the value and colour of card `c` (clubs
/// for black, diamonds for red; the first joker for a joker).
pub(super) const KIND: [u8; CODES] = kinds();

const fn kinds() -> [u8; CODES] {
    let mut kinds = [0u8; CODES];
    let mut c = 0;
    while c < CODES {
        kinds[c] = match c / 13 {
            // Clubs and spades are black, diamonds and hearts red.
            0 | 3 => (c % 13) as u8,
            1 | 2 => (13 + c % 13) as u8,
            _ => JOKER,
        };
        c += 1;
    }
    kinds
}

/// The placement rule ([`can_place`]) as bit sets of card codes.
#[derive(Clone, Copy)]
pub(super) struct Placing {
    /// `fits[c]`: bit `t` set when card `c` may be played on top card `t`.
    pub(super) fits: [u64; CODES],
    /// `takes[t]`: bit `c` set when card `c` may be played on top card `t`.
    pub(super) takes: [u64; CODES],
}

impl Placing {
    /// Whether `card` may be played on `top`.
    #[inline]
    pub(super) fn fits(&self, card: u8, top: u8) -> bool {
        self.fits[usize::from(card & 63)] >> (top & 63) & 1 == 1
    }
}

/// The placement rule's bit sets, built once.
pub(super) fn placing() -> &'static Placing {
    static PLACING: OnceLock<Placing> = OnceLock::new();
    PLACING.get_or_init(|| {
        let mut fits = [0u64; CODES];
        for (c, fits) in fits.iter_mut().enumerate() {
            *fits = (0..CODES)
                .filter(|&t| can_place(card_of(c), card_of(t)))
                .fold(0, |m, t| m | 1 << t);
        }
        let mut takes = [0u64; CODES];
        for (t, takes) in takes.iter_mut().enumerate() {
            *takes = (0..CODES)
                .filter(|&c| fits[c] >> t & 1 == 1)
                .fold(0, |m, c| m | 1 << c);
        }
        Placing { fits, takes }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        let deck = Card::deck(2);
        for &card in &deck {
            let c = code(card).expect("a code");
            assert_eq!(card_of(usize::from(c)), card);
            assert_eq!(deck_code(card), c);
            assert!(usize::from(c) < DECK_CODES);
            if card.is_face() {
                assert_eq!(face_of(usize::from(face_code(card))), card);
                assert!(usize::from(face_code(card)) < FACES);
            }
        }
        // Every code is a different card.
        let mut codes: Vec<u8> = deck.iter().filter_map(|&c| code(c)).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), DECK_CODES);
        for c in 0..CODES {
            assert_eq!(code(card_of(c)), Some(c as u8));
        }
        assert_eq!(code(Card::Joker(12)), None);
        assert_eq!(deck_code(Card::Joker(12)), 53);
    }

    #[test]
    fn kinds_are_value_and_colour() {
        for (a, kind_a) in KIND.iter().enumerate() {
            for (b, kind_b) in KIND.iter().enumerate() {
                let (x, y) = (card_of(a), card_of(b));
                let same = x.rank() == y.rank() && x.colour() == y.colour();
                assert_eq!(kind_a == kind_b, same, "{x} and {y}");
            }
        }
    }

    #[test]
    fn placing_follows_the_rule() {
        let placing = placing();
        for card in 0..CODES {
            for top in 0..CODES {
                let fits = can_place(card_of(card), card_of(top));
                assert_eq!(placing.fits(card as u8, top as u8), fits);
                assert_eq!(placing.takes[top] >> card & 1 == 1, fits);
            }
        }
    }
}
