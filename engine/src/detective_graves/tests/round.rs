//! The round: the draws, plays and passes, the time tokens, resolution, and the empty deck.

use super::*;

// Spec round (1): "both draw 2".
#[test]
fn spec_round_both_draw_two() {
    let s = table(&[Location::Station]);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND + 2);
        assert_eq!(s.deck(role).len(), 45 - HAND - 2);
    }
}

// Spec round (2): "the lead player plays or passes, then the other player".
#[test]
fn rule_lead_plays_then_the_other() {
    let s = table(&[Location::Station]);
    let card = s.hand(D)[0];
    let s = played(&s, &[Action::Place(card)]);
    assert_eq!(s.actor(), D, "a play goes on until it is ended");
    let s = applied(&s, Action::EndPlay);
    assert_eq!((s.phase(), s.actor()), (Phase::Play, M));
    let s = applied(&s, Action::Pass);
    // A new round: the lead again, after both drew.
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
    assert_eq!(s.tokens(0), 4);
}

// Spec round (3): "if both passed in succession ... the location resolves
// now".
#[test]
fn spec_two_passes_in_a_row_resolve_at_once() {
    let s = table(&[Location::Station, Location::Docks]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(0), Outcome::Tied);
    assert_eq!(s.active(), 1);
    assert!(s.log().contains(&Event::Resolved {
        index: 0,
        totals: [0, 0],
        winner: None,
        evidence: None,
    }));
    // Passes do not carry over to the next location.
    let s = applied(&s, Action::Pass);
    assert_eq!((s.active(), s.actor()), (1, M));
}

// "...(across rounds too)": "if the second player passes and then the lead
// player passes in the following turn the Location is also finished."
#[test]
fn spec_two_passes_across_rounds_resolve() {
    let mut s = table(&[Location::Station, Location::Docks]);
    set_hand(&mut s, D, &[d(Notebook, 9), d(Shoeprint, 7)]);
    let s = played(
        &s,
        &[Action::Place(d(Notebook, 9)), Action::EndPlay, Action::Pass],
    );
    assert_eq!(s.active(), 0, "a play between the passes");
    assert_eq!(s.tokens(0), 4);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.outcome(0), Outcome::Won(D));
    assert_eq!(s.active(), 1);
}

// Spec round (4): "remove one time token; when none remain, the location
// resolves. So a location with T tokens lasts at most T rounds."
#[test]
fn spec_a_location_lasts_its_tokens_in_rounds() {
    let mut s = table(&[Location::Park, Location::Station]);
    let mut rounds = 0;
    while s.active() == 0 {
        // Each places one card (never both passing).
        for _ in 0..2 {
            let place = s
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Place(_)))
                .expect("a card to place");
            s = played(&s, &[place]);
            if s.phase() == Phase::ChooseTrump {
                s = applied(&s, Action::KeepTrump);
            }
            s = applied(&s, Action::EndPlay);
        }
        rounds += 1;
    }
    assert_eq!(rounds, Location::Park.time());
    let ends: Vec<u8> = s
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::RoundEnded { index: 0, tokens } => Some(*tokens),
            _ => None,
        })
        .collect();
    assert_eq!(ends, [2, 1, 0]);
}

// Spec play: "All non-trump cards placed in one play share one suit; trump
// cards may be added freely."
#[test]
fn spec_one_suit_per_play_and_trumps_free() {
    let mut s = table(&[Location::Station]);
    set_hand(
        &mut s,
        D,
        &[
            d(Shoeprint, 7),
            d(Shoeprint, 9),
            d(Notebook, 8),
            d(Briefcase, 9),
        ],
    );
    let s = played(&s, &[Action::Place(d(Shoeprint, 7))]);
    assert_eq!(
        refused(&s, Action::Place(d(Briefcase, 9))),
        RuleError::MixedSuits(Shoeprint)
    );
    // Notebook is the Station's trump.
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 8)),
            Action::Place(d(Shoeprint, 9)),
        ],
    );
    assert_eq!(s.pile(0, D).len(), 3);
    // The next play may pick another suit.
    let s = played(&s, &[Action::EndPlay, Action::Pass]);
    assert!(s.hand(D).contains(&d(Briefcase, 9)));
    applied(&s, Action::Place(d(Briefcase, 9)));
}

