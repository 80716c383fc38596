//! Issue 31: every position with at most seven cards and the Medic and the
//! Bugler alive, reached in seeded random games (deal `s`, actions drawn
//! with `Pcg32::seed_from_u64(s)`), asked as the app asks a hint
//! ([`advice::answer`]) and checked against [`solve_by_graph`]; prints the
//! count, the worst time and the slowest positions:
//!
//!   cargo run --profile bench -p engine --example mr_small -- [from] [games]
use engine::game::Game;
use engine::murderers_row::advice::{answer, Answer, Question};
use engine::murderers_row::sample::random_action;
use engine::murderers_row::solver::{graph_stats, solve_by_graph};
use engine::murderers_row::{Killer, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let from: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(0);
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(2_000);
    let mut times: Vec<(Duration, u64, usize, f64)> = Vec::new();
    let mut checked = 0;
    let mut failed = 0;
    for seed in from..from + games {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        while !state.is_over() {
            let row = state.row();
            let alive = |k: Killer| row.iter().any(|s| s.card == k);
            if row.len() <= 7 && alive(Killer::Medic) && alive(Killer::Bugler) {
                let history = state.history().to_vec();
                if std::env::var("MR_TRACE").is_ok() {
                    eprintln!("deal {seed} after {} actions", history.len());
                }
                let start = Instant::now();
                let got = answer(&Question::Hint {
                    seed,
                    history: history.clone(),
                });
                let took = start.elapsed();
                // Checked where the graph method applies (a graph under
                // 100,000 positions).
                let small = graph_stats(&state, 100_000).0 < 100_000;
                let expected = if small {
                    solve_by_graph(&state).win
                } else {
                    f64::NAN
                };
                checked += usize::from(small);
                match got {
                    Answer::Hint(h) => assert!(
                        !small || (h.win - expected).abs() < 1e-9,
                        "seed {seed} {history:?}: {} vs {expected}",
                        h.win
                    ),
                    other => {
                        println!("deal {seed} {history:?}: {other:?} in {took:?}");
                        failed += 1;
                    }
                }
                times.push((took, seed, history.len(), expected));
            }
            let pick = random_action(&state, &mut rng).expect("an action");
            state.apply(pick).expect("legal");
        }
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!(
        "{} positions asked, {failed} not answered, {checked} checked against the graph method",
        times.len()
    );
    for (took, seed, moves, win) in times.iter().take(10) {
        println!("{took:?}  deal {seed} after {moves} actions  win {win}");
    }
}
