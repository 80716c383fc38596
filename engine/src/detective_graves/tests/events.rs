//! The events: one test per kind, with who learns what.

use super::*;

/// Whether `events` hold one matching `pattern`.
macro_rules! has {
    ($events:expr, $pattern:pat) => {
        $events.iter().any(|e| matches!(e, $pattern))
    };
}

// Each case opens with its row and Detective.
#[test]
fn event_case_started() {
    let s = dealt(Variant::default(), 2);
    assert_eq!(
        s.log()[0],
        Event::CaseStarted {
            case: 0,
            detective: Seat(0),
            row: s.row()
        }
    );
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let row = s.row();
    let (_, events) = events_of(&s, Action::Accuse(Identity::Banker));
    assert!(events.contains(&Event::CaseStarted {
        case: 1,
        detective: Seat(1),
        row
    }));
}

// The identity, the Mastermind's only.
#[test]
fn event_identity_drawn() {
    let s = dealt(Variant::default(), 2);
    let drawn = Event::IdentityDrawn {
        seat: Seat(1),
        identity: Some(s.identity()),
    };
    assert_eq!(s.log()[1], drawn);
    assert_eq!(s.redact(&drawn, Seat(1)), drawn);
    assert_eq!(
        s.redact(&drawn, Seat(0)),
        Event::IdentityDrawn {
            seat: Seat(1),
            identity: None
        }
    );
}

// A kept hand, or a mulligan and its new hand (the cards its owner's only).
#[test]
fn event_mulligan() {
    let s = dealt(Variant::default(), 2);
    let (kept, events) = events_of(&s, Action::KeepHand);
    assert_eq!(
        events,
        [Event::Mulligan {
            seat: Seat(0),
            taken: false
        }]
    );
    let (s, events) = events_of(&kept, Action::Mulligan);
    // The new hand, before the first location's draws.
    let hand: CardSet = s.hand(M)[..HAND].iter().copied().collect();
    assert_eq!(
        events[..2],
        [
            Event::Mulligan {
                seat: Seat(1),
                taken: true
            },
            Event::Drew {
                seat: Seat(1),
                count: 5,
                from_discard: 0,
                why: DrawFor::Mulligan,
                cards: Some(hand)
            }
        ]
    );
    assert!(matches!(
        s.redact(&events[1], Seat(0)),
        Event::Drew {
            count: 5,
            cards: None,
            ..
        }
    ));
}

// Play moves to a location, led by its lead.
#[test]
fn event_location_started() {
    let mut s = game(Variant::default(), 2);
    set_row(&mut s, &[Location::Library]);
    let (_, events) = events_of(&applied(&s, Action::KeepHand), Action::KeepHand);
    assert!(events.contains(&Event::LocationStarted {
        index: 0,
        location: Location::Library,
        lead: Seat(0)
    }));
}

// The Bank Vault's cards, face up.
#[test]
fn event_revealed() {
    let mut s = game(Variant::default(), 2);
    set_row(&mut s, &[Location::BankVault]);
    set_top(&mut s, D, &[d(Shoeprint, 7)]);
    let (_, events) = events_of(&applied(&s, Action::KeepHand), Action::KeepHand);
    assert!(events.contains(&Event::Revealed {
        seat: Seat(0),
        card: d(Shoeprint, 7)
    }));
}

// The round's draws: the count for all, the cards for the drawer.
#[test]
fn event_drew() {
    let s = applied(&game(Variant::default(), 2), Action::KeepHand);
    let (s, events) = events_of(&s, Action::KeepHand);
    let drew: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::Drew { .. }))
        .collect();
    assert_eq!(drew.len(), 2);
    for e in drew {
        let Event::Drew {
            seat,
            count,
            cards,
            why,
            ..
        } = e
        else {
            unreachable!()
        };
        assert_eq!((count, why), (2, DrawFor::Round));
        let cards = cards.unwrap().cards();
        assert!(cards.iter().all(|c| s.hand(s.role_of(seat)).contains(c)));
        assert_eq!(s.redact(&e, seat), e);
        assert!(matches!(
            s.redact(&e, other(seat)),
            Event::Drew {
                count: 2,
                cards: None,
                ..
            }
        ));
    }
}

