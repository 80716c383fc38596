//! The 5×5 grid of the public table, and what tapping one of its cards
//! does.

use super::feed::Feed;
use super::looks::{cell_look, Board};
use crate::ui::CardFace;
use engine::joker::{Cell, Seat, CELLS, SIDE};
use leptos::prelude::*;

/// What tapping a card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapMode {
    Probe,
    Shoot,
    Mark,
}

/// The tap modes in the order of their radio buttons.
pub const TAP_MODES: [(TapMode, &str); 3] = [
    (TapMode::Probe, "Probe it (P)"),
    (TapMode::Shoot, "Shoot it (S)"),
    (TapMode::Mark, "Mark it (M)"),
];

/// The 5×5 grid as everyone sees it: the round being played, or the one
/// that just ended while `ended` (its end is shown). Tapping a card (or
/// Enter) does what the chosen mode says; the cursor is where the arrow
/// keys are. The cards are built once and only their attributes follow the
/// game, so the focus stays where it is.
#[component]
pub fn Grid(
    feed: Feed,
    mode: RwSignal<usize>,
    cursor: RwSignal<usize>,
    my_turn: Memo<Option<Seat>>,
    aid_on: Signal<bool>,
    ended: Signal<bool>,
    act: Callback<(Cell, TapMode)>,
) -> impl IntoView {
    // The notepad of the person whose turn it is.
    let notes = move || {
        my_turn.get()?;
        Some(feed.notes())
    };
    let board = Memo::new(move |_| {
        let (aid, ended) = (aid_on.get(), ended.get());
        feed.seen(|v, _| Board::of(v, aid, ended))
    });
    let look = move |cell: Cell| {
        let notes = notes();
        board.with(|b| cell_look(b, cell, notes))
    };
    let remaining = move || board.with(Board::possible_count);
    view! {
        <div class="jk-board">
            <div class="jk-grid" role="group" aria-label="The grid: 25 cards, 5 rows of 5">
                {(0..CELLS).map(|i| {
                    let cell = Cell::new(i / SIDE, i % SIDE);
                    view! {
                        <button
                            class=move || look(cell).class
                            data-cell=i
                            tabindex=move || if cursor.get() == i { "0" } else { "-1" }
                            aria-label=move || look(cell).label
                            aria-disabled=move || (look(cell).card.is_some() || my_turn.get().is_none()).to_string()
                            on:focus=move |_| cursor.set(i)
                            on:click=move |_| {
                                let what = TAP_MODES.get(mode.get_untracked()).map_or(TapMode::Probe, |m| m.0);
                                act.run((cell, what));
                            }
                        >
                            {move || match look(cell).card {
                                Some(card) => view! { <CardFace card/> }.into_any(),
                                None => view! { <span class="card-back"></span> }.into_any(),
                            }}
                            {move || {
                                let probes = look(cell).probes;
                                (!probes.is_empty()).then(|| view! {
                                    <span class="jk-probes" aria-hidden="true">{probes}</span>
                                }.into_any())
                            }}
                        </button>
                    }.into_any()
                }).collect_view()}
            </div>
            {move || remaining().map(|n| view! {
                <p class="jk-aid">{format!("Deduction aid: {n} of the face-down cards fit every answer so far.")}</p>
            }.into_any())}
        </div>
    }
}
