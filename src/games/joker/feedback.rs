//! What the table tells the players besides the game itself: why the last
//! action was refused, and the end of a round until they go on. Every
//! action, a person's or a computer's, is played through [`Feedback::play`]
//! (the table controller's `act`, or on a guest device the host's), so
//! that it is told.

use super::source::Source;
use super::words::{round_over_note, round_over_text};
use crate::ui::message::Note;
use engine::joker::{Action, Event, RuleError};
use leptos::prelude::*;

/// Made once per table, with where its game comes from: the handlers and
/// timers that play actions run outside the components, where no context
/// can be looked up.
#[derive(Clone, Copy)]
pub struct Feedback {
    pub source: Source,
    /// Why the last action was refused.
    pub message: RwSignal<Option<Note>>,
    /// A round just ended: what happened, until the players go on.
    pub round_over: RwSignal<Option<String>>,
}

impl Feedback {
    /// A reload between a round's end and the next round's first action
    /// shows the round's end again (the computers wait for it).
    pub fn new(source: Source) -> Feedback {
        let round_over = untrack(|| source.with_table(round_over_note));
        Feedback {
            source,
            message: RwSignal::new(None),
            round_over: RwSignal::new(round_over),
        }
    }

    /// Plays `action`: here, through the table controller, which plays,
    /// counts and saves it (the round's end clears the notepads), then
    /// shows what the players must be told; on a guest, sent to the host,
    /// whose table comes back (or its refusal).
    pub fn play(self, action: Action) {
        match self.source {
            Source::Local(table) => {
                if let Some(result) = table.act(action) {
                    self.show(result);
                }
            }
            Source::Remote(remote) => {
                self.message.set(None);
                remote.refusal.set(None);
                remote.send.run(vec![action]);
            }
        }
    }

    /// Plays the computer seats at the chosen pace, each from its own view,
    /// except while a round's end is shown: they wait for the players to go
    /// on. (None on a guest device: the host plays them.)
    pub fn play_computers(self) {
        if let Source::Local(table) = self.source {
            table.play_computers(
                move || self.round_over.with(Option::is_none),
                move |result| self.show(result),
            );
        }
    }

    /// Shows why the engine refuses an action.
    pub fn refuse(self, refusal: RuleError) {
        self.message.set(Some(Note::refusal(refusal.to_string())));
    }

    /// After an action: refused, the engine's reason; accepted, no message,
    /// and the round-over dialog if its events end a round.
    pub fn show(self, result: Result<Vec<Event>, RuleError>) {
        match result {
            Ok(events) => {
                let note = untrack(|| {
                    self.source
                        .with_table(|view, names| round_over_text(view, names, &events))
                });
                if let Some(note) = note {
                    self.round_over.set(Some(note));
                }
                self.message.set(None);
            }
            Err(refusal) => self.refuse(refusal),
        }
    }
}
