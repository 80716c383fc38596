//! Computer players for Joker, in both roles. They read only a [`View`]
//! (the Informant's holds the Joker's cell; a Vigilante's does not) and keep
//! their own random generator.
//!
//! - [`Level::Simple`]: as Informant, a random answer among those allowed;
//!   as Vigilante, probes a random face-down card, and shoots a random cell
//!   consistent with the public log once few remain.

use super::{Action, CellSet, Phase, View};
use crate::seats::{Bot, Level};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// A computer player of a given level with its own generator.
#[derive(Clone, Debug)]
pub struct JokerBot {
    level: Level,
    rng: Pcg32,
}

impl JokerBot {
    pub fn new(level: Level, seed: u64) -> JokerBot {
        JokerBot {
            level,
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot<View<'_>> for JokerBot {
    type Action = Action;

    fn choose(&mut self, view: &View<'_>) -> Action {
        simple_action(view, &mut self.rng)
    }
}

/// One decision of a bot of `level`, seeded by `seed`: the entry point for
/// the UI. Whatever it returns when the seat need not act is refused.
pub fn choose(view: &View<'_>, level: Level, seed: u64) -> Action {
    JokerBot::new(level, seed).choose(view)
}

/// A random cell of a non-empty set.
fn random_cell(cells: CellSet, rng: &mut impl Rng) -> Option<super::Cell> {
    (!cells.is_empty()).then(|| cells.nth(rng.random_range(0..cells.len())))?
}

/// Simple: a random allowed answer; a random probe, or a shot at a random
/// consistent cell once at most three remain (or one in five turns).
pub fn simple_action(view: &View<'_>, rng: &mut impl Rng) -> Action {
    if let Phase::Answer { .. } = view.phase() {
        let allowed = view.allowed_answers().unwrap_or(0..=0);
        return Action::Answer(rng.random_range(allowed));
    }
    let consistent = view.consistent_cells();
    let shoot = view.can_shoot(view.seat()) && (consistent.len() <= 3 || rng.random_ratio(1, 5));
    match random_cell(consistent, rng) {
        Some(cell) if shoot => Action::Shoot(cell),
        _ => Action::Probe(random_cell(view.face_down(), rng).unwrap_or(super::Cell(0))),
    }
}
