//! The choices that are not cards (a direction, confirming, cancelling) and
//! the hint's answer, beside the row.

use super::pick::{self, Stage};
use super::records::table;
use super::table_ui::{read, Ui};
use super::words::{hint_text, preview_text, reach_text};
use crate::ui::When;
use engine::murderers_row::{Direction, Target};
use leptos::prelude::*;

/// The choices that are not cards: what to copy is a card, but a direction,
/// confirming and cancelling are buttons here.
#[component]
pub fn ChoicePanel(
    stage: Memo<Stage>,
    ui: Ui,
    confirm: Callback<()>,
    cancel: Callback<()>,
    aim: Callback<Direction>,
) -> impl IntoView {
    let table = table();
    let actor = move || ui.pick.with(|p| p.card);
    let reach_line = move |direction: Direction| {
        let Some(actor) = actor() else {
            return String::new();
        };
        let reach = read(table, |s| pick::reach(s, actor, direction));
        reach_text(actor, &reach)
    };
    let preview_line = move || {
        let Stage::Confirm(mv) = stage.get() else {
            return String::new();
        };
        if let Target::Random(direction) = mv.target {
            return format!("The die decides: {}", reach_line(direction));
        }
        read(table, |s| pick::preview(s, mv))
            .as_ref()
            .map_or_else(String::new, preview_text)
    };
    let confirm_button = NodeRef::<leptos::html::Button>::new();
    // Keyboard players land on the confirmation once a move is complete.
    crate::ui::effect(move || {
        if matches!(stage.get(), Stage::Confirm(_)) {
            if let Some(button) = confirm_button.get() {
                let _ = button.focus();
            }
        }
    });
    let cancel_button = move || {
        view! { <button class="button" on:click=move |_| cancel.run(())>"Cancel"</button> }
    };
    view! {
        <div class="mr-choice" role="group" aria-label="Your choice">
            {move || match stage.get() {
                Stage::Direction => view! {
                    <p class="small">"To the left: " {reach_line(Direction::Left)}</p>
                    <p class="small">"To the right: " {reach_line(Direction::Right)}</p>
                    <div class="button-row">
                        <button class="button primary" on:click=move |_| aim.run(Direction::Left)>"← Left"</button>
                        <button class="button primary" on:click=move |_| aim.run(Direction::Right)>"Right →"</button>
                        {cancel_button()}
                    </div>
                }.into_any(),
                Stage::Confirm(_) => view! {
                    <p class="mr-preview">{preview_line()}</p>
                    <div class="button-row">
                        <button class="button primary" node_ref=confirm_button on:click=move |_| confirm.run(())>"Confirm"</button>
                        {cancel_button()}
                    </div>
                }.into_any(),
                Stage::Copy(_) | Stage::Target(_) | Stage::FirstOfPair(_) | Stage::SecondOfPair(_) => view! {
                    <div class="button-row">{cancel_button()}</div>
                }.into_any(),
                Stage::Card | Stage::AlsoKill(_) | Stage::Over => ().into_any(),
            }}
        </div>
    }
}

#[component]
pub fn HintPanel(ui: Ui) -> impl IntoView {
    let text = move || ui.hint.with(|h| h.as_ref().and_then(hint_text));
    view! {
        <When when=move || text().is_some()>
            <p class="mr-hint" role="status">{move || text().unwrap_or_default()}</p>
        </When>
    }
}