// Ruling: with an empty deck a pass may still discard; nothing is drawn.
#[test]
fn ruling_a_pass_swap_with_an_empty_deck_only_discards() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9), d(Shoeprint, 8)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let s = applied(&s, Action::PassSwap(d(Shoeprint, 9)));
    assert_eq!(s.hand(D), [d(Shoeprint, 8)]);
    assert_eq!(s.discard(D).last(), Some(&d(Shoeprint, 9)));
}

// "Apart from the restrictions above any number of cards may be played in
// a turn"; an empty play is a pass, not a play.
#[test]
fn spec_a_play_is_ended_explicitly() {
    let s = table(&[Location::Station]);
    assert_eq!(refused(&s, Action::EndPlay), RuleError::NothingPlayed);
    let mut s = s;
    let hand = [
        d(Shoeprint, 7),
        d(Shoeprint, 8),
        d(Shoeprint, 9),
        d(Shoeprint, ACE),
    ];
    set_hand(&mut s, D, &hand);
    let s = played(&s, &hand.map(Action::Place));
    assert_eq!(s.pile(0, D), hand);
    assert!(s.hand(D).is_empty());
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.actor(), M);
}

// "If a player passes, they cannot play any cards, however they may
// discard 1 card from hand and draw a replacement from their deck."
#[test]
fn rule_a_pass_may_swap_one_card() {
    let s = table(&[Location::Station]);
    let card = s.hand(D)[2];
    let top = *s.deck(D).last().unwrap();
    let s2 = applied(&s, Action::PassSwap(card));
    // The Mastermind's turn: the swap drew the deck's top.
    assert!(!s2.hand(D).contains(&card));
    assert!(s2.hand(D).contains(&top));
    assert_eq!(s2.hand(D).len(), HAND + 2);
    assert_eq!(s2.discard(D), [card]);
    assert_eq!(s2.actor(), M);
    // The discard is face down: only the passer sees which card it was.
    assert!(log_json(&s2, Seat(0)).contains(&serde_json::to_string(&card).unwrap()));
    let theirs = s2.events_seen_by(Seat(1));
    assert!(theirs.contains(&Event::Passed {
        seat: Seat(0),
        swapped: true,
        card: None
    }));
    // A plain pass keeps the hand.
    let s3 = applied(&s, Action::Pass);
    assert_eq!(s3.hand(D), s.hand(D));
}

// "Any special abilities on these cards are ignored unless the card says
// otherwise (for example when playing a deuce)."
#[test]
fn rule_placed_cards_have_no_ability() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 3), d(Shoeprint, 5)]);
    let before = s.hand(M).to_vec();
    let s = played(
        &s,
        &[
            Action::Place(d(Shoeprint, 3)),
            Action::Place(d(Shoeprint, 5)),
        ],
    );
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.hand(D).is_empty(), "no Fresh Lead draw");
    assert_eq!(s.hand(M), before.as_slice());
    assert_eq!(s.tokens(0), 5);
}

