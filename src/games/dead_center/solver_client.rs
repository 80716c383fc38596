//! The page side of the Dead Center solver worker
//! (`workers/src/bin/dead_center_solver.rs`), through the app's
//! [`Channel`]: a review or a search for a deal can take a while, and the
//! page never waits for it. The ratings it worked out since the page
//! opened are kept, so a deal found on the new-game screen is not rated
//! again on the table.

use crate::workers::{Channel, ChannelKey};
use engine::dead_center::advice::{Answer, Progress, Question, Rating};
use engine::dead_center::difficulty::Level;
use engine::dead_center::Variant;
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static SOLVER: Channel<Question, Progress, Answer> = const { Channel::new("dead-center-solver") };
    static RATED: RefCell<HashMap<(Variant, u64), Rating>> = RefCell::new(HashMap::new());
}

const KEY: ChannelKey<Question, Progress, Answer> = &SOLVER;

/// Asks the solver `question`: `on_progress` is told how a long one comes
/// along, `on_answer` gets the answer or why there is none.
pub fn ask(
    question: Question,
    on_progress: impl Fn(Progress) + 'static,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    let variant = match &question {
        Question::Review { variant, .. }
        | Question::Difficulty { variant, .. }
        | Question::FindDeal { variant, .. } => *variant,
    };
    Channel::ask(KEY, question, on_progress, move |answer| {
        match &answer {
            Ok(Answer::Difficulty { seed, rating }) => note(variant, *seed, *rating),
            Ok(Answer::Found(Some(found))) => note(variant, found.seed, found.rating),
            _ => {}
        }
        on_answer(answer);
    });
}

/// Remembers a deal's rating (the tests tell it one too).
pub(super) fn note(variant: Variant, seed: u64, rating: Rating) {
    RATED.with_borrow_mut(|rated| rated.insert((variant, seed), rating));
}

/// The rating of a deal: at once if known, else from the worker.
pub fn rating(variant: Variant, seed: u64, then: impl FnOnce(Rating) + 'static) {
    if let Some(known) = RATED.with_borrow(|rated| rated.get(&(variant, seed)).copied()) {
        then(known);
        return;
    }
    ask(
        Question::Difficulty { variant, seed },
        |_| {},
        move |answer| {
            if let Ok(Answer::Difficulty { rating, .. }) = answer {
                then(rating);
            }
        },
    );
}

/// The level of a deal, for its game's statistics, if the worker has
/// rated it (the table asks as it opens). A deal not rated is counted as
/// such, as Murderers' Row does: rating it here would put the careless
/// player's code in the game's chunk.
pub fn level(variant: Variant, seed: u64) -> Option<Level> {
    RATED.with_borrow(|rated| rated.get(&(variant, seed)).map(|r| r.difficulty.level))
}

/// Stops the worker and forgets the questions asked (Stop, or leaving).
pub fn cancel() {
    Channel::cancel(KEY);
}
