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
//! 4. In practice [`solve`] first runs a depth-first search with memory
//!    ([`Search`]), which stops at sure wins and drops beaten actions, and
//!    is exact on positions whose cycles hold no chance step (see there);
//!    only when it meets a cycle with a chance step does it use steps 1–3.
//!
//! The arithmetic is `f64`: every operation is exact up to rounding (about
//! 1e-15 relative per operation; probabilities are ratios of small integers).
//! "Strictly better" means better by more than 1e-12. The tests compare the
//! solver with a brute force in exact rational arithmetic that enumerates
//! every order of the die deck.

use super::{
    air_strike_kill, finish, legal_moves, outcome, play_move, Action, Killer, Move, Phase, Row,
    State, Target,
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
    out.clear();
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
            out.push(vec![(
                Node {
                    row,
                    poison: false,
                    deck: node.deck,
                    choice: None,
                },
                1.0,
            )]);
        }
        return;
    }
    legal_moves(&node.row, moves);
    let size: u32 = node.deck.iter().map(|&n| u32::from(n)).sum();
    for &mv in moves.iter() {
        let mut successors = Vec::new();
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
        out.push(successors);
    }
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
fn key(node: &Node) -> Node {
    let mut k = *node;
    let row = &node.row;
    let n = row.len();
    let revivable = row
        .slots()
        .any(|s| s.active && matches!(s.card, Killer::Medic | Killer::Bugler));
    let random_may_act = row
        .slots()
        .any(|s| s.card.is_random() && (s.active || revivable));
    if !random_may_act {
        k.deck = [0; FACES];
    }
    if !revivable {
        for i in 0..n {
            if !row.active(i) {
                k.row.cells[i] = 0;
            }
        }
    }
    let mut mirrored = k;
    mirrored.row.cells[..n].reverse();
    mirrored.choice = k.choice.map(|(actor, t)| (actor, (n - 1) as u8 - t));
    if mirrored.row.cells < k.row.cells {
        mirrored
    } else {
        k
    }
}

/// Enumerates every position reachable from `root`.
fn explore(root: Node, full: Pips, limit: usize) -> Graph {
    let mut index: HashMap<Node, u32> = HashMap::new();
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

/// Every position's value and chosen action (an index into the actions).
fn solve_graph(graph: &Graph) -> (Vec<f64>, Vec<u32>) {
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
        } else {
            solve_component(graph, &component, &mut value, &mut choice);
        }
    }
    (value, choice)
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

/// A depth-first search with memory. A position is done as soon as one of
/// its actions wins surely (nothing beats 1), and an action is dropped as
/// soon as even winning all its outcomes not yet counted would not beat the
/// best one so far; this spares most of the graph. Actions are tried most
/// promising first (fewest cards left on average).
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
/// raise the value above every acyclic line: the search then gives up
/// (`None`) and [`solve`] uses the graph method above.
///
/// Sure wins first. Before computing values, a cheaper search asks only
/// "can this position be won with certainty?" ([`Search::sure`]): a
/// position is a sure win if some action has every outcome a sure win. Its
/// proofs are finite trees of actions, so they never go around a cycle (an
/// edge back to the path counts as "not proved") and are exact; positions
/// proved sure wins have value 1 in the exact search. Most deals are sure
/// wins, and this search stops at the first failing outcome of an action.
struct Search {
    full: Pips,
    memo: HashMap<Node, f64>,
    /// Positions proved to be sure wins.
    proven: std::collections::HashSet<Node>,
    /// Positions proved not to be sure wins (independently of the path).
    refuted: std::collections::HashSet<Node>,
    /// The positions on the search path and their depth.
    path: HashMap<Node, u32>,
    /// The sure-win search's depth limit (deepened step by step).
    depth_limit: u32,
    /// How many more positions the exact search may expand: positions
    /// whose value depends on the path are not remembered and may be
    /// expanded again and again; past this budget the search gives up and
    /// [`solve`] uses the graph method.
    budget: usize,
    /// The number of chance steps from the root to each depth of the path.
    chances: Vec<u32>,
    moves: Vec<Move>,
}

/// A value this close to 1 is 1: exact values are fractions whose
/// denominators are products of die deck sizes, far from 1e-12 in practice.
const SURE: f64 = 1.0 - 1e-12;

/// See [`Search::budget`].
const SEARCH_BUDGET: usize = 4_000_000;

/// The depth limits of the sure-win search's rounds.
const SURE_DEPTHS: [u32; 4] = [10, 16, 28, MAX_DEPTH];

/// The longest search path (revivals and swaps can make long lines without
/// repeating a position): deeper, the sure-win search proves nothing and the
/// exact search gives up, rather than overflow the stack.
const MAX_DEPTH: u32 = 200;

