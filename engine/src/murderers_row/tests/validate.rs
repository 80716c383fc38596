//! `validate`: one test per kind of damage to a save.

use super::*;

/// A state from a real game with a few activations, one of them undoable.
fn mid_game() -> State {
    let mut state = State::new(21);
    let mut rng = Pcg32::seed_from_u64(21);
    while state.activations() < 3 {
        let pick = sample::random_action(&state, &mut rng).expect("a move");
        state.apply(pick).unwrap();
    }
    // One more that turns no die card.
    let quiet = state
        .legal_moves()
        .into_iter()
        .find(|m| !matches!(m.target, Target::Random(_)))
        .expect("a move without the die");
    state.apply(quiet.action()).unwrap();
    assert!(state.can_undo());
    assert_eq!(state.validate(), Ok(()));
    state
}

/// `validate` refuses `state` saying `why`; and no action on it panics.
fn refuses(state: &State, why: &str) {
    match state.validate() {
        Ok(()) => panic!("validate accepts {state:?}"),
        Err(e) => assert!(e.contains(why), "{e}"),
    }
    let _ = state.legal_actions();
    for action in state.action_space() {
        let _ = state.check(&action);
        let _ = state.clone().apply(action);
    }
}

#[test]
fn validate_refuses_a_malformed_row() {
    let mut bad = mid_game();
    let n = bad.row.len();
    bad.row.cells[n] = 3;
    refuses(&bad, "the row is malformed");
    let mut bad = mid_game();
    bad.row.cells[0] = 0x1f | ACTIVE;
    refuses(&bad, "the row is malformed");
    let mut bad = mid_game();
    bad.row.len = 40;
    refuses(&bad, "the row is malformed");
}

#[test]
fn validate_refuses_cards_lost_or_duplicated() {
    let mut bad = mid_game();
    bad.dead.push(bad.row.card(0));
    refuses(&bad, "the 18 cards once each");
    let mut bad = mid_game();
    bad.die_deck.pop();
    refuses(&bad, "the 18 cards once each");
}

#[test]
fn validate_refuses_an_empty_die_deck() {
    let mut bad = mid_game();
    let deck = std::mem::take(&mut bad.die_deck);
    bad.die_discard.extend(deck);
    bad.last_die = None;
    refuses(&bad, "the die deck is empty");
}

#[test]
fn validate_refuses_a_phase_that_does_not_match_the_row() {
    let mut bad = mid_game();
    bad.phase = Phase::Won;
    refuses(&bad, "the phase does not match the row");
    let mut bad = pos(&[a(Swordsman), i(Knight)], &DECK);
    bad.phase = Phase::Activate;
    refuses(&bad, "the phase does not match the row");
}

#[test]
fn validate_refuses_an_air_strike_choice_the_row_does_not_allow() {
    let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
    let choosing = applied(
        &pos(&row, &deck_top(&row, 2)),
        act(AirStrike, Target::Random(Direction::Right)),
    );
    assert_eq!(choosing.validate(), Ok(()));
    let mut bad = choosing.clone();
    bad.phase = Phase::AirStrike {
        actor: AirStrike,
        target: Sniper,
    };
    refuses(&bad, "the Air Strike's choice does not match the row");
    // A choice with no Air Strike activation before it.
    let mut bad = pos(&row, &deck_top(&row, 2));
    bad.phase = Phase::AirStrike {
        actor: AirStrike,
        target: Knight,
    };
    refuses(&bad, "the Air Strike's choice follows no Air Strike");
    let mut bad = choosing.clone();
    bad.phase = Phase::AirStrike {
        actor: Sniper,
        target: Knight,
    };
    refuses(&bad, "the Air Strike's choice follows no Air Strike");
}

#[test]
fn validate_refuses_a_last_die_card_that_is_not_where_it_went() {
    let mut state = State::new(8);
    let shot = state
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m.target, Target::Random(_)))
        .expect("a random shot among the first moves");
    state.apply(shot.action()).unwrap();
    assert_eq!(state.validate(), Ok(()));
    let mut bad = state.clone();
    bad.last_die = bad.die_deck.first().copied();
    refuses(&bad, "the last die card is not where it went");
}

#[test]
fn validate_refuses_activations_that_do_not_match_the_history() {
    let mut bad = mid_game();
    bad.activations += 1;
    refuses(&bad, "the activations do not match the history");
    let mut bad = mid_game();
    bad.history.insert(0, Action::Hint);
    refuses(&bad, "the activations do not match the history");
}

#[test]
fn validate_refuses_an_undo_record_that_does_not_match_the_history() {
    let mut bad = mid_game();
    bad.undo.clear();
    refuses(&bad, "the undo record does not match the history");
    let mut bad = mid_game();
    let extra = bad.undo[0];
    bad.undo.push(extra);
    refuses(&bad, "the undo record does not match the history");
}

#[test]
fn validate_refuses_an_undo_position_of_other_cards() {
    let mut bad = mid_game();
    let last = bad.undo.len() - 1;
    bad.undo[last].dead = bad.dead.len() as u8 + 1;
    refuses(&bad, "the undo record does not match the game");
    // A die card in the row to go back to.
    let mut bad = mid_game();
    let die = bad.die_deck[0];
    let mut slots: Vec<Slot> = bad.undo[last].row.slots().collect();
    slots[0].card = die;
    bad.undo[last].row = Row::new(&slots);
    refuses(&bad, "the undo record does not match the game");
    let mut bad = mid_game();
    bad.undo[last].row.cells[MAX_ROW - 1] = 1;
    refuses(&bad, "the undo record does not match the game");
}
