//! The messages between the app's page and a solver's web worker, the same
//! for every game's solver: a question with a number, progress reports on a
//! long one, then its answer with the same number. Each game's solver fills
//! in its own questions, progress and answers.

use serde::{Deserialize, Serialize};

/// A message to a solver: a question and the number its answer carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request<Q> {
    pub id: u32,
    pub question: Q,
}

/// The solver's reply to the [`Request`] with the same `id`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply<A> {
    pub id: u32,
    pub answer: A,
}

/// What a solver sends back about a [`Request`]: progress after each slice
/// of a long question, then its one [`Reply`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Report<P, A> {
    Progress { id: u32, progress: P },
    Done(Reply<A>),
}
