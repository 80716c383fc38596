//! Serial Killer: 2–6 players, one standard deck, six graves. Each turn the
//! player draws one card per open grave; a King or Queen (a victim) closes
//! its grave and counts as a kill; a turn without a kill costs a clue; with
//! no clues left a player is arrested. The last player with clues wins.
//! Our rulings, where the published rule text leaves room, are in
//! `docs/rulings.md`.
//!
//! Cards: Ace = informant, King/Queen = victim, Jack = corpse, 2–10 = number.
//!
//! Layout: graves are numbered 0–5 left to right, seats 0.. clockwise. The
//! victim stack's top card is the last of [`State`]'s stack.
//!
//! A turn, as actions: [`Action::Draw`] once per grave that was open when the
//! turn began (a drawn Jack or Ace then waits for [`Action::Bury`],
//! [`Action::Inform`] or [`Action::Hold`]); then the clue penalty (automatic);
//! then any plays of held cards and [`Action::EndTurn`], which makes the
//! arrests and passes the turn on. Each action says what it did as
//! [`Event`]s, in the order it happened.
//!
//! Everything is public but the order of the victim stack: a seat's
//! [`SeatView`] holds the rest, and events need no redaction.

pub mod bot;
mod players;
#[cfg(test)]
mod tests;

pub use crate::seats::{Level, Seat, SeatKind};

use crate::cards::{shuffle, Card, Suit, JACK, KING, QUEEN};
use crate::game::{self, Game};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const GRAVES: usize = 6;
/// Clues (counters) each player starts with.
pub const CLUES: u8 = 6;
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;
/// After this many tied rounds of the first-player draw (never seen in
/// practice) the first tied seat starts, so that setup always ends.
const MAX_FIRST_DRAW_ROUNDS: usize = 64;

/// What a card means in this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Ace.
    Informant,
    /// King or Queen.
    Victim,
    /// Jack.
    Corpse,
    /// 2–10: a missed opportunity.
    Number,
}

pub fn role(card: Card) -> Role {
    match card.rank() {
        Some(1) => Role::Informant,
        Some(KING) | Some(QUEEN) => Role::Victim,
        Some(JACK) => Role::Corpse,
        _ => Role::Number,
    }
}

/// The value of a card in the first-player draw: Ace high.
pub fn first_draw_value(card: Card) -> u8 {
    match card.rank() {
        Some(1) => 14,
        Some(rank) => rank,
        None => 0,
    }
}

/// The eight cards that can be held (Aces and Jacks), in the order of the
/// bits of a held-cards mask.
pub const SPECIALS: [Card; 8] = [
    Card::new(1, Suit::Clubs),
    Card::new(1, Suit::Diamonds),
    Card::new(1, Suit::Hearts),
    Card::new(1, Suit::Spades),
    Card::new(JACK, Suit::Clubs),
    Card::new(JACK, Suit::Diamonds),
    Card::new(JACK, Suit::Hearts),
    Card::new(JACK, Suit::Spades),
];
const ACE_BITS: u8 = 0x0f;
const JACK_BITS: u8 = 0xf0;

fn special_bit(card: Card) -> u8 {
    SPECIALS
        .iter()
        .position(|&c| c == card)
        .map_or(0, |i| 1 << i)
}

fn cards_of(mask: u8) -> impl Iterator<Item = Card> {
    (0..8)
        .filter(move |i| mask & (1 << i) != 0)
        .map(|i| SPECIALS[i])
}

/// Whether a grave (bottom to top) is open: empty or a number card on top.
pub fn grave_is_open(grave: &[Card]) -> bool {
    grave.last().is_none_or(|&c| role(c) == Role::Number)
}

/// Whether a grave has a victim on top with no informant on it yet.
pub fn grave_has_free_victim(grave: &[Card]) -> bool {
    grave.last().is_some_and(|&c| role(c) == Role::Victim)
}

/// What an informant does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tip {
    /// Discredit a clue: the player takes one of their own clues back from
    /// the police.
    Discredit,
    /// Inform on another player, who loses a clue to the police.
    InformOn(Seat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Draw the next card of the draw phase (it goes to the next open grave).
    Draw,
    /// Keep the drawn Jack or Ace face up.
    Hold,
    /// Put a Jack into a grave as a corpse: the drawn Jack into the grave it
    /// was drawn for, or (after the draw phase) a held Jack into any open
    /// grave. (Jacks are interchangeable: a held one is taken in
    /// [`SPECIALS`] order.)
    Bury { grave: u8 },
    /// Use an Ace as an informant, placed on a victim without an informant
    /// in `grave`: the drawn Ace, or (after the draw phase) a held one.
    Inform { grave: u8, tip: Tip },
    /// End the turn (after the draw phase): arrests, then the next player.
    EndTurn,
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The player must draw the next card, addressed to `grave`.
    Draw {
        grave: u8,
    },
    /// The drawn `card` (a Jack or an Ace), addressed to `grave`, waits: a
    /// Jack is buried there or held, an Ace is used as an informant or held.
    Drawn {
        card: Card,
        grave: u8,
    },
    /// The draw phase and the clue penalty are over: the player may play
    /// held Jacks and Aces, then ends the turn.
    Plays,
    Over,
}

