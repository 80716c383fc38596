//! What the table tells the players besides the game itself: why the last
//! action was refused, and the end of a round until they go on. Both come
//! from the seat's feed (see [`super::feed`]), the same wherever the game
//! is kept: a refusal as the feed's `refusal`, a round's end when a new
//! table adds a hit to the log (a person's or a computer's, here or on
//! another device).

use super::feed::Feed;
use super::words::round_over_note;
use crate::ui::message::Note;
use engine::joker::{Action, Event};
use leptos::prelude::*;

/// Made once per table, with its seat's feed: the handlers and timers that
/// play actions run outside the components, where no context can be
/// looked up.
#[derive(Clone, Copy)]
pub struct Feedback {
    pub feed: Feed,
    /// Why the last action was refused.
    pub message: RwSignal<Option<Note>>,
    /// A round just ended: what happened, until the players go on.
    pub round_over: RwSignal<Option<String>>,
}

impl Feedback {
    /// The feedback of a table in play. A reload between a round's end and
    /// the next round's first action shows the round's end again (the
    /// computers wait for it), read from the first table shown (a guest's
    /// comes once the host sends it); after that, each new table's events
    /// say whether a round ended.
    pub fn new(feed: Feed) -> Feedback {
        let round_over = untrack(|| feed.read(|s| round_over_note(&s.view, &s.names)));
        let message = RwSignal::new(None);
        let round_over = RwSignal::new(round_over);
        if feed.shown.with_untracked(Option::is_none) {
            let mut told = false;
            crate::ui::effect(move || {
                if told {
                    return;
                }
                if let Some(note) = feed.read(|s| Some(round_over_note(&s.view, &s.names))) {
                    round_over.set(note);
                    told = true;
                }
            });
        }
        feed.on_refusal(move |why| message.set(Some(Note::refusal(why))));
        // An accepted action, anyone's: no message; the round-over dialog
        // if it was a hit that ended a round (the log keeps the hit, and
        // the view the round it began: the last hit ends the game instead).
        feed.on_new_events(move |new| {
            message.set(None);
            if !new.iter().any(Event::is_hit) {
                return;
            }
            let note = feed.read_untracked(|s| round_over_note(&s.view, &s.names));
            if let Some(note) = note {
                round_over.set(Some(note));
            }
        });
        Feedback {
            feed,
            message,
            round_over,
        }
    }

    /// The feedback of a replay's seat: its refusals (any action). A
    /// round's end is not told (the steps go on without "Next round").
    pub fn replayed(feed: Feed) -> Feedback {
        let message = RwSignal::new(None);
        feed.on_refusal(move |why| message.set(Some(Note::refusal(why))));
        Feedback {
            feed,
            message,
            round_over: RwSignal::new(None),
        }
    }

    /// Plays `action` for the seat (see [`Feed::send`]): where the game is
    /// kept the table controller plays, counts and saves it (the round's
    /// end clears the notepads); on a guest it goes to the host. What it
    /// did, or why it was refused, comes back through the feed.
    pub fn play(self, action: Action) {
        self.message.set(None);
        self.feed.send(vec![action]);
    }
}
