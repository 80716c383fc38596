//! The solver's tests: the kill bounds and the keys against brute force,
//! the revival levels, the searches and the iterative component solver
//! against the graph method (one solver along random games, as the app keeps
//! one), and the budget. Apart so that each file of the solver holds one
//! idea; the tests share the random positions and games they are drawn from.

use super::bounds::{certain_kill_bound, hopeless, kill_bound, revival_possible, KillBounds};
use super::calls::Solver;
use super::graph::{explore, solve_graph};
use super::levels::in_a_level;
use super::position::{expand, key, kind_of, reduce, root, slow_key, Key, Kind, Node, Pips};
use super::search::CERTAIN;
use super::{graph_action_values, graph_stats, solve_by_graph, Unsolved};
use crate::murderers_row::{Action, Killer, Phase, Slot, State, Target};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use std::collections::HashMap;

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
        .map(|(next, _)| n - next.row.len() as u32 + most_kills_ever(next, full, memo, depth + 1))
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

/// A position the bound calls hopeless is lost: the graph method says 0.
/// Air Strike choices included (hopeless when both choices are).
#[test]
fn hopeless_positions_are_lost() {
    let (mut hopeless_seen, mut revived, mut choices) = (0, 0, 0);
    for seed in 0..400 {
        let (nodes, full) = random_node_and_successors(seed);
        for node in nodes {
            if (node.choice.is_some() || kind_of(&node) == Kind::Open) && hopeless(&node, CERTAIN) {
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
