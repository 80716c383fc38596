//! The exact solver: the probability of winning from a position with best
//! play, the expectation taken over the hidden order of the die deck, and the
//! action that achieves it.
//!
//! ## What the player knows
//!
//! All 18 cards are public: the row, the dead, the die discard, and so the
//! contents of the die deck, but not its order. Every order of the deck is
//! equally likely, so the next die card is uniform among the cards left in
//! the deck, whatever was revealed before; when the deck runs out, the
//! discard is shuffled into a new one (every order equally likely again).
//! Die cards never enter the row, so only their pips matter: a position is
//!
//! - the row (cards, order, active flags), whether a poison is pending, and
//!   an Air Strike's pending choice if any;
//! - the die deck as a multiset of pips (the discard is then the rest of the
//!   die cards, fixed for the game).
//!
//! ## Exactness with cycles
//!
//! Positions can repeat (revivals, swaps and the reshuffle of the die deck),
//! so the values are the least fixpoint of the Bellman equation of a
//! maximal-reachability Markov decision process, `v(s) = max_a Σ p(s,a,t)
//! v(t)`, `v(won) = 1`, `v(lost) = 0`. The solver computes it exactly, with a
//! finite algorithm rather than value iteration's limit:
//!
//! 1. The reachable graph is enumerated (every position, every legal action,
//!    every die outcome with its probability `count / deck size`).
//! 2. Its strongly connected components are found (Tarjan) and solved in
//!    reverse topological order, so that when a component is solved every
//!    position it can leave to already has its exact value. A kill can never
//!    be taken back, so a component never spans two row lengths.
//! 3. A component of one position without a self-loop is solved directly. A
//!    larger one by policy iteration: start from a proper policy (one that
//!    leaves the component with probability 1: at each position, an action
//!    with a positive chance of getting closer to an exit, found by a
//!    backward search), evaluate it by solving its linear system exactly
//!    (Gaussian elimination: the system is non-singular because the policy is
//!    proper), and switch a position's action only on a strict improvement.
//!    A strict improvement keeps the policy proper (on a closed recurrent
//!    class of the new policy the old values would be harmonic, so no
//!    position of that class was switched, and the class would have been
//!    closed under the old proper policy too), values never decrease, and
//!    there are finitely many policies, so it stops, at a policy whose values
//!    satisfy the Bellman equation. Those values are at most the optimum (they
//!    are a policy's) and at least the least fixpoint (they are a fixpoint):
//!    they are the optimum. A component with no exit at all cannot reach a
//!    win: its value is 0.
//!
//! 4. In practice a [`Solver`] first runs depth-first searches with memory
//!    (see there), which stop at sure wins and drop beaten actions, and are
//!    exact on positions whose cycles hold no chance step; only when they
//!    meet a cycle with a chance step does it use steps 1–3.
//!
//! 5. Cycles need the Medic and the Bugler alive together (each can make the
//!    other active again; without both, every activation but a few
//!    revivals makes an active card inactive, so no position repeats). On
//!    such a position (issue 31) the search gets a small budget
//!    ([`SEARCH_FIRST`]), after the graph method on a small graph; then the
//!    exact method of revival levels ([`Level`]) answers: the positions
//!    with the same living cards, no poison and no Air Strike choice, whose
//!    rows fall into classes of equal value (rows reached from each other
//!    by revivals and swaps), solved as a Markov decision process on
//!    (class, die deck) by value iteration until a sweep changes nothing,
//!    sped up by the epoch shortcut ([`LevelSystem::shortcut`]: where the
//!    best play goes round the die deck many times, the values with the
//!    full deck under the last sweep's choices, a small sparse system),
//!    the positions out of the level (fewer cards) first by an exact
//!    depth-first search with memory ([`Solver::exact`]), each valued once
//!    per level for every die deck at once ([`Solver::every_deck`]). A
//!    level holds one row of each mirror pair. It terminates: every step
//!    out of a level has fewer cards, and out of levels no position
//!    repeats. Its memory is linear in the level's rows (at most
//!    [`LEVEL_LIMIT`]: every row of seven cards) plus classes × decks (at
//!    most [`LEVEL_SLOTS`]). Measured natively as a hint (`mr_one`, a fresh
//!    solver; on a machine shared with other work, so times are within a
//!    factor of two): deal 1007 after four moves (six cards; a graph of 6.3
//!    million positions and a component of 1.6 million, 1.5 GB by the
//!    graph method) in 14 s at a peak of 216 MB (value 1), deal 1583 after
//!    five random moves (seven cards with the Con Man and the Grenadier;
//!    its largest level 177,864 rows in 43,660 classes with 107 decks) in
//!    3.9 s (7.6 s under load) at 256 MB (0.6666666666666649; 20.9 s at
//!    592 MB before the exits were shared, the mirror pairs merged and the
//!    exits searched for all decks at once), deal 5026 after five in 12 s
//!    at 437 MB (0.9999999999999998), deal 5941 after five in 20 s at 494
//!    MB (1), deal 6098 after four in 15 s at 357 MB (0.9999999999999999;
//!    215 s before slices stopped rebuilding its level and the best moves
//!    per deck were dropped), deal 19974 after five in 33 s at 1.18 GB (1),
//!    deal 1612 after eight random actions (seven cards: the Bugler active;
//!    the Sentry Gun, Arsonist, Medic, Copycat, Grenadier and Con Man
//!    inactive; 178,056 rows in 43,856 classes with 143 decks) in 28 s at
//!    616 MB (value 1). Deal 1612's largest level needed 1,681 sweeps
//!    (118 s) before the epoch shortcut, 23 with it.
//!
//!    Issue 31's sweep (`mr_sweep`, each position asked as the app asks a
//!    hint, a fresh solver each; two cores, one part each, nothing else
//!    running): over every position of at most seven cards of 20,000
//!    random games (65,602; 64,801 of them checked against the graph
//!    method) and of 2,000 hint-following games (11,100; 11,023 checked)
//!    none failed and none differed. Worst natively: 29.5 s (deal 19974
//!    after five random actions, peak 1.18 GB), 27.3 s (1612 after
//!    eight), 23.7 s (14296 after seven); the 30th slowest 6.0 s; all
//!    65,602 in 573 s. Of the hint-following games' positions of more
//!    than seven cards (4,596, not checked), the slowest was 71 s (deal
//!    1817 after one move), then the fresh deals 920 (50 s) and 407
//!    (33 s). In the browser (`tools/measure-solver.mjs positions` on the
//!    sweep's 30 slowest questions, written with `MR_SLOWEST`) every one
//!    answered with the same value, in 1.1-1.5 times the native time:
//!    19974 after five 36.8 s, 14296 after seven 35.0 s, 1612 after eight
//!    29.7 s; the hint-following games' 1817 after one move 78 s (beside
//!    other work). The page's longest frame meanwhile: 33 ms.

//! ## Reductions and bounds (each exact)
//!
//! - Positions with equal keys ([`reduce`]) have equal values: the mirror
//!   image; the identities of inactive cards when nothing can revive; the
//!   die deck when no random card can act again. The key is packed into 24
//!   bytes ([`Key`]), one-to-one with the reduced position.
//! - [`kill_bound`]: without an active Medic or Bugler no card becomes
//!   active again, so each active card acts at most once and the kills still
//!   possible are at most the sum of what each can kill; with only one of
//!   them the revivals are few; a card killed while active never acts
//!   ([`certain_kill_bound`]). Fewer than the row needs (all but one) means
//!   a certain loss, value 0 ([`hopeless`]); an Air Strike's choice is
//!   hopeless when both its outcomes are.
//! - Sure-win proofs ([`Solver::sure`]) are finite trees: a "yes" is exact
//!   whatever limits the search had; a "no" is used only to skip work.
//! - Upper bounds (Star1 pruning, [`Solver::best`]): an action is dropped
//!   only when even its uncounted outcomes at their upper bounds would not
//!   beat the best action so far, so the maximum is unchanged; a position
//!   asked only whether it beats a threshold answers with a true upper bound
//!   when it does not, remembered as such (never as a value).
//!
//! ## Budget
//!
//! A [`Solver`] expands at most a budget of positions per call and keeps its
//! tables below [`TABLE_LIMIT`] entries (they are caches: emptying them
//! costs time, never exactness); past the budget it answers [`Unsolved`]
//! rather than a guess. The free functions [`solve`] and [`action_values`]
//! have no budget. Measured (`cargo bench -p engine --bench murderers_row`):
//! every fresh deal of seeds 0..100 and every position of 200 random games
//! is solved within the default budget. A component with cycles over
//! [`COMPONENT_LIMIT`] positions is solved by value iteration rather than
//! dense elimination (`n²` memory, `n³` time). With no budget
//! ([`Solver::finishing`], the last step of [`super::advice::persist`])
//! every method used terminates; [`Unsolved`] is then left only for a
//! revival level over [`LEVEL_LIMIT`] rows (eight cards or more with the
//! Medic, the Bugler and the Con Man alive) or over [`LEVEL_SLOTS`] values
//! (none is known in play since the mirror pairs were merged: deal 1612
//! after eight random actions, 6.3 million, is the largest met).
//!
//! ## Where the time goes (issue 14)
//!
//! Over the position sample of issue 14, asked as the app asks a hint (a
//! fresh solver each; `cargo run --profile bench -p engine --example
//! mr_worst -- 300 12`; the positions expanded are the figure that does not
//! depend on the machine's load). The hint-following games of the sample
//! depend on the solver (a position it cannot solve is played at random),
//! so solvers are compared on one saved sample (2,114 positions, written
//! with `MR_SAVE` and read with `MR_LOAD`):
//!
//! | | median | p99 | worst | expanded in all |
//! |---|---|---|---|---|
//! | first solver | 10.7 µs | 44.7 ms | 5.7 s (#588, too hard at 3 M) | 9.28 M |
//! | tighter bounds | 9.3 µs | 32.2 ms | 3.4 s (#588) | 4.02 M |
//! | cheaper steps | 10.5 µs | 23.2 ms | 2.46 s (#588) | 4.02 M |
//! | a sure-win round of waste 1 | 10.4 µs | 24.2 ms | 1.93 s (#588) | 4.06 M |
//!
//! | position | value | expanded first | expanded now | time now |
//! |---|---|---|---|---|
//! | #588 seed 10086, fresh | 0.75 | 17.3 M (no budget) | 1,388,094 | 1.9–2.5 s |
//! | #1268 seed 10182, fresh | 1 | 843,911 | 232,277 | 0.25–0.30 s |
//! | #283 seed 10040, fresh | 1 | | 34,937 | 0.04 s |
//! | #688 seed 10102, fresh | 0.964 | 1,059,514 | 165,038 | 0.19 s |
//! | #1961 seed 10278, fresh | 0.954 | 332,784 | 171,196 | 0.15 s |
//!
//! The sure-win rounds' waste limits matter most to sure wins: a proof of
//! waste 3 costs seed 10040 119 k expansions in the round of waste 4 after
//! 122 k in the round of 2 that failed, and 35 k with a round of waste 1
//! added; but other schedules are worse elsewhere (over the saved sample,
//! rounds 0, 2, 3, 4, 8: seed 10182 690 k; 0, 1, 3, 6: 660 k; 0, 1, 2, 3,
//! 4, 8: 4.16 M in all): a round of waste 1 is added to 0, 2, 4, 8 and
//! unlimited (4.06 M in all, seed 10182 232 k).
//!
//! In the browser (WebAssembly in the app's worker, the engine built at
//! opt-level 2; `node tools/measure-solver.mjs positions FILE` with the
//! sample written by the `mr_sample` example; 2,094 positions): median
//! 0.1 ms, p99 27.5 ms, worst 2.2 s (seed 10086's fresh deal), every other
//! position within 0.29 s. The budgets (300 ms natively, 1 s in the browser) are
//! missed by one position: seed 10086's fresh deal. None of these graphs
//! has a cycle; the time is the depth-first searches.
//!
//! Seed 10086's fresh deal (Con Man, Copycat, Gunslinger, Arsonist, Sniper,
//! Sentry Gun, Medic, Air Strike, Assassin, Executioner; value 0.75, two of
//! its 108 actions achieve it): its reachable graph has 8.2 M positions and
//! no cycle; the search expands 1.39 M of them. The sure-win rounds spend
//! 0.46 M finding no proof (waste 0: 345, 1: 19 k, 2: 129 k, 4: 283 k, 8:
//! 31 k, after which the root's refutation is certain; without the rounds
//! the exact search alone takes 0.93 M, 1.3 s: the rounds pay on sure
//! wins, such as seed 10182's, refuted at waste 2 after 103 k and proved
//! at waste 4 with 109 k). The exact search spends
//! 0.92 M proving that no other root action beats 0.75, 0.81 M of them on
//! positions met for the first time. Measured limits of this design on it:
//!
//! - the exact root value given as the threshold: 0.88 M (5 % less);
//! - every position lost whatever the die does known without a search (an
//!   oracle from a first run): 0.52 M for the exact search, so no static
//!   test of lost positions can bring it near the budget alone;
//! - 36 % of the expanded positions have no slack at all (the kill bound
//!   equals the kills needed) and 25 % a slack of one: the bound is tight,
//!   the geometry (who is next to whom) is what loses;
//! - only 48 k of the expanded positions have the Con Man active, but each
//!   has up to 90 swaps (45 more by a Copycat next to it), and a swap kills
//!   nothing, so the kill bound never drops one: the root's 90 swaps alone
//!   cost 0.47 M of the exact search.
//!
//! What cut the work: the certain kill bound with revivals and with the
//! active cards that must die ([`certain_kill_bound`]: 17.3 M to 2.06 M on
//! #588, most of it), Air Strike choices judged by their two outcomes, a
//! chance step's outcomes searched likeliest first (2.06 M to 1.38 M with
//! the next), the sure-win search dropping a chance step as soon as one
//! outcome is known to be no sure win. What cut the time per expansion
//! (3.8 s to 2.5 s on #588, measured with `perf stat -r 4`): the key
//! computed in one pass; the certain kill bound, which depends only on
//! the sets of living and active cards, cached by them ([`KillBounds`]) and
//! asked before the table (a cache miss); outcomes whose value is already
//! exact not searched again; table entries of 32 bytes instead of 40; no
//! allocation for a move list or a removal.
//!
//! Tried and measured without a gain worth keeping: a second budget for the
//! inactive cards the Executioner, Assassin, Tank, Hangman and Arsonist
//! must kill (a two-dimensional knapsack: 0.01 % fewer expansions, twice
//! the time); remembering every hopeless successor as lost (the tables
//! overflow their limit and are emptied); searching misses first, in the
//! sure-win search (seed 10040 10 % less, seed 10182 five times more) and
//! in the exact search (#588 6 % more); an upper bound below 1 from the
//! first die draw when every win needs it to hit (0.3 % less on #588: in a
//! row of six or more every face can hit); asking each outcome of a chance
//! step first whether it beats the threshold (#588 1.91 M instead of 1.38
//! M: outcomes above it are then worked out exactly); fewer sure-win
//! rounds (waste 0 then unlimited: #588 1.24 M, the sample 3.78 M, but a
//! hint-following game can then go round a cycle of sure wins: a
//! position's proof may use a neighbour already known to be a sure win
//! whose own hint leads back); earlier, ordering actions by their known
//! upper bounds and merging die faces that can only miss; in the sure-win
//! search, taking an action whose outcomes are all known sure wins before
//! searching any (#588 253 fewer expansions, seed 10182 61 fewer); a kill
//! bound cache eight times larger (no faster).
//!
//! Meeting the budget on #588 needs its work cut about sixfold, beyond
//! what bounds and orderings of this search give (above). Delaying a swap
//! until it matters (a partial-order reduction) would not give it either:
//! a swap and a later action that does not touch the swapped cards reach
//! the same position in either order, which the table already merges, so
//! the swaps' cost is in positions that no other order reaches (new
//! geometries). With every lost position known at once the exact search
//! still expands 0.52 M positions, all of value above 0 and at most their
//! threshold: what it lacks is an upper bound below 1 for such positions,
//! found without searching them (the one tried, from the first die draw,
//! is above).
//!
//! The arithmetic is `f64`: every operation is exact up to rounding (about
//! 1e-15 relative per operation; probabilities are ratios of small integers).
//! "Strictly better" means better by more than 1e-12. The tests compare the
//! solver with a brute force in exact rational arithmetic that enumerates
//! every order of the die deck.

use super::{
    air_strike_kill, any_legal_move, finish, legal_moves, outcome, play_move, Action, Direction,
    Killer, Move, Phase, Row, State, Target, MAX_ROW,
};
use std::collections::HashMap;

/// Die faces: 0 to 5 pips.
const FACES: usize = 6;

/// A die deck as a multiset of pips: how many cards of each face.
type Pips = [u8; FACES];

/// A position as the player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    row: Row,
    poison: bool,
    deck: Pips,
    /// An Air Strike waiting for its second kill: the acting card and the
    /// target's position.
    choice: Option<(Killer, u8)>,
}

/// What the solver found for a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The probability of winning with best play.
    pub win: f64,
    /// An action achieving it; `None` when the game is over.
    pub best: Option<Action>,
    /// How many positions were examined.
    pub positions: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Won,
    Lost,
    Open,
}

/// The reachable graph: positions, their actions and each action's
/// successors with their probabilities.
struct Graph {
    nodes: Vec<Node>,
    kind: Vec<Kind>,
    /// Node `i`'s actions are `actions[action_start[i]..action_start[i + 1]]`.
    action_start: Vec<u32>,
    /// Action `a`'s outcomes are `edges[actions[a]..actions[a + 1]]` (one
    /// sentinel at the end).
    actions: Vec<u32>,
    edges: Vec<(u32, f64)>,
}

impl Graph {
    fn node_actions(&self, i: usize) -> std::ops::Range<usize> {
        self.action_start[i] as usize..self.action_start[i + 1] as usize
    }

    fn outcomes(&self, a: usize) -> &[(u32, f64)] {
        &self.edges[self.actions[a] as usize..self.actions[a + 1] as usize]
    }
}

fn pips_of(cards: &[Killer]) -> Pips {
    let mut pips = [0; FACES];
    for card in cards {
        pips[usize::from(card.pips()).min(FACES - 1)] += 1;
    }
    pips
}

/// Where the die deck goes after revealing a card with `face` pips.
fn draw(deck: Pips, face: usize, full: Pips) -> Pips {
    let mut next = deck;
    next[face] -= 1;
    if next.iter().all(|&n| n == 0) {
        full
    } else {
        next
    }
}

