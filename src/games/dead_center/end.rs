//! The end of a game: the dialog (the result, the daily deal's part, what
//! to do next) and the deal's line.

use super::game::end_text;
use super::records::{daily_day, game_ctx, table};
use super::review;
use super::table_ui::Ui;
use crate::daily::{self, DailyEnd};
use crate::ui::Dialog;
use engine::dead_center::{State, Status};
use leptos::prelude::*;

/// "Deal 1234 · Hard", or the daily deal's date.
pub(super) fn deal_line(state: &State) -> String {
    match daily_day(state) {
        Some(day) => daily::deal_line(day),
        None => format!("Deal {} · {}", state.seed(), state.variant().name()),
    }
}

#[component]
pub(super) fn EndDialog(ui: Ui, restart: Callback<()>, new_deal: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let ended = ctx.game.with_untracked(|g| {
        g.as_ref()
            .and_then(|s| Some((end_text(s)?, matches!(s.status(), Status::Won { .. }))))
    });
    let ((title, detail), won) = ended.unwrap_or((("", String::new()), false));
    let replay = crate::replay::href_of(table());
    let reviewable = ctx
        .game
        .with_untracked(|g| g.as_ref().is_some_and(review::reviewable));
    let daily = ctx
        .game
        .with_untracked(|g| g.as_ref().and_then(daily_day))
        .map(|day| {
            let stats = ctx.stats.with_untracked(|s| s.daily.clone());
            view! { <DailyEnd game="Dead Center" day stats/> }
        });
    view! {
        <Dialog title=title celebrate=won>
            <p>{detail}</p>
            {daily}
            <div class="button-row">
                <button class="button primary" on:click=move |_| new_deal.run(())>"Play again"</button>
                {reviewable.then(|| view! {
                    <button class="button" on:click=move |_| {
                        ui.end_dismissed.set(true);
                        review::start(ui);
                    }>"Review game"</button>
                })}
                {replay.map(|href| view! { <a class="button" href=href>"Watch the replay"</a> })}
                <button class="button" on:click=move |_| restart.run(())>"Same deal"</button>
                <button class="button" on:click=move |_| ui.end_dismissed.set(true)>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
    }
}
