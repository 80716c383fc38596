//! Joker's rules, a test per clause of the published rule text and per
//! ruling of the Joker section of `docs/rulings.md` (names say which: `rule_…` for the
//! rule text, `ruling_…` for a ruling), then the errors, the view, saves and
//! the computer players.

use super::bot::{self, InformantModel, JokerBot};
use super::*;
use crate::game::{self, Multiplayer};
use crate::seats::Bot;
use rand::{Rng, SeedableRng};

mod bots;
mod errors;
mod events;
mod setup;
mod turn;
mod validate;
mod view_save_load;

/// Moves the Joker to `cell` (swapping it with the card there).
fn put_joker(s: &mut State, cell: Cell) {
    let joker = s.joker();
    s.grid.swap(joker.index(), cell.index());
}

/// A game of `players` people with the Joker at `joker`.
fn table(players: usize, joker: Cell) -> State {
    let mut s = State::with_players(players, 1).unwrap();
    put_joker(&mut s, joker);
    s
}

/// A team game of four people, teams `teams`, with the Joker at `joker`.
fn team_table(teams: &[u8], joker: Cell) -> State {
    let mut s = State::with_teams(&vec![SeatKind::Person; teams.len()], teams, 1).unwrap();
    put_joker(&mut s, joker);
    s
}

/// `s` after `action`, checking that `check` accepted it, that the state
/// after is valid, and that its events are what the history gained.
fn applied(s: &State, action: Action) -> State {
    events_of(s, action).0
}

/// `s` after `action`, and the events it returned (checked as in
/// [`applied`]).
fn events_of(s: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(s.check(&action), Ok(()), "check refuses {action:?}");
    let mut next = s.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    assert_eq!(next.history(), grown(s, &events), "{action:?}'s events");
    (next, events)
}

/// The history of `s` followed by `events`: what the history must be once
/// they happened (an answer stands for the probe's `Asked`).
fn grown(s: &State, events: &[Event]) -> Vec<Event> {
    let mut history = s.history();
    if matches!(history.last(), Some(Event::Asked { .. })) {
        history.pop();
    }
    history.extend_from_slice(events);
    history
}

/// The error refusing `action` in `s`; checks that it changed nothing, is
/// not offered as legal, and is what `check` says.
fn refused(s: &State, action: Action) -> RuleError {
    let mut copy = s.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, s, "refusing {action:?} changed the state");
    assert!(!err.to_string().is_empty());
    assert!(!s.legal_actions().contains(&action));
    assert_eq!(s.check(&action), Err(err), "check and apply disagree");
    err
}

/// Probes `cell` and answers the true distance.
fn probe(s: &State, cell: Cell) -> State {
    let s = applied(s, Action::Probe(cell));
    let d = s.true_distance().unwrap();
    applied(&s, Action::Answer(d))
}

/// A face-down cell that is not the Joker's.
fn blank(s: &State) -> Cell {
    s.face_down().iter().find(|&c| c != s.joker()).unwrap()
}

/// Ends the round being played: the Vigilante to act shoots a face-down
/// card (in order) when it may, and probes otherwise.
fn finish_round(s: &State) -> State {
    let round = s.round();
    let mut s = s.clone();
    while s.round() == round && !s.is_over() {
        let cell = s.face_down().iter().next().unwrap();
        s = if s.can_shoot(s.current()) {
            applied(&s, Action::Shoot(cell))
        } else {
            probe(&s, cell)
        };
    }
    s
}

/// Plays one round per entry of `probes`: that many probes (never of the
/// Joker's cell), then a shot at the Joker.
fn play_rounds(s: &State, probes: &[usize]) -> State {
    let mut s = s.clone();
    for &n in probes {
        for _ in 0..n {
            let cell = blank(&s);
            s = probe(&s, cell);
        }
        s = applied(&s, Action::Shoot(s.joker()));
    }
    s
}
