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

use super::compact::{card_of, code, placing, Placing, CODES, KIND};
use super::{
    attack, Action, Phase, State, Variant, Zombie, ADJACENT_PILE, NEXT_TO, PILES, SPACES,
    SUPPORT_PILES,
};
use crate::cards::KING;
use crate::game::Game;
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

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

/// The rows and columns: their piles in order, and the zombie spaces at
/// their first and last ends (next to the first and last pile).
const LINES: [([usize; 3], [usize; 2]); 6] = [
    ([0, 3, 6], [0, 3]),
    ([1, 4, 7], [1, 4]),
    ([2, 5, 8], [2, 5]),
    ([0, 1, 2], [6, 9]),
    ([3, 4, 5], [7, 10]),
    ([6, 7, 8], [8, 11]),
];

/// `NEXT_TO_MASK[q]`: the spaces next to pile `q`.
const NEXT_TO_MASK: [u16; PILES] = next_to_masks();

const fn next_to_masks() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut s = 0;
    while s < SPACES {
        masks[ADJACENT_PILE[s]] |= 1 << s;
        s += 1;
    }
    masks
}

/// `SUPPORTED[q]`: the spaces whose zombie pile `q` supports.
const SUPPORTED: [u16; PILES] = supported();

const fn supported() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut s = 0;
    while s < SPACES {
        masks[SUPPORT_PILES[s][0]] |= 1 << s;
        masks[SUPPORT_PILES[s][1]] |= 1 << s;
        s += 1;
    }
    masks
}

/// `RELEVANT[q]`: the spaces whose zombie pile `q` is next to or supports.
const RELEVANT: [u16; PILES] = relevant();

const fn relevant() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut q = 0;
    while q < PILES {
        masks[q] = NEXT_TO_MASK[q] | SUPPORTED[q];
        q += 1;
    }
    masks
}

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

// ---------------------------------------------------------------------------
// The rule tables.

fn zombie_code(zombie: &Zombie) -> Option<u8> {
    match *zombie {
        Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => code(c),
    }
}

/// The rules as bit sets of card codes: the placement rule (the hint's
/// too) and the kills, built once from [`attack`].
struct Rules {
    /// The placement rule.
    placing: Placing,
    /// `kills[z * CODES + a]`: bit `b` set when supports `a` and `b` kill `z`.
    kills: Vec<u64>,
}

impl Rules {
    fn fits(&self, card: u8, top: u8) -> bool {
        self.placing.fits(card, top)
    }

    fn kill(&self, zombie: u8, a: u8, b: u8) -> bool {
        self.kills[usize::from(zombie & 63) * CODES + usize::from(a & 63)] >> (b & 63) & 1 == 1
    }
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut kills = vec![0u64; CODES * CODES];
        for z in 0..CODES {
            for a in 0..CODES {
                for b in 0..CODES {
                    if attack(card_of(z), [card_of(a), card_of(b)]).is_ok() {
                        kills[z * CODES + a] |= 1 << b;
                    }
                }
            }
        }
        Rules {
            placing: *placing(),
            kills,
        }
    })
}

// ---------------------------------------------------------------------------
// Positions and the table.

/// A position at the start of a turn: `i` cards drawn from the solver's deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    i: u8,
    tops: [u8; PILES],
    alive: u16,
}

impl Node {
    /// 54 bits of tops, 12 of living zombies, 6 of cards drawn.
    fn key(&self) -> u128 {
        let tops = self
            .tops
            .iter()
            .rev()
            .fold(0u128, |k, &t| k << 6 | u128::from(t & 63));
        tops | u128::from(self.alive & 0xFFF) << 54 | u128::from(self.i & 63) << 66
    }

    fn alive_count(&self) -> u8 {
        self.alive.count_ones() as u8
    }
}

const KEY_BITS: u32 = 72;
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;
const EXACT: u128 = 1 << 80;
const USED: u128 = 1 << 81;
/// Entries per bucket: a new position may go in any of them.
const BUCKET: usize = 4;

/// Exact values and lower bounds of positions, by key. An entry: the key,
/// the value (a turn, or [`LOST`]) in bits 72–79, then the flags.
struct Table {
    slots: Vec<u128>,
    filled: usize,
    max_slots: usize,
}

impl Table {
    fn new(max_slots: usize) -> Table {
        // A power of two, at least one bucket.
        let max_slots = max_slots.max(BUCKET);
        let max_slots = 1usize << (usize::BITS - 1 - max_slots.leading_zeros());
        Table {
            slots: vec![0; max_slots.min(1 << 12)],
            filled: 0,
            max_slots,
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let h = (key as u64 ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1) & !(BUCKET - 1)
    }

    /// The stored value and whether it is exact (else a lower bound).
    fn get(&self, key: u128) -> Option<(u8, bool)> {
        let b = self.bucket(key);
        self.slots
            .get(b..b + BUCKET)?
            .iter()
            .find(|&&e| e & USED != 0 && e & KEY_MASK == key)
            .map(|&e| ((e >> KEY_BITS) as u8, e & EXACT != 0))
    }

    fn put(&mut self, key: u128, value: u8, exact: bool) {
        if self.filled * 4 >= self.slots.len() * 3 && self.slots.len() < self.max_slots {
            self.grow();
        }
        let entry = key | u128::from(value) << KEY_BITS | USED | if exact { EXACT } else { 0 };
        let b = self.bucket(key);
        let Some(bucket) = self.slots.get_mut(b..b + BUCKET) else {
            return;
        };
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| **e & USED != 0 && **e & KEY_MASK == key)
        {
            *e = entry;
            return;
        }
        if let Some(e) = bucket.iter_mut().find(|e| **e & USED == 0) {
            *e = entry;
            self.filled += 1;
            return;
        }
        // Full: replace the deepest position (the cheapest to search again).
        let depth = |e: u128| (e >> 66) as u8 & 63;
        if let Some(e) = bucket.iter_mut().max_by_key(|e| depth(**e)) {
            *e = entry;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.filled = 0;
        for e in old.into_iter().filter(|e| e & USED != 0) {
            let b = self.bucket(e & KEY_MASK);
            if let Some(slot) = self
                .slots
                .get_mut(b..b + BUCKET)
                .and_then(|bucket| bucket.iter_mut().find(|s| **s == 0))
            {
                *slot = e;
                self.filled += 1;
            }
        }
    }
}

/// One turn of a plan: where the drawn card goes and which zombie dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    pile: u8,
    kill: Option<u8>,
}

/// A move from a position: the step, and the position after it (`None` when
/// its kill is the last: the game is won), with its bound.
#[derive(Clone, Copy, Debug)]
struct Move {
    step: Step,
    next: Option<Node>,
    bound: u8,
    /// The sum of the zombies' earliest deaths: a finer guess for ordering.
    total: u16,
}

/// The moves of a turn: at most two kills on each pile.
#[derive(Clone, Copy)]
struct Moves {
    list: [Move; 2 * PILES],
    len: usize,
}

impl Moves {
    fn as_slice(&self) -> &[Move] {
        &self.list[..self.len]
    }

