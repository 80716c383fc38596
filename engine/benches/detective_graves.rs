//! Detective Graves: full games of two Simple computers per second
//! (single-threaded), standard game (two cases), each decision asked as the
//! app asks it (the seat's owned view built, then `bot_action` with the
//! game's bot seed), and the time of one Strong decision in each role.
//!
//! Budgets (`cargo bench -p engine --bench detective_graves`, the bench
//! profile, i.e. opt-level 3): at least 1,000 Simple games per second
//! natively (the browser's wasm is about 2–3 times slower), so that a
//! Simple decision never shows; a Strong decision at most 200 ms in the
//! browser, so at most about 60–80 ms natively in the worst typical case
//! and far less on average (see `strong::BUDGET`, counted in playouts and
//! simulated actions, not time).
//!
//! Strong positions: every position of standard games of two Simple
//! computers where the seat to act has a choice, taken one in five, 64 per
//! role; one pass over them is timed first (mean and maximum printed, and
//! the longest single playout step of the search as the app slices it),
//! then Criterion measures the mean.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::detective_graves::{bot, players, strong, Role, State, Variant};
use engine::seats::{Level, Seat, SeatKind};
use engine::{Game, Multiplayer};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::hint::black_box;
use std::time::Instant;

/// Games played per measured iteration.
const GAMES: u64 = 100;

/// Plays one game of two Simple computers; returns its length in actions.
fn simple_game(seed: u64) -> u32 {
    let kinds = [SeatKind::Computer(Level::Simple); 2];
    let first = Seat::new(seed as usize % 2);
    let mut state = State::new(kinds, first, Variant::default(), seed).expect("a valid game");
    let mut actions = 0;
    while let Some(seat) = state.to_act() {
        let action = State::bot_action(&state.view(seat), Level::Simple, state.bot_seed());
        state.apply(action).expect("the bot plays legal actions");
        actions += 1;
    }
    actions
}

fn simple_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("detective_graves_simple_games");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("standard", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            let mut actions = 0u64;
            for _ in 0..GAMES {
                seed = seed.wrapping_add(1);
                actions += u64::from(simple_game(seed));
            }
            black_box(actions)
        });
    });
    group.finish();
}

/// Positions of standard games of two Simple computers where the seat to
/// act plays `role` and has a choice, one in five, `count` of them.
fn positions(role: Role, count: usize) -> Vec<State> {
    let kinds = [SeatKind::Computer(Level::Simple); 2];
    let mut rng = Pcg32::seed_from_u64(0xD6);
    let mut positions = Vec::new();
    let mut taken = 0u64;
    for seed in 0.. {
        let first = Seat::new(seed as usize % 2);
        let mut state = State::new(kinds, first, Variant::default(), seed).expect("a valid game");
        while let Some(seat) = state.to_act() {
            let view = state.view(seat);
            if view.role() == role && view.legal_actions().len() > 1 {
                taken += 1;
                if taken.is_multiple_of(5) && positions.len() < count {
                    positions.push(state.clone());
                }
            }
            let action = bot::simple_action(&view, &mut rng);
            state.apply(action).expect("the bot plays legal actions");
        }
        if positions.len() >= count {
            break;
        }
    }
    positions
}

/// One Strong decision at `state`, with the app's budget.
fn strong_decision_at(state: &State, seed: u64) -> engine::detective_graves::Action {
    let view = state.view(state.to_act().expect("a seat to act"));
    State::bot_action(&view, Level::Strong, seed)
}

/// The longest single step (one playout) of the Strong search at `state`,
/// in milliseconds.
fn longest_step(state: &State, seed: u64) -> f64 {
    let view = state.view(state.to_act().expect("a seat to act"));
    let mut search = players::strong_search(&view, seed);
    let mut longest = 0.0f64;
    loop {
        let start = Instant::now();
        let done = search.step(1).is_some();
        longest = longest.max(start.elapsed().as_secs_f64() * 1e3);
        if done {
            return longest;
        }
    }
}

fn strong_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("detective_graves_strong_decision");
    group.sample_size(20);
    for (name, role) in [
        ("detective", Role::Detective),
        ("mastermind", Role::Mastermind),
    ] {
        let positions = positions(role, 64);
        let times: Vec<f64> = positions
            .iter()
            .enumerate()
            .map(|(i, state)| {
                let start = Instant::now();
                black_box(strong_decision_at(state, i as u64));
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        // The app works the search one playout at a time between frames:
        // the longest of those steps bounds how long the page can wait.
        let slice = positions
            .iter()
            .enumerate()
            .map(|(i, state)| longest_step(state, i as u64))
            .fold(0.0, f64::max);
        println!(
            "Strong {name} ({} playouts, {} actions): {} positions, one pass: \
             mean {mean:.2} ms, max {max:.2} ms; longest single playout step {slice:.3} ms",
            strong::BUDGET.playouts,
            strong::BUDGET.steps,
            positions.len()
        );
        group.bench_function(name, |b| {
            let mut i = 0;
            b.iter(|| {
                let state = &positions[i % positions.len()];
                i += 1;
                black_box(strong_decision_at(state, i as u64))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, simple_games, strong_decision);
criterion_main!(benches);
