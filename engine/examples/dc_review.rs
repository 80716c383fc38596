//! Times the review of finished games (issue 28): each deal played with the
//! first legal move to the end, then reviewed as the app's worker does.
//!
//! `cargo run --release -p engine --example dc_review -- <variant> <from> <count>`

use engine::dead_center::advice::{review, MOST};
use engine::dead_center::{State, Variant};
use engine::Game;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = Variant::from_slug(args.first().map_or("standard", String::as_str))
        .expect("a variant: standard, hard or nightmare");
    let from: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let count: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let mut times = Vec::new();
    for seed in from..from + count {
        let mut state = State::new(variant, seed);
        while !state.is_over() {
            let action = *state
                .legal_actions()
                .iter()
                .find(|a| a.is_move())
                .expect("a move");
            state.apply(action).expect("legal");
        }
        let started = Instant::now();
        let mut reports = 0;
        let answer = review(variant, seed, state.history(), MOST, &mut |_| reports += 1);
        let took = started.elapsed().as_secs_f64();
        times.push(took);
        match answer {
            Ok(r) => println!(
                "seed {seed}: {took:.2} s, {reports} progress reports, deal best {:?}, mistake at {:?} of {} moves",
                r.deal_best,
                r.mistake.map(|m| m.index),
                state.history().len()
            ),
            Err(why) => println!("seed {seed}: {took:.2} s, {why}"),
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "median {:.2} s, worst {:.2} s",
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
