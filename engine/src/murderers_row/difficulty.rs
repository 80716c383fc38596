//! How hard a deal is, worked out exactly by the solver: a perfect game from
//! the deal (the "hinted game": at each decision the first legal action
//! that keeps the best chance, with the die cards the deal's own shuffle
//! turns over) is followed, and at every decision the solver counts how
//! many legal actions keep the best chance of winning. Each action is only
//! asked whether it keeps the chance, a sure win for a certain deal, not
//! for its exact value ([`Solver::keeping`]: deals 0..200 within the app's
//! search budget, 9.5 % unrated against 14 % with exact values). The narrowest decision, where
//! the fewest of them do, gives the level: "hard — at its narrowest, 1 of
//! 18 moves keeps the win". A deal whose every decision leaves many good
//! moves forgives carelessness; one with a decision where a single move of
//! forty keeps the win does not.
//!
//! Measures tried (`cargo run --release -p engine --example mr_difficulty`,
//! rank correlation with the win rate of a player who picks uniformly among
//! legal moves, 400 such games a deal, over the 156 of deals 0..200 the
//! search rated): the share of first moves that keep the win 0.30 (but
//! almost every first move does, so nearly every deal came out easy), the
//! number of keeping first moves 0.03, the deal's odds (almost always 100%:
//! no order at all), fewer legal first moves 0.28, along the hinted game
//! the product of the keeping shares 0.42, the narrowest share 0.28 and the
//! number of decisions where most moves lose 0.28. The narrowest share is
//! kept for now because it reads as one sentence a player can check on
//! the table; the product ranks deals better and is the next candidate.

use super::solver::{Solver, Unsolved};
use super::State;
use serde::{Deserialize, Serialize};

pub use crate::difficulty::Level;

// The levels are shared with the other games; what puts a Murderers' Row
// deal at a level is said here.
impl Level {
    /// The level of a deal whose narrowest decision has `keeping` of
    /// `moves` actions keeping the best chance: easy from a quarter, medium
    /// from an eighth, hard from one in twenty (or a deal that is not a
    /// certain win), fiendish below.
    pub fn of(keeping: u32, moves: u32, certain: bool) -> Level {
        let (k, n) = (u64::from(keeping), u64::from(moves.max(1)));
        let level = if 4 * k >= n {
            Level::Easy
        } else if 8 * k >= n {
            Level::Medium
        } else if 20 * k >= n {
            Level::Hard
        } else {
            Level::Fiendish
        };
        if certain {
            level
        } else {
            level.max(Level::Hard)
        }
    }
}

/// A deal's difficulty and what it was worked out from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difficulty {
    pub level: Level,
    /// At the narrowest decision of the hinted game: the actions that keep
    /// the best chance...
    pub keeping: u32,
    /// ...of the legal actions there.
    pub moves: u32,
    /// Which decision of the hinted game it is, counting from 1.
    pub decision: u32,
    /// The chance of winning the deal with perfect play (as bits, exact).
    #[serde(with = "super::odds::odds_bits")]
    pub win: f64,
}

impl Difficulty {
    /// Whether perfect play wins the deal for certain.
    pub fn certain(&self) -> bool {
        self.win >= 1.0 - super::odds::NEGLIGIBLE
    }

    /// The difficulty in a sentence: "hard — at its narrowest, 1 of 18
    /// moves keeps the win".
    pub fn sentence(&self) -> String {
        let what = if self.certain() {
            "the win"
        } else {
            "the best chance"
        };
        let verb = if self.keeping == 1 { "keeps" } else { "keep" };
        format!(
            "{} — at its narrowest, {} of {} moves {verb} {what}",
            self.level.name(),
            self.keeping,
            self.moves
        )
    }
}

/// The difficulty of `state` (a fresh deal, or any position: the hinted
/// game from it), from whether every legal action keeps the best chance at
/// every decision of that game.
pub fn difficulty(solver: &mut Solver, state: &State) -> Result<Difficulty, Unsolved> {
    let win = solver.solve(state)?.win;
    let line = hinted_line(solver, state)?;
    Ok(from_line(&line, win))
}

/// The difficulty given the hinted game's (keeping, legal) counts and the
/// deal's chance of winning.
pub fn from_line(line: &[(u32, u32)], win: f64) -> Difficulty {
    // The narrowest: the smallest share keeping/moves (the first if tied).
    let mut narrowest = (1, 1, 0);
    for (i, &(k, m)) in line.iter().enumerate() {
        let (bk, bm, _) = narrowest;
        if u64::from(k) * u64::from(bm) < u64::from(bk) * u64::from(m) || i == 0 {
            narrowest = (k, m, i as u32 + 1);
        }
    }
    let (keeping, moves, decision) = narrowest;
    let certain = win >= 1.0 - super::odds::NEGLIGIBLE;
    Difficulty {
        level: Level::of(keeping, moves, certain),
        keeping,
        moves,
        decision,
        win,
    }
}

/// The most decisions of the hinted game looked at.
pub const MAX_DECISIONS: usize = 40;

