//! The depth-first searches with memory (see [`Solver`]): the sure-win
//! rounds ([`Solver::sure`]) and the exact search with upper bounds
//! ([`Solver::best`]), and what they remember of a position ([`Known`]).
//! Apart from the solver's calls, which choose among the methods: this is
//! the method tried first.

use super::bounds::{card_sets, revival_cycles_possible};
use super::calls::{Solver, SURE_CAP};
use super::graph::EPSILON;
use super::levels::{in_a_level, LEVEL_CARDS};
use super::position::{action_at, expand, key, stuck, won, Key, Node, FACES};
use crate::murderers_row::Action;

/// What the exact search knows of a position's value: exact, or an upper
/// bound. One `f64` (a bound `b` is kept as `-1 - b`), so that a table
/// entry is 32 bytes: the tables are large and each look-up is a cache miss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Known(f64);

impl Known {
    pub(super) fn exact(v: f64) -> Known {
        Known(v)
    }

    fn upper(bound: f64) -> Known {
        Known(-1.0 - bound)
    }

    /// The value or bound, and whether it is exact.
    pub(super) fn read(self) -> (f64, bool) {
        if self.0 >= 0.0 {
            (self.0, true)
        } else {
            (-1.0 - self.0, false)
        }
    }
}

/// A refutation that holds at any depth.
pub(super) const CERTAIN: u32 = u32::MAX;

/// A value this close to 1 is 1: exact values are fractions whose
/// denominators are products of die deck sizes, far from 1e-12 in practice.
pub(super) const SURE: f64 = 1.0 - 1e-12;

/// The longest search path (revivals and swaps can make long lines without
/// repeating a position): deeper, the sure-win search proves nothing and the
/// exact search gives up, rather than overflow the stack.
pub(super) const MAX_DEPTH: u32 = 200;

/// "No edge to a position on the path": the low-link of a clean result.
const CLEAN: u32 = u32::MAX;

/// The waste limits of the sure-win search's rounds (iterative deepening,
/// see [`Solver::sure`]; why these, in the module doc).
const SURE_WASTE: [u32; 6] = [0, 1, 2, 4, 8, MAX_DEPTH];

impl Solver {
    /// The sure-win rounds, then the exact search, on `node` (whose key is
    /// `k`): `None` if the budget ran out or the search met a cycle with a
    /// chance step.
    pub(super) fn search(&mut self, node: &Node, k: Key) -> Option<(f64, Option<Action>, usize)> {
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

    /// Whether an action with these `outcomes` (from the root, on the path
    /// at depth 0) surely wins, by the sure-win search's rounds: `None` if
    /// no round settled it either way.
    pub(super) fn surely_wins(&mut self, outcomes: &[(Node, f64)]) -> Option<bool> {
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
    pub(super) fn best(
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
