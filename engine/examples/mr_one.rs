//! One position of the sweep: deal `seed` after `k` of its random actions.
use engine::game::Game;
use engine::murderers_row::advice::{answer, Question};
use engine::murderers_row::sample::random_action;
use engine::murderers_row::State;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().unwrap());
    let (seed, k) = (args.next().unwrap(), args.next().unwrap());
    let mut state = State::new(seed);
    let mut rng = Pcg32::seed_from_u64(seed);
    for _ in 0..k {
        let pick = random_action(&state, &mut rng).unwrap();
        state.apply(pick).unwrap();
    }
    println!("{:?}", state.row());
    let start = Instant::now();
    let got = answer(&Question::Hint {
        seed,
        history: state.history().to_vec(),
    });
    println!("{got:?} in {:?}", start.elapsed());
}