/// Who must act, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Playing {
        seat: Seat,
        phase: Phase,
    },
    /// The last player with clues, or several players arrested at the same
    /// moment as the last ones: they share the win.
    Over {
        winners: Vec<Seat>,
    },
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// A table needs 2–6 players.
    PlayerCount(usize),
    /// A card must be drawn now.
    MustDraw,
    /// No card is to be drawn now.
    NotDrawing,
    /// The drawn Jack or Ace waits for a decision first.
    DecideDrawnCard(Card),
    /// `Hold` with no drawn Jack or Ace waiting.
    NothingToHold,
    /// The turn can end only after the draw phase.
    CannotEndTurnYet,
    /// The drawn card waiting is not a Jack.
    NotAJack(Card),
    /// The drawn card waiting is not an Ace.
    NotAnAce(Card),
    /// No Jack is held to bury.
    NoJackHeld,
    /// No Ace is held to use.
    NoAceHeld,
    NoSuchGrave(u8),
    /// A drawn Jack goes only into the grave it was drawn for.
    NotItsGrave {
        card: Card,
        grave: u8,
    },
    /// A corpse goes only into an open grave.
    GraveClosed(u8),
    /// An informant goes only on a victim that has no informant yet.
    NoFreeVictim(u8),
    /// The police hold none of the player's clues.
    NoClueToTakeBack,
    /// Not a player who can lose a clue: oneself, an arrested player, one
    /// with no clue left, or no such seat.
    CannotInformOn(Seat),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::GameOver => f.write_str("The game is over."),
            RuleError::PlayerCount(n) => write!(
                f,
                "Serial Killer is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}."
            ),
            RuleError::MustDraw => f.write_str("First draw a card from the victim stack."),
            RuleError::NotDrawing => f.write_str("No card is to be drawn now."),
            RuleError::DecideDrawnCard(card) => {
                write!(f, "First decide what to do with the drawn {}.", card.name())
            }
            RuleError::NothingToHold => f.write_str("There is no drawn Jack or Ace to hold."),
            RuleError::CannotEndTurnYet => {
                f.write_str("The turn ends only after a card is drawn for every open grave.")
            }
            RuleError::NotAJack(card) => {
                write!(f, "Only a Jack is a corpse; the {} is not.", card.name())
            }
            RuleError::NotAnAce(card) => {
                write!(
                    f,
                    "Only an Ace is an informant; the {} is not.",
                    card.name()
                )
            }
            RuleError::NoJackHeld => f.write_str("You hold no Jack to bury."),
            RuleError::NoAceHeld => f.write_str("You hold no Ace to use as an informant."),
            RuleError::NoSuchGrave(g) => write!(f, "There is no grave {}.", u16::from(g) + 1),
            RuleError::NotItsGrave { card, grave } => write!(
                f,
                "The drawn {} can only be buried in grave {}, the one it was drawn for.",
                card.name(),
                u16::from(grave) + 1
            ),
            RuleError::GraveClosed(g) => write!(
                f,
                "Grave {} is closed: a corpse goes only into an open grave.",
                u16::from(g) + 1
            ),
            RuleError::NoFreeVictim(g) => write!(
                f,
                "Grave {} has no victim without an informant on it.",
                u16::from(g) + 1
            ),
            RuleError::NoClueToTakeBack => {
                f.write_str("The police hold none of your clues: there is nothing to discredit.")
            }
            RuleError::CannotInformOn(seat) => write!(
                f,
                "{seat} cannot be informed on: only another player still at large with a clue left."
            ),
        }
    }
}

/// A game of Serial Killer in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    seed: u64,
    rng: Pcg32,
    /// Who plays each seat; its length is the number of players.
    kinds: Vec<SeatKind>,
    /// The first-player draw: one round per entry, each the cards drawn by
    /// the seats still tied (all seats in the first round).
    first_draws: Vec<Vec<(Seat, Card)>>,
    first: Seat,
    /// The victim stack, bottom first; the top card is the last.
    stack: Vec<Card>,
    /// How many cards at the bottom of the stack are known to everyone
    /// (held cards of arrested players put there since the last shuffle).
    known_bottom: u8,
    /// Each grave bottom to top.
    graves: [Vec<Card>; GRAVES],
    /// Clues each player still has; the police hold the rest of `CLUES`.
    clues: [u8; MAX_PLAYERS],
    arrested: [bool; MAX_PLAYERS],
    /// Held (face-up) Jacks and Aces per seat, as masks over [`SPECIALS`].
    held: [u8; MAX_PLAYERS],
    current: Seat,
    /// The graves open at the start of this turn (bit per grave): the n-th
    /// card drawn is addressed to the n-th of them.
    targets: u8,
    /// Cards drawn so far this turn.
    drawn: u8,
    /// A victim was drawn this turn.
    killed: bool,
    phase: Phase,
    /// Turns completed.
    turns: u32,
    /// Times the graves were shuffled back into the stack.
    reshuffles: u32,
    winners: Vec<Seat>,
    /// Actions applied so far, for [`Multiplayer::bot_seed`]. Saves written
    /// before it was kept read as 0, and a 0 is not written, so that they
    /// are written back unchanged.
    #[serde(default, skip_serializing_if = "is_zero")]
    actions: u64,
    /// Every event of the game, oldest first: its log, worded where it is
    /// shown. Every event is public. Saves written before it was kept read
    /// as none (the app rebuilds it from the moves it kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    log: Vec<Event>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn sorted_deck() -> Vec<Card> {
    let mut deck = Card::deck(0);
    deck.sort();
    deck
}

/// Sorts `cards` (as `sort_unstable` would) in linear time: a view is made
/// for every computer decision, and sorting the stack was most of its cost.
fn sort_cards(cards: &mut [Card]) {
    let mut mask = 0u64;
    for &card in cards.iter() {
        let bit = match card {
            Card::Standard { rank, suit } if (1..=KING).contains(&rank) => {
                u32::from(rank - 1) * 4 + suit as u32
            }
            _ => return cards.sort_unstable(),
        };
        if mask & 1 << bit != 0 {
            return cards.sort_unstable();
        }
        mask |= 1 << bit;
    }
    for slot in cards.iter_mut() {
        let bit = mask.trailing_zeros();
        mask &= mask - 1;
        *slot = Card::new(bit as u8 / 4 + 1, Suit::ALL[bit as usize % 4]);
    }
}

/// The `n`-th set bit of `mask` (0-based), if any.
fn nth_bit(mask: u8, n: u8) -> Option<u8> {
    let mut rest = mask;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    (rest != 0).then(|| rest.trailing_zeros() as u8)
}

