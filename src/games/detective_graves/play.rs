//! What the table's controls share: an action sent where the game is kept,
//! with its outcome shown ([`Feedback`]). The game is read through one
//! seat's eyes with [`super::source::with_view`].

use super::source::{Remote, Source};
use super::words::{refusal, refused};
use crate::ui::message::Note;
use engine::detective_graves::{Action, Card, Event};
use leptos::prelude::*;

/// What the table tells the player besides the game itself, and where its
/// actions go.
#[derive(Clone, Copy)]
pub struct Feedback {
    pub source: Source,
    /// Why the last action was refused, or what it needs.
    pub message: RwSignal<Option<Note>>,
    /// The cards selected in the hand, in the order they were tapped.
    pub selected: RwSignal<Vec<Card>>,
}

impl Feedback {
    pub fn new(source: Source) -> Self {
        Feedback {
            source,
            message: RwSignal::new(None),
            selected: RwSignal::new(Vec::new()),
        }
    }

    /// One action; the selection is cleared once it is made (on a guest
    /// device, once it is sent: the host's refusal shows when it comes).
    pub fn play(self, action: Action) {
        match self.source {
            Source::Local(table) => {
                if let Some(result) = table.act(action) {
                    self.show(result.map_err(|e| refused(action, e)));
                }
            }
            Source::Remote(remote) => {
                self.send(remote, vec![action]);
                self.clear();
            }
        }
    }

    /// Sends `actions` to the host, forgetting its last refusal: one that
    /// arrives now is about these.
    fn send(self, remote: Remote, actions: Vec<Action>) {
        remote.refusal.set(None);
        remote.send.run(actions);
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
    /// [`super::game::placeable`]). A deuce's trump choice may stop the
    /// placing: the cards not placed stay selected.
    pub fn place(self) {
        let cards = self.selected.get_untracked();
        if cards.is_empty() {
            self.message.set(Some(Note::refusal(
                "Select the cards to place first, in the order you want them placed.",
            )));
            return;
        }
        // As for any action, another tab's change must be answered first.
        let Some(planned) = self.source.placeable(&cards) else {
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
        match self.source {
            // One move for the player: the first card sounds and moves, the
            // others follow it quietly.
            Source::Local(table) => {
                for (i, &card) in cards[..count].iter().enumerate() {
                    let action = Action::Place(card);
                    let sent = if i == 0 {
                        table.act(action)
                    } else {
                        table.act_quietly(action)
                    };
                    match sent {
                        Some(Ok(_)) => {}
                        Some(Err(e)) => return self.show(Err(refusal(card, e))),
                        None => return,
                    }
                }
            }
            // The host makes them all or none, as one move.
            Source::Remote(remote) if count > 0 => {
                self.send(
                    remote,
                    cards[..count].iter().map(|&c| Action::Place(c)).collect(),
                );
            }
            Source::Remote(_) => {}
        }
        self.message.set(None);
        self.selected.update(|s| {
            s.drain(..count.min(s.len()));
        });
    }
}
