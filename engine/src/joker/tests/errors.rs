//! The errors: each illegal action refused, the state unchanged.

use super::*;

// Probing or shooting a face-up card: `FaceUp`.
#[test]
fn illegal_probe_or_shoot_face_up_card_is_refused_unchanged() {
    let s = applied(&table(3, Cell(24)), Action::Shoot(Cell(2)));
    assert_eq!(
        refused(&s, Action::Probe(Cell(2))),
        RuleError::FaceUp(Cell(2))
    );
    assert_eq!(
        refused(&s, Action::Shoot(Cell(2))),
        RuleError::FaceUp(Cell(2))
    );
}

// Shooting while locked: `Locked`.
#[test]
fn illegal_shoot_while_locked_is_refused_unchanged() {
    let s = applied(&table(2, Cell(24)), Action::Shoot(Cell(2)));
    assert_eq!(
        refused(&s, Action::Shoot(Cell(24))),
        RuleError::Locked(Seat(1), Lock::NextTurn)
    );
}

// An answer outside the allowed range: `AnswerOutOfRange`.
#[test]
fn illegal_answer_out_of_range_is_refused_unchanged() {
    let mut s = applied(&table(3, Cell(0)), Action::Probe(Cell(24)));
    s.phase = Phase::Answer {
        cell: Cell(24),
        roll: 1,
    };
    for answer in [0, 6, 10, MAX_ANSWER, MAX_ANSWER + 1, 255] {
        assert_eq!(
            refused(&s, Action::Answer(answer)),
            RuleError::AnswerOutOfRange(answer)
        );
    }
}

// An answer with no probe pending: `NothingToAnswer`.
#[test]
fn illegal_answer_with_nothing_pending_is_refused_unchanged() {
    let s = table(3, Cell(0));
    assert_eq!(refused(&s, Action::Answer(3)), RuleError::NothingToAnswer);
    let s = probe(&s, Cell(4));
    assert_eq!(refused(&s, Action::Answer(4)), RuleError::NothingToAnswer);
}

// Probing or shooting while an answer is pending: `MustAnswer`.
#[test]
fn illegal_turn_action_while_an_answer_is_pending_is_refused_unchanged() {
    let s = applied(&table(3, Cell(0)), Action::Probe(Cell(4)));
    assert_eq!(refused(&s, Action::Probe(Cell(5))), RuleError::MustAnswer);
    assert_eq!(refused(&s, Action::Shoot(Cell(0))), RuleError::MustAnswer);
}

// A cell off the grid: `NoSuchCell`.
#[test]
fn illegal_cell_off_the_grid_is_refused_unchanged() {
    let s = table(3, Cell(0));
    for cell in [Cell(25), Cell(255), Cell::new(0, 5)] {
        assert_eq!(
            refused(&s, Action::Probe(cell)),
            RuleError::NoSuchCell(cell)
        );
        assert_eq!(
            refused(&s, Action::Shoot(cell)),
            RuleError::NoSuchCell(cell)
        );
    }
}

// Anything after the game is over: `GameOver`.
#[test]
fn illegal_act_after_game_over_is_refused_unchanged() {
    let s = finish_round(&finish_round(&table(2, Cell(0))));
    assert!(s.is_over());
    for action in [
        Action::Probe(Cell(1)),
        Action::Shoot(Cell(1)),
        Action::Answer(0),
    ] {
        assert_eq!(refused(&s, action), RuleError::GameOver);
    }
}
