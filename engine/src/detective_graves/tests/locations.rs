//! The locations' rules, from the Bank Vault to the Museum, with their rulings.

use super::*;

// The Bank Vault: "each player reveals the top card of their deck and
// places it into the evidence pile"; ruling: a deuce turned up changes no
// trump.
#[test]
fn location_bank_vault_turns_up_the_top_cards() {
    let s = table_with(&[Location::BankVault], |s| {
        set_top(s, D, &[d(Shoeprint, 2)]);
        set_top(s, M, &[m(Notebook, ACE)]);
    });
    assert_eq!(s.pile(0, D), [d(Shoeprint, 2)]);
    assert_eq!(s.pile(0, M), [m(Notebook, ACE)]);
    assert_eq!(s.trump(0), Some(MagnifyingGlass));
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.log().contains(&Event::Revealed {
        seat: Seat(0),
        card: d(Shoeprint, 2)
    }));
    // "If a player's deck is empty then no cards can be placed."
    let mut s = table(&[Location::Station, Location::BankVault]);
    let deck = s.decks[1].clone();
    set_discard(&mut s, M, &deck);
    assert!(s.deck(M).is_empty());
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.active(), 1);
    assert!(s.pile(1, M).is_empty());
    assert_eq!(s.pile(1, D).len(), 1);
}

// The Library: "Special Abilities of Cards may not be used ... This
// includes the ability to change the trump suit".
#[test]
fn location_library_allows_no_abilities() {
    let mut s = table(&[Location::Library]);
    set_hand(&mut s, D, &[d(Shoeprint, 3), d(Shoeprint, 2)]);
    assert_eq!(
        refused(&s, Action::UseAbility(d(Shoeprint, 3))),
        RuleError::Library
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    assert_eq!(s.phase(), Phase::Play, "no trump choice");
    assert_eq!(s.trump(0), Some(Briefcase));
}

// The Palace Grounds: "Cards of Value 4 or lower may not be played ...
// [it] does not stop discarding of cards for special abilities".
#[test]
fn location_palace_grounds_take_nothing_below_five() {
    let mut s = table(&[Location::PalaceGrounds]);
    set_hand(
        &mut s,
        D,
        &[
            d(Notebook, 4),
            d(Notebook, 2),
            d(Notebook, 5),
            d(Briefcase, 3),
        ],
    );
    let err = refused(&s, Action::Place(d(Notebook, 4)));
    assert_eq!(err, RuleError::PalaceLow(d(Notebook, 4)));
    assert_eq!(err.to_string(), "The Palace Grounds take no card below 5.");
    refused(&s, Action::Place(d(Notebook, 2)));
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 5)),
            Action::UseAbility(d(Briefcase, 3)),
        ],
    );
    assert_eq!(s.pile(0, D), [d(Notebook, 5)]);
}

// The Docks: "The Mastermind Player may not play a non-trump card ...
// unless he has a lower number of cards than Detective Graves"; trumps
// ignore the rule but count.
#[test]
fn location_docks_limit_the_mastermind_non_trump_cards() {
    let mut s = table(&[Location::Docks]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    set_hand(
        &mut s,
        M,
        &[
            m(Shoeprint, 7),
            m(Shoeprint, 8),
            m(Notebook, 6),
            m(Shoeprint, 9),
        ],
    );
    let s = played(&s, &[Action::Pass, Action::Place(m(Shoeprint, 7))]);
    assert_eq!(
        refused(&s, Action::Place(m(Shoeprint, 8))),
        RuleError::DocksLimit
    );
    // Notebook is the trump: allowed, and it counts.
    let s = applied(&s, Action::Place(m(Notebook, 6)));
    assert_eq!(s.pile(0, M).len(), 2);
    refused(&s, Action::Place(m(Shoeprint, 9)));
    // The Detective has no such limit.
    let s = played(&s, &[Action::EndPlay]);
    let cards: Vec<Card> = s.hand(D).to_vec();
    let suit = cards[0].suit;
    let same: Vec<Card> = cards.iter().copied().filter(|c| c.suit == suit).collect();
    played(
        &s,
        &same.iter().map(|&c| Action::Place(c)).collect::<Vec<_>>(),
    );
}

// The Countryside: "each player draws 3 cards ... This location ability
// works once."
#[test]
fn location_countryside_draws_three_on_arrival_only() {
    let s = table(&[Location::Countryside]);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND + 3 + 2);
    }
    let s = played(
        &s,
        &[Action::PassSwap(s.hand(D)[0]), Action::Place(plain(&s, M))],
    );
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.hand(D).len(), 10 + 2, "only the round's draw");
}

