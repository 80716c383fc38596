//! What a table shows of its seats: whose turn it is, Undo, the hand-over
//! screen between two people's turns, and the game log.

use crate::seats::seat_class;
use engine::seats::Seat;
use leptos::prelude::*;

/// Whose turn it is, in their seat's colour, and what they are to do
/// (`text`: the seat and the sentence; nothing shown without one).
#[component]
pub fn TurnBanner(#[prop(into)] text: Signal<Option<(Seat, String)>>) -> impl IntoView {
    view! {
        // No turn (the game is over): no bar at all, not an empty one.
        <p class=move || format!("turn-banner {}", text.with(|t| t.as_ref().map(|(s, _)| seat_class(*s)).unwrap_or_default()))
            hidden=move || text.with(Option::is_none)
            aria-live="polite">
            {move || text.with(|t| t.as_ref().map(|(_, t)| t.clone()).unwrap_or_default())}
        </p>
    }
}

/// "Undo" for a person's last action while it may be taken back (see
/// `TableRecord::may_take_back`); absent otherwise, so that it never
/// promises what the rules do not allow.
#[component]
pub fn TakeBack(#[prop(into)] shown: Signal<bool>, take_back: Callback<()>) -> impl IntoView {
    move || {
        shown.get().then(|| {
            view! {
                <button class="button" on:click=move |_| take_back.run(())>
                    "Undo"
                    <span class="button-detail" aria-hidden="true">"takes back your last move"</span>
                </button>
            }
            .into_any()
        })
    }
}

/// The screen between two people's turns: the device goes to `name`, who
/// taps to see the table (so nobody acts by mistake for someone else).
#[component]
pub fn HandOver(name: String, seat: Seat, on_continue: Callback<()>) -> impl IntoView {
    let button = NodeRef::<leptos::html::Button>::new();
    crate::ui::effect(move || {
        if let Some(b) = button.get() {
            let _ = b.focus();
        }
    });
    view! {
        <section class=format!("panel hand-over {}", seat_class(seat)) aria-labelledby="hand-over-title">
            <h2 id="hand-over-title">{format!("Pass to {name}")}</h2>
            <p>"Give the device to the next player, then tap to see the table."</p>
            <button class="button primary big" node_ref=button on:click=move |_| on_continue.run(())>
                {format!("I am {name}: continue")}
            </button>
        </section>
    }
}

/// The game so far, newest first, readable at any time. Each new line is
/// also said by screen readers (a live region holding the newest one), so
/// that a move made by someone else, or by a computer, is heard.
#[component]
pub fn GameLog(#[prop(into)] lines: Signal<Vec<String>>) -> impl IntoView {
    view! {
        <p class="visually-hidden" aria-live="polite">{move || lines.with(|l| l.last().cloned().unwrap_or_default())}</p>
        <details class="panel game-log" open>
            <summary>"Game log"</summary>
            // Focusable: it scrolls, and keyboard users must be able to scroll it.
            <ol reversed start=move || lines.with(Vec::len) aria-label="Game log, newest first" tabindex="0">
                // Keyed by the line's number and text (a new game's log
                // reuses the numbers): a new line adds one item rather than
                // drawing the whole log again.
                <For
                    each=move || lines.with(|l| l.iter().cloned().enumerate().rev().take(200).collect::<Vec<_>>())
                    key=|(n, line)| (*n, line.clone())
                    children=|(_, line)| view! { <li>{line}</li> }
                />
            </ol>
        </details>
    }
}