/// The successors of `node`'s actions, one list of (node, probability) per
/// action, in the order of [`legal_moves`] (or of the two neighbours, left
/// first, for an Air Strike choice).
fn expand(node: &Node, full: Pips, moves: &mut Vec<Move>, out: &mut Vec<Vec<(Node, f64)>>) {
    // The lists of an earlier call are cleared and reused: no allocation
    // once the vectors have grown.
    let mut used = 0;
    let mut next_list = |out: &mut Vec<Vec<(Node, f64)>>| {
        if used == out.len() {
            out.push(Vec::new());
        }
        used += 1;
        let list = &mut out[used - 1];
        list.clear();
        used - 1
    };
    if let Some((actor, t)) = node.choice {
        let t = usize::from(t);
        let sides = [
            t.checked_sub(1),
            Some(t + 1).filter(|&n| n < node.row.len()),
        ];
        for n in sides.into_iter().flatten() {
            let mut row = node.row;
            air_strike_kill(&mut row, t, n);
            finish(&mut row, actor, node.poison);
            let i = next_list(out);
            out[i].push((
                Node {
                    row,
                    poison: false,
                    deck: node.deck,
                    choice: None,
                },
                1.0,
            ));
        }
        out.truncate(used);
        return;
    }
    legal_moves(&node.row, moves);
    let size: u32 = node.deck.iter().map(|&n| u32::from(n)).sum();
    for &mv in moves.iter() {
        let at = next_list(out);
        let successors = &mut out[at];
        let mut step = |die: u8, deck: Pips, p: f64| {
            let mut row = node.row;
            let mut poison = node.poison;
            let next = match play_move(&mut row, &mut poison, mv, die) {
                Some(t) => Node {
                    row,
                    poison: node.poison,
                    deck,
                    choice: Some((mv.card, t as u8)),
                },
                None => Node {
                    row,
                    poison,
                    deck,
                    choice: None,
                },
            };
            successors.push((next, p));
        };
        if matches!(mv.target, Target::Random(_)) {
            for face in 0..FACES {
                if node.deck[face] > 0 {
                    let p = f64::from(node.deck[face]) / f64::from(size);
                    step(face as u8, draw(node.deck, face, full), p);
                }
            }
        } else {
            step(0, node.deck, 1.0);
        }
    }
    out.truncate(used);
}

/// Whether `node` is won: one card left and no choice pending.
fn won(node: &Node) -> bool {
    node.choice.is_none() && node.row.len() == 1
}

/// Whether `node` is lost now: no choice pending and no card may act (the
/// row has more than one card, or none).
fn stuck(node: &Node) -> bool {
    node.choice.is_none() && node.row.len() != 1 && !any_legal_move(&node.row)
}

fn kind_of(node: &Node) -> Kind {
    if node.choice.is_some() {
        return Kind::Open;
    }
    match outcome(&node.row) {
        Phase::Won => Kind::Won,
        Phase::Lost => Kind::Lost,
        _ => Kind::Open,
    }
}

/// A position's key: positions with equal keys have equal values, so the
/// graph keeps one of them. Three exact reductions:
///
/// - the row read right to left is the same position mirrored (distances
///   are not directional and either direction may be chosen);
/// - when no card can ever become active again (no active Medic nor Bugler,
///   so no revival now, and none later since only they revive and only an
///   active card acts or is copied), an inactive card is only an inactive
///   card: its identity never matters again (no effect reads the identity
///   of an inactive card, only its place and state), so it is forgotten;
/// - when no card with a random target can ever act (none alive, or all
///   inactive with no revival possible), the die deck never matters again.
#[cfg(test)]
fn reduce(node: &Node) -> Node {
    let k = forget(node);
    let m = mirror(&k);
    if packed(&m) < packed(&k) {
        m
    } else {
        k
    }
}

/// [`reduce`] without the mirror image: the forgotten identities and die
/// deck only.
#[cfg(test)]
fn forget(node: &Node) -> Node {
    let mut k = *node;
    let row = &node.row;
    let revivable = revival_possible(row);
    let random_may_act = row
        .slots()
        .any(|s| s.card.is_random() && (s.active || revivable));
    if !random_may_act {
        k.deck = [0; FACES];
    }
    if !revivable {
        for i in 0..row.len() {
            if !row.active(i) {
                k.row.cells[i] = 0;
            }
        }
    }
    k
}

/// The position read right to left.
#[cfg(test)]
fn mirror(k: &Node) -> Node {
    let n = k.row.len();
    let mut m = *k;
    m.row.cells[..n].reverse();
    m.choice = k.choice.map(|(actor, t)| (actor, (n - 1) as u8 - t));
    m
}

/// The row, poison and Air Strike choice packed into 128 bits: each row
/// cell in 6 bits (its card and active flag, plus one so that no cell is
/// 0), the poison and the choice in the bits above.
#[cfg(test)]
fn packed(k: &Node) -> u128 {
    let mut row = 0u128;
    for i in 0..k.row.len() {
        let cell = k.row.cells[i];
        let cell = u128::from((cell & CARD_BITS) | ((cell & ACTIVE_BIT) >> 2)) + 1;
        row |= cell << (6 * i);
    }
    row |= u128::from(k.poison) << 108;
    if let Some((actor, t)) = k.choice {
        let choice = 1 | (actor.index() as u128) << 1 | u128::from(t) << 6;
        row |= choice << 109;
    }
    row
}

/// A position's key packed into 24 bytes, for fast hashing and comparing:
/// the reduced position ([`reduce`]) as [`packed`] (the smaller of the two
/// orientations), the die deck's counts in the last word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key([u64; 3]);

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

fn key(node: &Node) -> Key {
    // [`forget`], [`packed`] and [`mirror`] in one pass over the row.
    let row = &node.row;
    let n = row.len();
    let cells = &row.cells[..n];
    let (mut alive, mut active) = (0u32, 0u32);
    for &cell in cells {
        let b = 1u32 << (cell & CARD_BITS);
        alive |= b;
        if cell & ACTIVE_BIT != 0 {
            active |= b;
        }
    }
    let revivers = 1 << Killer::Medic as u32 | 1 << Killer::Bugler as u32;
    let random = 1 << Killer::Arsonist as u32
        | 1 << Killer::Grenadier as u32
        | 1 << Killer::AirStrike as u32;
    let revivable = active & revivers != 0;
    let random_may_act = (if revivable { alive } else { active }) & random != 0;
    let (mut forward, mut backward) = (0u128, 0u128);
    for (i, &cell) in cells.iter().enumerate() {
        let cell = if revivable || cell & ACTIVE_BIT != 0 {
            cell
        } else {
            0
        };
        let cell = u128::from((cell & CARD_BITS) | ((cell & ACTIVE_BIT) >> 2)) + 1;
        forward |= cell << (6 * i);
        backward |= cell << (6 * (n - 1 - i));
    }
    let poison = u128::from(node.poison) << 108;
    forward |= poison;
    backward |= poison;
    if let Some((actor, t)) = node.choice {
        let choice = |t: u8| (1 | (actor.index() as u128) << 1 | u128::from(t) << 6) << 109;
        forward |= choice(t);
        backward |= choice((n - 1) as u8 - t);
    }
    let row = forward.min(backward);
    let mut deck = 0u64;
    if random_may_act {
        for (f, &count) in node.deck.iter().enumerate() {
            deck |= u64::from(count) << (8 * f);
        }
    }
    Key([row as u64, (row >> 64) as u64, deck])
}

/// [`key`] by its definition, for the tests.
#[cfg(test)]
fn slow_key(node: &Node) -> Key {
    let k = forget(node);
    let row = packed(&k).min(packed(&mirror(&k)));
    let mut deck = 0u64;
    for (f, &count) in k.deck.iter().enumerate() {
        deck |= u64::from(count) << (8 * f);
    }
    Key([row as u64, (row >> 64) as u64, deck])
}

/// The bits of a row cell: the card's index and the active flag (see
/// [`Row`]).
const CARD_BITS: u8 = 0x1f;
const ACTIVE_BIT: u8 = 0x80;

/// Enumerates every position reachable from `root`.
fn explore(root: Node, full: Pips, limit: usize) -> Graph {
    let mut index: Map<Key, u32> = Map::default();
    let mut graph = Graph {
        nodes: vec![root],
        kind: vec![kind_of(&root)],
        action_start: vec![0],
        actions: Vec::new(),
        edges: Vec::new(),
    };
    index.insert(key(&root), 0);
    let mut moves = Vec::new();
    let mut successors = Vec::new();
    // Nodes are expanded in the order they are found, so node i's actions
    // come right after node i-1's.
    let mut i = 0;
    while i < graph.nodes.len() && graph.nodes.len() < limit {
        let node = graph.nodes[i];
        if graph.kind[i] == Kind::Open {
            expand(&node, full, &mut moves, &mut successors);
            for action in &successors {
                graph.actions.push(graph.edges.len() as u32);
                for &(next, p) in action {
                    let id = *index.entry(key(&next)).or_insert_with(|| {
                        graph.nodes.push(next);
                        graph.kind.push(kind_of(&next));
                        (graph.nodes.len() - 1) as u32
                    });
                    graph.edges.push((id, p));
                }
            }
        }
        graph.action_start.push(graph.actions.len() as u32);
        i += 1;
    }
    graph.actions.push(graph.edges.len() as u32);
    graph
}

/// The strongly connected components of the graph, each listed once, in
/// reverse topological order (a component comes after every component it
/// can reach). Iterative Tarjan.
fn components(graph: &Graph) -> Vec<Vec<u32>> {
    let n = graph.nodes.len();
    const UNSEEN: u32 = u32::MAX;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut result = Vec::new();
    let mut counter = 0u32;
    // The successors of node i, deduplicated lazily by the DFS itself.
    let succ_range = |i: usize| {
        let actions = graph.node_actions(i);
        if actions.is_empty() {
            0..0
        } else {
            graph.actions[actions.start] as usize..graph.actions[actions.end] as usize
        }
    };
    for start in 0..n {
        if order[start] != UNSEEN {
            continue;
        }
        // (node, next edge index to look at)
        let mut dfs: Vec<(u32, usize)> = vec![(start as u32, succ_range(start).start)];
        order[start] = counter;
        low[start] = counter;
        counter += 1;
        stack.push(start as u32);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut e)) = dfs.last_mut() {
            let v = v as usize;
            let end = succ_range(v).end;
            if *e < end {
                let w = graph.edges[*e].0 as usize;
                *e += 1;
                if order[w] == UNSEEN {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    dfs.push((w as u32, succ_range(w).start));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                dfs.pop();
                if let Some(&(parent, _)) = dfs.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == order[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        component.push(w);
                        if w as usize == v {
                            break;
                        }
                    }
                    result.push(component);
                }
            }
        }
    }
    result
}

/// Differences below this are rounding, not improvement.
const EPSILON: f64 = 1e-12;

/// The value of each action of node `i` under the values `value`.
fn action_value(graph: &Graph, a: usize, value: &[f64]) -> f64 {
    graph
        .outcomes(a)
        .iter()
        .map(|&(t, p)| p * value[t as usize])
        .sum()
}

/// Solves `matrix · x = rhs` (dense, `n × n`, row-major) by Gaussian
/// elimination with partial pivoting.
fn solve_linear(n: usize, matrix: &mut [f64], rhs: &mut [f64]) -> Vec<f64> {
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&a, &b| {
                matrix[a * n + col]
                    .abs()
                    .total_cmp(&matrix[b * n + col].abs())
            })
            .unwrap_or(col);
        if pivot != col {
            for k in 0..n {
                matrix.swap(pivot * n + k, col * n + k);
            }
            rhs.swap(pivot, col);
        }
        let diagonal = matrix[col * n + col];
        if diagonal == 0.0 {
            continue;
        }
        for r in col + 1..n {
            let factor = matrix[r * n + col] / diagonal;
            if factor == 0.0 {
                continue;
            }
            for k in col..n {
                matrix[r * n + k] -= factor * matrix[col * n + k];
            }
            rhs[r] -= factor * rhs[col];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let mut sum = rhs[r];
        for k in r + 1..n {
            sum -= matrix[r * n + k] * x[k];
        }
        let diagonal = matrix[r * n + r];
        x[r] = if diagonal == 0.0 { 0.0 } else { sum / diagonal };
    }
    x
}

/// Solves one strongly connected component of several positions (or one
/// with a self-loop), every position outside it being solved already.
fn solve_component(graph: &Graph, members: &[u32], value: &mut [f64], choice: &mut [u32]) {
    let mut local: HashMap<u32, usize> = HashMap::with_capacity(members.len());
    for (k, &m) in members.iter().enumerate() {
        local.insert(m, k);
    }
    let n = members.len();
    // Backward search from the exits: an action with a positive chance of
    // leaving the component, then actions with a positive chance of reaching
    // an already ranked position. The policy built this way is proper.
    let mut policy: Vec<Option<usize>> = vec![None; n];
    let mut changed = true;
    while changed {
        changed = false;
        for (k, &m) in members.iter().enumerate() {
            if policy[k].is_some() {
                continue;
            }
            let good = graph.node_actions(m as usize).find(|&a| {
                graph
                    .outcomes(a)
                    .iter()
                    .any(|&(t, _)| local.get(&t).is_none_or(|&j| policy[j].is_some()))
            });
            if good.is_some() {
                policy[k] = good;
                changed = true;
            }
        }
    }
    if policy.iter().any(Option::is_none) {
        // Strongly connected: if one position could leave, all could. None
        // can: the component never reaches a win.
        for &m in members {
            value[m as usize] = 0.0;
            choice[m as usize] = graph.action_start[m as usize];
        }
        return;
    }
    let mut policy: Vec<usize> = policy.into_iter().map(|a| a.unwrap_or(0)).collect();
    let mut matrix = vec![0.0; n * n];
    let mut rhs = vec![0.0; n];
    loop {
        // Evaluate: v = P v + b on the component.
        matrix.iter_mut().for_each(|x| *x = 0.0);
        for k in 0..n {
            matrix[k * n + k] = 1.0;
            rhs[k] = 0.0;
            for &(t, p) in graph.outcomes(policy[k]) {
                match local.get(&t) {
                    Some(&j) => matrix[k * n + j] -= p,
                    None => rhs[k] += p * value[t as usize],
                }
            }
        }
        let x = solve_linear(n, &mut matrix, &mut rhs);
        for (k, &m) in members.iter().enumerate() {
            value[m as usize] = x[k].clamp(0.0, 1.0);
        }
        // Improve, only strictly.
        let mut improved = false;
        for (k, &m) in members.iter().enumerate() {
            let current = value[m as usize];
            let mut best = (policy[k], current);
            for a in graph.node_actions(m as usize) {
                let q = action_value(graph, a, value);
                if q > best.1 + EPSILON {
                    best = (a, q);
                }
            }
            if best.0 != policy[k] {
                policy[k] = best.0;
                improved = true;
            }
        }
        if !improved {
            break;
        }
    }
    for (k, &m) in members.iter().enumerate() {
        choice[m as usize] = policy[k] as u32;
    }
}

/// The most sweeps [`solve_component_iteratively`] makes (none needed
/// more than a few thousand in the sample of issue 31).
const MAX_SWEEPS: usize = 1_000_000;

/// Solves one strongly connected component too large for dense linear
/// systems (memory `n²`), every position outside it being solved already:
/// value iteration in place (Gauss–Seidel) from 0, which rises to the least
/// fixed point of the Bellman equations (the optimal chances of winning),
/// until a whole sweep changes no value (to the last bit, or by at most
/// 1e-17 after many sweeps: rounding). Memory is linear in the component.
fn solve_component_iteratively(
    graph: &Graph,
    members: &[u32],
    value: &mut [f64],
    choice: &mut [u32],
) {
    for &m in members {
        value[m as usize] = 0.0;
        choice[m as usize] = graph.action_start[m as usize];
    }
    for sweep in 0..MAX_SWEEPS {
        let mut change = 0.0f64;
        for &m in members {
            let m = m as usize;
            let mut best = (choice[m], value[m]);
            for a in graph.node_actions(m) {
                let q = action_value(graph, a, value).min(1.0);
                if q > best.1 {
                    best = (a as u32, q);
                }
            }
            change = change.max(best.1 - value[m]);
            value[m] = best.1;
            choice[m] = best.0;
        }
        if change == 0.0 || (sweep > 1_000 && change <= 1e-17) {
            break;
        }
    }
}

/// Every position's value and chosen action (an index into the actions).
/// A component with cycles of more than `component_limit` positions is
/// solved by value iteration ([`solve_component_iteratively`]) rather than
/// dense linear systems (`n²` memory and `n³` time: 47 GB for a component
/// of 76,800 positions). Always `Some` (kept for the callers' shape).
fn solve_graph(graph: &Graph, component_limit: usize) -> Option<(Vec<f64>, Vec<u32>)> {
    let n = graph.nodes.len();
    let mut value = vec![0.0; n];
    let mut choice = vec![u32::MAX; n];
    for component in components(graph) {
        let single = component.len() == 1 && {
            let m = component[0] as usize;
            !graph
                .node_actions(m)
                .any(|a| graph.outcomes(a).iter().any(|&(t, _)| t as usize == m))
        };
        if single {
            let m = component[0] as usize;
            match graph.kind[m] {
                Kind::Won => value[m] = 1.0,
                Kind::Lost => value[m] = 0.0,
                Kind::Open => {
                    let mut best = (u32::MAX, -1.0);
                    for a in graph.node_actions(m) {
                        let q = action_value(graph, a, &value);
                        if q > best.1 + EPSILON {
                            best = (a as u32, q);
                        }
                    }
                    value[m] = best.1.clamp(0.0, 1.0);
                    choice[m] = best.0;
                }
            }
        } else if component.len() > component_limit {
            solve_component_iteratively(graph, &component, &mut value, &mut choice);
        } else {
            solve_component(graph, &component, &mut value, &mut choice);
        }
    }
    Some((value, choice))
}

/// The position of `state` as the player knows it: states with equal
/// positions get the same answers from a fresh solver.
pub(super) fn known_position(state: &State) -> impl Eq {
    root(state).0
}

/// The root position of `state`, and the pips of all its die cards.
fn root(state: &State) -> (Node, Pips) {
    let deck = pips_of(&state.die_deck);
    let discard = pips_of(&state.die_discard);
    let full = std::array::from_fn(|f| deck[f] + discard[f]);
    let choice = match state.phase {
        Phase::AirStrike { actor, target } => state.row.find(target).map(|t| (actor, t as u8)),
        _ => None,
    };
    let node = Node {
        row: state.row,
        poison: state.poison,
        deck,
        choice,
    };
    (node, full)
}

// ------------------------------------------------------------- bounds ----

/// How many cards one activation of `card`'s own effect can kill at most.
/// The Poisoner's kill lands on the next activation but is counted here, on
/// the Poisoner's; the Copycat is counted by what it can copy.
fn kills(card: Killer) -> u32 {
    match card {
        Killer::Medic | Killer::Bugler | Killer::ConMan | Killer::Copycat => 0,
        Killer::Poisoner
        | Killer::Swordsman
        | Killer::Executioner
        | Killer::Sniper
        | Killer::Assassin
        | Killer::Knight
        | Killer::Grenadier => 1,
        Killer::Gunslinger
        | Killer::SentryGun
        | Killer::Tank
        | Killer::Hangman
        | Killer::AirStrike => 2,
        Killer::Arsonist | Killer::MadBomber => 3,
    }
}