    fn push(&mut self, m: Move) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

/// When the last zombie dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Finish {
    /// In the turn under way (or already).
    Now,
    /// In the turn that draws the card at this position of the deck.
    At(u8),
    Lost,
}

// ---------------------------------------------------------------------------
// The solver.

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

    /// The tables of the bounds.
    fn build_tables(&mut self) {
        let rules = rules();
        let n = self.deck.len();
        let w = n + 1;
        for (p, &c) in self.deck.iter().enumerate() {
            self.position[usize::from(c)] = p as u8 + 1;
        }
        for (s, &z) in self.zombies.iter().enumerate() {
            if card_of(usize::from(z)).rank() == Some(KING) {
                for q in SUPPORT_PILES[s] {
                    self.kings_on[q] |= 1 << s;
                }
            }
        }
        self.reach = vec![0; CODES * w];
        self.reach_codes = vec![0; CODES * w];
        for t in 0..CODES {
            for i in 0..n {
                // The cards that fit on some card the pile could show.
                let mut takes = rules.placing.takes[t];
                let (mut reach, mut codes) = (0u64, 0u64);
                for (p, &c) in self.deck.iter().enumerate().skip(i) {
                    if takes >> c & 1 == 1 {
                        reach |= 1 << p;
                        codes |= 1 << c;
                        takes |= rules.placing.takes[usize::from(c)];
                    }
                }
                self.reach[t * w + i] = reach;
                self.reach_codes[t * w + i] = codes;
            }
        }
        // Supports are interchangeable: `kills[z][b]` is the set of `a`.
        self.helpers = vec![0; SPACES * CODES * w];
        for s in 0..SPACES {
            let z = usize::from(self.zombies[s]);
            for t in 0..CODES {
                for i in 0..w {
                    let mut partners = 1u64 << t | self.reach_codes[t * w + i];
                    let mut helpers = 0;
                    while partners != 0 {
                        let b = partners.trailing_zeros() as usize;
                        partners &= partners - 1;
                        helpers |= rules.kills[z * CODES + b];
                    }
                    self.helpers[(s * CODES + t) * w + i] = helpers;
                }
            }
        }
        self.kill_with = vec![0; SPACES * CODES];
        for s in 0..SPACES {
            for a in 0..CODES as u8 {
                self.kill_with[s * CODES + usize::from(a)] = (0..n)
                    .filter(|&p| rules.kill(self.zombies[s], a, self.deck[p]))
                    .fold(0, |m, p| m | 1 << p);
            }
        }
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

    /// The moves of a turn with `card` in hand: each legal pile, with each
    /// zombie of `attackable` that dies there, or no kill when none can.
    /// With `only` set the card is already on that pile (the kill step).
    /// A move that cannot finish by `budget` for want of turns gets that
    /// count as its bound, without the costlier bound.
    fn moves(
        &mut self,
        from: Node,
        card: u8,
        attackable: u16,
        only: Option<usize>,
        next_i: u8,
        budget: u8,
    ) -> Moves {
        let empty = Move {
            step: Step {
                pile: 0,
                kill: None,
            },
            next: None,
            bound: LOST,
            total: 0,
        };
        let mut moves = Moves {
            list: [empty; 2 * PILES],
            len: 0,
        };
        let rules = rules();
        for p in 0..PILES {
            let legal = match only {
                Some(q) => p == q,
                None => rules.fits(card, from.tops[p]),
            };
            if !legal {
                continue;
            }
            let mut tops = from.tops;
            tops[p] = card;
            let after = Node {
                i: next_i,
                tops,
                alive: from.alive,
            };
            let mut killed = false;
            for &s in NEXT_TO[p] {
                if attackable >> s & 1 == 1 && self.kill_ok(s, &tops) {
                    killed = true;
                    let alive = from.alive & !(1 << s);
                    moves.push(self.make_move(p, Some(s), Node { alive, ..after }, budget));
                }
            }
            if !killed {
                moves.push(self.make_move(p, None, after, budget));
            }
        }
        moves
    }

    fn make_move(&mut self, pile: usize, kill: Option<usize>, next: Node, budget: u8) -> Move {
        let step = Step {
            pile: pile as u8,
            kill: kill.map(|s| s as u8),
        };
        if next.alive == 0 {
            return Move {
                step,
                next: None,
                bound: 0,
                total: 0,
            };
        }
        // One zombie dies per turn at most.
        let by_count = (next.i + next.alive_count()).saturating_sub(1);
        let (bound, total) = if by_count > budget {
            (by_count, 0)
        } else {
            self.bound(&next)
        };
        Move {
            step,
            next: Some(next),
            bound,
            total,
        }
    }

    fn kill_ok(&self, s: usize, tops: &[u8; PILES]) -> bool {
        let [q1, q2] = SUPPORT_PILES[s];
        rules().kill(self.zombies[s], tops[q1], tops[q2])
    }

    /// The same position with each top replaced by the first card of its
    /// kind where only its kind matters: its value and colour (what a card
    /// fits on, and what a Jack or Queen needs), unless it supports a
    /// living King (who needs the suit). Jokers are all alike. The piles
    /// next to no living zombie and supporting none only take cards: their
    /// tops are sorted, as such piles are interchangeable.
    fn canonical(&self, node: &Node) -> Node {
        let mut tops = node.tops;
        let mut free = [0u8; PILES];
        let mut frees = 0;
        for (q, top) in tops.iter_mut().enumerate() {
            if node.alive & self.kings_on[q] == 0 {
                *top = KIND[usize::from(*top & 63)];
            }
            if node.alive & RELEVANT[q] == 0 {
                free[frees] = *top;
                frees += 1;
            }
        }
        if frees > 1 {
            free[..frees].sort_unstable();
            let mut sorted = free[..frees].iter();
            for (q, top) in tops.iter_mut().enumerate() {
                if node.alive & RELEVANT[q] == 0 {
                    *top = sorted.next().copied().unwrap_or(*top);
                }
            }
        }
        Node { tops, ..*node }
    }

    // -----------------------------------------------------------------------
    // Bounds.

    /// A lower bound on the turn the last zombie can die ([`LOST`] when it
    /// cannot), and the sum of the zombies' earliest deaths (for ordering
    /// moves): see the module documentation.
    fn bound(&mut self, node: &Node) -> (u8, u16) {
        let n = self.deck.len();
        let i = usize::from(node.i);
        if i >= n {
            return (LOST, 0);
        }
        let w = n + 1;
        let mut reaches = [0u64; PILES];
        for (r, &top) in reaches.iter_mut().zip(&node.tops) {
            *r = self.reach[usize::from(top & 63) * w + i];
        }
        let reach = |p: usize| reaches[p];
        // The first card that no pile can take ends the game.
        let placeable = reaches.iter().fold(0u64, |m, r| m | r);
        let end = ((!placeable >> i).trailing_zeros() as usize + i).min(n);
        let mut times = [0u8; SPACES];
        let mut count = 0;
        let mut add = |t: u8| {
            // Insertion into the sorted times.
            let mut j = count;
            while j > 0 && times[j - 1] > t {
                times[j] = times[j - 1];
                j -= 1;
            }
            if let Some(slot) = times.get_mut(j) {
                *slot = t;
                count += 1;
            }
        };
        let mut at = [0u8; PILES];
        let mut known = !self.lines.is_empty();
        for (p, a) in at.iter_mut().enumerate() {
            match self.pile_position(p, node.tops[p], i) {
                Some(position) => *a = position,
                None => known = false,
            }
        }
        if !known {
            let mut alive = node.alive & 0xFFF;
            while alive != 0 {
                let s = alive.trailing_zeros() as usize;
                alive &= alive - 1;
                let [q1, q2] = SUPPORT_PILES[s];
                let ready = self.ready(s, node, reach(q1), reach(q2));
                // Then a card that could go on the zombie's own pile.
                let next_to = reach(ADJACENT_PILE[s]) >> ready.min(63) << ready.min(63);
                if ready >= end || next_to == 0 {
                    return (LOST, 0);
                }
                add(next_to.trailing_zeros() as u8);
            }
        } else {
            for (line, &(piles, ends)) in LINES.iter().enumerate() {
                let alive = ends
                    .iter()
                    .enumerate()
                    .fold(0u8, |m, (k, &s)| m | (((node.alive >> s) & 1) as u8) << k);
                let at = piles.map(|p| at[p]);
                // Both alive: the first death is no sooner than either's
                // alone, the second no sooner than both together.
                let deaths = match alive {
                    0 => [LOST, LOST],
                    3 => [
                        self.line(line, 1, i, at).min(self.line(line, 2, i, at)),
                        self.line(line, 3, i, at),
                    ],
                    one => [self.line(line, one, i, at), LOST],
                };
                let dying = usize::from(alive.count_ones() as u8);
                for &t in &deaths[..dying] {
                    if t == LOST {
                        return (LOST, 0);
                    }
                    add(t);
                }
            }
        }
        // One kill per turn, each no sooner than its zombie allows.
        let mut finish = 0u8;
        for (k, &t) in times[..count].iter().enumerate() {
            finish = if k == 0 { t } else { t.max(finish + 1) };
        }
        // Turns without a kill: at least the changes of the piles next to
        // no living zombie.
        let Some(quiet) = self.quiet_turns(node) else {
            return (LOST, 0);
        };
        finish = finish.max((node.i + node.alive_count() + quiet).saturating_sub(1));
        if usize::from(finish) >= end {
            return (LOST, 0);
        }
        let total = times[..count].iter().map(|&t| u16::from(t)).sum();
        (finish, total)
    }

    /// How many turns must go by without a kill. A pile must change its
    /// top for each group of the zombies it supports that no one top could
    /// help kill (with a card the other support pile could show); a card
    /// played on it kills at most once per living zombie next to it, so
    /// the other changes are turns without a kill. `None` when some zombie
    /// could never be helped.
    fn quiet_turns(&self, node: &Node) -> Option<u8> {
        let w = self.deck.len() + 1;
        let i = usize::from(node.i);
        let mut quiet = 0;
        for q in 0..PILES {
            let needy = node.alive & SUPPORTED[q];
            if needy == 0 {
                continue;
            }
            // A change of a pile next to living zombies may be a kill, one
            // per zombie.
            let kills = (node.alive & NEXT_TO_MASK[q]).count_ones() as u8;
            // For each zombie it supports, the tops of `q` that would help.
            let mut good = [0u64; 4];
            let mut count = 0;
            let mut rest = needy;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let [a, b] = SUPPORT_PILES[s];
                let other = node.tops[if a == q { b } else { a }];
                if let Some(slot) = good.get_mut(count) {
                    *slot = self.helpers[(s * CODES + usize::from(other & 63)) * w + i];
                    count += 1;
                }
            }
            let top = node.tops[q] & 63;
            let now = (0..count).fold(0usize, |m, k| m | (((good[k] >> top) & 1) as usize) << k);
            let need = ((1usize << count) - 1) & !now;
            if need == 0 {
                continue;
            }
            let later = self.reach_codes[usize::from(top) * w + i];
            if (0..count).any(|k| need >> k & 1 == 1 && later & good[k] == 0) {
                return None;
            }
            if need.count_ones() <= u32::from(kills) {
                // However many changes, the kills may be all of them.
                continue;
            }
            // Which sets of them one later top could help together.
            let mut helpable = [false; 16];
            for (m, h) in helpable.iter_mut().enumerate().skip(1) {
                let common = (0..count)
                    .filter(|k| m >> k & 1 == 1)
                    .fold(later, |c, k| c & good[k]);
                *h = m & !need == 0 && common != 0;
            }
            // The fewest such sets that cover them all.
            let mut fewest = [u8::MAX; 16];
            fewest[0] = 0;
            for m in 1..16usize {
                if m & !need != 0 {
                    continue;
                }
                let mut g = m;
                while g != 0 {
                    if helpable[g] && fewest[m & !g] != u8::MAX {
                        fewest[m] = fewest[m].min(fewest[m & !g] + 1);
                    }
                    g = (g - 1) & m;
                }
            }
            match fewest[need] {
                u8::MAX => return None,
                changes => quiet += changes.saturating_sub(kills),
            }
        }
        Some(quiet)
    }

    /// The earliest turn from which the support piles of the zombie at `s`
    /// could show a killing pair: the tops now, or cards from positions
    /// `on1` (for the first pile) and `on2` (the second), each a support from
    /// the turn after it is played. `n` or more when never.
    fn ready(&self, s: usize, node: &Node, on1: u64, on2: u64) -> usize {
        let [q1, q2] = SUPPORT_PILES[s];
        let (a, b) = (node.tops[q1], node.tops[q2]);
        if rules().kill(self.zombies[s], a, b) {
            return usize::from(node.i);
        }
        let first = |m: u64| m.trailing_zeros() as usize + 1;
        let with = |c: u8| self.kill_with[s * CODES + usize::from(c & 63)];
        let mut ready = first(on2 & with(a)).min(first(on1 & with(b)));
        let mut rest = on1;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            if p + 1 >= ready {
                break;
            }
            rest &= rest - 1;
            let partners = on2 & with(self.deck[p]) & !(1 << p);
            if partners != 0 {
                ready = ready.min(p.max(partners.trailing_zeros() as usize) + 1);
            }
        }
        ready
    }

    /// The top of pile `p` at turn `i` by position: 0 for the solver's
    /// first top of the pile, `q + 1` for the card drawn at `q`.
    fn pile_position(&self, p: usize, top: u8, i: usize) -> Option<u8> {
        let q = self.position[usize::from(top & 63)];
        if q != 0 && usize::from(q) <= i {
            Some(q)
        } else if self.initial.get(p) == Some(&top) {
            Some(0)
        } else {
            None
        }
    }

    fn top_at(&self, p: usize, position: u8) -> u8 {
        match position.checked_sub(1) {
            Some(q) => self.deck.get(usize::from(q)).copied().unwrap_or(0),
            None => self.initial[p],
        }
    }

    /// Where [`Solver::line`]'s value is kept: a block per line and living
    /// zombies, in it turn `i`'s (i + 1)³ positions (a top is never a card
    /// drawn later) after the turns before.
    fn line_index(&self, line: usize, alive: u8, i: usize, at: [u8; 3]) -> usize {
        let n = self.deck.len();
        let block = (n * (n + 1) / 2).pow(2);
        let before = (i * (i + 1) / 2).pow(2);
        let side = i + 1;
        let [a, b, c] = at.map(usize::from);
        (line * 3 + usize::from(alive) - 1) * block + before + (a * side + b) * side + c
    }

    /// The earliest turn by which the zombies `alive` of `line` (bit 0: the
    /// one at its first end, bit 1: at its last end) could all be dead if
    /// they were the only ones: the line's piles topped by the cards at
    /// positions `at` at turn `i`, every other card going anywhere else.
    /// Exact for that relaxation: it follows each pile's top, so supports
    /// last only until covered, a kill at one end covers a support of the
    /// other, and each card must fit its pile.
    fn line(&mut self, line: usize, alive: u8, i: usize, at: [u8; 3]) -> u8 {
        let n = self.deck.len();
        if i >= n {
            return LOST;
        }
        if !(1..=3).contains(&alive) || at.iter().any(|&a| usize::from(a) > i) {
            // Not a position of the table (never asked): no bound.
            return i as u8;
        }
        let index = self.line_index(line, alive, i, at);
        match self.lines.get(index).copied() {
            Some(0) | None => {}
            Some(u8::MAX) => return LOST,
            Some(known) => return known - 1,
        }
        let rules = rules();
        let (piles, ends) = LINES[line];
        let tops = [0, 1, 2].map(|k| self.top_at(piles[k], at[k]));
        let card = self.deck[i];
        let now = i as u8;
        // Elsewhere, or on one of the three piles.
        let mut best = self.line(line, alive, i + 1, at);
        for k in 0..3 {
            if best <= now || !rules.fits(card, tops[k]) {
                continue;
            }
            let mut next = at;
            next[k] = now + 1;
            // A card at an end may kill its zombie, the other two piles
            // supporting.
            let end = match k {
                0 => Some((1u8, ends[0], tops[1], tops[2])),
                2 => Some((2u8, ends[1], tops[0], tops[1])),
                _ => None,
            };
            let mut left = alive;
            if let Some((bit, space, a, b)) = end {
                if alive & bit != 0 && rules.kill(self.zombies[space], a, b) {
                    left &= !bit;
                }
            }
            best = if left == 0 {
                now
            } else {
                best.min(self.line(line, left, i + 1, next))
            };
        }
        if let Some(slot) = self.lines.get_mut(index) {
            *slot = if best == LOST { u8::MAX } else { best + 1 };
        }
        best
    }

    /// Builds the line bounds' table (empty until now) once a search has
    /// grown large enough to pay for it.
    fn use_line_bounds(&mut self) {
        if self.lines.is_empty() {
            let n = self.deck.len();
            // Zeroed: the pages are only touched as the bounds need them.
            self.lines = vec![0; LINES.len() * 3 * (n * (n + 1) / 2).pow(2)];
        }
    }

    // -----------------------------------------------------------------------
    // The search.

    /// The best finish from `here` (at the start of a turn, or with the
    /// turn under way's `moves`), and the plan that gets it.
    fn best_of(
        &mut self,
        here: Node,
        moves: Option<Moves>,
    ) -> Result<(Finish, Vec<Step>), SolveError> {
        let mut starts = Vec::new();
        let mut first = Vec::new();
        match moves {
            None if here.alive == 0 => return Ok((Finish::Now, Vec::new())),
            None => {
                let (bound, _) = self.bound(&here);
                starts.push((here, bound));
            }
            Some(moves) => {
                for m in moves.as_slice() {
                    match m.next {
                        None => return Ok((Finish::Now, vec![m.step])),
                        Some(next) => {
                            starts.push((next, m.bound));
                            first.push(m.step);
                        }
                    }
                }
            }
        }
        let (finish, k, known) = self.deepen(&starts)?;
        let (Finish::At(_), Some(&(start, _))) = (finish, starts.get(k)) else {
            return Ok((Finish::Lost, Vec::new()));
        };
        let mut plan: Vec<Step> = first.get(k).copied().into_iter().collect();
        let finish = match known {
            Some(steps) => {
                plan.extend(steps);
                finish
            }
            None => {
                let (steps, finish) = self.plan(start, finish)?;
                plan.extend(steps);
                finish
            }
        };
        Ok((finish, plan))
    }

    /// The earliest finish over some positions (the moves of one turn, or
    /// one position), which of them gets it, and its steps if known.
    /// Iterative deepening: ask for a finish by the lowest bound, then by
    /// the lowest bound the failures proved, and so on; the first success
    /// is the optimum, and no search runs with a budget looser than the
    /// answer. A line found by [`Solver::beam`] stops the deepening below it.
    #[allow(clippy::type_complexity)]
    fn deepen(
        &mut self,
        starts: &[(Node, u8)],
    ) -> Result<(Finish, usize, Option<Vec<Step>>), SolveError> {
        let last = (self.deck.len() as u8).saturating_sub(1);
        let start = self.nodes;
        let mut found = match self.beam_width {
            0 => None,
            width => self.beam(starts, width),
        };
        let mut widened = false;
        let mut budget = starts.iter().map(|&(_, b)| b).min().unwrap_or(LOST);
        if self.first_win {
            // Wider beams first: most wins the first misses, they find
            // sooner than a search through every turn.
            let mut width = self.beam_width;
            while found.is_none() && width > 0 && width < FIRST_WIN_BEAM {
                width *= 8;
                found = self.beam(starts, width);
            }
            if let Some((finish, k, steps)) = found {
                return Ok((Finish::At(finish), k, Some(steps)));
            }
            // Any finish will do: one search, with all the turns there are.
            budget = budget.max(last);
        }
        while budget <= last && budget < found.as_ref().map_or(LOST, |f| f.0) {
            if !widened && self.beam_width > 0 && self.nodes - start > self.line_bounds_after {
                // A long search: a wider beam, with the line bounds by now,
                // may find a better line.
                widened = true;
                if let Some(better) = self.beam(starts, WIDE_BEAM) {
                    if found.as_ref().is_none_or(|f| better.0 < f.0) {
                        found = Some(better);
                    }
                }
                continue;
            }
            let mut next_budget = LOST;
            for (k, &(node, bound)) in starts.iter().enumerate() {
                let v = self.search(node, bound, budget);
                self.check_aborted()?;
                if v <= budget {
                    return Ok((Finish::At(v), k, None));
                }
                next_budget = next_budget.min(v);
            }
            budget = next_budget;
        }
        Ok(match found {
            Some((finish, k, steps)) => (Finish::At(finish), k, Some(steps)),
            None => (Finish::Lost, 0, None),
        })
    }

    /// A beam search: from `starts`, turn by turn, only the `width` most
    /// promising positions (lowest bound, then lowest sum of the zombies'
    /// earliest deaths). The first win found: its turn, start and steps.
    fn beam(&mut self, starts: &[(Node, u8)], width: usize) -> Option<(u8, usize, Vec<Step>)> {
        struct Entry {
            node: Node,
            parent: usize,
            step: Step,
            order: (u8, u16),
        }
        let mut layer: Vec<Entry> = starts
            .iter()
            .enumerate()
            .filter(|&(_, &(_, bound))| bound != LOST)
            .map(|(k, &(node, bound))| Entry {
                node,
                parent: k,
                step: Step {
                    pile: 0,
                    kill: None,
                },
                order: (bound, 0),
            })
            .collect();
        // Each turn's entries after the first: (parent, step).
        let mut layers: Vec<Vec<(usize, Step)>> = Vec::new();
        let mut seen = HashSet::new();
        while !layer.is_empty() {
            let mut next = Vec::new();
            let mut won = None;
            for (index, entry) in layer.iter().enumerate() {
                let node = entry.node;
                let Some(&card) = self.deck.get(usize::from(node.i)) else {
                    continue;
                };
                self.count_node();
                let moves = self.moves(node, card, node.alive, None, node.i + 1, LOST - 1);
                for m in moves.as_slice() {
                    match m.next {
                        None => {
                            won = Some((index, m.step, node.i));
                            break;
                        }
                        Some(after) if m.bound != LOST => next.push(Entry {
                            node: after,
                            parent: index,
                            step: m.step,
                            order: (m.bound, m.total),
                        }),
                        Some(_) => {}
                    }
                }
                if won.is_some() {
                    break;
                }
            }
            if let Some((mut index, step, finish)) = won {
                let mut steps = vec![step];
                let parent_of_layer = |index: usize| layer.get(index).map(|e| (e.parent, e.step));
                let (mut parent, mut up) = parent_of_layer(index)?;
                for earlier in layers.iter().rev() {
                    steps.push(up);
                    index = parent;
                    (parent, up) = *earlier.get(index)?;
                }
                steps.reverse();
                return Some((finish, parent, steps));
            }
            next.sort_by_key(|e| e.order);
            seen.clear();
            next.retain(|e| seen.insert(self.canonical(&e.node).key()));
            next.truncate(width);
            layers.push(layer.iter().map(|e| (e.parent, e.step)).collect());
            layer = next;
        }
        None
    }

    fn check_aborted(&self) -> Result<(), SolveError> {
        if self.aborted {
            Err(SolveError::Unfinished { nodes: self.nodes })
        } else {
            Ok(())
        }
    }

    /// The steps from `node` that finish at `finish` (or sooner, when any
    /// win will do), found again in the table (or searched again where it
    /// forgot), and when they finish.
    fn plan(&mut self, mut node: Node, finish: Finish) -> Result<(Vec<Step>, Finish), SolveError> {
        let Finish::At(mut f) = finish else {
            return Ok((Vec::new(), finish));
        };
        let mut plan = Vec::new();
        loop {
            let card = *self
                .deck
                .get(usize::from(node.i))
                .ok_or(SolveError::LineRefused)?;
            let moves = self.moves(node, card, node.alive, None, node.i + 1, f);
            let mut chosen = None;
            for m in moves.as_slice() {
                match m.next {
                    None if node.i == f => {
                        chosen = Some((m.step, None));
                        break;
                    }
                    Some(next) if m.bound <= f && node.i < f => {
                        let v = self.search(next, m.bound, f);
                        self.check_aborted()?;
                        // Looking for the best, `v` is `f`; for any win
                        // (first_win), it may be sooner.
                        if v <= f {
                            f = v;
                            chosen = Some((m.step, Some(next)));
                            break;
                        }
                    }
                    _ => {}
                }
            }
            match chosen {
                Some((step, Some(next))) => {
                    plan.push(step);
                    node = next;
                }
                Some((step, None)) => {
                    plan.push(step);
                    return Ok((plan, Finish::At(f)));
                }
                None => return Err(SolveError::LineRefused),
            }
        }
    }

    /// The earliest turn at which the last zombie can die from `node`, if
    /// it is at most `budget`; otherwise a lower bound above `budget`
    /// ([`LOST`] when it cannot be won). `bound` is [`Solver::bound`] of it.
    fn search(&mut self, node: Node, bound: u8, mut budget: u8) -> u8 {
        if bound > budget {
            return bound;
        }
        let key = self.canonical(&node).key();
        let mut lower = bound;
        if let Some((v, exact)) = self.table.get(key) {
            if exact || v > budget {
                return v;
            }
            lower = lower.max(v);
        }
        self.count_node();
        if self.nodes > self.give_up_at {
            self.aborted = true;
            return LOST;
        }
        if self.lines.is_empty() && self.nodes >= self.line_bounds_after {
            self.use_line_bounds();
        }
        let Some(&card) = self.deck.get(usize::from(node.i)) else {
            return LOST;
        };
        let mut moves = self.moves(node, card, node.alive, None, node.i + 1, budget);
        let moves = &mut moves.list[..moves.len];
        if moves.iter().any(|m| m.next.is_none()) {
            // The last zombie dies this turn: nothing finishes sooner.
            self.table.put(key, node.i, true);
            return node.i;
        }
        // Closest to done first: the lowest bound, then the fewest alive,
        // then the soonest deaths.
        moves.sort_unstable_by_key(|m| {
            let alive = m.next.map_or(0, |n| n.alive_count());
            (m.bound, alive, m.total)
        });
        let mut best = LOST;
        let mut failed = LOST;
        for m in moves.iter() {
            let Some(next) = m.next else { continue };
            if m.bound > budget {
                failed = failed.min(m.bound);
                break;
            }
            let v = self.search(next, m.bound, budget);
            if self.aborted {
                return LOST;
            }
            if v <= budget {
                best = v;
                if v <= lower || self.first_win {
                    break;
                }
                budget = v.saturating_sub(1);
            } else {
                failed = failed.min(v);
            }
        }
        if best != LOST {
            // A first win is not proved the best: nothing is kept of it.
            if !self.first_win {
                self.table.put(key, best, true);
            }
            best
        } else {
            let v = failed.max(lower);
            self.table.put(key, v, v == LOST);
            v
        }
    }
}

