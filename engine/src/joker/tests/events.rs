//! The events: one test per kind, no secrets, the history; `check`, the bot seed, the redeal.

use super::*;

// A probe asked: `Asked` names the prober, the card and the roll; it is
// not logged (the phase says it until the answer).
#[test]
fn event_asked_names_the_probe_and_the_roll_and_is_not_logged() {
    let s = table(3, Cell(12));
    let (next, events) = events_of(&s, Action::Probe(Cell(3)));
    let Phase::Answer { roll, .. } = next.phase() else {
        panic!("no answer pending");
    };
    assert_eq!(
        events,
        [Event::Asked {
            round: 0,
            seat: Seat(1),
            cell: Cell(3),
            roll
        }]
    );
    assert!(next.log().is_empty());
    assert_eq!(next.history(), events);
    assert!(!events[0].is_logged());
}

// An answer given: `Probe` with the roll and the answer, logged exactly as
// returned.
#[test]
fn event_probe_is_the_answer_given_logged_as_returned() {
    let s = applied(&table(3, Cell(12)), Action::Probe(Cell(3)));
    let Phase::Answer { roll, .. } = s.phase() else {
        panic!("no answer pending");
    };
    let answer = *s.allowed_answers().unwrap().end();
    let (next, events) = events_of(&s, Action::Answer(answer));
    let event = Event::Probe {
        round: 0,
        seat: Seat(1),
        cell: Cell(3),
        roll,
        answer,
    };
    assert_eq!(events, std::slice::from_ref(&event));
    assert_eq!(next.log(), [event]);
}

// A shot that missed: `Shot` with the plain card now face up; the turn
// passes on, nothing else happens.
#[test]
fn event_shot_a_miss_names_the_card_turned_face_up() {
    let s = table(3, Cell(24));
    let card = s.grid[6];
    let (next, events) = events_of(&s, Action::Shoot(Cell(6)));
    let event = Event::Shot {
        round: 0,
        seat: Seat(1),
        cell: Cell(6),
        card,
    };
    assert_eq!(events, std::slice::from_ref(&event));
    assert!(!event.is_hit());
    assert_eq!(next.card_if_face_up(Cell(6)), Some(card));
    assert_eq!(next.log(), [event]);
}

// A hit: `Shot` with the Joker, naming who scores, then the round's end.
#[test]
fn event_shot_a_hit_names_the_joker_and_who_scores() {
    let s = probe(&table(3, Cell(8)), Cell(0));
    let (next, events) = events_of(&s, Action::Shoot(Cell(8)));
    let hit = Event::Shot {
        round: 0,
        seat: Seat(2),
        cell: Cell(8),
        card: JOKER,
    };
    assert!(hit.is_hit());
    assert_eq!(events[0], hit);
    assert_eq!(next.points(Seat(2)), 1);
    assert_eq!(next.log().last(), Some(&hit));
    assert_eq!(events.len(), 2, "the round's end follows: {events:?}");
}

// A round ended: `NextRound` names the round that begins and its
// Informant (the next seat clockwise; seat 0 again in a solo game).
#[test]
fn event_next_round_names_the_round_and_its_informant() {
    let s = table(3, Cell(8));
    let (next, events) = events_of(&s, Action::Shoot(Cell(8)));
    assert_eq!(
        events[1],
        Event::NextRound {
            round: 1,
            informant: Seat(1)
        }
    );
    assert_eq!((next.round(), next.informant()), (1, Seat(1)));
    assert!(!events[1].is_logged());
    assert_eq!(next.log().len(), 1, "not logged");
    let mut solo = State::solo(&[SeatKind::Person; 2], 2, 3).unwrap();
    put_joker(&mut solo, Cell(4));
    let (_, events) = events_of(&solo, Action::Shoot(Cell(4)));
    assert_eq!(
        events[1],
        Event::NextRound {
            round: 1,
            informant: Seat(0)
        }
    );
}

