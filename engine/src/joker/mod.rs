//! Joker: 2–4 players, a 5×5 grid of 25 face-down cards, one of them the
//! Joker. Each round one player is the Informant, who knows where the Joker
//! is; the others are Vigilantes who, in turn, probe a card (the die is
//! rolled and the Informant answers the card's distance to the Joker, give
//! or take the roll) or shoot a card. The Vigilante who shoots the Joker
//! scores. Every player is the Informant once; most points wins. Our
//! rulings (they win over the published rule text) are in `docs/rulings.md`.
//!
//! Layout: cells are numbered 0–24 row by row from the top left
//! ([`Cell`]); seats 0.. clockwise. Seat 0 is the first round's Informant,
//! seat 1 the second's, and so on; the Vigilantes play clockwise from the
//! Informant's left.
//!
//! A turn, as actions: the Vigilante whose turn it is plays
//! [`Action::Probe`] (the die is rolled at once, from the state's generator,
//! and the Informant must then play [`Action::Answer`], within
//! `max(0, D − roll) ..= D + roll` of the true Manhattan distance `D`) or
//! [`Action::Shoot`] (a hit scores and ends the round; a miss turns the card
//! face up, ends the turn and locks the shooter out of shooting until
//! another Vigilante has shot, or for their next turn only when they are
//! the only Vigilante).
//!
//! The cards: the first grid is 25 cards off the top of a shuffled
//! standard deck, one of them (at a uniformly random cell) replaced by the
//! Joker. Those 25 cards are the game's pieces: each later round shuffles
//! them into a new grid (so the Joker is again at a uniformly random cell).
//! Which plain cards lie in the grid changes nothing in play; a missed shot
//! shows its card face up.
//!
//! What happened: [`Game::apply`] returns [`Event`]s (a probe asked, an
//! answer given, a shot that missed or hit, the next round, the end); the
//! public log keeps the answers and the shots among them.
//!
//! Secrets: only the Informant's [`SeatView`] gives the Joker's cell, the
//! true distance of a pending probe and the answers it allows. Face-down
//! cards are seen by nobody. No event holds a secret.

pub mod bot;
mod players;
#[cfg(test)]
mod tests;

pub use crate::seats::{Level, Seat, SeatKind};

use crate::cards::{shuffle, Card};
use crate::game::{self, Game};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;

/// Rows and columns of the grid.
pub const SIDE: usize = 5;
/// Cards in the grid.
pub const CELLS: usize = SIDE * SIDE;
/// Faces of the die.
pub const DIE: u8 = 6;
/// The longest Manhattan distance on the grid (corner to corner).
pub const MAX_DISTANCE: u8 = 2 * (SIDE as u8 - 1);
/// The highest answer the Informant can ever give.
pub const MAX_ANSWER: u8 = MAX_DISTANCE + DIE;
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;
/// The most rounds a solo game can have.
pub const MAX_SOLO_ROUNDS: u8 = 9;
/// The Killer Joker.
pub const JOKER: Card = Card::Joker(0);

/// A cell of the grid: `row * 5 + column`, both counted from 0 at the top
/// left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell at `row`, `col` (0–4 each; larger values give a cell off
    /// the grid, which every action refuses).
    pub const fn new(row: usize, col: usize) -> Cell {
        let index = row * SIDE + col;
        Cell(if row >= SIDE || col >= SIDE || index > 255 {
            255
        } else {
            index as u8
        })
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn row(self) -> usize {
        self.index() / SIDE
    }

    pub const fn col(self) -> usize {
        self.index() % SIDE
    }

    pub const fn is_on_grid(self) -> bool {
        self.index() < CELLS
    }

    /// The Manhattan distance: rows apart plus columns apart.
    pub const fn distance(self, other: Cell) -> u8 {
        (self.row().abs_diff(other.row()) + self.col().abs_diff(other.col())) as u8
    }

    /// The 25 cells, row by row.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

/// "row 2, column 5": counted from 1 for people.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_on_grid() {
            write!(f, "row {}, column {}", self.row() + 1, self.col() + 1)
        } else {
            write!(f, "cell {} (off the grid)", self.0)
        }
    }
}

/// A set of cells (a bit per cell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellSet(u32);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet((1 << CELLS) - 1);

    pub const fn bits(self) -> u32 {
        self.0
    }

    pub const fn contains(self, cell: Cell) -> bool {
        cell.is_on_grid() && self.0 & (1 << cell.0) != 0
    }

    pub fn insert(&mut self, cell: Cell) {
        if cell.is_on_grid() {
            self.0 |= 1 << cell.0;
        }
    }

    pub fn remove(&mut self, cell: Cell) {
        if cell.is_on_grid() {
            self.0 &= !(1 << cell.0);
        }
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells of the grid not in this set.
    pub const fn complement(self) -> CellSet {
        CellSet(!self.0 & CellSet::ALL.0)
    }

    /// The cells in order.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut rest = self.0 & CellSet::ALL.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let cell = Cell(rest.trailing_zeros() as u8);
                rest &= rest - 1;
                cell
            })
        })
    }

    /// The `n`-th cell in order (0-based), if any.
    pub fn nth(self, n: usize) -> Option<Cell> {
        self.iter().nth(n)
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

/// The answers allowed for a true distance `distance` and a die `roll`:
/// `max(0, distance − roll) ..= distance + roll`.
pub fn allowed_answers(distance: u8, roll: u8) -> RangeInclusive<u8> {
    distance.saturating_sub(roll)..=distance.saturating_add(roll)
}

/// Whether the Joker could be at `cell` after `probe` was answered
/// `answer` with the die showing `roll`: the answer is within the roll of
/// the distance (`|D − answer| ≤ roll`).
pub fn consistent(cell: Cell, probe: Cell, roll: u8, answer: u8) -> bool {
    cell.distance(probe).abs_diff(answer) <= roll
}

/// Whether a seat missed and may not shoot yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lock {
    /// May shoot.
    #[default]
    Free,
    /// Missed: may shoot again once another Vigilante has shot.
    UntilAnotherShot,
    /// Missed as the only Vigilante: may not shoot in their next turn.
    NextTurn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Point to a face-down card: the die is rolled and the Informant
    /// answers.
    Probe(Cell),
    /// Shoot a face-down card: the Joker scores and ends the round; any
    /// other card is turned face up and the shooter is locked out.
    Shoot(Cell),
    /// The Informant's answer to the pending probe.
    Answer(u8),
}

