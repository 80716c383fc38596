//! The variants: The Mastermind Knows All, The Single Case, The Long Haul, Life Is Pain.

use super::*;

// The Mastermind Knows All: "the Mastermind Player is allowed to peek at
// each location's evidence card at any time ... may not deliberately Reveal".
#[test]
fn variant_the_mastermind_knows_all() {
    let variant = Variant {
        knows_all: true,
        ..Variant::default()
    };
    let s = game(variant, 4);
    let mm = s.view(Seat(1));
    let det = s.view(Seat(0));
    for i in 0..ROW {
        assert_eq!(
            mm.evidence_on(i),
            Some(s.evidence_in(EvidenceAt::Location(i as u8))[0])
        );
        assert_eq!(det.evidence_on(i), None);
    }
    // The evidence the Detective wins stays known to the Mastermind.
    let mut s = played(&s, &[Action::KeepHand, Action::KeepHand]);
    let e = s.evidence_in(EvidenceAt::Location(0))[0];
    let card = plain(&s, D);
    set_hand(&mut s, D, &[card]);
    let s = played(&s, &[Action::Place(card), Action::EndPlay, Action::Pass]);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.evidence_at(e), EvidenceAt::Won(D));
    let seen = |seat: Seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|ev| match ev {
                Event::Resolved { evidence, .. } => Some(evidence),
                _ => None,
            })
    };
    assert_eq!(seen(Seat(1)), Some(Some(e)));
    assert_eq!(seen(Seat(0)), Some(Some(e)));
    assert_eq!(s.view(Seat(1)).evidence_known(D), [e]);
    assert_eq!(s.view(Seat(0)).evidence_known(D), [e]);
    assert_eq!(s.view(Seat(1)).evidence_won(), []);
    let s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.actor()), (Phase::Accuse, D), "no reveal");
    assert_eq!(
        refused(&s, Action::Reveal),
        RuleError::NotNow(Phase::Accuse)
    );
    // Without the variant, the Mastermind sees no location's evidence.
    let plain = game(Variant::default(), 4);
    assert!((0..ROW).all(|i| plain.view(Seat(1)).evidence_on(i).is_none()));
    // Nor the evidence the Detective won.
    let mut plain = played(&plain, &[Action::KeepHand, Action::KeepHand]);
    set_pile(&mut plain, 0, D, &[d(Shoeprint, 9)]);
    let plain = played(&plain, &[Action::Pass, Action::Pass]);
    assert_eq!(plain.view(Seat(0)).evidence_known(D).len(), 1);
    assert!(plain.view(Seat(1)).evidence_known(D).is_empty());
}

// The Single Case: "Evidence is worth 3 points each. The Mastermind may not
// reveal intentionally. The deduction is worth 4 points ... if correct and
// 4 points to the Mastermind if incorrect."
#[test]
fn variant_the_single_case() {
    let variant = Variant {
        length: Length::SingleCase,
        ..Variant::default()
    };
    assert_eq!(variant.cases(), 1);
    let mut s = played(&game(variant, 9), &[Action::KeepHand, Action::KeepHand]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = skip_to_unmasking(&s);
    assert_eq!(s.phase(), Phase::Accuse);
    let identity = s.identity();
    let right = applied(&s, Action::Accuse(identity));
    assert!(right.is_over());
    assert_eq!(right.results()[0].evidence_points, [3, 0]);
    assert_eq!(right.points(Seat(0)), 3 + 4);
    let wrong = Identity::ALL.into_iter().find(|&i| i != identity).unwrap();
    let wrong = applied(&s, Action::Accuse(wrong));
    assert_eq!(wrong.points(Seat(1)), 4);
    assert_eq!(wrong.winners(), [Seat(1)]);
}

// The Long Haul: "multiple cases ... the locations should be shuffled and
// randomised after each pair of cases".
#[test]
fn variant_the_long_haul() {
    let variant = Variant {
        length: Length::CasePairs(2),
        ..Variant::default()
    };
    assert_eq!(variant.cases(), 4);
    let mut reshuffled = false;
    for seed in 0..6 {
        let mut s = game(variant, seed);
        let mut rows = Vec::new();
        while !s.is_over() {
            rows.push(s.row());
            s = applied(&skip_to_unmasking(&s), Action::Reveal);
        }
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], rows[1]);
        assert_eq!(rows[2], rows[3]);
        reshuffled |= rows[1] != rows[2];
        assert_eq!(s.results()[2].detective, Seat(0));
        assert_eq!(s.results()[3].detective, Seat(1));
    }
    assert!(reshuffled);
    for n in [0, MAX_CASE_PAIRS + 1] {
        let bad = Variant {
            length: Length::CasePairs(n),
            ..Variant::default()
        };
        assert_eq!(
            State::new([SeatKind::Person; 2], Seat(0), bad, 1).unwrap_err(),
            RuleError::CasePairs(n)
        );
    }
}

// Life Is Pain: "At the start of each Case the locations are randomised".
#[test]
fn variant_life_is_pain() {
    let variant = Variant {
        life_is_pain: true,
        ..Variant::default()
    };
    let changed = (0..6).any(|seed| {
        let s = game(variant, seed);
        let row = s.row();
        let s = applied(&skip_to_unmasking(&s), Action::Reveal);
        s.row() != row
    });
    assert!(changed);
}
