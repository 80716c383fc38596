//! The cards' abilities (the 3s to 6s) and the deuce's change of trump, with their rulings.

use super::*;

// "Cards with special abilities may be discarded from hand for their effect,
// ... revealed to the opponent, resolved in full and then placed (facedown)
// into the player's Discard Pile." Detective 3, Fresh Lead: draw 2.
#[test]
fn ability_fresh_lead_draws_two() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.hand(D).len(), 3);
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert_eq!(s.phase(), Phase::Play);
    // Revealed: the other player's log shows the card.
    assert!(s.events_seen_by(Seat(1)).contains(&Event::AbilityUsed {
        seat: Seat(0),
        card: d(Briefcase, 3)
    }));
    // Using an ability makes the turn a play.
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    applied(&s, Action::EndPlay);
}

// Mastermind 3, Accomplice: draw 2.
#[test]
fn ability_accomplice_draws_two() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 3)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 3))]);
    assert_eq!(s.hand(M).len(), 2);
    assert_eq!(s.discard(M), [m(Briefcase, 3)]);
}

// Detective 4, Stakeout: "look at the Mastermind's hand": the Detective
// only, for that turn.
#[test]
fn ability_stakeout_shows_the_mastermind_hand_to_the_detective_only() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 4), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 4)));
    let mut hand = s.hand(M).to_vec();
    hand.sort();
    let seen = s.view(Seat(0)).stakeout().expect("the Detective sees it");
    assert_eq!(seen, hand);
    assert_eq!(s.view(Seat(1)).stakeout(), None);
    let event = |seat: Seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|e| match e {
                Event::Stakeout { hand, .. } => Some(hand),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(event(Seat(0)).map(CardSet::cards), Some(hand));
    assert_eq!(event(Seat(1)), None);
    // Gone from the view once the turn ends.
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.view(Seat(0)).stakeout(), None);
}

// Detective 5, Overtime (and Mastermind 5, Smoke and Mirrors): "add or
// remove 1 time token at the active location".
#[test]
fn ability_overtime_and_smoke_and_mirrors_change_the_time() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 5)]);
    set_hand(&mut s, M, &[m(Briefcase, 5)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.phase(), Phase::ChooseTime);
    assert_eq!(
        refused(&s, Action::EndPlay),
        RuleError::NotNow(Phase::ChooseTime)
    );
    let s = applied(&s, Action::TimeUp);
    assert_eq!(s.tokens(0), 6);
    let s = played(&s, &[Action::UseAbility(d(Shoeprint, 5)), Action::TimeDown]);
    assert_eq!(s.tokens(0), 5);
    let s = played(
        &s,
        &[
            Action::EndPlay,
            Action::UseAbility(m(Briefcase, 5)),
            Action::TimeDown,
        ],
    );
    assert_eq!(s.tokens(0), 4);
    assert!(s.log().contains(&Event::Time {
        seat: Seat(1),
        delta: -1,
        tokens: 4
    }));
}

// Spec: "A removed last time token means the location resolves at the end
// of the current round" (ruling: the other player still has their turn).
#[test]
fn ruling_last_token_removed_resolves_at_the_end_of_the_round() {
    let mut s = table(&[Location::Station]);
    s.tokens[0] = 1;
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 7)]);
    let s = played(&s, &[Action::UseAbility(d(Briefcase, 5))]);
    let s = played(&s, &[Action::TimeDown, Action::EndPlay]);
    assert_eq!(s.tokens(0), 0);
    assert_eq!((s.active(), s.actor()), (0, M), "the round goes on");
    assert_eq!(s.outcome(0), Outcome::Open);
    let card = plain(&s, M);
    let s = played(&s, &[Action::Place(card), Action::EndPlay]);
    assert_ne!(s.outcome(0), Outcome::Open);
    assert_eq!(s.active(), 1);
}

