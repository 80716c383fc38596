//! What the table's controls share: the seat's actions sent through its
//! feed (see [`super::feed`]), with their outcome shown ([`Feedback`]).

use super::feed::Feed;
use crate::ui::message::Note;
use engine::detective_graves::{Action, Card};
use leptos::prelude::*;

/// What the table tells the player besides the game itself, and where its
/// actions go.
#[derive(Clone, Copy)]
pub struct Feedback {
    pub feed: Feed,
    /// Why the last action was refused, or what it needs.
    pub message: RwSignal<Option<Note>>,
    /// The cards selected in the hand, in the order they were tapped.
    pub selected: RwSignal<Vec<Card>>,
}

impl Feedback {
    pub fn new(feed: Feed) -> Self {
        Feedback {
            feed,
            message: RwSignal::new(None),
            selected: RwSignal::new(Vec::new()),
        }
    }

    /// Shows what comes of the actions sent, wherever the game is kept: a
    /// refusal's reason, or the table moved on (by anyone's action: the
    /// message goes); the selection keeps only the cards still in hand.
    pub fn follow(self) {
        self.feed
            .on_refusal(move |why| self.message.set(Some(Note::refusal(why))));
        self.feed.on_new_events(move |_| self.message.set(None));
        crate::ui::effect(move || {
            let hand = self.feed.read(|s| s.view.hand().to_vec());
            if self
                .selected
                .with_untracked(|s| s.iter().any(|c| !hand.contains(c)))
            {
                self.selected.update(|s| s.retain(|c| hand.contains(c)));
            }
        });
    }

    /// One action; the message and the selection are cleared once it is
    /// sent (a refusal shows when it comes: at once here, when the host
    /// answers on a guest).
    pub fn play(self, action: Action) {
        self.clear();
        self.feed.send(vec![action]);
    }

    /// Forgets the message and the selection: the game they were about
    /// moved on, or another person took the device.
    pub fn clear(self) {
        self.message.set(None);
        self.selected.set(Vec::new());
    }

    /// Places the selected cards in order, all or none (see
    /// [`super::feed::placeable_seen`]), as one move: one send of as many
    /// as go down. A deuce's trump choice may stop the placing: the cards
    /// not placed stay selected.
    pub fn place(self) {
        let cards = self.selected.get_untracked();
        if cards.is_empty() {
            self.message.set(Some(Note::refusal(
                "Select the cards to place first, in the order you want them placed.",
            )));
            return;
        }
        // As for any action, another tab's change must be answered first.
        let Some(planned) = self.feed.placeable(&cards) else {
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
        self.message.set(None);
        if count > 0 {
            self.feed
                .send(cards[..count].iter().map(|&c| Action::Place(c)).collect());
        }
        self.selected.update(|s| {
            s.drain(..count.min(s.len()));
        });
    }
}