/// Whether a card of `row` can be made active again: only the Medic and the
/// Bugler revive (the Copycat only by copying one of them, which must then
/// be active), and only active cards act.
#[cfg(test)]
fn revival_possible(row: &Row) -> bool {
    row.slots()
        .any(|s| s.active && matches!(s.card, Killer::Medic | Killer::Bugler))
}

/// Whether revivals can go around a cycle with no die draw: the Medic and
/// the Bugler both alive (each can make the other active again).
fn revival_cycles_possible(row: &Row) -> bool {
    row.find(Killer::Medic).is_some() && row.find(Killer::Bugler).is_some()
}

/// The largest graph the graph method enumerates before the search tries,
/// on a position with revival cycles ([`revival_cycles_possible`]): a few
/// milliseconds of work when it fails.
const EARLY_GRAPH_LIMIT: usize = 20_000;

/// How many positions the sure-win rounds may expand in one call on a
/// position of more than [`LEVEL_CARDS`] cards with revival cycles.
const SURE_CAP: usize = 1_000_000;

/// How many positions the search may expand on a position with revival
/// cycles before the exact method of revival levels takes over.
const SEARCH_FIRST: usize = 100_000;

/// An upper bound on how many cards can still die from `node` within
/// `moves` more activations (`u32::MAX`: any number).
///
/// Without revival every active card acts at most once and an inactive
/// card never acts again, so the bound is the sum of the best `moves`
/// activations of the active cards (a Copycat at most as much as the best
/// other active card, the only ones it can copy). With revival, any living
/// card may act, each activation killing at most as much as the best
/// living card. A pending poison adds one kill.
#[cfg(test)]
fn kill_bound(node: &Node, moves: u32) -> u32 {
    let row = &node.row;
    let poison = u32::from(node.poison);
    if node.choice.is_some() {
        return u32::MAX;
    }
    if moves == u32::MAX {
        return certain_kill_bound(node);
    }
    let copy_value = |active_only: bool| {
        row.slots()
            .filter(|s| s.card != Killer::Copycat && (s.active || !active_only))
            .map(|s| kills(s.card))
            .max()
            .unwrap_or(0)
    };
    if revival_possible(row) {
        let best = row
            .slots()
            .map(|s| {
                if s.card == Killer::Copycat {
                    copy_value(false)
                } else {
                    kills(s.card)
                }
            })
            .max()
            .unwrap_or(0);
        return moves.saturating_mul(best).saturating_add(poison);
    }
    let mut each = [0u32; MAX_ROW];
    let mut count = 0;
    for s in row.slots().filter(|s| s.active) {
        each[count] = if s.card == Killer::Copycat {
            copy_value(true)
        } else {
            kills(s.card)
        };
        count += 1;
    }
    let each = &mut each[..count];
    each.sort_by(|a, b| b.cmp(a));
    let moves = usize::try_from(moves).unwrap_or(usize::MAX).min(count);
    each[..moves].iter().sum::<u32>() + poison
}

/// How many **active** cards one activation of `card`'s own effect must
/// kill: the Swordsman's, Sentry Gun's and Knight's target, the
/// Gunslinger's two.
fn active_victims(card: Killer) -> u32 {
    match card {
        Killer::Swordsman | Killer::SentryGun | Killer::Knight => 1,
        Killer::Gunslinger => 2,
        _ => 0,
    }
}

/// [`kill_bound`] with no limit on the activations (`u32::MAX`: any
/// number).
///
/// Revivals. With both a Medic and a Bugler alive they may revive each
/// other without end: no bound. With only one of them (the reviver), it
/// cannot be revived (only they revive, and the Copycat copies only an
/// active card, so not one to be revived), so it acts at most once: one
/// revival for the Medic, two for the Bugler, and as many again by a
/// Copycat copying it, if the Copycat is active now (one revived later
/// finds the reviver inactive). Without an active reviver, none.
///
/// Every activation is then that of a card active now (each at most once:
/// acting makes it inactive) or of a revived card (one per revival), and
/// the revivals cost the reviver's activations (the Copycat's, when it
/// copies the reviver, is then not a kill). A card killed while active never
/// acts afterwards; the Swordsman, Sentry Gun, Knight and Gunslinger must
/// each kill one or two active cards other than the acting card (a Copycat
/// copying them too). So with `r` revivals, the killing activations plus the
/// active cards they kill plus the reviving activations are at most the
/// cards active now plus `r`. The bound is the most kills such a set of
/// activations can have (a small knapsack, for each `r`): each card active
/// now with its own kills (a Copycat one of the cards it may copy: the
/// active ones, or any living card with revivals), each revived card as one
/// of the living cards, plus a pending poison. A card also kills nothing in
/// a row too short for its condition (rows never grow): the Sniper below 5
/// cards, the Sentry Gun, Tank and Gunslinger below 3.
#[cfg(test)]
fn certain_kill_bound(node: &Node) -> u32 {
    if node.choice.is_some() {
        return u32::MAX;
    }
    let (alive, active) = card_sets(&node.row);
    set_kill_bound(alive, active, node.row.len()).saturating_add(u32::from(node.poison))
}

/// The living and the active cards of `row` as sets (bit `i`: the card of
/// index `i`; each card is once at most).
fn card_sets(row: &Row) -> (u32, u32) {
    let (mut alive, mut active) = (0u32, 0u32);
    for &cell in &row.cells[..row.len()] {
        let b = 1u32 << (cell & CARD_BITS);
        alive |= b;
        if cell & ACTIVE_BIT != 0 {
            active |= b;
        }
    }
    (alive, active)
}

/// [`certain_kill_bound`] without the poison: it depends only on the sets
/// of living and active cards and on the row's length (not on the order),
/// so the solver keeps it in a small cache ([`KillBounds`]).
fn set_kill_bound(alive: u32, active: u32, len: usize) -> u32 {
    const fn bit(card: Killer) -> u32 {
        1 << card as u32
    }
    let (medic, bugler, copycat) = (
        bit(Killer::Medic),
        bit(Killer::Bugler),
        bit(Killer::Copycat),
    );
    // Revivals per reviving activation, and how many such activations.
    let (per_revival, revivers) = if active & (medic | bugler) != 0 {
        if alive & medic != 0 && alive & bugler != 0 {
            return u32::MAX;
        }
        let per_revival = if alive & medic != 0 { 1 } else { 2 };
        (per_revival, 1 + u32::from(active & copycat != 0))
    } else {
        (1, 0)
    };
    let option = |card: u32| -> (u8, usize) {
        let card = Killer::ALL[card as usize];
        let short = match card {
            Killer::Sniper => len < 5,
            Killer::SentryGun | Killer::Tank | Killer::Gunslinger => len < 3,
            _ => false,
        };
        let k = if short { 0 } else { kills(card) as u8 };
        (k, 1 + active_victims(card) as usize)
    };
    // A Copycat's options copying one of `sources`: the best for each cost.
    let copies = |mut sources: u32| {
        let mut options = [(0u8, 1usize), (0, 2), (0, 3)];
        while sources != 0 {
            let (k, cost) = option(sources.trailing_zeros());
            sources &= sources - 1;
            options[cost - 1].0 = options[cost - 1].0.max(k);
        }
        options
    };
    let n_active = active.count_ones() as usize;
    let revivals = per_revival * revivers;
    // The best kills within each capacity, up to the largest needed.
    let top = n_active + revivals as usize;
    let mut best = [0u8; 2 * MAX_ROW];
    let add = |best: &mut [u8; 2 * MAX_ROW], options: &[(u8, usize)]| {
        for c in (1..=top).rev() {
            for &(k, cost) in options {
                if k > 0 && cost <= c {
                    best[c] = best[c].max(best[c - cost] + k);
                }
            }
        }
    };
    let mut cards = active & !copycat;
    while cards != 0 {
        let card = cards.trailing_zeros();
        cards &= cards - 1;
        add(&mut best, &[option(card)]);
    }
    if revivals == 0 {
        if active & copycat != 0 {
            add(&mut best, &copies(active & !copycat));
        }
        return u32::from(best[n_active]);
    }
    // With `r` revivals: `r` revived cards, each any living card (the
    // options of a Copycat revived are among them), and
    // `ceil(r / per_revival)` reviving activations; past the reviver's own,
    // the Copycat revives too and so kills nothing itself.
    let living = copies(alive & !copycat);
    let mut killing = best;
    if active & copycat != 0 {
        add(&mut killing, &living);
    }
    let mut reviving = best;
    let mut most = 0;
    for r in 0..=revivals {
        let acts = r.div_ceil(per_revival);
        if r > 0 {
            add(&mut killing, &living);
            add(&mut reviving, &living);
        }
        let table = if acts > 1 { &reviving } else { &killing };
        most = most.max(table[n_active + r as usize - acts as usize]);
    }
    u32::from(most)
}

/// Whether `node` cannot be won within `moves` more activations: fewer
/// cards can die than must (all but one).
#[cfg(test)]
fn hopeless(node: &Node, moves: u32) -> bool {
    if node.choice.is_some() && moves != CERTAIN {
        return false;
    }
    hopeless_by(node, &|n| kill_bound(n, moves))
}

/// [`hopeless`] with `bound` giving the kills possible from a position with
/// no choice pending. An Air Strike's choice is hopeless if both its
/// outcomes are.
fn hopeless_by(node: &Node, bound: &impl Fn(&Node) -> u32) -> bool {
    if let Some((actor, t)) = node.choice {
        let t = usize::from(t);
        let sides = [
            t.checked_sub(1),
            Some(t + 1).filter(|&n| n < node.row.len()),
        ];
        return sides.into_iter().flatten().all(|n| {
            let mut row = node.row;
            air_strike_kill(&mut row, t, n);
            finish(&mut row, actor, node.poison);
            let next = Node {
                row,
                poison: false,
                deck: node.deck,
                choice: None,
            };
            row.len() != 1 && hopeless_by(&next, bound)
        });
    }
    let need = node.row.len().saturating_sub(1) as u32;
    bound(node) < need
}

/// A cache of [`set_kill_bound`] by the sets of living and active cards and
/// the row's length class: swaps and revivals make many positions with the
/// same sets, and the bound is asked of every successor. Direct-mapped: a
/// slot holds one key and its bound, and a new key takes the slot.
struct KillBounds(Box<[std::cell::Cell<u64>]>);

impl KillBounds {
    const SLOTS: usize = 1 << 15;

    fn new() -> KillBounds {
        KillBounds((0..Self::SLOTS).map(|_| std::cell::Cell::new(0)).collect())
    }

    /// [`certain_kill_bound`] of `node` (no choice pending).
    fn of(&self, node: &Node) -> u32 {
        let len = node.row.len();
        let (alive, active) = card_sets(&node.row);
        // Only the Sniper's (5) and the Sentry Gun's, Tank's and
        // Gunslinger's (3) thresholds read the length.
        let class: u64 = match len {
            0..3 => 0,
            3..5 => 1,
            _ => 2,
        };
        let key = (u64::from(alive) | u64::from(active) << 18 | class << 36) + 1;
        let slot = &self.0[(key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 49) as usize];
        let entry = slot.get();
        let bound = if entry >> 8 == key {
            (entry & 0xff) as u32
        } else {
            // Bounds are far below 255; 255 stands for "any number".
            let bound = set_kill_bound(alive, active, len).min(255);
            slot.set(key << 8 | u64::from(bound));
            bound
        };
        if bound == 255 {
            u32::MAX
        } else {
            bound + u32::from(node.poison)
        }
    }
}

// ------------------------------------------------------------- search ----

/// The search ran out of its budget or met a cycle it cannot value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsolved;

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the position is too large to solve within the solver's budget")
    }
}

/// A fast hash for the solver's tables (the keys are small and not chosen
/// by an adversary).
#[derive(Default, Clone, Copy)]
struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        // Mixes the high bits into the low ones, which pick the bucket.
        let mut x = self.0;
        x ^= x >> 32;
        x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
        x ^ (x >> 32)
    }
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Fast = std::hash::BuildHasherDefault<FxHasher>;
type Map<K, V> = HashMap<K, V, Fast>;

/// What the exact search knows of a position's value: exact, or an upper
/// bound. One `f64` (a bound `b` is kept as `-1 - b`), so that a table
/// entry is 32 bytes: the tables are large and each look-up is a cache miss.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Known(f64);

impl Known {
    fn exact(v: f64) -> Known {
        Known(v)
    }

    fn upper(bound: f64) -> Known {
        Known(-1.0 - bound)
    }

    /// The value or bound, and whether it is exact.
    fn read(self) -> (f64, bool) {
        if self.0 >= 0.0 {
            (self.0, true)
        } else {
            (-1.0 - self.0, false)
        }
    }
}

/// A refutation that holds at any depth.
const CERTAIN: u32 = u32::MAX;

/// A value this close to 1 is 1: exact values are fractions whose
/// denominators are products of die deck sizes, far from 1e-12 in practice.
const SURE: f64 = 1.0 - 1e-12;

/// The longest search path (revivals and swaps can make long lines without
/// repeating a position): deeper, the sure-win search proves nothing and the
/// exact search gives up, rather than overflow the stack.
const MAX_DEPTH: u32 = 200;

/// "No edge to a position on the path": the low-link of a clean result.
const CLEAN: u32 = u32::MAX;

/// The waste limits of the sure-win search's rounds (iterative deepening,
/// see [`Solver::sure`]; why these, in the module doc).
const SURE_WASTE: [u32; 6] = [0, 1, 2, 4, 8, MAX_DEPTH];

/// How many positions one call may expand, by default.
pub const DEFAULT_BUDGET: usize = 3_000_000;

/// The most positions the graph method may enumerate: about 230 MB at the
/// peak natively (measured on a graph of 2 million positions: 460 MB).
const GRAPH_LIMIT: usize = 1_000_000;

/// The largest component with cycles the graph method solves within a
/// budget: its dense linear system takes 8 MB and about 0.4 billion
/// operations a round of policy iteration (the largest met in the sample
/// has 428 positions; the graph of one sample position holds one of 76,800,
/// which would need 47 GB).
const COMPONENT_LIMIT: usize = 1_024;

/// Past this many remembered positions the tables are emptied (they are
/// caches): 32 to 40 bytes each plus the hash tables' slack, so at most
/// about 140 MB at the peak of a table's growth.
const TABLE_LIMIT: usize = 1_500_000;

/// The solver of one game, keeping what it learned between calls: solving
/// every position of a game in turn reuses the values found before. The die
/// cards of a game are fixed, so one solver serves every position of it (a
/// position of another deal resets the tables).
///
/// A depth-first search with memory. A position is done as soon as one of
/// its actions wins surely (nothing beats 1), and an action is dropped as
/// soon as even winning all its outcomes not yet counted would not beat the
/// best one so far; this spares most of the graph. Actions are tried most
/// promising first (fewest cards left on average). A position from which
/// fewer cards can still die than must ([`kill_bound`]) is lost at once.
///
/// Cycles. Meeting a position that is still on the search path closes a
/// cycle. If the cycle holds no chance step (every action on it has one
/// outcome), going around it only comes back to the same position, so that
/// edge is counted as 0 (a loss): for max-reachability there is an optimal
/// memoryless policy, and if it went around such a cycle it would loop
/// forever and the position's value would be 0 anyway. The values computed
/// below such an edge depend on the path (they are values of the game in
/// which the positions on the path may not be revisited), so a position is
/// remembered only if no such edge below it reaches above it (Tarjan's
/// low-link); the position at the top of the cycle gets its true value. A
/// cycle with a chance step (retrying a random card after revivals) can
/// raise the value above every acyclic line: the search then gives up and
/// the graph method above is used; on a position of more than
/// [`LEVEL_CARDS`] cards with revival cycles, first a second search that
/// values every position of a revival level by its level (exact whatever
/// the path: deal 451's fresh deal meets such a cycle in three cards).
///
/// Sure wins first. Before computing values, a cheaper search asks only
/// "can this position be won with certainty?" ([`Solver::sure`]): a
/// position is a sure win if some action has every outcome a sure win. Its
/// proofs are finite trees of actions, so they never go around a cycle (an
/// edge back to the path counts as "not proved") and are exact; positions
/// proved sure wins have value 1 in the exact search. It deepens by the
/// number of wasted steps allowed on a line (steps that kill nothing:
/// swaps, revivals, misses), since kills alone make short lines while swaps
/// and revivals make the huge graphs (seed 97: over 5 million positions).
/// It remembers for each position the waste it failed with, so that a
/// later round only looks again where more waste could help, and a failure
/// that no limit and no edge back to the path caused is certain. A
/// position that cannot lose enough cards ([`hopeless`]) fails at once. A
/// wrong "no" (one that depended on the path or the round) only costs a
/// missed proof: the exact search then decides.
///
/// Reuse. Exact values, upper bounds and proofs never depend on the path
/// (only clean results are remembered), so they hold for every later call
/// on the same deal; a "no" of the proof search is remembered with the
/// waste it failed with.
pub struct Solver {
    full: Pips,
    /// Exact values of positions, or upper bounds, never path-dependent
    /// ones; a proved sure win is exactly 1.
    known: Map<Key, Known>,
    /// Positions with no sure-win proof within the remembered depth, and
    /// the round of the sure-win search that found it.
    refuted: Map<Key, (u32, u32)>,
    /// The current round of the sure-win search.
    round: u32,
    /// The positions on the search path and their depth.
    path: Map<Key, u32>,
    /// The number of chance steps from the root to each depth of the path.
    chances: Vec<u32>,
    /// How many positions each call may expand.
    budget: usize,
    /// The most positions the graph method may enumerate in a call.
    graph_limit: usize,
    /// The largest component with cycles the graph method may solve.
    component_limit: usize,
    /// How many the current call may still expand.
    left: usize,
    moves: Vec<Move>,
    /// Successor lists to reuse, one per depth of the search in progress.
    pool: Vec<Vec<Vec<(Node, f64)>>>,
    /// The keys and bounds of an action's outcomes, to reuse likewise.
    scratch: Vec<(Vec<Key>, Vec<f64>, Vec<bool>)>,
    /// Action orders to reuse likewise.
    orders: Vec<Vec<(f64, usize)>>,
    kill_bounds: KillBounds,
    /// Positions whose reachable graph the graph method could not solve,
    /// and the largest graph it enumerated for each: it is not tried again
    /// there within that limit.
    graph_failed: Map<Key, usize>,
    /// The revival levels solved, by their living cards.
    levels: Map<u32, Level>,
    /// Whether a position with revival cycles and more than
    /// [`LEVEL_CARDS`] cards tries the graph method up to `graph_limit`
    /// before the search (no budget: [`Solver::finishing`]).
    graph_first: bool,
    /// Whether the last call ran out of its budget while building a revival
    /// level: a level is dropped when cut, so more calls with the same
    /// budget do not carry it further ([`Solver::needs_finishing`]).
    level_cut: bool,
    /// Whether the search values a position of a revival level by its
    /// level ([`Solver::level_value`]) instead of searching it: set for a
    /// second search when the first met a cycle with a chance step.
    level_search: bool,
    /// Whether the search met a cycle with a chance step (and gave up).
    chance_cycle: bool,
}

