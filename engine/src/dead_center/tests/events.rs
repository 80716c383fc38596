//! The events, one test per kind; `check` against `apply`; old saves; the history (issues 28, 45).

use super::*;

// Every action says what it did, one event per fact, in order; each event
// kind has a test that names it.

// Event `Revealed`, then `Drew`: a reveal turns the zombie and draws at once.
#[test]
fn event_revealed_names_the_space_and_the_zombie() {
    let fresh = State::new(Variant::Standard, 12);
    let (after, events) = events_of(&fresh, Action::Reveal(7));
    let ZombieView::Alive(zombie) = after.zombie(7) else {
        panic!("revealed")
    };
    let card = after.drawn().expect("a card in hand");
    assert_eq!(
        events,
        [Event::Revealed { space: 7, zombie }, Event::Drew { card }]
    );
}

// Event `Drew`: the card drawn, now in hand.
#[test]
fn event_drew_names_the_card_drawn() {
    let state = State::from_parts(WEAK_BOARD, all_face_up(), vec![c(6), h(4)], Phase::Draw);
    let (after, events) = events_of(&state, Action::Draw);
    assert_eq!(events, [Event::Drew { card: h(4) }]);
    assert_eq!(after.drawn(), Some(h(4)));
    assert_eq!(after.deck_len(), 1);
}

// Event `Placed`: the pile and the card; alone when a kill may follow.
#[test]
fn event_placed_names_the_pile_and_the_card() {
    let (after, events) = events_of(&corner_attack(), Action::Place(0));
    assert_eq!(
        events,
        [Event::Placed {
            pile: 0,
            card: s(5)
        }]
    );
    assert_eq!(after.phase(), Phase::Attack { pile: 0 });
}

// Event `TurnEnded`: after a placement that can kill nothing (the turn ends
// by itself), after ending the turn, and after a kill.
#[test]
fn event_turn_ended_says_how_many_turns_are_complete() {
    let quiet = placing(s(5)).with_tops(&[(0, d(5))]);
    let (_, events) = events_of(&quiet, Action::Place(0));
    assert_eq!(
        events,
        [
            Event::Placed {
                pile: 0,
                card: s(5)
            },
            Event::TurnEnded { turns: 1 }
        ]
    );
    let attack = applied(&corner_attack(), Action::Place(0));
    let (after, events) = events_of(&attack, Action::EndTurn);
    assert_eq!(events, [Event::TurnEnded { turns: 1 }]);
    assert_eq!(after.turns(), 1);
}

// Event `Killed`: the space, the zombie and the two supports used (their
// piles and cards), then the turn's end.
#[test]
fn event_killed_names_the_zombie_and_its_supports() {
    let attack = applied(&corner_attack(), Action::Place(0));
    let (after, events) = events_of(&attack, Action::Kill(0));
    assert_eq!(
        events,
        [
            Event::Killed {
                space: 0,
                zombie: h(JACK),
                supports: [
                    Support {
                        pile: 3,
                        card: c(4)
                    },
                    Support {
                        pile: 6,
                        card: c(6)
                    }
                ],
            },
            Event::TurnEnded { turns: 1 }
        ]
    );
    assert_eq!(after.zombie(0), ZombieView::Dead(h(JACK)));
}

// Event `Undone`: what was taken back (the card and its pile, the zombie
// alive again, the turn open again); the game's first undo is also
// `Assisted`, a later one is not.
#[test]
fn event_undone_says_what_was_taken_back() {
    let killed = applied(
        &applied(&corner_attack(), Action::Place(0)),
        Action::Kill(0),
    );
    let (undone, events) = events_of(&killed, Action::Undo);
    assert_eq!(
        events,
        [
            Event::Undone {
                pile: 0,
                card: s(5),
                revived: Some((0, h(JACK))),
                turn_reopened: true,
            },
            Event::Assisted
        ]
    );
    let attack = applied(&undone, Action::Place(0));
    let (_, events) = events_of(&attack, Action::Undo);
    assert_eq!(
        events,
        [Event::Undone {
            pile: 0,
            card: s(5),
            revived: None,
            turn_reopened: false,
        }]
    );
}

