//! Detective Graves against The Mastermind: two players, five locations in a
//! row, a case each as Detective and as Mastermind. The published rule
//! text describes the printed cards without listing them: the components
//! and our rulings are in `docs/rulings.md` (they win over the text). The
//! printed data lives in [`data`].
//!
//! Seats 0 and 1 are the players; [`State::role_of`] gives who is the
//! Detective in the case being played (roles swap every case). Zones (hands,
//! decks, discards, piles) belong to roles: each role has its own deck.
//!
//! A case, as actions: the Detective then the Mastermind keep their hand
//! ([`Action::KeepHand`]) or take a [`Action::Mulligan`]. Each location
//! starts with its ability (automatic, or a choice of the Detective at the
//! River and the Slums), then rounds follow: both draw 2 (at the Museum each
//! draw is a choice, [`Action::Draw`], when both sources hold cards), then
//! the lead player and then the other take a turn. A turn is either a pass
//! ([`Action::Pass`], or [`Action::PassSwap`] to discard one card and draw
//! one) or a play: any number of [`Action::Place`] and
//! [`Action::UseAbility`] (with their follow-up choices) ended by
//! [`Action::EndPlay`]. Two passes in a row resolve the location at once;
//! otherwise a round ends by removing a time token, and the location
//! resolves when none is left. After five locations, the Mastermind may
//! reveal themselves ([`Action::Reveal`] / [`Action::StayHidden`], where the
//! variant allows it) and the Detective accuses ([`Action::Accuse`]).
//!
//! Rulings decided here, where the texts leave room (each is checked in
//! `tests.rs`, by a test named `ruling_…` or by the test of its location or
//! ability):
//!
//! - **Deuce mid-play.** Each card is judged when it is placed, against the
//!   trump at that moment: a trump card is free, a non-trump card must match
//!   the suit of the play's earlier non-trump cards. A deuce's new trump
//!   changes nothing already placed and applies to the cards placed after
//!   it; at resolution every card counts with the trump then in force.
//! - **Deuces at the Library** may be placed, but change no trump. A deuce
//!   turned up by the Bank Vault changes no trump (nobody played it).
//! - **Last token removed by an ability**: the round goes on (the other
//!   player still has their turn); at its end the location resolves unless
//!   a token was added back meanwhile.
//! - **Time tokens**: the box holds 28; no ability or the Slums may add one
//!   when all 28 are on the table. A location that resolves returns its
//!   tokens to the box.
//! - **Empty deck**: nothing is drawn. The moment a player has neither hand
//!   nor deck (checked after every action and before every draw: the
//!   round's, a pass's replacement, Fresh Lead and Accomplice, the
//!   mulligan, the River, the Countryside, the Bank Vault's card), their
//!   discard pile is shuffled into a new deck.
//! - **Abilities** may be used even when they can do nothing (Fresh Lead on
//!   an empty deck, Cover-up with no target): the card is still spent. The
//!   card leaves the hand, shown, and is set apart ([`State::resolving`])
//!   while its effect resolves in full, its choice included; only then does
//!   it go to the discard pile (or out of the game at the Museum), so that
//!   it never comes back into play during its own effect (a Fresh Lead
//!   never reshuffles itself into the deck it draws from). A random discard (Warrant,
//!   Bribe) draws from the state's seeded generator and is seen by its owner
//!   only; the Stakeout's look is the Detective's only, for that turn.
//! - **Cover-up** takes a card that is non-trump at that moment, of rank 2–6.
//! - **Pass**: the replacement draw is from the deck (also at the Museum,
//!   whose option is for the round's draws); with an empty deck the passer
//!   may still discard, and draws nothing unless that left them with no
//!   card in hand: then the discard pile (the swapped card included) is
//!   shuffled into a new deck first, and the card drawn from it.
//! - **Mulligan**: the hand goes to the discard pile (not back into the
//!   deck) and 5 are drawn.
//! - **Bank Vault** reveals the Detective's card first, then the
//!   Mastermind's. **Countryside**: the 3 cards are drawn once, on arrival.
//!   **River**: the Detective is asked only with a card in hand; the draw
//!   is as many as the deck holds, up to the hand's size. **Slums**: one
//!   choice for both locations (−1, 0 or +1 each); neither may drop below 1
//!   token; at the fifth location only the Slums itself can change.
//! - **Park**: the discard ([`Action::ParkDiscard`]) is only allowed with a
//!   non-trump card worth 6+ to place, and must be followed at once by
//!   placing such a card. **Alley**: [`Action::AlleyClear`] is only allowed
//!   when the pile holds 3 cards and a hand card could take the place, and
//!   must be followed at once by a placement.
//! - **Docks**: judged when each card is placed, with the trump then.
//! - **Museum**: cards used for abilities there are out of the game until
//!   the case ends (kept in [`State::removed`]). A Museum draw is a choice
//!   only when both the deck and the discard pile hold cards.
//! - **Palace Grounds**: "value 4 or lower" is the printed rank (Aces are
//!   10), so no 2, 3 or 4 is placed there; abilities may still be used.
//! - **Evidence won** is seen by its winner only (and by the Mastermind in
//!   The Mastermind Knows All, who saw it on the location). The set-aside
//!   card is seen by nobody, the Mastermind included, in every variant and
//!   after the case too: no view shows it and no bot reads it.
//! - **Accusation**: the Detective may name any identity, even one cleared
//!   by their evidence. A premature reveal is not a correct deduction.
//! - **End of game tie**: the player with more correct accusations as
//!   Detective wins; equal counts (both or neither) are a draw.
//! - **Each case** starts afresh: every card back into its deck (Museum
//!   cards too), decks shuffled, tokens and printed trumps restored, new
//!   identity and evidence. Locations: the same row for the second case of
//!   a pair; shuffled anew every case with Life Is Pain, and after each
//!   pair in The Long Haul.
//! - **Who goes first** at a location: the lead (Detective at the first
//!   location, then the previous winner, the same lead after a tie) draws
//!   first and plays first; the Detective decides first at the mulligan.

//!
//! The files, each importing only those before it (no circle): [`data`]
//! (the printed components), this one (state, actions, events, rules,
//! invariants), [`view`] (what a seat sees, redaction, re-dealing what it
//! cannot see), [`bot`] (the Simple player), [`strong`] (the Strong
//! player's search), [`players`] (the two-seat contract: views and
//! computer players for the app).

pub mod bot;
pub mod data;
pub mod players;
pub mod strong;
#[cfg(test)]
mod tests;
pub mod view;

pub use crate::seats::{Level, Seat, SeatKind};
pub use data::{
    possible_identities, Ability, Card, Evidence, Identity, Location, Role, Suit, ACE, DECK_SIZE,
};

use crate::cards::shuffle;
use crate::game::Game;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Locations in play in a case.
pub const ROW: usize = 5;
/// Cards in a starting hand.
pub const HAND: usize = 5;
/// Time tokens in the box.
pub const TIME_TOKENS: u8 = 28;
/// Cards an Alley pile may hold.
pub const ALLEY_LIMIT: usize = 3;
/// The longest Long Haul offered, in pairs of cases.
pub const MAX_CASE_PAIRS: u8 = 10;

/// How many cases are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Length {
    /// The Single Case: one case, its own scoring.
    SingleCase,
    /// Pairs of cases, each player Detective once per pair: 1 is the
    /// standard game, more is The Long Haul.
    CasePairs(u8),
}

/// The optional rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variant {
    /// The Mastermind Knows All: the Mastermind sees the evidence on the
    /// locations, and may not reveal themselves.
    pub knows_all: bool,
    pub length: Length,
    /// Life Is Pain: new locations every case.
    pub life_is_pain: bool,
}

impl Default for Variant {
    /// The standard game: two cases, no option.
    fn default() -> Variant {
        Variant {
            knows_all: false,
            length: Length::CasePairs(1),
            life_is_pain: false,
        }
    }
}

