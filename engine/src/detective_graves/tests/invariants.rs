//! `validate`: the invariants a loaded game must hold, one test per kind of corruption.

use super::*;

/// A valid game in play at the second location (the first one won by the
/// Detective), for the corruptions below.
fn midgame() -> State {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!((s.active(), s.outcome(0)), (1, Outcome::Won(D)));
    assert_eq!(s.validate(), Ok(()));
    s
}

/// `s` changed by `corrupt` must be refused, for a reason saying `why`.
fn refuses(corrupt: impl FnOnce(&mut State), why: &str) {
    let mut s = midgame();
    corrupt(&mut s);
    match s.validate() {
        Ok(()) => panic!("accepted: {why}"),
        Err(e) => assert!(e.contains(why), "{e:?} is not about {why:?}"),
    }
}

#[test]
fn validate_refuses_an_identity_the_evidence_does_not_fit() {
    refuses(
        |s| {
            s.identity = Identity::ALL
                .into_iter()
                .find(|&i| i != s.identity)
                .unwrap()
        },
        "does not fit the Mastermind's identity",
    );
}

#[test]
fn validate_refuses_two_evidence_cards_at_one_location() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::Location(3))[0];
            s.evidence[e.index()] = EvidenceAt::Location(2);
        },
        "two evidence cards",
    );
}

#[test]
fn validate_refuses_no_evidence_set_aside() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::SetAside)[0];
            s.evidence[e.index()] = EvidenceAt::Box;
        },
        "set aside",
    );
}

#[test]
fn validate_refuses_the_fourth_location_active_while_earlier_ones_are_open() {
    refuses(|s| s.active = 3, "before the active one is still open");
}

#[test]
fn validate_refuses_evidence_won_without_its_location() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::Location(2))[0];
            s.evidence[e.index()] = EvidenceAt::Won(M);
        },
        "does not match its outcome",
    );
}

#[test]
fn validate_refuses_a_card_lost_or_doubled() {
    refuses(
        |s| {
            s.decks[0].pop();
        },
        "each card once",
    );
    refuses(
        |s| {
            let card = s.hands[1][0];
            s.hands[1].push(card);
        },
        "each card once",
    );
}

#[test]
fn validate_refuses_a_card_in_the_other_decks_zone() {
    refuses(
        |s| {
            let card = s.hands[1].pop().unwrap();
            s.hands[0].push(card);
        },
        "other deck's zone",
    );
}

#[test]
fn validate_refuses_a_hand_and_deck_empty_beside_a_discard_pile() {
    refuses(
        |s| {
            let cards: Vec<Card> = s.hands[0].drain(..).chain(s.decks[0].drain(..)).collect();
            s.discards[0].extend(cards);
        },
        "has not reshuffled",
    );
}

#[test]
fn validate_refuses_a_location_twice_in_the_row() {
    refuses(|s| s.row[3] = s.row[4], "twice in the row");
}

#[test]
fn validate_refuses_a_location_played_before_it_is_reached() {
    refuses(
        |s| {
            s.trumps[3] = Some(Briefcase)
                .filter(|&t| Some(t) != s.row[3].trump())
                .or(Some(Shoeprint))
        },
        "not yet reached",
    );
    refuses(
        |s| {
            let card = s.decks[0].pop().unwrap();
            s.piles[4][0].push(card);
        },
        "not yet reached",
    );
}

#[test]
fn validate_refuses_time_on_a_resolved_location_or_beyond_the_box() {
    refuses(|s| s.tokens[0] = 2, "keeps time tokens");
    refuses(|s| s.tokens[1] = 20, "more than 28");
}

#[test]
fn validate_refuses_a_choice_away_from_its_location_or_player() {
    refuses(|s| s.phase = Phase::Draw, "does not match the table");
    refuses(|s| s.phase = Phase::ChooseTrump, "does not match the table");
    refuses(
        |s| {
            s.phase = Phase::ChooseCoverUp;
            s.actor = D;
        },
        "does not match the table",
    );
    refuses(|s| s.phase = Phase::Mulligan, "does not match the table");
}

#[test]
fn validate_refuses_an_ability_card_resolving_outside_its_choice() {
    refuses(
        |s| {
            let card = s.hands[0].pop().unwrap();
            s.resolving = Some(card);
        },
        "still resolving",
    );
}

#[test]
fn validate_refuses_roles_that_do_not_swap() {
    refuses(|s| s.detective = Seat(1), "do not swap");
}

#[test]
fn validate_refuses_winners_or_unmasking_before_the_end() {
    refuses(|s| s.winners = vec![Seat(0)], "winners before its end");
    refuses(|s| s.phase = Phase::Accuse, "before the fifth location");
    refuses(|s| s.passes = 2, "the turn's record");
}

#[test]
fn validate_refuses_results_that_do_not_match_the_cases() {
    refuses(|s| s.case = 1, "do not swap");
    let mut s = midgame();
    s.results.push(CaseResult {
        detective: Seat(0),
        identity: Identity::Banker,
        evidence: [0, 0],
        revealed: false,
        accused: None,
        evidence_points: [0, 0],
        unmasking_points: [0, 1],
    });
    assert!(s.validate().unwrap_err().contains("results"));
}
