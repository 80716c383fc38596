//! Times the exact Dead Center solver on fresh deals, one at a time, a new
//! solver each: the share of winnable deals, the best scores, the median,
//! p99 and worst time per deal, and the slowest seeds.
//!
//!   cargo run --release -p engine --example dc_solve -- [variant] [count] [first-seed]
//!
//! `variant`: standard, hard, nightmare or all (default all); `count`
//! deals from `first-seed` (default 1000 from 0).

use engine::dead_center::solver::solve;
use engine::dead_center::{State, Variant};
use std::time::{Duration, Instant};

/// Slowest deals listed per variant.
const SLOWEST: usize = 10;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variants = match args.first().map(String::as_str) {
        None | Some("all") => Variant::ALL.to_vec(),
        Some(slug) => match Variant::from_slug(slug) {
            Some(v) => vec![v],
            None => {
                eprintln!("unknown variant {slug}: standard, hard, nightmare or all");
                std::process::exit(2);
            }
        },
    };
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let first: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);

    println!("| variant | deals | winnable | mean best score | median | p99 | worst | total |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut slowest_all = Vec::new();
    for variant in variants {
        let mut times: Vec<(Duration, u64, u64)> = Vec::new();
        let mut won = 0u64;
        let mut score_sum = 0u64;
        let mut failed = 0u64;
        for seed in first..first + count {
            let state = State::new(variant, seed);
            let start = Instant::now();
            let result = solve(&state);
            let took = start.elapsed();
            match result {
                Ok(solution) => {
                    if let Some(score) = solution.best_score {
                        won += 1;
                        score_sum += u64::from(score);
                    }
                    times.push((took, seed, solution.nodes));
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("{} seed {seed}: {e}", variant.slug());
                }
            }
        }
        times.sort();
        let at = |p: f64| {
            times
                .get(((times.len().saturating_sub(1)) as f64 * p).round() as usize)
                .map_or(Duration::ZERO, |t| t.0)
        };
        let total: Duration = times.iter().map(|t| t.0).sum();
        let solved = times.len() as u64;
        println!(
            "| {} | {solved} | {won} ({:.1}%) | {:.2} | {:?} | {:?} | {:?} | {:.1?} |",
            variant.name(),
            100.0 * won as f64 / solved.max(1) as f64,
            score_sum as f64 / won.max(1) as f64,
            at(0.5),
            at(0.99),
            at(1.0),
            total,
        );
        if failed > 0 {
            println!("({failed} deals without an answer)");
        }
        for &(took, seed, nodes) in times.iter().rev().take(SLOWEST) {
            slowest_all.push((variant, seed, took, nodes));
        }
    }
    println!();
    println!("Slowest deals:");
    for (variant, seed, took, nodes) in slowest_all {
        println!(
            "  {} seed {seed}: {took:?}, {nodes} positions",
            variant.slug()
        );
    }
}
