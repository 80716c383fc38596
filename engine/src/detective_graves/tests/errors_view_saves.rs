//! The errors, illegal actions, what a seat's view hides, saves and seeds.

use super::*;

#[test]
fn new_game_needs_seat_zero_or_one() {
    assert_eq!(
        State::new([SeatKind::Person; 2], Seat(2), Variant::default(), 1).unwrap_err(),
        RuleError::NoSuchSeat(Seat(2))
    );
    let s = State::new([SeatKind::Person; 2], Seat(1), Variant::default(), 1).unwrap();
    assert_eq!(s.seat_of(D), Seat(1));
    assert_eq!(s.to_act(), Some(Seat(1)));
}

#[test]
fn every_error_has_a_message() {
    let card = d(Notebook, 4);
    let errors = [
        RuleError::GameOver,
        RuleError::NoSuchSeat(Seat(3)),
        RuleError::CasePairs(0),
        RuleError::NotNow(Phase::Play),
        RuleError::NotInHand(card),
        RuleError::NotInPile(card),
        RuleError::PalaceLow(card),
        RuleError::MixedSuits(Notebook),
        RuleError::AlleyFull,
        RuleError::AlleyRoom,
        RuleError::NothingToPlace,
        RuleError::DocksLimit,
        RuleError::ParkCost(card),
        RuleError::ParkPaid(card),
        RuleError::NotHere(Location::Park),
        RuleError::NoAbility(card),
        RuleError::Library,
        RuleError::NoTokenToRemove,
        RuleError::NoTokenLeft,
        RuleError::SlumsTime,
        RuleError::CoverUpTarget(card),
        RuleError::AlreadyPlayed,
        RuleError::NothingPlayed,
        RuleError::EmptyDeck,
        RuleError::EmptyDiscard,
    ];
    for e in errors {
        let text = e.to_string();
        assert!(text.ends_with('.') && text.len() > 10, "{e:?}: {text}");
    }
}

// An illegal action is refused and changes nothing; every legal action
// applies.
#[test]
fn illegal_actions_leave_the_state_unchanged() {
    for s in sample_states(6, 17) {
        let legal = s.legal_actions();
        assert_eq!(legal.is_empty(), s.is_over());
        for action in s.action_space() {
            let mut copy = s.clone();
            match copy.apply(action) {
                Ok(_) => assert!(legal.contains(&action), "{action:?} was not offered"),
                Err(e) => {
                    assert!(!legal.contains(&action), "{action:?}: {e}");
                    assert_eq!(copy, s, "{action:?}");
                }
            }
        }
    }
}

// Hidden information: a seat's view serialises its own hand and the
// public facts only; never the other hand, the identity (to the
// Detective) nor the evidence on the locations.
#[test]
fn view_hides_the_other_seats_secrets() {
    let s = table(&[Location::Station]);
    let json = |seat: Seat| serde_json::to_string(&s.view(seat)).unwrap();
    let card_json = |c: &Card| serde_json::to_string(c).unwrap();
    let det = json(Seat(0));
    let mm = json(Seat(1));
    for card in s.hand(M) {
        assert!(
            !det.contains(&card_json(card)),
            "{card:?} in the Detective's view"
        );
        assert!(mm.contains(&card_json(card)));
    }
    for card in s.hand(D) {
        assert!(
            !mm.contains(&card_json(card)),
            "{card:?} in the Mastermind's view"
        );
        assert!(det.contains(&card_json(card)));
    }
    let identity = serde_json::to_string(&s.identity()).unwrap();
    assert!(
        !det.contains(&identity),
        "the identity in the Detective's view"
    );
    assert!(mm.contains(&identity));
    // No evidence at all in the Detective's view, nor the set-aside card in
    // the Mastermind's.
    assert!(!det.contains("cleared"));
    let set_aside = serde_json::to_string(&s.evidence_in(EvidenceAt::SetAside)[0]).unwrap();
    assert!(!mm.contains(&set_aside));
    for i in 0..ROW {
        let e = serde_json::to_string(&s.evidence_in(EvidenceAt::Location(i as u8))[0]).unwrap();
        assert!(
            !mm.contains(&e),
            "location evidence in the Mastermind's view"
        );
    }
    // Nor the deck order: only sizes.
    let view = s.view(Seat(0));
    assert_eq!(view.deck_size(M), s.deck(M).len());
    assert_eq!(view.discard_size(D), s.discard(D).len());
    assert!(format!("{view:?}").contains("hand"));
    assert!(view.identity().is_none());
    assert_eq!(s.view(Seat(1)).identity(), Some(s.identity()));
    // A seat that is not at the table sees no secret at all.
    let stranger = serde_json::to_string(&s.view(Seat(5))).unwrap();
    assert!(!stranger.contains(&identity) && !stranger.contains("cleared"));
    for card in s.hand(D).iter().chain(s.hand(M)) {
        assert!(!stranger.contains(&card_json(card)));
    }
}

// A saved game loads back equal, and a view is the same after the trip.
#[test]
fn saves_round_trip() {
    for s in sample_states(3, 29) {
        let text = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.validate(), Ok(()));
        let v = serde_json::to_string(&s.view(Seat(0))).unwrap();
        assert_eq!(serde_json::to_string(&back.view(Seat(0))).unwrap(), v);
    }
    let mut broken = game(Variant::default(), 1);
    broken.hands[0].push(d(Notebook, 9));
    assert!(broken.validate().is_err());
}

// The same seed deals the same game.
#[test]
fn a_seed_replays_the_deal() {
    let a = game(Variant::default(), 99);
    let b = game(Variant::default(), 99);
    assert_eq!(a, b);
    assert_ne!(a, game(Variant::default(), 100));
    assert_eq!(a.seed(), 99);
}

// A determinised copy looks the same from the seat (its whole view is
// unchanged), keeps the public facts, and differs only in hidden parts.
#[test]
fn determinise_keeps_the_view() {
    let mut rng = Pcg32::seed_from_u64(5);
    let mut differed = false;
    for s in sample_states(4, 13) {
        for seat in [Seat(0), Seat(1)] {
            let view = s.view(seat);
            let sample = view.determinise(&mut rng);
            assert_eq!(sample.validate(), Ok(()));
            assert_eq!(
                serde_json::to_string(&sample.view(seat)).unwrap(),
                serde_json::to_string(&view).unwrap()
            );
            if !sample.is_over() {
                let other = view.role().other();
                differed |= sample.hand(other) != s.hand(other);
                if view.role() == D {
                    let identity = sample.identity();
                    assert!(view.possible_identities().contains(&identity));
                    assert!(sample
                        .evidence_in(EvidenceAt::Won(D))
                        .iter()
                        .all(|e| !e.clears(identity)));
                }
                assert_eq!(
                    sample.evidence_in(EvidenceAt::Box).len(),
                    4,
                    "six evidence cards in play"
                );
            }
        }
    }
    assert!(differed);
}
