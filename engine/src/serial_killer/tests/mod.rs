//! One test per clause of the published rule text and per Serial Killer
//! ruling of `docs/rulings.md`; each test's name says which one it checks.

use super::bot::{self, SerialKillerBot};
use super::*;
use crate::game::Multiplayer;
use crate::seats::Bot;
use Suit::*;

mod bots;
mod corpses;
mod draws;
mod events;
mod informants;
mod reshuffle;
mod seats;
mod setup;
mod validate;
mod view_save_load;
mod winning;
mod wrong_steps;

const fn c(rank: u8, suit: Suit) -> Card {
    Card::new(rank, suit)
}

const KS: Card = c(KING, Spades);
const QH: Card = c(QUEEN, Hearts);
const KH: Card = c(KING, Hearts);
const JC: Card = c(JACK, Clubs);
const JD: Card = c(JACK, Diamonds);
const AS: Card = c(1, Spades);
const AH: Card = c(1, Hearts);
const N2: Card = c(2, Clubs);
const N3: Card = c(3, Clubs);
const N4: Card = c(4, Clubs);
const N5: Card = c(5, Clubs);
const N6: Card = c(6, Clubs);
const N7: Card = c(7, Clubs);

/// A table of `players` where it is `current`'s turn (just begun), with the
/// given graves and the given cards on top of the stack (`top[0]` drawn
/// first); every other card lies below them in the stack.
fn table(players: usize, graves: [&[Card]; GRAVES], top: &[Card], current: u8) -> State {
    let mut s = State::with_players(players, 1).unwrap();
    let used: Vec<Card> = graves
        .iter()
        .flat_map(|g| g.iter())
        .chain(top)
        .copied()
        .collect();
    s.stack = Card::deck(0)
        .into_iter()
        .filter(|c| !used.contains(c))
        .collect();
    s.stack.extend(top.iter().rev());
    s.graves = graves.map(|g| g.to_vec());
    s.begin_turn(Seat(current), &mut Quiet);
    s
}

/// Takes `card` out of the stack and gives it to `seat` face up.
fn give(s: &mut State, seat: u8, card: Card) {
    s.stack.retain(|&c| c != card);
    s.held[usize::from(seat)] |= special_bit(card);
}

const EMPTY: [&[Card]; GRAVES] = [&[], &[], &[], &[], &[], &[]];

fn applied(s: &State, action: Action) -> State {
    applied_with_events(s, action).0
}

/// `action` applied to a copy of `s` (which `check` allows first), with
/// its events.
fn applied_with_events(s: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(s.check(&action), Ok(()), "{action:?}");
    let mut next = s.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert!(next.validate().is_ok(), "{:?}", next.validate());
    (next, events)
}

/// The events of `action` applied to `s`.
fn events_of(s: &State, action: Action) -> Vec<Event> {
    applied_with_events(s, action).1
}

/// Refuses `action` on `s`: `apply` leaves the state unchanged, and `check`
/// gives the same error.
fn refused(s: &State, action: Action) -> RuleError {
    let mut copy = s.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, s, "refusing {action:?} changed the state");
    assert_eq!(s.check(&action), Err(err), "check and apply disagree");
    assert!(!err.to_string().is_empty());
    assert!(!s.legal_actions().contains(&action));
    err
}

fn run(s: &State, actions: &[Action]) -> State {
    actions.iter().fold(s.clone(), |s, &a| applied(&s, a))
}

fn draws(n: usize) -> Vec<Action> {
    vec![Action::Draw; n]
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable();
    cards
}

const JH_: Card = c(JACK, Hearts);

/// A valid table in the middle of a turn: seat 1 of 3 has drawn for graves
/// 0 and 2 and must draw for grave 3; seat 0 holds the Jack of clubs.
fn mid_turn() -> State {
    let graves: [&[Card]; GRAVES] = [&[], &[KS], &[N2], &[], &[JD], &[]];
    let mut s = table(3, graves, &[N3, N4, N5, N6], 1);
    give(&mut s, 0, JC);
    let s = run(&s, &draws(2));
    assert_eq!(s.phase(), Phase::Draw { grave: 3 });
    assert_eq!(s.validate(), Ok(()));
    s
}
