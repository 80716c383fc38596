//! Serial Killer: full 4-player games per second (single-threaded), played
//! by the rules alone and by Simple computers deciding from their seats'
//! views, and the time of one Strong decision.
//!
//! Budgets (`cargo bench -p engine --bench serial_killer`): at least 20,000
//! games per second by the rules alone (a random legal action, applied with
//! its events: what Strong's playouts run, without the events); at least
//! 5,000 games of Simple computers per second, each decision made from an
//! owned `SeatView` as in the app (a view copies the public table: about
//! 0.6 µs, most of a Simple game's time); a Strong decision at most about
//! 15 ms natively (50 ms in the browser).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::seats::{Level, SeatKind};
use engine::serial_killer::{bot, Action, Phase, State};
use engine::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::hint::black_box;

/// Games played per measured iteration.
const GAMES: u64 = 1_000;

/// Plays one 4-player game of random legal actions; returns its number of
/// turns.
fn random_game(seed: u64, rng: &mut Pcg32, actions: &mut Vec<Action>) -> u32 {
    let mut state = State::with_players(4, seed).expect("4 players");
    while !state.is_over() {
        state.legal_actions_into(actions);
        let action = actions[rng.next_u32() as usize % actions.len()];
        black_box(state.apply(action).expect("a legal action"));
    }
    state.turns()
}

fn rules_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("serial_killer_rules_games");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("4_players", |b| {
        let mut rng = Pcg32::seed_from_u64(0x5E71A1);
        let mut actions = Vec::with_capacity(64);
        let mut seed = 0u64;
        b.iter(|| {
            let mut turns = 0u64;
            for _ in 0..GAMES {
                seed = seed.wrapping_add(1);
                turns += u64::from(random_game(seed, &mut rng, &mut actions));
            }
            black_box(turns)
        });
    });
    group.finish();
}

/// Plays one 4-player Simple game; returns its number of turns.
fn simple_game(seed: u64, rng: &mut Pcg32, actions: &mut Vec<Action>) -> u32 {
    let kinds = [SeatKind::Computer(Level::Simple); 4];
    let mut state = State::new(&kinds, seed).expect("4 players");
    while !state.is_over() {
        let action = bot::simple_action(&state.view(state.current()), rng, actions);
        state.apply(action).expect("the bot plays legal actions");
    }
    state.turns()
}

fn simple_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("serial_killer_simple_games");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("4_players", |b| {
        let mut rng = Pcg32::seed_from_u64(0x5E71A1);
        let mut actions = Vec::with_capacity(64);
        let mut seed = 0u64;
        b.iter(|| {
            let mut turns = 0u64;
            for _ in 0..GAMES {
                seed = seed.wrapping_add(1);
                turns += u64::from(simple_game(seed, &mut rng, &mut actions));
            }
            black_box(turns)
        });
    });
    group.finish();
}

/// Positions where the player to act has a real choice (a drawn Jack or
/// Ace, or plays at the end of the turn with a held card), taken from
/// Simple games of `players` players.
fn decision_positions(players: usize, count: usize) -> Vec<State> {
    let mut positions = Vec::new();
    let mut rng = Pcg32::seed_from_u64(7);
    let mut actions = Vec::new();
    let kinds = vec![SeatKind::Computer(Level::Simple); players];
    for seed in 0.. {
        let mut state = State::new(&kinds, seed).expect("2 to 6 players");
        while !state.is_over() && positions.len() < count {
            let view = state.view(state.current());
            if !matches!(view.phase(), Phase::Draw { .. })
                && bot::distinct_choices(&view).len() > 1
                && seed % 3 == positions.len() as u64 % 3
            {
                positions.push(state.clone());
            }
            let action = bot::simple_action(&view, &mut rng, &mut actions);
            state.apply(action).expect("legal");
        }
        if positions.len() >= count {
            break;
        }
    }
    positions
}

fn strong_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("serial_killer_strong_decision");
    group.sample_size(20);
    for players in [2, 4, 6] {
        let positions = decision_positions(players, 64);
        group.bench_function(format!("{players}_players"), |b| {
            let mut rng = Pcg32::seed_from_u64(11);
            let mut i = 0;
            b.iter(|| {
                let state = &positions[i % positions.len()];
                i += 1;
                let view = state.view(state.current());
                black_box(bot::strong_action(&view, bot::STRONG_BUDGET, &mut rng))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, rules_games, simple_games, strong_decision);
criterion_main!(benches);