impl Variant {
    pub fn cases(&self) -> usize {
        match self.length {
            Length::SingleCase => 1,
            Length::CasePairs(n) => 2 * usize::from(n),
        }
    }

    pub fn single_case(&self) -> bool {
        self.length == Length::SingleCase
    }

    /// Points per evidence card won: 2, or 3 in a single case.
    pub fn evidence_points(&self) -> u32 {
        if self.single_case() {
            3
        } else {
            2
        }
    }

    /// Whether the Mastermind may reveal themselves before the accusation.
    pub fn reveal_allowed(&self) -> bool {
        !self.knows_all && !self.single_case()
    }

    /// What a premature reveal gives the Detective.
    pub fn reveal_points(&self) -> u32 {
        2
    }

    /// What a correct accusation gives the Detective, and a wrong one the
    /// Mastermind.
    pub fn accusation_points(&self) -> (u32, u32) {
        if self.single_case() {
            (4, 4)
        } else {
            (3, 1)
        }
    }
}

/// Where the turn stands; [`State::actor`] says whose choice it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Keep the starting hand or take a mulligan.
    Mulligan,
    /// The Detective may swap their whole hand at the River.
    River,
    /// The Detective may change the time at the Slums and the next location.
    Slums,
    /// A Museum draw: from the deck or the top of the discard pile.
    Draw,
    /// A turn: place cards, use abilities, end the play, or pass.
    Play,
    /// A card must be placed now (after the Park's discard or clearing room
    /// in the Alley).
    MustPlace,
    /// Overtime / Smoke and Mirrors: one token more or less.
    ChooseTime,
    /// Cover-up: which card of the Detective's pile.
    ChooseCoverUp,
    /// A deuce was placed: a new trump, or keep it.
    ChooseTrump,
    /// The Mastermind may reveal themselves.
    Unmask,
    /// The Detective names the Mastermind.
    Accuse,
    Over,
}

impl Phase {
    /// What is awaited, for prompts and error messages.
    pub fn prompt(self) -> &'static str {
        match self {
            Phase::Mulligan => "keep the starting hand or take a mulligan",
            Phase::River => "swap the whole hand at the River, or keep it",
            Phase::Slums => "set the time at the Slums and the next location",
            Phase::Draw => "draw from the deck or from the top of the discard pile",
            Phase::Play => "place cards, use an ability, end the play or pass",
            Phase::MustPlace => "place a card",
            Phase::ChooseTime => "add or take away a time token",
            Phase::ChooseCoverUp => "choose the card to cover up",
            Phase::ChooseTrump => "choose a new trump suit or keep it",
            Phase::Unmask => "reveal the Mastermind or stay hidden",
            Phase::Accuse => "name the Mastermind",
            Phase::Over => "nothing: the game is over",
        }
    }
}

/// Where a round's draw comes from at the Museum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    Deck,
    Discard,
}

/// Everything a player can do. Card actions name a card of the acting
/// player's hand (or pile, for [`Action::AlleyClear`], or the Detective's
/// pile, for [`Action::CoverUp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Keep the starting hand (mulligan), or the hand at the River.
    KeepHand,
    /// Discard the starting hand and draw 5 (once per case).
    Mulligan,
    /// The River: discard the whole hand and draw as many.
    RiverRedraw,
    /// The Slums: −1, 0 or +1 token at the Slums and at the next location.
    SlumsTime { here: i8, next: i8 },
    /// A Museum draw.
    Draw(Source),
    /// Place a card from hand into one's pile at the active location.
    Place(Card),
    /// Discard a 3–6 from hand for its ability.
    UseAbility(Card),
    /// The Park: discard a card face down to pay for a non-trump 6+.
    ParkDiscard(Card),
    /// The Alley: discard a card of one's full pile to make room.
    AlleyClear(Card),
    /// Overtime / Smoke and Mirrors: one token more...
    TimeUp,
    /// ... or one less.
    TimeDown,
    /// Cover-up: this card of the Detective's pile goes to their discard.
    CoverUp(Card),
    /// The deuce just placed makes this suit the trump here.
    Trump(Suit),
    /// The deuce just placed changes nothing.
    KeepTrump,
    /// End a turn in which something was placed or used.
    EndPlay,
    /// Pass without discarding.
    Pass,
    /// Pass, discarding this card and drawing one.
    PassSwap(Card),
    /// The Mastermind reveals themselves before the accusation.
    Reveal,
    /// The Mastermind lets the Detective accuse.
    StayHidden,
    /// The Detective names the Mastermind.
    Accuse(Identity),
}

/// How a location ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Open,
    Won(Role),
    /// A tie: its evidence was discarded unseen.
    Tied,
}

/// Where an evidence card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EvidenceAt {
    /// Not used this case.
    Box,
    /// Under the Mastermind's identity card.
    SetAside,
    /// Face down on the location at this index of the row.
    Location(u8),
    Won(Role),
    /// Discarded unseen after a tie.
    Unseen,
}

/// A card of either deck or an evidence card: what [`Game::all_pieces`]
/// lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Piece {
    Card(Card),
    Evidence(Evidence),
}

/// The result of a finished case. Arrays are indexed by [`Role::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CaseResult {
    pub detective: Seat,
    pub identity: Identity,
    /// Evidence cards each role won.
    pub evidence: [u8; 2],
    /// Whether the Mastermind revealed themselves.
    pub revealed: bool,
    /// The Detective's accusation (none after a reveal).
    pub accused: Option<Identity>,
    pub evidence_points: [u32; 2],
    pub unmasking_points: [u32; 2],
}

impl CaseResult {
    pub fn mastermind(&self) -> Seat {
        other(self.detective)
    }

    pub fn role_of(&self, seat: Seat) -> Role {
        if seat == self.detective {
            Role::Detective
        } else {
            Role::Mastermind
        }
    }

    /// Whether the Detective named the right identity.
    pub fn correct(&self) -> bool {
        self.accused == Some(self.identity)
    }

    /// What `seat` scored in this case.
    pub fn points(&self, seat: Seat) -> u32 {
        let role = self.role_of(seat).index();
        self.evidence_points[role] + self.unmasking_points[role]
    }
}

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

/// What happened: the game's log, oldest first, and what [`Game::apply`]
/// returns for each action (the events it added to the log). Every change
/// of a card's zone, of the time, the trump, a location's outcome, the case
/// and the game has its event, in the order it happened, so that the app
/// can tell, and animate, what an action did from its events alone.
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

/// Who must act, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Playing {
        seat: Seat,
        phase: Phase,
    },
    /// One winner, or both for a draw.
    Over {
        winners: Vec<Seat>,
    },
}

/// What the current turn has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Turn {
    /// Something was placed or used: the turn is a play, not a pass.
    acted: bool,
    /// The suit of this play's non-trump cards, once one is placed.
    suit: Option<Suit>,
    /// Whether this is the round's second turn.
    second: bool,
}

fn other(seat: Seat) -> Seat {
    Seat::new(1 - seat.index().min(1))
}

/// A pile's total at `location` with `trump`: trumps double, Aces 12 at the
/// Record Office.
fn pile_total(location: Location, trump: Option<Suit>, pile: &[Card]) -> u32 {
    let aces_high = location == Location::RecordOffice;
    pile.iter()
        .map(|c| c.value(aces_high) * if Some(c.suit) == trump { 2 } else { 1 })
        .sum()
}

