//! The table's message line, in three tones that differ by more than
//! colour: a refusal (why the action was not taken: a cross mark and a solid
//! edge, drawn beside the control just pressed), a hint (the move to make:
//! "Hint:" in words and a dashed edge), an event (what just happened: a
//! plain italic line). Every table shows its
//! current message through [`TableMessage`].

use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Refusal,
    Hint,
    Event,
}

impl Tone {
    fn name(self) -> &'static str {
        match self {
            Tone::Refusal => "refusal",
            Tone::Hint => "hint",
            Tone::Event => "event",
        }
    }
}

/// A message for the table's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub tone: Tone,
    pub text: String,
}

impl Note {
    pub fn refusal(text: impl Into<String>) -> Note {
        Note {
            tone: Tone::Refusal,
            text: text.into(),
        }
    }

    pub fn hint(text: impl Into<String>) -> Note {
        Note {
            tone: Tone::Hint,
            text: text.into(),
        }
    }

    pub fn event(text: impl Into<String>) -> Note {
        Note {
            tone: Tone::Event,
            text: text.into(),
        }
    }
}

/// The table's message line: always the same height in the layout (an empty
/// line when there is nothing to say), announced as it changes. A refusal is
/// drawn beside the control just pressed where the browser can anchor it
/// there (`crate::ui::refused` marks that control); elsewhere it stays on
/// the line.
#[component]
pub fn TableMessage(#[prop(into)] note: Signal<Option<Note>>) -> impl IntoView {
    let tone = move || note.with(|n| n.as_ref().map(|n| n.tone.name()));
    view! {
        <div class="message-slot">
            <p class="table-message" data-tone=tone role="status" aria-live="assertive">
                {move || {
                    // The tone's mark is drawn by the stylesheet (not
                    // read); a hint says so in words.
                    note.get().map(|n| {
                        let label = (n.tone == Tone::Hint).then_some("Hint: ");
                        view! { <strong>{label}</strong>{n.text} }.into_any()
                    })
                }}
            </p>
        </div>
    }
}
