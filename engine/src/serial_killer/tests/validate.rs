//! `validate`: one test per kind of impossible table.

use super::*;

/// `state` is refused by `validate`, for the reason containing `why`.
fn invalid(state: &State, why: &str) {
    match state.validate() {
        Ok(()) => panic!("validate accepts a broken state ({why}): {state:?}"),
        Err(e) => assert!(e.contains(why), "expected {why:?}, got {e:?}"),
    }
}

/// Moves `card` from the stack onto `grave`.
fn onto(s: &mut State, grave: usize, card: Card) {
    s.stack.retain(|&c| c != card);
    s.graves[grave].push(card);
}

#[test]
fn validate_refuses_a_lost_card() {
    let mut s = mid_turn();
    s.stack.pop();
    invalid(&s, "52 cards");
}

#[test]
fn validate_refuses_a_card_twice() {
    let mut s = mid_turn();
    s.stack[0] = s.stack[1];
    invalid(&s, "52 cards");
    // A held card also in the stack.
    let mut s = mid_turn();
    s.stack[0] = JC;
    invalid(&s, "52 cards");
}

#[test]
fn validate_refuses_a_drawn_card_also_elsewhere() {
    let s = table(2, EMPTY, &[JH_, N2], 0);
    let mut s = applied(&s, Action::Draw);
    assert!(matches!(s.phase(), Phase::Drawn { card: JH_, .. }));
    let i = s.stack.iter().position(|&c| c == N2).unwrap();
    s.stack[i] = JH_;
    invalid(&s, "52 cards");
}

#[test]
fn validate_refuses_a_grave_in_an_impossible_order() {
    // A number on a victim.
    let mut s = mid_turn();
    onto(&mut s, 1, N7);
    invalid(&s, "impossible order");
    // An Ace on a corpse.
    let mut s = mid_turn();
    onto(&mut s, 4, AS);
    invalid(&s, "impossible order");
}

#[test]
fn validate_refuses_six_closed_graves() {
    let mut s = mid_turn();
    s.phase = Phase::Plays;
    s.drawn = 4;
    for (grave, card) in [(0, QH), (2, KH), (3, c(KING, Clubs)), (5, c(QUEEN, Clubs))] {
        onto(&mut s, grave, card);
    }
    invalid(&s, "all six graves are closed");
}

#[test]
fn validate_refuses_clues_out_of_range() {
    let mut s = mid_turn();
    s.clues[0] = CLUES + 1;
    invalid(&s, "clues or held cards");
}

#[test]
fn validate_refuses_an_arrested_player_with_clues_or_cards() {
    let mut s = mid_turn();
    s.arrested[2] = true;
    invalid(&s, "clues or held cards");
    let mut s = mid_turn();
    s.arrested[0] = true;
    s.clues[0] = 0;
    invalid(&s, "clues or held cards");
}

#[test]
fn validate_refuses_an_empty_seat_with_clues() {
    let mut s = mid_turn();
    s.clues[4] = 2;
    invalid(&s, "clues or held cards");
}

#[test]
fn validate_refuses_more_known_cards_under_the_stack_than_it_holds() {
    let mut s = mid_turn();
    s.known_bottom = s.stack.len() as u8 + 1;
    invalid(&s, "more known cards");
}

#[test]
fn validate_refuses_a_known_card_under_the_stack_that_was_never_held() {
    let mut s = mid_turn();
    s.stack.sort_by_key(|&c| c != N7);
    s.known_bottom = 1;
    invalid(&s, "never held");
}

#[test]
fn validate_refuses_a_seat_out_of_range() {
    let mut s = mid_turn();
    s.current = Seat(3);
    invalid(&s, "seat is out of range");
    let mut s = mid_turn();
    s.first = Seat(6);
    invalid(&s, "seat is out of range");
}

#[test]
fn validate_refuses_a_turn_without_graves_or_with_too_many_draws() {
    let mut s = mid_turn();
    s.targets = 0;
    invalid(&s, "draws do not match");
    let mut s = mid_turn();
    s.targets |= 1 << 6;
    invalid(&s, "draws do not match");
    let mut s = mid_turn();
    s.drawn = 5;
    invalid(&s, "draws do not match");
}

#[test]
fn validate_refuses_a_draw_for_the_wrong_grave() {
    let mut s = mid_turn();
    s.phase = Phase::Draw { grave: 5 };
    invalid(&s, "phase does not match");
}

#[test]
fn validate_refuses_a_drawn_card_that_cannot_wait() {
    let mut s = mid_turn();
    s.stack.retain(|&c| c != N7);
    s.drawn = 3;
    s.phase = Phase::Drawn { card: N7, grave: 3 };
    invalid(&s, "phase does not match");
}

#[test]
fn validate_refuses_the_plays_before_the_draws_are_done() {
    let mut s = mid_turn();
    s.phase = Phase::Plays;
    invalid(&s, "phase does not match");
}

#[test]
fn validate_refuses_a_closed_grave_still_to_be_drawn_for() {
    let mut s = mid_turn();
    onto(&mut s, 5, QH);
    invalid(&s, "still to be drawn for");
}

#[test]
fn validate_refuses_a_game_running_with_one_player_at_large() {
    let mut s = mid_turn();
    for seat in [0, 2] {
        s.arrested[seat] = true;
        s.clues[seat] = 0;
    }
    let jack = std::mem::take(&mut s.held[0]);
    s.stack.extend(cards_of(jack));
    invalid(&s, "should be over");
}

#[test]
fn validate_refuses_an_arrested_player_to_act() {
    let mut s = mid_turn();
    s.arrested[1] = true;
    s.clues[1] = 0;
    invalid(&s, "should be over");
}

#[test]
fn validate_refuses_a_game_over_without_its_winners() {
    let mut s = mid_turn();
    s.phase = Phase::Over;
    invalid(&s, "without its winners");
    // Two players still at large.
    s.winners = vec![Seat(1)];
    s.arrested[2] = true;
    s.clues[2] = 0;
    invalid(&s, "without its winners");
    // One left at large, but another named the winner.
    s.arrested[0] = true;
    s.clues[0] = 0;
    let jack = std::mem::take(&mut s.held[0]);
    s.stack.extend(cards_of(jack));
    s.winners = vec![Seat(0)];
    invalid(&s, "without its winners");
    s.winners = vec![Seat(1)];
    assert_eq!(s.validate(), Ok(()));
}

#[test]
fn validate_refuses_a_table_of_the_wrong_size() {
    let mut s = mid_turn();
    s.kinds.truncate(1);
    invalid(&s, "number of players");
}
