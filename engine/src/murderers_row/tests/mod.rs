//! One test per card of [`CARDS`](super::cards::CARDS) and per Murderers'
//! Row ruling of `docs/rulings.md`, the losing positions named in the rule text,
//! and the solver against a brute force. Each test's name says which card or
//! ruling it checks.

use super::*;
use rand::RngCore;
use rand_pcg::Pcg32;
use std::collections::HashMap;
use Killer::*;

mod events;
mod issue_31;
mod killers;
mod rulings;
mod setup;
mod solutions;
mod validate;

fn a(card: Killer) -> Slot {
    Slot { card, active: true }
}

fn i(card: Killer) -> Slot {
    Slot {
        card,
        active: false,
    }
}

/// A position with `row`, the die deck `deck` (top card last), an empty
/// discard and no poison; every other card is dead.
fn pos(row: &[Slot], deck: &[Killer]) -> State {
    State::from_parts(row, deck.to_vec(), Vec::new(), false, 7)
}

/// A die deck whose top card has `pips` pips, the rest chosen from cards
/// not in `row`.
fn deck_top(row: &[Slot], pips: u8) -> Vec<Killer> {
    let free: Vec<Killer> = Killer::ALL
        .into_iter()
        .filter(|c| !row.iter().any(|s| s.card == *c))
        .collect();
    let top = *free
        .iter()
        .find(|c| c.pips() == pips)
        .expect("a die card with those pips is free");
    let mut deck: Vec<Killer> = free.iter().copied().filter(|&c| c != top).take(3).collect();
    deck.push(top);
    deck
}

/// A plain die deck for positions without random targets.
const DECK: [Killer; 2] = [Gunslinger, Arsonist];

fn applied(state: &State, action: Action) -> State {
    played(state, action).0
}

/// The state after `action` and its events (`check` accepting it first).
fn played(state: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(state.check(&action), Ok(()), "check refuses {action:?}");
    let mut next = state.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    (next, events)
}

/// Why `action` is refused: `apply`'s error, which `check` gives too, and
/// the state is left as it was.
fn refused(state: &State, action: Action) -> RuleError {
    let mut copy = state.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, state, "refusing {action:?} changed the state");
    assert_eq!(state.check(&action), Err(err), "check and apply disagree");
    assert!(!err.to_string().is_empty());
    err
}

fn act(card: Killer, target: Target) -> Action {
    Action::activate(card, target)
}

fn names(state: &State) -> Vec<(Killer, bool)> {
    state.row().iter().map(|s| (s.card, s.active)).collect()
}

/// The cards killed between `before` and `after`, in order of death.
fn killed(before: &State, after: &State) -> Vec<Killer> {
    after.dead()[before.dead().len()..].to_vec()
}

fn legal(state: &State, action: Action) -> bool {
    state.legal_actions().contains(&action)
}