/// "No edge to a position on the path": the low-link of a clean result.
const CLEAN: u32 = u32::MAX;

impl Search {
    fn new(full: Pips) -> Search {
        Search {
            full,
            memo: HashMap::new(),
            proven: std::collections::HashSet::new(),
            refuted: std::collections::HashSet::new(),
            path: HashMap::new(),
            budget: SEARCH_BUDGET,
            depth_limit: MAX_DEPTH,
            chances: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Whether `node` (at `depth` on the path) is a sure win: the winning
    /// action's index if so. A "yes" never depends on the path.
    fn sure(&mut self, node: &Node, depth: u32) -> Option<usize> {
        match kind_of(node) {
            Kind::Won => return Some(0),
            Kind::Lost => return None,
            Kind::Open => {}
        }
        let k = key(node);
        if self.proven.contains(&k) && depth > 0 {
            return Some(0);
        }
        if self.refuted.contains(&k) {
            return None;
        }
        if self.path.contains_key(&k) {
            return None;
        }
        if depth >= self.depth_limit {
            // Not proved here (a missed proof at worst).
            return None;
        }
        self.path.insert(k, depth);
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        let mut order: Vec<(f64, usize)> = actions
            .iter()
            .enumerate()
            .map(|(i, outcomes)| {
                let left: f64 = outcomes.iter().map(|(n, p)| p * n.row.len() as f64).sum();
                (left + outcomes.len() as f64, i)
            })
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut win = None;
        for (_, i) in order {
            let mut all = true;
            for (next, _) in &actions[i] {
                if self.sure(next, depth + 1).is_none() {
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
        match win {
            Some(i) => {
                self.proven.insert(k);
                Some(i)
            }
            None => {
                // A "no" that depended on the path (an edge back to it) may
                // be wrong elsewhere; it is remembered anyway, since a wrong
                // "no" only costs a missed proof (the exact search then
                // decides), while forgetting it would make the search
                // exponential.
                self.refuted.insert(k);
                None
            }
        }
    }

    /// The value of `node` at `depth` on the path, reached after `chances`
    /// chance steps, and the shallowest path depth its value depends on.
    fn value(&mut self, node: &Node, depth: u32, chances: u32) -> Option<(f64, u32)> {
        match kind_of(node) {
            Kind::Won => return Some((1.0, CLEAN)),
            Kind::Lost => return Some((0.0, CLEAN)),
            Kind::Open => {}
        }
        let k = key(node);
        if self.proven.contains(&k) {
            return Some((1.0, CLEAN));
        }
        if let Some(&v) = self.memo.get(&k) {
            return Some((v, CLEAN));
        }
        if let Some(&at) = self.path.get(&k) {
            if chances > self.chances[at as usize] {
                return None;
            }
            return Some((0.0, at));
        }
        if self.budget == 0 || depth >= MAX_DEPTH {
            return None;
        }
        self.budget -= 1;
        self.path.insert(k, depth);
        self.chances.push(chances);
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        let best = self.best(&actions, depth, true);
        self.path.remove(&k);
        self.chances.pop();
        let (v, _, low) = best?;
        if low >= depth {
            self.memo.insert(k, v);
        }
        Some((v, low))
    }

    /// The best of the `actions` of the position at `depth`, its index, and
    /// the low-link; with `cut`, stops at a sure win.
    fn best(
        &mut self,
        actions: &[Vec<(Node, f64)>],
        depth: u32,
        cut: bool,
    ) -> Option<(f64, usize, u32)> {
        let mut order: Vec<(f64, usize)> = actions
            .iter()
            .enumerate()
            .map(|(i, outcomes)| {
                let left: f64 = outcomes.iter().map(|(n, p)| p * n.row.len() as f64).sum();
                (left, i)
            })
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0));
        let here = self.chances.get(depth as usize).copied().unwrap_or(0);
        let mut best = (-1.0, 0);
        let mut low = CLEAN;
        for (_, i) in order {
            let outcomes = &actions[i];
            let chances = here + u32::from(outcomes.len() > 1);
            let mut v = 0.0;
            // The probability of the outcomes not yet counted: once even
            // winning all of them would not beat the best action so far,
            // this action is not the best and its exact value is not needed.
            let mut rest = 1.0;
            let mut beaten = false;
            for (next, p) in outcomes {
                let (w, l) = self.value(next, depth + 1, chances)?;
                low = low.min(l);
                v += p * w;
                rest -= p;
                if cut && v + rest <= best.0 + EPSILON {
                    beaten = true;
                    break;
                }
            }
            if !beaten && v > best.0 + EPSILON {
                best = (v, i);
            }
            if cut && best.0 >= SURE {
                break;
            }
        }
        Some((best.0.clamp(0.0, 1.0), best.1, low))
    }

    /// Every action's value at the root (no cut), or `None` on a cycle
    /// with a chance step.
    fn root(&mut self, node: &Node) -> Option<Vec<f64>> {
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        self.path.insert(key(node), 0);
        self.chances.push(0);
        let mut values = Vec::with_capacity(actions.len());
        for outcomes in &actions {
            let chances = u32::from(outcomes.len() > 1);
            let mut v = 0.0;
            for (next, p) in outcomes {
                v += p * self.value(next, 1, chances)?.0;
            }
            values.push(v.clamp(0.0, 1.0));
        }
        Some(values)
    }
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
/// action that achieves it (never undo: undo only returns to a position
/// whose value is already counted).
///
/// Tries the depth-first [`Search`] first, and falls back on the graph
/// method (any position) if the search meets a cycle with a chance step or
/// runs out of budget or depth.
pub fn solve(state: &State) -> Solution {
    if let Some(solution) = solve_by_search(state) {
        return solution;
    }
    solve_by_graph(state)
}

/// [`solve`] by the depth-first search only; `None` if it meets a cycle
/// with a chance step or runs out of budget or depth.
pub fn solve_by_search(state: &State) -> Option<Solution> {
    let over = |win| Solution {
        win,
        best: None,
        positions: 0,
    };
    match state.phase {
        Phase::Won => return Some(over(1.0)),
        Phase::Lost => return Some(over(0.0)),
        _ => {}
    }
    let (node, full) = root(state);
    let mut search = Search::new(full);
    // Iterative deepening: short proofs are found without wandering down
    // long lines of swaps and revivals. A "no" under a depth limit is only
    // "not proved that short", so the refutations are forgotten between
    // rounds; the proofs are kept (they hold at any depth).
    let mut examined = 0;
    for limit in SURE_DEPTHS {
        search.depth_limit = limit;
        examined += search.refuted.len();
        search.refuted.clear();
        if let Some(action) = search.sure(&node, 0) {
            return Some(Solution {
                win: 1.0,
                best: action_at(&node, action),
                positions: examined + search.proven.len() + search.refuted.len(),
            });
        }
    }
    search.path.clear();
    let mut actions = Vec::new();
    expand(&node, full, &mut search.moves, &mut actions);
    search.path.insert(key(&node), 0);
    search.chances.push(0);
    let best = search.best(&actions, 0, true)?;
    Some(Solution {
        win: best.0.max(0.0),
        best: action_at(&node, best.1),
        positions: search.memo.len() + search.proven.len() + search.refuted.len() + 1,
    })
}

/// [`solve`] by the graph method only: enumerates every reachable position.
pub fn solve_by_graph(state: &State) -> Solution {
    match state.phase {
        Phase::Won => {
            return Solution {
                win: 1.0,
                best: None,
                positions: 0,
            }
        }
        Phase::Lost => {
            return Solution {
                win: 0.0,
                best: None,
                positions: 0,
            }
        }
        _ => {}
    }
    let (node, full) = root(state);
    let graph = explore(node, full, usize::MAX);
    let (value, choice) = solve_graph(&graph);
    let a = choice[0] as usize;
    let first = graph.action_start[0] as usize;
    let best = if a >= first && a < graph.action_start[1] as usize {
        action_at(&node, a - first)
    } else {
        None
    };
    Solution {
        win: value[0],
        best,
        positions: graph.nodes.len(),
    }
}

/// The exact winning probability of every legal action of `state` (undo
/// excluded), best first.
pub fn action_values(state: &State) -> Vec<(Action, f64)> {
    if state.phase != Phase::Activate {
        let mut out: Vec<(Action, f64)> = Vec::new();
        if let Phase::AirStrike { .. } = state.phase {
            for card in state.air_strike_options() {
                let mut next = state.clone();
                if crate::game::Game::apply(&mut next, Action::AlsoKill(card)).is_ok() {
                    out.push((Action::AlsoKill(card), solve(&next).win));
                }
            }
        }
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        return out;
    }
    let (node, full) = root(state);
    let mut moves = Vec::new();
    legal_moves(&node.row, &mut moves);
    let values = Search::new(full).root(&node).unwrap_or_else(|| {
        let graph = explore(node, full, usize::MAX);
        let (value, _) = solve_graph(&graph);
        graph
            .node_actions(0)
            .map(|a| action_value(&graph, a, &value))
            .collect()
    });
    let mut out: Vec<(Action, f64)> = moves
        .iter()
        .zip(values)
        .map(|(mv, v)| (mv.action(), v))
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
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
