//! The table's "thinking" indicator: what the solver is working on, and,
//! for a question that takes more than one slice of its work, how far it
//! has come and for how long. The worker runs off the page's thread, so
//! every control stays usable meanwhile; Stop ends the worker.

use super::solver_client;
use crate::ui::When;
use crate::words::large_count;
use engine::murderers_row::advice::{Answer, Progress, Question};
use leptos::prelude::*;
use std::time::Duration;
use web_sys::js_sys::Date;

/// A question the solver is working on for the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    /// "Working out the odds…"
    pub what: &'static str,
    /// When it was asked (`Date.now()`, milliseconds).
    pub since: f64,
    /// The last progress reported, if the question took more than a slice.
    pub progress: Option<Progress>,
}

/// Asks the solver `question`, showing `what` (and then its progress) in
/// `thinking` until the answer, which goes to `on_answer`.
pub fn ask(
    thinking: RwSignal<Option<Thinking>>,
    what: &'static str,
    question: Question,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    thinking.set(Some(Thinking {
        what,
        since: Date::now(),
        progress: None,
    }));
    solver_client::ask_with_progress(
        question,
        move |progress| {
            let _ = thinking.try_update(|t| {
                if let Some(t) = t {
                    t.progress = Some(progress);
                }
            });
        },
        move |answer| {
            let _ = thinking.try_set(None);
            on_answer(answer);
        },
    );
}

/// "14 s", "2 min 5 s".
pub fn seconds_text(seconds: u64) -> String {
    if seconds < 60 {
        format!("{seconds} s")
    } else {
        format!("{} min {} s", seconds / 60, seconds % 60)
    }
}

/// How far a long question has come, after `seconds`: "Still working: over
/// 1.2 million positions examined (14 s)."
pub fn progress_text(progress: Progress, seconds: u64) -> String {
    let examined = large_count(progress.examined);
    let time = seconds_text(seconds);
    if progress.finishing {
        format!("Still working ({time}): over {examined} positions examined; the last step reports nothing more until the answer.")
    } else {
        format!("Still working: over {examined} positions examined ({time}).")
    }
}

/// The indicator, with its Stop button; `stopped` is told when the player
/// stops the solver.
#[component]
pub fn ThinkingBar(thinking: RwSignal<Option<Thinking>>, stopped: Callback<()>) -> impl IntoView {
    view! {
        <When when=move || thinking.get().is_some()>
            <ThinkingNow thinking stopped/>
        </When>
    }
}

#[component]
fn ThinkingNow(thinking: RwSignal<Option<Thinking>>, stopped: Callback<()>) -> impl IntoView {
    // The elapsed time moves on even while no progress comes (the last
    // step of a long question reports none).
    let now = RwSignal::new(Date::now());
    crate::ui::later::every(Duration::from_secs(1), move || now.set(Date::now()));
    let what = move || thinking.get().map_or("", |t| t.what);
    let progress = move || {
        let t = thinking.get()?;
        let seconds = ((now.get() - t.since).max(0.0) / 1000.0) as u64;
        Some(progress_text(t.progress?, seconds))
    };
    view! {
        <div class="mr-thinking">
            <span class="spinner" aria-hidden="true"></span>
            <span role="status">{what}</span>
            <span class="mr-progress">{move || progress().unwrap_or_default()}</span>
            <button class="button" on:click=move |_| {
                solver_client::cancel();
                thinking.set(None);
                stopped.run(());
            }>"Stop"</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_as_a_sentence() {
        let mut p = Progress {
            slices: 5,
            examined: 1_250_000,
            finishing: false,
        };
        assert_eq!(
            progress_text(p, 14),
            "Still working: over 1.2 million positions examined (14 s)."
        );
        p.finishing = true;
        assert_eq!(
            progress_text(p, 125),
            "Still working (2 min 5 s): over 1.2 million positions examined; the last step reports nothing more until the answer."
        );
    }
}
