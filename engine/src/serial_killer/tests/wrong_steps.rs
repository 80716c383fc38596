//! Actions out of their step are refused and change nothing.

use super::*;

// Illegal actions of each step are refused and change nothing.
#[test]
fn wrong_step_actions_are_refused_unchanged() {
    let s = State::with_players(3, 21).unwrap();
    assert_eq!(refused(&s, Action::Hold), RuleError::MustDraw);
    assert_eq!(refused(&s, Action::EndTurn), RuleError::MustDraw);
    let mut s = table(2, EMPTY, &[N2; 0], 0);
    s.phase = Phase::Plays;
    s.drawn = 6;
    assert_eq!(refused(&s, Action::Hold), RuleError::NothingToHold);
    assert_eq!(refused(&s, Action::Draw), RuleError::NotDrawing);
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
        refused(&s, Action::Bury { grave: 0 }),
        RuleError::NoJackHeld
    );
    assert_eq!(s.legal_actions(), vec![Action::EndTurn]);
}
