//! The Murderers' Row solver's worker: a request is an
//! `advice::Request`, each message back an `advice::Report` (progress,
//! then the reply), all as JSON, the same text the page's
//! `src/games/murderers_row/solver_client.rs` writes and reads.

use engine::murderers_row::advice::{respond, Answer};

fn main() {
    workers::serve_json(respond, Answer::Refused);
}
