//! The end of a game: won or lost, the solver's review of the moves made,
//! and what to do next.

use super::questions::ask_review;
use super::records::table;
use super::table_ui::{play, Ui};
use super::words::{end_detail, end_title, verdict};
use crate::daily::{self, DailyEnd};
use crate::ui::Dialog;
use engine::murderers_row::{Action, Status};
use leptos::prelude::*;

#[component]
pub fn EndDialog(ui: Ui, restart: Callback<()>, new_deal: Callback<()>) -> impl IntoView {
    let table = table();
    let (won, assisted, can_undo, counted, seed) = table.ctx.game.with_untracked(|g| {
        g.as_ref().map_or((false, false, false, false, None), |g| {
            (
                g.state.status() == Status::Won,
                g.state.assisted(),
                g.state.can_undo(),
                g.counted,
                Some(g.state.seed()),
            )
        })
    });
    let daily = seed.and_then(daily::deal_day).map(|day| {
        let stats = table.ctx.stats.with_untracked(|s| s.daily.clone());
        view! { <DailyEnd game="Murderers' Row" day stats/> }
    });
    let replay = crate::replay::href_of(table);
    ask_review(table, ui);
    let review = move || match ui.review.get() {
        None => "Looking back over your game…".to_string(),
        Some(Ok(decisions)) => verdict(&decisions),
        Some(Err(why)) => why,
    };
    view! {
        <Dialog title=end_title(won) celebrate=won>
            <p>{end_detail(won, assisted)}</p>
            <p class="mr-review" aria-live="polite">{review}</p>
            {daily}
            {(!won && can_undo).then(|| view! {
                <p class="small">{if counted { "This loss is counted in your statistics; if you undo and play on, the game is not counted again." } else { "" }}</p>
            }.into_any())}
            <div class="button-row">
                <button class="button primary" on:click=move |_| new_deal.run(())>"New deal"</button>
                {replay.map(|href| view! { <a class="button" href=href>"Watch the replay"</a> })}
                <button class="button" on:click=move |_| restart.run(())>"Same deal"</button>
                {(!won && can_undo).then(|| view! {
                    <button class="button" on:click=move |_| play(table, ui, Action::Undo)>"Undo last move"</button>
                }.into_any())}
                <button class="button" on:click=move |_| ui.end_dismissed.set(true)>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
    }
}