// The game over: `GameOver` after the last hit, naming the winners (every
// member of a winning team) and the points each has (the team's).
#[test]
fn event_game_over_names_the_winners_and_their_score() {
    let people = [SeatKind::Person; 4];
    // Seat 1 (team 1) hits; seat 2 probes and seat 3 (team 1) hits; seat 3
    // hits; then seat 0 (team 0) is to hit last.
    let s = State::with_teams(&people, &[0, 1, 0, 1], 2).unwrap();
    let s = play_rounds(&s, &[0, 1, 0]);
    let last = s.joker();
    let (next, events) = events_of(&s, Action::Shoot(last));
    assert!(next.is_over());
    assert_eq!(
        events,
        [
            Event::Shot {
                round: 3,
                seat: Seat(0),
                cell: last,
                card: JOKER
            },
            Event::GameOver {
                winners: vec![Seat(1), Seat(3)],
                score: 3
            }
        ]
    );
    assert_eq!(next.history().last(), events.last());
    assert_eq!(events[1].round(), None);
}

// No event holds a secret: every seat learns each event whole, and the
// events of an action are the same wherever the Joker lies (unless the
// action finds it).
#[test]
fn events_hold_no_secret() {
    let mut rng = Pcg32::seed_from_u64(6);
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        while !s.is_over() {
            let legal = s.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            let (next, events) = events_of(&s, action);
            for seat in Seat::all(s.players()) {
                for event in &events {
                    assert_eq!(&s.redact(event, seat), event);
                }
            }
            if let Action::Probe(cell) | Action::Shoot(cell) = action {
                for elsewhere in s.consistent_cells().iter() {
                    if elsewhere == cell || s.joker() == cell {
                        continue;
                    }
                    let mut moved = s.clone();
                    put_joker(&mut moved, elsewhere);
                    assert_eq!(events_of(&moved, action).1, events, "{action:?}");
                }
            }
            s = next;
        }
    }
}

// The history is every event `apply` returned, in order (an answer
// standing for its probe's `Asked`), whole from the state alone: what the
// app's log is written from, after a reload too.
#[test]
fn history_is_every_event_apply_returned() {
    let mut rng = Pcg32::seed_from_u64(7);
    for seed in 0..30 {
        let mut s = match seed % 3 {
            0 => State::with_players(2 + (seed % 3) as usize, seed).unwrap(),
            1 => State::with_teams(&[SeatKind::Person; 4], &[0, 1, 1, 0], seed).unwrap(),
            _ => State::solo(&[SeatKind::Person; 3], 1 + (seed % 4) as u8, seed).unwrap(),
        };
        let mut all: Vec<Event> = Vec::new();
        while !s.is_over() {
            let legal = s.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            if matches!(action, Action::Answer(_)) {
                assert!(matches!(all.pop(), Some(Event::Asked { .. })));
            }
            let events = s.apply(action).unwrap();
            all.extend(events);
            assert_eq!(s.history(), all);
            let json = serde_json::to_string(&s).unwrap();
            let loaded: State = serde_json::from_str(&json).unwrap();
            assert_eq!(loaded.history(), all);
            assert_eq!(s.view(Seat(1)).history(), all);
        }
        assert!(matches!(all.last(), Some(Event::GameOver { .. })));
        let rounds = all.iter().filter(|e| matches!(e, Event::NextRound { .. }));
        assert_eq!(rounds.count() + 1, s.rounds());
    }
}

