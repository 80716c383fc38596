//! The end of a case and of the game: the case result each player sees
//! before going on, and the final dialog.

use super::records::{game_ctx, route, table};
use super::words::{case_report, CaseReport};
use crate::route::Page;
use crate::table::controller::SeatedRecord;
use crate::table::frame::GameOverDialog;
use engine::detective_graves::Seat;
use leptos::prelude::*;

/// A finished case: who the Mastermind was, the accusation or reveal, the
/// points, and the swap. Shown to both players (everything on it is public
/// now) until they go on.
#[component]
pub fn CaseResult(case: usize) -> impl IntoView {
    let table = table();
    let Some(CaseReport { title, lines, next }) = table.ctx.game.with_untracked(|g| {
        g.as_ref()
            .and_then(|g| case_report(&g.state, &g.names, case))
    }) else {
        return ().into_any();
    };
    let go_on = move |_| {
        table.note(|g| g.cases_seen = (case + 1).min(g.state.results().len()));
    };
    view! {
        <section class="panel dg-case-result" aria-labelledby="dg-case-title">
            <h2 id="dg-case-title">{title}</h2>
            {lines.into_iter().map(|l| view! { <p>{l}</p> }.into_any()).collect_view()}
            <div class="button-row">
                <button class="button primary" on:click=go_on>{next}</button>
            </div>
        </section>
    }
    .into_any()
}

/// The game's end: who won, the points, and where to go next.
#[component]
pub fn EndDialog(dismiss: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let table = table();
    let (title, detail, person_won) = ctx.game.with_untracked(|g| {
        let Some(g) = g.as_ref() else {
            return (String::new(), String::new(), false);
        };
        let person_won = g.a_person_won();
        let points = [Seat(0), Seat(1)].map(|s| g.state.points(s));
        let title = match g.state.winners() {
            [one] => format!("{} wins", g.name(*one)),
            _ => "A draw".to_string(),
        };
        let detail = format!(
            "{} {}, {} {}.",
            g.name(Seat(0)),
            points[0],
            g.name(Seat(1)),
            points[1]
        );
        (title, detail, person_won)
    });
    view! {
        <GameOverDialog title detail celebrate=person_won play_again=Callback::new(move |_| table.play_again()) new_game=route(Page::New) dismiss/>
    }
}
