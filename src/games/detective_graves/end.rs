//! The end of a case and of the game: the case result each player sees
//! before going on, and the final dialog.

use super::feed::Feed;
use super::records::route;
use super::words::{case_report, final_result, CaseReport};
use crate::route::Page;
use crate::table::frame::GameOverDialog;
use crate::table::seat::Ending;
use leptos::prelude::*;

/// A finished case: who the Mastermind was, the accusation or reveal, the
/// points, and the swap. Shown to both players (everything on it is public
/// now) until they go on.
#[component]
pub fn CaseResult(feed: Feed, case: usize) -> impl IntoView {
    let report = untrack(|| feed.seen(|names, v| case_report(v, names, case)));
    let Some(CaseReport { title, lines, next }) = report else {
        return ().into_any();
    };
    view! {
        <section class="panel dg-case-result" aria-labelledby="dg-case-title">
            <h2 id="dg-case-title">{title}</h2>
            {lines.into_iter().map(|l| view! { <p>{l}</p> }.into_any()).collect_view()}
            <div class="button-row">
                <button class="button primary" on:click=move |_| feed.see_case(case)>{next}</button>
            </div>
        </section>
    }
    .into_any()
}

/// The game's end: who won, the points, and where to go next. On a guest
/// device the host decides whether to play again: nor that nor a new game
/// is offered there.
#[component]
pub fn EndDialog(feed: Feed, dismiss: Callback<()>) -> impl IntoView {
    let (title, detail, person_won) = untrack(|| feed.seen(|names, v| final_result(v, names)));
    match feed.ending() {
        Some(Ending { play_again, replay }) => {
            view! {
                <GameOverDialog title detail celebrate=person_won play_again new_game=route(Page::New) replay dismiss/>
            }
            .into_any()
        }
        None => view! { <GameOverDialog title detail celebrate=person_won dismiss/> }.into_any(),
    }
}
