//! The vocabulary every game speaks, so that one test harness (and one reader)
//! can work with all of them, and one table controller in the app can play
//! any of them.
//!
//! The flow is one way: an action is checked, applied, and the state says
//! what happened as events. Nothing else changes a game: hints and undo are
//! actions too.

use crate::seats::{Level, Seat, SeatKind};
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A game in progress. `apply` is the only way to change it.
pub trait Game: Clone + PartialEq + Debug + Serialize + DeserializeOwned {
    type Action: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;
    /// Why an action was refused; refusing leaves the state untouched.
    type Error: Debug + Display + PartialEq;
    /// A public fact of what an action did: a card drawn and where it went,
    /// a kill, a die card turned and whom the shot hit, a round ended...
    /// What the app's log, motion and sound are made from; in the games with
    /// secrets, a seat sees events through [`Multiplayer::redact`].
    type Event: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    /// What the game is played with (cards, tiles...): what [`Game::all_pieces`]
    /// lists, so that conservation can be checked.
    type Piece: Ord + Clone + Debug;

    /// Every action of the game's vocabulary, legal now or not, so that tests
    /// can check that the illegal ones are refused.
    fn action_space(&self) -> Vec<Self::Action>;

    /// The actions the player who must act now may take.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Whether `action` may be applied now, or why not: a dry run that never
    /// changes the state. Agrees with [`Game::legal_actions`] and with
    /// [`Game::apply`].
    fn check(&self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Applies `action` and says what happened, or returns why it is illegal
    /// (what [`Game::check`] says) and changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;

    fn is_over(&self) -> bool;

    /// Every piece (card) in the game wherever it lies, to check that none is
    /// lost or duplicated.
    fn all_pieces(&self) -> Vec<Self::Piece>;

    /// Whether a state read from outside (a save, an import) is one the rules
    /// can reach: its invariants hold (cards conserved, the phase consistent
    /// with the table...). Every state `apply` makes passes; a state that
    /// fails is refused on load like an unreadable one.
    fn validate(&self) -> Result<(), String>;
}

/// A game for several seats, some perhaps played by the computer. Added on
/// top of [`Game`]: `legal_actions`, `check` and `apply` are those of whoever
/// must act now ([`Multiplayer::to_act`]).
pub trait Multiplayer: Game {
    /// What one seat may know: everything public plus that seat's own
    /// secrets, never another seat's secrets nor the order of face-down
    /// cards. An owned value: what the table draws, what bots decide from,
    /// what can be sent to another device or kept in a replay. Two states
    /// that differ only in what the seat may not know give equal views.
    ///
    /// One pattern for every game (Serial Killer, Joker, Detective
    /// Graves): the view is its own struct, holding the public fields under
    /// the names the state gives them plus the seat's own secrets (its
    /// hand, say), filled field by field by `view`; the queries on public
    /// fields are written once, in the game's `public_queries!` macro,
    /// which both `impl State` and `impl SeatView` expand (no getter is
    /// written twice, none forwards to another). Why this one: the view's
    /// type says exactly what it holds, so nothing secret can leak through
    /// a field forgotten when a copy of the state is cleaned; the state's
    /// fields do not move, so saves keep their shape; and it needs no serde
    /// flatten nor proxy types. What a seat knows of a hidden zone (sizes,
    /// the cards in sorted order) is the view's own field, and turning a
    /// view back into a game (`determinise`, for the look-ahead bots) is
    /// the view's own method.
    type SeatView: Clone + PartialEq + Debug + Serialize + DeserializeOwned;

    /// How many seats the table has (arrested or eliminated ones included).
    fn seat_count(&self) -> usize;

    /// Who plays `seat`: a person, or the computer at a level; `None` for
    /// no such seat.
    fn seat_kind(&self, seat: Seat) -> Option<SeatKind>;

    /// Who plays `seat` from now on (the app gives the computer a seat
    /// whose person, on another device, left); false for no such seat.
    fn set_seat_kind(&mut self, seat: Seat, kind: SeatKind) -> bool;

    /// The seat that must act now; `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;

    fn view(&self, seat: Seat) -> Self::SeatView;

    /// `event` as `seat` may learn it: another seat's secret parts (the
    /// cards it drew, say) hidden, the rest as it is.
    fn redact(&self, event: &Self::Event, seat: Seat) -> Self::Event;

    /// The winners once the game is over (several when the win is shared);
    /// empty while it runs.
    fn winners(&self) -> Vec<Seat>;

    /// The seed the next computer decision is to use: kept and advanced by
    /// the state itself (it changes with every action applied), so that a
    /// saved game plays on exactly as it would have, whatever the app does
    /// with its log. It says nothing of hidden cards.
    fn bot_seed(&self) -> u64;

    /// A computer player's choice for the seat `view` belongs to, from that
    /// view alone: one of the legal actions whenever that seat must act.
    fn bot_action(view: &Self::SeatView, level: Level, seed: u64) -> Self::Action;
}

/// A bot seed from a game's seed and the number of actions applied so far
/// (see [`Multiplayer::bot_seed`]): well mixed, so that neighbouring steps
/// give unrelated choices.
pub fn bot_seed(game_seed: u64, step: u64) -> u64 {
    // SplitMix64's finaliser over the two numbers.
    let mut z = game_seed
        .rotate_left(17)
        .wrapping_add(step.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        ^ 0xB07_5EED;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_seeds_differ_from_step_to_step_and_game_to_game() {
        let seeds: std::collections::HashSet<u64> = (0..4)
            .flat_map(|game| (0..1000).map(move |step| bot_seed(game, step)))
            .collect();
        assert_eq!(seeds.len(), 4000);
        assert_eq!(bot_seed(7, 3), bot_seed(7, 3));
    }
}