/// Draws for first player: high card (Ace high) starts; tied players draw
/// again from a freshly shuffled deck.
fn first_player_draw(players: usize, rng: &mut Pcg32) -> (Seat, Vec<Vec<(Seat, Card)>>) {
    let mut contenders: Vec<Seat> = Seat::all(players).collect();
    let mut rounds = Vec::new();
    while rounds.len() < MAX_FIRST_DRAW_ROUNDS {
        let mut deck = Card::deck(0);
        shuffle(&mut deck, rng);
        let round: Vec<(Seat, Card)> = contenders.iter().copied().zip(deck).collect();
        let best = round
            .iter()
            .map(|&(_, c)| first_draw_value(c))
            .max()
            .unwrap_or(0);
        contenders = round
            .iter()
            .filter(|&&(_, c)| first_draw_value(c) == best)
            .map(|&(s, _)| s)
            .collect();
        rounds.push(round);
        if contenders.len() <= 1 {
            break;
        }
    }
    (contenders.first().copied().unwrap_or(Seat(0)), rounds)
}

/// What everyone may know, asked the same way of the state and of any
/// seat's view: one definition for both types, which hold these public
/// fields under the same names (`kinds`, `first_draws`, `first`, `stack`,
/// `known_bottom`, `graves`, `clues`, `arrested`, `held`, `current`,
/// `targets`, `drawn`, `killed`, `phase`, `turns`, `reshuffles`,
/// `winners`). In Serial Killer that is nearly everything, the rules'
/// judgement of an action included: only the order of the stack is
/// secret, and no query here reads it (the view keeps the part of the
/// stack nobody saw go under it sorted).
macro_rules! public_queries {
    () => {
        pub fn players(&self) -> usize {
            self.kinds.len()
        }

        pub fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
            self.kinds.get(seat.index()).copied()
        }

        pub fn seat_kinds(&self) -> &[SeatKind] {
            &self.kinds
        }

        /// The first-player draw, round by round.
        pub fn first_draws(&self) -> &[Vec<(Seat, Card)>] {
            &self.first_draws
        }

        pub fn first_player(&self) -> Seat {
            self.first
        }

        /// Whose turn it is (the last player to act once the game is over).
        pub fn current(&self) -> Seat {
            self.current
        }

        pub fn phase(&self) -> Phase {
            self.phase
        }

        pub fn status(&self) -> Status {
            match self.phase {
                Phase::Over => Status::Over {
                    winners: self.winners.clone(),
                },
                phase => Status::Playing {
                    seat: self.current,
                    phase,
                },
            }
        }

        pub fn winners(&self) -> &[Seat] {
            &self.winners
        }

        pub fn grave(&self, grave: usize) -> &[Card] {
            self.graves.get(grave).map_or(&[], |g| g.as_slice())
        }

        pub fn graves(&self) -> &[Vec<Card>; GRAVES] {
            &self.graves
        }

        pub fn is_open(&self, grave: usize) -> bool {
            self.graves.get(grave).is_some_and(|g| grave_is_open(g))
        }

        pub fn open_graves(&self) -> usize {
            self.graves.iter().filter(|g| grave_is_open(g)).count()
        }

        /// Graves with a victim and no informant: where an Ace can be played.
        pub fn free_victims(&self) -> impl Iterator<Item = u8> + '_ {
            (0..GRAVES as u8).filter(|&g| grave_has_free_victim(&self.graves[usize::from(g)]))
        }

        pub fn stack_len(&self) -> usize {
            self.stack.len()
        }

        /// The cards at the bottom of the stack that everyone saw go there
        /// (bottom first), since the last shuffle.
        pub fn stack_known_bottom(&self) -> &[Card] {
            &self.stack[..usize::from(self.known_bottom).min(self.stack.len())]
        }

        /// The clues `seat` still has (0 once arrested).
        pub fn clues(&self, seat: Seat) -> u8 {
            self.clues.get(seat.index()).copied().unwrap_or(0)
        }

        /// The clues the police hold about `seat`.
        pub fn police(&self, seat: Seat) -> u8 {
            if seat.index() < self.players() {
                CLUES - self.clues(seat).min(CLUES)
            } else {
                0
            }
        }

        pub fn is_arrested(&self, seat: Seat) -> bool {
            self.arrested.get(seat.index()).copied().unwrap_or(false)
        }

        /// Players not arrested.
        pub fn at_large(&self) -> impl Iterator<Item = Seat> + '_ {
            Seat::all(self.players()).filter(|&s| !self.is_arrested(s))
        }

        /// The Jacks and Aces `seat` holds face up.
        pub fn held(&self, seat: Seat) -> Vec<Card> {
            cards_of(self.held_mask(seat)).collect()
        }

        fn held_mask(&self, seat: Seat) -> u8 {
            self.held.get(seat.index()).copied().unwrap_or(0)
        }

        /// The graves open when this turn began, left to right.
        pub fn turn_targets(&self) -> Vec<u8> {
            (0..GRAVES as u8)
                .filter(|g| self.targets & (1 << g) != 0)
                .collect()
        }

        /// Cards drawn so far this turn.
        pub fn drawn_this_turn(&self) -> u8 {
            self.drawn
        }

        /// Whether a victim was drawn this turn.
        pub fn killed_this_turn(&self) -> bool {
            self.killed
        }

        pub fn turns(&self) -> u32 {
            self.turns
        }

        pub fn reshuffles(&self) -> u32 {
            self.reshuffles
        }

        pub fn in_progress(&self) -> bool {
            self.phase != Phase::Over
        }

        // Judging an action: public too (only the stack's order is not).

        /// Whether `action` may be applied now, or why not.
        fn check_action(&self, action: &Action) -> Result<(), RuleError> {
            match *action {
                Action::Draw => match self.phase {
                    Phase::Draw { .. } => Ok(()),
                    Phase::Drawn { card, .. } => Err(RuleError::DecideDrawnCard(card)),
                    Phase::Plays => Err(RuleError::NotDrawing),
                    Phase::Over => Err(RuleError::GameOver),
                },
                Action::Hold => match self.phase {
                    Phase::Drawn { .. } => Ok(()),
                    Phase::Draw { .. } => Err(RuleError::MustDraw),
                    Phase::Plays => Err(RuleError::NothingToHold),
                    Phase::Over => Err(RuleError::GameOver),
                },
                Action::Bury { grave } => {
                    let (jack, _) = self.card_to_play(Role::Corpse)?;
                    if usize::from(grave) >= GRAVES {
                        return Err(RuleError::NoSuchGrave(grave));
                    }
                    if let Phase::Drawn {
                        grave: addressed, ..
                    } = self.phase
                    {
                        if addressed != grave {
                            return Err(RuleError::NotItsGrave { card: jack, grave });
                        }
                    }
                    if !self.is_open(usize::from(grave)) {
                        return Err(RuleError::GraveClosed(grave));
                    }
                    Ok(())
                }
                Action::Inform { grave, tip } => {
                    self.card_to_play(Role::Informant)?;
                    if usize::from(grave) >= GRAVES {
                        return Err(RuleError::NoSuchGrave(grave));
                    }
                    if !grave_has_free_victim(self.grave(usize::from(grave))) {
                        return Err(RuleError::NoFreeVictim(grave));
                    }
                    self.check_tip(tip)
                }
                Action::EndTurn => match self.phase {
                    Phase::Plays => Ok(()),
                    Phase::Draw { .. } => Err(RuleError::MustDraw),
                    Phase::Drawn { card, .. } => Err(RuleError::DecideDrawnCard(card)),
                    Phase::Over => Err(RuleError::GameOver),
                },
            }
        }

        /// Whether `tip` may be given by the current player now.
        fn check_tip(&self, tip: Tip) -> Result<(), RuleError> {
            match tip {
                Tip::Discredit => {
                    if self.clues(self.current) >= CLUES {
                        return Err(RuleError::NoClueToTakeBack);
                    }
                }
                Tip::InformOn(seat) => {
                    if seat == self.current
                        || seat.index() >= self.players()
                        || self.is_arrested(seat)
                        || self.clues(seat) == 0
                    {
                        return Err(RuleError::CannotInformOn(seat));
                    }
                }
            }
            Ok(())
        }

        /// The card a Bury or Inform plays: the drawn card waiting (which must
        /// be of `wanted` role), or a held one after the draw phase (then
        /// `true`, from the hand).
        fn card_to_play(&self, wanted: Role) -> Result<(Card, bool), RuleError> {
            match self.phase {
                Phase::Draw { .. } => Err(RuleError::MustDraw),
                Phase::Over => Err(RuleError::GameOver),
                Phase::Drawn { card, .. } if role(card) == wanted => Ok((card, false)),
                Phase::Drawn { card, .. } if wanted == Role::Corpse => {
                    Err(RuleError::NotAJack(card))
                }
                Phase::Drawn { card, .. } => Err(RuleError::NotAnAce(card)),
                Phase::Plays => {
                    let (bits, missing) = if wanted == Role::Corpse {
                        (JACK_BITS, RuleError::NoJackHeld)
                    } else {
                        (ACE_BITS, RuleError::NoAceHeld)
                    };
                    let held = self.held_mask(self.current) & bits;
                    cards_of(held).next().map(|c| (c, true)).ok_or(missing)
                }
            }
        }

        /// The legal actions, written into `out` (cleared first), without other
        /// allocation: what bots and benches call in their loops.
        pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
            out.clear();
            match self.phase {
                Phase::Over => {}
                Phase::Draw { .. } => out.push(Action::Draw),
                Phase::Drawn { card, grave } => {
                    out.push(Action::Hold);
                    match role(card) {
                        Role::Corpse => out.push(Action::Bury { grave }),
                        _ => self.push_informs(out),
                    }
                }
                Phase::Plays => {
                    let held = self.held_mask(self.current);
                    if held & JACK_BITS != 0 {
                        for grave in 0..GRAVES as u8 {
                            if grave_is_open(&self.graves[usize::from(grave)]) {
                                out.push(Action::Bury { grave });
                            }
                        }
                    }
                    if held & ACE_BITS != 0 {
                        self.push_informs(out);
                    }
                    out.push(Action::EndTurn);
                }
            }
        }

        fn push_informs(&self, out: &mut Vec<Action>) {
            for grave in self.free_victims() {
                for tip in self.legal_tips() {
                    out.push(Action::Inform { grave, tip });
                }
            }
        }

        /// The tips the current player may give now.
        pub fn legal_tips(&self) -> impl Iterator<Item = Tip> + '_ {
            let discredit = (self.clues(self.current) < CLUES).then_some(Tip::Discredit);
            let others = Seat::all(self.players())
                .filter(|&s| self.check_tip(Tip::InformOn(s)).is_ok())
                .map(Tip::InformOn);
            discredit.into_iter().chain(others)
        }
    };
}

