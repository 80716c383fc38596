//! What the Dead Center solver's web worker answers (the messages of
//! [`crate::worker`]): the review of a finished game, a deal's rating (its
//! difficulty, and whether it can be won with every card known), and a
//! search for a deal of a chosen difficulty, proven winnable if asked.
//! The worker carries this, the solver and the rating; the page only asks
//! and shows.
//!
//! ## The review with few solves
//!
//! The best score never rises along a game: a move can keep the best a
//! position offers or lose some of it, never add (the best of a position is
//! the best over its moves). So the best scores after each move of the
//! history fall step by step, and the first move that lowers them, or the
//! one after which nothing wins, is found by halving the history: about
//! eight solves for a game of two hundred moves, not two hundred.

use super::difficulty::{rate, Difficulty, Level};
use super::solver::{Limits, SolveError, Solver};
use super::{Action, State, Status, Variant};
use serde::{Deserialize, Serialize};

/// A question for the Dead Center solver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Question {
    /// The review of the game dealt by `variant` and `seed`, played with
    /// `history` (the moves that stand: [`State::history`]).
    Review {
        variant: Variant,
        seed: u64,
        history: Vec<Action>,
    },
    /// The rating of a deal.
    Difficulty { variant: Variant, seed: u64 },
    /// The first of `tries` deals from `from` on of `level` (any level:
    /// `None`), and, if `winnable`, that the solver proves winnable.
    FindDeal {
        variant: Variant,
        level: Option<Level>,
        winnable: bool,
        from: u64,
        tries: u32,
    },
}

/// The solver's answer to a [`Question`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Review(GameReview),
    Difficulty {
        seed: u64,
        rating: Rating,
    },
    /// `None` when none of the deals tried fits.
    Found(Option<FoundDeal>),
    /// The question could not be answered: why, for the player.
    Refused(String),
}

/// How far a long question has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Positions the solver searched so far.
    pub searched: u64,
    /// Deals tried so far (a search for a deal).
    #[serde(default)]
    pub tried: u32,
}

/// What is known of a deal before it is played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// How it goes for a player who cannot see the hidden cards.
    pub difficulty: Difficulty,
    /// Whether some play wins it, with every card known (the exact
    /// solver's [`Solver::find_win`]); `None` when it gave up first.
    pub winnable: Option<bool>,
}

/// A deal a search found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FoundDeal {
    pub seed: u64,
    pub rating: Rating,
}

/// A message to the solver (see [`crate::worker`]).
pub type Request = crate::worker::Request<Question>;
/// The solver's reply to the [`Request`] with the same `id`.
pub type Reply = crate::worker::Reply<Answer>;
/// Progress now and then, then the one [`Reply`].
pub type Report = crate::worker::Report<Progress, Answer>;

/// A finished game seen with everything known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReview {
    /// The deal's best score (cards left at the win); `None`: no play wins it.
    pub deal_best: Option<u8>,
    /// The move that cost the game: in a lost game, the one after which the
    /// deal could no longer be won; in a won game, the first that lowered
    /// the best score. `None` when the game got all the deal allowed.
    pub mistake: Option<Mistake>,
}

/// A move that lost what the position before it offered, and a line from
/// that position that gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mistake {
    /// The move's place in the history (from 0).
    pub index: usize,
    /// The best score before the move (it was winnable) and after it.
    pub before: u8,
    pub after: Option<u8>,
    /// From the position before the move: the actions that win with
    /// `before` cards left.
    pub line: Vec<Action>,
}

/// A review gives up after searching this many positions for one answer
/// (a few minutes in the browser): a few deals are that hard (see the
/// solver's measurements).
pub const MOST: u64 = 100_000_000;

/// Answers `request`, sending each report (progress, then the reply) to
/// `send` as it comes.
pub fn respond(request: &Request, send: &mut dyn FnMut(Report)) {
    let id = request.id;
    let answer = answer(&request.question, MOST, &mut |progress| {
        send(Report::Progress { id, progress })
    });
    send(Report::Done(Reply { id, answer }));
}

