//! The events: one test per kind; hints, saved games, `check` against `apply`.

use super::*;

// Every kind of event, each named by a test: the facts an action states, in
// the order they happened.

#[test]
fn event_activated_names_the_card_and_what_the_copycat_copies() {
    let state = pos(&[i(Tank), a(Copycat), a(Swordsman), a(Knight)], &DECK);
    let (_, events) = played(&state, Action::copy(Swordsman, Target::Card(Swordsman)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Copycat,
                copying: Some(Swordsman)
            },
            Event::Killed(Swordsman),
            Event::MadeInactive(Copycat),
            // Only the Knight is active, with no other active card to take.
            Event::Lost,
        ]
    );
}

#[test]
fn event_die_turned_and_shot_say_the_direction_the_pips_and_whom_it_hit() {
    // The die deck's top card (last) is the Tank: 2 pips.
    let state = State::from_parts(
        &[a(Grenadier), a(Knight), a(Medic), a(Sniper)],
        vec![Swordsman, Tank],
        Vec::new(),
        false,
        1,
    );
    let (next, events) = played(&state, act(Grenadier, Target::Random(Direction::Right)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Grenadier,
                copying: None
            },
            Event::DieTurned {
                direction: Direction::Right,
                card: Tank,
                pips: 2
            },
            Event::Shot {
                distance: 2,
                hit: Some(Medic)
            },
            Event::Killed(Medic),
            Event::MadeInactive(Grenadier),
        ]
    );
    assert_eq!(next.last_die(), Some(Tank));
    // Nothing at that distance: the shot hits nothing.
    let (_, events) = played(&state, act(Grenadier, Target::Random(Direction::Left)));
    assert_eq!(
        events[1..],
        [
            Event::DieTurned {
                direction: Direction::Left,
                card: Tank,
                pips: 2
            },
            Event::Shot {
                distance: 2,
                hit: None
            },
            Event::MadeInactive(Grenadier),
        ]
    );
}

#[test]
fn event_die_reshuffled_when_the_die_deck_runs_out() {
    let row = [a(Grenadier), i(Tank), i(Knight), a(Medic), a(Arsonist)];
    let state = State::from_parts(&row, vec![Hangman], vec![Sniper, Bugler], false, 3);
    let (next, events) = played(&state, act(Grenadier, Target::Random(Direction::Right)));
    assert_eq!(
        events[1..],
        [
            Event::DieTurned {
                direction: Direction::Right,
                card: Hangman,
                pips: 1
            },
            Event::DieReshuffled { cards: 3 },
            Event::Shot {
                distance: 1,
                hit: Some(Tank)
            },
            Event::Killed(Tank),
            Event::MadeInactive(Grenadier),
        ]
    );
    assert_eq!(next.die_deck_len(), 3);
}

#[test]
fn event_killed_in_the_order_of_the_dead_pile_and_lost() {
    let state = pos(&[a(Knight), a(MadBomber), a(Swordsman)], &DECK);
    let (next, events) = played(&state, act(MadBomber, Target::None));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: MadBomber,
                copying: None
            },
            Event::Killed(Knight),
            Event::Killed(MadBomber),
            Event::Killed(Swordsman),
            Event::Lost,
        ]
    );
    assert_eq!(killed(&state, &next), vec![Knight, MadBomber, Swordsman]);
}

#[test]
fn event_swapped_by_the_con_man() {
    let state = pos(&[a(ConMan), i(Tank), a(Knight), a(Sniper)], &DECK);
    let (next, events) = played(&state, act(ConMan, Target::pair(Knight, Tank)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: ConMan,
                copying: None
            },
            Event::Swapped(Tank, Knight),
            Event::MadeInactive(ConMan),
        ]
    );
    assert_eq!(
        names(&next),
        vec![
            (ConMan, false),
            (Knight, true),
            (Tank, false),
            (Sniper, true)
        ]
    );
}

#[test]
fn event_took_place_then_killed_for_the_knight() {
    let state = pos(&[a(Knight), a(Medic), i(Tank), a(Sniper)], &DECK);
    let (next, events) = played(&state, act(Knight, Target::Card(Sniper)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Knight,
                copying: None
            },
            Event::TookPlace {
                card: Knight,
                of: Sniper
            },
            Event::Killed(Sniper),
            Event::MadeInactive(Knight),
        ]
    );
    assert_eq!(
        names(&next),
        vec![(Medic, true), (Tank, false), (Knight, false)]
    );
}