impl State {
    /// A new game for the given seats (2–6, clockwise): first player by high
    /// card, then the deck shuffled into the victim stack. The same seats
    /// and seed always deal the same game.
    pub fn new(seats: &[SeatKind], seed: u64) -> Result<State, RuleError> {
        let players = seats.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RuleError::PlayerCount(players));
        }
        let mut rng = Pcg32::seed_from_u64(seed);
        let (first, first_draws) = first_player_draw(players, &mut rng);
        let mut stack = Card::deck(0);
        shuffle(&mut stack, &mut rng);
        let mut clues = [0; MAX_PLAYERS];
        clues[..players].fill(CLUES);
        let mut state = State {
            seed,
            rng,
            kinds: seats.to_vec(),
            first_draws,
            first,
            stack,
            known_bottom: 0,
            graves: Default::default(),
            clues,
            arrested: [false; MAX_PLAYERS],
            held: [0; MAX_PLAYERS],
            current: first,
            targets: 0,
            drawn: 0,
            killed: false,
            phase: Phase::Plays,
            turns: 0,
            reshuffles: 0,
            winners: Vec::new(),
            actions: 0,
            log: Vec::new(),
        };
        state.begin_turn(first, &mut Quiet);
        Ok(state)
    }

    /// A game of `players` people (all seats [`SeatKind::Person`]).
    pub fn with_players(players: usize, seed: u64) -> Result<State, RuleError> {
        State::new(&vec![SeatKind::Person; players], seed)
    }

    public_queries!();

    pub fn seed(&self) -> u64 {
        self.seed
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

    /// Every event so far, oldest first.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// `replayed`, if it is this very game with its log (this one having
    /// none, saved before the state kept it): `replayed` is the game played
    /// again from its moves, which gives the log back. `None` otherwise.
    pub fn with_log_of(&self, replayed: &State) -> Option<State> {
        let mut same = replayed.clone();
        same.log = Vec::new();
        (self.log.is_empty() && same == *self).then(|| replayed.clone())
    }

    /// What `seat` may know: everything but the order of the victim stack
    /// (and the seed and generator, which would tell it). The log travels
    /// beside a view ([`State::log`]), not in it.
    pub fn view(&self, seat: Seat) -> SeatView {
        let mut stack = self.stack.clone();
        let known = usize::from(self.known_bottom).min(stack.len());
        sort_cards(&mut stack[known..]);
        SeatView {
            seat,
            kinds: self.kinds.clone(),
            first_draws: self.first_draws.clone(),
            first: self.first,
            stack,
            known_bottom: self.known_bottom,
            graves: self.graves.clone(),
            clues: self.clues,
            arrested: self.arrested,
            held: self.held,
            current: self.current,
            targets: self.targets,
            drawn: self.drawn,
            killed: self.killed,
            phase: self.phase,
            turns: self.turns,
            reshuffles: self.reshuffles,
            winners: self.winners.clone(),
            actions: self.actions,
        }
    }

    /// This game with what no seat knows dealt again from `seed`: the part
    /// of the victim stack not seen going under it shuffled anew, and the
    /// generator (the later shuffles) seeded anew; everything else kept.
    /// Every seat's view stays the same (what the tests of views check).
    pub fn redeal(&self, seed: u64) -> State {
        self.redeal_with(&mut Pcg32::seed_from_u64(seed))
    }

    pub(crate) fn redeal_with(&self, rng: &mut impl RngCore) -> State {
        let mut state = self.clone();
        state.rng = Pcg32::seed_from_u64(rng.next_u64());
        let known = usize::from(state.known_bottom).min(state.stack.len());
        let hidden = &mut state.stack[known..];
        hidden.sort_unstable();
        shuffle(hidden, rng);
        state
    }

    // ------------------------------------------------------------ rules ----

    /// `action` applied if [`Game::check`] allows it, its events told to
    /// `sink` (the same as `apply`'s, or none at all for the bots'
    /// playouts, which need speed).
    pub(crate) fn apply_into(
        &mut self,
        action: Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.check_action(&action)?;
        self.actions = self.actions.wrapping_add(1);
        match action {
            Action::Draw => self.draw(sink),
            Action::Hold => self.hold(sink),
            Action::Bury { grave } => self.bury(grave, sink),
            Action::Inform { grave, tip } => self.inform(grave, tip, sink),
            Action::EndTurn => self.end_turn(sink),
        }
        Ok(())
    }

    fn begin_turn(&mut self, seat: Seat, sink: &mut impl Sink) {
        self.current = seat;
        self.targets = (0..GRAVES)
            .filter(|&g| grave_is_open(&self.graves[g]))
            .fold(0u8, |m, g| m | 1 << g);
        self.drawn = 0;
        self.killed = false;
        sink.emit(|| Event::TurnBegan {
            seat,
            graves: self.turn_targets(),
        });
        self.next_draw_or_penalty(sink);
    }

    /// After a card of the draw phase is dealt with: the next draw, or the
    /// end-of-turn clue penalty (step 1) and the optional plays (step 2).
    fn next_draw_or_penalty(&mut self, sink: &mut impl Sink) {
        match nth_bit(self.targets, self.drawn) {
            Some(grave) => self.phase = Phase::Draw { grave },
            None => {
                self.phase = Phase::Plays;
                if !self.killed {
                    self.lose_clue(self.current, ClueCause::NoVictim, sink);
                }
            }
        }
    }

    /// `seat` loses a clue to the police (if it has one left).
    fn lose_clue(&mut self, seat: Seat, cause: ClueCause, sink: &mut impl Sink) {
        if let Some(clues) = self.clues.get_mut(seat.index()).filter(|c| **c > 0) {
            *clues -= 1;
            let clues = *clues;
            sink.emit(|| Event::ClueLost { seat, clues, cause });
        }
    }

    /// Every card in the graves and the stack shuffled into a new stack.
    fn reshuffle(&mut self, cause: ReshuffleCause, sink: &mut impl Sink) {
        for grave in &mut self.graves {
            self.stack.append(grave);
        }
        shuffle(&mut self.stack, &mut self.rng);
        self.known_bottom = 0;
        self.reshuffles = self.reshuffles.saturating_add(1);
        let stack = self.stack.len() as u8;
        sink.emit(|| Event::Reshuffled { cause, stack });
    }

    /// Puts a card on a grave; if that closed the last open grave, the
    /// graves are shuffled back into the stack at once.
    fn place(&mut self, grave: u8, card: Card, sink: &mut impl Sink) {
        if let Some(pile) = self.graves.get_mut(usize::from(grave)) {
            pile.push(card);
        }
        if role(card) != Role::Number && self.graves.iter().all(|g| !grave_is_open(g)) {
            self.reshuffle(ReshuffleCause::GravesClosed, sink);
        }
    }

    fn draw(&mut self, sink: &mut impl Sink) {
        let Phase::Draw { grave } = self.phase else {
            return;
        };
        if self.stack.is_empty() {
            self.reshuffle(ReshuffleCause::StackEmpty, sink);
        }
        self.drawn = self.drawn.saturating_add(1);
        let Some(card) = self.stack.pop() else {
            // Only the eight Jacks and Aces can be held, so the graves and
            // the stack never run dry; a broken save just skips the draw.
            self.next_draw_or_penalty(sink);
            return;
        };
        self.known_bottom = self.known_bottom.min(self.stack.len() as u8);
        let seat = self.current;
        let landing = match role(card) {
            Role::Number => Landing::Missed,
            Role::Victim => Landing::Killed,
            Role::Corpse | Role::Informant => Landing::Waiting,
        };
        sink.emit(|| Event::Drawn {
            seat,
            card,
            grave,
            landing,
        });
        match landing {
            Landing::Waiting => self.phase = Phase::Drawn { card, grave },
            Landing::Killed | Landing::Missed => {
                self.killed |= landing == Landing::Killed;
                self.place(grave, card, sink);
                self.next_draw_or_penalty(sink);
            }
        }
    }

    fn hold(&mut self, sink: &mut impl Sink) {
        let Phase::Drawn { card, .. } = self.phase else {
            return;
        };
        let seat = self.current;
        if let Some(held) = self.held.get_mut(seat.index()) {
            *held |= special_bit(card);
        }
        sink.emit(|| Event::Held { seat, card });
        self.next_draw_or_penalty(sink);
    }

    fn give_tip(&mut self, tip: Tip, sink: &mut impl Sink) {
        let by = self.current;
        match tip {
            Tip::Discredit => {
                if let Some(clues) = self.clues.get_mut(by.index()).filter(|c| **c < CLUES) {
                    *clues += 1;
                    let clues = *clues;
                    sink.emit(|| Event::ClueTakenBack { seat: by, clues });
                }
            }
            Tip::InformOn(seat) => self.lose_clue(seat, ClueCause::InformedOn { by }, sink),
        }
    }

    /// A checked [`Action::Bury`].
    fn bury(&mut self, grave: u8, sink: &mut impl Sink) {
        let Ok((card, from_hand)) = self.card_to_play(Role::Corpse) else {
            return;
        };
        let seat = self.current;
        if from_hand {
            self.take_held(card);
        }
        sink.emit(|| Event::Buried {
            seat,
            card,
            grave,
            from_hand,
        });
        self.place(grave, card, sink);
        if !from_hand {
            self.next_draw_or_penalty(sink);
        }
    }

    /// A checked [`Action::Inform`].
    fn inform(&mut self, grave: u8, tip: Tip, sink: &mut impl Sink) {
        let Ok((card, from_hand)) = self.card_to_play(Role::Informant) else {
            return;
        };
        let seat = self.current;
        if from_hand {
            self.take_held(card);
        }
        if let Some(pile) = self.graves.get_mut(usize::from(grave)) {
            pile.push(card);
        }
        sink.emit(|| Event::Informed {
            seat,
            card,
            grave,
            tip,
            from_hand,
        });
        self.give_tip(tip, sink);
        if !from_hand {
            self.next_draw_or_penalty(sink);
        }
    }

    /// The current player's held `card` leaves their hand.
    fn take_held(&mut self, card: Card) {
        if let Some(held) = self.held.get_mut(self.current.index()) {
            *held &= !special_bit(card);
        }
    }

    /// A checked [`Action::EndTurn`]: step 3 of the end of the turn,
    /// arrests (held cards go under the stack), then the winner or the next
    /// player.
    fn end_turn(&mut self, sink: &mut impl Sink) {
        let players = self.players();
        sink.emit(|| Event::TurnEnded { seat: self.current });
        let mut arrested_now = Vec::new();
        for seat in Seat::all(players.min(MAX_PLAYERS)) {
            let i = seat.index();
            if !self.arrested[i] && self.clues[i] == 0 {
                self.arrested[i] = true;
                arrested_now.push(seat);
                let held = std::mem::take(&mut self.held[i]);
                let returned: Vec<Card> = cards_of(held).collect();
                self.stack.splice(0..0, returned.iter().copied());
                self.known_bottom = self.known_bottom.saturating_add(returned.len() as u8);
                sink.emit(|| Event::Arrested { seat, returned });
            }
        }
        self.turns = self.turns.saturating_add(1);
        let at_large: Vec<Seat> = self.at_large().collect();
        let winners = match at_large.len() {
            0 => arrested_now,
            1 => at_large,
            _ => {
                let mut next = self.current.next(players);
                while self.is_arrested(next) {
                    next = next.next(players);
                }
                self.begin_turn(next, sink);
                return;
            }
        };
        self.winners = winners;
        self.phase = Phase::Over;
        sink.emit(|| Event::GameOver {
            winners: self.winners.clone(),
        });
    }

    /// Checks a state read from outside (a save): what every state the
    /// rules reach keeps.
    ///
    /// - 2–6 players; the 52 cards once each (the stack, the graves, the
    ///   held cards and the drawn card waiting);
    /// - graves in an order play can make (numbers, then at most a victim
    ///   with perhaps an informant on it, or a corpse), not all six closed;
    /// - clues 0–6, nothing for seats not at the table, the arrested with
    ///   no clue and nothing held; only Jacks and Aces known under the
    ///   stack, no more of them than it holds;
    /// - seats in range; the turn's graves a non-empty set of the six, the
    ///   cards drawn at most one per grave, the graves still to be drawn
    ///   for open;
    /// - a phase that matches the turn: a draw for the next grave of the
    ///   turn, a drawn Jack or Ace for the last, the plays once every grave
    ///   had its card; while the game runs, two players or more at large
    ///   and the current one among them; once over, the one left at large
    ///   the winner, or (none left) those arrested last.
    pub fn validate(&self) -> Result<(), String> {
        let players = self.players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err("the number of players is not 2 to 6".into());
        }
        let mut cards = self.all_pieces();
        cards.sort();
        if cards != sorted_deck() {
            return Err("the cards are not the 52 cards once each".into());
        }
        for grave in &self.graves {
            let closed_at = grave.iter().position(|&c| role(c) != Role::Number);
            let ok = match closed_at {
                None => true,
                Some(i) => match (role(grave[i]), &grave[i + 1..]) {
                    (Role::Corpse, []) | (Role::Victim, []) => true,
                    (Role::Victim, [ace]) => role(*ace) == Role::Informant,
                    _ => false,
                },
            };
            if !ok {
                return Err("a grave holds cards in an impossible order".into());
            }
        }
        if self.graves.iter().all(|g| !grave_is_open(g)) {
            return Err("all six graves are closed but were not reshuffled".into());
        }
        for i in 0..MAX_PLAYERS {
            let seated = i < players;
            if self.clues[i] > CLUES
                || (!seated && (self.clues[i] != 0 || self.arrested[i] || self.held[i] != 0))
                || (self.arrested[i] && (self.clues[i] != 0 || self.held[i] != 0))
            {
                return Err("clues or held cards are out of range".into());
            }
        }
        if usize::from(self.known_bottom) > self.stack.len() {
            return Err("more known cards under the stack than cards".into());
        }
        if self
            .stack_known_bottom()
            .iter()
            .any(|&c| !matches!(role(c), Role::Corpse | Role::Informant))
        {
            return Err("a card known under the stack was never held".into());
        }
        if self.first.index() >= players || self.current.index() >= players {
            return Err("a seat is out of range".into());
        }
        if self.targets == 0
            || self.targets >> GRAVES != 0
            || u32::from(self.drawn) > self.targets.count_ones()
        {
            return Err("the turn's draws do not match its graves".into());
        }
        let at_large: Vec<Seat> = self.at_large().collect();
        match self.phase {
            Phase::Over => {
                let expected = match at_large.as_slice() {
                    [] => {
                        !self.winners.is_empty()
                            && self.winners.windows(2).all(|w| w[0] < w[1])
                            && self.winners.iter().all(|w| w.index() < players)
                    }
                    [last] => self.winners == [*last],
                    _ => false,
                };
                if !expected {
                    return Err("the game is over without its winners".into());
                }
            }
            phase => {
                if at_large.len() < 2 || self.is_arrested(self.current) || !self.winners.is_empty()
                {
                    return Err("the game should be over".into());
                }
                // The graves this turn has still to draw for (the one the
                // drawn card waits at included).
                let (expected, next) = match phase {
                    Phase::Draw { grave } => {
                        (nth_bit(self.targets, self.drawn) == Some(grave), self.drawn)
                    }
                    Phase::Drawn { card, grave } => (
                        self.drawn > 0
                            && nth_bit(self.targets, self.drawn - 1) == Some(grave)
                            && matches!(role(card), Role::Corpse | Role::Informant),
                        self.drawn.saturating_sub(1),
                    ),
                    _ => (
                        u32::from(self.drawn) == self.targets.count_ones(),
                        self.drawn,
                    ),
                };
                if !expected {
                    return Err("the phase does not match the turn".into());
                }
                let mut ahead = (next..GRAVES as u8).map_while(|n| nth_bit(self.targets, n));
                if ahead.any(|g| !self.is_open(usize::from(g))) {
                    return Err("a grave still to be drawn for this turn is closed".into());
                }
            }
        }
        Ok(())
    }
}

