//! Issue 31's acceptance sweep: every position with at most seven cards of
//! `random` seeded random games (deal `s`, actions drawn with
//! `Pcg32::seed_from_u64(s)`, seeds `0..random`) and of `hinted` games that
//! follow the hints (deals `0..hinted`), asked as the app asks a hint
//! ([`advice::answer`], a fresh solver each) and checked against
//! [`solve_by_graph`] where the graph has under `limit` positions
//! (tolerance 1e-12). Prints the counts, every failure, the worst times and
//! the slowest positions (deal and moves), and the hint-following games
//! longer than 300 actions (long but ending) apart from those over 5,000
//! (cycles).
//!
//!   cargo run --release -p engine --example mr_sweep -- [random] [hinted] [limit] [from] [hinted-from]
//!
//! (`from` and `hinted-from`: the first seed of the random and of the
//! hint-following games, to split a sweep or go on from one that stopped.)
//!
//! `MR_TRACE=1` prints each position to standard error before asking it.
//! `MR_SLOWEST=FILE` writes the slowest positions' questions to FILE, one
//! JSON line each, for `node tools/measure/measure-solver.mjs positions FILE`.
use engine::game::Game;
use engine::murderers_row::advice::{answer, Answer, Question};
use engine::murderers_row::sample::random_action;
use engine::murderers_row::solver::{graph_stats, solve_by_graph};
use engine::murderers_row::{Action, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::{Duration, Instant};

/// A hint-following game longer than this is counted as long (deal 304
/// needs about 670 actions: the hints may go round revivals and swaps for a
/// while, a rotor walk, before they leave them).
const LONG: usize = 300;

/// A hint-following game longer than this is a hint going round a cycle.
const LONGEST: usize = 5_000;

/// How many of the slowest positions each tally keeps and prints.
const SLOWEST: usize = 30;

#[derive(Default)]
struct Tally {
    asked: usize,
    checked: usize,
    failed: usize,
    total: Duration,
    slowest: Vec<(Duration, u64, Vec<Action>, f64)>,
}

impl Tally {
    /// Asks the hint of `state` (deal `seed`), checks it, and returns it.
    fn ask(&mut self, seed: u64, state: &State, limit: usize) -> Option<Action> {
        let history = state.history().to_vec();
        if std::env::var("MR_TRACE").is_ok() {
            eprintln!("asking deal {seed} after {} actions", history.len());
        }
        let start = Instant::now();
        let got = answer(&Question::Hint {
            seed,
            history: history.clone(),
        });
        let took = start.elapsed();
        self.asked += 1;
        self.total += took;
        let Answer::Hint(hint) = got else {
            println!("FAILED deal {seed} {history:?}: {got:?} in {took:?}");
            self.failed += 1;
            return None;
        };
        if graph_stats(state, limit).0 < limit {
            let expected = solve_by_graph(state).win;
            self.checked += 1;
            if (hint.win - expected).abs() > 1e-12 {
                println!(
                    "WRONG deal {seed} {history:?}: {} vs {expected} by the graph",
                    hint.win
                );
                self.failed += 1;
            }
        }
        self.slowest.push((took, seed, history, hint.win));
        if self.slowest.len() > 4 * SLOWEST {
            self.slowest.sort_by_key(|t| std::cmp::Reverse(t.0));
            self.slowest.truncate(SLOWEST);
        }
        hint.best
    }

    fn report(&mut self, what: &str) {
        self.slowest.sort_by_key(|t| std::cmp::Reverse(t.0));
        self.slowest.truncate(SLOWEST);
        if let Ok(path) = std::env::var("MR_SLOWEST") {
            use std::io::Write;
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .expect("the file for the slowest questions");
            for (_, seed, history, _) in &self.slowest {
                let question = Question::Hint {
                    seed: *seed,
                    history: history.clone(),
                };
                let line = serde_json::to_string(&question).expect("a question");
                writeln!(file, "{line}").expect("written");
            }
        }
        println!(
            "{what}: {} positions asked, {} failed, {} checked against the graph method, {:?} in all",
            self.asked, self.failed, self.checked, self.total
        );
        for (took, seed, history, win) in &self.slowest {
            println!(
                "  {took:?}  deal {seed} after {} actions, win {win}: {history:?}",
                history.len()
            );
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut next = |default: u64| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let (random, hinted, limit, from, hinted_from) = (
        next(20_000),
        next(2_000),
        next(100_000) as usize,
        next(0),
        next(0),
    );
    let started = Instant::now();
    let mut tally = Tally::default();
    for seed in from..random {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        while !state.is_over() {
            if state.row().len() <= 7 {
                tally.ask(seed, &state, limit);
            }
            let pick = random_action(&state, &mut rng).expect("an action");
            state.apply(pick).expect("legal");
        }
        if (seed + 1) % 500 == 0 {
            eprintln!(
                "random games {} at {:?}: {} asked, {} failed",
                seed + 1,
                started.elapsed(),
                tally.asked,
                tally.failed
            );
        }
    }
    tally.report("random games");
    let mut small = Tally::default();
    let mut large = Tally::default();
    let mut cycles = 0;
    let mut long = Vec::new();
    for seed in hinted_from..hinted {
        let mut state = State::new(seed);
        while !state.is_over() {
            if state.history().len() >= LONGEST {
                println!("CYCLE deal {seed}: {:?}", state.history());
                cycles += 1;
                break;
            }
            let best = if state.row().len() <= 7 {
                small.ask(seed, &state, limit)
            } else {
                large.ask(seed, &state, 0)
            };
            let Some(best) = best else { break };
            state.apply(best).expect("legal");
        }
        if state.history().len() > LONG {
            long.push((seed, state.history().len(), state.phase()));
        }
        if (seed + 1) % 200 == 0 {
            eprintln!("hinted games {} at {:?}", seed + 1, started.elapsed());
        }
    }
    small.report("hint-following games, at most seven cards");
    large.report("hint-following games, more than seven cards (not checked)");
    println!(
        "{} hint-following games longer than {LONG} actions (deal, actions, end): {long:?}",
        long.len()
    );
    println!(
        "{cycles} hint-following games longer than {LONGEST} actions (cycles); {:?} in all",
        started.elapsed()
    );
}
