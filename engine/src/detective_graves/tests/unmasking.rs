//! The unmasking: the reveal, the accusation, the second case and the game's winner.

use super::*;

// "Each piece of Evidence collected by a Player is worth 2 points"; "the
// Mastermind Player has the opportunity to 'reveal prematurely' ... the
// Detective Player scores 2 points."
#[test]
fn rule_reveal_gives_the_detective_two() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    let s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.actor()), (Phase::Unmask, M));
    let s = applied(&s, Action::Reveal);
    let r = s.results()[0];
    assert!(r.revealed && r.accused.is_none() && !r.correct());
    assert_eq!(r.evidence, [0, 1]);
    assert_eq!(r.evidence_points, [0, 2]);
    assert_eq!(r.unmasking_points, [2, 0]);
    assert_eq!((s.points(Seat(0)), s.points(Seat(1))), (2, 2));
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::Unmasked {
            revealed: true,
            accused: None,
            ..
        }
    )));
}

// "if The Detective Player was correct then he/she scores 3 points; if the
// deduction was wrong then the Mastermind Player scores 1 point."
#[test]
fn rule_accusation_right_three_wrong_one() {
    let s = skip_to_unmasking(&table(&[Location::Station]));
    let s = applied(&s, Action::StayHidden);
    assert_eq!((s.phase(), s.actor()), (Phase::Accuse, D));
    let identity = s.identity();
    let right = applied(&s, Action::Accuse(identity));
    assert_eq!(right.results()[0].unmasking_points, [3, 0]);
    assert_eq!(right.points(Seat(0)), 3);
    assert_eq!(right.correct_deductions(Seat(0)), 1);
    let other = Identity::ALL.into_iter().find(|&i| i != identity).unwrap();
    let wrong = applied(&s, Action::Accuse(other));
    assert_eq!(wrong.results()[0].unmasking_points, [0, 1]);
    assert_eq!(wrong.points(Seat(1)), 1);
}

// Ruling: the Detective may name any identity, even one their evidence
// clears.
#[test]
fn ruling_any_identity_may_be_accused() {
    let mut s = table(&[Location::Station]);
    let e = s.evidence_in(EvidenceAt::Location(0))[0];
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    assert_eq!(s.evidence_at(e), EvidenceAt::Won(D));
    assert_eq!(s.legal_actions().len(), 5);
    applied(&s, Action::Accuse(e.cleared[0]));
}

// "a second Case is played using the same Locations as the first Case in
// the same order, but with the Mastermind and Detective Players swapping
// roles", fresh identity and evidence.
#[test]
fn rule_second_case_swaps_roles_on_the_same_locations() {
    let s = game(Variant::default(), 11);
    let row = s.row();
    let s = skip_to_unmasking(&s);
    let s = applied(&s, Action::Reveal);
    assert_eq!(s.case(), 1);
    assert_eq!(s.row(), row);
    assert_eq!(s.role_of(Seat(1)), D);
    assert_eq!(s.seat_of(M), Seat(0));
    assert_eq!((s.phase(), s.to_act()), (Phase::Mulligan, Some(Seat(1))));
    for (i, location) in row.iter().enumerate() {
        assert_eq!(s.tokens(i), location.time());
        assert_eq!(s.outcome(i), Outcome::Open);
    }
    assert_eq!(s.evidence_in(EvidenceAt::Box).len(), 4);
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::CaseStarted {
            case: 1,
            detective: Seat(1),
            ..
        }
    )));
    let s = skip_to_unmasking(&s);
    let s = applied(&s, Action::Reveal);
    assert!(s.is_over());
    assert_eq!(s.results().len(), 2);
}

// "At the end of the second Case, the Player with the highest score wins.
// If the scores are tied, then the Player who had Detective Graves
// correctly deduce ... wins, if both players achieved this then the game is
// a draw"; ruling: neither is a draw too.
#[test]
fn rule_end_highest_total_then_correct_deductions() {
    let s = game(Variant::default(), 5);
    let identity_0 = s.identity();
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    // Case 1: seat 0 the Detective names the Mastermind: 3 points.
    let s = applied(&s, Action::Accuse(identity_0));
    let identity_1 = s.identity();
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    let wrong = Identity::ALL
        .into_iter()
        .find(|&i| i != identity_1)
        .unwrap();
    // Seat 1 right too: 3 each, both deduced: a draw.
    let both = applied(&s, Action::Accuse(identity_1));
    assert_eq!(
        both.status(),
        Status::Over {
            winners: vec![Seat(0), Seat(1)]
        }
    );
    // Seat 1 wrong: seat 0 scores 1 more as Mastermind, 4 to 0.
    let one = applied(&s, Action::Accuse(wrong));
    assert_eq!((one.points(Seat(0)), one.points(Seat(1))), (4, 0));
    assert_eq!(one.winners(), [Seat(0)]);
    // Equal points: the one correct deduction wins.
    let mut tied = one.clone();
    tied.results[1].evidence_points = [4, 0];
    assert_eq!(tied.points(Seat(0)), tied.points(Seat(1)));
    assert_eq!(tied.compute_winners(), [Seat(0)]);
    // Equal points and neither deduced: a draw.
    let wrong_0 = Identity::ALL
        .into_iter()
        .find(|&i| i != identity_0)
        .unwrap();
    tied.results[0].accused = Some(wrong_0);
    assert_eq!(tied.correct_deductions(Seat(0)), 0);
    assert_eq!(tied.compute_winners(), [Seat(0), Seat(1)]);
}

// Ruling: a premature reveal is not a correct deduction.
#[test]
fn ruling_a_reveal_is_no_deduction() {
    let s = skip_to_unmasking(&game(Variant::default(), 2));
    let s = applied(&s, Action::Reveal);
    assert_eq!(s.correct_deductions(Seat(0)), 0);
}