/// Where a drawn card went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Landing {
    /// A number card, placed on its grave, which stays open: a missed
    /// opportunity.
    Missed,
    /// A King or Queen, placed on its grave, which closes: a kill.
    Killed,
    /// A Jack or an Ace, waiting for the player's decision: a Jack buried in
    /// its grave or held, an Ace used as an informant or held.
    Waiting,
}

/// Why a player lost a clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClueCause {
    /// The turn's draws brought no victim (end of turn, step 1).
    NoVictim,
    /// Another player's informant.
    InformedOn { by: Seat },
}

/// Why the graves went back into the victim stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReshuffleCause {
    /// All six graves were closed.
    GravesClosed,
    /// A card had to be drawn from an empty victim stack.
    StackEmpty,
}

/// What an action did, in the order it happened. Everything in it is
/// public (the new stack's order is never told).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// `seat` drew `card` from the victim stack, addressed to `grave`.
    Drawn {
        seat: Seat,
        card: Card,
        grave: u8,
        landing: Landing,
    },
    /// The drawn Jack or Ace is held face up; its grave is skipped.
    Held { seat: Seat, card: Card },
    /// A Jack buried as a corpse in `grave`, closing it: the drawn one, or
    /// (`from_hand`) a held one after the draw phase.
    Buried {
        seat: Seat,
        card: Card,
        grave: u8,
        from_hand: bool,
    },
    /// An Ace used as an informant, placed on the victim in `grave`: the
    /// drawn one, or (`from_hand`) a held one. The clue it moves follows as
    /// [`Event::ClueTakenBack`] or [`Event::ClueLost`].
    Informed {
        seat: Seat,
        card: Card,
        grave: u8,
        tip: Tip,
        from_hand: bool,
    },
    /// `seat` lost a clue to the police and has `clues` left.
    ClueLost {
        seat: Seat,
        clues: u8,
        cause: ClueCause,
    },
    /// `seat` took a clue back from the police and has `clues` now.
    ClueTakenBack { seat: Seat, clues: u8 },
    /// Every card in the graves and the stack shuffled into a new victim
    /// stack of `stack` cards (held cards stay held).
    Reshuffled { cause: ReshuffleCause, stack: u8 },
    /// `seat` ended the turn (the arrests follow).
    TurnEnded { seat: Seat },
    /// `seat` had no clue left and is out; the cards it held went under the
    /// victim stack, face up for all to see.
    Arrested { seat: Seat, returned: Vec<Card> },
    /// `seat`'s turn begins: one card to draw for each of `graves`, the open
    /// ones, left to right.
    TurnBegan { seat: Seat, graves: Vec<u8> },
    /// The game is over: the last player at large, or those arrested last
    /// together.
    GameOver { winners: Vec<Seat> },
}

