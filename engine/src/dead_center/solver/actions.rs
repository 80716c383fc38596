//! A plan's turns as the engine's actions, with the reveals chosen.

use super::position::Step;
use super::SolveError;
use crate::dead_center::{Action, Phase, State, Status, Zombie, SPACES};
use crate::game::Game;

/// The engine's actions for `plan` from `state`: reveals chosen so that each
/// zombie is face up by its turn to die (soonest to die first), draws, and
/// ends of turns where the engine asks. Checked to win with `score`.
pub(super) fn line_of(state: &State, plan: &[Step], score: u8) -> Result<Vec<Action>, SolveError> {
    let mut game = state.clone();
    let mut line = Vec::new();
    let mut next = 0;
    let play = |game: &mut State, line: &mut Vec<Action>, action: Action| {
        game.apply(action).map_err(|_| SolveError::LineRefused)?;
        line.push(action);
        Ok::<(), SolveError>(())
    };
    while !game.is_over() {
        match game.phase {
            Phase::Reveal => {
                let soonest = plan[next.min(plan.len())..]
                    .iter()
                    .filter_map(|step| step.kill)
                    .find(|&s| {
                        matches!(game.zombies.get(usize::from(s)), Some(Zombie::FaceDown(_)))
                    });
                let any = (0..SPACES as u8)
                    .find(|&s| matches!(game.zombies[usize::from(s)], Zombie::FaceDown(_)));
                let space = soonest.or(any).ok_or(SolveError::LineRefused)?;
                play(&mut game, &mut line, Action::Reveal(space))?;
            }
            Phase::Draw => play(&mut game, &mut line, Action::Draw)?,
            Phase::Place { .. } => {
                let step = plan.get(next).ok_or(SolveError::LineRefused)?;
                play(&mut game, &mut line, Action::Place(step.pile))?;
                if !matches!(game.phase, Phase::Attack { .. }) {
                    // The engine ended the turn (or the game) itself.
                    if step.kill.is_some() {
                        return Err(SolveError::LineRefused);
                    }
                    next += 1;
                }
            }
            Phase::Attack { .. } => {
                let step = plan.get(next).ok_or(SolveError::LineRefused)?;
                let action = step.kill.map_or(Action::EndTurn, Action::Kill);
                play(&mut game, &mut line, action)?;
                next += 1;
            }
            Phase::Won | Phase::Lost(_) => break,
        }
    }
    match game.status() {
        Status::Won { score: s } if s == usize::from(score) && next == plan.len() => Ok(line),
        _ => Err(SolveError::LineRefused),
    }
}
