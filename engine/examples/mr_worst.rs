//! Times every position of the Murderers' Row sample of issue 14
//! ([`sample::positions`]) asked as the app asks a hint (a fresh solver
//! each), and prints the median, p99 and worst, and the slowest positions
//! with how many positions the solver examined (a measure of its work that
//! does not depend on the machine's load):
//!
//!   cargo run --profile bench -p engine --example mr_worst -- [games] [shown]
//!
//! `MR_ONLY=i,j,...` times only those positions of the sample (for
//! profiling, e.g. under `perf record`); `MR_GRAPH=1` also prints the size
//! of each shown position's reachable graph and of its largest strongly
//! connected component (slow: millions of positions for the worst);
//! `MR_BUDGET=n` gives each solver a budget of `n` positions instead of the
//! default (`MR_BUDGET=max`: none, to count the work of the hardest).
//!
//! The sample's hint-following games depend on the solver (a position it
//! could not solve is played at random), so a faster solver changes the
//! sample: `MR_SAVE=file` writes the sample (one position a line: seed,
//! play, history in JSON) and `MR_LOAD=file` times a saved one instead,
//! to compare solvers on the same positions.
use engine::murderers_row::sample;
use engine::murderers_row::solver::{graph_stats, Solver, DEFAULT_BUDGET};
use engine::murderers_row::State;
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(300);
    let shown: usize = args.next().and_then(|g| g.parse().ok()).unwrap_or(20);
    let sampled = match std::env::var("MR_LOAD") {
        Ok(file) => load(&file),
        Err(_) => sample::positions(games),
    };
    if let Ok(file) = std::env::var("MR_SAVE") {
        let lines: Vec<String> = sampled
            .iter()
            .map(|p| {
                let history = serde_json::to_string(&p.history).expect("serializable");
                format!("{} {} {history}", p.seed, p.play.name())
            })
            .collect();
        std::fs::write(&file, lines.join("\n") + "\n").expect("written");
    }
    let mut positions: Vec<(usize, sample::Sampled)> = sampled.into_iter().enumerate().collect();
    if let Ok(only) = std::env::var("MR_ONLY") {
        let keep: Vec<usize> = only.split(',').filter_map(|i| i.parse().ok()).collect();
        positions.retain(|(i, _)| keep.contains(i));
    }
    for (k, v) in std::env::vars() {
        if let Some(name) = k.strip_suffix("_T") {
            std::env::set_var(name, v);
        }
    }
    let budget = match std::env::var("MR_BUDGET").as_deref() {
        Ok("max") => usize::MAX,
        Ok(n) => n.parse().unwrap_or(DEFAULT_BUDGET),
        Err(_) => DEFAULT_BUDGET,
    };
    let mut times = Vec::new();
    let mut examined = 0usize;
    for (i, p) in &positions {
        let Some(state) = State::replay(p.seed, &p.history)
            .ok()
            .and_then(|mut s| s.pop())
        else {
            continue;
        };
        // What `advice::answer` does for a hint question, keeping the count
        // of positions examined.
        let start = Instant::now();
        let solved = Solver::with_budget(&state, budget).solve(&state);
        let elapsed = start.elapsed();
        let (win, work) = match solved {
            Ok(s) => (format!("{:.6}", s.win), s.positions),
            Err(_) => ("too hard".to_string(), budget),
        };
        examined = examined.saturating_add(work);
        times.push((elapsed, *i, win, work, state));
    }
    if times.is_empty() {
        return;
    }
    times.sort_by_key(|t| t.0);
    let n = times.len();
    let at = |q: f64| times[((n - 1) as f64 * q).round() as usize].0;
    println!(
        "{n} positions: median {:?}, p99 {:?}, worst {:?}, total {:?}, examined {examined}",
        at(0.5),
        at(0.99),
        times[n - 1].0,
        times.iter().map(|t| t.0).sum::<Duration>(),
    );
    let graph = std::env::var("MR_GRAPH").is_ok();
    for (t, i, win, work, state) in times.iter().rev().take(shown) {
        let p = &positions.iter().find(|(j, _)| j == i).expect("timed").1;
        let mut line = format!(
            "  {t:?} #{i} seed {} after {} actions ({} play): win {win}, examined {work}",
            p.seed,
            p.history.len(),
            p.play.name()
        );
        if graph {
            let (size, largest) = graph_stats(state, 10_000_000);
            line += &format!(", graph {size} positions, largest component {largest}");
        }
        println!("{line}");
    }
}

/// A sample written by `MR_SAVE`.
fn load(file: &str) -> Vec<sample::Sampled> {
    let text = std::fs::read_to_string(file).expect("a saved sample");
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, ' ');
            let seed = parts.next()?.parse().ok()?;
            let play = match parts.next()? {
                "random" => sample::Play::Random,
                "hints" => sample::Play::Hints,
                _ => sample::Play::Mixed,
            };
            let history = serde_json::from_str(parts.next()?).ok()?;
            Some(sample::Sampled {
                seed,
                history,
                play,
            })
        })
        .collect()
}