// Event `HintAsked`, and `Assisted` the first time: a hint is an action that
// changes nothing on the table, only that a win now counts as assisted.
#[test]
fn event_hint_asked_and_assisted_once() {
    for state in sample_positions().into_iter().filter(|s| !s.is_over()) {
        assert!(state.legal_actions().contains(&Action::Hint));
        let (hinted, events) = events_of(&state, Action::Hint);
        let mut expected = state.clone();
        expected.assisted = true;
        assert_eq!(hinted, expected, "only the assist flag changes");
        if state.assisted() {
            assert_eq!(events, [Event::HintAsked]);
        } else {
            assert_eq!(events, [Event::HintAsked, Event::Assisted]);
        }
        let (again, events) = events_of(&hinted, Action::Hint);
        assert_eq!(again, hinted);
        assert_eq!(events, [Event::HintAsked]);
    }
}

// Event `Won`: the score (cards left in the deck) and whether undo or hints
// were used.
#[test]
fn event_won_gives_the_score_and_the_assist() {
    let state = applied(&last_zombie(vec![c(4), d(4)]), Action::Place(0));
    let (_, events) = events_of(&state, Action::Kill(0));
    assert!(matches!(events[0], Event::Killed { space: 0, .. }));
    assert_eq!(
        events[1..],
        [Event::Won {
            score: 2,
            assisted: false
        }]
    );
    let hinted = applied(&state, Action::Hint);
    let (_, events) = events_of(&hinted, Action::Kill(0));
    assert_eq!(
        events.last(),
        Some(&Event::Won {
            score: 2,
            assisted: true
        })
    );
}

// Event `Lost` for an empty deck: at a draw, or at the draw after a reveal.
#[test]
fn event_lost_when_the_deck_is_empty() {
    let draw = State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw);
    let (_, events) = events_of(&draw, Action::Draw);
    assert_eq!(
        events,
        [Event::Lost {
            reason: LossReason::DeckEmpty
        }]
    );
    let reveal = State::from_parts(WEAK_BOARD, all_face_down(), Vec::new(), Phase::Reveal);
    let (_, events) = events_of(&reveal, Action::Reveal(2));
    assert_eq!(
        events,
        [
            Event::Revealed {
                space: 2,
                zombie: face_cards()[2]
            },
            Event::Lost {
                reason: LossReason::DeckEmpty
            }
        ]
    );
}

// Event `Lost` for a card that fits no pile: drawn, then lost.
#[test]
fn event_lost_when_the_drawn_card_fits_no_pile() {
    let board = [d(4), h(3), d(1), s(6), c(9), s(10), h(2), c(7), d(3)];
    let state = State::from_parts(board, all_face_up(), vec![c(6), h(5)], Phase::Draw);
    let (_, events) = events_of(&state, Action::Draw);
    assert_eq!(
        events,
        [
            Event::Drew { card: h(5) },
            Event::Lost {
                reason: LossReason::NoLegalPile { drawn: h(5) }
            }
        ]
    );
}

// Every legal action says something; events survive a save.
#[test]
fn every_action_has_events_that_save_and_load() {
    for state in sample_positions() {
        for action in state.legal_actions() {
            let (_, events) = events_of(&state, action);
            assert!(!events.is_empty(), "{action:?}");
            let text = serde_json::to_string(&events).unwrap();
            let back: Vec<Event> = serde_json::from_str(&text).unwrap();
            assert_eq!(back, events);
        }
    }
}

// `check` is a dry run that agrees with `apply`, for every action of the
// vocabulary in every step (the `refused` and `events_of` helpers check it
// for each test above too).
#[test]
fn check_agrees_with_apply_and_changes_nothing() {
    for state in sample_positions() {
        for action in state.action_space() {
            let copy = state.clone();
            let checked = state.check(&action);
            assert_eq!(copy, state, "check changed the state");
            let mut applied = state.clone();
            assert_eq!(applied.apply(action).map(drop), checked, "{action:?}");
            assert_eq!(checked.is_ok(), state.legal_actions().contains(&action));
        }
    }
}