/// Along the hinted game from `state` (with the die cards the deal's own
/// shuffle turns over), at every decision: how many legal actions keep the
/// best chance, of how many. The hinted game plays at each decision the
/// first legal action that keeps the best chance. Each action is only asked
/// whether it keeps the chance ([`Solver::keeping`]), not for its exact
/// value.
pub fn hinted_line(solver: &mut Solver, state: &State) -> Result<Vec<(u32, u32)>, Unsolved> {
    use crate::game::Game;
    let mut state = state.clone();
    let mut out = Vec::new();
    // A game of ten cards takes at most nine kills; swaps and revivals can
    // make a longer one, and the hints' line may even come back to a
    // position: past this many decisions the line is cut.
    while !state.is_over() && out.len() < MAX_DECISIONS {
        let win = solver.solve(&state)?.win;
        let actions = solver.keeping(&state, win - super::odds::NEGLIGIBLE)?;
        let keeping = actions.iter().filter(|(_, keeps)| *keeps).count() as u32;
        let Some(&(first, _)) = actions.iter().find(|(_, keeps)| *keeps) else {
            break;
        };
        out.push((keeping, actions.len() as u32));
        if state.apply(first).is_err() {
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::murderers_row::{solver, Action, Killer::*, Slot};

    fn a(card: crate::murderers_row::Killer) -> Slot {
        Slot { card, active: true }
    }

    #[test]
    fn levels_follow_the_narrowest_share_of_keeping_moves() {
        assert_eq!(Level::of(1, 4, true), Level::Easy);
        assert_eq!(Level::of(1, 5, true), Level::Medium);
        assert_eq!(Level::of(1, 8, true), Level::Medium);
        assert_eq!(Level::of(1, 9, true), Level::Hard);
        assert_eq!(Level::of(1, 20, true), Level::Hard);
        assert_eq!(Level::of(1, 21, true), Level::Fiendish);
        assert_eq!(Level::of(0, 0, true), Level::Fiendish);
        // A deal that is not a certain win is at least hard.
        assert_eq!(Level::of(14, 14, false), Level::Hard);
        assert_eq!(Level::of(1, 30, false), Level::Fiendish);
        let d = from_line(&[(9, 10), (2, 18), (1, 9), (1, 1)], 1.0);
        assert_eq!((d.keeping, d.moves, d.decision), (2, 18, 2));
        assert_eq!(d.level, Level::Hard);
        assert_eq!(
            d.sentence(),
            "hard — at its narrowest, 2 of 18 moves keep the win"
        );
    }

    /// The hinted game and its counts, worked out independently with the
    /// solver's budget-free functions.
    fn line_by_hand(state: &State) -> Vec<(u32, u32)> {
        let mut state = state.clone();
        let mut out = Vec::new();
        while !state.is_over() {
            let values = solver::action_values(&state);
            let best = values[0].1;
            let keeps =
                |action: &Action| values.iter().any(|(a, v)| a == action && *v >= best - 1e-9);
            let keeping = values.iter().filter(|(a, _)| keeps(a)).count();
            out.push((keeping as u32, values.len() as u32));
            // The first legal action that keeps the best chance.
            let first = state.legal_actions().into_iter().find(keeps).unwrap();
            state.apply(first).unwrap();
        }
        out
    }

    /// A hand-built position that no table of deals holds: its difficulty
    /// is what solving every action at every decision says, and moving one
    /// card changes it.
    #[test]
    fn difficulty_is_computed_by_the_solver_not_looked_up() {
        // Swordsman, Knight, Executioner: two of the three first actions
        // keep the win (the Knight taking the Executioner's place loses).
        let position = State::from_parts(
            &[a(Swordsman), a(Knight), a(Executioner)],
            vec![Gunslinger, Arsonist],
            Vec::new(),
            false,
            1,
        );
        let d = difficulty(&mut Solver::new(&position), &position).unwrap();
        let legal = position
            .legal_actions()
            .into_iter()
            .filter(Action::is_move)
            .count() as u32;
        let kept = position
            .legal_actions()
            .into_iter()
            .filter(Action::is_move)
            .filter(|&x| {
                let mut next = position.clone();
                next.apply(x).unwrap();
                solver::solve(&next).win >= 1.0 - 1e-9
            })
            .count() as u32;
        assert!(kept > 0 && kept < legal, "{kept} of {legal}");
        assert_eq!((d.keeping, d.moves, d.decision), (kept, legal, 1));
        assert_eq!(d.win, 1.0);
        assert_eq!(from_line(&line_by_hand(&position), 1.0), d);
    }

    /// On real deals: the hinted game's counts are the exact values of
    /// every action along it.
    #[test]
    fn deal_difficulty_matches_the_exact_values_along_the_hinted_game() {
        let mut levels = std::collections::HashSet::new();
        for seed in [2u64, 4, 28, 7] {
            let deal = State::new(seed);
            let d = difficulty(&mut Solver::new(&deal), &deal).unwrap();
            let line = line_by_hand(&deal);
            assert_eq!(d, from_line(&line, solver::solve(&deal).win), "deal {seed}");
            assert!(d.keeping >= 1 && d.keeping <= d.moves);
            levels.insert(d.level);
        }
        // The measure tells these deals apart: one of each level.
        assert_eq!(levels.len(), 4, "{levels:?}");
    }
}