// "Players total up the value of all the cards ... Trumps count as double
// ... the player with the highest score wins that Location" and takes its
// evidence; the winner leads the next location.
#[test]
fn rule_resolution_totals_trumps_double_winner_takes_evidence_and_leads() {
    let mut s = table(&[Location::Station, Location::Alley]);
    // Station trump: Notebook. 7 trump = 14 against 10 + 3 = 13.
    set_pile(&mut s, 0, D, &[d(Notebook, 7)]);
    set_pile(&mut s, 0, M, &[m(Briefcase, ACE), m(MagnifyingGlass, 3)]);
    assert_eq!((s.total(0, D), s.total(0, M)), (14, 13));
    let evidence = s.evidence_in(EvidenceAt::Location(0))[0];
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(0), Outcome::Won(D));
    assert_eq!(s.evidence_at(evidence), EvidenceAt::Won(D));
    assert_eq!(s.view(Seat(0)).evidence_won(), [evidence]);
    assert_eq!(s.view(Seat(1)).evidence_won(), []);
    assert_eq!(s.view(Seat(1)).evidence_count(D), 1);
    assert_eq!(s.lead(), D);
    // The winner sees the card in the log; the other does not.
    let resolved = |seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|e| match e {
                Event::Resolved { evidence, .. } => Some(evidence),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(resolved(Seat(0)), Some(evidence));
    assert_eq!(resolved(Seat(1)), None);

    // The Mastermind wins the next one and leads the third.
    let mut s = s;
    set_pile(&mut s, 1, M, &[m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(1), Outcome::Won(M));
    assert_eq!(s.lead(), M);
    assert_eq!(s.active(), 2);
}

// Spec resolution: "Tie: the evidence is discarded unseen, and the lead
// stays with the player who led this location."
#[test]
fn spec_tie_discards_the_evidence_unseen_and_keeps_the_lead() {
    let mut s = table(&[Location::Station, Location::Alley, Location::Docks]);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.lead(), M);
    let mut s = s;
    set_pile(&mut s, 1, D, &[d(Shoeprint, 8)]);
    set_pile(&mut s, 1, M, &[m(Briefcase, 8)]);
    let evidence = s.evidence_in(EvidenceAt::Location(1))[0];
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(1), Outcome::Tied);
    assert_eq!(s.evidence_at(evidence), EvidenceAt::Unseen);
    assert_eq!(s.lead(), M, "the lead stays");
    for seat in [Seat(0), Seat(1)] {
        assert!(!s.view(seat).evidence_won().contains(&evidence));
    }
}

// "Cards from Evidence Piles are not discarded once the Location is
// resolved; they are left in play until the end of the Case".
#[test]
fn rule_piles_stay_until_the_case_ends() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Notebook, 7)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.pile(0, D), [d(Notebook, 7)]);
    let s = skip_to_unmasking(&s);
    assert_eq!(s.pile(0, D), [d(Notebook, 7)]);
    let s = played(&s, &[Action::StayHidden, Action::Accuse(Identity::Banker)]);
    assert_eq!(s.case(), 1);
    assert!(s.pile(0, D).is_empty(), "a new case starts with full decks");
    for role in Role::ALL {
        assert_eq!(s.hand(role).len() + s.deck(role).len(), 45);
    }
}

// Ruling: "Empty deck: no draw."
#[test]
fn ruling_an_empty_deck_gives_no_draw() {
    let mut s = table(&[Location::Station]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    assert!(s.deck(D).is_empty());
    let hand = s.hand(D).len();
    let s = played(&s, &[Action::Pass, Action::Place(plain(&s, M))]);
    let s = played(&s, &[Action::EndPlay]);
    assert_eq!(s.tokens(0), 4, "a new round");
    assert_eq!(s.hand(D).len(), hand, "nothing drawn");
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::Drew {
            seat: Seat(0),
            count: 0,
            from_discard: 0,
            why: DrawFor::Round,
            ..
        }
    )));
}

// Ruling: "A player with an empty hand and an empty deck shuffles their
// discard pile into a new deck", at once.
#[test]
fn ruling_no_hand_and_no_deck_reshuffles_the_discard_pile() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let discards = s.discard(D).len();
    let s = applied(&s, Action::Place(d(Shoeprint, 9)));
    assert!(s.hand(D).is_empty());
    assert!(s.discard(D).is_empty());
    assert_eq!(s.deck(D).len(), discards);
    assert!(s.log().contains(&Event::Reshuffled { seat: Seat(0) }));
}
