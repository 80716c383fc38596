//! The Dead Center solver's worker: a request is an `advice::Request`, each
//! message back an `advice::Report` (progress, then the reply), all as
//! JSON, the same text the page's `src/games/dead_center/solver_client.rs`
//! writes and reads.

use engine::dead_center::advice::{respond, Answer};

fn main() {
    workers::serve_json(respond, Answer::Refused);
}
