//! The events: one test per kind, public and serialisable; `check` against `apply`.

use super::*;

#[test]
fn event_drawn_number_card_missed() {
    let s = table(2, EMPTY, &[N7], 0);
    assert_eq!(
        events_of(&s, Action::Draw),
        [Event::Drawn {
            seat: Seat(0),
            card: N7,
            grave: 0,
            landing: Landing::Missed
        }]
    );
}

#[test]
fn event_drawn_victim_killed_and_no_clue_lost() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[], &[N2]];
    let s = table(2, graves, &[QH, N3], 1);
    let (s, events) = applied_with_events(&s, Action::Draw);
    assert_eq!(
        events,
        [Event::Drawn {
            seat: Seat(1),
            card: QH,
            grave: 4,
            landing: Landing::Killed
        }]
    );
    // The last draw of a turn with a kill: no clue lost.
    assert_eq!(
        events_of(&s, Action::Draw),
        [Event::Drawn {
            seat: Seat(1),
            card: N3,
            grave: 5,
            landing: Landing::Missed
        }]
    );
}

#[test]
fn event_clue_lost_for_drawing_no_victim() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[QH], &[N2]];
    let s = table(3, graves, &[N3], 1);
    assert_eq!(
        events_of(&s, Action::Draw),
        [
            Event::Drawn {
                seat: Seat(1),
                card: N3,
                grave: 5,
                landing: Landing::Missed
            },
            Event::ClueLost {
                seat: Seat(1),
                clues: CLUES - 1,
                cause: ClueCause::NoVictim
            }
        ]
    );
}

#[test]
fn event_drawn_jack_waiting_then_held() {
    let s = table(2, EMPTY, &[JC, N2], 0);
    let (s, events) = applied_with_events(&s, Action::Draw);
    assert_eq!(
        events,
        [Event::Drawn {
            seat: Seat(0),
            card: JC,
            grave: 0,
            landing: Landing::Waiting
        }]
    );
    assert_eq!(
        events_of(&s, Action::Hold),
        [Event::Held {
            seat: Seat(0),
            card: JC
        }]
    );
}

#[test]
fn event_buried_drawn_jack_and_held_jack() {
    let s = table(2, EMPTY, &[N2, JC], 0);
    let s = run(&s, &draws(2));
    assert_eq!(
        events_of(&s, Action::Bury { grave: 1 }),
        [Event::Buried {
            seat: Seat(0),
            card: JC,
            grave: 1,
            from_hand: false
        }]
    );
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(3, graves, &[N3, N5], 2);
    give(&mut s, 2, JC);
    let s = run(&s, &draws(2));
    assert_eq!(
        events_of(&s, Action::Bury { grave: 5 }),
        [Event::Buried {
            seat: Seat(2),
            card: JC,
            grave: 5,
            from_hand: true
        }]
    );
}

#[test]
fn event_informed_discredit_and_clue_taken_back() {
    let graves: [&[Card]; GRAVES] = [&[], &[], &[N2, KS], &[], &[], &[]];
    let mut s = table(3, graves, &[AS, N3], 0);
    s.clues[0] = 4;
    let s = applied(&s, Action::Draw);
    assert_eq!(
        events_of(
            &s,
            Action::Inform {
                grave: 2,
                tip: Tip::Discredit
            }
        ),
        [
            Event::Informed {
                seat: Seat(0),
                card: AS,
                grave: 2,
                tip: Tip::Discredit,
                from_hand: false
            },
            Event::ClueTakenBack {
                seat: Seat(0),
                clues: 5
            }
        ]
    );
}

#[test]
fn event_informed_on_another_player_who_loses_a_clue() {
    let graves: [&[Card]; GRAVES] = [&[N2], &[KH], &[], &[], &[], &[]];
    let s = table(2, graves, &[AH], 0);
    let s = applied(&s, Action::Draw);
    let tip = Tip::InformOn(Seat(1));
    assert_eq!(
        events_of(&s, Action::Inform { grave: 1, tip }),
        [
            Event::Informed {
                seat: Seat(0),
                card: AH,
                grave: 1,
                tip,
                from_hand: false
            },
            Event::ClueLost {
                seat: Seat(1),
                clues: CLUES - 1,
                cause: ClueCause::InformedOn { by: Seat(0) }
            }
        ]
    );
}

#[test]
fn event_informed_from_hand_after_the_penalty() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[QH], &[N2]];
    let mut s = table(2, graves, &[N3], 0);
    give(&mut s, 0, AH);
    s.clues[0] = 1;
    let (s, events) = applied_with_events(&s, Action::Draw);
    assert_eq!(
        events.last(),
        Some(&Event::ClueLost {
            seat: Seat(0),
            clues: 0,
            cause: ClueCause::NoVictim
        })
    );
    assert_eq!(
        events_of(
            &s,
            Action::Inform {
                grave: 4,
                tip: Tip::Discredit
            }
        ),
        [
            Event::Informed {
                seat: Seat(0),
                card: AH,
                grave: 4,
                tip: Tip::Discredit,
                from_hand: true
            },
            Event::ClueTakenBack {
                seat: Seat(0),
                clues: 1
            }
        ]
    );
}

