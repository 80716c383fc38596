//! The winner or winners (ruling "Win").

use super::*;

// Ruling "Win": the last player with clues wins.
#[test]
fn win_the_last_player_with_clues() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(2, graves, &[N3], 0);
    s.clues[0] = 1;
    let s = run(&s, &[Action::Draw, Action::EndTurn]);
    assert!(s.is_over());
    assert_eq!(
        s.status(),
        Status::Over {
            winners: vec![Seat(1)]
        }
    );
    assert_eq!(s.winners(), [Seat(1)]);
    assert!(s.legal_actions().is_empty());
    assert_eq!(refused(&s, Action::Draw), RuleError::GameOver);
    assert_eq!(refused(&s, Action::EndTurn), RuleError::GameOver);
    assert_eq!(refused(&s, Action::Hold), RuleError::GameOver);
}

// Ruling "Win": the last players arrested at the same moment share the win.
#[test]
fn win_shared_when_the_last_players_are_arrested_together() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(3, graves, &[N3], 0);
    give(&mut s, 0, AH);
    s.clues = [1, 1, 0, 0, 0, 0];
    let s = applied(&s, Action::Draw);
    assert_eq!(s.clues(Seat(0)), 0);
    let s = applied(
        &s,
        Action::Inform {
            grave: 0,
            tip: Tip::InformOn(Seat(1)),
        },
    );
    let s = applied(&s, Action::EndTurn);
    assert_eq!(
        s.status(),
        Status::Over {
            winners: vec![Seat(0), Seat(1), Seat(2)]
        }
    );
}
