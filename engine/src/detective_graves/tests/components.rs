//! The components: the decks, the ability table, the twelve locations and the ten evidence cards.

use super::*;

// "Each player's deck has 45 cards: five suits × nine ranks" (2–9 and A).
#[test]
fn spec_decks_of_45_cards_five_suits_nine_ranks() {
    for role in Role::ALL {
        let mut deck = Card::deck(role);
        assert_eq!(deck.len(), DECK_SIZE);
        deck.sort();
        deck.dedup();
        assert_eq!(deck.len(), 45);
        for suit in Suit::ALL {
            let ranks: Vec<u8> = deck
                .iter()
                .filter(|c| c.suit == suit)
                .map(|c| c.rank)
                .collect();
            assert_eq!(ranks, [2, 3, 4, 5, 6, 7, 8, 9, ACE]);
        }
    }
    let keys: std::collections::BTreeSet<usize> = Card::all().iter().map(|c| c.key()).collect();
    assert_eq!(keys.len(), 90);
    assert_eq!(keys.last(), Some(&89));
}

// "Aces count as value 10 in this game." / Record Office: "Ace Cards ...
// are value 12".
#[test]
fn rule_aces_are_worth_ten_twelve_at_the_record_office() {
    let ace = d(Notebook, ACE);
    assert_eq!(ace.value(false), 10);
    assert_eq!(ace.value(true), 12);
    assert_eq!(d(Notebook, 7).value(true), 7);
    assert_eq!(ace.rank_label(), "A");
    assert_eq!(ace.name(), "Ace of Notebook");
}

// The spec's table: 3–6 carry the decks' abilities; 7, 8, 9 and A none; a
// deuce changes the trump when placed.
#[test]
fn spec_ability_table() {
    use Ability::*;
    let expect = [
        (3, FreshLead, Accomplice),
        (4, Stakeout, CoverUp),
        (5, Overtime, SmokeAndMirrors),
        (6, Warrant, Bribe),
    ];
    for suit in Suit::ALL {
        for (rank, det, mm) in expect {
            assert_eq!(d(suit, rank).ability(), Some(det));
            assert_eq!(m(suit, rank).ability(), Some(mm));
        }
        for rank in [2, 7, 8, 9, ACE] {
            assert_eq!(d(suit, rank).ability(), None);
            assert_eq!(m(suit, rank).ability(), None);
        }
        assert!(d(suit, 2).is_deuce());
    }
    for ability in [FreshLead, Stakeout, Overtime, Warrant] {
        assert!(!ability.name().is_empty() && !ability.text().is_empty());
    }
    assert_eq!(CoverUp.name(), "Cover-up");
    assert_eq!(SmokeAndMirrors.name(), "Smoke and Mirrors");
    assert!(!DEUCE_TEXT.is_empty());
}

// "12 Large Sized Location Cards"; the second "Bank Vault" (7 turns,
// Notebooks) is The Docks.
#[test]
fn spec_twelve_locations_and_the_docks() {
    let names: std::collections::BTreeSet<&str> = Location::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names.len(), 12);
    let table = [
        (Location::BankVault, 5, Some(MagnifyingGlass)),
        (Location::Library, 5, Some(Briefcase)),
        (Location::PalaceGrounds, 5, Some(Shoeprint)),
        (Location::Docks, 7, Some(Notebook)),
        (Location::Countryside, 5, Some(Briefcase)),
        (Location::Alley, 5, None),
        (Location::River, 4, None),
        (Location::RecordOffice, 4, Some(MagnifyingGlass)),
        (Location::Park, 3, Some(Shoeprint)),
        (Location::Station, 5, Some(Notebook)),
        (Location::Slums, 4, Some(QuestionMark)),
        (Location::Museum, 3, Some(QuestionMark)),
    ];
    for (location, time, trump) in table {
        assert_eq!(location.time(), time, "{location:?}");
        assert_eq!(location.trump(), trump, "{location:?}");
        assert!(!location.ability_text().is_empty());
    }
    assert_eq!(Location::Docks.name(), "The Docks");
}

// "Ten evidence cards, one for each pair of identities": each clears two
// and leaves three viable; six are left by each identity.
#[test]
fn spec_ten_evidence_cards_one_per_pair() {
    let mut pairs = std::collections::BTreeSet::new();
    for e in Evidence::ALL {
        assert_ne!(e.cleared[0], e.cleared[1]);
        let mut pair = e.cleared;
        pair.sort();
        pairs.insert(pair);
        assert_eq!(e.viable().count(), 3);
        assert_eq!(Evidence::ALL[e.index()], e);
        assert!(e.text().starts_with("Clears "));
    }
    assert_eq!(pairs.len(), 10);
    for identity in Identity::ALL {
        assert_eq!(Evidence::left_by(identity).count(), 6);
        assert!(!identity.name().is_empty() && !identity.symbol().is_empty());
    }
}

// "Any two cleared pairs that do not overlap identify the Mastermind."
#[test]
fn spec_two_disjoint_cleared_pairs_identify_the_mastermind() {
    use Identity::*;
    let e = |a, b| Evidence { cleared: [a, b] };
    assert_eq!(possible_identities(&[]).len(), 5);
    assert_eq!(
        possible_identities(&[e(Professor, Countess)]),
        [Magician, Banker, Surgeon]
    );
    assert_eq!(
        possible_identities(&[e(Professor, Countess), e(Magician, Banker)]),
        [Surgeon]
    );
    // Overlapping pairs leave two.
    assert_eq!(
        possible_identities(&[e(Professor, Countess), e(Professor, Banker)]),
        [Magician, Surgeon]
    );
    // Any evidence left by a Mastermind keeps them possible.
    for identity in Identity::ALL {
        let left: Vec<Evidence> = Evidence::left_by(identity).collect();
        assert_eq!(possible_identities(&left), [identity]);
    }
}