/// What an action did, as everyone may learn it: what [`Game::apply`]
/// returns, and what the public log is made of.
///
/// One type for both: the log ([`State::log`]) is the subsequence of the
/// events made of the answers ([`Event::Probe`]) and the shots
/// ([`Event::Shot`]), kept exactly as `apply` returned them, so that one
/// wording serves the app's log and its "what happened" lines. The other
/// kinds are not kept because the state already says them (a probe waiting
/// for its answer is the phase, a new round follows each hit but the last,
/// the end is the phase): [`State::history`] gives the whole stream back.
/// The log of a save written before events existed holds the same two
/// kinds, in the same form.
///
/// No event holds a secret: the Joker's cell, a probe's true distance and
/// the face-down cards are in none (a shot names the card it turned face
/// up, public from then on), so every seat learns every event whole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// An answer given (logged): `seat` probed `cell`, the die showed
    /// `roll`, the Informant answered `answer`. The turn passes on.
    Probe {
        round: u8,
        seat: Seat,
        cell: Cell,
        roll: u8,
        answer: u8,
    },
    /// A shot (logged): `seat` shot `cell`, which held `card`. A plain card
    /// is a miss: it lies face up for the rest of the round, the shooter is
    /// locked out and the turn passes on. The Joker is a hit: one point for
    /// `seat` (for its team, in team mode), and the round is over (an
    /// [`Event::NextRound`] or [`Event::GameOver`] follows).
    Shot {
        round: u8,
        seat: Seat,
        cell: Cell,
        card: Card,
    },
    /// A probe asked (not logged: the phase says it until it is answered):
    /// `seat` pointed to `cell`, the die showed `roll`, and the Informant
    /// must answer.
    Asked {
        round: u8,
        seat: Seat,
        cell: Cell,
        roll: u8,
    },
    /// After a hit, round `round` begins (not logged: each hit but the
    /// last is followed by one): a new grid, every card face down, no lock,
    /// `informant` its Informant.
    NextRound { round: u8, informant: Seat },
    /// After the last round's hit, the game is over (not logged): `winners`
    /// (every member of the winning teams, in team mode) have the most
    /// points, `score` each (their team's, in team mode).
    GameOver { winners: Vec<Seat>, score: u32 },
}

impl Event {
    /// The round it happened in (0-based; for [`Event::NextRound`], the
    /// round it opens); `None` for [`Event::GameOver`].
    pub fn round(&self) -> Option<u8> {
        match *self {
            Event::Probe { round, .. }
            | Event::Shot { round, .. }
            | Event::Asked { round, .. }
            | Event::NextRound { round, .. } => Some(round),
            Event::GameOver { .. } => None,
        }
    }

    /// The Vigilante who probed or shot.
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Event::Probe { seat, .. } | Event::Shot { seat, .. } | Event::Asked { seat, .. } => {
                Some(seat)
            }
            Event::NextRound { .. } | Event::GameOver { .. } => None,
        }
    }

    /// The card probed or shot.
    pub fn cell(&self) -> Option<Cell> {
        match *self {
            Event::Probe { cell, .. } | Event::Shot { cell, .. } | Event::Asked { cell, .. } => {
                Some(cell)
            }
            Event::NextRound { .. } | Event::GameOver { .. } => None,
        }
    }

    /// Whether this is a shot that killed the Joker.
    pub fn is_hit(&self) -> bool {
        matches!(self, Event::Shot { card, .. } if card.is_joker())
    }

    /// Whether the public log keeps this kind: answers and shots.
    pub fn is_logged(&self) -> bool {
        matches!(self, Event::Probe { .. } | Event::Shot { .. })
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The Vigilante whose turn it is probes or shoots.
    Turn,
    /// The Informant must answer the probe of `cell`; the die showed `roll`
    /// (both public).
    Answer {
        cell: Cell,
        roll: u8,
    },
    Over,
}

/// Who must act, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// `seat` must act: the Vigilante whose turn it is, or the Informant
    /// when a probe waits for its answer.
    Playing { seat: Seat, phase: Phase },
    /// The players (all the members of the teams, in team mode) with the
    /// most points: several share the win.
    Over { winners: Vec<Seat> },
}

/// Why an action (or a new game) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// A table needs 2–4 players.
    PlayerCount(usize),
    /// Team mode needs a team (0 or 1) for every seat and a player in each
    /// team.
    BadTeams,
    NoSuchCell(Cell),
    /// The card was shot earlier and lies face up.
    FaceUp(Cell),
    /// A probe waits for the Informant's answer.
    MustAnswer,
    /// No probe waits for an answer.
    NothingToAnswer,
    /// The answer is not within the die roll of the true distance (the
    /// error does not say what is allowed: only the Informant may know).
    AnswerOutOfRange(u8),
    /// The Vigilante missed and may not shoot yet: the lock says until
    /// when.
    Locked(Seat, Lock),
    /// A solo game has 1 to 9 rounds.
    SoloRounds(u8),
}

