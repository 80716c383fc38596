//! The difficulty of Murderers' Row deals, and the measures it was chosen
//! from (issue 14):
//!
//!   cargo run --release -p engine --example mr_difficulty -- [deals] [compared] [--budget=N] [--exact]
//!
//! For deals 0..deals (default 1000), each solver call within the budget
//! of the app's search for a deal of a level (`advice::LEVEL_BUDGET`, or
//! N positions; deals it cannot rate are listed as unsolved), or with
//! `--exact` as the
//! table's "Deal difficulty" rates it (in slices until the exact answer):
//! the level, the share of first moves that keep the deal's best chance,
//! and how long the solver took; a table of the levels. For the first
//! `compared` deals (default 200) it also plays 400 games of uniformly
//! random legal moves (the chance of a careless player, estimated) and
//! prints the rank correlation of each candidate measure with it.
//!
//! The distribution over 1,000 deals as the app rates them:
//!
//!   cargo run --profile bench -p engine --example mr_difficulty -- 1000 0 --exact
//!
//! (Some deals take very long exactly: with a Medic and a Bugler alive,
//! revivals have no bound, and showing that a move is no sure win can
//! mean most of a huge graph: deal 33 ran over 20 minutes without an
//! answer. With `--budget=3000000`, the hint's budget per call, 962 of
//! deals 0..1000 are rated in under 4 minutes in all, median 6.7 ms.)
mod common;
use common::spearman;
use engine::murderers_row::advice::{answer, Answer, Question, LEVEL_BUDGET};
use engine::murderers_row::difficulty::{difficulty, hinted_line, Level};
use engine::murderers_row::sample::random_action;
use engine::murderers_row::solver::Solver;
use engine::murderers_row::State;
use engine::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::{Duration, Instant};

fn random_player(seed: u64, games: u32) -> f64 {
    let mut rng = Pcg32::seed_from_u64(seed ^ 0xd1ff);
    let mut won = 0;
    for _ in 0..games {
        let mut state = State::new(seed);
        // Swaps and revivals can go on and on: a game past 300 actions
        // counts as lost.
        while !state.is_over() && state.history().len() < 300 {
            let Some(pick) = random_action(&state, &mut rng) else {
                break;
            };
            if state.apply(pick).is_err() {
                break;
            }
        }
        won += u32::from(state.status() == engine::murderers_row::Status::Won);
    }
    f64::from(won) / f64::from(games)
}

fn main() {
    let exact = std::env::args().any(|a| a == "--exact");
    // `--budget=N`: each solver call within N positions instead.
    let budget = std::env::args()
        .find_map(|a| a.strip_prefix("--budget=")?.parse().ok())
        .unwrap_or(LEVEL_BUDGET);
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let compared: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let run = Instant::now();
    let mut counts = [0u32; 4];
    let mut uncertain = 0;
    let mut unsolved = Vec::new();
    let mut times: Vec<(Duration, u64)> = Vec::new();
    let (mut share, mut keeping, mut odds, mut moves, mut careless) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut line_product, mut line_min, mut line_steps) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 0..deals {
        let deal = State::new(seed);
        let start = Instant::now();
        let found = if exact {
            match answer(&Question::Difficulty(seed)) {
                Answer::Difficulty { difficulty, .. } => Ok(difficulty),
                _ => Err(()),
            }
        } else {
            difficulty(&mut Solver::with_budget(&deal, budget), &deal).map_err(|_| ())
        };
        times.push((start.elapsed(), seed));
        let Ok(d) = found else {
            unsolved.push(seed);
            continue;
        };
        counts[d.level as usize] += 1;
        uncertain += u32::from(!d.certain());
        if seed < compared {
            careless.push(random_player(seed, 400));
            let line = hinted_line(&mut Solver::with_budget(&deal, LEVEL_BUDGET), &deal)
                .unwrap_or_default();
            let product: f64 = line
                .iter()
                .map(|&(k, m)| f64::from(k) / f64::from(m))
                .product();
            let narrowest = line
                .iter()
                .map(|&(k, m)| f64::from(k) / f64::from(m))
                .fold(1.0, f64::min);
            let steps = line.iter().filter(|&&(k, m)| 2 * k < m).count();
            line_product.push(product);
            line_min.push(narrowest);
            line_steps.push(-(steps as f64));

            share.push(f64::from(d.keeping) / f64::from(d.moves));
            keeping.push(f64::from(d.keeping));
            odds.push(d.win);
            moves.push(-f64::from(d.moves));
        }
        println!(
            "deal {seed}: {} ({:?})",
            d.sentence(),
            times.last().map(|t| t.0).unwrap_or_default()
        );
        if (seed + 1) % 100 == 0 {
            println!(
                "after {} deals: {counts:?} (easy, medium, hard, fiendish), unsolved {}",
                seed + 1,
                unsolved.len()
            );
        }
    }
    times.sort();
    let n = times.len();
    println!(
        "{deals} deals: difficulty median {:?}, p99 {:?}, worst {:?} (deal {}), unsolved {:?}",
        times[n / 2].0,
        times[(n - 1) * 99 / 100].0,
        times[n - 1].0,
        times[n - 1].1,
        unsolved
    );
    let rating = if exact {
        "exact, in slices as the app rates a deal".to_string()
    } else {
        format!("each solver call within {budget} positions")
    };
    println!("deals 0..{deals}, {rating}, in {:.0?}:", run.elapsed());
    println!("| level | deals | share |");
    println!("|---|---:|---:|");
    let percent = |c: u64| 100.0 * c as f64 / deals.max(1) as f64;
    let solved: u32 = counts.iter().sum();
    for level in Level::ALL {
        let c = counts[level as usize];
        println!("| {} | {c} | {:.1}% |", level.name(), percent(c.into()));
    }
    let unrated = unsolved.len() as u64;
    println!(
        "| too hard to rate | {unrated} | {:.1}% |",
        percent(unrated)
    );
    println!("not certain wins: {uncertain} of {solved}");
    if !careless.is_empty() {
        println!(
            "rank correlation with a random player's win rate over {} deals (400 games each):",
            careless.len()
        );
        println!(
            "  share of first moves keeping the best chance: {:.3}",
            spearman(&share, &careless)
        );
        println!(
            "  number of first moves keeping it: {:.3}",
            spearman(&keeping, &careless)
        );
        println!(
            "  deal odds with perfect play: {:.3}",
            spearman(&odds, &careless)
        );
        println!(
            "  fewer legal first moves: {:.3}",
            spearman(&moves, &careless)
        );
        println!(
            "  hinted line, product of keeping shares: {:.3}",
            spearman(&line_product, &careless)
        );
        println!(
            "  hinted line, narrowest keeping share: {:.3}",
            spearman(&line_min, &careless)
        );
        println!(
            "  hinted line, fewer steps where most moves lose: {:.3}",
            spearman(&line_steps, &careless)
        );
        let mut c = careless.clone();
        c.sort_by(f64::total_cmp);
        println!(
            "  random player's win rate: min {:.3}, median {:.3}, max {:.3}",
            c[0],
            c[c.len() / 2],
            c[c.len() - 1]
        );
    }
}