/// A game of Detective Graves in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    seed: u64,
    rng: Pcg32,
    kinds: [SeatKind; 2],
    variant: Variant,
    first_detective: Seat,
    /// The case being played (0-based).
    case: u8,
    /// The Detective of this case.
    detective: Seat,
    row: [Location; ROW],
    tokens: [u8; ROW],
    trumps: [Option<Suit>; ROW],
    outcomes: [Outcome; ROW],
    /// The active location's index in the row.
    active: u8,
    /// Who leads at the active location.
    lead: Role,
    /// Whose choice it is.
    actor: Role,
    phase: Phase,
    turn: Turn,
    /// Passes in a row at this location.
    passes: u8,
    /// Museum draws still owed this round, by role.
    draws: [u8; 2],
    /// The Mastermind's hand as the Detective's Stakeout saw it, for the
    /// rest of that turn.
    stakeout: Option<CardSet>,
    /// By role. Decks and discard piles have their top card last.
    hands: [Vec<Card>; 2],
    decks: [Vec<Card>; 2],
    discards: [Vec<Card>; 2],
    /// By location index, then role.
    piles: [[Vec<Card>; 2]; ROW],
    /// Cards used for abilities at the Museum, out until the case ends.
    removed: Vec<Card>,
    identity: Identity,
    /// Where each of [`Evidence::ALL`] is.
    evidence: [EvidenceAt; 10],
    results: Vec<CaseResult>,
    log: Vec<Event>,
    winners: Vec<Seat>,
    /// The ability card whose effect is resolving (awaiting its choice):
    /// out of the hand, shown, not yet on the discard pile.
    #[serde(default)]
    resolving: Option<Card>,
    /// Actions applied so far: with the seed, the computer players' seed
    /// ([`crate::Multiplayer::bot_seed`]).
    #[serde(default)]
    actions: u64,
}

impl State {
    /// A new game: `first_detective` is the first case's Detective. The same
    /// arguments always deal the same game.
    pub fn new(
        seats: [SeatKind; 2],
        first_detective: Seat,
        variant: Variant,
        seed: u64,
    ) -> Result<State, RuleError> {
        if first_detective.index() > 1 {
            return Err(RuleError::NoSuchSeat(first_detective));
        }
        if let Length::CasePairs(n) = variant.length {
            if !(1..=MAX_CASE_PAIRS).contains(&n) {
                return Err(RuleError::CasePairs(n));
            }
        }
        let mut state = State {
            seed,
            rng: Pcg32::seed_from_u64(seed),
            kinds: seats,
            variant,
            first_detective,
            case: 0,
            detective: first_detective,
            row: [Location::Station; ROW],
            tokens: [0; ROW],
            trumps: [None; ROW],
            outcomes: [Outcome::Open; ROW],
            active: 0,
            lead: Role::Detective,
            actor: Role::Detective,
            phase: Phase::Mulligan,
            turn: Turn::default(),
            passes: 0,
            draws: [0; 2],
            stakeout: None,
            hands: Default::default(),
            decks: Default::default(),
            discards: Default::default(),
            piles: Default::default(),
            removed: Vec::new(),
            identity: Identity::Professor,
            evidence: [EvidenceAt::Box; 10],
            results: Vec::new(),
            log: Vec::new(),
            winners: Vec::new(),
            resolving: None,
            actions: 0,
        };
        state.start_case();
        Ok(state)
    }

    // ---------------------------------------------------------- reading ----

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn seat_kinds(&self) -> [SeatKind; 2] {
        self.kinds
    }

