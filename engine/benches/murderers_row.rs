//! The Murderers' Row exact solver, natively (`cargo bench -p engine --bench
//! murderers_row`). Prints two workloads, timed one position at a time:
//!
//! - fresh 10-card deals, seeds 0..100: median and worst;
//! - every position of random-play games (uniformly random legal actions
//!   from the deals of seeds 0..200), solved in turn with one [`Solver`] per
//!   game as the app does: median, p99 and worst.
//!
//! Then a criterion group times a few representative deals.
//! Budget: fresh deals median under 200 ms; every position solved.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::murderers_row::solver::{Solver, Unsolved};
use engine::murderers_row::{Action, State};
use engine::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::hint::black_box;
use std::time::{Duration, Instant};

const FRESH_DEALS: u64 = 100;
const RANDOM_GAMES: u64 = 200;

fn percentile(sorted: &[(Duration, String)], p: f64) -> &(Duration, String) {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    &sorted[i]
}

fn report(name: &str, mut times: Vec<(Duration, String)>, unsolved: usize) {
    times.sort_by_key(|t| t.0);
    let total: Duration = times.iter().map(|t| t.0).sum();
    let (worst, which) = times.last().expect("some positions");
    println!(
        "{name}: {} positions, median {:?}, p99 {:?}, worst {worst:?} ({which}), total {total:?}, unsolved {unsolved}",
        times.len(),
        percentile(&times, 0.5).0,
        percentile(&times, 0.99).0,
    );
}

/// Solves every fresh deal with a new solver each.
fn fresh_deals() {
    let mut times = Vec::new();
    let mut unsolved = 0;
    for seed in 0..FRESH_DEALS {
        let state = State::new(seed);
        let start = Instant::now();
        let result = Solver::new(&state).solve(&state);
        let elapsed = start.elapsed();
        if result.is_err() {
            unsolved += 1;
        }
        times.push((elapsed, format!("seed {seed}")));
    }
    report("fresh deals", times, unsolved);
}

/// Plays random games and solves every position reached (one solver per
/// game, kept between positions).
fn random_play() {
    let mut times = Vec::new();
    let mut unsolved = 0;
    for seed in 0..RANDOM_GAMES {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed ^ 0x5eed);
        let mut solver = Solver::new(&state);
        let mut step = 0;
        while !state.is_over() {
            let start = Instant::now();
            let result: Result<_, Unsolved> = solver.solve(&state);
            let elapsed = start.elapsed();
            if result.is_err() {
                unsolved += 1;
            }
            times.push((elapsed, format!("seed {seed} step {step}")));
            let actions: Vec<Action> = state
                .legal_actions()
                .into_iter()
                .filter(|&a| a != Action::Undo)
                .collect();
            let pick = actions[(rng.next_u32() as usize) % actions.len()];
            state.apply(pick).expect("a legal action applies");
            step += 1;
        }
    }
    report("random-play positions", times, unsolved);
}

fn workloads(c: &mut Criterion) {
    fresh_deals();
    random_play();
    let mut group = c.benchmark_group("murderers_row_solve_fresh_deal");
    group.sample_size(10);
    for seed in [0u64, 29, 97] {
        let state = State::new(seed);
        group.bench_with_input(BenchmarkId::from_parameter(seed), &state, |b, state| {
            b.iter(|| Solver::new(state).solve(black_box(state)))
        });
    }
    group.finish();
}

criterion_group!(benches, workloads);
criterion_main!(benches);
