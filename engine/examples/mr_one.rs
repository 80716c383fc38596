//! One position of `mr_sweep`'s random games, asked as the app asks a hint:
//! deal `seed` after `k` of its random actions. Prints the row, the
//! question as JSON (a line for `tools/measure/measure-solver.mjs positions`),
//! and the answer with its time.
//!
//!   cargo run --release -p engine --example mr_one -- SEED K
//!   cargo run --release -p engine --example mr_one -- --file FILE
//!
//! The second form asks each question of FILE (one JSON line each, as
//! `mr_sweep` writes its slowest with `MR_SLOWEST`) and prints its answer's
//! value and time.
use engine::game::Game;
use engine::murderers_row::advice::{answer, Question};
use engine::murderers_row::sample::random_action;
use engine::murderers_row::State;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::Instant;

/// Asks each question of `path`, one JSON line each.
fn ask_file(path: &str) {
    let text = std::fs::read_to_string(path).expect("the file of questions");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let question: Question = serde_json::from_str(line).expect("a question");
        let Question::Hint { seed, history } = &question else {
            println!("not a hint: {line}");
            continue;
        };
        let start = Instant::now();
        let got = answer(&question);
        let took = start.elapsed();
        let value = match got {
            engine::murderers_row::advice::Answer::Hint(hint) => format!("win {}", hint.win),
            other => format!("{other:?}"),
        };
        println!(
            "deal {seed} after {} actions: {value} in {took:?}",
            history.len()
        );
    }
}

fn main() {
    if let [flag, path] = &std::env::args().skip(1).collect::<Vec<_>>()[..] {
        if flag == "--file" {
            return ask_file(path);
        }
    }
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let (Some(Some(seed)), Some(Some(k))) = (args.next(), args.next()) else {
        eprintln!("usage: mr_one SEED K");
        std::process::exit(2);
    };
    let mut state = State::new(seed);
    let mut rng = Pcg32::seed_from_u64(seed);
    for _ in 0..k {
        let Some(pick) = random_action(&state, &mut rng) else {
            break;
        };
        state.apply(pick).expect("a legal action");
    }
    println!("{:?}", state.row());
    let question = Question::Hint {
        seed,
        history: state.history().to_vec(),
    };
    println!("{}", serde_json::to_string(&question).expect("a question"));
    let start = Instant::now();
    let got = answer(&question);
    println!("{got:?} in {:?}", start.elapsed());
}
