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
//!    (33 s). In the browser (`tools/measure/measure-solver.mjs positions` on the
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
//! opt-level 2; `node tools/measure/measure-solver.mjs positions FILE` with the
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
//!
//! ## Where the parts are
//!
//! `position` holds the positions, their actions and keys; `graph` the
//! graph method (steps 1–3); `bounds` the kill bounds; `search` the
//! depth-first searches (step 4); `levels`, `level_system` and `exits` the
//! method of revival levels (step 5); `calls` the [`Solver`], its budget
//! and limits, and how a call chooses among the methods; `hasher` the
//! tables' hash; `tests` the tests. This file: the types the solver answers
//! with and the free functions.
//!
//! [`Key`]: position::Key
//! [`KillBounds`]: bounds::KillBounds
//! [`Level`]: levels::Level
//! [`LevelSystem::shortcut`]: level_system::LevelSystem::shortcut
//! [`LEVEL_LIMIT`]: levels::LEVEL_LIMIT
//! [`LEVEL_SLOTS`]: levels::LEVEL_SLOTS
//! [`SEARCH_FIRST`]: calls::SEARCH_FIRST
//! [`TABLE_LIMIT`]: calls::TABLE_LIMIT

// The private modules below are parts of this one, cut along its seams;
// they call each other (tools/build/import-cycles.mjs counts them as one):
// import-cycles: parts
mod bounds;
mod calls;
mod exits;
mod graph;
mod hasher;
mod level_system;
mod levels;
mod position;
mod search;

pub use calls::Solver;

use crate::murderers_row::{legal_moves, Action, Phase, State};
use calls::COMPONENT_LIMIT;
use graph::{action_value, components, explore, graph_solution, solve_graph};
use position::root;
#[cfg(test)]
use position::Kind;

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

/// The search ran out of its budget or met a cycle it cannot value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsolved;

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the position is too large to solve within the solver's budget")
    }
}

/// How many positions one call may expand, by default.
pub const DEFAULT_BUDGET: usize = 3_000_000;

/// The position of `state` as the player knows it: states with equal
/// positions get the same answers from a fresh solver.
pub(super) fn known_position(state: &State) -> impl Eq {
    root(state).0
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
mod tests;