// The round's end is said by the state (so also after a reload) from the
// hit until the next round's first action: a probe (not logged until
// answered) ends it too.
#[test]
fn round_end_is_the_last_hit_until_the_next_round_s_first_action() {
    let s = table(3, Cell(8));
    assert_eq!(s.round_end(), None, "no round has ended");
    let s = probe(&s, Cell(0));
    assert_eq!(s.round_end(), None);
    let (s, events) = events_of(&s, Action::Shoot(Cell(8)));
    assert_eq!(s.round_end().as_ref().map(|e| &e[..]), Some(&events[..]));
    for seat in Seat::all(3) {
        assert_eq!(s.view(seat).round_end(), s.round_end());
    }
    let loaded: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(loaded.round_end(), s.round_end());
    // The next round's first probe, before and after its answer; a miss.
    let cell = blank(&s);
    let pending = applied(&s, Action::Probe(cell));
    assert_eq!(pending.round_end(), None);
    assert_eq!(probe(&s, cell).round_end(), None);
    assert_eq!(applied(&s, Action::Shoot(cell)).round_end(), None);
    // A hit as the round's first action: that round's end.
    let (hit, events) = events_of(&s, Action::Shoot(s.joker()));
    assert_eq!(hit.round_end().as_ref().map(|e| &e[..]), Some(&events[..]));
    // The last round's end is the game's.
    let over = finish_round(&hit);
    assert!(over.is_over());
    assert_eq!(over.round_end(), None);
}

// `check` is a dry run that agrees with the legal actions and with
// `apply`, for every action of the space at every step of random games.
#[test]
fn check_agrees_with_legal_actions_and_apply() {
    let mut rng = Pcg32::seed_from_u64(8);
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        loop {
            let legal = s.legal_actions();
            for action in s.action_space() {
                let before = s.clone();
                let checked = s.check(&action);
                assert_eq!(s, before, "check changed the state");
                assert_eq!(checked.is_ok(), legal.contains(&action), "{action:?}");
                let mut copy = s.clone();
                assert_eq!(copy.apply(action).map(drop), checked, "{action:?}");
            }
            if s.is_over() {
                break;
            }
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
}

// The computers' seed comes from the game's seed and the actions applied:
// it changes with every action, is the same for a saved and loaded game,
// and counts right for a save written before it existed.
#[test]
fn bot_seed_follows_the_actions_applied() {
    let mut rng = Pcg32::seed_from_u64(9);
    let mut s = State::with_players(3, 12).unwrap();
    let mut seeds = std::collections::HashSet::new();
    let mut applied = 0u64;
    while !s.is_over() {
        assert_eq!(s.actions_applied(), applied);
        assert_eq!(s.bot_seed(), game::bot_seed(12, applied));
        assert!(seeds.insert(s.bot_seed()), "a seed seen before");
        let json = serde_json::to_string(&s).unwrap();
        let loaded: State = serde_json::from_str(&json).unwrap();
        assert_eq!(loaded.bot_seed(), s.bot_seed());
        // A redeal (what a seat cannot tell apart) keeps it.
        assert_eq!(s.redeal(Seat(1), 5).bot_seed(), s.bot_seed());
        let legal = s.legal_actions();
        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        applied += 1;
    }
    assert_eq!(s.actions_applied(), applied);
}

// The redeal deals again what a seat may not know: the Joker elsewhere
// (among the cells that fit the round's log) for a Vigilante, never for the
// round's Informant; the face-down cards shuffled; the generator re-seeded;
// every view of that seat unchanged, and the state still valid.
#[test]
fn redeal_changes_only_what_the_seat_may_not_know() {
    let mut rng = Pcg32::seed_from_u64(10);
    let mut moved = 0;
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        while !s.is_over() {
            for seat in Seat::all(s.players()) {
                let other = s.redeal(seat, seed * 100 + u64::from(seat.0));
                assert_eq!(other.view(seat), s.view(seat));
                assert_eq!(other.validate(), Ok(()));
                assert_eq!(other.history(), s.history());
                assert_ne!(other.rng, s.rng, "the generator re-seeded");
                if seat == s.informant() {
                    assert_eq!(other.joker(), s.joker());
                } else if s.consistent_cells().len() > 1 {
                    assert_ne!(other.joker(), s.joker());
                    assert!(s.consistent_cells().contains(other.joker()));
                    moved += 1;
                }
            }
            let legal = s.legal_actions();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        // Over: the Joker lies face up, the face-down cards are dealt again.
        let other = s.redeal(Seat(0), 1);
        assert_eq!(other.joker(), s.joker());
        assert_eq!(other.view(Seat(0)), s.view(Seat(0)));
    }
    assert!(moved > 100);
}