#[test]
fn event_woke_for_the_medic_and_the_bugler_in_row_order() {
    let state = pos(&[a(Medic), i(Tank), a(Knight)], &DECK);
    let (_, events) = played(&state, act(Medic, Target::Card(Tank)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Medic,
                copying: None
            },
            Event::Woke(Tank),
            Event::MadeInactive(Medic),
        ]
    );
    let state = pos(&[a(Bugler), i(Knight), i(Tank)], &DECK);
    let (_, events) = played(&state, act(Bugler, Target::pair(Knight, Tank)));
    assert_eq!(
        events[1..],
        [
            Event::Woke(Knight),
            Event::Woke(Tank),
            Event::MadeInactive(Bugler)
        ]
    );
}

#[test]
fn event_air_strike_choice_then_its_two_kills() {
    let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
    let deck = deck_top(&row, 2);
    let top = *deck.last().unwrap();
    let state = pos(&row, &deck);
    let (next, events) = played(&state, act(AirStrike, Target::Random(Direction::Right)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: AirStrike,
                copying: None
            },
            Event::DieTurned {
                direction: Direction::Right,
                card: top,
                pips: 2
            },
            Event::Shot {
                distance: 2,
                hit: Some(Knight)
            },
            Event::AirStrikeChoice { target: Knight },
        ]
    );
    let (_, events) = played(&next, Action::AlsoKill(Medic));
    assert_eq!(
        events,
        vec![
            Event::Killed(Knight),
            Event::Killed(Medic),
            Event::MadeInactive(AirStrike),
            // The Sniper has no card 4 away; nothing else is active.
            Event::Lost,
        ]
    );
}

#[test]
fn event_poison_pending_then_poison_used() {
    let state = pos(&[a(Poisoner), a(Swordsman), a(Sniper), i(Tank)], &DECK);
    let (next, events) = played(&state, act(Poisoner, Target::None));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Poisoner,
                copying: None
            },
            Event::MadeInactive(Poisoner),
            Event::PoisonPending,
        ]
    );
    let (_, events) = played(&next, act(Swordsman, Target::Card(Sniper)));
    assert_eq!(
        events[1..],
        [
            Event::Killed(Sniper),
            Event::PoisonUsed {
                card: Swordsman,
                died: true
            },
            Event::Lost,
        ]
    );
    // A poisoned card that dies by its own effect: the poison is used up.
    let state = State::from_parts(
        &[a(Knight), a(MadBomber), a(Swordsman), i(Tank)],
        DECK.to_vec(),
        vec![],
        true,
        0,
    );
    let (next, events) = played(&state, act(MadBomber, Target::None));
    assert_eq!(
        events[1..],
        [
            Event::Killed(Knight),
            Event::Killed(MadBomber),
            Event::Killed(Swordsman),
            Event::PoisonUsed {
                card: MadBomber,
                died: false
            },
            Event::Won,
        ]
    );
    assert!(!next.poison_pending());
    // A second Poisoner effect while one is pending: no new poison.
    let state = State::from_parts(
        &[a(Copycat), a(Poisoner), a(Medic), i(Tank)],
        DECK.to_vec(),
        vec![],
        true,
        0,
    );
    let (_, events) = played(&state, Action::copy(Poisoner, Target::None));
    assert_eq!(
        events[1..],
        [Event::PoisonUsed {
            card: Copycat,
            died: true
        }]
    );
}

#[test]
fn event_undone_says_what_was_taken_back_and_who_lives_again() {
    let row = [
        a(Medic),
        i(Tank),
        a(Knight),
        a(Grenadier),
        a(Sniper),
        a(Hangman),
    ];
    let state = pos(&row, &deck_top(&row, 5));
    let one = applied(&state, act(Medic, Target::Card(Tank)));
    let two = applied(&one, act(Knight, Target::Card(Sniper)));
    let (back, events) = played(&two, Action::Undo);
    assert_eq!(
        events,
        vec![Event::Undone {
            action: act(Knight, Target::Card(Sniper)),
            revived: vec![Sniper]
        }]
    );
    assert!(back.assisted());
    let (_, events) = played(&back, Action::Undo);
    assert_eq!(
        events,
        vec![Event::Undone {
            action: act(Medic, Target::Card(Tank)),
            revived: vec![]
        }]
    );
}