/// Worded for the person who tried the action (the one whose turn it is):
/// the app shows these as they are.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::GameOver => f.write_str("The game is over."),
            RuleError::PlayerCount(n) => write!(
                f,
                "Joker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}."
            ),
            RuleError::BadTeams => {
                f.write_str("Team mode needs every player in one of two teams, neither empty.")
            }
            RuleError::NoSuchCell(cell) => write!(f, "There is no {cell} in the grid."),
            RuleError::FaceUp(cell) => write!(
                f,
                "The card at {cell} is face up: only face-down cards can be probed or shot."
            ),
            RuleError::MustAnswer => f.write_str("The Informant must first answer the probe."),
            RuleError::NothingToAnswer => f.write_str("No probe waits for an answer."),
            RuleError::AnswerOutOfRange(answer) => write!(
                f,
                "{answer} is not allowed: the answer must be within the die roll of the true distance."
            ),
            RuleError::SoloRounds(n) => write!(
                f,
                "A solo game has 1 to {MAX_SOLO_ROUNDS} rounds, not {n}."
            ),
            RuleError::Locked(_, Lock::NextTurn) => {
                f.write_str("You missed and cannot shoot on this turn: probe instead.")
            }
            RuleError::Locked(..) => f.write_str(
                "You missed and cannot shoot until another Vigilante has shot: probe instead.",
            ),
        }
    }
}

/// A game of Joker in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    seed: u64,
    rng: Pcg32,
    /// Who plays each seat; its length is the number of players.
    kinds: Vec<SeatKind>,
    /// Team mode: each seat's team (0 or 1).
    teams: Option<Vec<u8>>,
    /// Solo mode: seat 0 is the Informant of every one of this many rounds
    /// (the Informant rotates otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solo_rounds: Option<u8>,
    /// The grid's cards by cell; exactly one is the Joker.
    grid: [Card; CELLS],
    /// Cells turned face up by missed shots this round (and the Joker's,
    /// once the game is over).
    face_up: CellSet,
    /// The round (0-based); its Informant is the seat of the same number.
    round: u8,
    /// The Vigilante whose turn it is (who probed, while the answer waits).
    current: Seat,
    phase: Phase,
    /// Points each seat scored (Jokers shot).
    points: Vec<u32>,
    locks: Vec<Lock>,
    /// The public log of the whole game, oldest first: the answers and
    /// shots among the events `apply` returned.
    log: Vec<Event>,
    winners: Vec<Seat>,
}

fn check_teams(players: usize, teams: &[u8]) -> Result<(), RuleError> {
    if teams.len() != players
        || teams.iter().any(|&t| t > 1)
        || !teams.contains(&0)
        || !teams.contains(&1)
    {
        return Err(RuleError::BadTeams);
    }
    Ok(())
}

/// A random cell of a set, if it has any.
fn random_cell(cells: CellSet, rng: &mut impl Rng) -> Option<Cell> {
    (!cells.is_empty()).then(|| cells.nth(rng.random_range(0..cells.len())))?
}

