//! What a Dead Center table keeps beside the game while it is shown: the
//! controller's handle, feedback, dialogs and an open review (never the
//! game itself), and the position the table draws.

use crate::table::controller::Table;
use crate::ui::message::Note;
use engine::dead_center::hint::Hint;
use engine::dead_center::State;
use leptos::prelude::*;

/// Table-local state: the controller's handle (taken while the table is
/// built: key and timer callbacks run where no context can be looked up),
/// feedback and dialogs, never the game itself.
#[derive(Clone, Copy)]
pub(super) struct Ui {
    pub table: Table<State>,
    pub message: RwSignal<Option<Note>>,
    pub hint: RwSignal<Option<Hint>>,
    pub end_dismissed: RwSignal<bool>,
    pub confirm_restart: RwSignal<bool>,
    /// A review of the finished game, open beside the table.
    pub review: RwSignal<Option<Review>>,
}

impl Ui {
    /// `f` of the position the table draws (tracked): the game, or the
    /// step of a review being walked through.
    pub(super) fn with<T: Default>(self, f: impl FnOnce(&State) -> T) -> T {
        let mut f = Some(f);
        let shown = self.review.with(|r| {
            r.as_ref()
                .and_then(Review::shown)
                .map(|state| f.take().map(|f| f(state)))
        });
        match shown {
            Some(Some(value)) => value,
            _ => match f {
                Some(f) => self.table.read(f),
                None => T::default(),
            },
        }
    }

    pub(super) fn reviewing(self) -> bool {
        self.review.with_untracked(Option::is_some)
    }
}

/// Where a review stands.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Review {
    /// The solver is at work: positions searched so far.
    Working { searched: u64 },
    /// No review: why, for the player.
    Failed(String),
    /// The review's verdict, and the positions to step through (empty when
    /// there is nothing to show on the table).
    Done {
        verdict: String,
        walk: Vec<Step>,
        at: usize,
    },
}

/// One position of a review's walk, and what it shows.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Step {
    pub state: State,
    pub caption: String,
}

impl Review {
    /// The position the table shows, while a review's walk is on it.
    pub(super) fn shown(&self) -> Option<&State> {
        match self {
            Review::Done { walk, at, .. } => walk.get(*at).map(|step| &step.state),
            _ => None,
        }
    }
}