fn mask(zombies: &[Zombie; SPACES], pick: impl Fn(&Zombie) -> bool) -> u16 {
    zombies
        .iter()
        .enumerate()
        .filter(|(_, z)| pick(z))
        .fold(0, |m, (s, _)| m | 1 << s)
}

/// The engine's actions for `plan` from `state`: reveals chosen so that each
/// zombie is face up by its turn to die (soonest to die first), draws, and
/// ends of turns where the engine asks. Checked to win with `score`.
fn line_of(state: &State, plan: &[Step], score: u8) -> Result<Vec<Action>, SolveError> {
    let mut game = state.clone();
    let mut line = Vec::new();
    let mut next = 0;
    let play = |game: &mut State, line: &mut Vec<Action>, action: Action| {
        game.apply(action).map_err(|_| SolveError::LineRefused)?;
        line.push(action);
        Ok::<(), SolveError>(())
    };
    while !game.is_over() {
        match game.phase {
            Phase::Reveal => {
                let soonest = plan[next.min(plan.len())..]
                    .iter()
                    .filter_map(|step| step.kill)
                    .find(|&s| {
                        matches!(game.zombies.get(usize::from(s)), Some(Zombie::FaceDown(_)))
                    });
                let any = (0..SPACES as u8)
                    .find(|&s| matches!(game.zombies[usize::from(s)], Zombie::FaceDown(_)));
                let space = soonest.or(any).ok_or(SolveError::LineRefused)?;
                play(&mut game, &mut line, Action::Reveal(space))?;
            }
            Phase::Draw => play(&mut game, &mut line, Action::Draw)?,
            Phase::Place { .. } => {
                let step = plan.get(next).ok_or(SolveError::LineRefused)?;
                play(&mut game, &mut line, Action::Place(step.pile))?;
                if !matches!(game.phase, Phase::Attack { .. }) {
                    // The engine ended the turn (or the game) itself.
                    if step.kill.is_some() {
                        return Err(SolveError::LineRefused);
                    }
                    next += 1;
                }
            }
            Phase::Attack { .. } => {
                let step = plan.get(next).ok_or(SolveError::LineRefused)?;
                let action = step.kill.map_or(Action::EndTurn, Action::Kill);
                play(&mut game, &mut line, action)?;
                next += 1;
            }
            Phase::Won | Phase::Lost(_) => break,
        }
    }
    match game.status() {
        super::Status::Won { score: s } if s == usize::from(score) && next == plan.len() => {
            Ok(line)
        }
        _ => Err(SolveError::LineRefused),
    }
}

