//! Times the exact Dead Center solver ([`engine::dead_center::solver`]) on
//! fresh deals, one at a time, a new solver each (as a review after a game
//! would): the share of winnable deals, the mean best score, the median,
//! p99 and worst time per deal, and the slowest seeds.
//!
//!   cargo run --release -p engine --example dc_solve -- [variant] [count] [first-seed] [seconds] [positions] [--any]
//!
//! `variant`: standard, hard, nightmare or all (default all); `count` deals
//! from `first-seed` (default 1000 from 0); `seconds`: stop a variant once
//! it has taken that long (default: no limit), and say how many deals it
//! measured; `positions`: give up a deal after searching that many
//! positions ([`Limits::max_nodes`]; default: no limit), counted apart.
//! `--any`: only whether each deal can be won ([`Solver::find_win`]: any
//! win, not the best score; the score column is then the found line's).
//! Times are wall-clock on one thread. Each deal is printed to standard
//! error as it is done (seed, time, positions, best score).

use engine::dead_center::solver::{Limits, SolveError, Solver};
use engine::dead_center::{State, Variant};
use std::time::{Duration, Instant};

/// Slowest deals listed per variant.
const SLOWEST: usize = 5;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let any = args.iter().any(|a| a == "--any");
    args.retain(|a| a != "--any");
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
    let limit = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .map(Duration::from_secs_f64);
    let limits = Limits {
        max_nodes: args.get(4).and_then(|a| a.parse().ok()).unwrap_or(u64::MAX),
        ..Limits::default()
    };

    let score = if any {
        "mean score of the win found"
    } else {
        "mean best score"
    };
    println!("| variant | deals | winnable | {score} | median | p99 | worst | total |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut slowest_all = Vec::new();
    for variant in variants {
        let mut times: Vec<(Duration, u64, u64)> = Vec::new();
        let (mut won, mut score_sum, mut failed) = (0u64, 0u64, 0u64);
        let mut unfinished = Vec::new();
        let mut total = Duration::ZERO;
        for seed in first..first.saturating_add(count) {
            if limit.is_some_and(|limit| total >= limit) {
                break;
            }
            let state = State::new(variant, seed);
            let start = Instant::now();
            let result = Solver::new(&state, limits).and_then(|mut solver| {
                let score = if any {
                    solver.find_win(&state)?.map(|win| win.score)
                } else {
                    solver.solve(&state)?.best_score
                };
                Ok((score, solver.nodes()))
            });
            let took = start.elapsed();
            total += took;
            match result {
                Ok((score, nodes)) => {
                    if let Some(score) = score {
                        won += 1;
                        score_sum += u64::from(score);
                    }
                    eprintln!("{} {seed} {took:.1?} {nodes} {score:?}", variant.slug());
                    times.push((took, seed, nodes));
                }
                Err(SolveError::Unfinished { .. }) => {
                    eprintln!("{} {seed} {took:.1?} unfinished", variant.slug());
                    unfinished.push((seed, took));
                }
                Err(e) => {
                    failed += 1;
                    eprintln!("{} seed {seed}: {e}", variant.slug());
                }
            }
        }
        times.sort();
        let at = |p: f64| {
            let last = times.len().saturating_sub(1);
            times
                .get((last as f64 * p).round() as usize)
                .map_or(Duration::ZERO, |t| t.0)
        };
        let solved = times.len() as u64;
        let tried = solved + failed + unfinished.len() as u64;
        println!(
            "| {} | {solved} (seeds {first}–{}) | {won} ({:.1}%) | {:.2} | {:.1?} | {:.1?} | {:.1?} | {:.1?} |",
            variant.name(),
            (first + tried).saturating_sub(1),
            100.0 * won as f64 / solved.max(1) as f64,
            score_sum as f64 / won.max(1) as f64,
            at(0.5),
            at(0.99),
            at(1.0),
            total,
        );
        if failed > 0 {
            println!("({failed} deals refused)");
        }
        if !unfinished.is_empty() {
            let seeds: Vec<String> = unfinished
                .iter()
                .map(|(seed, took)| format!("{seed} ({took:.1?})"))
                .collect();
            println!(
                "({} deals unfinished within {} positions: {}; not in the times above)",
                unfinished.len(),
                limits.max_nodes,
                seeds.join(", ")
            );
        }
        for &(took, seed, nodes) in times.iter().rev().take(SLOWEST) {
            slowest_all.push((variant, seed, took, nodes));
        }
    }
    println!();
    println!("Slowest deals:");
    for (variant, seed, took, nodes) in slowest_all {
        println!(
            "  {} seed {seed}: {took:.1?}, {nodes} positions",
            variant.slug()
        );
    }
}