impl Solver {
    /// A solver for the game of `state` (its die cards), with the default
    /// budget.
    pub fn new(state: &State) -> Solver {
        Solver::with_budget(state, DEFAULT_BUDGET)
    }

    /// A solver that expands at most `budget` positions per call before
    /// answering [`Unsolved`].
    pub fn with_budget(state: &State, budget: usize) -> Solver {
        let (_, full) = root(state);
        Solver {
            full,
            known: Map::default(),
            refuted: Map::default(),
            round: 0,
            path: Map::default(),
            chances: Vec::new(),
            budget,
            graph_limit: if budget == usize::MAX {
                usize::MAX
            } else {
                GRAPH_LIMIT.min(budget)
            },
            component_limit: COMPONENT_LIMIT,
            left: budget,
            moves: Vec::new(),
            pool: Vec::new(),
            scratch: Vec::new(),
            orders: Vec::new(),
            kill_bounds: KillBounds::new(),
            graph_failed: Map::default(),
            levels: Map::default(),
            graph_first: false,
            level_cut: false,
            level_search: false,
            chance_cycle: false,
        }
    }

    /// A solver with no budget: the last resort of
    /// [`super::advice::persist`]. A position of at most [`LEVEL_CARDS`]
    /// cards with revival cycles (the Medic and the Bugler alive) is
    /// answered by the exact method of revival levels after a short search
    /// ([`SEARCH_FIRST`]), which terminates; any position without them by
    /// the search, which terminates there (no position repeats). A larger
    /// position with revival cycles tries the graph method (up to
    /// `GRAPH_LIMIT` positions) before a search with no budget, which
    /// terminates but may take long (none is known in play: fresh deals
    /// and positions of eight cards or more are answered by the search
    /// within its budget, deal 1117's fresh deal in about a second; deal
    /// 451's, whose search meets a cycle with a chance step in three
    /// cards, by the search that values revival levels by their levels, in
    /// about 12 s at 228 MB, its sure-win rounds capped by [`SURE_CAP`]).
    pub fn finishing(state: &State) -> Solver {
        let mut solver = Solver::with_budget(state, usize::MAX - 1);
        solver.finish();
        solver
    }

    /// Lifts this solver's budget (see [`Solver::finishing`]), keeping
    /// what it learned.
    pub fn finish(&mut self) {
        self.budget = usize::MAX - 1;
        self.graph_limit = GRAPH_LIMIT;
        self.graph_first = true;
    }

    /// Whether the last call ran out of its budget building a revival level
    /// (which is then dropped): only a call with no budget
    /// ([`Solver::finish`]) carries such work further.
    pub fn needs_finishing(&self) -> bool {
        self.level_cut
    }

    /// [`hopeless`] with no limit on the activations, by the cache.
    fn hopeless(&self, node: &Node) -> bool {
        hopeless_by(node, &|n| self.kill_bounds.of(n))
    }

    /// How many positions the tables remember.
    pub fn remembered(&self) -> usize {
        self.known.len() + self.refuted.len()
    }

    /// Starts a call on `state`: its root position, with the tables reset
    /// if it belongs to another deal or they grew too large.
    fn start(&mut self, state: &State) -> Node {
        let (node, full) = root(state);
        if full != self.full {
            self.full = full;
            self.forget();
        }
        if self.remembered() > TABLE_LIMIT {
            self.forget();
        }
        self.path.clear();
        self.chances.clear();
        self.left = self.budget;
        self.level_cut = false;
        node
    }

    fn forget(&mut self) {
        self.known = Map::default();
        self.refuted = Map::default();
        self.graph_failed = Map::default();
        self.levels = Map::default();
    }

    /// Keeps memory bounded during a long call: the refutations go first
    /// (they only save time), then the values.
    fn trim(&mut self) {
        if self.remembered() > TABLE_LIMIT {
            self.refuted = Map::default();
            if self.remembered() > TABLE_LIMIT {
                self.known = Map::default();
            }
        }
    }

    /// Spends one expansion of the budget; `false` when none is left.
    fn spend(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        if self.left.is_multiple_of(65_536) {
            self.trim();
        }
        true
    }

    /// The exact probability of winning from `state` with best play, and an
    /// action that achieves it (never undo: undo only returns to a position
    /// whose value is already counted); [`Unsolved`] if the budget ran out.
    pub fn solve(&mut self, state: &State) -> Result<Solution, Unsolved> {
        let over = |win| Solution {
            win,
            best: None,
            positions: 0,
        };
        match state.phase {
            Phase::Won => return Ok(over(1.0)),
            Phase::Lost => return Ok(over(0.0)),
            _ => {}
        }
        let node = self.start(state);
        let budget = self.left;
        let (win, best, graph) = self.solve_node(&node)?;
        Ok(Solution {
            win,
            best,
            positions: budget - self.left + graph,
        })
    }

    /// The value of `node` and an action achieving it, and how many
    /// positions the graph method enumerated, if it was used: the sure-win
    /// rounds, then the exact search, then (on a cycle with a chance step)
    /// the graph method.
    fn solve_node(&mut self, node: &Node) -> Result<(f64, Option<Action>, usize), Unsolved> {
        match kind_of(node) {
            Kind::Won => return Ok((1.0, None, 0)),
            Kind::Lost => return Ok((0.0, None, 0)),
            Kind::Open => {}
        }
        let k = key(node);
        if self.hopeless(node) {
            return Ok((0.0, action_at(node, 0), 0));
        }
        // Revival cycles with no die draw (the Medic and the Bugler alive
        // together) can make the search's work grow exponentially on a
        // small graph: the graph method first, if the graph is small; the
        // search then gets a smaller budget, and the exact method of
        // revival levels ([`Solver::exact_root`]) finishes.
        let cycles = revival_cycles_possible(&node.row);
        let levels = cycles && node.row.len() <= LEVEL_CARDS;
        if cycles {
            let limit = if self.graph_first && !levels {
                self.graph_limit
            } else {
                EARLY_GRAPH_LIMIT
            };
            if let Some(found) = self.by_graph(node, k, limit) {
                return Ok(found);
            }
        }
        let reserve = if levels {
            self.left - self.left.min(SEARCH_FIRST)
        } else {
            0
        };
        self.left -= reserve;
        self.chance_cycle = false;
        let searched = self.search(node, k);
        self.left += reserve;
        if let Some(found) = searched {
            return Ok(found);
        }
        if levels {
            return self.exact_root(node).map(|(v, a)| (v, a, 0));
        }
        // A larger position whose search met a cycle with a chance step:
        // every such cycle goes through positions of revival levels (it
        // needs revivals, so the Medic and the Bugler alive, and one of
        // them active). The search again, with the positions of levels of
        // at most [`LEVEL_CARDS`] cards valued by their levels, exactly
        // and whatever the path (deal 451's fresh deal meets such a cycle
        // in three cards); a cycle with a chance step in more cards still
        // stops it (none is known in play).
        if cycles && self.chance_cycle && self.left > 0 {
            self.level_search = true;
            self.chance_cycle = false;
            let searched = self.search(node, k);
            self.level_search = false;
            if let Some(found) = searched {
                return Ok(found);
            }
        }
        // Out of budget: the graph method, if the graph is small enough.
        self.by_graph(node, k, self.graph_limit).ok_or(Unsolved)
    }

    /// The sure-win rounds, then the exact search, on `node` (whose key is
    /// `k`): `None` if the budget ran out or the search met a cycle with a
    /// chance step.
    fn search(&mut self, node: &Node, k: Key) -> Option<(f64, Option<Action>, usize)> {
        // On a large position with revival cycles the later rounds can
        // cover much of a huge graph (deal 451's fresh deal: 4.6 million
        // expansions for the round of waste 4, over 20 million for the
        // round of 8, more than the tables keep): they get at most
        // [`SURE_CAP`] expansions, the exact search the rest.
        let cap = if revival_cycles_possible(&node.row) && node.row.len() > LEVEL_CARDS {
            SURE_CAP
        } else {
            usize::MAX
        };
        let reserve = self.left - self.left.min(cap);
        self.left -= reserve;
        for waste in SURE_WASTE {
            self.round += 1;
            if let Some(action) = self.sure(node, waste, 0, true) {
                self.left += reserve;
                return Some((1.0, action_at(node, action), 0));
            }
            let certain = self.refuted.get(&k).is_some_and(|&(_, r)| r == CERTAIN);
            if self.left == 0 || certain {
                break;
            }
        }
        self.left += reserve;
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        self.path.clear();
        self.chances.clear();
        self.path.insert(k, 0);
        self.chances.push(0);
        let best = self.best(&actions, 0, -1.0);
        self.path.clear();
        self.chances.clear();
        best.map(|(win, best, _, _)| (win.max(0.0), action_at(node, best), 0))
    }

    /// The value of `node` (whose key is `k`) and an action achieving it by
    /// the graph method, if its reachable graph has fewer than `limit`
    /// positions and no component with cycles over the solver's limit; the
    /// exact values of the whole graph are remembered. A failure is
    /// remembered too, so that it is not tried again within that limit.
    fn by_graph(
        &mut self,
        node: &Node,
        k: Key,
        limit: usize,
    ) -> Option<(f64, Option<Action>, usize)> {
        if self
            .graph_failed
            .get(&k)
            .is_some_and(|&tried| tried >= limit)
        {
            return None;
        }
        let graph = explore(*node, self.full, limit);
        let solved = if graph.nodes.len() >= limit {
            None
        } else {
            solve_graph(&graph, self.component_limit)
        };
        let Some((value, choice)) = solved else {
            self.graph_failed.insert(k, limit);
            return None;
        };
        for (i, n) in graph.nodes.iter().enumerate() {
            if graph.kind[i] == Kind::Open {
                self.known.insert(key(n), Known::exact(value[i]));
            }
        }
        let a = choice[0] as usize;
        let first = graph.action_start[0] as usize;
        let best = if a >= first && a < graph.action_start[1] as usize {
            action_at(node, a - first)
        } else {
            None
        };
        Some((value[0], best, graph.nodes.len()))
    }

    /// The exact winning probability of one action of `state` (an
    /// activation or an Air Strike choice; `None` if it is not legal, or
    /// undo): much cheaper than [`Solver::action_values`] when only the
    /// action played is wanted (a game's review).
    pub fn action_value(&mut self, state: &State, action: Action) -> Result<Option<f64>, Unsolved> {
        match (state.phase, action) {
            (Phase::AirStrike { .. }, Action::AlsoKill(card)) => {
                let mut next = state.clone();
                if crate::game::Game::apply(&mut next, Action::AlsoKill(card)).is_err() {
                    return Ok(None);
                }
                Ok(Some(self.solve(&next)?.win))
            }
            (Phase::Activate, Action::Activate { .. }) => {
                let node = self.start(state);
                let mut moves = Vec::new();
                legal_moves(&node.row, &mut moves);
                let Some(index) = moves.iter().position(|mv| mv.action() == action) else {
                    return Ok(None);
                };
                let mut actions = Vec::new();
                expand(&node, self.full, &mut self.moves, &mut actions);
                let mut v = 0.0;
                for (next, p) in &actions[index] {
                    v += p * self.solve_node(next)?.0;
                }
                Ok(Some(v.clamp(0.0, 1.0)))
            }
            _ => Ok(None),
        }
    }

