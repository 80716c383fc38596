//! The end of a case and of the game: the case result each player sees
//! before going on, and the final dialog.

use super::records::route;
use super::source::{with_view, Source};
use super::words::{case_report, final_result, CaseReport};
use crate::route::Page;
use crate::table::frame::GameOverDialog;
use engine::detective_graves::Seat;
use leptos::prelude::*;

/// A finished case: who the Mastermind was, the accusation or reveal, the
/// points, and the swap. Shown to both players (everything on it is public
/// now) until they go on.
#[component]
pub fn CaseResult(source: Source, viewer: Seat, case: usize) -> impl IntoView {
    let report = untrack(|| with_view(source, viewer, |names, v| case_report(v, names, case)));
    let Some(CaseReport { title, lines, next }) = report else {
        return ().into_any();
    };
    view! {
        <section class="panel dg-case-result" aria-labelledby="dg-case-title">
            <h2 id="dg-case-title">{title}</h2>
            {lines.into_iter().map(|l| view! { <p>{l}</p> }.into_any()).collect_view()}
            <div class="button-row">
                <button class="button primary" on:click=move |_| source.see_case(case)>{next}</button>
            </div>
        </section>
    }
    .into_any()
}

/// The game's end: who won, the points, and where to go next. On a guest
/// device the host decides whether to play again: nor that nor a new game
/// is offered there.
#[component]
pub fn EndDialog(source: Source, viewer: Seat, dismiss: Callback<()>) -> impl IntoView {
    let (title, detail, person_won) =
        untrack(|| with_view(source, viewer, |names, v| final_result(v, names)));
    match source {
        Source::Local(table) => {
            let replay = crate::replay::href_of(table);
            view! {
                <GameOverDialog title detail celebrate=person_won play_again=Callback::new(move |_| table.play_again()) new_game=route(Page::New) replay dismiss/>
            }
            .into_any()
        }
        Source::Remote(_) => {
            view! { <GameOverDialog title detail celebrate=person_won dismiss/> }.into_any()
        }
    }
}