// The Alley: "a maximum of 3 cards in their evidence pile ... To play
// additional cards a player must first discard one of their evidence cards
// already in play" (from the Alley, as part of a play).
#[test]
fn location_alley_holds_three_cards_per_pile() {
    let mut s = table(&[Location::Alley]);
    let pile = [d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)];
    set_pile(&mut s, 0, D, &pile[..2]);
    set_hand(&mut s, D, &[pile[2], d(Shoeprint, 9), d(Shoeprint, 8)]);
    assert_eq!(s.trump(0), None);
    assert_eq!(
        refused(&s, Action::AlleyClear(pile[0])),
        RuleError::AlleyRoom
    );
    let s = applied(&s, Action::Place(pile[2]));
    assert_eq!(
        refused(&s, Action::Place(d(Shoeprint, 9))),
        RuleError::AlleyFull
    );
    let s = applied(&s, Action::AlleyClear(d(Shoeprint, 3)));
    assert_eq!(s.phase(), Phase::MustPlace);
    assert_eq!(
        refused(&s, Action::EndPlay),
        RuleError::NotNow(Phase::MustPlace)
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 9)));
    assert_eq!(
        s.pile(0, D),
        [d(Shoeprint, 4), d(Shoeprint, 5), d(Shoeprint, 9)]
    );
    assert_eq!(s.discard(D), [d(Shoeprint, 3)]);
    // Only at the Alley.
    let mut t = table(&[Location::Station]);
    set_pile(&mut t, 0, D, &pile);
    assert_eq!(
        refused(&t, Action::AlleyClear(pile[0])),
        RuleError::NotHere(Location::Alley)
    );
}

// Ruling: clearing Alley room needs a card that could then be placed.
#[test]
fn ruling_alley_room_is_cleared_only_for_a_card_to_place() {
    let mut s = table(&[Location::Alley]);
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)],
    );
    set_hand(&mut s, D, &[d(Briefcase, 9)]);
    let s = played(&s, &[Action::Place(d(Briefcase, 9))][..0]);
    // The hand card could be placed after clearing: allowed.
    applied(&s, Action::AlleyClear(d(Shoeprint, 3)));
    let mut s = s;
    s.hands[0].clear();
    assert_eq!(
        refused(&s, Action::AlleyClear(d(Shoeprint, 3))),
        RuleError::NothingToPlace
    );
}

// The River: "Detective Graves may discard his entire hand to draw the
// same number of cards ... all or nothing".
#[test]
fn location_river_lets_the_detective_swap_the_whole_hand() {
    let s = table(&[Location::River]);
    assert_eq!((s.phase(), s.actor()), (Phase::River, D));
    let old = s.hand(D).to_vec();
    let swapped = applied(&s, Action::RiverRedraw);
    assert_eq!(swapped.discard(D), old.as_slice());
    assert!(old.iter().all(|c| !swapped.hand(D).contains(c)));
    assert_eq!(swapped.hand(D).len(), HAND + 2, "5 new, then the round's 2");
    assert_eq!(swapped.phase(), Phase::Play);
    let kept = applied(&s, Action::KeepHand);
    assert!(old.iter().all(|c| kept.hand(D).contains(c)));
    assert_eq!(
        refused(&s, Action::Mulligan),
        RuleError::NotNow(Phase::River)
    );
}

