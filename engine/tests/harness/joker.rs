//! Opening Joker in the harness: its [`Spec`] (deals of 2–4 players, teams
//! and solo, its bots, the events against the log and against states a seat
//! cannot tell apart) and its tests.

use super::*;
use engine::joker::{Action, Event, Lock, Phase, State, CELLS, JOKER};
use engine::seats::{Level, Seat, SeatKind};
use engine::Multiplayer;

/// 10,000 random deals with 2–4 players, teams one game in three;
/// `cargo test` plays 1,500.
const SEEDS: Seeds = Seeds {
    quick: 1_500,
    all: 10_000,
};

/// Probes never end a round, so no bound holds for every game: a game
/// still running after this many actions is stopped and counted (and
/// must not happen: half the actions are the bot's, and the Simple bot
/// shoots a turn in five when it may). Real games are far shorter (see
/// `longest` in the output).
const MAX_ACTIONS: usize = 3_000;

/// One action in this many (by a hash of the state and the action) has
/// its events checked against the whole history and against states the
/// seats cannot tell apart ([`what_if`]): the costly part of
/// [`events`].
const WHAT_IF_EVERY: u64 = 256;

/// How many times [`what_if`] compared the events of two states a
/// seat cannot tell apart.
static WHAT_IFS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// 2–4 players from the seed, seats of every kind, one game in three in
/// team mode (teams from the seed, neither empty) and one in nine in
/// solo mode (seat 0 the Informant of 1–5 rounds).
fn deal(seed: u64) -> State {
    let players = 2 + (seed % 3) as usize;
    let kinds: Vec<SeatKind> = (0..players)
        .map(|i| match (seed / 3 + i as u64) % 3 {
            0 => SeatKind::Person,
            1 => SeatKind::Computer(Level::Simple),
            _ => SeatKind::Computer(Level::Strong),
        })
        .collect();
    if seed % 9 == 4 {
        State::solo(&kinds, 1 + (seed / 9 % 5) as u8, seed).expect("a solo game")
    } else if (seed / 9).is_multiple_of(3) {
        let mut teams: Vec<u8> = (0..players).map(|i| ((seed >> i) & 1) as u8).collect();
        teams[0] = 0;
        teams[players - 1] = 1;
        State::with_teams(&kinds, &teams, seed).expect("two teams")
    } else {
        State::new(&kinds, seed).expect("2 to 4 players")
    }
}

/// The 25 cards of the deal: 24 distinct standard cards and the Joker.
fn deck(state: &State) -> Vec<Card> {
    let mut cards: Vec<Card> = Card::deck(0)
        .into_iter()
        .filter(|card| state.all_pieces().contains(card))
        .collect();
    assert_eq!(cards.len(), CELLS - 1, "24 standard cards");
    cards.push(JOKER);
    cards
}

/// The computer of the seat to act, from that seat's view and the
/// state's own bot seed: Simple mostly, Strong one time in 16 (chosen
/// by the harness's seed).
fn choose(state: &State, seed: u64) -> Action {
    let seat = state.to_act().expect("a seat to act");
    let level = if seed.is_multiple_of(16) {
        Level::Strong
    } else {
        Level::Simple
    };
    State::bot_action(&state.view(seat), level, state.bot_seed())
}

/// The save checks out (every logged answer within its roll of the
/// true distance, the locks, turn and points as the log leaves them);
/// the Joker is face down and consistent with the log while the round
/// runs; the Informant never holds the turn; a finished game has its
/// winners.
fn check(state: &State) {
    if !matches!(state.phase(), Phase::Answer { .. }) {
        assert_eq!(state.validate(), Ok(()));
    }
    if state.is_over() {
        assert!(!state.winners().is_empty());
        assert_eq!(state.round() + 1, state.rounds());
        return;
    }
    let joker = state.joker();
    assert!(!state.face_up().contains(joker));
    assert!(state.consistent_cells().contains(joker));
    assert_ne!(state.current(), state.informant());
    assert_eq!(state.lock(state.informant()), Lock::Free);
    if let Phase::Answer { cell, roll } = state.phase() {
        let allowed = state.allowed_answers().expect("a probe pending");
        let d = cell.distance(joker);
        assert_eq!(allowed, d.saturating_sub(roll)..=d + roll);
    }
    // With two or more Vigilantes someone can always shoot: a miss
    // frees every other Vigilante.
    assert!(state.players() == 2 || state.vigilantes().any(|s| state.can_shoot(s)));
    assert!(Seat::all(state.players())
        .all(|s| state.view(s).joker().is_some() == (s == state.informant())));
}