/// What everyone may know, asked the same way of the state and of any
/// seat's view: one definition for both types, which hold these fields
/// under the same names (`kinds`, `teams`, `solo_rounds`, `round`,
/// `current`, `phase`, `points`, `locks`, `face_up`, `log`, `winners`).
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

        /// Each seat's team in team mode; `None` when every player plays
        /// alone.
        pub fn teams(&self) -> Option<&[u8]> {
            self.teams.as_deref()
        }

        /// `seat`'s team in team mode.
        pub fn team_of(&self, seat: Seat) -> Option<u8> {
            self.teams.as_ref()?.get(seat.index()).copied()
        }

        /// Whether two seats score together: the same seat, or teammates.
        pub fn same_side(&self, a: Seat, b: Seat) -> bool {
            a == b || (self.team_of(a).is_some() && self.team_of(a) == self.team_of(b))
        }

        /// The round being played (0-based; the last one once the game is
        /// over).
        pub fn round(&self) -> usize {
            usize::from(self.round)
        }

        /// How many rounds the game has: one per player (or the solo
        /// game's count).
        pub fn rounds(&self) -> usize {
            match self.solo_rounds {
                Some(rounds) => usize::from(rounds),
                None => self.players(),
            }
        }

        /// Whether this is a solo game (seat 0 the Informant of every
        /// round).
        pub fn is_solo(&self) -> bool {
            self.solo_rounds.is_some()
        }

        /// The Informant of round `round` (0-based).
        pub fn informant_of(&self, round: usize) -> Seat {
            match self.solo_rounds {
                Some(_) => Seat(0),
                None => Seat::new(round),
            }
        }

        /// The Informant of the round: seat 0 first, then clockwise.
        pub fn informant(&self) -> Seat {
            self.informant_of(self.round())
        }

        /// The Vigilante whose turn it is (who probed, while the answer
        /// waits; who shot last, once the game is over).
        pub fn current(&self) -> Seat {
            self.current
        }

        pub fn phase(&self) -> Phase {
            self.phase
        }

        pub fn in_progress(&self) -> bool {
            self.phase != Phase::Over
        }

        /// Who must act now: the Vigilante whose turn it is, or the
        /// Informant when a probe waits for the answer.
        pub fn to_act(&self) -> Option<Seat> {
            match self.phase {
                Phase::Turn => Some(self.current),
                Phase::Answer { .. } => Some(self.informant()),
                Phase::Over => None,
            }
        }

        pub fn status(&self) -> Status {
            match (self.phase, self.to_act()) {
                (phase, Some(seat)) => Status::Playing { seat, phase },
                _ => Status::Over {
                    winners: self.winners.clone(),
                },
            }
        }

        pub fn winners(&self) -> &[Seat] {
            &self.winners
        }

        /// The Vigilantes of the round in turn order, clockwise from the
        /// Informant's left.
        pub fn vigilantes(&self) -> impl Iterator<Item = Seat> + '_ {
            let players = self.players();
            let informant = self.informant();
            (1..players).map(move |i| Seat::new((informant.index() + i) % players))
        }

        /// The Vigilante who plays after `seat` this round.
        pub fn next_vigilante(&self, seat: Seat) -> Seat {
            let players = self.players();
            let next = seat.next(players);
            if next == self.informant() {
                next.next(players)
            } else {
                next
            }
        }

        /// The Jokers `seat` shot.
        pub fn points(&self, seat: Seat) -> u32 {
            self.points.get(seat.index()).copied().unwrap_or(0)
        }

        /// The points of team `team` (the sum of its members').
        pub fn team_points(&self, team: u8) -> u32 {
            Seat::all(self.players())
                .filter(|&s| self.team_of(s) == Some(team))
                .map(|s| self.points(s))
                .sum()
        }

        /// What counts for `seat` in the end: its team's points in team
        /// mode, its own otherwise.
        pub fn score(&self, seat: Seat) -> u32 {
            match self.team_of(seat) {
                Some(team) => self.team_points(team),
                None => self.points(seat),
            }
        }

        pub fn lock(&self, seat: Seat) -> Lock {
            self.locks.get(seat.index()).copied().unwrap_or_default()
        }

        /// Whether `seat` may shoot on its turn (not locked out).
        pub fn can_shoot(&self, seat: Seat) -> bool {
            self.lock(seat) == Lock::Free
        }

        /// The cells turned face up (missed this round; and the Joker's
        /// once the game is over).
        pub fn face_up(&self) -> CellSet {
            self.face_up
        }

        /// The cells still face down, which may be probed or shot.
        pub fn face_down(&self) -> CellSet {
            self.face_up.complement()
        }

        /// The public log of the whole game, oldest first: every answer
        /// and every shot, as [`Game::apply`] returned them.
        pub fn log(&self) -> &[Event] {
            &self.log
        }

        /// The public log of the round being played.
        pub fn round_log(&self) -> &[Event] {
            let start = self
                .log
                .partition_point(|e| e.round().is_some_and(|r| r < self.round));
            &self.log[start..]
        }

        /// The face-down cells where the Joker can be, given the round's
        /// public log: every answer within its roll of the cell's distance
        /// to the probe. The deduction aid, and what bots start from; never
        /// empty while the round runs.
        pub fn consistent_cells(&self) -> CellSet {
            let mut cells = self.face_down();
            for event in self.round_log() {
                if let Event::Probe {
                    cell: probe,
                    roll,
                    answer,
                    ..
                } = *event
                {
                    cells = cells
                        .iter()
                        .filter(|&c| consistent(c, probe, roll, answer))
                        .collect();
                }
            }
            cells
        }

        /// Every public event of the game so far, in order, as
        /// [`Game::apply`] returned them: the log, with the
        /// [`Event::NextRound`] that follows each hit but the last, the
        /// [`Event::GameOver`] after the last, and the [`Event::Asked`] of
        /// the probe waiting for its answer (an answered probe's `Asked` is
        /// not kept: its answer says all it said).
        pub fn history(&self) -> Vec<Event> {
            let mut events = Vec::with_capacity(self.log.len() + self.rounds() + 1);
            for event in &self.log {
                events.push(event.clone());
                if event.is_hit() {
                    let next = event.round().map_or(0, |r| usize::from(r) + 1);
                    if next < self.rounds() {
                        events.push(Event::NextRound {
                            round: next as u8,
                            informant: self.informant_of(next),
                        });
                    }
                }
            }
            match self.phase {
                Phase::Turn => {}
                Phase::Answer { cell, roll } => events.push(Event::Asked {
                    round: self.round,
                    seat: self.current,
                    cell,
                    roll,
                }),
                Phase::Over => events.push(self.game_over()),
            }
            events
        }

        /// The events of the shot that ended the last round, as
        /// [`Game::apply`] returned them (the hit, then
        /// [`Event::NextRound`]), while the new round has seen no action
        /// yet; `None` in the first round, once the new round's first
        /// action is played, and once the game is over. Read from the
        /// state alone, so also after a reload: every action of a round
        /// either waits for an answer (the phase), is logged in the round,
        /// or ends it.
        pub fn round_end(&self) -> Option<[Event; 2]> {
            if self.phase != Phase::Turn || self.round == 0 || !self.round_log().is_empty() {
                return None;
            }
            let hit = self.log.last().filter(|e| e.is_hit())?.clone();
            Some([
                hit,
                Event::NextRound {
                    round: self.round,
                    informant: self.informant(),
                },
            ])
        }

        /// How many actions have been applied: two per answered probe (the
        /// probe and its answer), one per shot, one for a probe waiting for
        /// its answer. Every action leaves its trace in the log or the
        /// phase, so the count is exact for saves of any age.
        pub fn actions_applied(&self) -> u64 {
            let logged: u64 = self
                .log
                .iter()
                .map(|e| match e {
                    Event::Probe { .. } => 2,
                    _ => 1,
                })
                .sum();
            logged + u64::from(matches!(self.phase, Phase::Answer { .. }))
        }

        /// The [`Event::GameOver`] of the winners as they stand.
        fn game_over(&self) -> Event {
            Event::GameOver {
                winners: self.winners.clone(),
                score: self.winners.first().map_or(0, |&s| self.score(s)),
            }
        }

        /// The probes of the face-down cards, and the shots when the
        /// Vigilante whose turn it is may shoot.
        fn turn_actions_into(&self, out: &mut Vec<Action>) {
            let cells = self.face_down();
            out.extend(cells.iter().map(Action::Probe));
            if self.can_shoot(self.current) {
                out.extend(cells.iter().map(Action::Shoot));
            }
        }
    };
}

