//! Detective Graves: full games of two Simple computers per second
//! (single-threaded), standard game (two cases).
//!
//! Budget (`cargo bench -p engine --bench detective_graves`, the bench
//! profile): at least 1,000 Simple games per second natively (the browser's
//! wasm is about 2–3 times slower), so that a Simple decision never shows.
//! The Strong computer's decision time will be measured here too.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::detective_graves::{bot, State, Variant};
use engine::seats::{Level, Seat, SeatKind};
use engine::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::hint::black_box;

/// Games played per measured iteration.
const GAMES: u64 = 100;

/// Plays one game of two Simple computers; returns its length in actions.
fn simple_game(seed: u64, rng: &mut Pcg32) -> u32 {
    let kinds = [SeatKind::Computer(Level::Simple); 2];
    let first = Seat::new(seed as usize % 2);
    let mut state = State::new(kinds, first, Variant::default(), seed).expect("a valid game");
    let mut actions = 0;
    while let Some(seat) = state.to_act() {
        let action = bot::simple_action(&state.view(seat), rng);
        state.apply(action).expect("the bot plays legal actions");
        actions += 1;
    }
    actions
}

fn simple_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("detective_graves_simple_games");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("standard", |b| {
        let mut rng = Pcg32::seed_from_u64(0xD6);
        let mut seed = 0u64;
        b.iter(|| {
            let mut actions = 0u64;
            for _ in 0..GAMES {
                seed = seed.wrapping_add(1);
                actions += u64::from(simple_game(seed, &mut rng));
            }
            black_box(actions)
        });
    });
    group.finish();
}

criterion_group!(benches, simple_games);
criterion_main!(benches);