/// The action whose events these are: a probe's `Asked`, an answer's
/// `Probe`, a shot's `Shot` come first.
fn action_of(events: &[Event]) -> Action {
    match events.first() {
        Some(&Event::Asked { cell, .. }) => Action::Probe(cell),
        Some(&Event::Probe { answer, .. }) => Action::Answer(answer),
        Some(&Event::Shot { cell, .. }) => Action::Shoot(cell),
        _ => panic!("no action starts with {events:?}"),
    }
}

/// The events agree with the change of state: each kind with what it
/// says (the phase, the turn, the log, the face-up cards, the points,
/// the round, the result), every seat learns each whole, and, for one
/// action in [`WHAT_IF_EVERY`], the history grew by exactly these
/// events and [`what_if`] finds no secret in them.
fn events(before: &State, after: &State, events: &[Event]) {
    let fail =
        |why: &str| -> ! { panic!("{why}: {events:?}\nbefore: {before:?}\nafter: {after:?}") };
    let logged = before.log().len();
    let new_log = after.log().get(logged..).unwrap_or_default();
    let same_round = |round: u8| usize::from(round) == before.round();
    match events {
        [Event::Asked {
            round,
            seat,
            cell,
            roll,
        }] => {
            if before.phase() != Phase::Turn
                || after.phase()
                    != (Phase::Answer {
                        cell: *cell,
                        roll: *roll,
                    })
                || *seat != before.current()
                || after.current() != *seat
                || !same_round(*round)
                || after.log().len() != logged
                || after.face_up() != before.face_up()
            {
                fail("a probe asked, not as the state says");
            }
        }
        [event @ Event::Probe {
            round,
            seat,
            cell,
            roll,
            answer,
        }] => {
            if before.phase()
                != (Phase::Answer {
                    cell: *cell,
                    roll: *roll,
                })
                || !before.allowed_answers().is_some_and(|a| a.contains(answer))
                || *seat != before.current()
                || !same_round(*round)
                || new_log != [event.clone()]
                || after.phase() != Phase::Turn
                || after.current() != before.next_vigilante(*seat)
                || after.face_up() != before.face_up()
            {
                fail("an answer, not as the state says");
            }
        }
        [event @ Event::Shot {
            round,
            seat,
            cell,
            card,
        }] => {
            let mut face_up = before.face_up();
            face_up.insert(*cell);
            if event.is_hit()
                || before.phase() != Phase::Turn
                || *seat != before.current()
                || !before.can_shoot(*seat)
                || !same_round(*round)
                || before.face_up().contains(*cell)
                || after.card_if_face_up(*cell) != Some(*card)
                || after.face_up() != face_up
                || new_log != [event.clone()]
                || after.can_shoot(*seat)
                || after.current() != before.next_vigilante(*seat)
                || after.points(*seat) != before.points(*seat)
                || after.round() != before.round()
            {
                fail("a miss, not as the state says");
            }
        }
        [event @ Event::Shot {
            round, seat, cell, ..
        }, end] => {
            if !event.is_hit()
                || before.phase() != Phase::Turn
                || *seat != before.current()
                || !before.can_shoot(*seat)
                || !same_round(*round)
                || before.joker() != *cell
                || new_log != [event.clone()]
                || after.points(*seat) != before.points(*seat) + 1
            {
                fail("a hit, not as the state says");
            }
            match end {
                Event::NextRound { round, informant } => {
                    if usize::from(*round) != before.round() + 1
                        || after.round() != usize::from(*round)
                        || after.informant() != *informant
                        || after.phase() != Phase::Turn
                        || !after.face_up().is_empty()
                    {
                        fail("a next round, not as the state says");
                    }
                }
                Event::GameOver { winners, score } => {
                    if !after.is_over()
                        || before.round() + 1 != before.rounds()
                        || after.winners() != winners
                        || winners.first().map(|&w| after.score(w)) != Some(*score)
                    {
                        fail("the game's end, not as the state says");
                    }
                }
                _ => fail("a hit not followed by the round's end"),
            }
        }
        _ => fail("events of no action"),
    }
    for seat in Seat::all(before.players()) {
        for event in events {
            if after.redact(event, seat) != *event {
                fail("an event redacted: the events hold no secret");
            }
        }
    }
    let mut hash = before.bot_seed() ^ 0x5EED;
    for byte in format!("{:?}", events[0]).bytes() {
        hash = hash.rotate_left(5) ^ u64::from(byte);
    }
    if !hash
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .is_multiple_of(WHAT_IF_EVERY)
    {
        return;
    }
    let mut history = before.history();
    if matches!(history.last(), Some(Event::Asked { .. })) {
        history.pop();
    }
    history.extend_from_slice(events);
    if after.history() != history {
        fail("the history did not grow by these events");
    }
    what_if(before, after, events, hash);
}