// A save written before hints were actions (the assist flag as the table
// set it) loads and plays on: the flag is the same field.
#[test]
fn a_save_from_before_the_hint_action_loads() {
    let mut state = State::new(Variant::Hard, 77);
    state.apply(Action::Reveal(0)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json["assisted"] = serde_json::json!(true);
    let loaded: State = serde_json::from_value(json).unwrap();
    assert_eq!(loaded.validate(), Ok(()));
    assert!(loaded.assisted());
    let (_, events) = events_of(&loaded, Action::Hint);
    assert_eq!(events, [Event::HintAsked], "already assisted");
}

/// Plays a seeded random game (undo and hints now and then) and calls
/// `each` with the state after every accepted action.
fn random_game(variant: Variant, seed: u64, mut each: impl FnMut(&State, Action)) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
    let mut state = State::new(variant, seed);
    while !state.is_over() {
        let legal = state.legal_actions();
        let action = if rng.random_ratio(1, 8) && state.check(&Action::Undo).is_ok() {
            Action::Undo
        } else if rng.random_ratio(1, 30) {
            Action::Hint
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        state.apply(action).expect("a legal action");
        each(&state, action);
    }
}

// Issue 28 (review): the state keeps the moves that stand, so a game is its
// deal and its history, which a review replays.
#[test]
fn issue_28_history_gives_the_table_again_after_every_action() {
    for seed in 0..60 {
        let variant = Variant::ALL[seed as usize % 3];
        random_game(variant, seed, |state, action| {
            assert!(state.history_complete(), "seed {seed} after {action:?}");
            assert!(state.history().iter().all(|a| a.is_move()));
            let replayed =
                State::restore(variant, seed, state.history(), state.assisted()).unwrap();
            assert_eq!(&replayed, state);
            assert_eq!(state.validate(), Ok(()));
        });
    }
}

#[test]
fn issue_28_history_undo_takes_the_turn_out_and_a_hint_is_not_a_move() {
    let mut state = State::new(Variant::Standard, 3);
    state.apply(Action::Reveal(0)).unwrap();
    let before = state.history().to_vec();
    assert_eq!(before, vec![Action::Reveal(0)]);
    let pile = (0..PILES as u8)
        .find(|&p| state.check(&Action::Place(p)).is_ok())
        .unwrap();
    state.apply(Action::Place(pile)).unwrap();
    if state.check(&Action::EndTurn).is_ok() {
        state.apply(Action::EndTurn).unwrap();
    }
    assert!(state.history().len() >= 2);
    state.apply(Action::Hint).unwrap();
    state.apply(Action::Undo).unwrap();
    assert_eq!(state.history(), &before[..]);
    assert!(state.history_complete());
}

#[test]
fn issue_28_history_a_save_without_one_loads_but_cannot_be_reviewed() {
    let mut state = State::new(Variant::Hard, 11);
    state.apply(Action::Reveal(4)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    assert!(json.get("history").is_some());
    json.as_object_mut().unwrap().remove("history");
    let old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.validate(), Ok(()));
    assert!(old.history().is_empty());
    assert!(!old.history_complete());
    // A fresh deal has an empty history, and it is complete.
    assert!(State::new(Variant::Hard, 11).history_complete());
    assert!(serde_json::to_value(State::new(Variant::Hard, 11))
        .unwrap()
        .get("history")
        .is_none());
}

// Issue 45: a save without a history (from before it was kept, or emptied)
// is played on without one, so that every later save still loads.
#[test]
fn issue_45_a_game_without_a_history_keeps_none_and_every_later_save_loads() {
    let mut state = State::new(Variant::Standard, 8);
    state.apply(Action::Reveal(2)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json.as_object_mut().unwrap().remove("history");
    let mut old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.validate(), Ok(()));
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(8);
    for _ in 0..40 {
        let legal = old.legal_actions();
        if legal.is_empty() {
            break;
        }
        old.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        assert!(old.history().is_empty());
        let saved: State = serde_json::from_value(serde_json::to_value(&old).unwrap()).unwrap();
        assert_eq!(saved.validate(), Ok(()), "every later save loads");
    }
}

#[test]
fn issue_28_history_that_does_not_give_the_table_is_refused_on_load() {
    let mut state = State::new(Variant::Standard, 5);
    state.apply(Action::Reveal(0)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json["history"] = serde_json::json!([{ "Reveal": 1 }]);
    let tampered: State = serde_json::from_value(json.clone()).unwrap();
    assert!(tampered.validate().is_err());
    json["history"] = serde_json::json!(["Undo"]);
    let undo: State = serde_json::from_value(json).unwrap();
    assert!(undo.validate().unwrap_err().contains("not a move"));
}
