//! What the app asks the solver, and its answers: the questions are values
//! so that they can be sent to the solver running off the page's thread (a
//! web worker) and answered there; the answers are worked out here, so they
//! are tested natively.

use super::difficulty::{difficulty, Difficulty, Level};
use super::solver::{Solver, Unsolved};
use super::{Action, Phase, State};
use crate::game::Game;
use serde::{Deserialize, Serialize};

/// A question for the solver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Question {
    /// The odds of the position reached by playing `history` on the deal
    /// `seed`, and its best action. (A game is sent as its deal and
    /// moves: small, and it cannot be a position no game reaches.)
    Hint { seed: u64, history: Vec<Action> },
    /// The odds before and after every decision of a game, given by its
    /// seed and the actions that stand.
    Review { seed: u64, history: Vec<Action> },
    /// The odds of a fresh deal.
    DealOdds(u64),
    /// The first of `tries` deals, from `from` on, that perfect play wins
    /// for certain.
    CertainDeal { from: u64, tries: u32 },
    /// The difficulty of the deal `seed`.
    Difficulty(u64),
    /// The first of `tries` deals, from `from` on, of difficulty `level`.
    DealOfLevel { level: Level, from: u64, tries: u32 },
}

/// The solver's answer to a [`Question`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Hint(Hint),
    Review(Vec<Decision>),
    DealOdds {
        seed: u64,
        #[serde(with = "odds_bits")]
        win: f64,
    },
    /// `None` when none of the deals tried is a certain win.
    CertainDeal {
        seed: Option<u64>,
    },
    Difficulty {
        seed: u64,
        difficulty: Difficulty,
    },
    /// `None` when none of the deals tried has the level asked.
    DealOfLevel {
        found: Option<(u64, Difficulty)>,
    },
    /// The position is too large for the solver's budget: no answer rather
    /// than a guess.
    TooHard,
    /// The question could not be answered (a game that does not replay).
    Refused(String),
}

/// The odds of a position: the chance of winning with perfect play from
/// here, and an action that keeps it (`None` when the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    #[serde(with = "odds_bits")]
    pub win: f64,
    pub best: Option<Action>,
}

/// One decision of a finished game, judged with perfect play afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Which activation it belongs to, counting from 1 (an Air Strike's
    /// second kill belongs to its activation).
    pub activation: u16,
    pub action: Action,
    /// The chance of winning before it, with perfect play.
    #[serde(with = "odds_bits")]
    pub before: f64,
    /// The chance of winning after choosing it (on average over the die
    /// card, for a random target), with perfect play afterwards.
    #[serde(with = "odds_bits")]
    pub chosen: f64,
    /// The chance of winning in the position it actually led to (differs
    /// from `chosen` by the luck of the die).
    #[serde(with = "odds_bits")]
    pub after: f64,
}

impl Decision {
    /// How much of the chance of winning the choice gave away.
    pub fn lost(&self) -> f64 {
        (self.before - self.chosen).max(0.0)
    }
}