/// Where the rules tell what happened: `apply`'s events, or nowhere (the
/// bots' playouts, which need speed and no record). An event is built only
/// when it is kept.
pub(crate) trait Sink {
    fn emit(&mut self, event: impl FnOnce() -> Event);
}

impl Sink for Vec<Event> {
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

/// A [`Sink`] that keeps nothing.
pub(crate) struct Quiet;

impl Sink for Quiet {
    fn emit(&mut self, _: impl FnOnce() -> Event) {}
}

impl Game for State {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type Piece = Card;

    /// Every action shape: a Jack into graves 0–6, an Ace on graves 0–6 with
    /// every tip on seats 0–6 (grave 6 and seat 6 never exist).
    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![Action::Draw, Action::Hold, Action::EndTurn];
        all.extend((0..=GRAVES as u8).map(|grave| Action::Bury { grave }));
        let tips = std::iter::once(Tip::Discredit)
            .chain((0..=MAX_PLAYERS).map(|s| Tip::InformOn(Seat::new(s))));
        for tip in tips {
            all.extend((0..=GRAVES as u8).map(|grave| Action::Inform { grave, tip }));
        }
        all
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_action(action)
    }

    /// [`Game::check`], then the change, which cannot fail; its events
    /// join the log. (The computers' playouts apply into no log.)
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        self.log.extend_from_slice(&events);
        Ok(events)
    }

    fn validate(&self) -> Result<(), String> {
        State::validate(self)
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The stack, the graves, the held cards and the drawn card waiting for
    /// a decision.
    fn all_pieces(&self) -> Vec<Card> {
        let mut cards = self.stack.clone();
        for grave in &self.graves {
            cards.extend_from_slice(grave);
        }
        for &mask in &self.held {
            cards.extend(cards_of(mask));
        }
        if let Phase::Drawn { card, .. } = self.phase {
            cards.push(card);
        }
        cards
    }
}

