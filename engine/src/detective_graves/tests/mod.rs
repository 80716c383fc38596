//! Detective Graves' rules: a test per clause of the published rule text
//! (`rule_…`), per component or ruling of `docs/rulings.md` (`spec_…`), per location (`location_…`) and card ability (`ability_…`),
//! and per ruling decided in the module's doc (`ruling_…`); then the errors,
//! the view, saves and the computer player.

use super::bot;
use super::data::DEUCE_TEXT;
use super::players::{self, GravesBot};
use super::strong;
use super::*;
use crate::game::Multiplayer;
use crate::seats::Bot;
use rand::{Rng, SeedableRng};
use Suit::{Briefcase, MagnifyingGlass, Notebook, QuestionMark, Shoeprint};

mod abilities;
mod bots;
mod check_and_views;
mod components;
mod errors_view_saves;
mod events;
mod invariants;
mod locations;
mod round;
mod setup;
mod spec_rulings;
mod unmasking;
mod variants;

const D: Role = Role::Detective;
const M: Role = Role::Mastermind;

fn d(suit: Suit, rank: u8) -> Card {
    Card::new(D, suit, rank)
}

fn m(suit: Suit, rank: u8) -> Card {
    Card::new(M, suit, rank)
}

fn applied(s: &State, action: Action) -> State {
    let mut next = s.clone();
    next.apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    next
}

/// Applies the actions in order.
fn played(s: &State, actions: &[Action]) -> State {
    actions.iter().fold(s.clone(), |s, &a| applied(&s, a))
}

/// The error refusing `action` in `s`; checks that it changed nothing and
/// is not offered as legal.
fn refused(s: &State, action: Action) -> RuleError {
    let mut copy = s.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, s, "refusing {action:?} changed the state");
    assert!(!err.to_string().is_empty());
    assert!(!s.legal_actions().contains(&action));
    err
}

/// Takes `card` out of whatever zone holds it.
fn take(s: &mut State, card: Card) {
    let r = card.deck.index();
    s.hands[r].retain(|&c| c != card);
    s.decks[r].retain(|&c| c != card);
    s.discards[r].retain(|&c| c != card);
    s.removed.retain(|&c| c != card);
    for pile in s.piles.iter_mut() {
        pile[r].retain(|&c| c != card);
    }
}

/// Makes `cards` the hand of `role` (the old hand goes under the deck).
fn set_hand(s: &mut State, role: Role, cards: &[Card]) {
    let r = role.index();
    let old = std::mem::take(&mut s.hands[r]);
    s.decks[r].splice(0..0, old);
    for &card in cards {
        take(s, card);
        s.hands[r].push(card);
    }
}

/// Makes `cards` the pile of `role` at the location at `index`.
fn set_pile(s: &mut State, index: usize, role: Role, cards: &[Card]) {
    let r = role.index();
    let old = std::mem::take(&mut s.piles[index][r]);
    s.decks[r].splice(0..0, old);
    for &card in cards {
        take(s, card);
        s.piles[index][r].push(card);
    }
}

/// Puts `cards` on top of `role`'s deck, the first to be drawn first.
fn set_top(s: &mut State, role: Role, cards: &[Card]) {
    for &card in cards.iter().rev() {
        take(s, card);
        s.decks[role.index()].push(card);
    }
}

/// Makes `cards` the discard pile of `role`, the last on top.
fn set_discard(s: &mut State, role: Role, cards: &[Card]) {
    for &card in cards {
        take(s, card);
        s.discards[role.index()].push(card);
    }
}

/// Locations that fill a row after the chosen ones: those with nothing on
/// arrival first.
const FILLER: [Location; 12] = [
    Location::Station,
    Location::Library,
    Location::Docks,
    Location::RecordOffice,
    Location::PalaceGrounds,
    Location::Park,
    Location::Alley,
    Location::Countryside,
    Location::River,
    Location::Slums,
    Location::Museum,
    Location::BankVault,
];

