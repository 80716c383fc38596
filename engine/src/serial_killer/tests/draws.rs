//! Open and closed graves; the draw phase: victims, the clue penalty ("Graves", "Draw phase").

use super::*;

// Ruling "Graves": closed when a victim (perhaps under an informant) or a
// corpse is on top; open when empty or a number is on top.
#[test]
fn ruling_graves_open_and_closed() {
    assert!(grave_is_open(&[]));
    assert!(grave_is_open(&[N2, N3]));
    assert!(!grave_is_open(&[N2, KS]));
    assert!(!grave_is_open(&[QH, AS]));
    assert!(!grave_is_open(&[N2, JC]));
    assert!(grave_has_free_victim(&[N2, KS]));
    assert!(!grave_has_free_victim(&[KS, AS]));
    assert!(!grave_has_free_victim(&[JC]));
}

// ------------------------------------------------------------- draws ----

// Ruling "Draw phase": the n-th card goes to the n-th grave open at the
// start of the turn, left to right.
#[test]
fn draw_phase_nth_card_goes_to_nth_open_grave() {
    let graves: [&[Card]; GRAVES] = [&[], &[KS], &[N2], &[], &[JC], &[]];
    let s = table(3, graves, &[N3, N4, N5, N6], 0);
    assert_eq!(s.turn_targets(), vec![0, 2, 3, 5]);
    let s = run(&s, &draws(4));
    assert_eq!(s.grave(0), &[N3]);
    assert_eq!(s.grave(2), &[N2, N4]);
    assert_eq!(s.grave(3), &[N5]);
    assert_eq!(s.grave(5), &[N6]);
    assert_eq!(s.grave(1), &[KS]);
    assert_eq!(s.grave(4), &[JC]);
}

// Subsequent players draw only as many cards as there are open graves.
#[test]
fn draw_phase_one_card_per_open_grave() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[QH], &[N2], &[JC], &[KH], &[]];
    let s = table(2, graves, &[N3, N4, N5], 0);
    let s = run(&s, &draws(2));
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(s.drawn_this_turn(), 2);
    assert_eq!(refused(&s, Action::Draw), RuleError::NotDrawing);
}

// Number card: placed, the grave stays open.
#[test]
fn number_card_placed_grave_stays_open() {
    let s = table(2, EMPTY, &[N7], 0);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.grave(0), &[N7]);
    assert!(s.is_open(0));
    assert_eq!(s.phase(), Phase::Draw { grave: 1 });
}

// King or Queen: placed, the grave closes, the player has killed.
#[test]
fn victim_closes_its_grave_and_is_a_kill() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[], &[N2]];
    let s = table(2, graves, &[QH, N3], 0);
    let s = run(&s, &draws(2));
    assert_eq!(s.grave(4), &[QH]);
    assert!(!s.is_open(4));
    assert!(s.killed_this_turn());
    assert_eq!(s.clues(Seat(0)), CLUES, "a kill: no clue lost");
}

// Ruling "End of turn" (1): no victim drawn this turn costs a clue.
#[test]
fn end_of_turn_no_victim_costs_a_clue() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[QH], &[N2]];
    let s = table(3, graves, &[N3], 1);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(s.clues(Seat(1)), CLUES - 1);
    assert_eq!(s.police(Seat(1)), 1);
    assert_eq!(s.clues(Seat(0)), CLUES);
}