#[test]
fn event_reshuffled_when_all_six_graves_close() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH, AS], &[N4], &[JD], &[QH], &[N2, N3]];
    let mut s = table(3, graves, &[c(QUEEN, Clubs), c(KING, Clubs)], 1);
    give(&mut s, 2, AH);
    let s = applied(&s, Action::Draw);
    assert_eq!(
        events_of(&s, Action::Draw),
        [
            Event::Drawn {
                seat: Seat(1),
                card: c(KING, Clubs),
                grave: 5,
                landing: Landing::Killed
            },
            Event::Reshuffled {
                cause: ReshuffleCause::GravesClosed,
                stack: 51
            }
        ]
    );
}

#[test]
fn event_reshuffled_when_a_buried_jack_closes_the_last_grave_before_the_penalty() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[c(QUEEN, Clubs)]];
    let s = table(2, graves, &[JC], 0);
    let s = applied(&s, Action::Draw);
    assert_eq!(
        events_of(&s, Action::Bury { grave: 2 }),
        [
            Event::Buried {
                seat: Seat(0),
                card: JC,
                grave: 2,
                from_hand: false
            },
            Event::Reshuffled {
                cause: ReshuffleCause::GravesClosed,
                stack: 52
            },
            Event::ClueLost {
                seat: Seat(0),
                clues: CLUES - 1,
                cause: ClueCause::NoVictim
            }
        ]
    );
}

#[test]
fn event_reshuffled_when_the_stack_is_empty() {
    let mut s = table(2, EMPTY, &[], 0);
    let deck = std::mem::take(&mut s.stack);
    for (i, card) in deck.into_iter().enumerate() {
        s.graves[1 + i % 5].push(card);
    }
    // Graves 1–5 each end on a card that keeps them in a valid order.
    s.targets = 1;
    s.drawn = 0;
    s.phase = Phase::Draw { grave: 0 };
    let mut t = s.clone();
    let events = t.apply(Action::Draw).unwrap();
    assert_eq!(
        events[0],
        Event::Reshuffled {
            cause: ReshuffleCause::StackEmpty,
            stack: 52
        }
    );
    assert!(matches!(
        events[1],
        Event::Drawn {
            seat: Seat(0),
            grave: 0,
            ..
        }
    ));
}

#[test]
fn event_turn_ended_then_the_next_turn_began() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(4, graves, &[N3, N5], 3);
    s.arrested[0] = true;
    s.clues[0] = 0;
    let s = applied(&s, Action::Draw);
    assert_eq!(
        events_of(&s, Action::EndTurn),
        [
            Event::TurnEnded { seat: Seat(3) },
            Event::TurnBegan {
                seat: Seat(1),
                graves: vec![2]
            }
        ]
    );
}

#[test]
fn event_arrested_with_the_held_cards_returned_and_game_over() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(3, graves, &[N3, N5], 0);
    give(&mut s, 0, AS);
    give(&mut s, 0, JC);
    give(&mut s, 2, AH);
    s.clues[0] = 1;
    s.clues[2] = 0;
    let s = run(&s, &draws(2));
    assert_eq!(
        events_of(&s, Action::EndTurn),
        [
            Event::TurnEnded { seat: Seat(0) },
            Event::Arrested {
                seat: Seat(0),
                returned: vec![AS, JC]
            },
            Event::Arrested {
                seat: Seat(2),
                returned: vec![AH]
            },
            Event::GameOver {
                winners: vec![Seat(1)]
            }
        ]
    );
}

#[test]
fn event_game_over_shared_by_the_last_arrested() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(3, graves, &[N3], 0);
    give(&mut s, 0, AH);
    s.clues = [1, 1, 0, 0, 0, 0];
    let s = run(
        &s,
        &[
            Action::Draw,
            Action::Inform {
                grave: 0,
                tip: Tip::InformOn(Seat(1)),
            },
        ],
    );
    let events = events_of(&s, Action::EndTurn);
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winners: vec![Seat(0), Seat(1), Seat(2)]
        })
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Arrested { .. }))
            .count(),
        3
    );
}

// Events are public: redaction changes nothing; they travel through serde.
#[test]
fn events_are_public_and_serialisable() {
    let s = State::with_players(3, 12).unwrap();
    let events = s.clone().apply(Action::Draw).unwrap();
    for event in &events {
        for seat in Seat::all(3) {
            assert_eq!(&s.redact(event, seat), event);
        }
        let json = serde_json::to_string(event).unwrap();
        assert_eq!(&serde_json::from_str::<Event>(&json).unwrap(), event);
    }
}

// A refused action leaves the state untouched and yields no event, and
// `check` says the same; `check` accepts exactly the legal actions.
#[test]
fn check_agrees_with_legal_actions_and_apply() {
    let mut s = State::with_players(4, 40).unwrap();
    let mut rng = Pcg32::seed_from_u64(2);
    let mut buffer = Vec::new();
    while !s.is_over() {
        let legal = s.legal_actions();
        for action in s.action_space() {
            let mut copy = s.clone();
            match copy.apply(action) {
                Ok(_) => {
                    assert!(legal.contains(&action));
                    assert_eq!(s.check(&action), Ok(()));
                }
                Err(e) => {
                    assert!(!legal.contains(&action));
                    assert_eq!(s.check(&action), Err(e));
                    assert_eq!(copy, s);
                }
            }
        }
        let action = bot::simple_action(&s.view(s.current()), &mut rng, &mut buffer);
        s.apply(action).unwrap();
    }
}