    /// The exact winning probability of every legal action of `state` (undo
    /// excluded), best first; [`Unsolved`] if the budget ran out.
    pub fn action_values(&mut self, state: &State) -> Result<Vec<(Action, f64)>, Unsolved> {
        let mut out: Vec<(Action, f64)> = Vec::new();
        match state.phase {
            Phase::Won | Phase::Lost => return Ok(out),
            Phase::AirStrike { .. } => {
                for card in state.air_strike_options() {
                    let mut next = state.clone();
                    if crate::game::Game::apply(&mut next, Action::AlsoKill(card)).is_ok() {
                        out.push((Action::AlsoKill(card), self.solve(&next)?.win));
                    }
                }
            }
            Phase::Activate => {
                let node = self.start(state);
                let mut actions = Vec::new();
                expand(&node, self.full, &mut self.moves, &mut actions);
                let mut moves = Vec::new();
                legal_moves(&node.row, &mut moves);
                let mut values = Vec::with_capacity(actions.len());
                for outcomes in &actions {
                    let mut v = 0.0;
                    for (next, p) in outcomes {
                        v += p * self.solve_node(next)?.0;
                    }
                    values.push(v.clamp(0.0, 1.0));
                }
                out = moves
                    .iter()
                    .zip(values)
                    .map(|(mv, v)| (mv.action(), v))
                    .collect();
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        Ok(out)
    }

    /// Which legal actions of `state` (undo excluded) keep a chance of
    /// winning of at least `threshold`, in legal order: each action is only
    /// asked whether it reaches the threshold (an upper bound below it
    /// settles "no"), far less work than its exact value
    /// ([`Solver::action_values`]); a threshold within 1e-6 of 1 asks for
    /// a sure win. [`Unsolved`] if the budget ran out.
    pub fn keeping(
        &mut self,
        state: &State,
        threshold: f64,
    ) -> Result<Vec<(Action, bool)>, Unsolved> {
        let mut out = Vec::new();
        match state.phase {
            Phase::Won | Phase::Lost => {}
            Phase::AirStrike { .. } => {
                for card in state.air_strike_options() {
                    let mut next = state.clone();
                    if crate::game::Game::apply(&mut next, Action::AlsoKill(card)).is_ok() {
                        let keeps = self.solve(&next)?.win >= threshold;
                        out.push((Action::AlsoKill(card), keeps));
                    }
                }
            }
            Phase::Activate => {
                let node = self.start(state);
                let k = key(&node);
                let mut actions = Vec::new();
                expand(&node, self.full, &mut self.moves, &mut actions);
                let mut moves = Vec::new();
                legal_moves(&node.row, &mut moves);
                for (mv, outcomes) in moves.iter().zip(&actions) {
                    self.path.clear();
                    self.chances.clear();
                    self.path.insert(k, 0);
                    self.chances.push(0);
                    // A threshold within 1e-6 of 1 asks for a sure win
                    // (callers count values within 1e-9 as equal): the
                    // sure-win search answers, as for a hint.
                    if threshold > 1.0 - 1e-6 {
                        if let Some(keeps) = self.surely_wins(outcomes) {
                            out.push((mv.action(), keeps));
                            continue;
                        }
                    }
                    // Values within `EPSILON` of the bound are dropped by
                    // the search: ask a little below the threshold.
                    let alpha = threshold - 2.0 * EPSILON;
                    let asked = self.best(std::slice::from_ref(outcomes), 0, alpha);
                    self.path.clear();
                    self.chances.clear();
                    let keeps = match asked {
                        Some((v, _, _, exact)) => exact && v > alpha && v >= threshold,
                        // Out of budget or a cycle with a chance step: the
                        // exact value (by the graph method if need be).
                        None => {
                            let mut v = 0.0;
                            for (next, p) in outcomes {
                                v += p * self.solve_node(next)?.0;
                            }
                            v >= threshold
                        }
                    };
                    out.push((mv.action(), keeps));
                }
            }
        }
        Ok(out)
    }

    /// Whether an action with these `outcomes` (from the root, on the path
    /// at depth 0) surely wins, by the sure-win search's rounds: `None` if
    /// no round settled it either way.
    fn surely_wins(&mut self, outcomes: &[(Node, f64)]) -> Option<bool> {
        for waste in SURE_WASTE {
            self.round += 1;
            let mut all = true;
            for (next, _) in outcomes {
                if self.certainly_not_sure(next) {
                    return Some(false);
                }
                if self.sure(next, waste, 1, false).is_none() {
                    all = false;
                    break;
                }
            }
            if all {
                return Some(true);
            }
            if self.left == 0 {
                return None;
            }
        }
        outcomes
            .iter()
            .any(|(next, _)| self.certainly_not_sure(next))
            .then_some(false)
    }

    /// Whether `node` is a sure win with proofs that waste at most `waste`
    /// steps on any line (a step wastes when it kills no card and sets no
    /// poison: a swap, a revival, a miss): the winning action's index if so.
    /// Kills are at most the row's length, so every line of such a proof is
    /// short; the rounds allow more and more waste. A "yes" never depends on
    /// the path. At the root (`top`) a remembered proof is not enough: the
    /// action is wanted.
    fn sure(&mut self, node: &Node, waste: u32, depth: u32, top: bool) -> Option<usize> {
        self.prove(node, waste, depth, top).0
    }

    /// [`Solver::sure`], with the shallowest path depth a "no"
    /// depended on ([`CLEAN`]: none) and whether a limit (waste, depth,
    /// budget) cut the search: a "no" with neither is certain.
    fn prove(
        &mut self,
        node: &Node,
        waste: u32,
        depth: u32,
        top: bool,
    ) -> (Option<usize>, u32, bool) {
        // Won now, or lost now (asked last, just before expanding: the
        // cheaper tests below settle most positions first).
        if won(node) {
            return (Some(0), CLEAN, false);
        }
        if self.hopeless(node) {
            return (None, CLEAN, false);
        }
        let k = key(node);
        match self.known.get(&k).map(|known| known.read()) {
            Some((v, true)) if v >= SURE && !top => return (Some(0), CLEAN, false),
            // A value below 1, exact or bounded: certainly no sure win.
            Some((v, _)) if v < SURE => return (None, CLEAN, false),
            _ => {}
        }
        if let Some(&(round, r)) = self.refuted.get(&k) {
            if r == CERTAIN {
                return (None, CLEAN, false);
            }
            if r >= waste || round == self.round {
                return (None, CLEAN, true);
            }
        }
        if let Some(&at) = self.path.get(&k) {
            return (None, at, false);
        }
        if depth >= MAX_DEPTH {
            return (None, CLEAN, true);
        }
        if stuck(node) {
            return (None, CLEAN, false);
        }
        if !self.spend() {
            return (None, CLEAN, true);
        }
        self.path.insert(k, depth);
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(node, self.full, &mut self.moves, &mut actions);
        // Random actions last: every one of their outcomes must be proved.
        let mut order = self.orders.pop().unwrap_or_default();
        promising(&actions, 1.0, &mut order);
        let len = node.row.len();
        let mut win = None;
        let mut low = CLEAN;
        let mut limited = false;
        for &(_, i) in &order {
            // A chance step fails at once if one outcome certainly is no
            // sure win, whatever the others.
            if actions[i].len() > 1
                && actions[i]
                    .iter()
                    .any(|(next, _)| self.certainly_not_sure(next))
            {
                continue;
            }
            let mut all = true;
            for (next, _) in &actions[i] {
                // A Poisoner's step kills later: not a waste.
                let poisoning = next.poison && !node.poison;
                let wasted = next.choice.is_none() && next.row.len() >= len && !poisoning;
                let (ok, l, lim) = if wasted && waste == 0 {
                    (None, CLEAN, true)
                } else {
                    self.prove(next, waste - u32::from(wasted), depth + 1, false)
                };
                low = low.min(l);
                limited |= lim;
                if ok.is_none() {
                    all = false;
                    break;
                }
            }
            if all {
                win = Some(i);
                break;
            }
        }
        self.path.remove(&k);
        self.pool.push(actions);
        self.orders.push(order);
        match win {
            Some(i) => {
                self.known.insert(k, Known::exact(1.0));
                (Some(i), CLEAN, false)
            }
            None => {
                if !limited && low >= depth {
                    self.refuted.insert(k, (0, CERTAIN));
                } else if self.left > 0 {
                    let entry = self.refuted.entry(k).or_insert((0, 0));
                    *entry = (self.round, entry.1.max(waste));
                }
                (None, low, limited)
            }
        }
    }

    /// Whether `node` is certainly not a sure win, by what is known of it
    /// without a search (a value below 1, a certain refutation, too few
    /// kills possible).
    fn certainly_not_sure(&self, node: &Node) -> bool {
        if node.choice.is_none() && node.row.len() == 1 {
            return false;
        }
        if self.hopeless(node) {
            return true;
        }
        let k = key(node);
        if let Some(known) = self.known.get(&k) {
            return known.read().0 < SURE;
        }
        self.refuted.get(&k).is_some_and(|&(_, r)| r == CERTAIN)
    }

    /// The value of `node` at `depth` on the path, reached after `chances`
    /// chance steps, and the shallowest path depth its value depends on.
    /// Only values above `alpha` are wanted: the result is exact (`true`)
    /// or, when the value is at most `alpha`, may be only an upper bound.
    fn value(
        &mut self,
        node: &Node,
        k: &Key,
        depth: u32,
        chances: u32,
        alpha: f64,
    ) -> Option<(f64, u32, bool)> {
        // Won now, or lost now (asked last, as in `prove`).
        if won(node) {
            return Some((1.0, CLEAN, true));
        }
        match self.known.get(k).map(|known| known.read()) {
            Some((v, true)) => return Some((v, CLEAN, true)),
            Some((bound, false)) if bound <= alpha => return Some((bound, CLEAN, false)),
            _ => {}
        }
        if self.level_search && in_a_level(node) {
            return self.level_value(node).map(|v| (v, CLEAN, true));
        }
        if let Some(&at) = self.path.get(k) {
            if chances > self.chances[at as usize] {
                self.chance_cycle = true;
                return None;
            }
            return Some((0.0, at, true));
        }
        if self.hopeless(node) || stuck(node) {
            return Some((0.0, CLEAN, true));
        }
        if depth >= MAX_DEPTH || !self.spend() {
            return None;
        }
        self.path.insert(*k, depth);
        self.chances.push(chances);
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(node, self.full, &mut self.moves, &mut actions);
        let best = self.best(&actions, depth, alpha);
        self.pool.push(actions);
        self.path.remove(k);
        self.chances.pop();
        let (v, _, low, exact) = best?;
        if low >= depth {
            let known = if exact {
                Known::exact(v)
            } else {
                Known::upper(v)
            };
            self.known.insert(*k, known);
        }
        Some((v, low, exact))
    }

    /// The exact value of the revival level position `node` by its level
    /// (built or extended if need be): `None` if the budget ran out or the
    /// level is too large.
    fn level_value(&mut self, node: &Node) -> Option<f64> {
        let slot = self.level_slot(node).ok()?;
        let cards = card_sets(&node.row).0;
        self.levels.get(&cards).map(|level| level.value[slot])
    }

    /// An upper bound on the value of `node` known without searching,
    /// whether it is the exact value, and the node's key. The hopeless test
    /// comes first: it is cached by card sets, cheaper than the key and a
    /// look-up in the large table.
    fn known_upper(&self, node: &Node) -> (f64, bool, Key) {
        // Won or hopeless: exact, and no key needed (a placeholder).
        let none = Key([0; 3]);
        if node.choice.is_none() && node.row.len() == 1 {
            return (1.0, true, none);
        }
        if self.hopeless(node) {
            return (0.0, true, none);
        }
        let k = key(node);
        match self.known.get(&k) {
            Some(known) => {
                let (v, exact) = known.read();
                (v, exact, k)
            }
            None => (1.0, false, k),
        }
    }

    /// The best of the `actions` of the position at `depth`, its index, and
    /// the low-link, and whether the value is exact. Only a value above
    /// `alpha` is wanted (`alpha < 0`: the exact value): when the best is at
    /// most `alpha` the result may be only an upper bound. Stops at a sure
    /// win.
    ///
    /// An action is dropped as soon as even its outcomes not yet counted at
    /// their upper bounds would not beat the best action so far (nor
    /// `alpha`), and each outcome is asked only for what could make a
    /// difference: the value it would need for its action to win, any
    /// lower value being only an upper bound.
    fn best(
        &mut self,
        actions: &[Vec<(Node, f64)>],
        depth: u32,
        alpha: f64,
    ) -> Option<(f64, usize, u32, bool)> {
        let here = self.chances.get(depth as usize).copied().unwrap_or(0);
        let mut best = (-1.0f64, 0);
        // The best upper bound of the dropped actions.
        let mut dropped = -1.0f64;
        let mut low = CLEAN;
        let (mut keys, mut bounds, mut exacts) = self.scratch.pop().unwrap_or_default();
        let mut order = self.orders.pop().unwrap_or_default();
        promising(actions, 0.0, &mut order);
        for &(_, i) in &order {
            let outcomes = &actions[i];
            let chances = here + u32::from(outcomes.len() > 1);
            let target = best.0.max(alpha);
            keys.clear();
            bounds.clear();
            exacts.clear();
            for (next, _) in outcomes {
                let (bound, exact, k) = self.known_upper(next);
                bounds.push(bound);
                exacts.push(exact);
                keys.push(k);
            }
            // The action's value so far (counted outcomes exactly or by an
            // upper bound) plus the upper bounds of the outcomes not yet
            // counted.
            let mut v = 0.0;
            let mut rest: f64 = outcomes.iter().zip(&bounds).map(|((_, p), b)| p * b).sum();
            let mut exact = true;
            if v + rest <= target + EPSILON {
                dropped = dropped.max(v + rest);
                continue;
            }
            // The likeliest outcomes first, then the misses (fewest kills):
            // the likeliest to refute the action soonest when it fails.
            let mut order: [u8; FACES] = [0, 1, 2, 3, 4, 5];
            let order = &mut order[..outcomes.len().min(FACES)];
            if outcomes.len() > 1 {
                order.sort_by(|&a, &b| {
                    let (a, b) = (&outcomes[usize::from(a)], &outcomes[usize::from(b)]);
                    b.1.total_cmp(&a.1).then(b.0.row.len().cmp(&a.0.row.len()))
                });
            }
            for &o in order.iter() {
                let o = usize::from(o);
                let ((next, p), bound, k) = (&outcomes[o], bounds[o], &keys[o]);
                if v + rest <= target + EPSILON {
                    exact = false;
                    break;
                }
                rest -= p * bound;
                if exacts[o] {
                    // Won, hopeless or remembered: no search.
                    v += p * bound;
                    continue;
                }
                // What this outcome must exceed for the action to beat the
                // target.
                let need = (target - v - rest) / p;
                let (w, l, known) = self.value(next, k, depth + 1, chances, need)?;
                low = low.min(l);
                v += p * w;
                if !known {
                    // At most `need`: the action cannot beat the target.
                    exact = false;
                    break;
                }
            }
            if !exact {
                dropped = dropped.max(v + rest);
                continue;
            }
            if v > best.0 + EPSILON || best.0 < 0.0 {
                best = (v, i);
            } else {
                dropped = dropped.max(v);
            }
            if best.0 >= SURE {
                break;
            }
        }
        self.scratch.push((keys, bounds, exacts));
        self.orders.push(order);
        // Every dropped action is at most the best or `alpha`: if the best
        // beats `alpha` it is the exact value, else the larger of the two
        // bounds is an upper bound.
        if best.0 > alpha {
            Some((best.0.clamp(0.0, 1.0), best.1, low, true))
        } else {
            let bound = best.0.max(dropped).clamp(0.0, 1.0);
            Some((bound, best.1, low, false))
        }
    }
}

// ------------------------------------------------------------- levels ----

/// A position of a revival level: the Medic and the Bugler alive, one of
/// them active, no poison pending and no Air Strike choice (see [`Level`]).
fn in_a_level(node: &Node) -> bool {
    node.choice.is_none() && !node.poison && level_row(&node.row, node.row.len())
}

/// Whether `row` is a row of a revival level of `n` cards: with both
/// revivers inactive no card can be made active again (the Copycat copies
/// only an active card), so no position repeats from there: such rows are
/// left to [`Solver::exact`], whose keys then forget the inactive cards'
/// identities.
fn level_row(row: &Row, n: usize) -> bool {
    let (alive, active) = card_sets(row);
    let revivers = 1 << Killer::Medic as u32 | 1 << Killer::Bugler as u32;
    row.len() == n
        && (2..=LEVEL_CARDS).contains(&n)
        && alive & revivers == revivers
        && active & revivers != 0
}

/// `row` read right to left (the same position mirrored: see [`reduce`]).
fn mirrored(row: &Row) -> Row {
    let mut m = *row;
    m.cells[..row.len()].reverse();
    m
}

/// The orientation of `row` a level holds: the smaller of the two.
fn canonical(row: &Row) -> Row {
    let m = mirrored(row);
    if m.cells < row.cells {
        m
    } else {
        *row
    }
}

/// The action of a mirrored position that is `action` here: a random
/// target's direction is turned round; cards are named, not placed.
fn mirrored_action(action: Action) -> Action {
    match action {
        Action::Activate {
            card,
            copying,
            target: Target::Random(direction),
        } => Action::Activate {
            card,
            copying,
            target: Target::Random(match direction {
                Direction::Left => Direction::Right,
                Direction::Right => Direction::Left,
            }),
        },
        other => other,
    }
}

/// The most cards of a position the method of revival levels is used on:
/// a level of seven cards has at most 645,120 rows (every arrangement and
/// active set); eight cards can have ten million.
const LEVEL_CARDS: usize = 7;

/// The most rows a [`Level`] holds (every row of seven cards).
const LEVEL_LIMIT: usize = 645_120;

/// The most values (classes × die decks) a [`Level`] holds: about 600 MB
/// at the peak natively with its working copies (deal 1612 after eight
/// random actions: 6.3 million values, 619 MB). Over this a level is
/// [`Unsolved`] ("too hard") at once rather than a wait with no end in
/// sight.
const LEVEL_SLOTS: usize = 8_000_000;

/// The most sweeps of a level's value iteration (none came near it: it
/// stops when a sweep changes nothing).
const LEVEL_SWEEPS: usize = 1_000_000;

/// An outcome code of a level's chance option: no die card of that face,
/// a class of the level, or a position out of the level.
const NO_FACE: u32 = u32::MAX;
const EXIT: u32 = u32::MAX - 1;

/// Marks an outcome code of a level extension that is an exit (see
/// [`Solver::extend_level`]).
const EXIT_BIT: u32 = 1 << 31;

/// The random activations of a level's class with the same outcomes in
/// the level, as its value iteration sees them: for each die face, the class
/// it stays in, or [`EXIT`] (out of the level), or [`NO_FACE`]; and the rows
/// and moves that have it, with where their outcome codes are (see
/// [`Solver::extend_level`]). The activations differ only in their exits,
/// so the best of them with each deck is the best for that deck.
struct ChanceOption {
    class: u32,
    faces: [u32; FACES],
    owners: Vec<(u32, u16, u32)>,
}

/// A revival level: positions with the same living cards, the Medic and the
/// Bugler among them (so that they may revive each other without end) and
/// one of them active, no poison pending and no Air Strike choice, reached
/// from its entry rows by activations that kill nobody.
///
/// Activations that kill nobody and reveal no die card (revivals, swaps)
/// do not depend on the die deck, and two positions each reached from the
/// other by such activations have the same value (each is at least the
/// other's). So the rows fall into classes (the strongly connected
/// components of those activations), and a position's value depends only on
/// its class and its die deck: the level is solved as a Markov decision
/// process on (class, deck) pairs, with the values of the positions out of
/// the level (a kill, a poison, an Air Strike choice: fewer cards, or a
/// poison whose next activation kills) known first, by [`Solver::exact`].
/// Its Bellman equations are solved by value iteration from 0 (rising to
/// the least fixed point: the optimal chances of winning), in place, until
/// a sweep changes nothing. Memory is linear in the rows plus the classes
/// times the decks, where the whole graph of such a position has millions
/// of positions (deal 1007 after four moves: 6.3 million, 1.5 GB).
///
/// A row and its mirror image have the same values: a level holds only the
/// smaller of the two ([`canonical`]), and a planned move is turned back
/// for the other ([`mirrored_action`]).
///
/// A row met later that the level does not hold extends it: the rows
/// reached from it that are new, their classes (which can reach the old
/// ones, never the other way) and their values, the old ones unchanged.
struct Level {
    rows: Vec<Row>,
    index: Map<Row, u32>,
    /// Each row's class; a class comes after every class it can reach
    /// without a die card.
    class: Vec<u32>,
    classes: usize,
    /// Each row's moves that stay in the level without a die card: the row
    /// reached and the move's index in [`legal_moves`]' order.
    free_start: Vec<u32>,
    free: Vec<(u32, u16)>,
    /// Every die deck there can be (one when no card of the level draws).
    decks: Vec<Pips>,
    deck_index: Map<Pips, u16>,
    /// The deck after a die card of each face (`u16::MAX`: none of it).
    next: Vec<[u16; FACES]>,
    /// The chance of each face with each deck.
    chances: Vec<[f64; FACES]>,
    /// The value of each class with each deck: `value[class * decks + deck]`.
    value: Vec<f64>,
    /// The move that keeps it: a row of the class and the move's index
    /// (`u32::MAX`: none needed, the value is 0 whatever is played).
    plan: Vec<(u32, u16)>,
}

impl Level {
    fn new(cards: u32, full: Pips, deck: &Pips) -> Level {
        let random = 1 << Killer::Arsonist as u32
            | 1 << Killer::Grenadier as u32
            | 1 << Killer::AirStrike as u32;
        let decks = level_decks(&full, deck, cards & random != 0);
        let deck_index: Map<Pips, u16> = decks
            .iter()
            .enumerate()
            .map(|(i, d)| (*d, i as u16))
            .collect();
        let next = decks
            .iter()
            .map(|d| {
                std::array::from_fn(|f| {
                    if d[f] == 0 {
                        u16::MAX
                    } else {
                        let after = draw(*d, f, full);
                        deck_index.get(&after).copied().unwrap_or(u16::MAX)
                    }
                })
            })
            .collect();
        let chances = decks
            .iter()
            .map(|d| {
                let size: f64 = d.iter().map(|&c| f64::from(c)).sum();
                std::array::from_fn(|f| f64::from(d[f]) / size)
            })
            .collect();
        Level {
            rows: Vec::new(),
            index: Map::default(),
            class: Vec::new(),
            classes: 0,
            free_start: vec![0],
            free: Vec::new(),
            decks,
            deck_index,
            next,
            chances,
            value: Vec::new(),
            plan: Vec::new(),
        }
    }

    /// The index of `deck` (any, when the deck never matters here).
    fn deck(&self, deck: &Pips) -> Option<usize> {
        if self.decks.len() == 1 {
            return Some(0);
        }
        self.deck_index.get(deck).map(|&d| usize::from(d))
    }

    /// The index of `row` (in either orientation), if the level holds it.
    fn row(&self, row: &Row) -> Option<u32> {
        self.index.get(&canonical(row)).copied()
    }

    fn slot(&self, row: &Row, deck: &Pips) -> Option<usize> {
        let r = self.row(row)? as usize;
        Some(self.class[r] as usize * self.decks.len() + self.deck(deck)?)
    }

    /// The chance of each face with deck `d`, and the deck after it.
    fn draws(&self, d: usize) -> impl Iterator<Item = (usize, f64, usize)> + '_ {
        let deck = &self.decks[d];
        (0..FACES)
            .filter(move |&f| deck[f] > 0)
            .map(move |f| (f, self.chances[d][f], usize::from(self.next[d][f])))
    }
}

/// The outcomes of `mv` from the level row `row`, for each die face (one,
/// face 0, for a move that draws no die card): the node reached, its die
/// deck left to be set.
fn level_outcomes(row: &Row, mv: Move, full: &Pips, out: &mut Vec<(usize, Node)>) {
    out.clear();
    let random = matches!(mv.target, Target::Random(_));
    for (face, &count) in full.iter().enumerate() {
        if random && count == 0 || !random && face > 0 {
            continue;
        }
        let mut next = *row;
        let mut poison = false;
        let node = match play_move(&mut next, &mut poison, mv, face as u8) {
            Some(t) => Node {
                row: next,
                poison: false,
                deck: [0; FACES],
                choice: Some((mv.card, t as u8)),
            },
            None => Node {
                row: next,
                poison,
                deck: [0; FACES],
                choice: None,
            },
        };
        out.push((face, node));
    }
}

/// Every die deck there can be: each non-empty part of the die cards (an
/// emptied deck is shuffled again at once), or only `deck` when no card of
/// the level draws a die card.
fn level_decks(full: &Pips, deck: &Pips, random: bool) -> Vec<Pips> {
    if !random {
        return vec![*deck];
    }
    let mut decks = vec![[0u8; FACES]];
    for (f, &count) in full.iter().enumerate() {
        let mut more = Vec::with_capacity(decks.len() * (usize::from(count) + 1));
        for d in &decks {
            for c in 0..=count {
                let mut e = *d;
                e[f] = c;
                more.push(e);
            }
        }
        decks = more;
    }
    decks.retain(|d| d.iter().any(|&c| c > 0));
    // Smallest first: a die card leads to a smaller deck (but for the
    // shuffle of an emptied one), so a sweep of the value iteration in this
    // order meets the decks after a draw already updated.
    decks.sort_by_key(|d| d.iter().map(|&c| u32::from(c)).sum::<u32>());
    decks
}

/// Strongly connected components of the nodes `first..` of a graph given
/// as adjacency lists (`start`, `edges`; edges to nodes below `first` are
/// ignored): each node's component (indexed from `first`), numbered in
/// reverse topological order (a component after every one it reaches), and
/// how many. Iterative Tarjan.
fn strong_components(first: usize, start: &[u32], edges: &[(u32, u16)]) -> (Vec<u32>, usize) {
    const UNSEEN: u32 = u32::MAX;
    let n = start.len() - 1 - first;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut component = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    let mut found = 0u32;
    for root in 0..n {
        if order[root] != UNSEEN {
            continue;
        }
        let mut dfs: Vec<(u32, u32)> = vec![(root as u32, start[first + root])];
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        while let Some(&mut (v, ref mut e)) = dfs.last_mut() {
            let v = v as usize;
            if *e < start[first + v + 1] {
                let to = edges[*e as usize].0 as usize;
                *e += 1;
                if to < first {
                    continue;
                }
                let w = to - first;
                if order[w] == UNSEEN {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    dfs.push((w as u32, start[first + w]));
                } else if component[w] == UNSEEN {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                dfs.pop();
                if let Some(&(parent, _)) = dfs.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == order[v] {
                    while let Some(w) = stack.pop() {
                        component[w as usize] = found;
                        if w as usize == v {
                            break;
                        }
                    }
                    found += 1;
                }
            }
        }
    }
    (component, found as usize)
}

/// A choice of a level's class with a deck in [`LevelSystem::sweep`]: none
/// (the value is 0 whatever is played), leaving, or (below it) a free move
/// (an index of `moving`) or a chance option (`CHANCE_CHOICE` + an index of
/// `chance`).
const NO_CHOICE: u32 = u32::MAX;
const LEAVE_CHOICE: u32 = u32::MAX - 1;
const CHANCE_CHOICE: u32 = 1 << 30;

/// The first sweep of a level's value iteration after which the epoch
/// shortcut is taken, and how often (see [`LevelSystem::shortcut`]).
const SHORTCUT_FIRST: usize = 8;
const SHORTCUT_EVERY: usize = 8;

/// The Bellman equations of a level's new classes with every die deck, as
/// its value iteration sees them. The values are laid out deck by deck
/// (`work[d * classes + c]`, the chance options' exits `exits[d * options +
/// o]`): a sweep reads one deck's values of many classes together, which
/// then sit side by side in memory (1.7 times faster on the largest level
/// of deal 1612 after eight random actions than class by class).
struct LevelSystem<'a> {
    /// The first new class (the classes below are solved: `old_values`).
    old: u32,
    classes: usize,
    decks: usize,
    /// The full die deck, when some card of the level draws.
    full: Option<usize>,
    /// How many cards each deck holds.
    sizes: Vec<u32>,
    chances: &'a [[f64; FACES]],
    next: &'a [[u16; FACES]],
    old_values: &'a [f64],
    moving: &'a [(u32, u32, (u32, u16))],
    moving_start: &'a [u32],
    chance: &'a [ChanceOption],
    chance_start: &'a [u32],
    exits: Vec<f64>,
    leaving: Vec<f64>,
    work: Vec<f64>,
}

impl LevelSystem<'_> {
    fn value(&self, to: u32, d: usize) -> f64 {
        if to >= self.old {
            self.work[d * self.classes + (to - self.old) as usize]
        } else {
            self.old_values[to as usize * self.decks + d]
        }
    }

