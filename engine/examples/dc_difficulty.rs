//! The difficulty of Dead Center deals, and the measures it was chosen
//! from (issue 28; the results are in `dead_center::difficulty`'s doc):
//!
//!   cargo run --release -p engine --example dc_difficulty -- compare [variant|all] [deals] [plays] [budget] [solved]
//!   cargo run --release -p engine --example dc_difficulty -- budget [deals] [plays] [budgets]
//!   cargo run --release -p engine --example dc_difficulty -- levels [variant|all] [deals]
//!
//! `compare`: for deals 0..deals (default 200) of each variant, how players
//! do on the deal (the ground truth): a player following the hints
//! (`hint::suggest_with` at `budget` simulated turns, default 3,000; a new
//! hint seed each game) wins it in `plays` games (default 24), and a player
//! picking uniformly among the legal moves (never Undo or Hint) in 2,000
//! games. The ground truth is kept in `target/dc_difficulty_truth.txt` and
//! read back on the next run with the same numbers. Then cheap candidate
//! measures of the deal, timed, and the exact solver's features for the
//! first `solved` deals (default 0: slow). Prints the Spearman rank
//! correlation of each candidate with both win rates and its cost per
//! deal, the hint player's own split-half correlation (first half of its
//! games against the second: how well any measure could do), and its mean
//! win rate on the deals of each level of [`difficulty::rate`].
//!
//! `budget`: the hint player at the app's budget (`hint::BUDGET`) against
//! the reduced `budgets` (comma-separated, default 3000) on `deals`
//! Standard deals (default 40), `plays` games each (default 10): the mean
//! win rates, the time per game and the rank correlation per deal.
//!
//! `levels`: [`difficulty::rate`] on `deals` deals (default 1,000) of each
//! variant: the share of each level, the quantiles of the share of games
//! won, and the time per deal (median, p99, worst); each deal's rating on
//! standard error.
//!
//! Everything runs on one thread, deal after deal.

mod common;
use common::spearman;
use engine::dead_center::difficulty::{self, policy_share, Level};
use engine::dead_center::hint::{self, suggest_with};
use engine::dead_center::solver::{Limits, Solver};
use engine::dead_center::{Action, State, Status, Variant};
use engine::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::io::Write;
use std::time::{Duration, Instant};

/// The moves of the game: legal actions other than Undo and Hint.
fn moves(state: &State) -> Vec<Action> {
    let mut actions = state.legal_actions();
    actions.retain(|a| !matches!(a, Action::Undo | Action::Hint));
    actions
}

fn won(state: &State) -> bool {
    matches!(state.status(), Status::Won { .. })
}

/// One game of the deal following the hints, the hint seeds drawn from
/// `play` (a forced move is played without asking: the hint would be it).
fn hint_game(variant: Variant, seed: u64, play: u64, budget: usize) -> bool {
    let mut state = State::new(variant, seed);
    let mut rng = Pcg32::seed_from_u64(seed.wrapping_mul(0x9e37_79b9) ^ play << 40);
    while !state.is_over() {
        let legal = moves(&state);
        let action = if legal.len() == 1 {
            legal[0]
        } else {
            let hint = suggest_with(&state, rng.next_u64(), budget);
            hint.map_or(legal[0], |h| h.action)
        };
        state.apply(action).expect("a legal move");
    }
    won(&state)
}

/// The wins of `games` games of uniformly random moves.
fn random_wins(variant: Variant, seed: u64, games: u32, rng_seed: u64) -> u32 {
    let mut rng = Pcg32::seed_from_u64(rng_seed);
    let mut wins = 0;
    for _ in 0..games {
        let mut state = State::new(variant, seed);
        while !state.is_over() {
            let legal = moves(&state);
            let pick = legal[rng.next_u32() as usize % legal.len()];
            state.apply(pick).expect("a legal move");
        }
        wins += u32::from(won(&state));
    }
    wins
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

fn variants(arg: Option<&String>) -> Vec<Variant> {
    match arg.map(String::as_str) {
        None | Some("all") => Variant::ALL.to_vec(),
        Some(slug) => vec![Variant::from_slug(slug).expect("standard, hard, nightmare or all")],
    }
}

/// A candidate measure: its values per deal (higher = easier) and the time
/// each took.
#[derive(Default)]
struct Candidate {
    name: String,
    values: Vec<f64>,
    times: Vec<Duration>,
    /// The deals (indices) of `values`, when not every deal has one.
    at: Vec<usize>,
}

impl Candidate {
    fn new(name: &str) -> Candidate {
        Candidate {
            name: name.into(),
            ..Candidate::default()
        }
    }

    fn time<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        self.times.push(start.elapsed());
        out
    }
}