#[test]
fn event_won_when_one_card_is_left() {
    let state = pos(&[a(Swordsman), a(Knight)], &DECK);
    let (next, events) = played(&state, act(Swordsman, Target::Card(Knight)));
    assert_eq!(
        events,
        vec![
            Event::Activated {
                card: Swordsman,
                copying: None
            },
            Event::Killed(Knight),
            Event::MadeInactive(Swordsman),
            Event::Won,
        ]
    );
    assert_eq!(next.status(), Status::Won);
}

// A hint is an action: legal while the game runs, it records that the game
// is assisted and changes nothing else; it is not a move of the game.
#[test]
fn event_hinted_makes_the_game_assisted_and_changes_nothing_else() {
    let state = State::new(3);
    assert!(!state.assisted());
    assert!(legal(&state, Action::Hint));
    let (next, events) = played(&state, Action::Hint);
    assert_eq!(events, vec![Event::Hinted]);
    assert!(next.assisted());
    let mut same = next.clone();
    same.assisted = false;
    assert_eq!(same, state);
    assert!(next.history().is_empty(), "a hint is not in the history");
    assert!(!Action::Hint.is_move() && !Action::Undo.is_move());
    // Also during an Air Strike's choice; not once the game is over.
    let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
    let choosing = applied(
        &pos(&row, &deck_top(&row, 2)),
        act(AirStrike, Target::Random(Direction::Right)),
    );
    assert!(legal(&choosing, Action::Hint));
    let won = applied(
        &pos(&[a(Swordsman), a(Knight)], &DECK),
        act(Swordsman, Target::Card(Knight)),
    );
    assert!(!legal(&won, Action::Hint));
    assert_eq!(refused(&won, Action::Hint), RuleError::GameOver);
}

// The solver, its advice and the random players never take a hint for a
// move.
#[test]
fn a_hint_is_no_move_for_the_solver_and_the_random_players() {
    let mut state = State::new(5);
    let mut solver = solver::Solver::new(&state);
    let mut rng = Pcg32::seed_from_u64(5);
    while !state.is_over() {
        assert_eq!(solver.action_value(&state, Action::Hint), Ok(None));
        let values = solver.action_values(&state).unwrap();
        assert!(values.iter().all(|(a, _)| a.is_move()));
        let moves: Vec<Action> = state
            .legal_actions()
            .into_iter()
            .filter(Action::is_move)
            .collect();
        assert_eq!(values.len(), moves.len());
        let best = solver.solve(&state).unwrap().best.expect("a move");
        assert!(best.is_move());
        let pick = sample::random_action(&state, &mut rng).expect("a move");
        assert!(pick.is_move());
        state.apply(Action::Hint).unwrap();
        state.apply(pick).unwrap();
    }
    assert!(state.history().iter().all(Action::is_move));
}

// A saved game (deal, moves, assisted flag) restores exactly.
#[test]
fn a_game_restores_from_its_deal_its_moves_and_its_assisted_flag() {
    let mut state = State::new(11);
    for _ in 0..3 {
        let first = state.legal_actions()[0];
        state.apply(first).unwrap();
    }
    state.apply(Action::Hint).unwrap();
    let restored = State::restore(11, state.history(), state.assisted()).unwrap();
    assert_eq!(restored, state);
    let plain = State::restore(11, state.history(), false).unwrap();
    assert!(!plain.assisted());
    let bad = [act(Hangman, Target::None)];
    assert!(State::restore(11, &bad, false).is_err());
}

// `check` is a dry run that agrees with `legal_actions` and with `apply`;
// a refused action leaves the state as it was.
#[test]
fn check_agrees_with_legal_actions_and_apply() {
    for seed in 0..30 {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        let space = state.action_space();
        while !state.is_over() {
            let legal = state.legal_actions();
            for action in &space {
                let checked = state.check(action);
                assert_eq!(checked.is_ok(), legal.contains(action), "{action:?}");
                let mut copy = state.clone();
                match copy.apply(*action) {
                    Ok(_) => assert_eq!(checked, Ok(())),
                    Err(e) => {
                        assert_eq!(checked, Err(e));
                        assert_eq!(copy, state, "refusing {action:?} changed the state");
                    }
                }
            }
            let pick = sample::random_action(&state, &mut rng).expect("a move");
            state.apply(pick).unwrap();
        }
    }
}