    pub fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
        self.kinds.get(seat.index()).copied()
    }

    /// Who plays `seat` from now on: a person who left a game played across
    /// devices gives their seat to the computer. Not a move of the game
    /// (the rules do not say who plays a seat). False for no such seat.
    pub fn set_seat_kind(&mut self, seat: Seat, kind: SeatKind) -> bool {
        match self.kinds.get_mut(seat.index()) {
            Some(k) => {
                *k = kind;
                true
            }
            None => false,
        }
    }

    /// The case being played (0-based; the last once the game is over).
    pub fn case(&self) -> usize {
        usize::from(self.case)
    }

    pub fn cases(&self) -> usize {
        self.variant.cases()
    }

    pub fn first_detective(&self) -> Seat {
        self.first_detective
    }

    /// `seat`'s role in the case being played.
    pub fn role_of(&self, seat: Seat) -> Role {
        if seat == self.detective {
            Role::Detective
        } else {
            Role::Mastermind
        }
    }

    /// The seat playing `role` in the case being played.
    pub fn seat_of(&self, role: Role) -> Seat {
        match role {
            Role::Detective => self.detective,
            Role::Mastermind => other(self.detective),
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The role whose choice it is (the last to act once the game is over).
    pub fn actor(&self) -> Role {
        self.actor
    }

    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then(|| self.seat_of(self.actor))
    }

    pub fn status(&self) -> Status {
        match self.to_act() {
            Some(seat) => Status::Playing {
                seat,
                phase: self.phase,
            },
            None => Status::Over {
                winners: self.winners.clone(),
            },
        }
    }

    pub fn winners(&self) -> &[Seat] {
        &self.winners
    }

    /// The five locations of the case, left to right.
    pub fn row(&self) -> [Location; ROW] {
        self.row
    }

    /// The active location's index in the row.
    pub fn active(&self) -> usize {
        usize::from(self.active).min(ROW - 1)
    }

    pub fn location(&self) -> Location {
        self.row[self.active()]
    }

    /// Who leads at the active location.
    pub fn lead(&self) -> Role {
        self.lead
    }

    /// Time tokens on the location at `index`.
    pub fn tokens(&self, index: usize) -> u8 {
        self.tokens.get(index).copied().unwrap_or(0)
    }

    /// Time tokens still in the box.
    pub fn supply(&self) -> u8 {
        let on_table: u32 = self.tokens.iter().map(|&t| u32::from(t)).sum();
        TIME_TOKENS.saturating_sub(on_table.min(255) as u8)
    }

    pub fn trump(&self, index: usize) -> Option<Suit> {
        self.trumps.get(index).copied().flatten()
    }

    pub fn outcome(&self, index: usize) -> Outcome {
        self.outcomes.get(index).copied().unwrap_or(Outcome::Open)
    }

    /// `role`'s evidence pile at the location at `index`.
    pub fn pile(&self, index: usize, role: Role) -> &[Card] {
        self.piles.get(index).map_or(&[], |p| &p[role.index()])
    }

    /// `role`'s total at the location at `index` with its trump now:
    /// trumps double, Aces 12 at the Record Office.
    pub fn total(&self, index: usize, role: Role) -> u32 {
        match self.row.get(index) {
            Some(&location) => pile_total(location, self.trump(index), self.pile(index, role)),
            None => 0,
        }
    }

    /// Secret: the UI shows a hand only through its owner's view.
    pub fn hand(&self, role: Role) -> &[Card] {
        &self.hands[role.index()]
    }

    /// Secret order: top card last.
    pub fn deck(&self, role: Role) -> &[Card] {
        &self.decks[role.index()]
    }

    /// Face down: top card last.
    pub fn discard(&self, role: Role) -> &[Card] {
        &self.discards[role.index()]
    }

    /// Cards out of the game (used at the Museum) until the case ends.
    pub fn removed(&self) -> &[Card] {
        &self.removed
    }

    /// Secret: the Mastermind's identity.
    pub fn identity(&self) -> Identity {
        self.identity
    }

    /// Where evidence card `e` is.
    pub fn evidence_at(&self, e: Evidence) -> EvidenceAt {
        self.evidence[e.index()]
    }

    /// The evidence cards at a place, in [`Evidence::ALL`] order.
    pub fn evidence_in(&self, place: EvidenceAt) -> Vec<Evidence> {
        Evidence::ALL
            .into_iter()
            .filter(|e| self.evidence[e.index()] == place)
            .collect()
    }

    /// The finished cases.
    pub fn results(&self) -> &[CaseResult] {
        &self.results
    }

    /// `seat`'s points over the finished cases.
    pub fn points(&self, seat: Seat) -> u32 {
        self.results.iter().map(|r| r.points(seat)).sum()
    }

    /// How many times `seat`'s accusation as Detective was right.
    pub fn correct_deductions(&self, seat: Seat) -> usize {
        self.results
            .iter()
            .filter(|r| r.detective == seat && r.correct())
            .count()
    }

    /// The whole log, secrets included: the UI reads it through a seat's
    /// view.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// The ability card whose effect awaits a choice (Overtime, Smoke and
    /// Mirrors, Cover-up): out of the hand, not yet discarded.
    pub fn resolving(&self) -> Option<Card> {
        self.resolving
    }

    /// How many actions have been applied since the deal.
    pub fn actions_applied(&self) -> u64 {
        self.actions
    }

    /// What the rules of the actor's next action read.
    fn table(&self) -> Table<'_> {
        let r = self.actor.index();
        Table {
            phase: self.phase,
            actor: self.actor,
            row: &self.row,
            active: self.active(),
            tokens: &self.tokens,
            trumps: &self.trumps,
            piles: &self.piles,
            turn: self.turn,
            deck_empty: self.decks[r].is_empty(),
            discard_empty: self.discards[r].is_empty(),
            hand: Some(&self.hands[r]),
        }
    }

    // --------------------------------------------------------- the case ----

    fn seat(&self, role: Role) -> Seat {
        self.seat_of(role)
    }

    fn start_case(&mut self) {
        let case = self.case;
        self.detective = if case.is_multiple_of(2) {
            self.first_detective
        } else {
            other(self.first_detective)
        };
        if case == 0 || self.variant.life_is_pain || case.is_multiple_of(2) {
            let mut all = Location::ALL;
            shuffle(&mut all, &mut self.rng);
            self.row.copy_from_slice(&all[..ROW]);
        }
        for (i, location) in self.row.iter().enumerate() {
            self.tokens[i] = location.time();
            self.trumps[i] = location.trump();
        }
        self.outcomes = [Outcome::Open; ROW];
        for role in Role::ALL {
            let r = role.index();
            self.hands[r].clear();
            self.discards[r].clear();
            self.decks[r] = Card::deck(role);
            shuffle(&mut self.decks[r], &mut self.rng);
        }
        self.piles = Default::default();
        self.removed.clear();
        self.resolving = None;
        self.identity = Identity::ALL[self.rng.random_range(0..Identity::ALL.len())];
        let mut left: Vec<Evidence> = Evidence::left_by(self.identity).collect();
        shuffle(&mut left, &mut self.rng);
        self.evidence = [EvidenceAt::Box; 10];
        for (i, e) in left.iter().enumerate() {
            self.evidence[e.index()] = match i {
                0 => EvidenceAt::SetAside,
                i => EvidenceAt::Location(i as u8 - 1),
            };
        }
        self.log.push(Event::CaseStarted {
            case,
            detective: self.detective,
            row: self.row,
        });
        self.log.push(Event::IdentityDrawn {
            seat: self.seat(Role::Mastermind),
            identity: Some(self.identity),
        });
        for role in Role::ALL {
            self.draw(role, HAND as u8, DrawFor::Deal);
        }
        self.active = 0;
        self.lead = Role::Detective;
        self.passes = 0;
        self.turn = Turn::default();
        self.stakeout = None;
        self.phase = Phase::Mulligan;
        self.actor = Role::Detective;
    }

    /// Draws up to `n` cards from `role`'s deck, the discard pile shuffled
    /// into a new deck first when the hand and deck are empty, and logs it;
    /// returns how many were drawn.
    fn draw(&mut self, role: Role, n: u8, why: DrawFor) -> u8 {
        self.refill(role);
        let r = role.index();
        let mut cards = CardSet::default();
        let mut count = 0;
        while count < n {
            let Some(card) = self.decks[r].pop() else {
                break;
            };
            self.hands[r].push(card);
            cards.insert(card);
            count += 1;
        }
        self.log.push(Event::Drew {
            seat: self.seat(role),
            count,
            from_discard: 0,
            why,
            cards: Some(cards),
        });
        count
    }

    /// How many cards a draw of `n` would give `role` now (after the
    /// reshuffle it may cause).
    fn drawable(&self, role: Role, n: u8) -> u8 {
        let r = role.index();
        let deck = if self.hands[r].is_empty() && self.decks[r].is_empty() {
            self.discards[r].len()
        } else {
            self.decks[r].len()
        };
        n.min(deck.min(255) as u8)
    }

    /// No hand and no deck: the discard pile becomes the deck.
    fn refill(&mut self, role: Role) {
        let r = role.index();
        if self.hands[r].is_empty() && self.decks[r].is_empty() && !self.discards[r].is_empty() {
            self.decks[r] = std::mem::take(&mut self.discards[r]);
            shuffle(&mut self.decks[r], &mut self.rng);
            self.log.push(Event::Reshuffled {
                seat: self.seat(role),
            });
        }
    }

    fn start_location(&mut self, index: u8, lead: Role) {
        self.active = index;
        self.lead = lead;
        self.passes = 0;
        let i = usize::from(index);
        let location = self.row[i];
        self.log.push(Event::LocationStarted {
            index,
            location,
            lead: self.seat(lead),
        });
        match location {
            Location::BankVault => {
                for role in Role::ALL {
                    self.refill(role);
                    if let Some(card) = self.decks[role.index()].pop() {
                        self.piles[i][role.index()].push(card);
                        self.log.push(Event::Revealed {
                            seat: self.seat(role),
                            card,
                        });
                    }
                }
            }
            Location::Countryside => {
                for role in Role::ALL {
                    self.draw(role, 3, DrawFor::Countryside);
                }
            }
            Location::River if !self.hands[0].is_empty() => {
                self.phase = Phase::River;
                self.actor = Role::Detective;
                return;
            }
            Location::Slums => {
                self.phase = Phase::Slums;
                self.actor = Role::Detective;
                return;
            }
            _ => {}
        }
        self.start_round();
    }

    fn start_round(&mut self) {
        if self.location() == Location::Museum {
            self.draws = [2, 2];
            self.museum_draws();
        } else {
            for role in [self.lead, self.lead.other()] {
                self.draw(role, 2, DrawFor::Round);
            }
            self.start_turn(self.lead, false);
        }
    }

    /// The Museum's draws, lead first: automatic while only one source holds
    /// cards, a choice ([`Phase::Draw`]) when both do.
    fn museum_draws(&mut self) {
        for role in [self.lead, self.lead.other()] {
            let r = role.index();
            while self.draws[r] > 0 {
                self.refill(role);
                match (self.decks[r].is_empty(), self.discards[r].is_empty()) {
                    (false, false) => {
                        self.phase = Phase::Draw;
                        self.actor = role;
                        return;
                    }
                    (false, true) => self.museum_draw(role, Source::Deck),
                    (true, false) => self.museum_draw(role, Source::Discard),
                    (true, true) => self.draws[r] = 0,
                }
            }
        }
        self.start_turn(self.lead, false);
    }

    fn museum_draw(&mut self, role: Role, source: Source) {
        let r = role.index();
        self.draws[r] = self.draws[r].saturating_sub(1);
        let pile = match source {
            Source::Deck => &mut self.decks[r],
            Source::Discard => &mut self.discards[r],
        };
        if let Some(card) = pile.pop() {
            self.hands[r].push(card);
            self.log.push(Event::Drew {
                seat: self.seat(role),
                count: 1,
                from_discard: u8::from(source == Source::Discard),
                why: DrawFor::Round,
                cards: Some(CardSet::from_iter([card])),
            });
        }
    }

    fn start_turn(&mut self, role: Role, second: bool) {
        self.actor = role;
        self.phase = Phase::Play;
        self.turn = Turn {
            second,
            ..Turn::default()
        };
        self.stakeout = None;
    }

    fn end_turn(&mut self, passed: bool) {
        self.stakeout = None;
        if passed {
            self.passes += 1;
            if self.passes >= 2 {
                self.resolve();
                return;
            }
        } else {
            self.passes = 0;
        }
        if self.turn.second {
            self.end_round();
        } else {
            self.start_turn(self.lead.other(), true);
        }
    }

    fn end_round(&mut self) {
        let i = self.active();
        self.tokens[i] = self.tokens[i].saturating_sub(1);
        self.log.push(Event::RoundEnded {
            index: i as u8,
            tokens: self.tokens[i],
        });
        if self.tokens[i] == 0 {
            self.resolve();
        } else {
            self.start_round();
        }
    }

    fn resolve(&mut self) {
        let i = self.active();
        let totals = [
            self.total(i, Role::Detective),
            self.total(i, Role::Mastermind),
        ];
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Role::Detective),
            std::cmp::Ordering::Less => Some(Role::Mastermind),
            std::cmp::Ordering::Equal => None,
        };
        let evidence = self
            .evidence
            .iter()
            .position(|&p| p == EvidenceAt::Location(i as u8));
        if let Some(e) = evidence {
            self.evidence[e] = match winner {
                Some(role) => EvidenceAt::Won(role),
                None => EvidenceAt::Unseen,
            };
        }
        self.outcomes[i] = winner.map_or(Outcome::Tied, Outcome::Won);
        self.tokens[i] = 0;
        let by_seat = |role: Role| totals[role.index()];
        let seat0 = self.role_of(Seat(0));
        self.log.push(Event::Resolved {
            index: i as u8,
            totals: [by_seat(seat0), by_seat(seat0.other())],
            winner: winner.map(|r| self.seat(r)),
            evidence: winner.and(evidence.map(|e| Evidence::ALL[e])),
        });
        self.turn = Turn::default();
        self.stakeout = None;
        if i + 1 < ROW {
            self.start_location(i as u8 + 1, winner.unwrap_or(self.lead));
        } else if self.variant.reveal_allowed() {
            self.phase = Phase::Unmask;
            self.actor = Role::Mastermind;
        } else {
            self.phase = Phase::Accuse;
            self.actor = Role::Detective;
        }
    }

    /// Scores the case and starts the next one, or ends the game.
    fn finish_case(&mut self, revealed: bool, accused: Option<Identity>) {
        let won = |role| {
            self.evidence
                .iter()
                .filter(|&&p| p == EvidenceAt::Won(role))
                .count() as u8
        };
        let evidence = [won(Role::Detective), won(Role::Mastermind)];
        let per = self.variant.evidence_points();
        let (right, wrong) = self.variant.accusation_points();
        let unmasking = if revealed {
            [self.variant.reveal_points(), 0]
        } else if accused == Some(self.identity) {
            [right, 0]
        } else {
            [0, wrong]
        };
        let result = CaseResult {
            detective: self.detective,
            identity: self.identity,
            evidence,
            revealed,
            accused,
            evidence_points: evidence.map(|n| u32::from(n) * per),
            unmasking_points: unmasking,
        };
        self.log.push(Event::Unmasked {
            seat: self.seat(Role::Mastermind),
            identity: self.identity,
            revealed,
            accused,
        });
        self.log.push(Event::CaseScored {
            case: self.case,
            points: [result.points(Seat(0)), result.points(Seat(1))],
        });
        self.results.push(result);
        if self.case() + 1 < self.cases() {
            self.case += 1;
            self.start_case();
        } else {
            self.phase = Phase::Over;
            self.winners = self.compute_winners();
            self.log.push(Event::GameEnded {
                winner: match self.winners.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                },
            });
        }
    }

    /// Most points; a tie goes to more correct accusations as Detective;
    /// still tied, both (a draw).
    fn compute_winners(&self) -> Vec<Seat> {
        let key = |s: Seat| (self.points(s), self.correct_deductions(s));
        match key(Seat(0)).cmp(&key(Seat(1))) {
            std::cmp::Ordering::Greater => vec![Seat(0)],
            std::cmp::Ordering::Less => vec![Seat(1)],
            std::cmp::Ordering::Equal => vec![Seat(0), Seat(1)],
        }
    }

    // ---------------------------------------------------------- actions ----

    /// The actions that may be taken now (by [`State::to_act`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.table().legal_actions()
    }

    /// Applies an action [`Game::check`] accepted: cannot fail.
    fn execute(&mut self, action: Action) {
        use Action as A;
        let role = self.actor;
        let r = role.index();
        let seat = self.seat(role);
        let i = self.active();
        match action {
            A::KeepHand | A::Mulligan if self.phase == Phase::Mulligan => {
                let taken = action == A::Mulligan;
                self.log.push(Event::Mulligan { seat, taken });
                if taken {
                    let hand = std::mem::take(&mut self.hands[r]);
                    self.discards[r].extend(hand);
                    self.draw(role, HAND as u8, DrawFor::Mulligan);
                }
                if role == Role::Detective {
                    self.actor = Role::Mastermind;
                } else {
                    self.start_location(0, Role::Detective);
                }
            }
            // The River's keep.
            A::KeepHand | A::Mulligan => self.start_round(),
            A::RiverRedraw => {
                let hand = std::mem::take(&mut self.hands[r]);
                let discarded = hand.len().min(255) as u8;
                self.discards[r].extend(hand);
                let drew = self.drawable(role, discarded);
                self.log.push(Event::RiverRedraw {
                    seat,
                    discarded,
                    drew,
                });
                self.draw(role, discarded, DrawFor::River);
                self.start_round();
            }
            A::SlumsTime { here, next } => {
                for (index, delta) in [(i, here), (i + 1, next)] {
                    if let Some(t) = self.tokens.get_mut(index) {
                        *t = t.saturating_add_signed(delta);
                    }
                }
                self.log.push(Event::SlumsTime { seat, here, next });
                self.start_round();
            }
            A::Draw(source) => {
                self.museum_draw(role, source);
                self.museum_draws();
            }
            A::Place(card) => {
                self.hands[r].retain(|&c| c != card);
                if !self.table().is_trump(card) {
                    self.turn.suit = Some(card.suit);
                }
                self.piles[i][r].push(card);
                self.turn.acted = true;
                self.log.push(Event::Placed { seat, card });
                self.phase = if card.is_deuce() && self.location() != Location::Library {
                    Phase::ChooseTrump
                } else {
                    Phase::Play
                };
            }
            A::UseAbility(card) => {
                // Revealed and set apart while its effect resolves.
                self.hands[r].retain(|&c| c != card);
                self.resolving = Some(card);
                self.turn.acted = true;
                self.log.push(Event::AbilityUsed { seat, card });
                self.ability(card);
                if self.phase == Phase::Play {
                    self.spend();
                }
            }
            A::ParkDiscard(card) => {
                self.hands[r].retain(|&c| c != card);
                self.discards[r].push(card);
                self.log.push(Event::ParkDiscard {
                    seat,
                    card: Some(card),
                });
                self.phase = Phase::MustPlace;
            }
            A::AlleyClear(card) => {
                self.piles[i][r].retain(|&c| c != card);
                self.discards[r].push(card);
                self.log.push(Event::AlleyCleared { seat, card });
                self.phase = Phase::MustPlace;
            }
            A::TimeUp | A::TimeDown => {
                let delta = if action == A::TimeUp { 1 } else { -1 };
                self.tokens[i] = self.tokens[i].saturating_add_signed(delta);
                self.log.push(Event::Time {
                    seat,
                    delta,
                    tokens: self.tokens[i],
                });
                self.phase = Phase::Play;
                self.spend();
            }
            A::CoverUp(card) => {
                self.piles[i][0].retain(|&c| c != card);
                self.discards[0].push(card);
                self.log.push(Event::CoveredUp { seat, card });
                self.phase = Phase::Play;
                self.spend();
            }
            A::Trump(suit) => {
                self.trumps[i] = Some(suit);
                self.log.push(Event::TrumpChanged { seat, suit });
                self.phase = Phase::Play;
            }
            A::KeepTrump => self.phase = Phase::Play,
            A::EndPlay => self.end_turn(false),
            A::Pass | A::PassSwap(_) => {
                let card = match action {
                    A::PassSwap(c) => Some(c),
                    _ => None,
                };
                self.log.push(Event::Passed {
                    seat,
                    swapped: card.is_some(),
                    card,
                });
                if let Some(c) = card {
                    self.hands[r].retain(|&h| h != c);
                    self.discards[r].push(c);
                    // A passer left with neither hand nor deck shuffles the
                    // discard pile (this card included) into a new deck
                    // before drawing.
                    self.draw(role, 1, DrawFor::Swap);
                }
                self.end_turn(true);
            }
            A::Reveal => self.finish_case(true, None),
            A::StayHidden => {
                self.phase = Phase::Accuse;
                self.actor = Role::Detective;
            }
            A::Accuse(identity) => self.finish_case(false, Some(identity)),
        }
        for role in Role::ALL {
            self.refill(role);
        }
    }

    /// The effect of an ability card just taken from the actor's hand: done
    /// at once, or awaiting a choice ([`Phase::ChooseTime`],
    /// [`Phase::ChooseCoverUp`]).
    fn ability(&mut self, card: Card) {
        let role = self.actor;
        let them = role.other();
        match card.ability() {
            Some(Ability::FreshLead | Ability::Accomplice) => {
                self.draw(role, 2, DrawFor::Ability);
            }
            Some(Ability::Stakeout) => {
                let hand: CardSet = self.hands[them.index()].iter().copied().collect();
                self.stakeout = Some(hand);
                self.log.push(Event::Stakeout {
                    seat: self.seat(role),
                    hand: Some(hand),
                });
            }
            Some(Ability::Overtime | Ability::SmokeAndMirrors)
                if self.supply() > 0 || self.tokens[self.active()] > 0 =>
            {
                self.phase = Phase::ChooseTime
            }
            Some(Ability::Warrant | Ability::Bribe) => {
                let hand = &mut self.hands[them.index()];
                if !hand.is_empty() {
                    let lost = hand.remove(self.rng.random_range(0..hand.len()));
                    self.discards[them.index()].push(lost);
                    self.log.push(Event::RandomDiscard {
                        seat: self.seat(them),
                        card: Some(lost),
                    });
                }
            }
            Some(Ability::CoverUp) if self.table().cover_up_targets().next().is_some() => {
                self.phase = Phase::ChooseCoverUp
            }
            _ => {}
        }
    }

    /// The ability card whose effect has resolved goes to its owner's
    /// discard pile, or out of the game at the Museum.
    fn spend(&mut self) {
        let Some(card) = self.resolving.take() else {
            return;
        };
        let removed = self.location() == Location::Museum;
        if removed {
            self.removed.push(card);
        } else {
            self.discards[card.deck.index()].push(card);
        }
        self.log.push(Event::AbilitySpent {
            seat: self.seat(card.deck),
            card,
            removed,
        });
    }

    // --------------------------------------------------------- validate ----

    /// The invariants of a state the rules can reach, for
    /// [`Game::validate`].
    fn check_invariants(&self) -> Result<(), String> {
        if self.detective.index() > 1 || self.first_detective.index() > 1 {
            return Err("the seats are not two".into());
        }
        if let Length::CasePairs(n) = self.variant.length {
            if !(1..=MAX_CASE_PAIRS).contains(&n) {
                return Err("the number of cases is out of range".into());
            }
        }
        if usize::from(self.active) >= ROW || self.case() >= self.cases() {
            return Err("the active location or case is out of range".into());
        }
        let detective_of = |case: usize| {
            if case.is_multiple_of(2) {
                self.first_detective
            } else {
                other(self.first_detective)
            }
        };
        if self.detective != detective_of(self.case())
            || self
                .results
                .iter()
                .enumerate()
                .any(|(k, r)| r.detective != detective_of(k))
        {
            return Err("the roles do not swap from case to case".into());
        }
        self.check_cards()?;
        self.check_evidence()?;
        self.check_locations()?;
        self.check_phase()?;
        if self.results.len() != self.case() + usize::from(self.phase == Phase::Over) {
            return Err("the results do not match the cases played".into());
        }
        Ok(())
    }

    /// Every card once, each role's zones holding its own deck's cards, no
    /// player without hand and deck but with a discard pile.
    fn check_cards(&self) -> Result<(), String> {
        let mut pieces = self.all_pieces();
        pieces.sort();
        let mut all: Vec<Piece> = Card::all().into_iter().map(Piece::Card).collect();
        all.extend(Evidence::ALL.map(Piece::Evidence));
        all.sort();
        if pieces != all {
            return Err("the cards are not the two decks, each card once".into());
        }
        for role in Role::ALL {
            let r = role.index();
            let own = |cards: &[Card]| cards.iter().all(|c| c.deck == role);
            if !own(&self.hands[r])
                || !own(&self.decks[r])
                || !own(&self.discards[r])
                || !self.piles.iter().all(|p| own(&p[r]))
            {
                return Err("a card is in the other deck's zone".into());
            }
            if self.hands[r].is_empty() && self.decks[r].is_empty() && !self.discards[r].is_empty()
            {
                return Err(
                    "a player has neither hand nor deck but has not reshuffled their discard pile"
                        .into(),
                );
            }
        }
        Ok(())
    }

    /// Six evidence cards in play, the six the identity leaves: one set
    /// aside, one on each open location, one won or discarded unseen for
    /// each resolved location, as it ended.
    fn check_evidence(&self) -> Result<(), String> {
        if self.evidence_in(EvidenceAt::SetAside).len() != 1 {
            return Err("not exactly one evidence card is set aside".into());
        }
        for i in 0..ROW {
            let here = self.evidence_in(EvidenceAt::Location(i as u8)).len();
            if here > 1 {
                return Err("two evidence cards lie at one location".into());
            }
            if (here == 1) != (self.outcomes[i] == Outcome::Open) {
                return Err("a location's evidence does not match its outcome".into());
            }
        }
        let count = |outcome: Outcome| self.outcomes.iter().filter(|&&o| o == outcome).count();
        if self.evidence_in(EvidenceAt::Won(Role::Detective)).len()
            != count(Outcome::Won(Role::Detective))
            || self.evidence_in(EvidenceAt::Won(Role::Mastermind)).len()
                != count(Outcome::Won(Role::Mastermind))
            || self.evidence_in(EvidenceAt::Unseen).len() != count(Outcome::Tied)
        {
            return Err("the evidence won does not match the locations' outcomes".into());
        }
        let mut in_play: Vec<Evidence> = Evidence::ALL
            .into_iter()
            .filter(|e| self.evidence[e.index()] != EvidenceAt::Box)
            .collect();
        in_play.sort();
        let mut left: Vec<Evidence> = Evidence::left_by(self.identity).collect();
        left.sort();
        if in_play != left {
            return Err("the evidence in play does not fit the Mastermind's identity".into());
        }
        Ok(())
    }

    /// Five different locations, resolved in order from the left: those
    /// left of the active one resolved (all five at the unmasking), the
    /// others open, untouched and with time left; at most 28 time tokens.
    fn check_locations(&self) -> Result<(), String> {
        let mut row = self.row.to_vec();
        row.sort_by_key(|l| Location::ALL.iter().position(|m| m == l));
        row.dedup();
        if row.len() != ROW {
            return Err("a location is twice in the row".into());
        }
        let unmasking = matches!(self.phase, Phase::Unmask | Phase::Accuse | Phase::Over);
        let active = self.active();
        if unmasking && active != ROW - 1 {
            return Err("the unmasking comes before the fifth location".into());
        }
        for i in 0..ROW {
            let open = self.outcomes[i] == Outcome::Open;
            if (i < active || unmasking) && open {
                return Err("a location before the active one is still open".into());
            }
            if i >= active && !unmasking && !open {
                return Err("a location not yet played is resolved".into());
            }
            if !open && self.tokens[i] != 0 {
                return Err("a resolved location keeps time tokens".into());
            }
            if i > active
                && (self.tokens[i] == 0
                    || self.trumps[i] != self.row[i].trump()
                    || self.piles[i].iter().any(|p| !p.is_empty()))
            {
                return Err("a location not yet reached has been played".into());
            }
        }
        let on_table: u32 = self.tokens.iter().map(|&t| u32::from(t)).sum();
        if on_table > u32::from(TIME_TOKENS) {
            return Err("more than 28 time tokens are on the table".into());
        }
        Ok(())
    }

    /// The phase agrees with the table: the location a choice belongs to,
    /// whose choice it is, the card being resolved, the end.
    fn check_phase(&self) -> Result<(), String> {
        let at = |location: Location| self.location() == location;
        let actor = self.actor;
        let r = actor.index();
        let pile = &self.piles[self.active()][r];
        let ok = match self.phase {
            Phase::Mulligan => {
                self.active == 0
                    && self.piles.iter().flatten().all(Vec::is_empty)
                    && self.removed.is_empty()
            }
            Phase::River => at(Location::River) && actor == Role::Detective,
            Phase::Slums => at(Location::Slums) && actor == Role::Detective,
            Phase::Draw => {
                at(Location::Museum)
                    && self.draws[r] > 0
                    && !self.decks[r].is_empty()
                    && !self.discards[r].is_empty()
            }
            Phase::Play => true,
            Phase::MustPlace => at(Location::Park) || at(Location::Alley),
            Phase::ChooseTime => self.resolving.is_none_or(|c| {
                c.deck == actor
                    && matches!(
                        c.ability(),
                        Some(Ability::Overtime | Ability::SmokeAndMirrors)
                    )
            }),
            Phase::ChooseCoverUp => {
                actor == Role::Mastermind
                    && self.table().cover_up_targets().next().is_some()
                    && self
                        .resolving
                        .is_none_or(|c| c.deck == actor && c.ability() == Some(Ability::CoverUp))
            }
            Phase::ChooseTrump => {
                !at(Location::Library) && pile.last().is_some_and(|c| c.is_deuce())
            }
            Phase::Unmask => self.variant.reveal_allowed() && actor == Role::Mastermind,
            Phase::Accuse => actor == Role::Detective,
            Phase::Over => self.winners == self.compute_winners(),
        };
        if !ok {
            return Err(format!(
                "the phase ({}) does not match the table",
                self.phase.prompt()
            ));
        }
        if self.resolving.is_some()
            && !matches!(self.phase, Phase::ChooseTime | Phase::ChooseCoverUp)
        {
            return Err("an ability card is still resolving outside its choice".into());
        }
        if self.stakeout.is_some() && actor != Role::Detective {
            return Err("a Stakeout's look outlasts the Detective's turn".into());
        }
        if self.phase != Phase::Over && !self.winners.is_empty() {
            return Err("the game has winners before its end".into());
        }
        // Two passes resolve the location at once (and start the next with
        // none): two remain only after the fifth.
        let unmasking = matches!(self.phase, Phase::Unmask | Phase::Accuse | Phase::Over);
        if self.passes > 2
            || (self.passes == 2 && !unmasking)
            || (!self.turn.acted && self.turn.suit.is_some())
        {
            return Err("the turn's record does not match the play".into());
        }
        Ok(())
    }
}

