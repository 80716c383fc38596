//! The exact solver: with everything known (the order of the draw deck and
//! the face-down zombies), whether a position can still be won, the best
//! score (cards left in the deck when the twelfth zombie dies), and a line of
//! [`Action`]s that gets it. For reviewing a game after the fact, not for
//! hints: the player never sees what this reads.
//!
//! ## Reveals with perfect knowledge
//!
//! A reveal only makes a zombie attackable, and one zombie is revealed per
//! turn while one at most dies per turn. So any order of kills can be
//! played: reveal the face-down zombies in the order the line kills them.
//! The `j`-th face-down zombie to die (from 0) is revealed `j` turns from
//! now and dies no sooner, since `j` others die before it, one per turn. The
//! search therefore treats every living zombie as face up; only the kill of
//! a turn already under way (its reveal done) is limited to face-up zombies.
//! [`Solver::solve`] turns the plan back into engine actions, choosing the
//! reveals. The brute-force tests check this on positions with zombies face
//! down. So the best reveal never lowers the best score, but another one
//! can: when this turn's card is the only one that could kill a zombie
//! still face down, revealing a different zombie loses that kill (a review
//! may name such a reveal as the losing move).
//!
//! ## Killing is never worse than not killing
//!
//! Whether a card fits a pile does not depend on the zombies, so any line
//! from a position also plays from the same position with fewer zombies
//! alive, and wins no later. The search never skips a possible kill; at a
//! corner where two can die it tries both.
//!
//! ## The search
//!
//! The best score is the earliest turn at which the last zombie can die.
//! A position at the start of a turn is the number of cards drawn, the nine
//! pile tops (the cards below never matter again) and which zombies live.
//! Iterative deepening on that turn: a depth-first search asks whether the
//! last zombie can die by a budget, from the lowest bound up, each failure
//! proving a higher bound, and the first success is the optimum. A
//! transposition table keeps exact values and lower bounds, keyed by the
//! position with each top reduced to what matters of it (see
//! [`Solver::canonical`]). Before that a beam search (only the most
//! promising positions of each turn) looks for a good line quickly: when it
//! finds the optimum, the deepening only has to prove that nothing is
//! sooner.
//!
//! The lower bound of a position ([`Solver::bound`]): each living zombie
//! needs a turn of its own, no sooner than it could die, and the game ends
//! at the first card no pile could take (each pile's possible tops follow
//! chains of cards, each fitting the one before). When it could die is
//! bounded two ways:
//!
//! - cheaply ([`Solver::ready`]): a killing pair of support cards, each the
//!   top now or a card that could reach its pile by then, and then a card
//!   that could reach the zombie's own pile;
//! - more tightly, once a search has grown past [`LINE_BOUNDS_AFTER`]
//!   positions ([`Solver::line`]): the two zombies of each row and column
//!   played exactly on their own three piles, the other cards going
//!   anywhere else (a kill at one end covers a support of the other).
//!
//! Turns without a kill count too ([`Solver::quiet_turns`]): a pile must
//! change its top once for each group of the zombies it supports that no
//! one top could help kill, and a card played on a pile kills at most once
//! per living zombie next to it (the centre never kills), so the other
//! changes are turns without a kill. The last zombie dies no sooner than
//! the turns of the kills and of those changes allow. Most of the
//! positions a search visits are a few turns from having none to spare,
//! which is where this bound cuts.
//!
//! A zombie that no play could kill, or a finish after the last card, is a
//! loss.
//!
//! ## Speed
//!
//! Fresh deals, a new solver each, natively on one thread of a shared
//! 2-core machine (`cargo run --release -p engine --example dc_solve --
//! all 10000 0 400 20000000`: 400 s per variant, a deal given up after 20
//! million positions, about 40 to 60 s):
//!
//! | variant | deals | winnable | mean best score | median | p99 | worst |
//! |---|---|---|---|---|---|---|
//! | Standard | 116 of seeds 0–118 | 100% | 11.41 | 0.59 s | 24.4 s | 34.3 s |
//! | Hard | 161 of seeds 0–163 | 100% | 10.55 | 0.38 s | 13.7 s | 14.2 s |
//! | Nightmare | 201 of seeds 0–202 | 99.0% | 10.05 | 0.27 s | 33.9 s | 52.4 s |
//!
//! Not finished within 20 million positions: Standard 42, 83, 102; Hard
//! 110, 113, 116; Nightmare 152, 202. The two unwinnable Nightmare deals
//! (58, 111) are proved at once (a King no pair of cards could ever kill).
//! Winnable deals are slow when the best score is far from the first
//! bound; the deepening then proves each turn before it in turn.
//!
//! ## Any win
//!
//! Whether a deal can be won at all needs no best score:
//! [`Solver::find_win`] tries beams of 64, 512, 4,096 and 32,768 positions
//! a turn, and only when none finds a win searches once with every turn
//! of the deck as the budget, stopping at the first win and keeping only
//! what failures prove. A deal that cannot be won mostly has a zombie no
//! pair of cards can kill, and the first bound says so at once.
//!
//! 10,000 fresh deals per variant, a new solver each, given up after 3
//! million positions as the app does (`cargo run --release -p engine
//! --example dc_solve -- all 10000 0 100000 3000000 --any`, about 5
//! minutes for all three):
//!
//! | variant | answered | winnable | not winnable | median | p99 | worst answered |
//! |---|---|---|---|---|---|---|
//! | Standard | 9,998 | 9,987 | 11 | 2.6 ms | 23.1 ms | 4.4 s |
//! | Hard | 9,991 | 9,976 | 15 | 2.5 ms | 22.5 ms | 2.5 s |
//! | Nightmare | 9,995 | 9,971 | 24 | 2.4 ms | 22.5 ms | 2.7 s |
//!
//! The 16 deals not answered within 3 million positions, searched longer:
//! 9 winnable (Standard 7417, 9532; Hard 685, 1485, 5612, 8829; Nightmare
//! 2712, 4675, 9011, found in 4 to 14 million positions), one not
//! (Hard 4604, proved in 41 million), and 6 still undecided: Hard 1838,
//! 4235, 6182 and 7857 after 8 minutes each, Nightmare 7180 and 8261
//! after 3. So 99.89% of Standard deals can be won, 99.80–99.84% of Hard
//! and 99.74–99.76% of Nightmare.
//!
//! ## Memory
//!
//! The table starts small and doubles up to [`Limits::table_entries`]
//! (16 bytes an entry); once full, a new position replaces the deepest of
//! its bucket. The table holds only sound bounds, so replacing never makes
//! an answer wrong, only slower. The line bounds take
//! 18 × (n(n+1)/2)² bytes for a deck of n cards (5.7 MB for 33), only once
//! used. An optional limit on positions searched ([`Limits::max_nodes`])
//! gives [`SolveError::Unfinished`] rather than an unbounded wait.

