//! The table's read-only panels: the waiting poison, the die deck with its
//! discard and the dead, and the full text of the row's cards.

use super::records::table;
use super::table_ui::read;
use super::words::{dead_text, die_deck_text, die_discard_text};
use crate::ui::When;
use engine::murderers_row::State;
use leptos::prelude::*;

#[component]
pub fn PoisonBanner() -> impl IntoView {
    let table = table();
    let pending = move || read(table, State::poison_pending);
    view! {
        <When when=pending>
            <p class="mr-poison" role="note">"☠ Poison is waiting: the next card used dies right after its effect."</p>
        </When>
    }
}

/// The die deck (how many, order hidden), its discard and the dead.
#[component]
pub fn DiePanel() -> impl IntoView {
    let table = table();
    view! {
        <section class="mr-die" aria-label="Die deck and dead cards">
            <p>
                <strong>"Die deck: "</strong>
                {move || read(table, die_deck_text)}
            </p>
            <p>
                <strong>"Die discard: "</strong>
                {move || read(table, die_discard_text)}
            </p>
            <p>
                <strong>"Dead: "</strong>
                {move || read(table, dead_text)}
            </p>
        </section>
    }
}

/// The full text of every card in the row, on request.
#[component]
pub fn CardTexts() -> impl IntoView {
    let table = table();
    let cards = move || {
        read(table, |s| {
            s.row().iter().map(|s| s.card).collect::<Vec<_>>()
        })
    };
    view! {
        <details class="mr-texts">
            <summary>"What the cards in the row do"</summary>
            <dl>
                {move || cards().into_iter().map(|card| view! {
                    <dt>{card.name()} " (" {card.pips()} ")"</dt>
                    <dd>{card.info().effect}</dd>
                }.into_any()).collect_view()}
            </dl>
        </details>
    }
}
