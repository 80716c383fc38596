//! Issue 31: the positions of deal `seed` after `moves` moves with at most
//! `cards` cards and the Medic and the Bugler alive (every line of moves,
//! depth first; the first `shown` printed with their histories).
//!
//!   cargo run --profile bench -p engine --example mr_find -- seed moves cards shown
use engine::game::Game;
use engine::murderers_row::{Action, Killer, State};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (seed, moves, cards, shown) = (args[0] as u64, args[1], args[2], args[3]);
    let mut found = 0;
    walk(&State::new(seed), moves, cards, shown, &mut found);
    println!("{found} found");
}

fn walk(state: &State, left: usize, cards: usize, shown: usize, found: &mut usize) {
    if *found >= shown {
        return;
    }
    if left == 0 {
        let row = state.row();
        let alive = |k: Killer| row.iter().any(|s| s.card == k);
        if !state.is_over() && row.len() <= cards && alive(Killer::Medic) && alive(Killer::Bugler) {
            *found += 1;
            println!("{:?}\n  {:?}", row, state.history());
        }
        return;
    }
    let actions: Vec<Action> = state
        .legal_actions()
        .into_iter()
        .filter(Action::is_move)
        .collect();
    for a in actions {
        let mut next = state.clone();
        if next.apply(a).is_ok() {
            walk(&next, left - 1, cards, shown, found);
        }
    }
}