    fn moves(&self, c: usize) -> std::ops::Range<usize> {
        self.moving_start[c] as usize..self.moving_start[c + 1] as usize
    }

    fn options(&self, c: usize) -> std::ops::Range<usize> {
        self.chance_start[c] as usize..self.chance_start[c + 1] as usize
    }

    /// The value of chance option `o` with deck `d`.
    fn chance_value(&self, o: usize, d: usize) -> f64 {
        let (chances, next) = (&self.chances[d], &self.next[d]);
        let mut q = self.exits[d * self.chance.len() + o];
        for (f, &to) in self.chance[o].faces.iter().enumerate() {
            if to < EXIT && chances[f] > 0.0 {
                q += chances[f] * self.value(to, usize::from(next[f]));
            }
        }
        q
    }

    /// One sweep of value iteration, in place, the smallest decks first and
    /// the sinks first with each (the old classes' values are final: they
    /// cannot reach the new ones): it meets every value it reads already
    /// updated, but after the shuffle of an emptied deck. Whether a value
    /// rose; each value's best option in `choice` when asked.
    fn sweep(&mut self, mut choice: Option<&mut [u32]>) -> bool {
        let mut changed = false;
        for d in 0..self.decks {
            for c in 0..self.classes {
                let at = d * self.classes + c;
                let (mut best, mut chosen) = (self.leaving[at], LEAVE_CHOICE);
                if best < 0.0 {
                    (best, chosen) = (0.0, NO_CHOICE);
                }
                for m in self.moves(c) {
                    let q = self.value(self.moving[m].1, d);
                    if q > best {
                        (best, chosen) = (q, m as u32);
                    }
                }
                for o in self.options(c) {
                    let q = self.chance_value(o, d);
                    if q > best {
                        (best, chosen) = (q, CHANCE_CHOICE + o as u32);
                    }
                }
                if let Some(choice) = choice.as_deref_mut() {
                    choice[at] = chosen;
                }
                let best = best.min(1.0);
                if best > self.work[at] {
                    self.work[at] = best;
                    changed = true;
                }
            }
        }
        changed
    }

    /// The epoch shortcut. A sweep goes once through the die deck, so where
    /// the best play goes round it many times before leaving the level
    /// (deal 1612 after eight random actions: 1,681 sweeps), value
    /// iteration is slow. With the choices of the last sweep fixed, the
    /// values with the full deck are an affine function of themselves:
    /// from each class with the full deck, the chances of reaching each
    /// class again when the deck is next shuffled, and the part of the
    /// value that leaves before (a sparse matrix, found by following the
    /// choices through one pass of the deck). Iterating that small system
    /// is far cheaper than a sweep. Its values are those of fixed play,
    /// reached from below from values that were below the optimum, so they
    /// stay below it: they only lift the values the sweeps go on from,
    /// whose end (a sweep that changes nothing) is unchanged.
    fn shortcut(&mut self, choice: &[u32]) {
        let Some(full) = self.full else { return };
        let n = self.classes;
        // The classes a shuffle can lead to (a face of a chance option).
        let mut target = vec![u32::MAX; n];
        let mut targets = Vec::new();
        for option in self.chance {
            for &to in &option.faces {
                if to < EXIT && to >= self.old && target[(to - self.old) as usize] == u32::MAX {
                    target[(to - self.old) as usize] = targets.len() as u32;
                    targets.push(to - self.old);
                }
            }
        }
        // Row by row: the part that leaves, and the chances of each target.
        let mut base = Vec::with_capacity(targets.len());
        let mut start = vec![0u32];
        let mut entries: Vec<(u32, f64)> = Vec::new();
        let mut mass: Map<(u32, u32), f64> = Map::default();
        let mut queue = std::collections::BinaryHeap::new();
        let mut row: Map<u32, f64> = Map::default();
        for &t in &targets {
            let mut leaves = 0.0;
            mass.clear();
            row.clear();
            // Larger decks first, then the classes that reach others first.
            let key = |d: usize, c: u32| (self.sizes[d], c, d as u32);
            mass.insert((full as u32, t), 1.0);
            queue.push(key(full, t));
            while let Some((_, c, d)) = queue.pop() {
                let Some(m) = mass.remove(&(d, c)) else {
                    continue;
                };
                let d = d as usize;
                let at = d * n + c as usize;
                // Class `to` with deck `e` reached with chance `p` (after a
                // die card when `drawn`).
                let mut arrive = |to: u32, e: usize, p: f64, drawn: bool, leaves: &mut f64| {
                    if to < self.old {
                        *leaves += p * self.old_values[to as usize * self.decks + e];
                    } else if drawn && e == full {
                        *row.entry(target[(to - self.old) as usize]).or_insert(0.0) += p;
                    } else {
                        let slot = mass.entry((e as u32, to - self.old)).or_insert(0.0);
                        if *slot == 0.0 {
                            queue.push(key(e, to - self.old));
                        }
                        *slot += p;
                    }
                };
                match choice[at] {
                    NO_CHOICE => {}
                    LEAVE_CHOICE => leaves += m * self.leaving[at],
                    k if k >= CHANCE_CHOICE => {
                        let o = (k - CHANCE_CHOICE) as usize;
                        leaves += m * self.exits[d * self.chance.len() + o];
                        let (chances, next) = (&self.chances[d], &self.next[d]);
                        for (f, &to) in self.chance[o].faces.iter().enumerate() {
                            if to < EXIT && chances[f] > 0.0 {
                                arrive(to, usize::from(next[f]), m * chances[f], true, &mut leaves);
                            }
                        }
                    }
                    k => arrive(self.moving[k as usize].1, d, m, false, &mut leaves),
                }
            }
            base.push(leaves);
            entries.extend(row.iter().map(|(&to, &p)| (to, p)));
            start.push(entries.len() as u32);
        }
        let mut x: Vec<f64> = targets
            .iter()
            .map(|&t| self.work[full * n + t as usize])
            .collect();
        for _ in 0..LEVEL_SWEEPS {
            let mut changed = false;
            for i in 0..targets.len() {
                let mut y = base[i];
                for &(to, p) in &entries[start[i] as usize..start[i + 1] as usize] {
                    y += p * x[to as usize];
                }
                let y = y.min(1.0);
                if y > x[i] {
                    x[i] = y;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (i, &t) in targets.iter().enumerate() {
            self.work[full * n + t as usize] = x[i];
        }
    }
}

/// Where the values of one position out of a level (an exit) are, for
/// every die deck of the level: many rows of a level lead to the same
/// exit (deal 1583 after five random moves: 177,864 rows, 245,872 exits),
/// so each is valued once per level extension ([`Exits`]).
#[derive(Clone, Copy, Debug)]
enum Exit {
    /// Not an exit (a face that stays in the level or has no card).
    None,
    /// The same value with every deck.
    Same(f64),
    /// A position of a lower level: its class's values start at `base` in
    /// that level's values (one per deck, the same decks as here).
    Level { cards: u32, base: usize },
    /// One value per deck, from `at` in [`Exits::stored`].
    Stored(usize),
    /// One value per deck, from `at` in [`Exits::memo_values`].
    Memo(usize),
}

/// The values of a level extension's exits that are kept here
/// ([`Exit::Stored`]), the level's die decks, and the values of the
/// positions below the exits with every deck ([`Solver::every_deck`]; a
/// cache, emptied past [`MEMO_LIMIT`] values).
struct Exits {
    stored: Vec<f64>,
    decks: Vec<Pips>,
    next: Vec<[u16; FACES]>,
    chances: Vec<[f64; FACES]>,
    memo: Map<Key, Exit>,
    memo_values: Vec<f64>,
}

/// The most values [`Exits::memo_values`] keeps (64 MB).
const MEMO_LIMIT: usize = 8_000_000;

/// An exit's values with each deck, borrowed.
#[derive(Clone, Copy)]
enum ExitValues<'a> {
    Same(f64),
    Each(&'a [f64]),
}

impl ExitValues<'_> {
    fn at(self, d: usize) -> f64 {
        match self {
            ExitValues::Same(v) => v,
            ExitValues::Each(values) => values[d],
        }
    }
}

impl Exits {
    fn values<'a>(&'a self, levels: &'a Map<u32, Level>, exit: Exit) -> ExitValues<'a> {
        match exit {
            Exit::None => ExitValues::Same(0.0),
            Exit::Same(v) => ExitValues::Same(v),
            Exit::Level { cards, base } => match levels.get(&cards) {
                Some(level) => ExitValues::Each(&level.value[base..base + level.decks.len()]),
                None => ExitValues::Same(0.0),
            },
            Exit::Stored(at) => ExitValues::Each(&self.stored[at..]),
            Exit::Memo(at) => ExitValues::Each(&self.memo_values[at..]),
        }
    }
}

impl Solver {
    /// The exact value of `node` with no bound to beat: a depth-first
    /// search with memory over positions out of revival levels (whose lines
    /// are finite: without the Medic and the Bugler both alive no position
    /// repeats, and a poison or an Air Strike choice leads to a kill), the
    /// positions of a level by the level's solution ([`Level`]). It
    /// terminates: every step leaves a level for fewer cards, or makes a
    /// line that cannot repeat one step longer. [`Unsolved`] only when the
    /// budget runs out or a level is over [`LEVEL_LIMIT`] rows.
    fn exact(&mut self, node: &Node, depth: u32) -> Result<f64, Unsolved> {
        match kind_of(node) {
            Kind::Won => return Ok(1.0),
            Kind::Lost => return Ok(0.0),
            Kind::Open => {}
        }
        if in_a_level(node) {
            let slot = self.level_slot(node)?;
            let cards = card_sets(&node.row).0;
            return self
                .levels
                .get(&cards)
                .map(|l| l.value[slot])
                .ok_or(Unsolved);
        }
        if self.hopeless(node) {
            return Ok(0.0);
        }
        let k = key(node);
        if let Some((v, true)) = self.known.get(&k).map(|known| known.read()) {
            return Ok(v);
        }
        if depth >= MAX_DEPTH || !self.spend() {
            return Err(Unsolved);
        }
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(node, self.full, &mut self.moves, &mut actions);
        let mut best = 0.0f64;
        let mut result = Ok(());
        'actions: for outcomes in &actions {
            let mut v = 0.0;
            for (next, p) in outcomes {
                match self.exact(next, depth + 1) {
                    Ok(w) => v += p * w,
                    Err(e) => {
                        result = Err(e);
                        break 'actions;
                    }
                }
            }
            best = best.max(v);
            if best >= SURE {
                break;
            }
        }
        self.pool.push(actions);
        result?;
        let best = best.clamp(0.0, 1.0);
        self.known.insert(k, Known::exact(best));
        Ok(best)
    }

    /// Where the values of the exit `next` (its deck ignored) are, for
    /// every deck of the level.
    fn exit(&mut self, exits: &mut Exits, next: &Node) -> Result<Exit, Unsolved> {
        if exits.memo_values.len() > MEMO_LIMIT {
            exits.memo.clear();
            exits.memo_values.clear();
        }
        Ok(match self.every_deck(exits, next, 1)? {
            Exit::Memo(at) => {
                let nd = exits.decks.len();
                let kept = exits.stored.len();
                exits
                    .stored
                    .extend_from_slice(&exits.memo_values[at..at + nd]);
                Exit::Stored(kept)
            }
            exit => exit,
        })
    }

    /// The exact values of `node` (its deck ignored) with every deck of a
    /// level (`exits.decks`), by the recursion of [`Solver::exact`] done
    /// for all the decks at once: a position below a level's exits is met
    /// with many decks (deal 5026 after five random moves: 9 million
    /// expansions one deck at a time), and its moves and outcomes are the
    /// same with each; only the die card's chances and the deck after it
    /// differ. The sums are taken in the same order as there. A position
    /// whose die deck no longer matters ([`reduce`]) is searched once, by
    /// [`Solver::exact`].
    fn every_deck(&mut self, exits: &mut Exits, node: &Node, depth: u32) -> Result<Exit, Unsolved> {
        match kind_of(node) {
            Kind::Won => return Ok(Exit::Same(1.0)),
            Kind::Lost => return Ok(Exit::Same(0.0)),
            Kind::Open => {}
        }
        let nd = exits.decks.len();
        let at = |deck: Pips| Node { deck, ..*node };
        let first = at(exits.decks[0]);
        let level = in_a_level(node);
        if !level && self.hopeless(node) {
            return Ok(Exit::Same(0.0));
        }
        if nd == 1 || key(&first) == key(&at(exits.decks[nd - 1])) {
            return Ok(Exit::Same(self.exact(&first, depth)?));
        }
        if level {
            let slot = self.level_slot(&first)?;
            let cards = card_sets(&node.row).0;
            return match self.levels.get(&cards) {
                // The same decks in the same order: both levels draw.
                Some(level) if level.decks == exits.decks => Ok(Exit::Level { cards, base: slot }),
                _ => Err(Unsolved),
            };
        }
        let k = key(&at([0; FACES]));
        if let Some(&exit) = exits.memo.get(&k) {
            return Ok(exit);
        }
        if depth >= MAX_DEPTH || !self.spend() {
            return Err(Unsolved);
        }
        let full = self.full;
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(&at(full), full, &mut self.moves, &mut actions);
        // Which actions draw a die card (an Air Strike's choice does not).
        let random: Vec<bool> = if node.choice.is_some() {
            vec![false; actions.len()]
        } else {
            self.moves
                .iter()
                .map(|mv| matches!(mv.target, Target::Random(_)))
                .collect()
        };
        let faces: Vec<usize> = (0..FACES).filter(|&f| full[f] > 0).collect();
        let mut best = vec![0.0f64; nd];
        let mut sum = vec![0.0f64; nd];
        let mut result = Ok(());
        'actions: for (outcomes, &random) in actions.iter().zip(&random) {
            sum.iter_mut().for_each(|v| *v = 0.0);
            for (i, (next, _)) in outcomes.iter().enumerate() {
                let exit = match self.every_deck(exits, next, depth + 1) {
                    Ok(exit) => exit,
                    Err(e) => {
                        result = Err(e);
                        break 'actions;
                    }
                };
                let values = exits.values(&self.levels, exit);
                if random {
                    let f = faces[i];
                    for (d, v) in sum.iter_mut().enumerate() {
                        let p = exits.chances[d][f];
                        if p > 0.0 {
                            *v += p * values.at(usize::from(exits.next[d][f]));
                        }
                    }
                } else {
                    for (d, v) in sum.iter_mut().enumerate() {
                        *v += values.at(d);
                    }
                }
            }
            for (b, &v) in best.iter_mut().zip(&sum) {
                *b = b.max(v);
            }
        }
        self.pool.push(actions);
        result?;
        let kept = exits.memo_values.len();
        exits
            .memo_values
            .extend(best.iter().map(|v| v.clamp(0.0, 1.0)));
        exits.memo.insert(k, Exit::Memo(kept));
        Ok(Exit::Memo(kept))
    }

    /// The value of `node` (not over) and an action achieving it, by
    /// [`Solver::exact`]: the first action of the best value, or the level's
    /// plan for a position of a revival level.
    fn exact_root(&mut self, node: &Node) -> Result<(f64, Option<Action>), Unsolved> {
        if in_a_level(node) {
            return self.level_solution(node);
        }
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        let mut best = (-1.0f64, 0);
        for (i, outcomes) in actions.iter().enumerate() {
            let mut v = 0.0;
            for (next, p) in outcomes {
                v += p * self.exact(next, 1)?;
            }
            if v > best.0 + EPSILON {
                best = (v, i);
            }
        }
        Ok((best.0.clamp(0.0, 1.0), action_at(node, best.1)))
    }

    /// The value of the level position `node` and the move that keeps it
    /// (on towards the row of its class whose planned move may leave or
    /// draws a die card, so that following the moves never goes round a
    /// cycle for ever), extending its level first if need be.
    fn level_solution(&mut self, node: &Node) -> Result<(f64, Option<Action>), Unsolved> {
        let slot = self.level_slot(node)?;
        let cards = card_sets(&node.row).0;
        let Some(level) = self.levels.get(&cards) else {
            return Err(Unsolved);
        };
        let value = level.value[slot];
        let (owner, mv) = level.plan[slot];
        if owner == u32::MAX {
            return Ok((value, action_at(node, 0)));
        }
        // The level holds the row in one orientation: its moves are found
        // there, and turned back.
        let Some(here) = level.row(&node.row) else {
            return Err(Unsolved);
        };
        let held = Node {
            row: level.rows[here as usize],
            ..*node
        };
        let turned = held.row != node.row;
        let action = |k: u16| {
            action_at(&held, usize::from(k)).map(|a| if turned { mirrored_action(a) } else { a })
        };
        if owner == here {
            return Ok((value, action(mv)));
        }
        // The first free move of a shortest path to the owner within the
        // class.
        let class = level.class[here as usize];
        let mut parent: Map<u32, (u32, u16)> = Map::default();
        let mut queue = std::collections::VecDeque::from([here]);
        parent.insert(here, (u32::MAX, 0));
        while let Some(r) = queue.pop_front() {
            if r == owner {
                break;
            }
            let r = r as usize;
            let range = level.free_start[r] as usize..level.free_start[r + 1] as usize;
            for &(to, m) in &level.free[range] {
                if level.class[to as usize] == class && !parent.contains_key(&to) {
                    parent.insert(to, (r as u32, m));
                    queue.push_back(to);
                }
            }
        }
        let mut at = owner;
        let mut first = mv;
        while let Some(&(from, m)) = parent.get(&at) {
            if from == u32::MAX {
                break;
            }
            first = m;
            at = from;
        }
        Ok((value, action(first)))
    }

