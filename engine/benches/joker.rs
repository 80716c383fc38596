//! Joker: full games of Simple computers per second (single-threaded), and
//! the time of one Strong decision in each role, on positions taken from
//! games.
//!
//! Budgets (`cargo bench -p engine --bench joker`, the bench profile, i.e.
//! opt-level 3; the browser's wasm is about 2–3 times slower): at least
//! 20,000 Simple games per second; a Strong decision at most 10 ms natively
//! (50 ms in the browser), in either role and against either Informant.
//! The Strong Vigilante costs most against a Strong Informant, whose mix of
//! answers it recomputes for every probe of the log and for every probe and
//! roll it weighs (see `bot::STRONG_BUDGET`).
//!
//! Each decision reads an owned `SeatView` built for it (the public log
//! copied in): its cost is in the Simple games' figures. Measured with the
//! same settings before and after the views became owned, on a machine
//! shared with other builds: 40 k and 18 k games/s (2 and 4 players)
//! before, 36 k and 18 k after.
//!
//! Positions: every position of the first rounds of games of three
//! computers where the seat to act has a choice (a Vigilante's turn, or an
//! answer to give), taken one in three, 64 per case.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::joker::bot::{self, JokerBot};
use engine::joker::{Action, Phase, State};
use engine::seats::{Bot, Level, SeatKind};
use engine::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::hint::black_box;

/// Games played per measured iteration.
const GAMES: u64 = 1_000;

/// Plays one game of `players` Simple computers; returns its length in
/// actions.
fn simple_game(players: usize, seed: u64, rng: &mut Pcg32) -> u32 {
    let kinds = vec![SeatKind::Computer(Level::Simple); players];
    let mut state = State::new(&kinds, seed).expect("2 to 4 players");
    let mut actions = 0;
    while let Some(seat) = state.to_act() {
        let action = bot::simple_action(&state.view(seat), rng);
        state.apply(action).expect("the bot plays legal actions");
        actions += 1;
    }
    actions
}

fn simple_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("joker_simple_games");
    group.throughput(Throughput::Elements(GAMES));
    for players in [2, 4] {
        group.bench_function(format!("{players}_players"), |b| {
            let mut rng = Pcg32::seed_from_u64(0x10CE);
            let mut seed = 0u64;
            b.iter(|| {
                let mut actions = 0u64;
                for _ in 0..GAMES {
                    seed = seed.wrapping_add(1);
                    actions += u64::from(simple_game(players, seed, &mut rng));
                }
                black_box(actions)
            });
        });
    }
    group.finish();
}

/// Positions of first rounds of games of three computers, the Informant of
/// `informant`'s level and Simple Vigilantes, where a Vigilante is to act
/// (`answer` false) or the Informant must answer (`answer` true).
fn positions(informant: Level, answer: bool, count: usize) -> Vec<State> {
    let kinds = [
        SeatKind::Computer(informant),
        SeatKind::Computer(Level::Simple),
        SeatKind::Computer(Level::Simple),
    ];
    let mut positions = Vec::new();
    let mut taken = 0u64;
    for seed in 0.. {
        let mut state = State::new(&kinds, seed).expect("3 players");
        let mut bots: Vec<JokerBot> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| JokerBot::new(k.level().expect("computers"), seed * 4 + i as u64))
            .collect();
        while state.round() == 0 && positions.len() < count {
            let seat = state.to_act().expect("a round in play");
            if matches!(state.phase(), Phase::Answer { .. }) == answer {
                taken += 1;
                if taken.is_multiple_of(3) {
                    positions.push(state.clone());
                }
            }
            let action = bots[seat.index()].choose(&state.view(seat));
            state.apply(action).expect("legal");
        }
        if positions.len() >= count {
            break;
        }
    }
    positions
}

fn strong_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("joker_strong_decision");
    group.sample_size(30);
    let cases = [
        ("vigilante_vs_simple_informant", Level::Simple, false),
        ("vigilante_vs_strong_informant", Level::Strong, false),
        ("informant", Level::Strong, true),
    ];
    for (name, informant, answer) in cases {
        let positions = positions(informant, answer, 64);
        group.bench_function(name, |b| {
            let mut rng = Pcg32::seed_from_u64(11);
            let mut i = 0;
            b.iter(|| {
                let state = &positions[i % positions.len()];
                i += 1;
                let view = state.view(state.to_act().expect("a seat to act"));
                let action: Action = bot::strong_action(&view, bot::STRONG_BUDGET, &mut rng);
                black_box(action)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, simple_games, strong_decision);
criterion_main!(benches);