// The River: the whole hand out, as many in.
#[test]
fn event_river_redraw() {
    let s = table(&[Location::River]);
    let (_, events) = events_of(&s, Action::RiverRedraw);
    assert_eq!(
        events[0],
        Event::RiverRedraw {
            seat: Seat(0),
            discarded: 5,
            drew: 5
        }
    );
    assert!(matches!(
        events[1],
        Event::Drew {
            count: 5,
            why: DrawFor::River,
            ..
        }
    ));
}

// The Slums' time.
#[test]
fn event_slums_time() {
    let s = table(&[Location::Slums, Location::Station]);
    let (_, events) = events_of(&s, Action::SlumsTime { here: -1, next: 1 });
    assert_eq!(
        events[0],
        Event::SlumsTime {
            seat: Seat(0),
            here: -1,
            next: 1
        }
    );
}

// A card into a pile.
#[test]
fn event_placed() {
    let s = table(&[Location::Station]);
    let card = plain(&s, D);
    let (_, events) = events_of(&s, Action::Place(card));
    assert_eq!(
        events,
        [Event::Placed {
            seat: Seat(0),
            card
        }]
    );
}

// A deuce's new trump (keeping it says nothing).
#[test]
fn event_trump_changed() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 2)]);
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    let (_, events) = events_of(&s, Action::Trump(Briefcase));
    assert_eq!(
        events,
        [Event::TrumpChanged {
            seat: Seat(0),
            suit: Briefcase
        }]
    );
    assert_eq!(events_of(&s, Action::KeepTrump).1, []);
}

// An ability card shown, its effect, then the card spent.
#[test]
fn event_ability_used() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    let (_, events) = events_of(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(
        events[0],
        Event::AbilityUsed {
            seat: Seat(0),
            card: d(Briefcase, 3)
        }
    );
    assert!(has!(
        events[1..2],
        Event::Drew {
            count: 2,
            why: DrawFor::Ability,
            ..
        }
    ));
    assert_eq!(
        events[2],
        Event::AbilitySpent {
            seat: Seat(0),
            card: d(Briefcase, 3),
            removed: false
        }
    );
}

// The ability card's end: to the discard pile once its choice is made, or
// out of the game at the Museum.
#[test]
fn event_ability_spent() {
    let mut s = table(&[Location::Museum]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert!(!has!(events, Event::AbilitySpent { .. }));
    let (_, events) = events_of(&s, Action::TimeUp);
    assert_eq!(
        events[1],
        Event::AbilitySpent {
            seat: Seat(0),
            card: d(Briefcase, 5),
            removed: true
        }
    );
}

// The Stakeout's look, the Detective's only.
#[test]
fn event_stakeout() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 4), d(Shoeprint, 9)]);
    let hand: CardSet = s.hand(M).iter().copied().collect();
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 4)));
    let look = Event::Stakeout {
        seat: Seat(0),
        hand: Some(hand),
    };
    assert_eq!(events[1], look);
    assert_eq!(
        s.redact(&look, Seat(1)),
        Event::Stakeout {
            seat: Seat(0),
            hand: None
        }
    );
}

// A time token more or less.
#[test]
fn event_time() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    let (_, events) = events_of(&s, Action::TimeDown);
    assert_eq!(
        events[0],
        Event::Time {
            seat: Seat(0),
            delta: -1,
            tokens: 4
        }
    );
}

// Cover-up's card, from the Detective's pile to their discard.
#[test]
fn event_covered_up() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 5)]);
    set_hand(&mut s, M, &[m(Briefcase, 4), m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    let (_, events) = events_of(&s, Action::CoverUp(d(Shoeprint, 5)));
    assert_eq!(
        events,
        [
            Event::CoveredUp {
                seat: Seat(1),
                card: d(Shoeprint, 5)
            },
            Event::AbilitySpent {
                seat: Seat(1),
                card: m(Briefcase, 4),
                removed: false
            }
        ]
    );
}

// Warrant's (or Bribe's) random discard, face down: its owner's only.
#[test]
fn event_random_discard() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 6), d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 6)));
    let lost = s.discard(M)[0];
    let discard = Event::RandomDiscard {
        seat: Seat(1),
        card: Some(lost),
    };
    assert_eq!(events[1], discard);
    assert_eq!(s.redact(&discard, Seat(1)), discard);
    assert_eq!(
        s.redact(&discard, Seat(0)),
        Event::RandomDiscard {
            seat: Seat(1),
            card: None
        }
    );
}

