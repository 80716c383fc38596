//! The graph method (steps 1–3 of the solver's module doc): every
//! reachable position enumerated ([`explore`]), the strongly connected
//! components solved in reverse topological order, by policy iteration with
//! exact linear systems or, past a size, by value iteration
//! ([`solve_graph`]). Apart from the searches: it keeps no tables and has no
//! budget, and it is the reference the tests compare the searches with.

use super::hasher::Map;
use super::position::{action_at, expand, key, kind_of, Key, Kind, Node, Pips};
use super::Solution;
use std::collections::HashMap;

/// The reachable graph: positions, their actions and each action's
/// successors with their probabilities.
pub(super) struct Graph {
    pub(super) nodes: Vec<Node>,
    pub(super) kind: Vec<Kind>,
    /// Node `i`'s actions are `actions[action_start[i]..action_start[i + 1]]`.
    pub(super) action_start: Vec<u32>,
    /// Action `a`'s outcomes are `edges[actions[a]..actions[a + 1]]` (one
    /// sentinel at the end).
    actions: Vec<u32>,
    edges: Vec<(u32, f64)>,
}

impl Graph {
    pub(super) fn node_actions(&self, i: usize) -> std::ops::Range<usize> {
        self.action_start[i] as usize..self.action_start[i + 1] as usize
    }

    fn outcomes(&self, a: usize) -> &[(u32, f64)] {
        &self.edges[self.actions[a] as usize..self.actions[a + 1] as usize]
    }
}

/// Enumerates every position reachable from `root`.
pub(super) fn explore(root: Node, full: Pips, limit: usize) -> Graph {
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
pub(super) fn components(graph: &Graph) -> Vec<Vec<u32>> {
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
pub(super) const EPSILON: f64 = 1e-12;

/// The value of each action of node `i` under the values `value`.
pub(super) fn action_value(graph: &Graph, a: usize, value: &[f64]) -> f64 {
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
pub(super) fn solve_graph(graph: &Graph, component_limit: usize) -> Option<(Vec<f64>, Vec<u32>)> {
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

/// The value of `node` by the graph method, if its graph has fewer than
/// `limit` positions and none of its components with cycles more than
/// `component_limit`.
pub(super) fn graph_solution(
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