// The private modules below are parts of this one, cut along its seams;
// they call each other (tools/build/import-cycles.mjs counts them as one):
// import-cycles: parts
mod actions;
mod bounds;
mod position;
mod review;
mod rules;
mod search;
mod table;
#[cfg(test)]
mod tests;

pub use review::{first_losing_move, review, Review, ReviewError};

use super::compact::{code, CODES};
use super::{Action, Phase, State, Zombie, PILES, SPACES};
use actions::line_of;
use position::Node;
use search::Finish;
use std::fmt;
use table::Table;

/// The best a search can say of a position that cannot be won.
const LOST: u8 = u8::MAX;

/// The longest draw deck the compact positions can hold (a real one has at
/// most 33 cards).
const DECK_MAX: usize = 63;

/// Positions kept per turn by the first, quick search for a good line.
const BEAM: usize = 64;

/// Positions kept per turn by the second search for a good line, once the
/// deepening has searched [`LINE_BOUNDS_AFTER`] positions.
const WIDE_BEAM: usize = 1024;

/// The widest beam [`Solver::find_win`] tries before searching.
const FIRST_WIN_BEAM: usize = 1 << 15;

/// Positions searched before the tighter, costlier line bounds are built:
/// most deals are solved sooner with the cheap bound alone.
pub const LINE_BOUNDS_AFTER: u64 = 50_000;