// The Park's payment, face down.
#[test]
fn event_park_discard() {
    let mut s = table(&[Location::Park]);
    set_hand(&mut s, D, &[d(Notebook, 7), d(Briefcase, 3)]);
    let (s, events) = events_of(&s, Action::ParkDiscard(d(Briefcase, 3)));
    let paid = Event::ParkDiscard {
        seat: Seat(0),
        card: Some(d(Briefcase, 3)),
    };
    assert_eq!(events, [paid]);
    assert_eq!(
        s.redact(&paid, Seat(1)),
        Event::ParkDiscard {
            seat: Seat(0),
            card: None
        }
    );
}

// Room made in the Alley, face up.
#[test]
fn event_alley_cleared() {
    let mut s = table(&[Location::Alley]);
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)],
    );
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::AlleyClear(d(Shoeprint, 4)));
    let cleared = Event::AlleyCleared {
        seat: Seat(0),
        card: d(Shoeprint, 4),
    };
    assert_eq!(events, [cleared]);
    assert_eq!(s.redact(&cleared, Seat(1)), cleared);
}

// A pass, and a swap's card face down, its replacement drawn.
#[test]
fn event_passed() {
    let s = table(&[Location::Station]);
    let (_, events) = events_of(&s, Action::Pass);
    assert_eq!(
        events,
        [Event::Passed {
            seat: Seat(0),
            swapped: false,
            card: None
        }]
    );
    let card = s.hand(D)[0];
    let (t, events) = events_of(&s, Action::PassSwap(card));
    let swap = Event::Passed {
        seat: Seat(0),
        swapped: true,
        card: Some(card),
    };
    assert_eq!(events[0], swap);
    assert!(matches!(
        events[1],
        Event::Drew {
            count: 1,
            why: DrawFor::Swap,
            ..
        }
    ));
    assert_eq!(
        t.redact(&swap, Seat(1)),
        Event::Passed {
            seat: Seat(0),
            swapped: true,
            card: None
        }
    );
}

// A discard pile becomes the deck.
#[test]
fn event_reshuffled() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::Place(d(Shoeprint, 9)));
    assert_eq!(events[1], Event::Reshuffled { seat: Seat(0) });
    assert_eq!(s.deck(D).len(), deck.len());
}

// A round's end: a token less.
#[test]
fn event_round_ended() {
    let s = table(&[Location::Station]);
    let s = played(&s, &[Action::Pass, Action::Place(plain(&s, M))]);
    let (_, events) = events_of(&s, Action::EndPlay);
    assert_eq!(
        events[0],
        Event::RoundEnded {
            index: 0,
            tokens: 4
        }
    );
}

// A location resolves: totals, winner, and the evidence to the winner only.
#[test]
fn event_resolved() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let evidence = s.evidence_in(EvidenceAt::Location(0))[0];
    let s = applied(&s, Action::Pass);
    let (s, events) = events_of(&s, Action::Pass);
    let resolved = Event::Resolved {
        index: 0,
        totals: [9, 0],
        winner: Some(Seat(0)),
        evidence: Some(evidence),
    };
    assert_eq!(events[1], resolved);
    assert_eq!(s.redact(&resolved, Seat(0)), resolved);
    assert!(matches!(
        s.redact(&resolved, Seat(1)),
        Event::Resolved {
            winner: Some(Seat(0)),
            evidence: None,
            ..
        }
    ));
}

// The identity made public, by a reveal or the accusation.
#[test]
fn event_unmasked() {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let identity = s.identity();
    let (_, events) = events_of(&s, Action::Accuse(identity));
    assert_eq!(
        events[0],
        Event::Unmasked {
            seat: Seat(1),
            identity,
            revealed: false,
            accused: Some(identity)
        }
    );
}

// A case's points.
#[test]
fn event_case_scored() {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let (t, events) = events_of(&s, Action::Accuse(s.identity()));
    assert_eq!(
        events[1],
        Event::CaseScored {
            case: 0,
            points: [3, 0]
        }
    );
    assert_eq!(t.points(Seat(0)), 3);
}

// The game's end, with its winner.
#[test]
fn event_game_ended() {
    let variant = Variant {
        length: Length::SingleCase,
        ..Variant::default()
    };
    let s = played(&game(variant, 4), &[Action::KeepHand, Action::KeepHand]);
    let s = skip_to_unmasking(&s);
    let (t, events) = events_of(&s, Action::Accuse(s.identity()));
    assert!(t.is_over());
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winner: Some(Seat(0))
        })
    );
}
