//! Random Dead Center games per second, single-threaded: deal from a seed,
//! then play uniformly random legal actions (never Undo, never Hint) to the
//! end.
//!
//! Budget: at least 200,000 games per second natively (`cargo bench -p engine`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use engine::dead_center::{Action, State, Variant};
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

criterion_group!(benches, random_games);
criterion_main!(benches);