/// What one seat may know. In Serial Killer everything is public (graves,
/// clues, held cards face up, the drawn card, the first-player draw)
/// except the order of the victim stack: this view gives its length, the
/// cards it holds (sorted), and the cards everyone saw go under it, in
/// their order. Its own struct of the public fields, under the state's
/// names, so that `public_queries!` reads both (the pattern of every
/// game's view: see [`crate::Multiplayer::SeatView`]); it holds no seed,
/// no generator and no log. An owned value (serde) that the table draws and
/// the bots decide from. Equal for any two games that differ only in the
/// stack's hidden order and the generator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat looking.
    seat: Seat,
    kinds: Vec<SeatKind>,
    first_draws: Vec<Vec<(Seat, Card)>>,
    first: Seat,
    /// The victim stack as everyone knows it, bottom first: the
    /// `known_bottom` cards seen going under it, in their order, then the
    /// rest sorted (their order is the secret).
    stack: Vec<Card>,
    known_bottom: u8,
    graves: [Vec<Card>; GRAVES],
    clues: [u8; MAX_PLAYERS],
    arrested: [bool; MAX_PLAYERS],
    held: [u8; MAX_PLAYERS],
    current: Seat,
    targets: u8,
    drawn: u8,
    killed: bool,
    phase: Phase,
    turns: u32,
    reshuffles: u32,
    winners: Vec<Seat>,
    /// Actions applied so far (everyone saw them), so that a game
    /// determinised from the view counts them as the game does.
    actions: u64,
}