/// Choices that give away less than this are as good as the best (the
/// solver's values are exact up to rounding).
/// Odds travel as the bits of their `f64`: exact both ways, and the wasm
/// bundle needs no float formatting or parsing for them.
pub(crate) mod odds_bits {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(odds: &f64, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_u64(odds.to_bits())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<f64, D::Error> {
        u64::deserialize(from).map(f64::from_bits)
    }
}

pub const NEGLIGIBLE: f64 = 1e-9;

/// The first decision that gave away some chance of winning.
pub fn first_mistake(review: &[Decision]) -> Option<Decision> {
    review.iter().copied().find(|d| d.lost() > NEGLIGIBLE)
}

/// The odds of `state` and the best action.
pub fn hint(solver: &mut Solver, state: &State) -> Result<Hint, Unsolved> {
    let solution = solver.solve(state)?;
    Ok(Hint {
        win: solution.win,
        best: solution.best,
    })
}

/// Judges every decision of the game `seed` played with `history`, with one
/// solver for the whole game (positions seen once are not solved again).
pub fn review(solver: &mut Solver, seed: u64, history: &[Action]) -> Result<Answer, Unsolved> {
    let Ok(positions) = State::replay(seed, history) else {
        return Ok(Answer::Refused("the game does not replay".into()));
    };
    let mut values = Vec::with_capacity(positions.len());
    for position in &positions {
        values.push(solver.solve(position)?.win);
    }
    let mut activation = 0u16;
    let mut out = Vec::with_capacity(history.len());
    for (i, &action) in history.iter().enumerate() {
        let position = &positions[i];
        if position.phase() == Phase::Activate {
            activation += 1;
        }
        let chosen = solver
            .action_value(position, action)?
            .unwrap_or(values[i + 1]);
        out.push(Decision {
            activation,
            action,
            before: values[i],
            chosen,
            after: values[i + 1],
        });
    }
    Ok(Answer::Review(out))
}

/// The position that `history` reaches from the deal `seed`.
fn position(seed: u64, history: &[Action]) -> Result<State, String> {
    let mut positions =
        State::replay(seed, history).map_err(|e| format!("the game does not replay: {e}"))?;
    positions.pop().ok_or_else(|| "no position".to_string())
}

/// Answers `question`; a question the solver cannot settle within its
/// budget is answered [`Answer::TooHard`].
pub fn answer(question: &Question) -> Answer {
    let answered = match question {
        Question::Hint { seed, history } => match position(*seed, history) {
            Ok(state) => hint(&mut Solver::new(&state), &state).map(Answer::Hint),
            Err(problem) => Ok(Answer::Refused(problem)),
        },
        Question::Review { seed, history } => {
            review(&mut Solver::new(&State::new(*seed)), *seed, history)
        }
        Question::DealOdds(seed) => {
            let deal = State::new(*seed);
            Solver::new(&deal).solve(&deal).map(|s| Answer::DealOdds {
                seed: *seed,
                win: s.win,
            })
        }
        Question::CertainDeal { from, tries } => {
            // A deal the solver cannot settle within its budget is skipped.
            let seed = (0..u64::from(*tries))
                .map(|k| from.wrapping_add(k))
                .find(|&seed| {
                    let deal = State::new(seed);
                    Solver::new(&deal)
                        .solve(&deal)
                        .is_ok_and(|s| s.win >= 1.0 - NEGLIGIBLE)
                });
            Ok(Answer::CertainDeal { seed })
        }
        Question::Difficulty(seed) => {
            let deal = State::new(*seed);
            difficulty(&mut Solver::new(&deal), &deal).map(|difficulty| Answer::Difficulty {
                seed: *seed,
                difficulty,
            })
        }
        Question::DealOfLevel { level, from, tries } => {
            // A deal the solver cannot rate within a smaller budget is
            // skipped: the search never stalls on one deal.
            let found = (0..u64::from(*tries))
                .map(|k| from.wrapping_add(k))
                .find_map(|seed| {
                    let deal = State::new(seed);
                    difficulty(&mut Solver::with_budget(&deal, LEVEL_BUDGET), &deal)
                        .ok()
                        .filter(|d| d.level == *level)
                        .map(|d| (seed, d))
                });
            Ok(Answer::DealOfLevel { found })
        }
    };
    answered.unwrap_or(Answer::TooHard)
}

/// Whether a finished game can still be reviewed: it was played from a deal.
pub fn can_review(state: &State) -> bool {
    state.is_over() && !state.history().is_empty()
}

/// The budget of each solver call while searching for a deal of a level
/// (deals it cannot rate within it are skipped).
pub const LEVEL_BUDGET: usize = 150_000;

/// A message to the solver: a question and the number its answer carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub question: Question,
}