fn median(times: &[Duration]) -> Duration {
    let mut t = times.to_vec();
    t.sort();
    t.get(t.len() / 2).copied().unwrap_or_default()
}

/// What the exact solver says of a deal: its best score and the positions
/// searched for it, within `max_nodes` positions (`None` beyond).
fn solve_deal(deal: &State, max_nodes: u64) -> Option<(Option<u8>, u64)> {
    let limits = Limits {
        max_nodes,
        ..Limits::default()
    };
    let solution = Solver::new(deal, limits).ok()?.solve(deal).ok()?;
    Some((solution.best_score, solution.nodes))
}

/// Along the solver's best line of a deal, at each decision with more than
/// one move: how many moves keep the win, how many the best score, of how
/// many. `None` when a call needs more than `max_nodes` positions or the
/// whole more than `seconds`.
fn solver_line(deal: &State, max_nodes: u64, seconds: f64) -> Option<Vec<(u32, u32, u32)>> {
    let start = Instant::now();
    let limits = Limits {
        max_nodes,
        ..Limits::default()
    };
    let mut solver = Solver::new(deal, limits).ok()?;
    let solution = solver.solve(deal).ok()?;
    let mut line = Vec::new();
    let mut state = deal.clone();
    for &action in &solution.line {
        let legal = moves(&state);
        if legal.len() > 1 {
            let best = solver.value_of(&state).ok()?;
            let (mut win, mut keep) = (0, 0);
            for m in &legal {
                if start.elapsed().as_secs_f64() > seconds {
                    return None;
                }
                let mut next = state.clone();
                next.apply(*m).ok()?;
                let value = solver.value_of(&next).ok()?;
                win += u32::from(value.is_some());
                keep += u32::from(value == best);
            }
            line.push((win, keep, legal.len() as u32));
        }
        state.apply(action).ok()?;
    }
    Some(line)
}

/// Where the ground truth is kept: one line a deal, "variant seed plays
/// budget", the hint player's plays (1 won, 0 lost), the microseconds a
/// game took, and the random player's wins of 2,000.
const TRUTH: &str = "target/dc_difficulty_truth.txt";

type Truth = (Vec<bool>, Duration, u32);

fn read_truth() -> std::collections::HashMap<String, Truth> {
    let text = std::fs::read_to_string(TRUTH).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split(' ').collect();
            let [variant, seed, plays, budget, wins, micros, random] = f[..] else {
                return None;
            };
            let wins = wins.chars().map(|c| c == '1').collect();
            let micros = Duration::from_micros(micros.parse().ok()?);
            let key = format!("{variant} {seed} {plays} {budget}");
            Some((key, (wins, micros, random.parse().ok()?)))
        })
        .collect()
}

/// The slipping policy's candidates: (games, slips in 1,000 moves).
const POLICY: [(u32, u32); 12] = [
    (1, 0),
    (1000, 50),
    (1000, 100),
    (1000, 200),
    (1000, 250),
    (1000, 333),
    (1000, 500),
    (250, 333),
    (4000, 250),
    (4000, 333),
    (4000, 500),
    (1000, 1000),
];

fn policy_name(plays: u32, slip: u32) -> String {
    match slip {
        0 => "policy on the real cards, no slips (won 1 / lost 0)".into(),
        1000 => format!("policy slipping every time (random, but kills), {plays} plays"),
        _ => format!("policy slipping 1 in {}, {plays} plays", 1000 / slip),
    }
}