    /// Where the value of the level position `node` is in its level
    /// (`levels[living cards].value`), extending the level first if need be.
    fn level_slot(&mut self, node: &Node) -> Result<usize, Unsolved> {
        let cards = card_sets(&node.row).0;
        let held = self
            .levels
            .get(&cards)
            .is_some_and(|level| level.row(&node.row).is_some());
        if !held {
            let mut level = match self.levels.remove(&cards) {
                Some(level) => level,
                None => Level::new(cards, self.full, &node.deck),
            };
            // On failure the level is dropped (the values below stay known).
            if let Err(cut) = self.extend_level(&mut level, node.row) {
                self.level_cut |= self.left == 0;
                return Err(cut);
            }
            self.levels.insert(cards, level);
        }
        self.levels
            .get(&cards)
            .and_then(|level| level.slot(&node.row, &node.deck))
            .ok_or(Unsolved)
    }

    /// Adds to `level` the rows reached from `entry` that it does not hold
    /// yet, and solves their classes (see [`Level`]).
    fn extend_level(&mut self, level: &mut Level, entry: Row) -> Result<(), Unsolved> {
        let full = self.full;
        let n = entry.len();
        let in_level =
            |next: &Node| next.choice.is_none() && !next.poison && level_row(&next.row, n);
        let entry = canonical(&entry);
        let first = level.rows.len();
        level.index.insert(entry, first as u32);
        level.rows.push(entry);
        // The new rows, their free moves (no die card) that stay, and the
        // outcome of every move with every die face, as a code: a row of
        // the level, an exit (`EXIT_BIT` and its index in `exit_nodes`), or
        // `NO_FACE`; one code for a move that draws no die card, one per
        // face for one that does. Rows are kept in one orientation of the
        // two mirror images (the smaller), which have the same values.
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        let mut codes: Vec<u32> = Vec::new();
        let mut code_start = vec![0usize];
        let mut exit_index: Map<Key, u32> = Map::default();
        let mut exit_nodes: Vec<Node> = Vec::new();
        let mut i = first;
        while i < level.rows.len() {
            if level.rows.len() > LEVEL_LIMIT || !self.spend() {
                return Err(Unsolved);
            }
            let row = level.rows[i];
            legal_moves(&row, &mut moves);
            for (m, &mv) in moves.iter().enumerate() {
                level_outcomes(&row, mv, &full, &mut outcomes);
                let random = matches!(mv.target, Target::Random(_));
                let at = codes.len();
                codes.extend(std::iter::repeat_n(NO_FACE, if random { FACES } else { 1 }));
                for &(f, next) in &outcomes {
                    let code = if in_level(&next) {
                        let canonical = canonical(&next.row);
                        let rows = &mut level.rows;
                        let id = *level.index.entry(canonical).or_insert_with(|| {
                            rows.push(canonical);
                            (rows.len() - 1) as u32
                        });
                        if !random {
                            level.free.push((id, m as u16));
                        }
                        id
                    } else {
                        let bare = Node {
                            deck: [0; FACES],
                            ..next
                        };
                        EXIT_BIT
                            | *exit_index.entry(key(&bare)).or_insert_with(|| {
                                exit_nodes.push(bare);
                                (exit_nodes.len() - 1) as u32
                            })
                    };
                    codes[at + if random { f } else { 0 }] = code;
                }
            }
            code_start.push(codes.len());
            level.free_start.push(level.free.len() as u32);
            i += 1;
        }
        drop(exit_index);
        let (local, new_classes) = strong_components(first, &level.free_start, &level.free);
        if (level.classes + new_classes) * level.decks.len() > LEVEL_SLOTS {
            return Err(Unsolved);
        }
        let old = level.classes as u32;
        level.class.extend(local.iter().map(|&c| old + c));
        level.classes += new_classes;
        let nd = level.decks.len();
        let slots = level.classes * nd;
        level.value.resize(slots, 0.0);
        // The options of each new class: leaving without a die card (the
        // best value per deck, `leaving[d * new_classes + c]`), moving to
        // another class without one, drawing (`chance`, the best value that
        // leaves per option and deck in `option_exits[o * nd + d]`). Which
        // row and move has each best is found again for the plan only,
        // where it is chosen: keeping it for every deck would take more
        // memory than the values.
        let mut leaving = vec![-1.0f64; new_classes * nd];
        let mut moving: Map<(u32, u32), (u32, u16)> = Map::default();
        let mut merged: Map<(u32, [u32; FACES]), usize> = Map::default();
        let mut chance: Vec<ChanceOption> = Vec::new();
        let mut option_exits: Vec<f64> = Vec::new();
        let mut exits = Exits {
            stored: Vec::new(),
            decks: level.decks.clone(),
            next: level.next.clone(),
            chances: level.chances.clone(),
            memo: Map::default(),
            memo_values: Vec::new(),
        };
        let mut exit_of: Vec<Option<Exit>> = vec![None; exit_nodes.len()];
        for r in first..level.rows.len() {
            let row = level.rows[r];
            let c = level.class[r];
            let cr = (c - old) as usize;
            legal_moves(&row, &mut moves);
            let mut at = code_start[r - first];
            for (m, &mv) in moves.iter().enumerate() {
                let owner = (r as u32, m as u16);
                let random = matches!(mv.target, Target::Random(_));
                let width = if random { FACES } else { 1 };
                let code_at = at;
                at += width;
                // The class of each face's outcome, or `EXIT`, and the exits
                // valued.
                let mut faces = [NO_FACE; FACES];
                let mut out = [Exit::None; FACES];
                for (f, &code) in codes[code_at..code_at + width].iter().enumerate() {
                    if code == NO_FACE {
                        continue;
                    }
                    if code & EXIT_BIT == 0 {
                        faces[f] = level.class[code as usize];
                        continue;
                    }
                    let e = (code & !EXIT_BIT) as usize;
                    let exit = match exit_of[e] {
                        Some(exit) => exit,
                        None => {
                            let exit = self.exit(&mut exits, &exit_nodes[e])?;
                            exit_of[e] = Some(exit);
                            exit
                        }
                    };
                    faces[f] = EXIT;
                    out[f] = exit;
                }
                if !random {
                    if faces[0] == NO_FACE {
                        continue;
                    }
                    if faces[0] != EXIT {
                        if faces[0] != c {
                            moving.entry((c, faces[0])).or_insert(owner);
                        }
                        continue;
                    }
                    let values = exits.values(&self.levels, out[0]);
                    for d in 0..nd {
                        let v = values.at(d);
                        let best = &mut leaving[d * new_classes + cr];
                        if v > *best + EPSILON || *best < 0.0 {
                            *best = v;
                        }
                    }
                    continue;
                }
                let o = *merged.entry((c, faces)).or_insert_with(|| {
                    chance.push(ChanceOption {
                        class: c,
                        faces,
                        owners: Vec::new(),
                    });
                    option_exits.extend(std::iter::repeat_n(-1.0, nd));
                    chance.len() - 1
                });
                chance[o].owners.push((r as u32, m as u16, code_at as u32));
                let values: [ExitValues; FACES] =
                    std::array::from_fn(|f| exits.values(&self.levels, out[f]));
                for (d, best) in option_exits[o * nd..(o + 1) * nd].iter_mut().enumerate() {
                    let mut part = 0.0;
                    for (f, p, e) in level.draws(d) {
                        if faces[f] == EXIT {
                            part += p * values[f].at(e);
                        }
                    }
                    if part > *best + EPSILON || *best < 0.0 {
                        *best = part;
                    }
                }
            }
        }
        drop(merged);
        let mut moving: Vec<(u32, u32, (u32, u16))> =
            moving.into_iter().map(|((c, to), o)| (c, to, o)).collect();
        moving.sort_unstable_by_key(|&(c, to, _)| (c, to));
        // The chance options by class, their exits deck by deck.
        let mut order: Vec<usize> = (0..chance.len()).collect();
        order.sort_by_key(|&o| chance[o].class);
        let options = chance.len();
        let mut sorted_exits = vec![0.0; options * nd];
        for d in 0..nd {
            for (i, &o) in order.iter().enumerate() {
                sorted_exits[d * options + i] = option_exits[o * nd + d];
            }
        }
        drop(option_exits);
        let chance: Vec<ChanceOption> = order
            .iter()
            .map(|&o| ChanceOption {
                class: chance[o].class,
                faces: chance[o].faces,
                owners: std::mem::take(&mut chance[o].owners),
            })
            .collect();
        drop(order);
        let group = |keys: &mut dyn Iterator<Item = u32>| {
            let mut start = vec![0u32; new_classes + 1];
            for c in keys {
                start[(c - old) as usize + 1] += 1;
            }
            for c in 0..new_classes {
                start[c + 1] += start[c];
            }
            start
        };
        let moving_start = group(&mut moving.iter().map(|m| m.0));
        let chance_start = group(&mut chance.iter().map(|o| o.class));
        // Value iteration from 0 until a sweep changes nothing, with the
        // epoch shortcut now and then (see [`LevelSystem`]).
        let mut system = LevelSystem {
            old,
            classes: new_classes,
            decks: nd,
            full: level.deck(&full).filter(|_| nd > 1),
            sizes: level
                .decks
                .iter()
                .map(|d| d.iter().map(|&c| u32::from(c)).sum())
                .collect(),
            chances: &level.chances,
            next: &level.next,
            old_values: &level.value,
            moving: &moving,
            moving_start: &moving_start,
            chance: &chance,
            chance_start: &chance_start,
            exits: sorted_exits,
            leaving,
            work: vec![0.0; nd * new_classes],
        };
        let mut choice = vec![NO_CHOICE; nd * new_classes];
        for sweep in 0..LEVEL_SWEEPS {
            let shortcut =
                system.full.is_some() && sweep >= SHORTCUT_FIRST && sweep % SHORTCUT_EVERY == 0;
            if !system.sweep(shortcut.then_some(&mut choice[..])) {
                break;
            }
            if shortcut {
                system.shortcut(&choice);
            }
        }
        drop(choice);
        let LevelSystem {
            work,
            exits: option_exits,
            leaving,
            ..
        } = system;
        for c in 0..new_classes {
            for d in 0..nd {
                level.value[(old as usize + c) * nd + d] = work[d * new_classes + c];
            }
        }
        drop(work);
        level.plan.resize(slots, (u32::MAX, 0));
        // The plan: among the options that keep the value, one that may
        // leave the level, else one that may get closer to such a one (by
        // rounds), so that following the plan leaves the level. First the
        // option chosen for each new class and deck (`chosen[c * nd + d]`:
        // [`LEAVE_CHOICE`], an index into `moving`, or [`CHANCE_CHOICE`]
        // plus an option's), then the row and move that has it.
        let first_slot = old as usize * nd;
        // How many planned moves at most until one that may leave the level
        // (`u32::MAX`: not known yet), for the new classes; an old class
        // counts as 0 (its plan leaves, and it cannot come back).
        let mut rank = vec![u32::MAX; new_classes * nd];
        let mut chosen = vec![NO_CHOICE; new_classes * nd];
        let keeps = |q: f64, v: f64| q >= v - EPSILON;
        let option_value = |o: usize, d: usize| {
            let (chances, next) = (&level.chances[d], &level.next[d]);
            let mut q = option_exits[d * options + o];
            for f in 0..FACES {
                let to = chance[o].faces[f];
                if to < EXIT && chances[f] > 0.0 {
                    q += chances[f] * level.value[to as usize * nd + usize::from(next[f])];
                }
            }
            q
        };
        for round in 0u32.. {
            let mut changed = false;
            for c in 0..new_classes {
                for d in 0..nd {
                    let at = c * nd + d;
                    if rank[at] != u32::MAX {
                        continue;
                    }
                    let v = level.value[first_slot + at];
                    let closer =
                        |to: usize| round > 0 && (to < first_slot || rank[to - first_slot] < round);
                    let mut pick = NO_CHOICE;
                    let left = leaving[d * new_classes + c];
                    if round == 0 && left >= 0.0 && keeps(left, v) {
                        pick = LEAVE_CHOICE;
                    }
                    let (from, until) = (moving_start[c] as usize, moving_start[c + 1] as usize);
                    for (m, &(_, to, _)) in moving[from..until].iter().enumerate() {
                        let to = to as usize * nd + d;
                        if pick == NO_CHOICE && closer(to) && keeps(level.value[to], v) {
                            pick = (from + m) as u32;
                        }
                    }
                    let (from, until) = (chance_start[c] as usize, chance_start[c + 1] as usize);
                    for (o, option) in chance[from..until].iter().enumerate() {
                        let o = from + o;
                        if pick != NO_CHOICE {
                            break;
                        }
                        let progress = level.draws(d).any(|(f, _, e)| match option.faces[f] {
                            NO_FACE => false,
                            EXIT => round == 0,
                            to => closer(to as usize * nd + e),
                        });
                        if progress && keeps(option_value(o, d), v) {
                            pick = CHANCE_CHOICE + o as u32;
                        }
                    }
                    if pick != NO_CHOICE {
                        chosen[at] = pick;
                        rank[at] = round;
                        changed = true;
                    }
                }
            }
            if !changed && round > 0 {
                break;
            }
        }
        drop(rank);
        // The rows of each new class, in order.
        let mut class_rows = vec![0u32; level.rows.len() - first];
        let class_start = group(&mut (first..level.rows.len()).map(|r| level.class[r]));
        let mut fill = class_start.clone();
        for r in first..level.rows.len() {
            let c = (level.class[r] - old) as usize;
            class_rows[fill[c] as usize] = r as u32;
            fill[c] += 1;
        }
        drop(fill);
        let mut best: Vec<(f64, (u32, u16))> = Vec::new();
        for c in 0..new_classes {
            let slots = c * nd..(c + 1) * nd;
            // Leaving: the first row and move of the best value, per deck
            // (the rule that chose the value above).
            if chosen[slots.clone()].contains(&LEAVE_CHOICE) {
                best.clear();
                best.resize(nd, (-1.0, (u32::MAX, 0)));
                for &r in &class_rows[class_start[c] as usize..class_start[c + 1] as usize] {
                    let r = r as usize;
                    legal_moves(&level.rows[r], &mut moves);
                    let mut at = code_start[r - first];
                    for (m, mv) in moves.iter().enumerate() {
                        let random = matches!(mv.target, Target::Random(_));
                        let code = codes[at];
                        at += if random { FACES } else { 1 };
                        if random || code == NO_FACE || code & EXIT_BIT == 0 {
                            continue;
                        }
                        let exit = exit_of[(code & !EXIT_BIT) as usize].unwrap_or(Exit::None);
                        let values = exits.values(&self.levels, exit);
                        for (d, b) in best.iter_mut().enumerate() {
                            let v = values.at(d);
                            if v > b.0 + EPSILON || b.0 < 0.0 {
                                *b = (v, (r as u32, m as u16));
                            }
                        }
                    }
                }
                for d in 0..nd {
                    if chosen[c * nd + d] == LEAVE_CHOICE {
                        level.plan[first_slot + c * nd + d] = best[d].1;
                    }
                }
            }
            // Drawing: likewise among the option's rows and moves.
            for d in 0..nd {
                let pick = chosen[c * nd + d];
                if pick == NO_CHOICE || pick == LEAVE_CHOICE {
                    continue;
                }
                if pick < CHANCE_CHOICE {
                    level.plan[first_slot + c * nd + d] = moving[pick as usize].2;
                    continue;
                }
                let option = &chance[(pick - CHANCE_CHOICE) as usize];
                let mut b = (-1.0f64, (u32::MAX, 0u16));
                for &(r, m, code_at) in &option.owners {
                    let mut part = 0.0;
                    for (f, p, e) in level.draws(d) {
                        if option.faces[f] != EXIT {
                            continue;
                        }
                        let code = codes[code_at as usize + f];
                        let exit = exit_of[(code & !EXIT_BIT) as usize].unwrap_or(Exit::None);
                        part += p * exits.values(&self.levels, exit).at(e);
                    }
                    if part > b.0 + EPSILON || b.0 < 0.0 {
                        b = (part, (r, m));
                    }
                }
                level.plan[first_slot + c * nd + d] = b.1;
            }
        }
        Ok(())
    }
}

/// The indices of `actions` into `order` (with their scores), most
/// promising first: fewest cards left on average, then fewest outcomes.
fn promising(actions: &[Vec<(Node, f64)>], outcome_weight: f64, order: &mut Vec<(f64, usize)>) {
    order.clear();
    order.extend(actions.iter().enumerate().map(|(i, outcomes)| {
        let left: f64 = outcomes.iter().map(|(n, p)| p * n.row.len() as f64).sum();
        (left + outcome_weight * outcomes.len() as f64, i)
    }));
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
}

/// The value of `node` by the graph method, if its graph has fewer than
/// `limit` positions and none of its components with cycles more than
/// `component_limit`.
fn graph_solution(
    node: Node,
    full: Pips,
    limit: usize,
    component_limit: usize,
) -> Option<Solution> {
    let graph = explore(node, full, limit);
    if graph.nodes.len() >= limit {
        return None;
    }
    let (value, choice) = solve_graph(&graph, component_limit)?;
    let a = choice[0] as usize;
    let first = graph.action_start[0] as usize;
    let best = if a >= first && a < graph.action_start[1] as usize {
        action_at(&node, a - first)
    } else {
        None
    };
    Some(Solution {
        win: value[0],
        best,
        positions: graph.nodes.len(),
    })
}
/// The action of `node` with index `k` (in [`expand`]'s order).
fn action_at(node: &Node, k: usize) -> Option<Action> {
    match node.choice {
        Some((_, t)) => {
            let t = usize::from(t);
            let sides = [
                t.checked_sub(1),
                Some(t + 1).filter(|&n| n < node.row.len()),
            ];
            let n = sides.into_iter().flatten().nth(k)?;
            Some(Action::AlsoKill(node.row.card(n)))
        }
        None => {
            let mut moves = Vec::new();
            legal_moves(&node.row, &mut moves);
            moves.get(k).map(|mv| mv.action())
        }
    }
}

/// The exact probability of winning from `state` with best play, and an
/// action that achieves it, with no budget: exact, but may take long on a
/// position too large for [`Solver::solve`] (none is known among deals and
/// positions of play). The app should keep a [`Solver`] per game instead.
pub fn solve(state: &State) -> Solution {
    let mut solver = Solver::with_budget(state, usize::MAX);
    match solver.solve(state) {
        Ok(solution) => solution,
        Err(Unsolved) => solve_by_graph(state),
    }
}