/// `state` changed through its serialised form (the harness cannot
/// reach the state's fields): `edit` gets the JSON object.
fn edited(state: &State, edit: impl FnOnce(&mut serde_json::Value)) -> State {
    let mut json = serde_json::to_value(state).expect("a state serialises");
    edit(&mut json);
    serde_json::from_value(json).expect("an edited state reads back")
}

/// Nothing a seat may not know is in the events as redacted for it:
/// the same action from a state the seat cannot tell apart, when it
/// leaves the seat the same view (but for the log, where the events
/// themselves go), gives it the same events. Two such states: the
/// generator re-seeded (the rolls and grids to come), for every seat;
/// and the Joker moved to another cell that fits the log (not the one
/// acted on; the generator kept, so that the roll is the same), for
/// every seat but the round's Informant.
fn what_if(before: &State, after: &State, events: &[Event], hash: u64) {
    let action = action_of(events);
    let acted_on = match action {
        Action::Probe(cell) | Action::Shoot(cell) => Some(cell),
        Action::Answer(_) => None,
    };
    let reseeded = edited(before, |json| {
        json["rng"] = serde_json::to_value(Pcg32::seed_from_u64(hash)).expect("a generator");
    });
    let joker = before.joker();
    let elsewhere = before
        .consistent_cells()
        .iter()
        .filter(|&c| c != joker && Some(c) != acted_on)
        .nth((hash >> 32) as usize % 25);
    let moved = elsewhere.map(|cell| {
        edited(before, |json| {
            let grid = json["grid"].as_array_mut().expect("a grid");
            grid.swap(joker.index(), cell.index());
        })
    });
    for seat in Seat::all(before.players()) {
        let seen = |state: &State| {
            let mut view = serde_json::to_value(state.view(seat)).expect("a view");
            view.as_object_mut().expect("a view object").remove("log");
            view
        };
        let informant = before.informant() == seat;
        let others = std::iter::once(&reseeded).chain(moved.iter().filter(|_| !informant));
        for other in others {
            let mut other_after = other.clone();
            let Ok(other_events) = other_after.apply(action) else {
                continue; // an answer the other Joker does not allow
            };
            if seen(&other_after) != seen(after) {
                continue; // the seat learns the difference anyway
            }
            WHAT_IFS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let redacted = |state: &State, events: &[Event]| -> Vec<Event> {
                events.iter().map(|e| state.redact(e, seat)).collect()
            };
            assert_eq!(
                redacted(&other_after, &other_events),
                redacted(after, events),
                "{seat:?} learns from {action:?}'s events what it may not know"
            );
        }
    }
}

fn check_games(seeds: Range<u64>) {
    let games = seeds.end - seeds.start;
    let spec = Spec {
        deal,
        deck,
        key: card_key,
        is_takeback: |_| false,
        max_takebacks: 0,
        max_actions: MAX_ACTIONS,
        may_cycle: true,
        // 68 actions in the space: try one in 10 per step.
        illegal_every: 10,
        bot: Some(choose),
        check: Some(check),
        events,
        views: Some(Views {
            seats: |state| state.players(),
            view: |state, seat| {
                serde_json::to_string(&state.view(seat)).expect("a view serialises")
            },
            redeal: |state, seat, seed| state.redeal(seat, seed),
        }),
    };
    let start = std::time::Instant::now();
    let totals = run(&spec, seeds);
    let what_ifs = WHAT_IFS.load(std::sync::atomic::Ordering::Relaxed);
    println!(
        "Joker: {totals:?}, {what_ifs} what-ifs, in {:.1?}",
        start.elapsed()
    );
    assert_eq!(totals.games, games);
    assert_eq!(totals.unfinished, 0, "{totals:?}");
    assert!(totals.redeals > 10 * games, "{totals:?}");
    assert!(what_ifs > games, "{what_ifs} what-ifs");
}

#[test]
fn joker_random_games() {
    check_games(SEEDS.quick());
}

#[test]
#[ignore]
fn joker_random_games_all() {
    check_games(SEEDS.rest());
}
