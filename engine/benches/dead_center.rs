//! Random Dead Center games per second, single-threaded: deal from a seed,
//! then play uniformly random legal actions (never Undo, never Hint) to the
//! end.
//!
//! Budget: at least 200,000 games per second natively (`cargo bench -p engine`).
//!
//! Then the exact solver ([`solver::solve`], a new solver each time) on the
//! slowest fresh deals of its sweep (`cargo run --release -p engine
//! --example dc_solve -- all 10000 0 400`, which prints them), per variant:
//! `dead_center_solver_slowest`. Each takes 15 to 50 seconds, so ten samples
//! (about 20 minutes in all): `cargo bench -p engine --bench dead_center --
//! solver`.
//!
//! Whether a deal can be won at all ([`Solver::find_win`], as the table's
//! rating asks) on the slowest of 10,000 fresh deals per variant
//! (`cargo run --release -p engine --example dc_solve -- all 10000 0 100000
//! 3000000 --any`): `dead_center_winnable_slowest`, a few seconds each.
//!
//! A hint at the default budget ([`hint::suggest`], what the table's Hint
//! asks), by phase, over the positions of 20 Standard games played half by
//! the hints and half at random: `dead_center_hint` (`cargo bench -p engine
//! --bench dead_center -- hint`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine::dead_center::solver::{self, solve, Limits, Solver};
use engine::dead_center::{hint, Action, Phase, State, Variant};
use engine::Game;
use rand::RngCore;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::hint::black_box;

/// Games played per measured iteration.
const GAMES: u64 = 1_000;

/// Plays one random game and returns its number of completed turns.
fn random_game(variant: Variant, seed: u64, rng: &mut Pcg32, actions: &mut Vec<Action>) -> u16 {
    let mut state = State::new(variant, seed);
    while !state.is_over() {
        state.legal_actions_into(actions);
        // Hint, legal while the game runs, is listed last, and Undo, when
        // legal, just before it (a unit test checks it).
        if actions.last() == Some(&Action::Hint) {
            actions.pop();
        }
        if actions.last() == Some(&Action::Undo) {
            actions.pop();
        }
        let pick = actions[(rng.next_u32() as usize) % actions.len()];
        state
            .apply(pick)
            .expect("a legal action applies without error");
    }
    state.turns()
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("dead_center_random_games");
    group.throughput(Throughput::Elements(GAMES));
    for variant in Variant::ALL {
        group.bench_with_input(
            BenchmarkId::from_parameter(variant.slug()),
            &variant,
            |b, &variant| {
                let mut rng = Pcg32::seed_from_u64(0xDEAD_C0DE);
                let mut actions = Vec::with_capacity(16);
                let mut seed = 0u64;
                b.iter(|| {
                    let mut turns = 0u64;
                    for _ in 0..GAMES {
                        seed = seed.wrapping_add(1);
                        turns += u64::from(random_game(variant, seed, &mut rng, &mut actions));
                    }
                    black_box(turns)
                });
            },
        );
    }
    group.finish();
}

/// The slowest deal of each variant in the solver's sweep (seeds 0–118
/// Standard, 0–163 Hard, 0–202 Nightmare: what 400 s per variant allowed;
/// measured 34.3 s, 14.2 s and 52.4 s), with its best score (checked, so
/// that a faster solver is not a wrong one). Deals that did not finish
/// within 20 million positions (Standard 42, 83, 102; Hard 110, 113, 116;
/// Nightmare 152, 202) are not here: their time is not known.
const SLOWEST_DEALS: [(Variant, u64, Option<u8>); 3] = [
    (Variant::Standard, 26, Some(10)),
    (Variant::Hard, 28, Some(8)),
    (Variant::Nightmare, 124, Some(7)),
];

/// Ten samples of `run` on each deal of `deals`, which checks its answer
/// against the one given with the deal.
fn bench_deals<T: Copy>(
    c: &mut Criterion,
    name: &str,
    deals: &[(Variant, u64, T)],
    run: fn(&State, T) -> u64,
) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for &(variant, seed, expected) in deals {
        let state = State::new(variant, seed);
        group.bench_with_input(
            BenchmarkId::new(variant.slug(), seed),
            &state,
            |b, state| b.iter(|| black_box(run(state, expected))),
        );
    }
    group.finish();
}

fn solver_slowest(c: &mut Criterion) {
    bench_deals(
        c,
        "dead_center_solver_slowest",
        &SLOWEST_DEALS,
        |state, best| {
            let solution: solver::Solution = solve(state).expect("solved");
            assert_eq!(solution.best_score, best);
            solution.nodes
        },
    );
}

/// The slowest deal of each variant to prove winnable in that sweep (4.4 s,
/// 2.5 s and 2.7 s), with the score of the win found (checked).
const SLOWEST_TO_WIN: [(Variant, u64, u8); 3] = [
    (Variant::Standard, 4320, 1),
    (Variant::Hard, 6288, 7),
    (Variant::Nightmare, 3269, 0),
];

fn winnable_slowest(c: &mut Criterion) {
    bench_deals(
        c,
        "dead_center_winnable_slowest",
        &SLOWEST_TO_WIN,
        |state, score| {
            let mut solver = Solver::new(state, Limits::default()).expect("a deal");
            let win = solver.find_win(state).expect("answered").expect("winnable");
            assert_eq!(win.score, score);
            solver.nodes()
        },
    );
}

/// The positions of 20 Standard games, each move a hint's (at a small
/// budget) or a random legal one, by turns.
fn hint_positions() -> Vec<State> {
    let mut rng = Pcg32::seed_from_u64(8);
    let mut positions = Vec::new();
    let mut actions = Vec::new();
    for game in 0..20u64 {
        let mut state = State::new(Variant::Standard, 300 + game);
        while !state.is_over() {
            positions.push(state.clone());
            let action = if rng.next_u32() % 2 == 0 {
                hint::suggest_with(&state, game, 2_000)
                    .expect("a hint while the game runs")
                    .action
            } else {
                state.legal_actions_into(&mut actions);
                actions.retain(|a| !matches!(a, Action::Hint | Action::Undo));
                actions[(rng.next_u32() as usize) % actions.len()]
            };
            state.apply(action).expect("legal");
        }
    }
    positions
}

/// The phase a hint is asked in, as the bench names it.
fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Reveal => "reveal",
        Phase::Draw => "draw",
        Phase::Place { .. } => "place",
        _ => "other",
    }
}

fn hints(c: &mut Criterion) {
    let positions = hint_positions();
    let mut group = c.benchmark_group("dead_center_hint");
    group.sample_size(20);
    for name in ["reveal", "draw", "place"] {
        let of_phase: Vec<&State> = positions
            .iter()
            .filter(|s| phase_name(&s.phase()) == name)
            .collect();
        group.bench_function(name, |b| {
            let mut i = 0;
            b.iter(|| {
                let state = of_phase[i % of_phase.len()];
                i += 1;
                black_box(hint::suggest(state, i as u64))
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    random_games,
    solver_slowest,
    winnable_slowest,
    hints
);
criterion_main!(benches);