/// [`Solver::solve`] with a fresh solver and the default budget.
pub fn try_solve(state: &State) -> Result<Solution, Unsolved> {
    Solver::new(state).solve(state)
}

/// The exact winning probability of every legal action of `state` (undo
/// excluded), best first, with no budget (see [`solve`]).
pub fn action_values(state: &State) -> Vec<(Action, f64)> {
    let mut solver = Solver::with_budget(state, usize::MAX);
    solver
        .action_values(state)
        .unwrap_or_else(|Unsolved| graph_action_values(state))
}

fn graph_action_values(state: &State) -> Vec<(Action, f64)> {
    let (node, full) = root(state);
    let graph = explore(node, full, usize::MAX);
    let Some((value, _)) = solve_graph(&graph, COMPONENT_LIMIT) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    legal_moves(&node.row, &mut moves);
    let mut out: Vec<(Action, f64)> = moves
        .iter()
        .zip(
            graph
                .node_actions(0)
                .map(|a| action_value(&graph, a, &value)),
        )
        .map(|(mv, v)| (mv.action(), v))
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// [`Solver::solve`] by the search only (no graph method): `None` if it
/// meets a cycle with a chance step or runs out of the default budget.
pub fn solve_by_search(state: &State) -> Option<Solution> {
    let mut solver = Solver::new(state);
    solver.graph_limit = 0;
    solver.solve(state).ok()
}

/// [`solve`] by the graph method only: enumerates every reachable position.
pub fn solve_by_graph(state: &State) -> Solution {
    let over = |win| Solution {
        win,
        best: None,
        positions: 0,
    };
    match state.phase {
        Phase::Won => return over(1.0),
        Phase::Lost => return over(0.0),
        _ => {}
    }
    let (node, full) = root(state);
    graph_solution(node, full, usize::MAX, COMPONENT_LIMIT).unwrap_or_else(|| over(0.0))
}

/// Statistics of the graph of `state`: how many positions (at least `limit`
/// when there are more: then the exploration stops) and the size of the
/// largest strongly connected component (0 when stopped). For tests and
/// measurements.
pub fn graph_stats(state: &State, limit: usize) -> (usize, usize) {
    let (node, full) = root(state);
    let graph = explore(node, full, limit);
    if graph.nodes.len() >= limit {
        return (graph.nodes.len(), 0);
    }
    let largest = components(&graph).iter().map(Vec::len).max().unwrap_or(0);
    (graph.nodes.len(), largest)
}

/// Value iteration from 0 (converges to the optimum only in the limit): a
/// check on [`solve`] for positions with cycles.
#[cfg(test)]
pub(crate) fn value_iteration(state: &State, rounds: usize) -> (f64, usize) {
    let (node, full) = root(state);
    let graph = explore(node, full, usize::MAX);
    let n = graph.nodes.len();
    let mut value: Vec<f64> = (0..n)
        .map(|i| f64::from(u8::from(graph.kind[i] == Kind::Won)))
        .collect();
    for _ in 0..rounds {
        for i in 0..n {
            if graph.kind[i] == Kind::Open {
                value[i] = graph
                    .node_actions(i)
                    .map(|a| action_value(&graph, a, &value))
                    .fold(0.0, f64::max);
            }
        }
    }
    let largest = components(&graph).iter().map(Vec::len).max().unwrap_or(0);
    (value[0], largest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::murderers_row::Slot;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg32;

    /// The most cards that can die from `node` within `moves` steps (an Air
    /// Strike's choice counts as a step), over every action and outcome.
    fn most_kills(node: &Node, full: Pips, moves: u32) -> u32 {
        if moves == 0 || (node.choice.is_none() && kind_of(node) != Kind::Open) {
            return 0;
        }
        let mut actions = Vec::new();
        expand(node, full, &mut Vec::new(), &mut actions);
        let n = node.row.len() as u32;
        actions
            .iter()
            .flatten()
            .map(|(next, _)| n - next.row.len() as u32 + most_kills(next, full, moves - 1))
            .max()
            .unwrap_or(0)
    }

    /// A random position of 3 to 7 cards, all 18 possible (revivals too).
    fn random_node(seed: u64) -> (Node, Pips) {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut cards = Killer::ALL.to_vec();
        crate::cards::shuffle(&mut cards, &mut rng);
        let n = rng.random_range(3..=7);
        let row: Vec<Slot> = cards[..n]
            .iter()
            .map(|&card| Slot {
                card,
                active: rng.random_range(0..3) > 0,
            })
            .collect();
        let deck = cards[n..n + 3].to_vec();
        let state = State::from_parts(&row, deck, vec![], rng.random_range(0..4) == 0, seed);
        root(&state)
    }

    /// A random position of `seed` and every position one action away.
    fn random_node_and_successors(seed: u64) -> (Vec<Node>, Pips) {
        let (root_node, full) = random_node(seed);
        let mut actions = Vec::new();
        expand(&root_node, full, &mut Vec::new(), &mut actions);
        let mut nodes = vec![root_node];
        nodes.extend(actions.iter().flatten().map(|(n, _)| *n));
        (nodes, full)
    }

    /// Positions of revival levels with a card that draws (whose moves
    /// name a direction) and a row and its mirror image: the level's value
    /// and planned action match the graph method's in both orientations
    /// (a level holds one row of each mirror pair).
    #[test]
    fn revival_levels_match_the_graph_method_in_both_orientations() {
        use Killer::*;
        let mut checked = 0;
        let mut directed = 0;
        for seed in 0..40 {
            let mut rng = Pcg32::seed_from_u64(seed);
            let random = [Grenadier, Arsonist, AirStrike][rng.random_range(0..3)];
            let mut others: Vec<Killer> = Killer::ALL
                .iter()
                .copied()
                .filter(|c| ![Medic, Bugler, random].contains(c))
                .collect();
            crate::cards::shuffle(&mut others, &mut rng);
            let mut cards = vec![Medic, Bugler, random, others[0], others[1]];
            crate::cards::shuffle(&mut cards, &mut rng);
            let slots: Vec<Slot> = cards
                .iter()
                .map(|&card| Slot {
                    card,
                    active: rng.random_range(0..2) > 0,
                })
                .collect();
            let deck = others[2..5].to_vec();
            let mut reversed = slots.clone();
            reversed.reverse();
            let state = State::from_parts(&slots, deck.clone(), vec![], false, seed);
            if !in_a_level(&root(&state).0) {
                continue;
            }
            let mirror = State::from_parts(&reversed, deck, vec![], false, seed);
            let expected = solve_by_graph(&state).win;
            for state in [&state, &mirror] {
                let (node, _) = root(state);
                let mut solver = Solver::finishing(state);
                let (win, best) = solver.exact_root(&node).expect("a level's value");
                assert!(
                    (win - expected).abs() < 1e-12,
                    "seed {seed}: {win} vs {expected}"
                );
                let values = graph_action_values(state);
                let best = best.expect("an action");
                if let Action::Activate {
                    target: Target::Random(_),
                    ..
                } = best
                {
                    directed += 1;
                }
                let kept = values.iter().find(|(a, _)| *a == best).expect("legal");
                assert!((kept.1 - expected).abs() < 1e-12, "seed {seed}: {best:?}");
            }
            checked += 1;
        }
        assert!(checked >= 10 && directed >= 4, "{checked} {directed}");
    }

    #[test]
    fn kill_bound_is_never_below_the_kills_possible() {
        let mut tight = 0;
        for seed in 0..400 {
            let (node, full) = random_node(seed);
            for moves in 1..=3 {
                let most = most_kills(&node, full, moves);
                let bound = kill_bound(&node, moves);
                assert!(
                    bound >= most,
                    "seed {seed} moves {moves}: {bound} < {most} {node:?}"
                );
                tight += usize::from(bound == most);
            }
            if !revival_possible(&node.row) {
                let most = most_kills(&node, full, 30);
                assert!(kill_bound(&node, CERTAIN) >= most, "seed {seed}: {node:?}");
            }
        }
        assert!(tight > 100, "{tight}");
    }

    /// The most cards that can die from `node` on any line, when no Medic
    /// and Bugler are both alive (the lines are then finite and never
    /// repeat a position: every activation but a revival makes an active
    /// card inactive, and the revivals are few).
    fn most_kills_ever(node: &Node, full: Pips, memo: &mut HashMap<Node, u32>, depth: u32) -> u32 {
        assert!(depth < 40, "a line too long: {node:?}");
        if node.choice.is_none() && kind_of(node) != Kind::Open {
            return 0;
        }
        if let Some(&m) = memo.get(node) {
            return m;
        }
        let mut actions = Vec::new();
        expand(node, full, &mut Vec::new(), &mut actions);
        let n = node.row.len() as u32;
        let m = actions
            .iter()
            .flatten()
            .map(|(next, _)| {
                n - next.row.len() as u32 + most_kills_ever(next, full, memo, depth + 1)
            })
            .max()
            .unwrap_or(0);
        memo.insert(*node, m);
        m
    }

    /// With no limit on the activations, the bound holds with revivals too
    /// (a Medic or a Bugler, not both) and is often tight.
    #[test]
    fn certain_kill_bound_is_never_below_the_kills_possible() {
        let (mut revived, mut tight, mut checked) = (0, 0, 0);
        for seed in 0..400 {
            let (nodes, full) = random_node_and_successors(seed);
            for node in nodes {
                let alive = |card| node.row.find(card).is_some();
                if node.choice.is_some() || (alive(Killer::Medic) && alive(Killer::Bugler)) {
                    continue;
                }
                let most = most_kills_ever(&node, full, &mut HashMap::new(), 0);
                let bound = kill_bound(&node, CERTAIN);
                assert!(bound >= most, "seed {seed}: {bound} < {most} {node:?}");
                checked += 1;
                tight += usize::from(bound == most);
                revived += usize::from(revival_possible(&node.row));
            }
        }
        assert!(
            checked > 2000 && revived > 300 && tight > 500,
            "{checked} {revived} {tight}"
        );
    }

    /// A position the bound calls hopeless is lost: the graph method says 0.
    /// Air Strike choices included (hopeless when both choices are).
    /// The solver's cache of the bound (by card sets and length class)
    /// answers as the bound itself, on hits and after slots are taken over.
    #[test]
    fn cached_kill_bounds_match_the_bound() {
        let bounds = KillBounds::new();
        let mut checked = 0;
        for round in 0..2 {
            for seed in 0..300 {
                let (nodes, _) = random_node_and_successors(seed);
                for node in nodes.iter().filter(|n| n.choice.is_none()) {
                    assert_eq!(
                        bounds.of(node),
                        certain_kill_bound(node),
                        "round {round}, seed {seed}: {node:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 4000, "{checked}");
    }

    #[test]
    fn hopeless_positions_are_lost() {
        let (mut hopeless_seen, mut revived, mut choices) = (0, 0, 0);
        for seed in 0..400 {
            let (nodes, full) = random_node_and_successors(seed);
            for node in nodes {
                if (node.choice.is_some() || kind_of(&node) == Kind::Open)
                    && hopeless(&node, CERTAIN)
                {
                    let graph = explore(node, full, usize::MAX);
                    let (value, _) = solve_graph(&graph, usize::MAX).expect("no limit");
                    assert_eq!(value[0], 0.0, "seed {seed}: {node:?}");
                    hopeless_seen += 1;
                    revived += usize::from(node.choice.is_none() && revival_possible(&node.row));
                    choices += usize::from(node.choice.is_some());
                }
            }
        }
        assert!(
            hopeless_seen > 200 && revived > 20 && choices > 5,
            "{hopeless_seen} {revived} {choices}"
        );
    }

    /// The packed key tells reduced positions apart exactly: equal keys if
    /// and only if equal reduced positions.
    #[test]
    fn packed_keys_match_reduced_positions() {
        let mut by_key: HashMap<Key, Node> = HashMap::new();
        let mut by_node: HashMap<Node, Key> = HashMap::new();
        let mut actions = Vec::new();
        for seed in 0..300 {
            let (root_node, full) = random_node(seed);
            expand(&root_node, full, &mut Vec::new(), &mut actions);
            let nodes = std::iter::once(root_node).chain(actions.iter().flatten().map(|(n, _)| *n));
            for node in nodes {
                let (k, r) = (key(&node), reduce(&node));
                assert_eq!(k, slow_key(&node), "{node:?}");
                assert_eq!(*by_key.entry(k).or_insert(r), r, "{node:?}");
                assert_eq!(*by_node.entry(r).or_insert(k), k, "{node:?}");
            }
        }
        assert!(by_key.len() > 1000);
    }

    /// Plays a game of uniformly random actions from each deal of `seeds`
    /// and calls `check` on every position whose reachable graph is small
    /// enough for the graph method (under 20,000 positions), with one
    /// solver per game, as the app keeps one.
    fn along_random_games(
        seeds: std::ops::Range<u64>,
        mut check: impl FnMut(u64, &State, &mut Solver),
    ) {
        use crate::game::Game;
        for seed in seeds {
            let mut state = State::new(seed);
            let mut solver = Solver::new(&state);
            let mut rng = Pcg32::seed_from_u64(seed);
            while !state.is_over() {
                let (node, full) = root(&state);
                if explore(node, full, 20_000).nodes.len() < 20_000 {
                    check(seed, &state, &mut solver);
                }
                let pick = crate::murderers_row::sample::random_action(&state, &mut rng)
                    .expect("a game not over has an action");
                state.apply(pick).expect("legal");
            }
        }
    }

    /// Positions of random games (revivals, swaps and cycles included),
    /// solved in turn by one solver per game, as the app does: the same
    /// values as the graph method, and the best action achieves the value.
    #[test]
    fn reused_solver_matches_the_graph_method_along_random_games() {
        let mut compared = 0;
        let mut chancy = 0;
        along_random_games(0..60, |seed, state, solver| {
            let expected = solve_by_graph(state).win;
            let solved = solver.solve(state).expect("solved");
            assert!(
                (solved.win - expected).abs() < 1e-9,
                "seed {seed}: {} vs {expected} in {state:?}",
                solved.win
            );
            let values = solver.action_values(state).expect("solved");
            assert!((values[0].1 - expected).abs() < 1e-9, "seed {seed}");
            let best = solved.best.expect("a best action");
            let of_best = values.iter().find(|(a, _)| *a == best).expect("legal");
            assert!((of_best.1 - expected).abs() < 1e-9, "seed {seed}");
            // One action's value alone is the same as among all.
            let (last, value) = values[values.len() - 1];
            let alone = solver.action_value(state, last).expect("solved");
            assert!((alone.expect("legal") - value).abs() < 1e-9, "seed {seed}");
            assert_eq!(solver.action_value(state, Action::Undo), Ok(None));
            compared += 1;
            chancy += usize::from(expected > 0.0 && expected < 1.0);
        });
        assert!(compared > 200 && chancy > 30, "{compared} {chancy}");
    }

    /// A component with cycles over the dense limit is solved by value
    /// iteration (linear memory) instead: the same values, to rounding, for
    /// every position of the graph, as the dense linear systems give; and
    /// a solver with that limit answers the same.
    #[test]
    fn components_over_the_dense_limit_are_solved_iteratively_with_the_same_values() {
        use crate::game::Game;
        let mut compared = 0;
        for seed in 0..200 {
            let mut state = State::new(seed);
            let mut rng = Pcg32::seed_from_u64(seed);
            while !state.is_over() && compared < 8 {
                let (node, full) = root(&state);
                let (size, largest) = graph_stats(&state, 20_000);
                if size < 20_000 && largest > 1 {
                    let graph = explore(node, full, usize::MAX);
                    let (dense, _) = solve_graph(&graph, usize::MAX).expect("solved");
                    let (iterated, _) = solve_graph(&graph, 0).expect("solved");
                    for (d, v) in dense.iter().zip(&iterated) {
                        assert!((d - v).abs() < 1e-12, "seed {seed}: {d} vs {v}");
                    }
                    let mut solver = Solver::new(&state);
                    solver.component_limit = 0;
                    let s = solver.solve(&state).expect("solved");
                    assert!((s.win - dense[0]).abs() < 1e-9, "seed {seed}");
                    compared += 1;
                }
                let pick = crate::murderers_row::sample::random_action(&state, &mut rng)
                    .expect("a game not over has an action");
                state.apply(pick).expect("legal");
            }
        }
        assert!(compared >= 8, "only {compared}");
    }

    /// Which actions keep a threshold, as [`Solver::keeping`] asks it (an
    /// upper bound, or a sure-win proof near 1), is what the exact values
    /// of the graph method say, at thresholds at, below and above each
    /// position's value, in every phase.
    #[test]
    fn keeping_actions_match_the_exact_values() {
        use crate::game::Game;
        let (mut compared, mut mixed, mut air_strikes) = (0, 0, 0);
        along_random_games(100..150, |seed, state, solver| {
            let values = match state.phase {
                Phase::AirStrike { .. } => state
                    .air_strike_options()
                    .into_iter()
                    .map(|card| {
                        let mut next = state.clone();
                        next.apply(Action::AlsoKill(card)).expect("legal");
                        (Action::AlsoKill(card), solve_by_graph(&next).win)
                    })
                    .collect(),
                _ => graph_action_values(state),
            };
            let best = values.iter().map(|v| v.1).fold(0.0, f64::max);
            for threshold in [best - 1e-9, best * 0.9, (best + 1.0) / 2.0] {
                let keeping = solver.keeping(state, threshold).expect("solved");
                assert_eq!(keeping.len(), values.len(), "seed {seed}");
                for (action, keeps) in keeping {
                    let exact = values.iter().find(|(a, _)| *a == action).expect("legal");
                    // Rounding: a value within 1e-7 of the threshold
                    // is one of the fractions it stands for.
                    let exact_near = (exact.1 - threshold).abs() < 1e-7;
                    let expected = if exact_near {
                        exact.1 >= threshold - 1e-7
                    } else {
                        exact.1 >= threshold
                    };
                    assert_eq!(
                        keeps, expected,
                        "seed {seed}: {action:?} at {threshold} is {}, in {state:?}",
                        exact.1
                    );
                }
            }
            compared += 1;
            let kept = values.iter().filter(|(_, v)| *v >= best - 1e-9).count();
            mixed += usize::from(kept < values.len());
            air_strikes += usize::from(matches!(state.phase, Phase::AirStrike { .. }));
        });
        assert!(
            compared > 150 && mixed > 50 && air_strikes > 0,
            "{compared} {mixed} {air_strikes}"
        );
    }

    /// Out of budget, the solver says so rather than guess.
    #[test]
    fn a_tiny_budget_answers_unsolved() {
        let state = State::new(29);
        assert_eq!(Solver::with_budget(&state, 50).solve(&state), Err(Unsolved));
        assert_eq!(
            Solver::with_budget(&state, 50).action_values(&state),
            Err(Unsolved)
        );
    }
}