/// Puts `row` first in the row of a fresh game (the rest filled with other
/// locations, none with an arrival ability), before anyone has kept a hand.
fn set_row(s: &mut State, row: &[Location]) {
    let mut rest = FILLER.into_iter().filter(|l| !row.contains(l));
    for i in 0..ROW {
        let location = row
            .get(i)
            .copied()
            .or_else(|| rest.next())
            .expect("12 locations");
        s.row[i] = location;
        s.tokens[i] = location.time();
        s.trumps[i] = location.trump();
    }
}

/// Ends the location at `index` as if it had resolved, won by `winner`
/// (none: a tie), without play.
fn award(s: &mut State, index: usize, winner: Option<Role>) {
    let place = EvidenceAt::Location(index as u8);
    for e in s.evidence_in(place) {
        s.evidence[e.index()] = winner.map_or(EvidenceAt::Unseen, EvidenceAt::Won);
    }
    s.outcomes[index] = winner.map_or(Outcome::Tied, Outcome::Won);
    s.tokens[index] = 0;
}

/// A game of two people, seat 0 the first Detective, its row as dealt.
fn dealt(variant: Variant, seed: u64) -> State {
    State::new([SeatKind::Person; 2], Seat(0), variant, seed).unwrap()
}

/// [`dealt`], with a quiet row (no arrival ability: passing through it
/// wins nobody any evidence).
fn game(variant: Variant, seed: u64) -> State {
    let mut s = dealt(variant, seed);
    set_row(&mut s, &[]);
    s
}

/// A card of `role`'s hand that is no deuce (a deuce asks for a trump).
fn plain(s: &State, role: Role) -> Card {
    *s.hand(role).iter().find(|c| !c.is_deuce()).expect("a card")
}

/// A standard game (seat 0 the Detective) with `row` first in the row, both
/// hands kept: play is at the first location.
fn table(row: &[Location]) -> State {
    table_with(row, |_| {})
}

/// [`table`], with `setup` applied before the hands are kept (to stack a
/// deck before the first location's ability).
fn table_with(row: &[Location], setup: impl FnOnce(&mut State)) -> State {
    let mut s = game(Variant::default(), 7);
    set_row(&mut s, row);
    setup(&mut s);
    played(&s, &[Action::KeepHand, Action::KeepHand])
}

/// Passes (and declines every choice) until the case's unmasking.
fn skip_to_unmasking(s: &State) -> State {
    let case = s.case();
    let mut s = s.clone();
    while s.case() == case && !matches!(s.phase(), Phase::Unmask | Phase::Accuse | Phase::Over) {
        let action = match s.phase() {
            Phase::Mulligan | Phase::River => Action::KeepHand,
            Phase::Slums => Action::SlumsTime { here: 0, next: 0 },
            Phase::Draw => Action::Draw(Source::Deck),
            Phase::Play => Action::Pass,
            phase => panic!("unexpected {phase:?}"),
        };
        s = applied(&s, action);
    }
    s
}

/// The seat's log as JSON.
fn log_json(s: &State, seat: Seat) -> String {
    serde_json::to_string(&s.events_seen_by(seat)).unwrap()
}

/// States along games of random actions, for the checks below.
fn sample_states(games: u64, every: usize) -> Vec<State> {
    let mut states = Vec::new();
    for seed in 0..games {
        let variant = Variant {
            knows_all: seed % 2 == 0,
            ..Variant::default()
        };
        let mut s = game(variant, seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        for step in 0.. {
            if step % every == 0 {
                states.push(s.clone());
            }
            if s.is_over() {
                break;
            }
            let action = if step % 2 == 0 {
                let legal = s.legal_actions();
                legal[rng.random_range(0..legal.len())]
            } else {
                bot::simple_action(&s.view(s.to_act().unwrap()), &mut rng)
            };
            s.apply(action).unwrap();
        }
    }
    states
}

/// Applies `action`, checked first; returns the new state and the events.
fn events_of(s: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(s.check(&action), Ok(()), "{action:?}");
    let mut next = s.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    assert_eq!(
        &next.log()[s.log().len()..],
        events,
        "the log's new entries"
    );
    (next, events)
}
