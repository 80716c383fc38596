//! Reviewing a game: the best score of every position, and the move after
//! which the deal could no longer be won.

use super::{Limits, SolveError, Solver};
use crate::dead_center::{Action, State, Variant};
use crate::game::Game;

/// The best score of every position of a game: `values[0]` the deal,
/// `values[k + 1]` after action `k` (`None`: no longer winnable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    pub values: Vec<Option<u8>>,
}

impl Review {
    /// The first action after which the best score was lower than before
    /// it (a lost win included): the first mistake.
    pub fn first_drop(&self) -> Option<usize> {
        self.values.windows(2).position(|w| w[1] < w[0])
    }

    /// The action after which the deal could no longer be won: the position
    /// before it was winnable, and none after it is (an undo that takes the
    /// mistake back makes a later action the losing one).
    pub fn first_losing_move(&self) -> Option<usize> {
        let last_winnable = self.values.iter().rposition(|v| v.is_some())?;
        (last_winnable + 1 < self.values.len()).then_some(last_winnable)
    }
}

/// Why a game could not be reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// Action `index` was refused by the rules.
    Illegal {
        index: usize,
    },
    Solve(SolveError),
}

/// The best score of every position of the game dealt by `variant` and
/// `seed` and played with `actions`.
pub fn review(variant: Variant, seed: u64, actions: &[Action]) -> Result<Review, ReviewError> {
    let mut state = State::new(variant, seed);
    let mut solver = Solver::new(&state, Limits::default()).map_err(ReviewError::Solve)?;
    let mut values = Vec::with_capacity(actions.len() + 1);
    values.push(solver.value_of(&state).map_err(ReviewError::Solve)?);
    for (index, &action) in actions.iter().enumerate() {
        state
            .apply(action)
            .map_err(|_| ReviewError::Illegal { index })?;
        values.push(solver.value_of(&state).map_err(ReviewError::Solve)?);
    }
    Ok(Review { values })
}

/// [`Review::first_losing_move`] of the game dealt by `variant` and `seed`
/// and played with `actions`.
pub fn first_losing_move(
    variant: Variant,
    seed: u64,
    actions: &[Action],
) -> Result<Option<usize>, ReviewError> {
    review(variant, seed, actions).map(|r| r.first_losing_move())
}