impl State {
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

    /// A new game for the given seats (2–4, clockwise), every player for
    /// themselves. The same seats and seed always deal the same game.
    pub fn new(seats: &[SeatKind], seed: u64) -> Result<State, RuleError> {
        State::build(seats, None, seed)
    }

    /// A new game in team mode: `teams[i]` (0 or 1) is seat `i`'s team,
    /// fixed for the whole game; neither team may be empty.
    pub fn with_teams(seats: &[SeatKind], teams: &[u8], seed: u64) -> Result<State, RuleError> {
        State::build(seats, Some(teams), seed)
    }

    /// A new game in solo mode: seat 0 (a computer, as the app sets it) is
    /// the Informant of each of `rounds` rounds (1–9), and the other seats
    /// are Vigilantes throughout.
    pub fn solo(seats: &[SeatKind], rounds: u8, seed: u64) -> Result<State, RuleError> {
        if !(1..=MAX_SOLO_ROUNDS).contains(&rounds) {
            return Err(RuleError::SoloRounds(rounds));
        }
        let mut state = State::build(seats, None, seed)?;
        state.solo_rounds = Some(rounds);
        Ok(state)
    }

    /// A game of `players` people (all seats [`SeatKind::Person`]).
    pub fn with_players(players: usize, seed: u64) -> Result<State, RuleError> {
        State::new(&vec![SeatKind::Person; players], seed)
    }

