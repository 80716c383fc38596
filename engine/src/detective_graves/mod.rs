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
//! `tests/`, by a test named `ruling_…` or by the test of its location or
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
//! The files: [`data`] (the printed components); this one (the state, the
//! vocabulary of variants, phases and actions, reading the state, and the
//! game's contract, whose `apply` checks an action and then executes it);
//! beside it, private (their public types re-exported here), the rest of
//! the rules: `event` (the log), `error` (refusals), `rules` (judging an
//! action, for the game and a seat's view alike), `case` (the deal and the
//! flow of a case, to its scoring), `execute` (what an accepted action
//! changes), `validate` (the invariants). Then, each importing only those
//! before it (no circle):
//! [`view`] (what a seat sees, redaction, re-dealing what it cannot see),
//! [`bot`] (the Simple player), [`strong`] (the Strong player's search),
//! [`players`] (the two-seat contract: views and computer players for the
//! app).

// The private modules below are parts of this one, cut along its seams;
// they call each other (tools/build/import-cycles.mjs counts them as one):
// import-cycles: parts
pub mod bot;
mod case;
pub mod data;
mod error;
mod event;
mod execute;
pub mod players;
mod rules;
pub mod strong;
#[cfg(test)]
mod tests;
mod validate;
pub mod view;

pub use crate::seats::{Level, Seat, SeatKind};
pub use data::{
    possible_identities, Ability, Card, Evidence, Identity, Location, Role, Suit, ACE, DECK_SIZE,
};
pub use error::RuleError;
pub use event::{CardSet, DrawFor, Event};

use crate::game::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use rules::Table;
use serde::{Deserialize, Serialize};

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

/// What everyone may know, asked the same way of the state and of any
/// seat's view: one definition for both types, which hold these public
/// fields under the same names (`kinds`, `variant`, `first_detective`,
/// `case`, `detective`, `row`, `tokens`, `trumps`, `outcomes`, `active`,
/// `lead`, `actor`, `phase`, `piles`, `removed`, `results`, `winners`,
/// `resolving`). The secrets (hands, decks, the identity, the evidence)
/// have their own methods on each type: the whole truth on [`State`], what
/// the seat may know on [`view::SeatView`].
macro_rules! public_queries {
    () => {
        pub fn variant(&self) -> Variant {
            self.variant
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

        /// The seat that must act now; `None` once the game is over.
        pub fn acting(&self) -> Option<Seat> {
            (self.phase != Phase::Over).then(|| self.seat_of(self.actor))
        }

        pub fn status(&self) -> Status {
            match self.acting() {
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

        /// Cards out of the game (used at the Museum) until the case ends.
        pub fn removed(&self) -> &[Card] {
            &self.removed
        }

        /// The finished cases.
        pub fn results(&self) -> &[CaseResult] {
            &self.results
        }

        /// `seat`'s points over the finished cases.
        pub fn points(&self, seat: Seat) -> u32 {
            self.results.iter().map(|r| r.points(seat)).sum()
        }

        /// The ability card whose effect awaits a choice (Overtime, Smoke
        /// and Mirrors, Cover-up): out of the hand, shown, not yet
        /// discarded.
        pub fn resolving(&self) -> Option<Card> {
            self.resolving
        }
    };
}
use public_queries;

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
    // The queries on public fields, shared with a seat's view (`SeatView`,
    // in view.rs), are `public_queries!`; here, the secrets and the rest.

    public_queries!();

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn seat_kinds(&self) -> [SeatKind; 2] {
        self.kinds
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

    /// The role whose choice it is (the last to act once the game is over).
    pub fn actor(&self) -> Role {
        self.actor
    }

    /// The seat that must act now: [`State::acting`], under the name of
    /// [`crate::Multiplayer::to_act`].
    pub fn to_act(&self) -> Option<Seat> {
        self.acting()
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

    /// How many actions have been applied since the deal.
    pub fn actions_applied(&self) -> u64 {
        self.actions
    }

    /// The actions that may be taken now (by [`State::to_act`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.table().legal_actions()
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
