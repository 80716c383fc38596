//! The reshuffle of graves and stack (ruling "Reshuffle").

use super::*;

// Ruling "Reshuffle": the moment all six graves are closed, graves and stack
// become a new stack; held cards stay held; the turn continues.
#[test]
fn reshuffle_the_moment_all_six_graves_close_and_the_turn_continues() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH, AS], &[N4], &[JD], &[QH], &[N2, N3]];
    let mut s = table(3, graves, &[c(QUEEN, Clubs), c(KING, Clubs)], 1);
    give(&mut s, 1, JC);
    give(&mut s, 2, AH);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.reshuffles(), 0);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.reshuffles(), 1);
    assert!(s.graves().iter().all(|g| g.is_empty()));
    assert_eq!(s.stack_len(), 52 - 2);
    assert_eq!(s.held(Seat(1)), vec![JC]);
    assert_eq!(s.held(Seat(2)), vec![AH]);
    // The turn goes on: the player killed, and may bury the held Jack.
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(s.clues(Seat(1)), CLUES);
    assert_eq!(s.current(), Seat(1));
    let s = applied(&s, Action::Bury { grave: 3 });
    assert_eq!(s.grave(3), &[JC]);
}

// Ruling "Reshuffle": a held Jack closing the last open grave reshuffles too.
#[test]
fn reshuffle_when_a_held_jack_closes_the_last_grave() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[c(QUEEN, Clubs)]];
    let mut s = table(2, graves, &[N5], 0);
    give(&mut s, 0, JC);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.grave(2), &[N4, N5]);
    let s = applied(&s, Action::Bury { grave: 2 });
    assert_eq!(s.reshuffles(), 1);
    assert_eq!(s.stack_len(), 52);
    assert_eq!(s.open_graves(), 6);
}

// Ruling "Reshuffle": an empty stack when a card must be drawn takes the
// grave cards back, shuffled.
#[test]
fn reshuffle_when_the_stack_is_empty() {
    let mut s = table(2, EMPTY, &[], 0);
    // Every card into graves 1–5 (their order does not matter here), the
    // stack empty, grave 0 the next to draw for.
    let deck = std::mem::take(&mut s.stack);
    for (i, card) in deck.into_iter().enumerate() {
        s.graves[1 + i % 5].push(card);
    }
    s.targets = 1;
    s.drawn = 0;
    s.phase = Phase::Draw { grave: 0 };
    let mut t = s.clone();
    t.apply(Action::Draw).unwrap();
    assert_eq!(t.reshuffles(), 1);
    assert!((1..GRAVES).all(|g| t.grave(g).is_empty()));
    assert_eq!(t.stack_len(), 51);
    assert_eq!(sorted(t.all_pieces()), sorted_deck());
}
