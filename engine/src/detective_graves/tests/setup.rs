//! Setup: the locations and their time, the identity, the evidence, the hands, the mulligan.

use super::*;

// "5 of them dealt out in a line ... a number of time tokens ... equal to
// the number of clocks".
#[test]
fn rule_setup_five_locations_with_their_time_tokens() {
    for seed in 0..30 {
        let s = game(Variant::default(), seed);
        let row = s.row();
        let mut distinct = row.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), ROW);
        for (i, location) in row.iter().enumerate() {
            assert_eq!(s.tokens(i), location.time());
            assert_eq!(s.trump(i), location.trump());
            assert_eq!(s.outcome(i), Outcome::Open);
        }
    }
}

// "deal one [identity] ... take each Evidence card that has ... their
// Mastermind symbol for a total of 6 ... 1 is secretly placed facedown
// under the Mastermind card and the remaining 5 are dealt facedown, 1 onto
// each Location."
#[test]
fn rule_setup_identity_and_six_evidence_cards() {
    let mut identities = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = game(Variant::default(), seed);
        identities.insert(s.identity());
        assert_eq!(s.evidence_in(EvidenceAt::SetAside).len(), 1);
        for i in 0..ROW {
            assert_eq!(s.evidence_in(EvidenceAt::Location(i as u8)).len(), 1);
        }
        assert_eq!(s.evidence_in(EvidenceAt::Box).len(), 4);
        for e in Evidence::ALL {
            let in_play = s.evidence_at(e) != EvidenceAt::Box;
            assert_eq!(in_play, !e.clears(s.identity()));
        }
        assert_eq!(s.validate(), Ok(()));
    }
    assert_eq!(identities.len(), 5, "every identity can be drawn");
}

// "Each player draws a starting hand of 5 cards, they may choose to
// mulligan"; spec: "once per player at the start of each case (hand to
// discard pile, draw 5)"; the Detective decides first.
#[test]
fn rule_setup_hands_of_five_and_the_mulligan() {
    let s = game(Variant::default(), 3);
    assert_eq!(s.phase(), Phase::Mulligan);
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(s.actor(), D);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND);
        assert_eq!(s.deck(role).len(), 40);
    }
    let old = s.hand(D).to_vec();
    let s = applied(&s, Action::Mulligan);
    assert_eq!(
        s.discard(D),
        old.as_slice(),
        "ruling: the hand goes to the discard"
    );
    assert_eq!(s.hand(D).len(), HAND);
    assert!(s.hand(D).iter().all(|c| !old.contains(c)));
    assert_eq!(s.deck(D).len(), 35);
    // Once each: now the Mastermind decides, then play starts.
    assert_eq!((s.phase(), s.actor()), (Phase::Mulligan, M));
    let s = applied(&s, Action::KeepHand);
    assert_ne!(s.phase(), Phase::Mulligan);
    assert_eq!(refused(&s, Action::Mulligan), RuleError::NotNow(s.phase()));
}

// "Play begins at the left most Location ... The Detective Player will be
// the first to start playing at this initial Location."
#[test]
fn rule_the_detective_leads_the_first_location() {
    let s = table(&[Location::Station]);
    assert_eq!(s.active(), 0);
    assert_eq!(s.lead(), D);
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
}