// Ruling: the River asks only a Detective with cards; the new hand is as
// large as the deck allows.
#[test]
fn ruling_river_without_a_hand_or_with_a_short_deck() {
    let mut s = table(&[Location::Station]);
    s.row[1] = Location::River;
    award(&mut s, 0, None);
    let hand = s.hands[0].clone();
    set_discard(&mut s, D, &hand);
    let mut empty = s.clone();
    empty.start_location(1, D);
    assert_eq!(empty.phase(), Phase::Play, "nothing to swap: no question");
    assert_eq!(empty.hand(D).len(), 2);
    let deck = s.decks[0].clone();
    set_hand(&mut s, D, &deck[..5]);
    set_discard(&mut s, D, &deck[5..deck.len() - 2]);
    assert_eq!(s.deck(D).len(), 2);
    s.start_location(1, D);
    assert_eq!(s.phase(), Phase::River);
    let s = applied(&s, Action::RiverRedraw);
    assert_eq!(
        s.hand(D).len(),
        2,
        "5 discarded, 2 drawn, none left for the round"
    );
    assert!(s.log().contains(&Event::RiverRedraw {
        seat: Seat(0),
        discarded: 5,
        drew: 2
    }));
}

// The Record Office: "Ace Cards played at this location are value 12 ...
// The Trump Ace is value 24 here."
#[test]
fn location_record_office_aces_are_worth_twelve() {
    let mut s = table(&[Location::RecordOffice]);
    set_pile(&mut s, 0, D, &[d(MagnifyingGlass, ACE), d(Shoeprint, ACE)]);
    assert_eq!(s.total(0, D), 24 + 12);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    assert_eq!(s.total(0, M), 9);
}

// The Park: "to play a non-trump card of value 6 or higher ... a player
// must first discard a card ... facedown without revealing what it was".
#[test]
fn location_park_charges_a_discard_for_big_non_trump_cards() {
    let mut s = table(&[Location::Park]);
    // Shoeprint is trump at the Park.
    set_hand(
        &mut s,
        D,
        &[
            d(Notebook, 7),
            d(Briefcase, 3),
            d(Shoeprint, 8),
            d(Notebook, 5),
        ],
    );
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 7))),
        RuleError::ParkCost(d(Notebook, 7))
    );
    // Trumps and small cards cost nothing.
    let s = played(
        &s,
        &[
            Action::Place(d(Shoeprint, 8)),
            Action::Place(d(Notebook, 5)),
        ],
    );
    let s = applied(&s, Action::ParkDiscard(d(Briefcase, 3)));
    assert_eq!(s.phase(), Phase::MustPlace);
    assert_eq!(s.legal_actions(), [Action::Place(d(Notebook, 7))]);
    let s = applied(&s, Action::Place(d(Notebook, 7)));
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert_eq!(s.pile(0, D).len(), 3);
    // Unseen by the other player.
    assert!(s.events_seen_by(Seat(1)).contains(&Event::ParkDiscard {
        seat: Seat(0),
        card: None
    }));
    assert!(s.events_seen_by(Seat(0)).contains(&Event::ParkDiscard {
        seat: Seat(0),
        card: Some(d(Briefcase, 3))
    }));
}

// Ruling: the Park discard needs a card to pay for, which must follow.
#[test]
fn ruling_park_discard_pays_for_the_next_card_only() {
    let mut s = table(&[Location::Park]);
    set_hand(
        &mut s,
        D,
        &[d(Notebook, 5), d(Briefcase, 3), d(Notebook, 9)],
    );
    assert_eq!(
        refused(&s, Action::ParkDiscard(d(Notebook, 9))),
        RuleError::NothingToPlace,
        "the only big card cannot pay for itself"
    );
    let s = applied(&s, Action::ParkDiscard(d(Briefcase, 3)));
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 5))),
        RuleError::ParkPaid(d(Notebook, 5))
    );
    let mut t = table(&[Location::Station]);
    set_hand(&mut t, D, &[d(Notebook, 5), d(Notebook, 9)]);
    assert_eq!(
        refused(&t, Action::ParkDiscard(d(Notebook, 5))),
        RuleError::NotHere(Location::Park)
    );
}

// The Station: "Location Ability: None".
#[test]
fn location_station_has_no_special_rule() {
    let s = table(&[Location::Station]);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.tokens(0), 5);
    let hand = s.hand(D).to_vec();
    let card = hand
        .iter()
        .copied()
        .find(|c| c.rank <= 4)
        .unwrap_or(hand[0]);
    applied(&s, Action::Place(card));
}