impl SeatView {
    public_queries!();

    /// The seat looking.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Whether the seat looking must act now.
    pub fn to_act(&self) -> bool {
        self.in_progress() && self.current == self.seat
    }

    pub fn is_over(&self) -> bool {
        !self.in_progress()
    }

    /// The cards in the victim stack, sorted (their order stays hidden).
    pub fn stack_cards(&self) -> Vec<Card> {
        let mut cards = self.stack.clone();
        cards.sort_unstable();
        cards
    }

    /// The legal actions of the player to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    /// Whether the player to act may take `action` now, or why not.
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_action(action)
    }

    /// The game as this view knows it: the part of the stack nobody saw go
    /// under it in sorted order, seed 0, a generator seeded with 0, no
    /// log. What the bots' rules of thumb read (they read only public
    /// facts), and what [`SeatView::determinise`] deals again.
    pub(crate) fn skeleton(&self) -> State {
        State {
            seed: 0,
            rng: Pcg32::seed_from_u64(0),
            kinds: self.kinds.clone(),
            first_draws: self.first_draws.clone(),
            first: self.first,
            stack: self.stack.clone(),
            known_bottom: self.known_bottom,
            graves: self.graves.clone(),
            clues: self.clues,
            arrested: self.arrested,
            held: self.held,
            current: self.current,
            targets: self.targets,
            drawn: self.drawn,
            killed: self.killed,
            phase: self.phase,
            turns: self.turns,
            reshuffles: self.reshuffles,
            winners: self.winners.clone(),
            actions: self.actions,
            log: Vec::new(),
        }
    }

    /// A full game state consistent with everything this seat sees: the
    /// hidden part of the stack in a random order drawn from `rng`, and a
    /// fresh generator for later shuffles. What look-ahead bots play on;
    /// the result depends only on the view and `rng`.
    pub fn determinise(&self, rng: &mut impl RngCore) -> State {
        self.skeleton().redeal_with(rng)
    }
}
