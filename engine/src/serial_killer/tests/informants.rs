//! Aces: informing, discrediting; arrests, the turn order (rulings "Informant", "End of turn").

use super::*;

// Ruling "Draw phase" and "Informant": a drawn Ace may be used at once on a
// victim in any grave; its own grave is skipped.
#[test]
fn ace_drawn_may_inform_at_once_on_any_victim() {
    let graves: [&[Card]; GRAVES] = [&[], &[], &[N2, KS], &[], &[], &[]];
    let mut s = table(3, graves, &[AS, N3], 0);
    s.clues[0] = 4;
    let s = applied(&s, Action::Draw);
    assert_eq!(s.phase(), Phase::Drawn { card: AS, grave: 0 });
    let s = applied(
        &s,
        Action::Inform {
            grave: 2,
            tip: Tip::Discredit,
        },
    );
    assert_eq!(s.grave(2), &[N2, KS, AS]);
    assert!(s.grave(0).is_empty(), "the Ace's own grave is skipped");
    assert_eq!(s.clues(Seat(0)), 5);
    assert_eq!(s.phase(), Phase::Draw { grave: 1 });
}

// Ruling "Draw phase": a drawn Ace may be held face up instead.
#[test]
fn ace_drawn_may_be_held_and_its_grave_is_skipped() {
    let s = table(2, EMPTY, &[N2, AH, N3], 0);
    let s = run(
        &s,
        &[Action::Draw, Action::Draw, Action::Hold, Action::Draw],
    );
    assert_eq!(s.held(Seat(0)), vec![AH]);
    assert!(s.grave(1).is_empty());
    assert_eq!(s.grave(2), &[N3]);
}

// Ruling "Informant": without a victim lacking an informant, the Ace cannot
// be played; a corpse is no victim.
#[test]
fn informant_needs_a_victim_without_informant() {
    let graves: [&[Card]; GRAVES] = [&[JC], &[QH, AS], &[], &[], &[], &[]];
    let s = table(2, graves, &[AH], 0);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.legal_actions(), vec![Action::Hold]);
    for grave in [0, 1, 2] {
        assert_eq!(
            refused(
                &s,
                Action::Inform {
                    grave,
                    tip: Tip::InformOn(Seat(1))
                }
            ),
            RuleError::NoFreeVictim(grave)
        );
    }
    assert_eq!(
        refused(&s, Action::Bury { grave: 2 }),
        RuleError::NotAJack(AH)
    );
}

// Ruling "Informant": discrediting takes back one of the player's own clues,
// never above six.
#[test]
fn informant_discredit_takes_back_a_clue_never_above_six() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[], &[], &[], &[], &[]];
    let s = table(2, graves, &[AH], 0);
    let s = applied(&s, Action::Draw);
    let discredit = Action::Inform {
        grave: 0,
        tip: Tip::Discredit,
    };
    assert_eq!(refused(&s, discredit), RuleError::NoClueToTakeBack);
    let mut lower = s.clone();
    lower.clues[0] = 5;
    let after = applied(&lower, discredit);
    assert_eq!(after.clues(Seat(0)), 6);
    assert_eq!(after.police(Seat(0)), 0);
}

// Ruling "Informant": informing on another player costs them a clue; only
// another player at large with a clue can be informed on.
#[test]
fn informant_on_another_player_costs_them_a_clue() {
    let graves: [&[Card]; GRAVES] = [&[N2], &[KH], &[], &[], &[], &[]];
    let mut s = table(4, graves, &[AH], 0);
    s.arrested[3] = true;
    s.clues[3] = 0;
    s.clues[2] = 0;
    let s = applied(&s, Action::Draw);
    let on = |seat| Action::Inform {
        grave: 1,
        tip: Tip::InformOn(Seat(seat)),
    };
    for seat in [0, 2, 3, 4, 6] {
        assert_eq!(refused(&s, on(seat)), RuleError::CannotInformOn(Seat(seat)));
    }
    let after = applied(&s, on(1));
    assert_eq!(after.clues(Seat(1)), 5);
    assert_eq!(after.police(Seat(1)), 1);
    assert_eq!(after.grave(1), &[KH, AH]);
}

// Ruling "End of turn" (2): held Aces are played as informants after the
// clue penalty, so one can cancel it.
#[test]
fn end_of_turn_penalty_comes_before_held_plays() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[JC], &[JD], &[QH], &[N2]];
    let mut s = table(2, graves, &[N3], 0);
    give(&mut s, 0, AH);
    s.clues[0] = 1;
    assert_eq!(
        refused(
            &s,
            Action::Inform {
                grave: 0,
                tip: Tip::Discredit
            }
        ),
        RuleError::MustDraw
    );
    let s = applied(&s, Action::Draw);
    assert_eq!(s.clues(Seat(0)), 0, "the penalty first");
    assert_eq!(s.phase(), Phase::Plays);
    let s = applied(
        &s,
        Action::Inform {
            grave: 4,
            tip: Tip::Discredit,
        },
    );
    assert_eq!(s.clues(Seat(0)), 1);
    let s = applied(&s, Action::EndTurn);
    assert!(!s.is_arrested(Seat(0)), "the Ace saved the player");
    assert_eq!(s.current(), Seat(1));
}

// Ruling "End of turn" (3): every player with no clues is arrested; their
// held cards go back under the victim stack.
#[test]
fn end_of_turn_arrests_and_held_cards_go_under_the_stack() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(3, graves, &[N3, N5], 0);
    give(&mut s, 0, AS);
    give(&mut s, 0, JC);
    give(&mut s, 2, AH);
    s.clues[0] = 1;
    s.clues[2] = 0;
    let s = run(&s, &draws(2));
    let stack_before = s.stack_len();
    let s = applied(&s, Action::EndTurn);
    assert!(s.is_arrested(Seat(0)) && s.is_arrested(Seat(2)));
    assert!(s.held(Seat(0)).is_empty() && s.held(Seat(2)).is_empty());
    assert_eq!(s.stack_len(), stack_before + 3);
    assert_eq!(
        sorted(s.stack_known_bottom().to_vec()),
        sorted(vec![AS, JC, AH])
    );
    assert_eq!(sorted(s.stack[..3].to_vec()), sorted(vec![AS, JC, AH]));
    assert_eq!(
        s.status(),
        Status::Over {
            winners: vec![Seat(1)]
        }
    );
}

// Play proceeds clockwise, skipping arrested players.
#[test]
fn play_proceeds_clockwise_skipping_the_arrested() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(4, graves, &[N3, N5], 3);
    s.arrested[0] = true;
    s.clues[0] = 0;
    let s = run(&s, &[Action::Draw, Action::EndTurn]);
    assert_eq!(s.current(), Seat(1));
    assert_eq!(s.turns(), 1);
    let s = run(&s, &[Action::Draw, Action::EndTurn]);
    assert_eq!(s.current(), Seat(2));
}