/// Whether a deal can be won is known within this many positions, or left
/// unknown (and the deal passed over by a search for winnable deals). Most
/// deals take a few thousand; the slowest of 10,000 per variant took about
/// a million (see the solver's measurements).
pub const WINNABLE_WITHIN: u64 = 3_000_000;

/// Whether the deal `variant`, `seed` can be won with every card known
/// (`None`: not known within [`WINNABLE_WITHIN`] positions), and the
/// positions searched to know it.
pub fn winnable(variant: Variant, seed: u64) -> (Option<bool>, u64) {
    let deal = State::new(variant, seed);
    let limits = Limits {
        max_nodes: WINNABLE_WITHIN,
        ..Limits::default()
    };
    let Ok(mut solver) = Solver::new(&deal, limits) else {
        return (None, 0);
    };
    let known = match solver.find_win(&deal) {
        Ok(win) => Some(win.is_some()),
        Err(_) => None,
    };
    (known, solver.nodes())
}

/// The rating of the deal `variant`, `seed`.
pub fn rate_deal(variant: Variant, seed: u64) -> Rating {
    Rating {
        difficulty: rate(variant, seed),
        winnable: winnable(variant, seed).0,
    }
}

/// Answers `question`, reporting progress while the solver searches, and
/// giving up after `most` positions for one answer.
pub fn answer(question: &Question, most: u64, progress: &mut dyn FnMut(Progress)) -> Answer {
    match question {
        &Question::Difficulty { variant, seed } => Answer::Difficulty {
            seed,
            rating: rate_deal(variant, seed),
        },
        &Question::FindDeal {
            variant,
            level,
            winnable,
            from,
            tries,
        } => Answer::Found(find_deal(variant, level, winnable, from, tries, progress)),
        Question::Review {
            variant,
            seed,
            history,
        } => match review(*variant, *seed, history, most, progress) {
            Ok(review) => Answer::Review(review),
            Err(why) => Answer::Refused(why),
        },
    }
}

/// The first of `tries` deals from `from` on of `level` (any: `None`) and,
/// if `winnable`, proven winnable within [`WINNABLE_WITHIN`] positions;
/// with its rating.
pub fn find_deal(
    variant: Variant,
    level: Option<Level>,
    winnable: bool,
    from: u64,
    tries: u32,
    progress: &mut dyn FnMut(Progress),
) -> Option<FoundDeal> {
    let mut searched = 0;
    for tried in 0..tries {
        let seed = from.wrapping_add(u64::from(tried));
        (progress)(Progress { searched, tried });
        let difficulty = rate(variant, seed);
        if level.is_some_and(|level| level != difficulty.level) {
            continue;
        }
        let (known, nodes) = self::winnable(variant, seed);
        searched += nodes;
        if !winnable || known == Some(true) {
            let rating = Rating {
                difficulty,
                winnable: known,
            };
            return Some(FoundDeal { seed, rating });
        }
    }
    None
}