// ---------------------------------------------------------------------------
// Reviewing a game.

/// The best score of every position of a game: `values[0]` the deal,
/// `values[k + 1]` after action `k` (`None`: no longer winnable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    pub values: Vec<Option<u8>>,
}

impl Review {
    /// The first action after which the best score was lower than before
    /// it (a lost win included): the first mistake.
    pub fn first_drop(&self) -> Option<usize> {
        self.values.windows(2).position(|w| w[1] < w[0])
    }

    /// The action after which the deal could no longer be won: the position
    /// before it was winnable, and none after it is (an undo that takes the
    /// mistake back makes a later action the losing one).
    pub fn first_losing_move(&self) -> Option<usize> {
        let last_winnable = self.values.iter().rposition(|v| v.is_some())?;
        (last_winnable + 1 < self.values.len()).then_some(last_winnable)
    }
}

/// Why a game could not be reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// Action `index` was refused by the rules.
    Illegal {
        index: usize,
    },
    Solve(SolveError),
}

/// The best score of every position of the game dealt by `variant` and
/// `seed` and played with `actions`.
pub fn review(variant: Variant, seed: u64, actions: &[Action]) -> Result<Review, ReviewError> {
    let mut state = State::new(variant, seed);
    let mut solver = Solver::new(&state, Limits::default()).map_err(ReviewError::Solve)?;
    let mut values = Vec::with_capacity(actions.len() + 1);
    values.push(solver.value_of(&state).map_err(ReviewError::Solve)?);
    for (index, &action) in actions.iter().enumerate() {
        state
            .apply(action)
            .map_err(|_| ReviewError::Illegal { index })?;
        values.push(solver.value_of(&state).map_err(ReviewError::Solve)?);
    }
    Ok(Review { values })
}

