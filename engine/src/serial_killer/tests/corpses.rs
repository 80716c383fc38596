//! Jacks: corpses buried at once or held to the turn's end (rulings "Draw phase", "End of turn").

use super::*;

// Ruling "Draw phase": a drawn Jack may be placed: its grave closes.
#[test]
fn jack_drawn_may_be_buried_closing_its_grave() {
    let s = table(2, EMPTY, &[N2, JC], 0);
    let s = run(&s, &[Action::Draw, Action::Draw]);
    assert_eq!(s.phase(), Phase::Drawn { card: JC, grave: 1 });
    let s = applied(&s, Action::Bury { grave: 1 });
    assert_eq!(s.grave(1), &[JC]);
    assert!(!s.is_open(1));
    assert_eq!(s.phase(), Phase::Draw { grave: 2 });
}

// Ruling "Draw phase": a drawn Jack may be held face up; its grave is
// skipped this turn.
#[test]
fn jack_drawn_may_be_held_and_its_grave_is_skipped() {
    let s = table(2, EMPTY, &[JC, N2], 0);
    let s = run(&s, &[Action::Draw, Action::Hold]);
    assert_eq!(s.held(Seat(0)), vec![JC]);
    assert!(s.grave(0).is_empty() && s.is_open(0));
    assert_eq!(s.phase(), Phase::Draw { grave: 1 });
    let s = applied(&s, Action::Draw);
    assert_eq!(s.grave(1), &[N2], "the next card goes to the next grave");
    // Everyone sees held cards.
    assert_eq!(s.view(Seat(1)).held(Seat(0)), vec![JC]);
}

// A drawn Jack goes only into the grave it was drawn for.
#[test]
fn drawn_jack_only_into_its_own_grave() {
    let s = table(2, EMPTY, &[JC], 0);
    let s = applied(&s, Action::Draw);
    assert_eq!(
        refused(&s, Action::Bury { grave: 3 }),
        RuleError::NotItsGrave { card: JC, grave: 3 }
    );
    assert_eq!(refused(&s, Action::Draw), RuleError::DecideDrawnCard(JC));
    assert_eq!(refused(&s, Action::EndTurn), RuleError::DecideDrawnCard(JC));
    assert_eq!(
        refused(
            &s,
            Action::Inform {
                grave: 0,
                tip: Tip::Discredit
            }
        ),
        RuleError::NotAnAce(JC)
    );
    assert_eq!(
        s.legal_actions(),
        vec![Action::Hold, Action::Bury { grave: 0 }]
    );
}

// A corpse does not satisfy the urge to kill: the clue is still lost.
#[test]
fn corpse_does_not_prevent_the_clue_penalty() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[QH], &[JD], &[], &[N2]];
    let s = table(2, graves, &[JC, N3], 0);
    let s = run(&s, &[Action::Draw, Action::Bury { grave: 4 }, Action::Draw]);
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(s.clues(Seat(0)), CLUES - 1);
}

// Ruling "End of turn" (2): held Jacks go into open graves, only after the
// draw phase, from this turn or earlier ones.
#[test]
fn end_of_turn_held_jacks_into_open_graves() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(3, graves, &[N3, N5], 0);
    give(&mut s, 0, JC);
    assert_eq!(refused(&s, Action::Bury { grave: 2 }), RuleError::MustDraw);
    let s = run(&s, &draws(2));
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(
        refused(&s, Action::Bury { grave: 0 }),
        RuleError::GraveClosed(0)
    );
    assert_eq!(
        refused(
            &s,
            Action::Inform {
                grave: 0,
                tip: Tip::Discredit
            }
        ),
        RuleError::NoAceHeld
    );
    assert_eq!(
        refused(&s, Action::Bury { grave: 6 }),
        RuleError::NoSuchGrave(6)
    );
    let legal = s.legal_actions();
    assert!(legal.contains(&Action::Bury { grave: 2 }));
    assert!(legal.contains(&Action::Bury { grave: 5 }));
    assert!(legal.contains(&Action::EndTurn));
    let s = applied(&s, Action::Bury { grave: 5 });
    assert_eq!(s.grave(5), &[N2, N5, JC]);
    assert!(s.held(Seat(0)).is_empty());
    assert_eq!(s.phase(), Phase::Plays, "more plays or the end of turn");
}

// A held corpse or informant is played only by the player holding it, at
// the end of their own turn.
#[test]
fn held_cards_are_played_only_by_their_holder() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(2, graves, &[N3, N5, N6, N7], 0);
    give(&mut s, 1, JC);
    give(&mut s, 1, AH);
    let s = run(&s, &draws(2));
    assert_eq!(s.phase(), Phase::Plays);
    assert_eq!(
        refused(&s, Action::Bury { grave: 2 }),
        RuleError::NoJackHeld
    );
    assert_eq!(
        refused(
            &s,
            Action::Inform {
                grave: 0,
                tip: Tip::Discredit
            }
        ),
        RuleError::NoAceHeld
    );
    assert_eq!(s.legal_actions(), vec![Action::EndTurn]);
    // On their own turn, after the draws, they may.
    let s = run(&s, &[Action::EndTurn]);
    assert_eq!(s.current(), Seat(1));
    let s = run(&s, &draws(2));
    assert!(s.legal_actions().contains(&Action::Bury { grave: 2 }));
}
