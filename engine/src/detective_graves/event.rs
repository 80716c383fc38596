//! The game's log: each [`Event`], what an action adds to it, and how a
//! seat may see it ([`Event::redacted`]); with [`DrawFor`], why a player
//! drew, and [`CardSet`], the compact form of the hands it names.

use super::{Card, Evidence, Identity, Location, Seat, Suit, DECK_SIZE, ROW};
use serde::{Deserialize, Serialize};

/// A set of cards of both decks (a bit per card, a word per deck): the
/// compact form of a hand in the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSet([u64; 2]);

impl CardSet {
    fn bit(card: Card) -> (usize, u64) {
        let key = card.key();
        (key / DECK_SIZE, 1 << (key % DECK_SIZE))
    }

    pub fn insert(&mut self, card: Card) {
        let (word, bit) = CardSet::bit(card);
        self.0[word.min(1)] |= bit;
    }

    pub fn contains(self, card: Card) -> bool {
        let (word, bit) = CardSet::bit(card);
        self.0.get(word).is_some_and(|w| w & bit != 0)
    }

    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The cards, Detective deck first, suit by suit, 2 to Ace.
    pub fn cards(self) -> Vec<Card> {
        Card::all()
            .into_iter()
            .filter(|&c| self.contains(c))
            .collect()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::default();
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// Why a player drew: what the log says of a [`Event::Drew`] (the draws
/// that are part of a mulligan, a River swap or a pass are told by that
/// event's own line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawFor {
    /// A round's draws (and every draw of a save written before the reason
    /// was kept).
    #[default]
    Round,
    /// The starting hand of a case.
    Deal,
    /// The new hand of a mulligan.
    Mulligan,
    /// The River's new hand.
    River,
    /// Fresh Lead or Accomplice.
    Ability,
    /// The Countryside's 3 cards on arrival.
    Countryside,
    /// A pass's replacement card.
    Swap,
}

/// What happened: the game's log, oldest first, and what
/// [`Game::apply`](crate::Game::apply) returns for each action (the events
/// it added to the log). Every change of a card's zone, of the time, the
/// trump, a location's outcome, the case and the game has its event, in the
/// order it happened, so that the app can tell, and animate, what an action
/// did from its events alone.
///
/// Fields holding a secret are `Option`s: a seat's view and
/// [`crate::Multiplayer::redact`] give them as `None` to whoever may not see
/// them (another seat's cards drawn or discarded face down, the identity,
/// the evidence won, the Stakeout's look). Fields added since the first
/// saves default, so that an old log still loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A case begins (0-based) with this Detective and row of locations:
    /// every card is back in its shuffled deck, the time tokens and trumps
    /// printed on the locations.
    CaseStarted {
        case: u8,
        detective: Seat,
        row: [Location; ROW],
    },
    /// The Mastermind drew an identity (secret to them) and set an evidence
    /// card aside, seen by nobody. (Saves written before this ruling name
    /// the set-aside card in a field that is no longer read.)
    IdentityDrawn {
        seat: Seat,
        identity: Option<Identity>,
    },
    /// `seat` kept the starting hand, or put it on their discard pile
    /// (`taken`); the new hand is the [`Event::Drew`] that follows.
    Mulligan {
        seat: Seat,
        taken: bool,
    },
    /// Play moves to the location at `index` of the row.
    LocationStarted {
        index: u8,
        location: Location,
        lead: Seat,
    },
    /// The Bank Vault turned the top card of `seat`'s deck into their pile.
    Revealed {
        seat: Seat,
        card: Card,
    },
    /// `seat` drew `count` cards into their hand, `from_discard` of them
    /// from the top of their discard pile (the Museum), the rest from their
    /// deck; `cards` are the cards drawn (secret to `seat`).
    Drew {
        seat: Seat,
        count: u8,
        from_discard: u8,
        #[serde(default)]
        why: DrawFor,
        #[serde(default)]
        cards: Option<CardSet>,
    },
    /// The River: `seat` put their whole hand (`discarded` cards) on their
    /// discard pile; the [`Event::Drew`] that follows brings `drew` cards.
    RiverRedraw {
        seat: Seat,
        discarded: u8,
        drew: u8,
    },
    SlumsTime {
        seat: Seat,
        here: i8,
        next: i8,
    },
    /// `card` went from `seat`'s hand into their pile at the active
    /// location.
    Placed {
        seat: Seat,
        card: Card,
    },
    /// The deuce just placed made `suit` the trump at the active location.
    TrumpChanged {
        seat: Seat,
        suit: Suit,
    },
    /// `seat` took `card` from their hand, shown, for its ability; it goes
    /// to the discard pile once the effect has resolved
    /// ([`Event::AbilitySpent`]).
    AbilityUsed {
        seat: Seat,
        card: Card,
    },
    /// The ability card's effect has resolved: `card` went to `seat`'s
    /// discard pile, or out of the game until the case ends (`removed`, at
    /// the Museum).
    AbilitySpent {
        seat: Seat,
        card: Card,
        removed: bool,
    },
    /// The Detective saw the Mastermind's hand.
    Stakeout {
        seat: Seat,
        hand: Option<CardSet>,
    },
    /// A token was added (`delta` 1) or removed (−1) at the active location,
    /// leaving `tokens`.
    Time {
        seat: Seat,
        delta: i8,
        tokens: u8,
    },
    /// Cover-up sent `card` from the Detective's pile to their discard.
    CoveredUp {
        seat: Seat,
        card: Card,
    },
    /// Warrant or Bribe: `seat` discarded a random card face down (seen by
    /// them only).
    RandomDiscard {
        seat: Seat,
        card: Option<Card>,
    },
    /// The Park's cost, discarded face down from `seat`'s hand.
    ParkDiscard {
        seat: Seat,
        card: Option<Card>,
    },
    /// `card` left `seat`'s Alley pile for their discard pile to make room.
    AlleyCleared {
        seat: Seat,
        card: Card,
    },
    /// A pass; `swapped` if `card` went face down from the hand to the
    /// discard pile (secret to the passer), the [`Event::Drew`] that
    /// follows bringing its replacement.
    Passed {
        seat: Seat,
        swapped: bool,
        card: Option<Card>,
    },
    /// `seat`'s discard pile became their new deck, shuffled.
    Reshuffled {
        seat: Seat,
    },
    /// A round ended at the location at `index`: `tokens` left.
    RoundEnded {
        index: u8,
        tokens: u8,
    },
    /// The location at `index` resolved: totals by seat index, the winner
    /// (none on a tie) and the evidence won (secret to the winner, and to
    /// the Mastermind in The Mastermind Knows All). Its time tokens go back
    /// to the box.
    Resolved {
        index: u8,
        totals: [u32; 2],
        winner: Option<Seat>,
        evidence: Option<Evidence>,
    },
    /// The Mastermind's identity is known: they revealed it, or the
    /// Detective accused `accused`.
    Unmasked {
        seat: Seat,
        identity: Identity,
        revealed: bool,
        accused: Option<Identity>,
    },
    /// Points scored in the case, by seat index.
    CaseScored {
        case: u8,
        points: [u32; 2],
    },
    /// The last case is scored: the game is over, won by `winner` (none: a
    /// draw).
    GameEnded {
        winner: Option<Seat>,
    },
}

impl Event {
    /// This event as `viewer` may see it; `mastermind` is the Mastermind of
    /// the event's case, `knows_all` the variant.
    pub fn redacted(&self, viewer: Seat, mastermind: Seat, knows_all: bool) -> Event {
        let mut e = *self;
        match &mut e {
            Event::IdentityDrawn { seat, identity } if *seat != viewer => *identity = None,
            Event::Drew { seat, cards, .. } if *seat != viewer => *cards = None,
            Event::Stakeout { seat, hand } if *seat != viewer => *hand = None,
            Event::RandomDiscard { seat, card }
            | Event::ParkDiscard { seat, card }
            | Event::Passed { seat, card, .. }
                if *seat != viewer =>
            {
                *card = None
            }
            Event::Resolved {
                winner, evidence, ..
            } if *winner != Some(viewer) && !(knows_all && viewer == mastermind) => {
                *evidence = None
            }
            _ => {}
        }
        e
    }
}
