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