// The Slums: "Detective Graves may add or take away 1 time token from the
// slums and the location immediately following it ... none, 1 or both";
// spec: "tokens never go below 1 through its ability".
#[test]
fn location_slums_change_the_time_here_and_next() {
    let s = table(&[Location::Slums, Location::Station]);
    assert_eq!((s.phase(), s.actor()), (Phase::Slums, D));
    assert_eq!(s.legal_actions().len(), 9);
    let t = applied(&s, Action::SlumsTime { here: -1, next: 1 });
    assert_eq!((t.tokens(0), t.tokens(1)), (3, 6));
    assert_eq!(t.phase(), Phase::Play);
    let t = applied(&s, Action::SlumsTime { here: 1, next: -1 });
    assert_eq!((t.tokens(0), t.tokens(1)), (5, 4));
    refused(&s, Action::SlumsTime { here: 2, next: 0 });
    let mut low = s.clone();
    low.tokens[0] = 1;
    assert_eq!(
        refused(&low, Action::SlumsTime { here: -1, next: 0 }),
        RuleError::SlumsTime
    );
}

// Ruling: at the fifth location the Slums change only themselves.
#[test]
fn ruling_slums_last_in_the_row_change_only_themselves() {
    let mut s = table(&[Location::Station]);
    s.row[4] = Location::Slums;
    s.trumps[4] = Location::Slums.trump();
    s.tokens[4] = 4;
    for i in 0..4 {
        award(&mut s, i, None);
    }
    s.start_location(4, D);
    assert_eq!(s.phase(), Phase::Slums);
    assert_eq!(s.legal_actions().len(), 3);
    refused(&s, Action::SlumsTime { here: 0, next: 1 });
    let s = applied(&s, Action::SlumsTime { here: 1, next: 0 });
    assert_eq!(s.tokens(4), 5);
}

// The Museum: "players may draw the top of their discard pile instead of
// drawing from their deck. Any cards played for their special ability are
// removed from the game."
#[test]
fn location_museum_draws_from_the_discard_and_removes_ability_cards() {
    let mut s = table(&[Location::Museum]);
    assert_eq!(s.phase(), Phase::Play, "nothing discarded yet: no choice");
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    set_discard(&mut s, D, &[d(Notebook, 8), d(Notebook, ACE)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.removed(), [d(Briefcase, 3)]);
    assert_eq!(s.discard(D).len(), 2, "not to the discard");
    assert_eq!(s.all_pieces().len(), 100);
    let m_card = plain(&s, M);
    let s = played(
        &s,
        &[Action::EndPlay, Action::Place(m_card), Action::EndPlay],
    );
    // New round: the Detective (lead) chooses each draw.
    assert_eq!((s.phase(), s.actor()), (Phase::Draw, D));
    let s = applied(&s, Action::Draw(Source::Discard));
    assert!(
        s.hand(D).contains(&d(Notebook, ACE)),
        "the top of the discard"
    );
    let s = applied(&s, Action::Draw(Source::Deck));
    assert_eq!(s.discard(D), [d(Notebook, 8)]);
    // The Mastermind's discard is empty: its draws need no choice.
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
    assert!(s.log().contains(&Event::Drew {
        seat: Seat(0),
        count: 1,
        from_discard: 1,
        why: DrawFor::Round,
        cards: Some(CardSet::from_iter([d(Notebook, ACE)])),
    }));
}

// Ruling: the pass's replacement comes from the deck, also at the Museum;
// the Museum's cards come back when the case ends.
#[test]
fn ruling_museum_pass_draws_from_the_deck_and_removed_cards_return() {
    let mut s = table(&[Location::Museum]);
    set_discard(&mut s, D, &[d(Notebook, ACE)]);
    let top = *s.deck(D).last().unwrap();
    let card = s.hand(D)[0];
    let s = applied(&s, Action::PassSwap(card));
    assert!(s.hand(D).contains(&top));
    let mut s = s;
    set_hand(&mut s, M, &[m(Briefcase, 3)]);
    let s = applied(&s, Action::UseAbility(m(Briefcase, 3)));
    assert_eq!(s.removed(), [m(Briefcase, 3)]);
    let s = played(&s, &[Action::EndPlay]);
    let s = skip_to_unmasking(&s);
    let s = played(&s, &[Action::Reveal]);
    assert!(s.removed().is_empty());
    assert_eq!(s.hand(M).len() + s.deck(M).len(), 45);
}