/// [`Review::first_losing_move`] of the game dealt by `variant` and `seed`
/// and played with `actions`.
pub fn first_losing_move(
    variant: Variant,
    seed: u64,
    actions: &[Action],
) -> Result<Option<usize>, ReviewError> {
    review(variant, seed, actions).map(|r| r.first_losing_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Suit};
    use crate::dead_center::Status;
    use rand::{RngCore, SeedableRng};
    use rand_pcg::Pcg32;

    /// The best score by plain exhaustive recursion over the engine's own
    /// legal actions (never Undo or Hint): no memory, no pruning, nothing
    /// shared with the solver. `None` when no line wins; `Err` when it has
    /// visited `budget` positions (the position is then not used).
    fn brute_force(state: &State, budget: &mut u64) -> Result<Option<u8>, ()> {
        *budget = budget.checked_sub(1).ok_or(())?;
        match state.status() {
            Status::Won { score } => return Ok(Some(score as u8)),
            Status::Lost(_) => return Ok(None),
            Status::Playing(_) => {}
        }
        let mut best = None;
        for action in state.legal_actions() {
            if matches!(action, Action::Undo | Action::Hint) {
                continue;
            }
            let mut next = state.clone();
            if next.apply(action).is_ok() {
                best = best.max(brute_force(&next, budget)?);
            }
        }
        Ok(best)
    }

    /// Random legal actions other than undo and asking for a hint, a kill
    /// whenever there is one (so that positions keep zombies near death).
    fn random_action(state: &State, rng: &mut Pcg32) -> Option<Action> {
        let mut actions = state.legal_actions();
        actions.retain(|&a| !matches!(a, Action::Undo | Action::Hint));
        if actions.iter().any(|a| matches!(a, Action::Kill(_))) {
            actions.retain(|a| matches!(a, Action::Kill(_)));
        }
        let n = actions.len();
        (n > 0).then(|| actions[rng.next_u32() as usize % n])
    }

    /// A small position from a real deal: `moves` random actions played
    /// (stopping short of the end of the game), then only the top
    /// `keep_deck` cards of the deck kept and `keep_alive` zombies left
    /// alive, each chosen at random, half the time among those whose
    /// supports would kill them now. Not a position play could reach (the
    /// cards no longer make up a deck), but one the rules play on, small
    /// enough for brute force.
    fn reduced(
        variant: Variant,
        seed: u64,
        moves: usize,
        keep_deck: usize,
        keep_alive: usize,
        rng: &mut Pcg32,
    ) -> State {
        let mut state = State::new(variant, seed);
        for _ in 0..moves {
            let Some(action) = random_action(&state, rng) else {
                break;
            };
            let mut next = state.clone();
            next.apply(action).expect("a legal action");
            if next.is_over() {
                break;
            }
            state = next;
        }
        let cut = state.deck.len().saturating_sub(keep_deck);
        state.deck.drain(..cut);
        let alive: Vec<usize> = (0..SPACES)
            .filter(|&s| !matches!(state.zombies[s], Zombie::Dead(_)))
            .collect();
        let ready: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&s| {
                zombie_card(&state, s).is_some_and(|z| attack(z, state.supports(s)).is_ok())
            })
            .collect();
        let mut keep = Vec::new();
        while keep.len() < keep_alive.min(alive.len()) {
            let from = if rng.next_u32().is_multiple_of(2) && !ready.is_empty() {
                &ready
            } else {
                &alive
            };
            let s = from[rng.next_u32() as usize % from.len()];
            if !keep.contains(&s) {
                keep.push(s);
            }
        }
        for s in alive {
            if let (false, Zombie::FaceDown(c) | Zombie::FaceUp(c)) =
                (keep.contains(&s), state.zombies[s])
            {
                state.zombies[s] = Zombie::Dead(c);
            }
        }
        state.undoable = None;
        if state.phase == Phase::Reveal && !state.any_face_down() {
            state.phase = Phase::Draw;
        }
        state
    }

    fn zombie_card(state: &State, s: usize) -> Option<Card> {
        match state.zombies[s] {
            Zombie::FaceDown(c) | Zombie::FaceUp(c) => Some(c),
            Zombie::Dead(_) => None,
        }
    }

    /// The solution's line replays with `apply`, and wins with exactly
    /// the best score; an unwinnable answer has no line.
    fn check_line(state: &State, solution: &Solution) {
        let mut game = state.clone();
        for &action in &solution.line {
            game.apply(action).expect("the line is legal");
        }
        match solution.best_score {
            Some(score) => {
                assert!(solution.winnable);
                assert_eq!(
                    game.status(),
                    Status::Won {
                        score: usize::from(score)
                    }
                );
            }
            None => {
                assert!(!solution.winnable);
                assert!(solution.line.is_empty());
            }
        }
    }

    #[test]
    fn best_score_matches_brute_force_on_reduced_positions() {
        // Per variant, this many positions of each answer: winnable and not.
        const EACH: usize = 60;
        const BUDGET: u64 = 100_000;
        let mut rng = Pcg32::seed_from_u64(28);
        let (mut face_down, mut mid_turn, mut visited, mut largest) = (0, 0, 0, (0, 0));
        for variant in Variant::ALL {
            let (mut won, mut lost) = (0, 0);
            for seed in 0..3000 {
                if won >= EACH && lost >= EACH {
                    break;
                }
                let moves = rng.next_u32() as usize % 80;
                let keep_deck = rng.next_u32() as usize % 8;
                let keep_alive = 1 + rng.next_u32() as usize % 4;
                let state = reduced(variant, seed, moves, keep_deck, keep_alive, &mut rng);
                // The solver only picks which positions to check, so that
                // brute force runs on as many of each answer.
                let solution = solve(&state).expect("solved");
                // The same with the line bounds (and the wide beam) from the
                // first position searched: small searches never reach them.
                let mut lined = Solver::new(&state, Limits::default()).expect("a solver");
                lined.line_bounds_after = 0;
                let with_lines = lined.solve(&state).expect("solved");
                let count = if solution.winnable {
                    &mut won
                } else {
                    &mut lost
                };
                if *count >= EACH {
                    continue;
                }
                let mut budget = BUDGET;
                let Ok(expected) = brute_force(&state, &mut budget) else {
                    continue;
                };
                *count += 1;
                assert_eq!(
                    solution.best_score, expected,
                    "{variant:?} seed {seed} after {moves} moves, deck {keep_deck}, alive {keep_alive}"
                );
                assert_eq!(
                    with_lines.best_score, expected,
                    "{variant:?} seed {seed}, line bounds"
                );
                check_line(&state, &solution);
                check_line(&state, &with_lines);
                // Any win: found exactly when there is one, with or without
                // the beam, and its line wins with the score it says.
                for beam_width in [BEAM, 0] {
                    let mut any = Solver::new(&state, Limits::default()).expect("a solver");
                    any.beam_width = beam_width;
                    let win = any.find_win(&state).expect("answered");
                    assert_eq!(
                        win.is_some(),
                        expected.is_some(),
                        "{variant:?} seed {seed}, any win, beam {beam_width}"
                    );
                    if let (Some(win), Some(best)) = (win, expected) {
                        assert!(win.score <= best);
                        let mut game = state.clone();
                        for &action in &win.line {
                            game.apply(action).expect("the line is legal");
                        }
                        assert_eq!(
                            game.status(),
                            Status::Won {
                                score: usize::from(win.score)
                            }
                        );
                    }
                }
                visited += BUDGET - budget;
                if expected.is_some() {
                    largest = largest.max((state.deck_len(), state.zombies_left()));
                    face_down += usize::from(state.any_face_down());
                }
                mid_turn += usize::from(matches!(
                    state.phase,
                    Phase::Place { .. } | Phase::Attack { .. }
                ));
            }
            assert_eq!((won, lost), (EACH, EACH), "{variant:?}");
        }
        eprintln!("{face_down} winnable with zombies face down, {mid_turn} mid-turn, {visited} brute-forced, largest winnable {largest:?}");
        // Enough of each kind to mean something.
        assert!(
            face_down >= 20,
            "{face_down} winnable with zombies face down"
        );
        assert!(mid_turn >= 50, "{mid_turn} in the middle of a turn");
    }

    /// Fresh deals that a small search answers (so the test stays quick):
    /// per variant, the first `count` seeds from 0 solved within `nodes`.
    fn quick_deals(count: usize, nodes: u64) -> Vec<(State, Solution)> {
        let limits = Limits {
            max_nodes: nodes,
            ..Limits::default()
        };
        let mut deals = Vec::new();
        for variant in Variant::ALL {
            let solved = (0..200u64).filter_map(|seed| {
                let state = State::new(variant, seed);
                let solution = Solver::new(&state, limits).ok()?.solve(&state).ok()?;
                Some((state, solution))
            });
            deals.extend(solved.take(count));
        }
        deals
    }

    #[test]
    fn fresh_deals_lines_replay_and_win_with_the_best_score() {
        let deals = quick_deals(4, 40_000);
        assert_eq!(deals.len(), 12);
        for (state, solution) in &deals {
            assert!(solution.winnable, "deal {}", state.seed());
            check_line(state, solution);
            // Reveals come first, one per turn, as the rules ask.
            assert!(matches!(solution.line[0], Action::Reveal(_)));
            // The line bounds from the start give the same answer.
            let mut lined = Solver::new(state, Limits::default()).expect("a solver");
            lined.line_bounds_after = 0;
            let with_lines = lined.solve(state).expect("solved");
            assert_eq!(with_lines.best_score, solution.best_score);
            check_line(state, &with_lines);
        }
    }

    #[test]
    fn the_best_reveal_keeps_the_best_score() {
        // Perfect knowledge: the zombies can be revealed in the order they
        // die, so the best reveal loses nothing; another may lose the kill
        // of a zombie still face down that only this turn's card makes.
        let mut rng = Pcg32::seed_from_u64(2828);
        let (mut checked, mut mattered) = (0, 0);
        for variant in Variant::ALL {
            for seed in 0..40 {
                let moves = rng.next_u32() as usize % 20;
                let state = reduced(variant, seed, moves, 9, 4, &mut rng);
                if state.phase != Phase::Reveal {
                    continue;
                }
                let solution = solve(&state).expect("solved");
                let mut after = Vec::new();
                for (s, zombie) in state.zombies.iter().enumerate() {
                    if let Zombie::FaceDown(_) = zombie {
                        let mut revealed = state.clone();
                        revealed.apply(Action::Reveal(s as u8)).expect("legal");
                        let best = solve(&revealed).expect("solved").best_score;
                        after.push((Action::Reveal(s as u8), best));
                    }
                }
                let best_after = after.iter().map(|a| a.1).max().flatten();
                assert_eq!(best_after, solution.best_score, "{variant:?} seed {seed}");
                if let Some(&first) = solution.line.first() {
                    assert!(after.contains(&(first, solution.best_score)));
                }
                checked += 1;
                mattered += usize::from(after.iter().any(|a| a.1 != best_after));
            }
        }
        assert!(checked >= 30, "{checked} positions checked");
        assert!(mattered >= 1, "no reveal ever mattered");
    }

    #[test]
    fn a_tiny_table_gives_the_same_answers() {
        // Replacing entries costs time, never exactness.
        let tiny = Limits {
            table_entries: 16,
            max_nodes: 2_000_000,
        };
        let mut rng = Pcg32::seed_from_u64(16);
        for variant in Variant::ALL {
            for seed in 0..20 {
                let state = reduced(variant, seed, 30, 10, 3, &mut rng);
                let expected = solve(&state).expect("solved");
                let small = Solver::new(&state, tiny).and_then(|mut s| s.solve(&state));
                let small = small.expect("solved with a tiny table");
                assert_eq!(
                    small.best_score, expected.best_score,
                    "{variant:?} seed {seed}"
                );
                check_line(&state, &small);
            }
        }
        for (state, solution) in quick_deals(1, 20_000) {
            let small = Solver::new(&state, tiny).and_then(|mut s| s.solve(&state));
            assert_eq!(small.map(|s| s.best_score), Ok(solution.best_score));
        }
    }

    #[test]
    fn finished_games_are_answered_at_once() {
        let mut won = State::new(Variant::Standard, 1);
        let solution = solve(&won).expect("solved");
        for &action in &solution.line {
            won.apply(action).expect("legal");
        }
        let again = solve(&won).expect("solved");
        assert_eq!(again.best_score, solution.best_score);
        assert!(again.line.is_empty());
        let mut lost = State::new(Variant::Standard, 1);
        let mut rng = Pcg32::seed_from_u64(1);
        while !lost.is_over() {
            let action = random_action(&lost, &mut rng).expect("a move");
            lost.apply(action).expect("legal");
        }
        if matches!(lost.status(), Status::Lost(_)) {
            let answer = solve(&lost).expect("solved");
            assert!(!answer.winnable && answer.line.is_empty() && answer.nodes == 0);
        }
    }

    #[test]
    fn invalid_states_are_refused_without_panicking() {
        let deal = State::new(Variant::Hard, 5);
        let mut empty_pile = deal.clone();
        empty_pile.cabin[4].clear();
        assert!(matches!(solve(&empty_pile), Err(SolveError::Invalid(_))));
        let mut odd_joker = deal.clone();
        odd_joker.deck[0] = Card::Joker(200);
        assert!(matches!(solve(&odd_joker), Err(SolveError::Invalid(_))));
        let mut odd_zombie = deal.clone();
        odd_zombie.zombies[3] = Zombie::FaceDown(Card::new(20, Suit::Hearts));
        assert!(matches!(solve(&odd_zombie), Err(SolveError::Invalid(_))));
        let mut long_deck = deal.clone();
        long_deck.deck = vec![Card::new(5, Suit::Clubs); 80];
        assert!(matches!(solve(&long_deck), Err(SolveError::Invalid(_))));
        let mut no_pile = deal.clone();
        no_pile.phase = Phase::Attack { pile: 20 };
        assert!(matches!(solve(&no_pile), Err(SolveError::Invalid(_))));
        // A solver answers only for its own deal.
        let mut solver = Solver::new(&deal, Limits::default()).expect("a solver");
        let other = State::new(Variant::Hard, 6);
        assert_eq!(solver.solve(&other), Err(SolveError::OtherDeal));
    }

    #[test]
    fn a_node_limit_gives_unfinished_and_the_solver_stays_usable() {
        let state = State::new(Variant::Standard, 0);
        let limits = Limits {
            max_nodes: 50,
            ..Limits::default()
        };
        let mut solver = Solver::new(&state, limits).expect("a solver");
        assert!(matches!(
            solver.solve(&state),
            Err(SolveError::Unfinished { .. })
        ));
        // What it learnt before giving up is sound: a later, smaller
        // question of the same game still gets the exact answer.
        let mut rng = Pcg32::seed_from_u64(3);
        let mut later = state.clone();
        for _ in 0..75 {
            match random_action(&later, &mut rng) {
                Some(a) if !later.is_over() => {
                    later.apply(a).expect("legal");
                }
                _ => break,
            }
        }
        let fresh = solve(&later).map(|s| s.best_score);
        let mut patient = Solver::new(&state, Limits::default()).expect("a solver");
        let _ = Solver::solve(&mut solver, &state);
        solver.max_nodes = u64::MAX;
        assert_eq!(solver.solve(&later).map(|s| s.best_score), fresh);
        assert_eq!(patient.solve(&later).map(|s| s.best_score), fresh);
    }

    #[test]
    fn review_follows_the_best_score_through_a_game() {
        let (state, solution) = quick_deals(1, 20_000).remove(0);
        let (variant, seed) = (state.variant(), state.seed());
        // The solver's own line never loses a card of the score.
        let review = super::review(variant, seed, &solution.line).expect("reviewed");
        assert_eq!(review.values.len(), solution.line.len() + 1);
        assert!(review.values.iter().all(|&v| v == solution.best_score));
        assert_eq!(review.first_drop(), None);
        assert_eq!(review.first_losing_move(), None);
        // The line's first two thirds, then random play: each value is
        // what a fresh solver says of that position, and the first drop is
        // where it falls.
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut game = state.clone();
        let mut actions = Vec::new();
        let mut values = vec![solution.best_score];
        let kept = solution.line.len() * 2 / 3;
        for &action in &solution.line[..kept] {
            game.apply(action).expect("legal");
            actions.push(action);
            values.push(solution.best_score);
        }
        while !game.is_over() {
            let action = random_action(&game, &mut rng).expect("a move");
            game.apply(action).expect("legal");
            actions.push(action);
            values.push(solve(&game).expect("solved").best_score);
        }
        let review = super::review(variant, seed, &actions).expect("reviewed");
        assert_eq!(review.values, values);
        let drop = values.windows(2).position(|w| w[1] < w[0]);
        assert_eq!(review.first_drop(), drop);
        assert!(drop.is_some(), "random play keeps the best score");
        assert_eq!(
            first_losing_move(variant, seed, &actions),
            Ok(review.first_losing_move())
        );
        // An illegal action is named.
        let mut wrong = actions.clone();
        wrong.insert(1, Action::Draw);
        assert_eq!(
            super::review(variant, seed, &wrong),
            Err(ReviewError::Illegal { index: 1 })
        );
    }

    #[test]
    fn first_losing_move_is_the_last_fall_from_winnable() {
        let review = |values: &[Option<u8>]| Review {
            values: values.to_vec(),
        };
        // Never winnable, or winnable to the end: no losing move.
        assert_eq!(review(&[None, None]).first_losing_move(), None);
        assert_eq!(review(&[Some(3), Some(3)]).first_losing_move(), None);
        assert_eq!(review(&[Some(3), Some(2)]).first_drop(), Some(0));
        // Lost by action 1.
        assert_eq!(
            review(&[Some(3), Some(3), None, None]).first_losing_move(),
            Some(1)
        );
        // Lost by action 0, taken back by an undo (action 1), lost again
        // by action 2: that is the move that lost the game.
        let undone = review(&[Some(3), None, Some(3), None]);
        assert_eq!(undone.first_losing_move(), Some(2));
        assert_eq!(undone.first_drop(), Some(0));
    }
}
