//! The vocabulary every game speaks, so that one test harness (and one reader)
//! can work with all of them.

use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A game in progress. `apply` is the only way to change it.
pub trait Game: Clone + PartialEq + Debug + Serialize + DeserializeOwned {
    type Action: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;
    /// Why an action was refused; refusing leaves the state untouched.
    type Error: Debug + Display + PartialEq;
    /// What the game is played with (cards, tiles...): what [`Game::all_pieces`]
    /// lists, so that conservation can be checked.
    type Piece: Ord + Clone + Debug;

    /// Every action of the game's vocabulary, legal now or not, so that tests
    /// can check that the illegal ones are refused.
    fn action_space(&self) -> Vec<Self::Action>;

    /// The actions the player who must act now may take.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies `action`, or returns why it is illegal and changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    fn is_over(&self) -> bool;

    /// Every piece (card) in the game wherever it lies, to check that none is
    /// lost or duplicated.
    fn all_pieces(&self) -> Vec<Self::Piece>;
}

/// A game for several seats, some perhaps played by the computer. Added on
/// top of [`Game`]: `legal_actions` and `apply` are those of whoever must
/// act now ([`Multiplayer::to_act`]).
pub trait Multiplayer: Game {
    /// What one seat may see: everything public plus that seat's secrets,
    /// never another seat's secrets nor the order of face-down cards. The
    /// only thing the UI renders, and the only thing bots read.
    type View<'a>
    where
        Self: 'a;

    /// How many seats the table has (arrested or eliminated ones included).
    fn seat_count(&self) -> usize;

    /// The seat that must act now; `None` once the game is over.
    fn to_act(&self) -> Option<crate::seats::Seat>;

    fn view(&self, seat: crate::seats::Seat) -> Self::View<'_>;

    /// The winners once the game is over (several when the win is shared);
    /// empty while it runs.
    fn winners(&self) -> Vec<crate::seats::Seat>;
}
