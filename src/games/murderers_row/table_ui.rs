//! What the table's components share: the table-local state ([`Ui`]), the
//! game's state read through the table controller, and an action played,
//! with its message and falling cards made from the events it returns.

use super::happened::{died, what_happened};
use super::pick::Pick;
use super::records::MurderersRowTable;
use super::thinking::Thinking;
use crate::ui::message::Note;
use engine::murderers_row::advice::{Decision, Hint};
use engine::murderers_row::{Action, Event, State};
use leptos::prelude::*;

/// Table-local state: choices, feedback and dialogs, never the game itself.
#[derive(Clone, Copy, Default)]
pub struct Ui {
    pub pick: RwSignal<Pick>,
    pub message: RwSignal<Option<Note>>,
    /// The solver is working on a question of this table.
    pub thinking: RwSignal<Option<Thinking>>,
    pub hint: RwSignal<Option<Hint>>,
    pub review: RwSignal<Option<Result<Vec<Decision>, String>>>,
    pub end_dismissed: RwSignal<bool>,
    pub confirm_restart: RwSignal<bool>,
}

/// The state of the game on the table, tracked: `f` of it, or the default
/// when there is no game.
pub fn read<T: Default>(table: MurderersRowTable, f: impl FnOnce(&State) -> T) -> T {
    table.read(|g| f(&g.state))
}

/// The state of the game on the table, untracked.
pub fn game_state(table: MurderersRowTable) -> Option<State> {
    table
        .ctx
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.state.clone()))
}

/// Plays `action` through the table controller: accepted, the cards it
/// kills fall, and the table shows what happened and clears its choices;
/// refused, it shows why.
pub fn play(table: MurderersRowTable, ui: Ui, action: Action) {
    let Some(result) = table.act_marking(action, mark_falling) else {
        return;
    };
    match result {
        Ok(events) => {
            ui.message.set(what_happened(&events).map(Note::event));
            ui.pick.set(Pick::default());
            ui.hint.set(None);
            ui.review.set(None);
            ui.end_dismissed.set(false);
        }
        Err(refusal) => ui.message.set(Some(Note::refusal(refusal.to_string()))),
    }
}

/// Marks the row's cards that the events kill, so that they fall off the
/// table when the view shows the new state (`data-falls`, read by
/// `crate::ui::motion` just before the change).
fn mark_falling(events: &[Event]) {
    use wasm_bindgen::JsCast;
    let dying = died(events);
    if dying.is_empty() {
        return;
    }
    let Ok(cards) = document().query_selector_all(".mr-row [data-card]") else {
        return;
    };
    for i in 0..cards.length() {
        let Some(element) = cards
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let name = element.get_attribute("data-card");
        if dying.iter().any(|c| name.as_deref() == Some(c.name())) {
            let _ = element.set_attribute("data-falls", "");
        }
    }
}