    fn build(seats: &[SeatKind], teams: Option<&[u8]>, seed: u64) -> Result<State, RuleError> {
        let players = seats.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(RuleError::PlayerCount(players));
        }
        if let Some(teams) = teams {
            check_teams(players, teams)?;
        }
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut deck = Card::deck(0);
        shuffle(&mut deck, &mut rng);
        let mut grid = [JOKER; CELLS];
        grid.copy_from_slice(&deck[..CELLS]);
        grid[rng.random_range(0..CELLS)] = JOKER;
        Ok(State {
            seed,
            rng,
            kinds: seats.to_vec(),
            teams: teams.map(<[u8]>::to_vec),
            solo_rounds: None,
            grid,
            face_up: CellSet::EMPTY,
            round: 0,
            current: Seat(0).next(players),
            phase: Phase::Turn,
            points: vec![0; players],
            locks: vec![Lock::Free; players],
            log: Vec::new(),
            winners: Vec::new(),
        })
    }

    public_queries!();

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The card at `cell` if it is face up.
    pub fn card_if_face_up(&self, cell: Cell) -> Option<Card> {
        self.face_up.contains(cell).then(|| self.grid[cell.index()])
    }

    /// The Joker's cell. Secret: the UI shows it only through the
    /// Informant's [`SeatView`].
    pub fn joker(&self) -> Cell {
        Cell::all()
            .find(|c| self.grid[c.index()].is_joker())
            .unwrap_or(Cell(0))
    }

    /// The pending probe's true distance to the Joker. Secret (see
    /// [`State::joker`]).
    pub fn true_distance(&self) -> Option<u8> {
        match self.phase {
            Phase::Answer { cell, .. } => Some(cell.distance(self.joker())),
            _ => None,
        }
    }

    /// The answers the pending probe allows. Secret (see [`State::joker`]).
    pub fn allowed_answers(&self) -> Option<RangeInclusive<u8>> {
        match self.phase {
            Phase::Answer { cell, roll } => {
                Some(allowed_answers(cell.distance(self.joker()), roll))
            }
            _ => None,
        }
    }

    /// What `seat` may know: everything public, and the Joker's cell for
    /// the round's Informant only (while the game runs).
    pub fn view(&self, seat: Seat) -> SeatView {
        let informant = self.in_progress() && self.informant() == seat;
        SeatView {
            seat,
            kinds: self.kinds.clone(),
            teams: self.teams.clone(),
            solo_rounds: self.solo_rounds,
            round: self.round,
            current: self.current,
            phase: self.phase,
            points: self.points.clone(),
            locks: self.locks.clone(),
            face_up: self.face_up,
            cards: self.face_up.iter().map(|c| self.grid[c.index()]).collect(),
            log: self.log.clone(),
            winners: self.winners.clone(),
            joker: informant.then(|| self.joker()),
        }
    }

    /// This state with everything `seat` may not know dealt again from
    /// `seed`, so that `seat`'s view is unchanged: the face-down plain
    /// cards shuffled among their cells (nobody sees them); for anyone but
    /// the round's Informant, the Joker moved to another face-down cell
    /// that fits the round's public log, when there is one; and the
    /// generator re-seeded (the rolls and grids to come). What the
    /// invariant harness deals to check the views, and what a computer
    /// player sampling the hidden cards would deal.
    pub fn redeal(&self, seat: Seat, seed: u64) -> State {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut next = self.clone();
        let joker = self.joker();
        let knows_joker = self.in_progress() && self.informant() == seat;
        if !knows_joker && !self.face_up.contains(joker) {
            let mut elsewhere = self.consistent_cells();
            elsewhere.remove(joker);
            if let Some(cell) = random_cell(elsewhere, &mut rng) {
                next.grid.swap(joker.index(), cell.index());
            }
        }
        let joker = next.joker();
        let cells: Vec<Cell> = self.face_down().iter().filter(|&c| c != joker).collect();
        let mut cards: Vec<Card> = cells.iter().map(|c| next.grid[c.index()]).collect();
        shuffle(&mut cards, &mut rng);
        for (cell, card) in cells.into_iter().zip(cards) {
            next.grid[cell.index()] = card;
        }
        next.rng = Pcg32::seed_from_u64(rng.random());
        next
    }

    // ------------------------------------------------------------ rules ----

    /// The face-down cell `cell`, or why it cannot be probed or shot.
    fn check_target(&self, cell: Cell) -> Result<(), RuleError> {
        match self.phase {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Answer { .. } => return Err(RuleError::MustAnswer),
            Phase::Turn => {}
        }
        if !cell.is_on_grid() {
            return Err(RuleError::NoSuchCell(cell));
        }
        if self.face_up.contains(cell) {
            return Err(RuleError::FaceUp(cell));
        }
        Ok(())
    }

    /// A checked probe: the die is rolled, the Informant must answer.
    fn probe(&mut self, cell: Cell) -> Vec<Event> {
        let roll = self.rng.random_range(1..=DIE);
        self.phase = Phase::Answer { cell, roll };
        vec![Event::Asked {
            round: self.round,
            seat: self.current,
            cell,
            roll,
        }]
    }

    /// A checked answer: logged, and the turn passes on.
    fn answer(&mut self, answer: u8) -> Vec<Event> {
        let Phase::Answer { cell, roll } = self.phase else {
            return Vec::new(); // refused by `check`
        };
        let event = Event::Probe {
            round: self.round,
            seat: self.current,
            cell,
            roll,
            answer,
        };
        self.log.push(event.clone());
        // A lone Vigilante's lock lasts this one turn.
        if let Some(lock) = self.locks.get_mut(self.current.index()) {
            if *lock == Lock::NextTurn {
                *lock = Lock::Free;
            }
        }
        self.pass_turn();
        vec![event]
    }

    /// A checked shot: a miss turns the card up and locks the shooter out;
    /// a hit scores and ends the round.
    fn shoot(&mut self, cell: Cell) -> Vec<Event> {
        let shooter = self.current;
        let card = self.grid[cell.index()];
        let shot = Event::Shot {
            round: self.round,
            seat: shooter,
            cell,
            card,
        };
        self.log.push(shot.clone());
        // Another Vigilante has shot: the others' locks are lifted.
        for (i, lock) in self.locks.iter_mut().enumerate() {
            if i != shooter.index() && *lock == Lock::UntilAnotherShot {
                *lock = Lock::Free;
            }
        }
        self.face_up.insert(cell);
        if !card.is_joker() {
            let lock = if self.players() == 2 {
                Lock::NextTurn
            } else {
                Lock::UntilAnotherShot
            };
            if let Some(slot) = self.locks.get_mut(shooter.index()) {
                *slot = lock;
            }
            self.pass_turn();
            return vec![shot];
        }
        if let Some(points) = self.points.get_mut(shooter.index()) {
            *points += 1;
        }
        vec![shot, self.end_round()]
    }

    fn pass_turn(&mut self) {
        self.current = self.next_vigilante(self.current);
        self.phase = Phase::Turn;
    }

    /// The Joker is dead: the next round with the next Informant and a new
    /// grid, or the end of the game.
    fn end_round(&mut self) -> Event {
        if self.round() + 1 >= self.rounds() {
            self.phase = Phase::Over;
            self.winners = self.compute_winners();
            return self.game_over();
        }
        self.round += 1;
        shuffle(&mut self.grid, &mut self.rng);
        self.face_up = CellSet::EMPTY;
        self.locks.fill(Lock::Free);
        self.current = self.informant().next(self.players());
        self.phase = Phase::Turn;
        Event::NextRound {
            round: self.round,
            informant: self.informant(),
        }
    }

    /// The seats with the most points, or all the members of the team(s)
    /// with the most points.
    fn compute_winners(&self) -> Vec<Seat> {
        let best = Seat::all(self.players())
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0);
        Seat::all(self.players())
            .filter(|&s| self.score(s) == best)
            .collect()
    }

    /// The legal actions, written into `out` (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Turn => self.turn_actions_into(out),
            Phase::Answer { cell, roll } => {
                out.extend(allowed_answers(cell.distance(self.joker()), roll).map(Action::Answer))
            }
        }
    }

    /// Checks a state read from outside (a save): 2–4 players, well-formed
    /// teams, 25 distinct cards with one Joker, the Joker face down while
    /// the game runs, seats and phase in range, a log of answers and shots
    /// only, every logged answer within its roll of the true distance, one
    /// point per finished round.
    pub fn validate(&self) -> Result<(), String> {
        let players = self.players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err("the number of players is not 2 to 4".into());
        }
        if self.points.len() != players || self.locks.len() != players {
            return Err("points or locks do not match the players".into());
        }
        if let Some(teams) = &self.teams {
            if check_teams(players, teams).is_err() {
                return Err("the teams are not two teams of the players".into());
            }
        }
        let mut cards = self.grid.to_vec();
        cards.sort();
        cards.dedup();
        if cards.len() != CELLS || self.grid.iter().filter(|c| c.is_joker()).count() != 1 {
            return Err("the grid is not 25 distinct cards with one Joker".into());
        }
        if self.face_up.bits() & !CellSet::ALL.bits() != 0 {
            return Err("a face-up cell is off the grid".into());
        }
        if self
            .solo_rounds
            .is_some_and(|r| !(1..=MAX_SOLO_ROUNDS).contains(&r))
        {
            return Err("a solo game has 1 to 9 rounds".into());
        }
        if self.is_solo() && self.teams.is_some() {
            return Err("a solo game has no teams".into());
        }
        if self.round() >= self.rounds() {
            return Err("the round is past the last".into());
        }
        let informant = self.informant();
        if self.current.index() >= players || self.current == informant {
            return Err("the turn is not a Vigilante's".into());
        }
        if self.lock(informant) != Lock::Free
            || (players > 2 && self.locks.contains(&Lock::NextTurn))
        {
            return Err("a lock is out of place".into());
        }
        // The log: answers and shots only, each with its round, seat and
        // cell.
        let mut acts = Vec::with_capacity(self.log.len());
        for event in &self.log {
            match (event.is_logged(), event.round(), event.seat(), event.cell()) {
                (true, Some(round), Some(seat), Some(cell)) => acts.push((round, seat, cell)),
                _ => return Err("the log holds an event that is never logged".into()),
            }
        }
        // Rounds in order, every answer in range, one hit ending each
        // finished round, the misses of this round face up.
        let joker = self.joker();
        let mut round_joker = Vec::with_capacity(players);
        for round in 0..=self.round {
            let hits: Vec<Cell> = self
                .log
                .iter()
                .zip(&acts)
                .filter(|(e, act)| act.0 == round && e.is_hit())
                .map(|(_, act)| act.2)
                .collect();
            let finished = round < self.round || self.phase == Phase::Over;
            match hits.as_slice() {
                [] if !finished => round_joker.push(joker),
                [hit] if finished => round_joker.push(*hit),
                _ => return Err("a round has the wrong number of hits".into()),
            }
        }
        let mut last_round = 0;
        let mut misses = CellSet::EMPTY;
        for (i, (event, &(round, seat, cell))) in self.log.iter().zip(&acts).enumerate() {
            if round < last_round
                || round > self.round
                || seat == self.informant_of(usize::from(round))
            {
                return Err("the log is out of order".into());
            }
            last_round = round;
            if !cell.is_on_grid() || seat.index() >= players {
                return Err("the log names a cell or seat out of range".into());
            }
            if event.is_hit() && acts.get(i + 1).is_some_and(|next| next.0 == round) {
                return Err("the log goes on after a hit".into());
            }
            match *event {
                Event::Probe { roll, answer, .. } => {
                    let d = cell.distance(round_joker[usize::from(round)]);
                    if !(1..=DIE).contains(&roll) || !allowed_answers(d, roll).contains(&answer) {
                        return Err("a logged answer is out of range".into());
                    }
                }
                Event::Shot { card, .. }
                    if !self.grid.contains(&card) || (card.is_joker() && card != JOKER) =>
                {
                    return Err("a shot card is not one of the grid's".into());
                }
                Event::Shot { card, .. } if round == self.round && !card.is_joker() => {
                    if self.grid[cell.index()] != card {
                        return Err("a missed card is not where it was shot".into());
                    }
                    misses.insert(cell);
                }
                _ => {}
            }
        }
        self.replay_turns(&acts)?;
        match self.phase {
            Phase::Over => {
                let mut expected = misses;
                expected.insert(joker);
                if self.face_up != expected
                    || round_joker.last() != Some(&joker)
                    || self.winners != self.compute_winners()
                    || self.round() + 1 != self.rounds()
                {
                    return Err("the game is over without its result".into());
                }
            }
            phase => {
                if self.face_up != misses {
                    return Err("the face-up cards do not match the missed shots".into());
                }
                if !self.winners.is_empty() {
                    return Err("winners while the game runs".into());
                }
                if let Phase::Answer { cell, roll } = phase {
                    if !cell.is_on_grid()
                        || self.face_up.contains(cell)
                        || !(1..=DIE).contains(&roll)
                    {
                        return Err("the pending probe is out of range".into());
                    }
                }
            }
        }
        Ok(())
    }

    /// Part of [`State::validate`]: replays the turns of the log (`acts`:
    /// each event's round, seat and cell), round by round. Each event is
    /// the act of the Vigilante whose turn it was, on a card still face
    /// down, and no locked Vigilante shot; the locks, the turn and each
    /// seat's points are then what the log leaves.
    fn replay_turns(&self, acts: &[(u8, Seat, Cell)]) -> Result<(), String> {
        let players = self.players();
        let mut points = vec![0u32; players];
        for round in 0..=self.round {
            let informant = self.informant_of(usize::from(round));
            let next = |seat: Seat| {
                let next = seat.next(players);
                if next == informant {
                    next.next(players)
                } else {
                    next
                }
            };
            let mut locks = vec![Lock::Free; players];
            let mut current = informant.next(players);
            let mut shown = CellSet::EMPTY;
            let events = self.log.iter().zip(acts).filter(|(_, act)| act.0 == round);
            for (event, &(_, seat, cell)) in events {
                if seat != current || shown.contains(cell) {
                    return Err("the log does not follow the turns".into());
                }
                if let Event::Shot { card, .. } = *event {
                    if locks[seat.index()] != Lock::Free {
                        return Err("a locked Vigilante shot".into());
                    }
                    for (i, lock) in locks.iter_mut().enumerate() {
                        if i != seat.index() && *lock == Lock::UntilAnotherShot {
                            *lock = Lock::Free;
                        }
                    }
                    shown.insert(cell);
                    if card.is_joker() {
                        points[seat.index()] += 1;
                        // The round is over (checked by the caller): the
                        // turn stays with the shooter.
                        continue;
                    }
                    locks[seat.index()] = if players == 2 {
                        Lock::NextTurn
                    } else {
                        Lock::UntilAnotherShot
                    };
                } else if locks[seat.index()] == Lock::NextTurn {
                    locks[seat.index()] = Lock::Free;
                }
                current = next(seat);
            }
            if round == self.round && (locks != self.locks || current != self.current) {
                return Err("the locks or the turn do not follow from the log".into());
            }
        }
        if points != self.points {
            return Err("the points do not match the hits".into());
        }
        Ok(())
    }
}