/// What the rules of an action read: the public table and the acting
/// role's hand. Borrowed from a [`State`], or from a seat's view (which
/// holds the hand only when that seat acts), so that the game and a view
/// judge an action with the same code.
#[derive(Clone, Copy)]
struct Table<'a> {
    phase: Phase,
    actor: Role,
    row: &'a [Location; ROW],
    active: usize,
    tokens: &'a [u8; ROW],
    trumps: &'a [Option<Suit>; ROW],
    piles: &'a [[Vec<Card>; 2]; ROW],
    turn: Turn,
    /// Whether the actor's deck, and discard pile, are empty.
    deck_empty: bool,
    discard_empty: bool,
    /// The actor's hand: `None` for a reader who may not see it.
    hand: Option<&'a [Card]>,
}

impl Table<'_> {
    fn location(&self) -> Location {
        self.row[self.active]
    }

    fn hand(&self) -> &[Card] {
        self.hand.unwrap_or(&[])
    }

    fn is_trump(&self, card: Card) -> bool {
        self.trumps[self.active] == Some(card.suit)
    }

    fn supply(&self) -> u8 {
        let on_table: u32 = self.tokens.iter().map(|&t| u32::from(t)).sum();
        TIME_TOKENS.saturating_sub(on_table.min(255) as u8)
    }

    fn hand_has(&self, card: Card) -> Result<(), RuleError> {
        if self.hand().contains(&card) {
            Ok(())
        } else {
            Err(RuleError::NotInHand(card))
        }
    }

    fn at(&self, location: Location) -> Result<(), RuleError> {
        if self.location() == location {
            Ok(())
        } else {
            Err(RuleError::NotHere(location))
        }
    }

    /// Whether the actor may place `card` now, card by card: the Palace's
    /// floor, the play's suit, the Alley's room (unless `room` is assumed),
    /// the Docks' count, the Park's cost (unless `paid`).
    fn placement(&self, card: Card, room: bool, paid: bool) -> Result<(), RuleError> {
        let pile = &self.piles[self.active];
        let trump = self.is_trump(card);
        match self.location() {
            Location::PalaceGrounds if card.value(false) <= 4 => {
                return Err(RuleError::PalaceLow(card))
            }
            Location::Alley if !room && pile[self.actor.index()].len() >= ALLEY_LIMIT => {
                return Err(RuleError::AlleyFull)
            }
            Location::Docks
                if self.actor == Role::Mastermind && !trump && pile[1].len() >= pile[0].len() =>
            {
                return Err(RuleError::DocksLimit)
            }
            Location::Park if !paid && !trump && card.rank >= 6 => {
                return Err(RuleError::ParkCost(card))
            }
            _ => {}
        }
        match self.turn.suit {
            Some(suit) if !trump && card.suit != suit => {
                Err(if self.trumps[self.active] == Some(suit) {
                    RuleError::SuitSetBeforeTrump(suit)
                } else {
                    RuleError::MixedSuits(suit)
                })
            }
            _ => Ok(()),
        }
    }

    /// A card the Park's discard can pay for: non-trump, 6 or more, and
    /// otherwise placeable.
    fn park_payable(&self, card: Card) -> bool {
        !self.is_trump(card) && card.rank >= 6 && self.placement(card, false, true).is_ok()
    }

    /// The cards Cover-up may take now.
    fn cover_up_targets(&self) -> impl Iterator<Item = Card> + '_ {
        self.piles[self.active][0]
            .iter()
            .copied()
            .filter(|&c| !self.is_trump(c) && c.rank <= 6)
    }

    /// A Slums change of `delta` at the location at `index`: −1, 0 or +1,
    /// never below 1 token, nothing beyond the row.
    fn slums_ok(&self, delta: i8, index: usize) -> bool {
        match delta {
            0 => true,
            1 => index < ROW,
            -1 => index < ROW && self.tokens[index] >= 2,
            _ => false,
        }
    }

    /// Why `action` is refused now, if it is.
    fn check(&self, action: Action) -> Result<(), RuleError> {
        use Action as A;
        let phase = self.phase;
        if phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        let Some(hand) = self.hand else {
            return Err(RuleError::NotYourTurn);
        };
        let need = |p: Phase| {
            if phase == p {
                Ok(())
            } else {
                Err(RuleError::NotNow(phase))
            }
        };
        let i = self.active;
        match action {
            A::KeepHand => {
                if !matches!(phase, Phase::Mulligan | Phase::River) {
                    return Err(RuleError::NotNow(phase));
                }
            }
            A::Mulligan => need(Phase::Mulligan)?,
            A::RiverRedraw => need(Phase::River)?,
            A::SlumsTime { here, next } => {
                need(Phase::Slums)?;
                let ups = u8::from(here == 1) + u8::from(next == 1);
                if !self.slums_ok(here, i) || !self.slums_ok(next, i + 1) || self.supply() < ups {
                    return Err(RuleError::SlumsTime);
                }
            }
            A::Draw(source) => {
                need(Phase::Draw)?;
                match source {
                    Source::Deck if self.deck_empty => return Err(RuleError::EmptyDeck),
                    Source::Discard if self.discard_empty => return Err(RuleError::EmptyDiscard),
                    _ => {}
                }
            }
            A::Place(card) => match phase {
                Phase::Play => {
                    self.hand_has(card)?;
                    self.placement(card, false, false)?;
                }
                Phase::MustPlace => {
                    self.hand_has(card)?;
                    if self.location() == Location::Park {
                        if !self.park_payable(card) {
                            return Err(RuleError::ParkPaid(card));
                        }
                    } else {
                        self.placement(card, false, false)?;
                    }
                }
                _ => return Err(RuleError::NotNow(phase)),
            },
            A::UseAbility(card) => {
                need(Phase::Play)?;
                self.hand_has(card)?;
                if card.ability().is_none() {
                    return Err(RuleError::NoAbility(card));
                }
                if self.location() == Location::Library {
                    return Err(RuleError::Library);
                }
            }
            A::ParkDiscard(card) => {
                need(Phase::Play)?;
                self.at(Location::Park)?;
                self.hand_has(card)?;
                if !hand.iter().any(|&c| c != card && self.park_payable(c)) {
                    return Err(RuleError::NothingToPlace);
                }
            }
            A::AlleyClear(card) => {
                need(Phase::Play)?;
                self.at(Location::Alley)?;
                let pile = &self.piles[i][self.actor.index()];
                if !pile.contains(&card) {
                    return Err(RuleError::NotInPile(card));
                }
                if pile.len() < ALLEY_LIMIT {
                    return Err(RuleError::AlleyRoom);
                }
                if !hand.iter().any(|&c| self.placement(c, true, false).is_ok()) {
                    return Err(RuleError::NothingToPlace);
                }
            }
            A::TimeUp => {
                need(Phase::ChooseTime)?;
                if self.supply() == 0 {
                    return Err(RuleError::NoTokenLeft);
                }
            }
            A::TimeDown => {
                need(Phase::ChooseTime)?;
                if self.tokens[i] == 0 {
                    return Err(RuleError::NoTokenToRemove);
                }
            }
            A::CoverUp(card) => {
                need(Phase::ChooseCoverUp)?;
                if !self.cover_up_targets().any(|c| c == card) {
                    return Err(RuleError::CoverUpTarget(card));
                }
            }
            A::Trump(_) | A::KeepTrump => need(Phase::ChooseTrump)?,
            A::EndPlay => {
                need(Phase::Play)?;
                if !self.turn.acted {
                    return Err(RuleError::NothingPlayed);
                }
            }
            A::Pass | A::PassSwap(_) => {
                need(Phase::Play)?;
                if self.turn.acted {
                    return Err(RuleError::AlreadyPlayed);
                }
                if let A::PassSwap(card) = action {
                    self.hand_has(card)?;
                }
            }
            A::Reveal | A::StayHidden => need(Phase::Unmask)?,
            A::Accuse(_) => need(Phase::Accuse)?,
        }
        Ok(())
    }

    /// The actions [`Table::check`] accepts now.
    fn legal_actions(&self) -> Vec<Action> {
        let mut candidates = Vec::new();
        let hand = self.hand();
        match self.phase {
            Phase::Over => {}
            Phase::Mulligan => candidates.extend([Action::KeepHand, Action::Mulligan]),
            Phase::River => candidates.extend([Action::KeepHand, Action::RiverRedraw]),
            Phase::Slums => {
                for here in -1..=1 {
                    for next in -1..=1 {
                        candidates.push(Action::SlumsTime { here, next });
                    }
                }
            }
            Phase::Draw => {
                candidates.extend([Action::Draw(Source::Deck), Action::Draw(Source::Discard)])
            }
            Phase::Play => {
                candidates.extend(hand.iter().map(|&c| Action::Place(c)));
                candidates.extend(hand.iter().map(|&c| Action::UseAbility(c)));
                candidates.extend(hand.iter().map(|&c| Action::ParkDiscard(c)));
                candidates.extend(
                    self.piles[self.active][self.actor.index()]
                        .iter()
                        .map(|&c| Action::AlleyClear(c)),
                );
                candidates.extend([Action::EndPlay, Action::Pass]);
                candidates.extend(hand.iter().map(|&c| Action::PassSwap(c)));
            }
            Phase::MustPlace => candidates.extend(hand.iter().map(|&c| Action::Place(c))),
            Phase::ChooseTime => candidates.extend([Action::TimeUp, Action::TimeDown]),
            Phase::ChooseCoverUp => candidates.extend(self.cover_up_targets().map(Action::CoverUp)),
            Phase::ChooseTrump => {
                candidates.push(Action::KeepTrump);
                candidates.extend(Suit::ALL.map(Action::Trump));
            }
            Phase::Unmask => candidates.extend([Action::Reveal, Action::StayHidden]),
            Phase::Accuse => candidates.extend(Identity::ALL.map(Action::Accuse)),
        }
        candidates.retain(|&a| self.check(a).is_ok());
        candidates
    }
}