/// The solver's limits per call and per deal.
const SOLVER_NODES: u64 = 2_000_000;
const SOLVER_SECONDS: f64 = 3.0;

fn compare(args: &[String]) {
    let variants = variants(args.first());
    let deals: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let plays: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let budget: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(3_000);
    let solved: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let truth = read_truth();
    let mut truth_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(TRUTH)
        .expect("the truth file opens");
    for variant in variants {
        let run = Instant::now();
        let (mut hint_rate, mut half_a, mut half_b, mut random_rate) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut hint_times = Vec::new();
        let mut cands: Vec<Candidate> = POLICY
            .iter()
            .map(|&(plays, slip)| Candidate::new(&policy_name(plays, slip)))
            .chain(
                [
                    "hint's first estimate (visible cards only, full budget)",
                    "hint player, budget 500, share of 8 plays",
                    "hint player, budget 2,000, share of 4 plays",
                    "random player, share of 200 plays",
                ]
                .iter()
                .map(|n| Candidate::new(n)),
            )
            .collect();
        // The measure chosen, for comparing on the deals the solver answered.
        let chosen = POLICY
            .iter()
            .position(|&c| c == (difficulty::PLAYS, 1000 / difficulty::SLIP_ONE_IN))
            .expect("the chosen measure is a candidate");
        let mut solver_cands: Vec<Candidate> = [
            "solver: best score",
            "solver: fewer positions searched",
            "solver line: narrowest share of moves keeping the win",
            "solver line: product of shares keeping the win",
            "solver line: narrowest share keeping the best score",
            "solver line: product of shares keeping the best score",
        ]
        .iter()
        .map(|n| Candidate::new(n))
        .collect();
        for seed in 0..deals {
            let deal = State::new(variant, seed);
            // The ground truth is the slow part: kept in a file, so that
            // other candidates can be compared without playing it again.
            let key = format!("{} {seed} {plays} {budget}", variant.slug());
            let (wins, per_game, random) = match truth.get(&key) {
                Some(t) => t.clone(),
                None => {
                    let start = Instant::now();
                    let wins: Vec<bool> = (0..plays)
                        .map(|p| hint_game(variant, seed, p, budget))
                        .collect();
                    let per_game = start.elapsed() / plays as u32;
                    let random = random_wins(variant, seed, 2_000, seed ^ 0xdead);
                    let line: String = wins.iter().map(|&w| if w { '1' } else { '0' }).collect();
                    writeln!(truth_file, "{key} {line} {} {random}", per_game.as_micros())
                        .expect("the truth file is written");
                    (wins, per_game, random)
                }
            };
            hint_times.push(per_game);
            let share = |w: &[bool]| w.iter().filter(|&&x| x).count() as f64 / w.len() as f64;
            hint_rate.push(share(&wins));
            half_a.push(share(&wins[..wins.len() / 2]));
            half_b.push(share(&wins[wins.len() / 2..]));
            random_rate.push(f64::from(random) / 2000.0);

            let s = seed ^ 0xd1ff;
            let mut cheap: Vec<Box<dyn Fn() -> f64>> = POLICY
                .iter()
                .map(|&(plays, slip)| -> Box<dyn Fn() -> f64> {
                    let deal = &deal;
                    Box::new(move || f64::from(policy_share(deal, plays, slip, s).unwrap()))
                })
                .collect();
            cheap.push(Box::new(|| {
                f64::from(hint::suggest(&deal, s).unwrap().win_chance)
            }));
            cheap.push(Box::new(|| {
                let w = (0..8).filter(|&p| hint_game(variant, seed, 1000 + p, 500));
                w.count() as f64 / 8.0
            }));
            cheap.push(Box::new(|| {
                let w = (0..4).filter(|&p| hint_game(variant, seed, 2000 + p, 2_000));
                w.count() as f64 / 4.0
            }));
            cheap.push(Box::new(|| {
                f64::from(random_wins(variant, seed, 200, s)) / 200.0
            }));
            for (c, f) in cands.iter_mut().zip(&cheap) {
                let v = c.time(f);
                c.values.push(v);
            }
            if seed < solved {
                let i = seed as usize;
                let start = Instant::now();
                if let Some((best, nodes)) = solve_deal(&deal, SOLVER_NODES) {
                    let took = start.elapsed();
                    for (c, v) in solver_cands[..2]
                        .iter_mut()
                        .zip([best.map_or(-1.0, f64::from), -(nodes as f64)])
                    {
                        c.values.push(v);
                        c.times.push(took);
                        c.at.push(i);
                    }
                }
                let start = Instant::now();
                if let Some(line) = solver_line(&deal, SOLVER_NODES, SOLVER_SECONDS) {
                    let took = start.elapsed();
                    let shares = |pick: fn(&(u32, u32, u32)) -> u32| -> (f64, f64) {
                        let s: Vec<f64> = line
                            .iter()
                            .map(|x| f64::from(pick(x)) / f64::from(x.2))
                            .collect();
                        (s.iter().copied().fold(1.0, f64::min), s.iter().product())
                    };
                    let (win_min, win_product) = shares(|x| x.0);
                    let (best_min, best_product) = shares(|x| x.1);
                    for (c, v) in solver_cands[2..].iter_mut().zip([
                        win_min,
                        win_product,
                        best_min,
                        best_product,
                    ]) {
                        c.values.push(v);
                        c.times.push(took);
                        c.at.push(i);
                    }
                }
            }
            eprintln!(
                "{} {seed}: hint {:.2} random {:.3} | {}",
                variant.slug(),
                hint_rate[hint_rate.len() - 1],
                random_rate[random_rate.len() - 1],
                cands
                    .iter()
                    .map(|c| format!("{:.4}", c.values[c.values.len() - 1]))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        println!();
        println!(
            "## {}: {deals} deals, hint player {plays} plays at budget {budget} (median {:.1?} a game), random player 2,000 plays; {:.0?} in all",
            variant.name(),
            median(&hint_times),
            run.elapsed()
        );
        println!(
            "hint player wins {:.1}% on average; random player {:.2}%; split-half correlation of the hint player's plays {:.3} (Spearman-Brown for all {plays}: {:.3})",
            100.0 * mean(&hint_rate),
            100.0 * mean(&random_rate),
            spearman(&half_a, &half_b),
            {
                let r = spearman(&half_a, &half_b);
                2.0 * r / (1.0 + r)
            }
        );
        println!(
            "hint player's and random player's win rates: {:.3}",
            spearman(&hint_rate, &random_rate)
        );
        println!("| candidate (higher = easier) | ρ with hint player | ρ with random player | mean | median cost | worst cost |");
        println!("|---|---:|---:|---:|---:|---:|");
        for c in &cands {
            println!(
                "| {} | {:.3} | {:.3} | {:.3} | {:.2?} | {:.2?} |",
                c.name,
                spearman(&c.values, &hint_rate),
                spearman(&c.values, &random_rate),
                mean(&c.values),
                median(&c.times),
                c.times.iter().max().copied().unwrap_or_default()
            );
        }
        // The levels of the measure chosen, and how the hint player does
        // on each.
        let mut by_level = [(0u32, 0.0f64); 4];
        for (seed, rate) in hint_rate.iter().enumerate() {
            let level = difficulty::rate(variant, seed as u64).level;
            by_level[level as usize].0 += 1;
            by_level[level as usize].1 += rate;
        }
        println!("| level (`difficulty::rate`) | deals | hint player's mean win rate |");
        println!("|---|---:|---:|");
        for level in Level::ALL {
            let (n, sum) = by_level[level as usize];
            println!(
                "| {} | {n} | {:.1}% |",
                level.name(),
                100.0 * sum / f64::from(n.max(1))
            );
        }
        if solved > 0 {
            println!(
                "solver features, on the deals of the first {solved} it answered (each call within {SOLVER_NODES} positions; the line within {SOLVER_SECONDS} s a deal); ρ of the measure chosen on the same deals in brackets:"
            );
            for c in &solver_cands {
                let pick = |xs: &[f64]| -> Vec<f64> { c.at.iter().map(|&i| xs[i]).collect() };
                println!(
                    "| {} ({} deals) | {:.3} ({:.3}) | {:.3} | {:.3} | {:.2?} | {:.2?} |",
                    c.name,
                    c.at.len(),
                    spearman(&c.values, &pick(&hint_rate)),
                    spearman(&pick(&cands[chosen].values), &pick(&hint_rate)),
                    spearman(&c.values, &pick(&random_rate)),
                    mean(&c.values),
                    median(&c.times),
                    c.times.iter().max().copied().unwrap_or_default()
                );
            }
        }
    }
}

fn budget_check(args: &[String]) {
    let deals: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(40);
    let plays: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    // Reduced budgets, comma-separated.
    let budgets: Vec<usize> = args
        .get(2)
        .map_or("3000", String::as_str)
        .split(',')
        .filter_map(|b| b.parse().ok())
        .collect();
    let all: Vec<usize> = std::iter::once(hint::BUDGET).chain(budgets).collect();
    let mut rates = vec![Vec::new(); all.len()];
    let mut times = vec![Duration::ZERO; all.len()];
    for seed in 0..deals {
        for (i, &budget) in all.iter().enumerate() {
            let start = Instant::now();
            let won = (0..plays)
                .filter(|&p| hint_game(Variant::Standard, seed, p, budget))
                .count();
            times[i] += start.elapsed();
            rates[i].push(won as f64 / plays as f64);
        }
        eprintln!(
            "{seed}: {:?}",
            rates.iter().map(|r| r[r.len() - 1]).collect::<Vec<_>>()
        );
    }
    let games = (deals * plays) as u32;
    println!("{deals} Standard deals, {plays} plays each:");
    for (i, &budget) in all.iter().enumerate() {
        println!(
            "  budget {budget}: wins {:.1}% ({:.1?} a game); rank correlation per deal with budget {}: {:.3}",
            100.0 * mean(&rates[i]),
            times[i] / games,
            hint::BUDGET,
            spearman(&rates[i], &rates[0])
        );
    }
}

fn levels(args: &[String]) {
    let variants = variants(args.first());
    let deals: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    println!("| variant | deals | easy | medium | hard | fiendish | median time | p99 | worst |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut quantiles = Vec::new();
    for variant in variants {
        let mut counts = [0u32; 4];
        let mut times = Vec::new();
        let mut numbers = Vec::new();
        for seed in 0..deals {
            let start = Instant::now();
            let d = difficulty::rate(variant, seed);
            times.push(start.elapsed());
            eprintln!("{} {seed} {:?} {}", variant.slug(), d.level, d.win_share());
            counts[d.level as usize] += 1;
            numbers.push(d.win_share());
        }
        times.sort();
        numbers.sort_by(f32::total_cmp);
        let share = |c: u32| format!("{c} ({:.1}%)", 100.0 * f64::from(c) / deals as f64);
        let at = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
        println!(
            "| {} | {deals} | {} | {} | {} | {} | {:.1?} | {:.1?} | {:.1?} |",
            variant.name(),
            share(counts[Level::Easy as usize]),
            share(counts[Level::Medium as usize]),
            share(counts[Level::Hard as usize]),
            share(counts[Level::Fiendish as usize]),
            at(0.5),
            at(0.99),
            at(1.0)
        );
        let q = |p: f64| numbers[((numbers.len() - 1) as f64 * p) as usize];
        quantiles.push(format!(
            "{}: win share quantiles 10% {:.3}, 25% {:.3}, 50% {:.3}, 75% {:.3}, 90% {:.3}, mean {:.3}",
            variant.name(),
            q(0.1),
            q(0.25),
            q(0.5),
            q(0.75),
            q(0.9),
            numbers.iter().sum::<f32>() / numbers.len() as f32
        ));
    }
    for line in quantiles {
        println!("{line}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("compare") => compare(&args[1..]),
        Some("budget") => budget_check(&args[1..]),
        Some("levels") => levels(&args[1..]),
        _ => {
            eprintln!("dc_difficulty compare|budget|levels ...");
            std::process::exit(2);
        }
    }
}
