//! A fixed sample of positions reachable in play, for measuring the solver
//! at its worst (`cargo bench -p engine --bench murderers_row`, and in the
//! browser with `tools/measure/measure-solver.mjs positions`): every position
//! of games from many deals, played three ways so that the sample holds fresh
//! deals, mid-game positions with inactive cards, pending poisons, Air Strike
//! choices and die discards of every size:
//!
//! - uniformly random legal actions;
//! - the solver's hint every time (a player following the hints);
//! - the hint three times in four, a random action otherwise.
//!
//! The same sample every time: the games are seeded.

use super::advice::{hint, Question};
use super::solver::Solver;
use super::{Action, State};
use crate::game::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// How a sampled game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Random,
    Hints,
    Mixed,
}

impl Play {
    pub fn name(self) -> &'static str {
        match self {
            Play::Random => "random",
            Play::Hints => "hints",
            Play::Mixed => "mixed",
        }
    }
}

/// One sampled position: the deal, the actions that reach it, and how its
/// game was played.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampled {
    pub seed: u64,
    pub history: Vec<Action>,
    pub play: Play,
}

impl Sampled {
    /// The question the app asks for a hint in this position.
    pub fn question(&self) -> Question {
        Question::Hint {
            seed: self.seed,
            history: self.history.clone(),
        }
    }
}

/// The first deal of the sample's games.
pub const FIRST_SEED: u64 = 10_000;

/// A legal move (not undo, not a hint), each as likely (`None` when there
/// is none): how the sample, the benches and the tests play at random.
pub fn random_action(state: &State, rng: &mut impl RngCore) -> Option<Action> {
    let actions: Vec<Action> = state
        .legal_actions()
        .into_iter()
        .filter(Action::is_move)
        .collect();
    if actions.is_empty() {
        return None;
    }
    Some(actions[(rng.next_u32() as usize) % actions.len()])
}

/// Every position (game over excluded) of `games` games, the `k`-th on the
/// deal `FIRST_SEED + k`, played in turn randomly, by the hints, and mixed.
pub fn positions(games: u64) -> Vec<Sampled> {
    let mut out = Vec::new();
    for k in 0..games {
        let seed = FIRST_SEED + k;
        let play = match k % 3 {
            0 => Play::Random,
            1 => Play::Hints,
            _ => Play::Mixed,
        };
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed ^ 0x5a3e_11e5);
        let mut solver = Solver::new(&state);
        while !state.is_over() {
            out.push(Sampled {
                seed,
                history: state.history().to_vec(),
                play,
            });
            let Some(random) = random_action(&state, &mut rng) else {
                break;
            };
            let follow = match play {
                Play::Random => false,
                Play::Hints => true,
                Play::Mixed => rng.next_u32() % 4 != 0,
            };
            let pick = if follow {
                hint(&mut solver, &state)
                    .ok()
                    .and_then(|h| h.best)
                    .unwrap_or(random)
            } else {
                random
            };
            if state.apply(pick).is_err() {
                break;
            }
        }
    }
    out
}

/// Issue 31's regression set: the positions the solver could not answer
/// (revival cycles: the Medic and the Bugler alive), as (deal, actions,
/// exact chance of winning), and every position with at most seven cards
/// and the Medic and the Bugler alive of the uniformly random games of the
/// deals `0..games` (actions drawn with `Pcg32::seed_from_u64(deal)`, the
/// games of `examples/mr_sweep.rs`), with no value given (`None`).
pub fn revival_positions(games: u64) -> Vec<(u64, Vec<Action>, Option<f64>)> {
    use super::Killer::*;
    use super::{Direction, Target};
    let act = Action::activate;
    let mut out = vec![
        (
            2314,
            vec![
                act(Gunslinger, Target::pair(AirStrike, Copycat)),
                act(Knight, Target::Card(Tank)),
                act(ConMan, Target::pair(Gunslinger, Bugler)),
                act(MadBomber, Target::None),
            ],
            Some(0.0),
        ),
        (
            986,
            vec![
                act(SentryGun, Target::Card(Executioner)),
                act(Medic, Target::Card(SentryGun)),
                Action::Activate {
                    card: Copycat,
                    copying: Some(SentryGun),
                    target: Target::Card(Grenadier),
                },
            ],
            Some(0.0),
        ),
        (
            926,
            vec![
                act(Arsonist, Target::Random(Direction::Left)),
                act(Knight, Target::Card(Poisoner)),
                act(Sniper, Target::Card(Grenadier)),
                act(ConMan, Target::pair(Sniper, MadBomber)),
                act(MadBomber, Target::None),
            ],
            Some(1.0),
        ),
        (1117, Vec::new(), Some(0.974_206_349_206_349)),
    ];
    for seed in 0..games {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        while !state.is_over() {
            let row = state.row();
            let alive = |card| row.iter().any(|s| s.card == card);
            if row.len() <= 7 && alive(Medic) && alive(Bugler) {
                out.push((seed, state.history().to_vec(), None));
            }
            let Some(pick) = random_action(&state, &mut rng) else {
                break;
            };
            if state.apply(pick).is_err() {
                break;
            }
        }
    }
    out
}
