//! What the table's controls share: an action sent through the table
//! controller with its outcome shown ([`Feedback`]), and the game read
//! through one seat's eyes ([`with_view`]).

use super::game::{placeable, DgGame};
use super::records::DgTable;
use super::words::{refusal, refused};
use crate::ui::message::Note;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{Action, Card, Event, Seat};
use leptos::prelude::*;

/// What the table tells the player besides the game itself, and the
/// controller its actions go through.
#[derive(Clone, Copy)]
pub struct Feedback {
    pub table: DgTable,
    /// Why the last action was refused, or what it needs.
    pub message: RwSignal<Option<Note>>,
    /// The cards selected in the hand, in the order they were tapped.
    pub selected: RwSignal<Vec<Card>>,
}

impl Feedback {
    pub fn new(table: DgTable) -> Self {
        Feedback {
            table,
            message: RwSignal::new(None),
            selected: RwSignal::new(Vec::new()),
        }
    }

    /// One action; the selection is cleared once it is made.
    pub fn play(self, action: Action) {
        if let Some(result) = self.table.act(action) {
            self.show(result.map_err(|e| refused(action, e)));
        }
    }

    /// What an action (the viewer's or a computer's) came to: made, the
    /// message and the selection are cleared; refused, the reason shows.
    pub fn show(self, result: Result<Vec<Event>, String>) {
        match result {
            Ok(_) => self.clear(),
            Err(why) => self.message.set(Some(Note::refusal(why))),
        }
    }

    /// Forgets the message and the selection: the game they were about
    /// moved on, or another person took the device.
    pub fn clear(self) {
        self.message.set(None);
        self.selected.set(Vec::new());
    }

    /// Places the selected cards in order, all or none (see
    /// [`placeable`]). A deuce's trump choice may stop the placing: the
    /// cards not placed stay selected.
    pub fn place(self) {
        let cards = self.selected.get_untracked();
        if cards.is_empty() {
            self.message.set(Some(Note::refusal(
                "Select the cards to place first, in the order you want them placed.",
            )));
            return;
        }
        // As for any action, another tab's change must be answered first.
        if self.table.ctx.changed_elsewhere.get_untracked() {
            return;
        }
        let Some(planned) = self
            .table
            .ctx
            .game
            .with_untracked(|g| g.as_ref().map(|g| placeable(&g.state, &cards)))
        else {
            return;
        };
        let count = match planned {
            Ok(count) => count,
            Err(why) => {
                self.message.set(Some(Note::refusal(why)));
                crate::ui::refused();
                return;
            }
        };
        // One move for the player: the first card sounds and moves, the
        // others follow it quietly.
        for (i, &card) in cards[..count].iter().enumerate() {
            let action = Action::Place(card);
            let sent = if i == 0 {
                self.table.act(action)
            } else {
                self.table.act_quietly(action)
            };
            match sent {
                Some(Ok(_)) => {}
                Some(Err(e)) => return self.show(Err(refusal(card, e))),
                None => return,
            }
        }
        self.message.set(None);
        self.selected.update(|s| {
            s.drain(..count.min(s.len()));
        });
    }
}

/// Reads the game through `viewer`'s eyes (tracked).
pub fn with_view<T: Default>(
    table: DgTable,
    viewer: Seat,
    read: impl FnOnce(&DgGame, &SeatView) -> T,
) -> T {
    table.read(|g| read(g, &g.state.view(viewer)))
}
