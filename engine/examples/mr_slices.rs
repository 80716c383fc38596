//! How long questions go in slices (issue 14): for each fresh deal given,
//! the hint worked out as the app's worker does it (slices of
//! `advice::SLICE` positions with one solver, progress after each) against
//! one call with no budget, and whether the two agree:
//!
//!   cargo run --profile bench -p engine --example mr_slices -- [seed...]
//!
//! With no seeds: the slowest fresh deals of the position sample (see
//! `solver/mod.rs`), 10086 the worst known.
use engine::murderers_row::advice::{answer_with_progress, Answer, Question, SLICE};
use engine::murderers_row::solver::solve;
use engine::murderers_row::State;
use std::time::Instant;

fn main() {
    let mut seeds: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if seeds.is_empty() {
        seeds = vec![10278, 10182, 10102, 10086];
    }
    for seed in seeds {
        let question = Question::Hint {
            seed,
            history: Vec::new(),
        };
        let start = Instant::now();
        let mut reports = 0;
        let mut last = None;
        let sliced = answer_with_progress(&question, SLICE, &mut |p| {
            reports += 1;
            last = Some((p, start.elapsed()));
        });
        let sliced_time = start.elapsed();
        let start = Instant::now();
        let whole = solve(&State::new(seed));
        let whole_time = start.elapsed();
        let agrees = matches!(sliced, Answer::Hint(h) if h.win == whole.win);
        println!(
            "deal {seed}: sliced {sliced_time:.2?} ({reports} progress reports, last {last:?}), one call {whole_time:.2?} ({} positions), value {}, agree {agrees}",
            whole.positions, whole.win
        );
    }
}