impl Game for State {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type Piece = Card;

    /// Every action shape: probes and shots of cells 0–25 (25 is off the
    /// grid) and answers 0–15 (15 is never allowed).
    fn action_space(&self) -> Vec<Action> {
        let cells = (0..=CELLS as u8).map(Cell);
        let mut all: Vec<Action> = cells.clone().map(Action::Probe).collect();
        all.extend(cells.map(Action::Shoot));
        all.extend((0..=MAX_ANSWER + 1).map(Action::Answer));
        all
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        match *action {
            Action::Probe(cell) => self.check_target(cell),
            Action::Shoot(cell) => {
                self.check_target(cell)?;
                match self.lock(self.current) {
                    Lock::Free => Ok(()),
                    lock => Err(RuleError::Locked(self.current, lock)),
                }
            }
            Action::Answer(answer) => match self.phase {
                Phase::Over => Err(RuleError::GameOver),
                Phase::Turn => Err(RuleError::NothingToAnswer),
                Phase::Answer { cell, roll } => {
                    if allowed_answers(cell.distance(self.joker()), roll).contains(&answer) {
                        Ok(())
                    } else {
                        Err(RuleError::AnswerOutOfRange(answer))
                    }
                }
            },
        }
    }

    /// [`Game::check`], then the change, which cannot fail: a refused
    /// action leaves the state as it was.
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(&action)?;
        Ok(match action {
            Action::Probe(cell) => self.probe(cell),
            Action::Shoot(cell) => self.shoot(cell),
            Action::Answer(answer) => self.answer(answer),
        })
    }

    fn validate(&self) -> Result<(), String> {
        State::validate(self)
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The 25 cards of the grid.
    fn all_pieces(&self) -> Vec<Card> {
        self.grid.to_vec()
    }
}