/// Why a position could not be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The state holds something no deal has: an empty pile, a card the
    /// solver cannot code, a deck too long.
    Invalid(&'static str),
    /// The position is not from the deal this solver was made for.
    OtherDeal,
    /// [`Limits::max_nodes`] positions were searched without an answer.
    Unfinished { nodes: u64 },
    /// The line found did not replay with the engine's rules (a bug).
    LineRefused,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Invalid(why) => write!(f, "not a position of a deal: {why}"),
            SolveError::OtherDeal => f.write_str("the position is from another deal"),
            SolveError::Unfinished { nodes } => {
                write!(f, "no answer after searching {nodes} positions")
            }
            SolveError::LineRefused => f.write_str("the line found did not replay"),
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub winnable: bool,
    /// Cards left in the deck when the twelfth zombie dies, with best play.
    pub best_score: Option<u8>,
    /// Actions from the position that win with `best_score` (reveals
    /// chosen, draws, placements, kills and ends of turns as the engine
    /// asks for them); empty when the position cannot be won or is over.
    pub line: Vec<Action>,
    /// Positions searched for this answer (a measure of the work).
    pub nodes: u64,
}

/// A winning line ([`Solver::find_win`]), not necessarily the best.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// Cards left in the deck when this line kills the twelfth zombie.
    pub score: u8,
    pub line: Vec<Action>,
}

/// Bounds on the solver's work and memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most table entries (16 bytes each), rounded down to a power of two.
    pub table_entries: usize,
    /// Give up after searching this many positions for one answer.
    pub max_nodes: u64,
}

impl Default for Limits {
    /// 64 MB of table, no limit on time.
    fn default() -> Limits {
        Limits {
            table_entries: 1 << 22,
            max_nodes: u64::MAX,
        }
    }
}

/// Solves `state` with the default [`Limits`].
pub fn solve(state: &State) -> Result<Solution, SolveError> {
    Solver::new(state, Limits::default())?.solve(state)
}

/// An exact solver for the positions of one deal: made from one position,
/// it answers for that position and every later one of the same game (the
/// same deck order and zombies), keeping what it learnt between answers.
pub struct Solver<'a> {
    /// The draw deck in drawing order, as codes.
    deck: Vec<u8>,
    zombies: [u8; SPACES],
    /// The pile tops when the solver was made.
    initial: [u8; PILES],
    /// `position[c]`: where card `c` lies in the deck, + 1 (0: not in it).
    position: [u8; CODES],
    /// `kings_on[q]`: the spaces of the Kings that pile `q` supports.
    kings_on: [u16; PILES],
    /// `reach[t * (n + 1) + i]`: the deck positions from `i` on whose card
    /// could ever be played on a pile topped by `t` at turn `i`, through a
    /// chain of cards each fitting the one before.
    reach: Vec<u64>,
    /// `reach_codes[t * (n + 1) + i]`: the cards of those positions.
    reach_codes: Vec<u64>,
    /// `helpers[(s * CODES + t) * (n + 1) + i]`: the cards that, topping
    /// one support pile of the zombie at `s`, could help kill it with a
    /// card the other support pile (topped by `t` at turn `i`) could show.
    helpers: Vec<u64>,
    /// `kill_with[s * CODES + a]`: the deck positions whose card, with `a`,
    /// supports a kill of the zombie at `s`.
    kill_with: Vec<u64>,
    /// [`Solver::line`]'s values + 1 (0: not known yet, 255: never), by
    /// [`Solver::line_index`]; empty until the line bounds are used.
    lines: Vec<u8>,
    table: Table,
    /// Positions searched, all answers together.
    nodes: u64,
    max_nodes: u64,
    /// Where this answer's search gives up: `nodes` then.
    give_up_at: u64,
    /// [`LINE_BOUNDS_AFTER`] (the tests change it).
    line_bounds_after: u64,
    /// [`BEAM`]; the tests set 0 to check the search without the beams.
    beam_width: usize,
    aborted: bool,
    /// Any win will do ([`Solver::find_win`]): the search stops at the
    /// first line it finds, and keeps no value it did not prove.
    first_win: bool,
    /// Told the positions searched so far, every [`PROGRESS_EVERY`] of them
    /// (a worker's progress reports: see [`Solver::on_progress`]).
    progress: Option<&'a mut dyn FnMut(u64)>,
}