// Ruling: "the box holds 28; no ability or the Slums may add one when all
// 28 are on the table."
#[test]
fn ruling_time_tokens_come_from_a_box_of_28() {
    let mut s = table(&[Location::Station]);
    s.tokens = [10, 5, 5, 5, 3];
    assert_eq!(s.supply(), 0);
    set_hand(&mut s, D, &[d(Briefcase, 5)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.legal_actions(), [Action::TimeDown]);
    assert_eq!(refused(&s, Action::TimeUp), RuleError::NoTokenLeft);
    // A location that resolves gives its tokens back.
    let s = played(&s, &[Action::TimeDown, Action::EndPlay, Action::Pass]);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.tokens(0), 0);
    assert_eq!(s.supply(), 28 - 18);
}

// Detective 6, Warrant: "the Mastermind discards 1 card at random"; seen
// by its owner only.
#[test]
fn ability_warrant_makes_the_mastermind_discard_at_random() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 6)]);
    let before = s.hand(M).to_vec();
    let s = applied(&s, Action::UseAbility(d(Briefcase, 6)));
    assert_eq!(s.hand(M).len(), before.len() - 1);
    let lost = s.discard(M)[0];
    assert!(before.contains(&lost) && !s.hand(M).contains(&lost));
    let lost_json = serde_json::to_string(&lost).unwrap();
    assert!(log_json(&s, Seat(1)).contains(&lost_json));
    assert!(s.events_seen_by(Seat(0)).contains(&Event::RandomDiscard {
        seat: Seat(1),
        card: None
    }));
    // Random from the state's generator: the same state discards the same.
    let again = {
        let mut t = table(&[Location::Station]);
        set_hand(&mut t, D, &[d(Briefcase, 6)]);
        applied(&t, Action::UseAbility(d(Briefcase, 6)))
    };
    assert_eq!(again.discard(M), [lost]);
}

// Mastermind 6, Bribe: "the Detective discards 1 card at random".
#[test]
fn ability_bribe_makes_the_detective_discard_at_random() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 6)]);
    let s = applied(&s, Action::Pass);
    let before = s.hand(D).len();
    let s = applied(&s, Action::UseAbility(m(Briefcase, 6)));
    assert_eq!(s.hand(D).len(), before - 1);
    assert_eq!(s.discard(D).len(), 1);
}

// Mastermind 4, Cover-up: "move one non-trump card of value 6 or less from
// the Detective's evidence pile at the active location to the Detective's
// discard pile."
#[test]
fn ability_cover_up_removes_a_small_non_trump_card() {
    let mut s = table(&[Location::Station]);
    // Notebook is trump at the Station.
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 5), d(Shoeprint, 9), d(Notebook, 4)],
    );
    set_hand(&mut s, M, &[m(Briefcase, 4)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    assert_eq!(s.phase(), Phase::ChooseCoverUp);
    assert_eq!(s.legal_actions(), [Action::CoverUp(d(Shoeprint, 5))]);
    assert_eq!(
        refused(&s, Action::CoverUp(d(Shoeprint, 9))),
        RuleError::CoverUpTarget(d(Shoeprint, 9))
    );
    refused(&s, Action::CoverUp(d(Notebook, 4)));
    let s = applied(&s, Action::CoverUp(d(Shoeprint, 5)));
    assert_eq!(s.pile(0, D), [d(Shoeprint, 9), d(Notebook, 4)]);
    assert_eq!(s.discard(D), [d(Shoeprint, 5)]);
    assert_eq!(s.phase(), Phase::Play);
}

// Ruling: abilities may be used when they can do nothing; the card is spent.
#[test]
fn ruling_an_ability_without_effect_is_still_spent() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 4), m(Shoeprint, 8)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    assert_eq!(s.phase(), Phase::Play, "no target: no choice");
    assert_eq!(s.discard(M), [m(Briefcase, 4)]);
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    // Fresh Lead on an empty deck draws nothing.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 8)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.hand(D), [d(Shoeprint, 8)]);
}

