//! The vocabulary every game speaks, so that one test harness (and one reader)
//! can work with all of them.

use crate::cards::Card;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};

/// A game in progress. `apply` is the only way to change it.
pub trait Game: Clone + PartialEq + Debug + Serialize + DeserializeOwned {
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    /// Why an action was refused; refusing leaves the state untouched.
    type Error: Debug + Display + PartialEq;

    /// Every action of the game's vocabulary, legal now or not, so that tests
    /// can check that the illegal ones are refused.
    fn action_space(&self) -> Vec<Self::Action>;

    /// The actions the player who must act now may take.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies `action`, or returns why it is illegal and changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    fn is_over(&self) -> bool;

    /// Every card in the game wherever it lies, to check that none is lost or
    /// duplicated.
    fn all_cards(&self) -> Vec<Card>;
}
