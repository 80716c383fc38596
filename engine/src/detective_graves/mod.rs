//! Detective Graves against The Mastermind: two players, five locations in a
//! row, a case each as Detective and as Mastermind. Rules in
//! `rules/detective-graves.md`; components and rulings in
//! `specs/detective-graves.md` (they win over the rules). The printed data
//! lives in [`data`].
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
//!   nor deck (checked after every action and before every draw), their
//!   discard pile is shuffled into a new deck.
//! - **Abilities** may be used even when they can do nothing (Fresh Lead on
//!   an empty deck, Cover-up with no target): the card is still spent. The
//!   card leaves the hand first (to the discard pile, or out of the game at
//!   the Museum), then its effect resolves. A random discard (Warrant,
//!   Bribe) draws from the state's seeded generator and is seen by its owner
//!   only; the Stakeout's look is the Detective's only, for that turn.
//! - **Cover-up** takes a card that is non-trump at that moment, of rank 2–6.
//! - **Pass**: the replacement draw is from the deck (also at the Museum,
//!   whose option is for the round's draws); with an empty deck the passer
//!   may still discard, and draws nothing.
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
//!   card is the Mastermind's to see, as the spec says.
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

pub mod bot;
pub mod data;
pub mod strong;
#[cfg(test)]
mod tests;

pub use crate::seats::{Level, Seat, SeatKind};
pub use data::{
    possible_identities, Ability, Card, Evidence, Identity, Location, Role, Suit, ACE, DECK_SIZE,
};

use crate::cards::shuffle;
use crate::game::Game;
use rand::{Rng, RngCore, SeedableRng};
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

/// What happened, oldest first. Fields holding a secret are `Option`s: the
/// log a [`View`] gives has them `None` for whoever may not see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A case begins (0-based) with this Detective and row of locations.
    CaseStarted {
        case: u8,
        detective: Seat,
        row: [Location; ROW],
    },
    /// The Mastermind drew an identity and set an evidence card aside
    /// (both secret to them).
    IdentityDrawn {
        seat: Seat,
        identity: Option<Identity>,
        set_aside: Option<Evidence>,
    },
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
    /// `seat` drew `count` cards, `from_discard` of them from their discard
    /// pile (the Museum).
    Drew {
        seat: Seat,
        count: u8,
        from_discard: u8,
    },
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
    Placed {
        seat: Seat,
        card: Card,
    },
    TrumpChanged {
        seat: Seat,
        suit: Suit,
    },
    /// `seat` discarded `card` (shown) for its ability.
    AbilityUsed {
        seat: Seat,
        card: Card,
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
    /// Warrant or Bribe: `seat` discarded a random card (seen by them only).
    RandomDiscard {
        seat: Seat,
        card: Option<Card>,
    },
    /// The Park's cost, discarded face down.
    ParkDiscard {
        seat: Seat,
        card: Option<Card>,
    },
    /// `card` left `seat`'s Alley pile to make room.
    AlleyCleared {
        seat: Seat,
        card: Card,
    },
    /// A pass; `swapped` if a card was discarded (secret to the passer) to
    /// draw another.
    Passed {
        seat: Seat,
        swapped: bool,
        card: Option<Card>,
    },
    /// `seat`'s discard pile became their new deck.
    Reshuffled {
        seat: Seat,
    },
    /// A round ended at the location at `index`: `tokens` left.
    RoundEnded {
        index: u8,
        tokens: u8,
    },
    /// The location at `index` resolved: totals by seat index, the winner
    /// (none on a tie) and the evidence won (secret to the winner).
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
}

