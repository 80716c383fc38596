//! Hand-built rows for the tests of this folder.

use engine::murderers_row::Killer::{self, *};
use engine::murderers_row::{Slot, State};

/// `card`, active (face up).
pub fn a(card: Killer) -> Slot {
    Slot { card, active: true }
}

/// `card`, inactive (face down).
pub fn i(card: Killer) -> Slot {
    Slot {
        card,
        active: false,
    }
}

/// A short row: the Medic, the Tank face down and the Knight, with the
/// Arsonist on top of the die deck and the Gunslinger under it.
pub fn short_row() -> State {
    State::from_parts(
        &[a(Medic), i(Tank), a(Knight)],
        vec![Gunslinger, Arsonist],
        Vec::new(),
        false,
        0,
    )
}
