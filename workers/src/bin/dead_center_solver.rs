//! The Dead Center solver's worker: a request is an [`advice::Request`], each
//! message back an [`advice::Report`] (progress, then the reply), all as
//! JSON, the same text the page's `src/games/dead_center/solver_client.rs`
//! writes and reads.

use engine::dead_center::advice::{self, Answer, Reply, Report, Request};

fn main() {
    workers::serve(|request, send| {
        let mut post = |report: Report| {
            if let Ok(text) = serde_json::to_string(&report) {
                send(text);
            }
        };
        match serde_json::from_str::<Request>(request) {
            Ok(request) => advice::respond(&request, &mut post),
            Err(e) => post(Report::Done(Reply {
                id: 0,
                answer: Answer::Refused(format!("unreadable request: {e}")),
            })),
        }
    });
}