/// How often [`Solver::on_progress`]'s function is told (a power of two):
/// a few times a second.
pub const PROGRESS_EVERY: u64 = 1 << 18;

impl<'a> Solver<'a> {
    /// A solver for `state` and the positions that follow it.
    pub fn new(state: &State, limits: Limits) -> Result<Solver<'a>, SolveError> {
        if state.deck.len() > DECK_MAX {
            return Err(SolveError::Invalid("the deck is too long"));
        }
        let deck = state
            .deck
            .iter()
            .rev()
            .map(|&c| code(c))
            .collect::<Option<Vec<u8>>>()
            .ok_or(SolveError::Invalid("a card in the deck has no code"))?;
        let mut zombies = [0u8; SPACES];
        for (z, zombie) in zombies.iter_mut().zip(&state.zombies) {
            *z = zombie_code(zombie).ok_or(SolveError::Invalid("a zombie has no code"))?;
        }
        let mut initial = [0u8; PILES];
        for (t, pile) in initial.iter_mut().zip(&state.cabin) {
            let top = pile.last().ok_or(SolveError::Invalid("a pile is empty"))?;
            *t = code(*top).ok_or(SolveError::Invalid("a pile top has no code"))?;
        }
        let mut solver = Solver {
            deck,
            zombies,
            initial,
            position: [0; CODES],
            kings_on: [0; PILES],
            reach: Vec::new(),
            reach_codes: Vec::new(),
            helpers: Vec::new(),
            kill_with: Vec::new(),
            lines: Vec::new(),
            table: Table::new(limits.table_entries),
            nodes: 0,
            max_nodes: limits.max_nodes,
            give_up_at: limits.max_nodes,
            line_bounds_after: LINE_BOUNDS_AFTER,
            beam_width: BEAM,
            aborted: false,
            first_win: false,
            progress: None,
        };
        solver.build_tables();
        Ok(solver)
    }

    /// Tells `progress` the positions searched so far (all answers
    /// together), every [`PROGRESS_EVERY`] of them, while a search goes on.
    pub fn on_progress(&mut self, progress: &'a mut dyn FnMut(u64)) {
        self.progress = Some(progress);
    }

    /// Counts a position searched, telling the progress function when due.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & (PROGRESS_EVERY - 1) == 0 {
            if let Some(progress) = self.progress.as_mut() {
                progress(self.nodes);
            }
        }
    }

    /// Solves `state`, a position of this solver's deal.
    pub fn solve(&mut self, state: &State) -> Result<Solution, SolveError> {
        let start_nodes = self.nodes;
        // An earlier answer that gave up left nothing wrong in the table.
        self.aborted = false;
        self.give_up_at = start_nodes.saturating_add(self.max_nodes);
        let i0 = self.drawn_before(state)?;
        let n = self.deck.len();
        let mut tops = [0u8; PILES];
        for (p, (t, pile)) in tops.iter_mut().zip(&state.cabin).enumerate() {
            let top = pile.last().ok_or(SolveError::Invalid("a pile is empty"))?;
            *t = code(*top).ok_or(SolveError::Invalid("a pile top has no code"))?;
            // The line bounds know a top by its place in the deck: the
            // solver's first top of the pile, or a card drawn since.
            if self.pile_position(p, *t, i0).is_none() {
                return Err(SolveError::OtherDeal);
            }
        }
        let alive = mask(&state.zombies, |z| !matches!(z, Zombie::Dead(_)));
        let face_up = mask(&state.zombies, |z| matches!(z, Zombie::FaceUp(_)));
        let here = Node {
            i: i0 as u8,
            tops,
            alive,
        };
        let no_limit = LOST - 1;
        let (best, plan) = match state.phase {
            Phase::Won => {
                let score = Some(state.deck.len() as u8);
                return Ok(self.answer(score, Vec::new(), start_nodes));
            }
            Phase::Lost(_) => return Ok(self.answer(None, Vec::new(), start_nodes)),
            Phase::Reveal | Phase::Draw => self.best_of(here, None)?,
            Phase::Place { drawn } => {
                let card = code(drawn).ok_or(SolveError::Invalid("the drawn card has no code"))?;
                let moves = self.moves(here, card, alive & face_up, None, here.i, no_limit);
                self.best_of(here, Some(moves))?
            }
            Phase::Attack { pile } => {
                let pile = usize::from(pile);
                let top = *tops.get(pile).ok_or(SolveError::Invalid("no such pile"))?;
                let moves = self.moves(here, top, alive & face_up, Some(pile), here.i, no_limit);
                self.best_of(here, Some(moves))?
            }
        };
        // A finish at turn `f` (the card at position `f`) leaves n - f - 1
        // cards; one in the turn under way leaves them all.
        let score = match best {
            Finish::Lost => None,
            Finish::Now => Some(state.deck.len() as u8),
            Finish::At(f) => Some(n.saturating_sub(usize::from(f) + 1) as u8),
        };
        let line = match score {
            Some(score) => line_of(state, &plan, score)?,
            None => Vec::new(),
        };
        Ok(self.answer(score, line, start_nodes))
    }

    /// A winning line from `state`, not necessarily the best: whether the
    /// position can be won at all, which is often found much sooner than
    /// the best score (a quick search for a good line finds most wins, and
    /// only a position that cannot be won needs a proof). `None`: it cannot
    /// be won.
    pub fn find_win(&mut self, state: &State) -> Result<Option<Win>, SolveError> {
        self.first_win = true;
        let solution = self.solve(state);
        self.first_win = false;
        let solution = solution?;
        Ok(solution.best_score.map(|score| Win {
            score,
            line: solution.line,
        }))
    }

    /// Positions searched so far, all answers together.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best score of `state`, without building its line's actions.
    pub fn value_of(&mut self, state: &State) -> Result<Option<u8>, SolveError> {
        // The line's positions are in the table by then: finding it again
        // costs little next to the search, and keeps one path through here.
        self.solve(state).map(|s| s.best_score)
    }

    fn answer(&self, score: Option<u8>, line: Vec<Action>, start_nodes: u64) -> Solution {
        Solution {
            winnable: score.is_some(),
            best_score: score,
            line,
            nodes: self.nodes - start_nodes,
        }
    }

    /// How many cards of the solver's deck were drawn before `state`: its
    /// deck must be the rest of the solver's, and its zombies the same.
    fn drawn_before(&self, state: &State) -> Result<usize, SolveError> {
        let i0 = self
            .deck
            .len()
            .checked_sub(state.deck.len())
            .ok_or(SolveError::OtherDeal)?;
        let same_deck = state
            .deck
            .iter()
            .rev()
            .zip(&self.deck[i0..])
            .all(|(&c, &k)| code(c) == Some(k));
        let same_zombies = state
            .zombies
            .iter()
            .zip(&self.zombies)
            .all(|(z, &k)| zombie_code(z) == Some(k));
        if same_deck && same_zombies {
            Ok(i0)
        } else {
            Err(SolveError::OtherDeal)
        }
    }
}

/// The spaces whose zombie `pick` picks, as a mask.
fn mask(zombies: &[Zombie; SPACES], pick: impl Fn(&Zombie) -> bool) -> u16 {
    zombies
        .iter()
        .enumerate()
        .filter(|(_, z)| pick(z))
        .fold(0, |m, (s, _)| m | 1 << s)
}

/// The code of a zombie's card.
fn zombie_code(zombie: &Zombie) -> Option<u8> {
    match *zombie {
        Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => code(c),
    }
}
