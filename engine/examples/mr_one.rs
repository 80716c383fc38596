//! Issue 31: one position of a seeded random game (deal `seed`, actions by
//! `Pcg32::seed_from_u64(seed)`) after `moves` actions: its graph, and the
//! solver's time with a budget.
//!
//!   cargo run --profile bench -p engine --example mr_one -- seed moves [budget]
use engine::game::Game;
use engine::murderers_row::sample::random_action;
use engine::murderers_row::solver::{graph_stats, solve_by_graph, Solver};
use engine::murderers_row::State;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (seed, moves) = (args[0], args[1] as usize);
    let budget = args.get(2).map(|&b| b as usize).unwrap_or(250_000);
    let graph_too = args.get(3).is_some();
    let mut state = State::new(seed);
    let mut rng = Pcg32::seed_from_u64(seed);
    for _ in 0..moves {
        let pick = random_action(&state, &mut rng).expect("an action");
        state.apply(pick).expect("legal");
    }
    println!("{:?}\n{:?}", state.row(), state.history());
    let t = Instant::now();
    println!(
        "graph {:?} in {:?}",
        graph_stats(&state, 2_000_000),
        t.elapsed()
    );
    let t = Instant::now();
    let g = if graph_too {
        solve_by_graph(&state).win
    } else {
        -1.0
    };
    println!("by graph {g:?} in {:?}", t.elapsed());
    let t = Instant::now();
    let s = Solver::with_budget(&state, budget).solve(&state);
    println!("solver {s:?} in {:?}", t.elapsed());
}
