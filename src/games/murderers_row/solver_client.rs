//! The page side of the solver worker: questions go to a web worker running
//! the solver's own module (`workers/src/bin/murderers_row_solver.rs`),
//! through the app's [`Channel`], so that a long solve never freezes the
//! page. The worker starts on the first question and is stopped by
//! [`cancel`] (a new one starts with the next question).

use crate::workers::{Channel, ChannelKey};
use engine::murderers_row::advice::{Answer, Progress, Question};
use engine::murderers_row::difficulty::Level;
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static SOLVER: Channel<Question, Progress, Answer> = const { Channel::new("murderers-row-solver") };
    /// The levels of the deals the solver rated since the page opened.
    static LEVELS: RefCell<HashMap<u64, Level>> = RefCell::new(HashMap::new());
}

const KEY: ChannelKey<Question, Progress, Answer> = &SOLVER;

/// The level of deal `seed`, if the solver has worked it out since the page
/// opened (on the new-game screen, say).
pub fn known_level(seed: u64) -> Option<Level> {
    LEVELS.with_borrow(|levels| levels.get(&seed).copied())
}

/// Notes the level an answer gives a deal.
fn note_level(answer: &Answer) {
    let rated = match answer {
        Answer::Difficulty { seed, difficulty } => Some((*seed, difficulty.level)),
        Answer::DealOfLevel {
            found: Some((seed, difficulty)),
        } => Some((*seed, difficulty.level)),
        _ => None,
    };
    if let Some((seed, level)) = rated {
        LEVELS.with_borrow_mut(|levels| levels.insert(seed, level));
    }
}

/// Asks the solver `question`; `on_answer` gets the answer, or why there is
/// none. Answers come in the order asked.
pub fn ask(question: Question, on_answer: impl FnOnce(Result<Answer, String>) + 'static) {
    ask_with_progress(question, |_| {}, on_answer);
}

/// [`ask`], with `on_progress` told how a long question is coming along
/// (after each slice of the solver's work) until the answer.
pub fn ask_with_progress(
    question: Question,
    on_progress: impl Fn(Progress) + 'static,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    Channel::ask(KEY, question, on_progress, move |answer| {
        if let Ok(answer) = &answer {
            note_level(answer);
        }
        on_answer(answer);
    });
}

/// Stops the worker and forgets every question asked (their callbacks are
/// never called).
pub fn cancel() {
    Channel::cancel(KEY);
}

/// Drops the questions asked so far: a worker still working on one is
/// stopped (it may be long), an idle one is kept warm for the next question.
pub fn drop_questions() {
    Channel::drop_questions(KEY);
}
