//! The victim stack and the six graves, each pile fanned so that the cards
//! under its top card show their index.

use super::feed::Feed;
use super::words::{depth_text, grave_label, short};
use crate::ui::card::colour_classes;
use crate::ui::CardFace;
use engine::serial_killer::{Phase, GRAVES};
use leptos::prelude::*;

/// How many cards under a grave's top card show their index.
const FANNED: usize = 4;

/// The victim stack and the six graves.
#[component]
pub fn Board(feed: Feed) -> impl IntoView {
    let stack_len = move || feed.seen(|v, _| v.stack_len());
    let target = move || {
        feed.seen(|v, _| match v.phase() {
            Phase::Draw { grave } | Phase::Drawn { grave, .. } => Some(grave),
            _ => None,
        })
    };
    let drawn = move || {
        feed.seen(|v, _| match v.phase() {
            Phase::Drawn { card, .. } => Some(card),
            _ => None,
        })
    };
    view! {
        <section class="sk-board" aria-label="Victim stack and graves">
            <div class="sk-stack-area">
                <div class="sk-stack" role="img" aria-label=move || format!("Victim stack: {} cards, face down", stack_len())>
                    <span class="card-slot sk-card"><span class="card-back"></span>
                        <span class="deck-count">{move || stack_len().to_string()}</span>
                    </span>
                    <span class="sk-label">"Victim stack"</span>
                </div>
                {move || drawn().map(|card| view! {
                    <div class="sk-drawn" data-from=".sk-stack .sk-card" data-holder="drawn" role="img" aria-label=format!("Drawn card: the {}, waiting for a decision", card.name())>
                        <span class="card-slot sk-card drawn"><CardFace card/></span>
                        <span class="sk-label">"Drawn"</span>
                    </div>
                }.into_any())}
            </div>
            <ol class="sk-graves">
                {(0..GRAVES).map(|i| {
                    // Memos: a grave is drawn again only when it changes.
                    let pile = Memo::new(move |_| feed.seen(|v, _| v.grave(i).to_vec()));
                    let open = Memo::new(move |_| feed.seen(|v, _| v.is_open(i)));
                    let is_target = move || target() == Some(i as u8);
                    let label = move || grave_label(i, &pile.get(), open.get(), is_target());
                    view! {
                        <li class="sk-grave" data-from=".sk-stack .sk-card" data-holder=format!("grave {i}") class:closed=move || !open.get() class:target=is_target aria-label=label
                            style=("--depth", move || pile.get().len().clamp(1, 8).to_string())>
                            <span class="sk-grave-name" aria-hidden="true">{format!("Grave {}", i + 1)}</span>
                            {move || {
                                let pile = pile.get();
                                match pile.split_last() {
                                    Some((&top, under)) => view! {
                                        // The cards under the top one fanned
                                        // above it, each showing its index
                                        // (the newest few; the count says
                                        // how many in all).
                                        <span class="sk-fan" aria-hidden="true">
                                            {under[under.len().saturating_sub(FANNED)..].iter().map(|&card| view! {
                                                <span class=format!("sk-under {}", colour_classes(card))>{short(card)}</span>
                                            }.into_any()).collect_view()}
                                        </span>
                                        <span class="card-slot sk-card" aria-hidden="true">
                                            <CardFace card=top/>
                                        </span>
                                    }.into_any(),
                                    None => view! { <span class="card-slot sk-card empty" aria-hidden="true"></span> }.into_any(),
                                }
                            }}
                            <span class="sk-depth" aria-hidden="true">{move || depth_text(&pile.get(), open.get())}</span>
                        </li>
                    }
                }.into_any()).collect_view()}
            </ol>
        </section>
    }
}