/// What one seat may know, as an owned value: the grid (which cards are
/// face up, and those cards), the public log, the scores and locks, whose
/// turn it is, the pending probe and its roll; and, for the round's
/// Informant only, the Joker's cell (and with it the pending probe's true
/// distance and the answers it allows). What the table draws and the
/// computer players decide from. Its own struct of the public fields,
/// under the state's names, so that `public_queries!` reads both (the
/// pattern of every game's view: see [`crate::Multiplayer::SeatView`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat looking.
    seat: Seat,
    kinds: Vec<SeatKind>,
    teams: Option<Vec<u8>>,
    solo_rounds: Option<u8>,
    round: u8,
    current: Seat,
    phase: Phase,
    points: Vec<u32>,
    locks: Vec<Lock>,
    face_up: CellSet,
    /// The cards of the face-up cells, in cell order.
    cards: Vec<Card>,
    log: Vec<Event>,
    winners: Vec<Seat>,
    /// The Joker's cell: in the round's Informant's view only, while the
    /// game runs.
    joker: Option<Cell>,
}

impl SeatView {
    public_queries!();

    /// The seat looking.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Whether the seat looking is the round's Informant (while the game
    /// runs).
    pub fn is_informant(&self) -> bool {
        self.in_progress() && self.informant() == self.seat
    }

    /// Whether the seat looking must act now.
    pub fn must_act(&self) -> bool {
        self.to_act() == Some(self.seat)
    }

    /// The card at `cell` if it is face up; `None` for a face-down card.
    pub fn card(&self, cell: Cell) -> Option<Card> {
        let i = self.face_up.iter().position(|c| c == cell)?;
        self.cards.get(i).copied()
    }

    /// The legal actions of the seat looking: empty unless it must act now
    /// (the Informant's answers are its secret).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.must_act() {
            return;
        }
        match self.phase {
            Phase::Turn => self.turn_actions_into(out),
            Phase::Answer { .. } => {
                if let Some(allowed) = self.allowed_answers() {
                    out.extend(allowed.map(Action::Answer));
                }
            }
            Phase::Over => {}
        }
    }

    /// The Joker's cell: for the Informant only.
    pub fn joker(&self) -> Option<Cell> {
        self.joker.filter(|_| self.is_informant())
    }

    /// The pending probe's true distance to the Joker: for the Informant
    /// only.
    pub fn true_distance(&self) -> Option<u8> {
        match (self.phase, self.joker()) {
            (Phase::Answer { cell, .. }, Some(joker)) => Some(cell.distance(joker)),
            _ => None,
        }
    }

    /// The answers the pending probe allows: for the Informant only.
    pub fn allowed_answers(&self) -> Option<RangeInclusive<u8>> {
        match (self.phase, self.true_distance()) {
            (Phase::Answer { roll, .. }, Some(d)) => Some(allowed_answers(d, roll)),
            _ => None,
        }
    }
}
