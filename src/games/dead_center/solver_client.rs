//! The page side of the Dead Center solver worker
//! (`workers/src/bin/dead_center_solver.rs`), through the app's
//! [`Channel`]: a review can take a while, and the page never waits for it.

use crate::workers::{Channel, ChannelKey};
use engine::dead_center::advice::{Answer, Progress, Question};

thread_local! {
    static SOLVER: Channel<Question, Progress, Answer> = const { Channel::new("dead-center-solver") };
}

const KEY: ChannelKey<Question, Progress, Answer> = &SOLVER;

/// Asks the solver `question`: `on_progress` is told how a long one comes
/// along, `on_answer` gets the answer or why there is none.
pub fn ask(
    question: Question,
    on_progress: impl Fn(Progress) + 'static,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    Channel::ask(KEY, question, on_progress, on_answer);
}

/// Stops the worker and forgets the questions asked (Stop, or leaving).
pub fn cancel() {
    Channel::cancel(KEY);
}