/// The review of a finished game (see the module's notes).
pub fn review(
    variant: Variant,
    seed: u64,
    history: &[Action],
    most: u64,
    progress: &mut dyn FnMut(Progress),
) -> Result<GameReview, String> {
    let end = State::restore(variant, seed, history, false)?;
    let lost = match end.status() {
        Status::Won { .. } => false,
        Status::Lost(_) => true,
        Status::Playing(_) => return Err("the game is not over".into()),
    };
    let deal = State::new(variant, seed);
    let limits = Limits {
        max_nodes: most,
        ..Limits::default()
    };
    let mut tell = |searched| progress(Progress { searched, tried: 0 });
    let mut solver = Solver::new(&deal, limits).map_err(|e| e.to_string())?;
    solver.on_progress(&mut tell);
    let mut solve = |state: &State| match solver.solve(state) {
        Ok(solution) => Ok(solution),
        Err(SolveError::Unfinished { nodes }) => Err(format!(
            "This deal is too hard to review: no answer after searching {} million positions.",
            nodes / 1_000_000
        )),
        Err(other) => Err(other.to_string()),
    };
    let after = |moves: usize| State::restore(variant, seed, &history[..moves], false);
    let deal_best = solve(&deal)?.best_score;
    let Some(best) = deal_best else {
        return Ok(GameReview {
            deal_best,
            mistake: None,
        });
    };
    let final_score = if lost {
        None
    } else {
        Some(end.deck_len() as u8)
    };
    // Lost: the move after which nothing wins; won: the first that lowered
    // the best score (the scores fall along the history).
    let short_of = |value: Option<u8>| {
        if lost {
            value.is_none()
        } else {
            value < Some(best)
        }
    };
    if !short_of(final_score) {
        return Ok(GameReview {
            deal_best,
            mistake: None,
        });
    }
    // The first number of moves after which the game is short: more than
    // `low`, at most `high`.
    let (mut low, mut high) = (0, history.len());
    let mut value_at_high = final_score;
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        let value = solve(&after(mid)?)?.best_score;
        if short_of(value) {
            high = mid;
            value_at_high = value;
        } else {
            low = mid;
        }
    }
    let solution = solve(&after(low)?)?;
    let before = solution
        .best_score
        .ok_or("the position before the mistake did not win after all")?;
    Ok(GameReview {
        deal_best,
        mistake: Some(Mistake {
            index: low,
            before,
            after: value_at_high,
            line: solution.line,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dead_center::solver;
    use crate::game::Game;

    /// Plays `variant` deal `seed` with the first legal move (never undo
    /// or a hint) at each step, to the end.
    fn first_moves(variant: Variant, seed: u64) -> State {
        let mut state = State::new(variant, seed);
        while !state.is_over() {
            let action = state.legal_actions()[0];
            let action = if action.is_move() {
                action
            } else {
                *state.legal_actions().iter().find(|a| a.is_move()).unwrap()
            };
            state.apply(action).unwrap();
        }
        state
    }

    /// The move the review names is the first to lose what the deal
    /// offered: the best score (fresh solvers, one position each) is the
    /// deal's before it and short after it, and the scores only fall along
    /// a game, so no earlier move lost it. Its line wins from before the
    /// move with the score it says.
    #[test]
    fn issue_28_review_names_the_first_move_that_lost_the_best_score() {
        let mut checked = 0;
        for seed in [2, 4, 5] {
            let variant = Variant::ALL[seed as usize % 3];
            let end = first_moves(variant, seed);
            let history = end.history().to_vec();
            let got = review(variant, seed, &history, u64::MAX, &mut |_| {}).unwrap();
            let value = |moves: usize| {
                let state = State::restore(variant, seed, &history[..moves], false).unwrap();
                solver::solve(&state).unwrap().best_score
            };
            assert_eq!(got.deal_best, value(0), "seed {seed}");
            let Some(mistake) = got.mistake else {
                continue;
            };
            checked += 1;
            let lost = matches!(end.status(), Status::Lost(_));
            assert_eq!(Some(mistake.before), value(mistake.index));
            if lost {
                assert_eq!(mistake.before, got.deal_best.unwrap().min(mistake.before));
                assert_eq!(value(mistake.index + 1), None);
                assert_eq!(mistake.after, None);
            } else {
                assert_eq!(Some(mistake.before), got.deal_best);
                assert!(value(mistake.index + 1) < got.deal_best);
            }
            let mut line = State::restore(variant, seed, &history[..mistake.index], false).unwrap();
            for &action in &mistake.line {
                line.apply(action).unwrap();
            }
            assert_eq!(
                line.status(),
                Status::Won {
                    score: usize::from(mistake.before)
                }
            );
        }
        assert!(checked >= 2, "only {checked} games had a mistake");
    }

    #[test]
    fn issue_28_review_of_a_perfect_game_names_no_move() {
        // Deal 9: a win of 13 with room to go wrong, solved and reviewed in
        // about a second (deal 7 took 27 s of the test command).
        let deal = State::new(Variant::Standard, 9);
        let best = solver::solve(&deal).unwrap();
        assert!(best.best_score.is_some_and(|score| score > 5));
        let got = review(Variant::Standard, 9, &best.line, MOST, &mut |_| {}).unwrap();
        assert_eq!(got.deal_best, best.best_score);
        assert_eq!(got.mistake, None);
    }

    #[test]
    fn issue_28_review_refuses_an_unfinished_game_or_a_wrong_history() {
        let mut state = State::new(Variant::Hard, 3);
        state.apply(Action::Reveal(0)).unwrap();
        let unfinished = review(Variant::Hard, 3, state.history(), MOST, &mut |_| {});
        assert!(unfinished.unwrap_err().contains("not over"));
        let wrong = review(Variant::Hard, 3, &[Action::Draw], MOST, &mut |_| {});
        assert!(wrong.unwrap_err().contains("refused"));
    }

    #[test]
    fn issue_28_review_gives_up_past_its_limit_with_a_message() {
        let end = first_moves(Variant::Standard, 0);
        let got = review(Variant::Standard, 0, end.history(), 10, &mut |_| {});
        assert!(got.unwrap_err().contains("too hard"));
    }

    #[test]
    fn issue_28_find_deal_gives_a_deal_of_the_level_asked_proven_winnable() {
        for level in [Level::Easy, Level::Fiendish] {
            let mut reports = 0;
            let found = find_deal(Variant::Standard, Some(level), true, 40, 30, &mut |p| {
                assert_eq!(p.tried, reports);
                reports += 1;
            })
            .unwrap();
            assert_eq!(found.rating.difficulty.level, level);
            assert_eq!(found.rating, rate_deal(Variant::Standard, found.seed));
            assert!((40..70).contains(&found.seed));
            // Every deal before it was of another level (or not proven).
            assert_eq!(u64::from(reports), found.seed - 40 + 1);
            let best = solver::solve(&State::new(Variant::Standard, found.seed))
                .unwrap()
                .best_score;
            assert!(best.is_some());
            assert_eq!(found.rating.winnable, Some(true));
        }
        // Any level, no proof asked: the first deal tried, rated all the same.
        let any = find_deal(Variant::Hard, None, false, 7, 5, &mut |_| {}).unwrap();
        assert_eq!(any.seed, 7);
        assert_eq!(any.rating, rate_deal(Variant::Hard, 7));
        assert_eq!(
            find_deal(Variant::Hard, Some(Level::Easy), false, 7, 0, &mut |_| {}),
            None
        );
        // A deal no play wins is rated so, and passed over when asked.
        assert_eq!(rate_deal(Variant::Nightmare, 58).winnable, Some(false));
        let found = find_deal(Variant::Nightmare, None, true, 58, 5, &mut |_| {}).unwrap();
        assert_eq!((found.seed, found.rating.winnable), (59, Some(true)));
        let any = find_deal(Variant::Nightmare, None, false, 58, 5, &mut |_| {}).unwrap();
        assert_eq!((any.seed, any.rating.winnable), (58, Some(false)));
    }

    #[test]
    fn issue_28_review_messages_read_back() {
        let request = Request {
            id: 4,
            question: Question::Review {
                variant: Variant::Nightmare,
                seed: 9,
                history: vec![Action::Reveal(2), Action::Place(1)],
            },
        };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        let mut reports = Vec::new();
        respond(&request, &mut |r| reports.push(r));
        assert!(matches!(
            reports.last(),
            Some(Report::Done(Reply {
                id: 4,
                answer: Answer::Refused(_)
            }))
        ));
    }
}