/// The solver's reply to the [`Request`] with the same `id`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    pub answer: Answer,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::murderers_row::{solver, Killer::*, Slot, Target};

    fn a(card: crate::murderers_row::Killer) -> Slot {
        Slot { card, active: true }
    }

    #[test]
    fn hint_gives_the_position_value_and_a_move_that_keeps_it() {
        // Swordsman, Knight, Executioner: whichever of the Swordsman and the
        // Knight kills the other, the Executioner then kills the inactive
        // survivor (a win); the Knight taking the Executioner's place leaves
        // an active Swordsman beside an inactive Knight (a loss).
        let state = State::from_parts(
            &[a(Swordsman), a(Knight), a(Executioner)],
            vec![Gunslinger, Arsonist],
            Vec::new(),
            false,
            1,
        );
        let found = hint(&mut Solver::new(&state), &state).unwrap();
        assert_eq!(found.win, 1.0);
        let best = found.best.expect("a move");
        assert_ne!(best, Action::activate(Knight, Target::Card(Executioner)));
        let mut next = state.clone();
        next.apply(best).unwrap();
        let after = hint(&mut Solver::new(&next), &next).unwrap();
        assert_eq!(after.win, 1.0, "the best move keeps the win");
    }

    #[test]
    fn review_finds_the_first_move_that_gave_away_the_win() {
        // Play deal 5 badly: always the action the solver likes least.
        let mut state = State::new(5);
        while !state.is_over() {
            let worst = solver::action_values(&state)
                .last()
                .map(|(a, _)| *a)
                .unwrap();
            state.apply(worst).unwrap();
        }
        let mut judge = Solver::new(&state);
        let Ok(Answer::Review(review)) = review(&mut judge, 5, state.history()) else {
            panic!("a review");
        };
        assert_eq!(review.len(), state.history().len());
        assert_eq!(review[0].activation, 1);
        assert_eq!(review[0].before, solver::solve(&State::new(5)).win);
        let mistake = first_mistake(&review).expect("the worst play loses something");
        assert!(mistake.lost() > 0.0);
        // Every decision before it kept the odds.
        for d in review.iter().take_while(|d| d.lost() <= NEGLIGIBLE) {
            assert!((d.before - d.chosen).abs() <= NEGLIGIBLE);
        }
        // Each judged choice is the exact value of that action.
        let positions = State::replay(5, state.history()).unwrap();
        for (d, p) in review.iter().zip(&positions) {
            let exact = solver::action_values(p)
                .into_iter()
                .find(|(a, _)| *a == d.action)
                .map(|(_, v)| v);
            if let Some(exact) = exact {
                assert!((exact - d.chosen).abs() < 1e-9);
            }
        }
        // The game was lost at the end.
        assert_eq!(review.last().unwrap().after, 0.0);
    }

    #[test]
    fn a_position_too_large_for_the_budget_is_answered_as_such() {
        let deal = State::new(97);
        assert!(Solver::with_budget(&deal, 10).solve(&deal).is_err());
    }

    #[test]
    fn review_of_a_forged_history_is_refused() {
        let bad = vec![Action::activate(Hangman, Target::None)];
        assert!(matches!(
            answer(&Question::Review {
                seed: 3,
                history: bad
            }),
            Answer::Refused(_)
        ));
    }

    #[test]
    fn certain_deal_is_a_certain_win_and_odds_agree() {
        let Answer::CertainDeal { seed: Some(seed) } = answer(&Question::CertainDeal {
            from: 40,
            tries: 20,
        }) else {
            panic!("one of 20 deals is a certain win");
        };
        assert!((40..60).contains(&seed));
        let Answer::DealOdds { win, .. } = answer(&Question::DealOdds(seed)) else {
            panic!("odds answered");
        };
        assert_eq!(win, 1.0);
    }

    #[test]
    fn requests_and_replies_survive_the_trip_to_the_worker() {
        let mut state = State::new(2);
        let first = state.legal_actions()[0];
        state.apply(first).unwrap();
        let request = Request {
            id: 7,
            question: Question::Hint {
                seed: 2,
                history: state.history().to_vec(),
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        let reply = Reply {
            id: 7,
            answer: answer(&request.question),
        };
        let text = serde_json::to_string(&reply).unwrap();
        assert_eq!(serde_json::from_str::<Reply>(&text).unwrap(), reply);
        // The hint is about the position the moves lead to.
        let expected = hint(&mut Solver::new(&state), &state).unwrap();
        assert_eq!(reply.answer, Answer::Hint(expected));
    }

    /// The app sends these to its worker as JSON: every action of many
    /// games and every question round-trip; every answer comes back exactly
    /// (odds travel as their bits).
    #[test]
    fn messages_round_trip_exactly_as_json() {
        let mut history = Vec::new();
        for seed in 0..300u64 {
            let mut state = State::new(seed);
            let mut step = seed;
            while let Some(&action) = {
                let legal = state.legal_actions();
                step = step.wrapping_mul(6364136223846793005).wrapping_add(1);
                legal
                    .get((step >> 33) as usize % legal.len().max(1))
                    .copied()
                    .as_ref()
            } {
                let text = serde_json::to_string(&action).unwrap();
                assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), action);
                history.push(action);
                if state.apply(action).is_err() || history.len() > 5_000 {
                    break;
                }
            }
        }
        assert!(history.len() > 1_000, "{}", history.len());
        let questions = [
            Question::Hint {
                seed: u64::MAX,
                history: history.clone(),
            },
            Question::Review {
                seed: 3,
                history: Vec::new(),
            },
            Question::DealOdds(29),
            Question::CertainDeal {
                from: 1,
                tries: 200,
            },
        ];
        for (id, question) in questions.into_iter().enumerate() {
            let request = Request {
                id: id as u32,
                question,
            };
            let text = serde_json::to_string(&request).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        }
        let decision = Decision {
            activation: 3,
            action: history[0],
            before: 1.0,
            chosen: 0.6,
            after: 1.0 / 3.0,
        };
        let answers = [
            Answer::Hint(Hint {
                win: 0.1 + 0.2,
                best: Some(history[1]),
            }),
            Answer::Hint(Hint {
                win: 0.0,
                best: None,
            }),
            Answer::Review(vec![decision; 3]),
            Answer::DealOdds {
                seed: 5,
                win: 0.987654321,
            },
            Answer::CertainDeal { seed: None },
            Answer::CertainDeal { seed: Some(8) },
            Answer::TooHard,
            Answer::Refused("a \"quoted\" reason".into()),
        ];
        for answer in answers {
            let reply = Reply { id: 7, answer };
            let text = serde_json::to_string(&reply).unwrap();
            assert_eq!(serde_json::from_str::<Reply>(&text).unwrap(), reply);
        }
    }
}