impl Game for State {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type Piece = Piece;

    /// Every action shape, with every card of both decks.
    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![
            Action::KeepHand,
            Action::Mulligan,
            Action::RiverRedraw,
            Action::Draw(Source::Deck),
            Action::Draw(Source::Discard),
            Action::TimeUp,
            Action::TimeDown,
            Action::KeepTrump,
            Action::EndPlay,
            Action::Pass,
            Action::Reveal,
            Action::StayHidden,
        ];
        for here in -2..=2 {
            for next in -1..=1 {
                all.push(Action::SlumsTime { here, next });
            }
        }
        all.extend(Suit::ALL.map(Action::Trump));
        all.extend(Identity::ALL.map(Action::Accuse));
        for card in Card::all() {
            all.extend([
                Action::Place(card),
                Action::UseAbility(card),
                Action::ParkDiscard(card),
                Action::AlleyClear(card),
                Action::CoverUp(card),
                Action::PassSwap(card),
            ]);
        }
        all
    }

    fn legal_actions(&self) -> Vec<Action> {
        State::legal_actions(self)
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.table().check(*action)
    }

    /// Checks, then makes the change (which cannot fail): a refused action
    /// leaves the state as it was. The events are those the action added to
    /// the log.
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.table().check(action)?;
        let start = self.log.len();
        self.execute(action);
        self.actions += 1;
        Ok(self.log[start..].to_vec())
    }

    fn validate(&self) -> Result<(), String> {
        self.check_invariants()
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The 90 cards wherever they lie, then the 10 evidence cards.
    fn all_pieces(&self) -> Vec<Piece> {
        let zones = self
            .hands
            .iter()
            .chain(&self.decks)
            .chain(&self.discards)
            .chain(self.piles.iter().flatten())
            .chain(std::iter::once(&self.removed));
        let mut pieces: Vec<Piece> = zones
            .flatten()
            .chain(&self.resolving)
            .map(|&c| Piece::Card(c))
            .collect();
        pieces.extend(Evidence::ALL.map(Piece::Evidence));
        pieces
    }
}
