//! The [`Solver`] of one game: what it keeps between calls, its budget and
//! limits, and its calls ([`Solver::solve`], [`Solver::action_values`],
//! [`Solver::keeping`]), each of which chooses among the methods (the
//! searches, the graph method, revival levels). Apart from the methods, which
//! have a file each.

use super::bounds::{hopeless_by, revival_cycles_possible, KillBounds};
use super::graph::{explore, solve_graph, EPSILON};
use super::hasher::Map;
use super::levels::{Level, LEVEL_CARDS};
use super::position::{action_at, expand, key, kind_of, root, Key, Kind, Node, Pips};
use super::search::Known;
use super::{Solution, Unsolved, DEFAULT_BUDGET};
use crate::murderers_row::{legal_moves, Action, Move, Phase, State};

/// The largest graph the graph method enumerates before the search tries,
/// on a position with revival cycles ([`revival_cycles_possible`]): a few
/// milliseconds of work when it fails.
const EARLY_GRAPH_LIMIT: usize = 20_000;

/// How many positions the sure-win rounds may expand in one call on a
/// position of more than [`LEVEL_CARDS`] cards with revival cycles.
pub(super) const SURE_CAP: usize = 1_000_000;

/// How many positions the search may expand on a position with revival
/// cycles before the exact method of revival levels takes over.
pub(super) const SEARCH_FIRST: usize = 100_000;

/// The most positions the graph method may enumerate: about 230 MB at the
/// peak natively (measured on a graph of 2 million positions: 460 MB).
const GRAPH_LIMIT: usize = 1_000_000;

/// The largest component with cycles the graph method solves within a
/// budget: its dense linear system takes 8 MB and about 0.4 billion
/// operations a round of policy iteration (the largest met in the sample
/// has 428 positions; the graph of one sample position holds one of 76,800,
/// which would need 47 GB).
pub(super) const COMPONENT_LIMIT: usize = 1_024;

/// Past this many remembered positions the tables are emptied (they are
/// caches): 32 to 40 bytes each plus the hash tables' slack, so at most
/// about 140 MB at the peak of a table's growth.
pub(super) const TABLE_LIMIT: usize = 1_500_000;

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
    pub(super) full: Pips,
    /// Exact values of positions, or upper bounds, never path-dependent
    /// ones; a proved sure win is exactly 1.
    pub(super) known: Map<Key, Known>,
    /// Positions with no sure-win proof within the remembered depth, and
    /// the round of the sure-win search that found it.
    pub(super) refuted: Map<Key, (u32, u32)>,
    /// The current round of the sure-win search.
    pub(super) round: u32,
    /// The positions on the search path and their depth.
    pub(super) path: Map<Key, u32>,
    /// The number of chance steps from the root to each depth of the path.
    pub(super) chances: Vec<u32>,
    /// How many positions each call may expand.
    budget: usize,
    /// The most positions the graph method may enumerate in a call.
    pub(super) graph_limit: usize,
    /// The largest component with cycles the graph method may solve.
    pub(super) component_limit: usize,
    /// How many the current call may still expand.
    pub(super) left: usize,
    pub(super) moves: Vec<Move>,
    /// Successor lists to reuse, one per depth of the search in progress.
    pub(super) pool: Vec<Vec<Vec<(Node, f64)>>>,
    /// The keys and bounds of an action's outcomes, to reuse likewise.
    pub(super) scratch: Vec<(Vec<Key>, Vec<f64>, Vec<bool>)>,
    /// Action orders to reuse likewise.
    pub(super) orders: Vec<Vec<(f64, usize)>>,
    kill_bounds: KillBounds,
    /// Positions whose reachable graph the graph method could not solve,
    /// and the largest graph it enumerated for each: it is not tried again
    /// there within that limit.
    graph_failed: Map<Key, usize>,
    /// The revival levels solved, by their living cards.
    pub(super) levels: Map<u32, Level>,
    /// Whether a position with revival cycles and more than
    /// [`LEVEL_CARDS`] cards tries the graph method up to `graph_limit`
    /// before the search (no budget: [`Solver::finishing`]).
    graph_first: bool,
    /// Whether the last call ran out of its budget while building a revival
    /// level: a level is dropped when cut, so more calls with the same
    /// budget do not carry it further ([`Solver::needs_finishing`]).
    pub(super) level_cut: bool,
    /// Whether the search values a position of a revival level by its
    /// level ([`Solver::level_value`]) instead of searching it: set for a
    /// second search when the first met a cycle with a chance step.
    pub(super) level_search: bool,
    /// Whether the search met a cycle with a chance step (and gave up).
    pub(super) chance_cycle: bool,
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
    ///
    /// [`super::advice::persist`]: crate::murderers_row::advice::persist
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
    pub(super) fn hopeless(&self, node: &Node) -> bool {
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
    pub(super) fn spend(&mut self) -> bool {
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
}