impl Event {
    /// This event as `viewer` may see it; `mastermind` is the Mastermind of
    /// the event's case, `knows_all` the variant.
    pub fn redacted(&self, viewer: Seat, mastermind: Seat, knows_all: bool) -> Event {
        let mut e = *self;
        match &mut e {
            Event::IdentityDrawn {
                seat,
                identity,
                set_aside,
            } if *seat != viewer => {
                *identity = None;
                *set_aside = None;
            }
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
        let Some(&location) = self.row.get(index) else {
            return 0;
        };
        let trump = self.trump(index);
        let aces_high = location == Location::RecordOffice;
        self.pile(index, role)
            .iter()
            .map(|c| c.value(aces_high) * if Some(c.suit) == trump { 2 } else { 1 })
            .sum()
    }

    /// Secret: the UI shows a hand only through its owner's [`View`].
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

    /// The whole log, secrets included: the UI reads it through
    /// [`View::log`].
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View { state: self, seat }
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
            set_aside: left.first().copied(),
        });
        for role in Role::ALL {
            self.draw(role, HAND as u8);
        }
        self.active = 0;
        self.lead = Role::Detective;
        self.passes = 0;
        self.turn = Turn::default();
        self.stakeout = None;
        self.phase = Phase::Mulligan;
        self.actor = Role::Detective;
    }

    /// Draws up to `n` cards from `role`'s deck (refilling it first when the
    /// hand and deck are empty); returns how many were drawn.
    fn draw(&mut self, role: Role, n: u8) -> u8 {
        self.refill(role);
        let r = role.index();
        let mut drawn = 0;
        while drawn < n {
            let Some(card) = self.decks[r].pop() else {
                break;
            };
            self.hands[r].push(card);
            drawn += 1;
        }
        drawn
    }

    /// Draws and logs it.
    fn draw_logged(&mut self, role: Role, n: u8) {
        let count = self.draw(role, n);
        self.log.push(Event::Drew {
            seat: self.seat(role),
            count,
            from_discard: 0,
        });
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
                    self.draw_logged(role, 3);
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
                self.draw_logged(role, 2);
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

    // ------------------------------------------------------------ rules ----

    fn hand_has(&self, role: Role, card: Card) -> Result<(), RuleError> {
        if self.hands[role.index()].contains(&card) {
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

    fn is_trump(&self, card: Card) -> bool {
        self.trump(self.active()) == Some(card.suit)
    }

    /// Whether the actor may place `card` now, card by card: the Palace's
    /// floor, the play's suit, the Alley's room (unless `room` is assumed),
    /// the Docks' count, the Park's cost (unless `paid`).
    fn placement(&self, card: Card, room: bool, paid: bool) -> Result<(), RuleError> {
        let i = self.active();
        let role = self.actor;
        let trump = self.is_trump(card);
        match self.location() {
            Location::PalaceGrounds if card.value(false) <= 4 => {
                return Err(RuleError::PalaceLow(card))
            }
            Location::Alley if !room && self.piles[i][role.index()].len() >= ALLEY_LIMIT => {
                return Err(RuleError::AlleyFull)
            }
            Location::Docks
                if role == Role::Mastermind
                    && !trump
                    && self.piles[i][1].len() >= self.piles[i][0].len() =>
            {
                return Err(RuleError::DocksLimit)
            }
            Location::Park if !paid && !trump && card.rank >= 6 => {
                return Err(RuleError::ParkCost(card))
            }
            _ => {}
        }
        match self.turn.suit {
            Some(suit) if !trump && card.suit != suit => Err(RuleError::MixedSuits(suit)),
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
        self.piles[self.active()][0]
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
            -1 => index < ROW && self.tokens(index) >= 2,
            _ => false,
        }
    }

    /// Why `action` is refused now, if it is.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        use Action as A;
        let phase = self.phase;
        if phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        let need = |p: Phase| {
            if phase == p {
                Ok(())
            } else {
                Err(RuleError::NotNow(phase))
            }
        };
        let role = self.actor;
        let r = role.index();
        let i = self.active();
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
                let empty = match source {
                    Source::Deck => self.decks[r].is_empty().then_some(RuleError::EmptyDeck),
                    Source::Discard => self.discards[r]
                        .is_empty()
                        .then_some(RuleError::EmptyDiscard),
                };
                if let Some(e) = empty {
                    return Err(e);
                }
            }
            A::Place(card) => match phase {
                Phase::Play => {
                    self.hand_has(role, card)?;
                    self.placement(card, false, false)?;
                }
                Phase::MustPlace => {
                    self.hand_has(role, card)?;
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
                self.hand_has(role, card)?;
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
                self.hand_has(role, card)?;
                if !self.hands[r]
                    .iter()
                    .any(|&c| c != card && self.park_payable(c))
                {
                    return Err(RuleError::NothingToPlace);
                }
            }
            A::AlleyClear(card) => {
                need(Phase::Play)?;
                self.at(Location::Alley)?;
                let pile = &self.piles[i][r];
                if !pile.contains(&card) {
                    return Err(RuleError::NotInPile(card));
                }
                if pile.len() < ALLEY_LIMIT {
                    return Err(RuleError::AlleyRoom);
                }
                if !self.hands[r]
                    .iter()
                    .any(|&c| self.placement(c, true, false).is_ok())
                {
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
                    self.hand_has(role, card)?;
                }
            }
            A::Reveal | A::StayHidden => need(Phase::Unmask)?,
            A::Accuse(_) => need(Phase::Accuse)?,
        }
        Ok(())
    }

    /// The actions that may be taken now (by [`State::to_act`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut candidates = Vec::new();
        let r = self.actor.index();
        let hand = &self.hands[r];
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
                    self.piles[self.active()][r]
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

    fn execute(&mut self, action: Action) {
        use Action as A;
        let role = self.actor;
        let r = role.index();
        let seat = self.seat(role);
        let i = self.active();
        match action {
            A::KeepHand | A::Mulligan if self.phase == Phase::Mulligan => {
                let taken = action == A::Mulligan;
                if taken {
                    let hand = std::mem::take(&mut self.hands[r]);
                    self.discards[r].extend(hand);
                    self.draw(role, HAND as u8);
                }
                self.log.push(Event::Mulligan { seat, taken });
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
                let drew = self.draw(role, discarded);
                self.log.push(Event::RiverRedraw {
                    seat,
                    discarded,
                    drew,
                });
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
                if !self.is_trump(card) {
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
                self.hands[r].retain(|&c| c != card);
                if self.location() == Location::Museum {
                    self.removed.push(card);
                } else {
                    self.discards[r].push(card);
                }
                self.turn.acted = true;
                self.log.push(Event::AbilityUsed { seat, card });
                self.ability(card);
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
            }
            A::CoverUp(card) => {
                self.piles[i][0].retain(|&c| c != card);
                self.discards[0].push(card);
                self.log.push(Event::CoveredUp { seat, card });
                self.phase = Phase::Play;
            }
            A::Trump(suit) => {
                self.trumps[i] = Some(suit);
                self.log.push(Event::TrumpChanged { seat, suit });
                self.phase = Phase::Play;
            }
            A::KeepTrump => self.phase = Phase::Play,
            A::EndPlay => self.end_turn(false),
            A::Pass | A::PassSwap(_) => {
                let mut card = None;
                if let A::PassSwap(c) = action {
                    self.hands[r].retain(|&h| h != c);
                    self.discards[r].push(c);
                    let from = self.decks[r].pop();
                    self.hands[r].extend(from);
                    card = Some(c);
                }
                self.log.push(Event::Passed {
                    seat,
                    swapped: card.is_some(),
                    card,
                });
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

    /// The effect of an ability card just discarded by the actor.
    fn ability(&mut self, card: Card) {
        let role = self.actor;
        let them = role.other();
        match card.ability() {
            Some(Ability::FreshLead | Ability::Accomplice) => self.draw_logged(role, 2),
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
            Some(Ability::CoverUp) if self.cover_up_targets().next().is_some() => {
                self.phase = Phase::ChooseCoverUp
            }
            _ => {}
        }
    }

    /// Checks a state read from outside (a save): every piece once, indices
    /// in range, the roles' zones holding their own deck's cards.
    pub fn validate(&self) -> Result<(), String> {
        if self.kinds.len() != 2 || self.detective.index() > 1 || self.first_detective.index() > 1 {
            return Err("the seats are not two".into());
        }
        if usize::from(self.active) >= ROW || self.case() >= self.cases() {
            return Err("the active location or case is out of range".into());
        }
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
        }
        if self.evidence_in(EvidenceAt::SetAside).len() > 1
            || self
                .evidence
                .iter()
                .any(|p| matches!(p, EvidenceAt::Location(i) if usize::from(*i) >= ROW))
        {
            return Err("the evidence is out of place".into());
        }
        if self.results.len() != self.case() + usize::from(self.phase == Phase::Over) {
            return Err("the results do not match the cases played".into());
        }
        Ok(())
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

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        // Transitional: the events come with the game's conversion.
        let result: Result<(), RuleError> = (|| {
            self.check(action)?;
            self.execute(action);
            Ok(())
        })();
        result.map(|()| Vec::new())
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.clone().apply(action.clone()).map(drop)
    }

    fn validate(&self) -> Result<(), String> {
        State::validate(self)
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
        let mut pieces: Vec<Piece> = zones.flatten().map(|&c| Piece::Card(c)).collect();
        pieces.extend(Evidence::ALL.map(Piece::Evidence));
        pieces
    }
}

/// What one seat sees: everything public (piles, trumps, tokens, sizes of
/// hands, decks and discards, who won which location, the redacted log) and
/// its own secrets: its hand, the evidence it won, and for the Mastermind
/// the identity and set-aside card (and, in The Mastermind Knows All, the
/// evidence on the locations). Never the other hand nor any deck order.
#[derive(Clone, Copy)]
pub struct View<'a> {
    state: &'a State,
    seat: Seat,
}

/// What a [`View`] shows, as one value: what it serialises to and debugs
/// as (a derived `Debug` of the view would print the whole state).
#[derive(Debug, Serialize)]
struct Shown<'a> {
    seat: Seat,
    role: Role,
    variant: Variant,
    kinds: [SeatKind; 2],
    case: usize,
    phase: Phase,
    to_act: Option<Seat>,
    row: [Location; ROW],
    active: usize,
    tokens: [u8; ROW],
    trumps: [Option<Suit>; ROW],
    outcomes: [Outcome; ROW],
    piles: &'a [[Vec<Card>; 2]; ROW],
    removed: &'a [Card],
    hand: &'a [Card],
    hand_sizes: [usize; 2],
    deck_sizes: [usize; 2],
    discard_sizes: [usize; 2],
    identity: Option<Identity>,
    set_aside: Option<Evidence>,
    evidence_won: Vec<Evidence>,
    evidence_counts: [usize; 2],
    evidence_on_locations: [Option<Evidence>; ROW],
    stakeout: Option<Vec<Card>>,
    play_suit: Option<Suit>,
    results: &'a [CaseResult],
    log: Vec<Event>,
    winners: &'a [Seat],
}

impl<'a> View<'a> {
    fn shown(&self) -> Shown<'a> {
        let s = self.state;
        let sizes = |zones: &[Vec<Card>; 2]| [zones[0].len(), zones[1].len()];
        Shown {
            seat: self.seat,
            role: self.role(),
            variant: s.variant,
            kinds: s.kinds,
            case: s.case(),
            phase: s.phase,
            to_act: s.to_act(),
            row: s.row,
            active: s.active(),
            tokens: s.tokens,
            trumps: s.trumps,
            outcomes: s.outcomes,
            piles: &s.piles,
            removed: &s.removed,
            hand: self.hand(),
            hand_sizes: sizes(&s.hands),
            deck_sizes: sizes(&s.decks),
            discard_sizes: sizes(&s.discards),
            identity: self.identity(),
            set_aside: self.set_aside(),
            evidence_won: self.evidence_won(),
            evidence_counts: Role::ALL.map(|r| self.evidence_count(r)),
            evidence_on_locations: std::array::from_fn(|i| self.evidence_on(i)),
            stakeout: self.stakeout(),
            play_suit: self.play_suit(),
            results: &s.results,
            log: self.log(),
            winners: &s.winners,
        }
    }

    /// The seat looking.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat looking's role in this case.
    pub fn role(&self) -> Role {
        self.state.role_of(self.seat)
    }

    /// The seat looking's role, if it is one of the two players' (a view
    /// for any other seat shows nothing secret).
    fn me(&self) -> Option<Role> {
        (self.seat.index() < 2).then(|| self.role())
    }

    pub fn role_of(&self, seat: Seat) -> Role {
        self.state.role_of(seat)
    }

    pub fn seat_of(&self, role: Role) -> Seat {
        self.state.seat_of(role)
    }

    pub fn variant(&self) -> Variant {
        self.state.variant
    }

    pub fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
        self.state.seat_kind(seat)
    }

    pub fn case(&self) -> usize {
        self.state.case()
    }

    pub fn cases(&self) -> usize {
        self.state.cases()
    }

    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// The seat that must act now.
    pub fn acting(&self) -> Option<Seat> {
        self.state.to_act()
    }

    /// Whether the seat looking must act now.
    pub fn to_act(&self) -> bool {
        self.state.to_act() == Some(self.seat)
    }

    /// The seat looking's legal actions: empty unless it must act.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.to_act() {
            self.state.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Why `action` would be refused (for the seat to act).
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        self.state.check(action)
    }

    pub fn row(&self) -> [Location; ROW] {
        self.state.row
    }

    pub fn active(&self) -> usize {
        self.state.active()
    }

    pub fn location(&self) -> Location {
        self.state.location()
    }

    pub fn lead(&self) -> Role {
        self.state.lead
    }

    pub fn tokens(&self, index: usize) -> u8 {
        self.state.tokens(index)
    }

    pub fn supply(&self) -> u8 {
        self.state.supply()
    }

    pub fn trump(&self, index: usize) -> Option<Suit> {
        self.state.trump(index)
    }

    pub fn outcome(&self, index: usize) -> Outcome {
        self.state.outcome(index)
    }

    pub fn pile(&self, index: usize, role: Role) -> &'a [Card] {
        self.state.pile(index, role)
    }

    pub fn total(&self, index: usize, role: Role) -> u32 {
        self.state.total(index, role)
    }

    /// Cards out of the game (used at the Museum).
    pub fn removed(&self) -> &'a [Card] {
        &self.state.removed
    }

    /// The seat looking's hand.
    pub fn hand(&self) -> &'a [Card] {
        match self.me() {
            Some(role) => self.state.hand(role),
            None => &[],
        }
    }

    pub fn hand_size(&self, role: Role) -> usize {
        self.state.hands[role.index()].len()
    }

    pub fn deck_size(&self, role: Role) -> usize {
        self.state.decks[role.index()].len()
    }

    pub fn discard_size(&self, role: Role) -> usize {
        self.state.discards[role.index()].len()
    }

    /// The cards of `role`'s deck this seat cannot see where they are
    /// (sorted, so that nothing of their order leaks): for its own role,
    /// those in its deck and discard pile; for the other role, those in
    /// that hand, deck and discard pile. What a search samples from.
    pub fn hidden_cards(&self, role: Role) -> Vec<Card> {
        let s = self.state;
        let r = role.index();
        let mut cards: Vec<Card> = s.decks[r].iter().chain(&s.discards[r]).copied().collect();
        if Some(role) != self.me() {
            cards.extend(&s.hands[r]);
        }
        cards.sort();
        cards
    }

    /// The Mastermind's identity, for the Mastermind (and for all once the
    /// game is over).
    pub fn identity(&self) -> Option<Identity> {
        (self.me() == Some(Role::Mastermind) || self.state.phase == Phase::Over)
            .then_some(self.state.identity)
    }

    /// The evidence card set aside, for the Mastermind.
    pub fn set_aside(&self) -> Option<Evidence> {
        if self.me() != Some(Role::Mastermind) {
            return None;
        }
        self.state
            .evidence_in(EvidenceAt::SetAside)
            .first()
            .copied()
    }

    /// The evidence this seat won in this case.
    pub fn evidence_won(&self) -> Vec<Evidence> {
        match self.me() {
            Some(role) => self.state.evidence_in(EvidenceAt::Won(role)),
            None => Vec::new(),
        }
    }

    /// How many evidence cards `role` won in this case (public).
    pub fn evidence_count(&self, role: Role) -> usize {
        self.state.evidence_in(EvidenceAt::Won(role)).len()
    }

    /// The evidence face down on the location at `index`: only for the
    /// Mastermind in The Mastermind Knows All.
    pub fn evidence_on(&self, index: usize) -> Option<Evidence> {
        if !(self.state.variant.knows_all && self.me() == Some(Role::Mastermind)) {
            return None;
        }
        let place = EvidenceAt::Location(index.min(255) as u8);
        self.state.evidence_in(place).first().copied()
    }

    /// The identities this seat cannot rule out: for the Detective, those
    /// its won evidence leaves; for the Mastermind, its own.
    pub fn possible_identities(&self) -> Vec<Identity> {
        match self.identity() {
            Some(identity) => vec![identity],
            None => possible_identities(&self.evidence_won()),
        }
    }

    /// The Mastermind's hand as the Detective's Stakeout showed it, during
    /// the rest of that turn (the Detective only).
    pub fn stakeout(&self) -> Option<Vec<Card>> {
        if self.me() != Some(Role::Detective) {
            return None;
        }
        self.state.stakeout.map(CardSet::cards)
    }

    /// The suit of the current play's non-trump cards, once one is placed.
    pub fn play_suit(&self) -> Option<Suit> {
        self.state.turn.suit
    }

    /// Whether the current turn has placed or used something (it can no
    /// longer be a pass).
    pub fn acted(&self) -> bool {
        self.state.turn.acted
    }

    /// Whether the current turn is the round's second.
    pub fn second_turn(&self) -> bool {
        self.state.turn.second
    }

    /// Passes in a row at this location (a second one resolves it).
    pub fn passes(&self) -> u8 {
        self.state.passes
    }

    pub fn results(&self) -> &'a [CaseResult] {
        &self.state.results
    }

    pub fn points(&self, seat: Seat) -> u32 {
        self.state.points(seat)
    }

    pub fn winners(&self) -> &'a [Seat] {
        &self.state.winners
    }

    /// The log with other seats' secrets blanked.
    pub fn log(&self) -> Vec<Event> {
        let knows_all = self.state.variant.knows_all;
        let mut mastermind = other(self.state.first_detective);
        self.state
            .log
            .iter()
            .map(|e| {
                if let Event::CaseStarted { detective, .. } = e {
                    mastermind = other(*detective);
                }
                e.redacted(self.seat, mastermind, knows_all)
            })
            .collect()
    }

    /// A full state consistent with everything this seat sees, the hidden
    /// parts drawn from `rng`: the cards it cannot locate (see
    /// [`View::hidden_cards`]) dealt anew into the same zones and sizes
    /// (the other hand kept while a Stakeout shows it), and the evidence it
    /// has not seen redealt (for the Detective, first an identity its
    /// evidence allows), with a fresh generator and this seat's log. What
    /// look-ahead bots play on; the result depends only on what the seat
    /// sees and `rng`.
    pub fn determinise(&self, rng: &mut impl RngCore) -> State {
        let mut s = self.state.clone();
        s.rng = Pcg32::seed_from_u64(rng.next_u64());
        // The log as this seat saw it: no secret survives in the copy.
        s.log = self.log();
        let me = self.role();
        for role in Role::ALL {
            let r = role.index();
            // The other hand, while a Stakeout shows it as it is.
            let keep_hand = role == me
                || (me == Role::Detective
                    && s.stakeout == Some(s.hands[r].iter().copied().collect()));
            let mut pool = self.hidden_cards(role);
            if keep_hand && role != me {
                pool.retain(|c| !s.hands[r].contains(c));
            }
            shuffle(&mut pool, rng);
            for zone in [&mut s.decks[r], &mut s.discards[r]] {
                let n = zone.len();
                *zone = pool.split_off(pool.len() - n);
            }
            if !keep_hand {
                s.hands[r] = pool;
            }
        }
        // Evidence slots this seat has not seen, and the cards that may lie
        // in them.
        let knows_all = self.variant().knows_all && me == Role::Mastermind;
        let hidden = |p: EvidenceAt| match p {
            EvidenceAt::Box => false,
            EvidenceAt::Won(role) => role != me && !knows_all,
            EvidenceAt::SetAside => me == Role::Detective,
            EvidenceAt::Location(_) | EvidenceAt::Unseen => !knows_all,
        };
        // Sorted: which card lies in which slot is what is hidden.
        let mut slots: Vec<EvidenceAt> =
            s.evidence.iter().copied().filter(|&p| hidden(p)).collect();
        slots.sort_unstable();
        if slots.is_empty() {
            return s;
        }
        if self.identity().is_none() {
            let possible = self.possible_identities();
            let pick = rng.next_u32() as usize % possible.len().max(1);
            s.identity = possible.get(pick).copied().unwrap_or(s.identity);
        }
        let mut pool: Vec<Evidence> = Evidence::left_by(s.identity)
            .filter(|e| {
                let place = s.evidence[e.index()];
                place == EvidenceAt::Box || hidden(place)
            })
            .collect();
        shuffle(&mut pool, rng);
        for place in s.evidence.iter_mut() {
            if hidden(*place) {
                *place = EvidenceAt::Box;
            }
        }
        for (e, slot) in pool.into_iter().zip(slots) {
            s.evidence[e.index()] = slot;
        }
        s
    }
}

impl Serialize for View<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.shown().serialize(serializer)
    }
}

/// Written by hand: a derived `Debug` would print the whole state.
impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shown().fmt(f)
    }
}