// Deuces: "when played to an evidence pile, its owner may change the
// active location's trump suit to any suit (optional ...)".
#[test]
fn ability_deuce_may_change_the_trump() {
    let mut s = table(&[Location::Station, Location::Alley]);
    set_hand(&mut s, D, &[d(Shoeprint, 2), d(Briefcase, 2)]);
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    assert_eq!(s.phase(), Phase::ChooseTrump);
    assert_eq!(s.legal_actions().len(), 6);
    let kept = applied(&s, Action::KeepTrump);
    assert_eq!(kept.trump(0), Some(Notebook));
    let s = applied(&s, Action::Trump(Shoeprint));
    assert_eq!(s.trump(0), Some(Shoeprint));
    assert_eq!(s.total(0, D), 4, "the deuce is now a trump");
    assert!(s.log().contains(&Event::TrumpChanged {
        seat: Seat(0),
        suit: Shoeprint
    }));
    // The printed trump of the next location is untouched.
    assert_eq!(s.trump(1), None);
}

// Ruling: each card is judged when placed, against the trump then; a new
// trump applies to later cards; resolution uses the trump in force.
#[test]
fn ruling_a_deuce_mid_play_changes_the_trump_for_later_cards() {
    let mut s = table(&[Location::Station]);
    set_hand(
        &mut s,
        D,
        &[
            d(Shoeprint, 2),
            d(Shoeprint, 7),
            d(Briefcase, 8),
            d(Notebook, 9),
        ],
    );
    let s = played(
        &s,
        &[Action::Place(d(Shoeprint, 2)), Action::Trump(Briefcase)],
    );
    // Briefcase is trump now: free. Notebook no longer is: off-suit.
    let s = applied(&s, Action::Place(d(Briefcase, 8)));
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 9))),
        RuleError::MixedSuits(Shoeprint)
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 7)));
    // 2 + 16 + 7.
    assert_eq!(s.total(0, D), 25);
    // A trump placed before a change stays placed and counts as it is then.
    let mut t = table(&[Location::Station]);
    set_hand(
        &mut t,
        D,
        &[d(Notebook, 9), d(Shoeprint, 2), d(Shoeprint, 8)],
    );
    let t = played(
        &t,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(Shoeprint, 2)),
            Action::Trump(Shoeprint),
            Action::Place(d(Shoeprint, 8)),
        ],
    );
    assert_eq!(t.total(0, D), 9 + 4 + 16);
}

// The play-cards clause ("all of the same suit and/or from the location's
// trump suit") with the deuce mid-play ruling, in the two plays a player
// asked about (issue 47). Ana places Notebooks at the Record Office
// (Magnifying Glass trump), then a Notebooks deuce makes Notebooks trump: the
// Notebooks, placed as non-trump, still set the play's suit, so a Briefcase
// is refused, with a refusal that says so. Ben, at the Station (Notebooks
// trump from the start), places Notebooks free and then any one other suit.
#[test]
fn rule_play_cards_one_suit_and_trumps_the_suit_set_before_a_deuce_stays() {
    let mut s = table(&[Location::RecordOffice]);
    set_hand(
        &mut s,
        D,
        &[d(Notebook, 9), d(Notebook, 2), d(Briefcase, 8)],
    );
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(Notebook, 2)),
            Action::Trump(Notebook),
        ],
    );
    assert_eq!(s.trump(0), Some(Notebook));
    let error = refused(&s, Action::Place(d(Briefcase, 8)));
    assert_eq!(error, RuleError::SuitSetBeforeTrump(Notebook));
    assert_eq!(
        error.to_string(),
        "This play's suit is Notebook, set by its cards placed before Notebook became trump: other suits go in only as trumps."
    );

    let mut t = table(&[Location::Station]);
    set_hand(
        &mut t,
        D,
        &[d(Notebook, 9), d(QuestionMark, 8), d(Briefcase, 7)],
    );
    let t = played(
        &t,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(QuestionMark, 8)),
        ],
    );
    assert_eq!(
        refused(&t, Action::Place(d(Briefcase, 7))),
        RuleError::MixedSuits(QuestionMark)
    );
}
