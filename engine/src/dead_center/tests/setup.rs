//! Setup: the decks of the variants, the zombies and the cabin dealt, seeds, hidden zombies.

use super::*;

// Ruling "Deck": 52 cards plus 2 jokers by default ("Standard"); the 40 number
// cards and the jokers are shuffled, 9 dealt as the cabin, the rest (33 with
// 2 jokers) are the draw deck.
#[test]
fn ruling_deck_standard_has_two_jokers_and_33_card_draw_deck() {
    let state = State::new(Variant::Standard, 7);
    assert_eq!(Variant::Standard.jokers(), 2);
    assert_eq!(state.deck_len(), 33);
    assert_eq!(state.all_pieces().len(), 54);
    assert_eq!(
        state.all_pieces().iter().filter(|c| c.is_joker()).count(),
        2
    );
}

// Ruling "Deck": 1 joker ("Hard", the designer's preferred).
#[test]
fn ruling_deck_hard_has_one_joker_and_32_card_draw_deck() {
    let state = State::new(Variant::Hard, 7);
    assert_eq!(state.deck_len(), 32);
    assert_eq!(state.all_pieces().len(), 53);
    assert_eq!(
        state.all_pieces().iter().filter(|c| c.is_joker()).count(),
        1
    );
}

// Ruling "Deck": 0 jokers ("Nightmare").
#[test]
fn ruling_deck_nightmare_has_no_joker_and_31_card_draw_deck() {
    let state = State::new(Variant::Nightmare, 7);
    assert_eq!(state.deck_len(), 31);
    assert_eq!(state.all_pieces().len(), 52);
    assert!(state.all_pieces().iter().all(|c| !c.is_joker()));
}

// Ruling "Deck": 52 cards plus jokers, each exactly once.
#[test]
fn ruling_deck_is_52_cards_plus_jokers_each_exactly_once() {
    for variant in Variant::ALL {
        for seed in 0..20 {
            let state = State::new(variant, seed);
            assert_eq!(
                sorted(state.all_pieces()),
                sorted(Card::deck(variant.jokers())),
                "{variant:?} seed {seed}"
            );
            assert_eq!(state.validate(), Ok(()));
        }
    }
}

// Rule "Setup": "Separate the twelve face cards (zombies) ... Shuffle the face
// cards, and deal one each face down on the twelve spaces."
#[test]
fn rule_setup_twelve_face_card_zombies_dealt_face_down() {
    for seed in 0..20 {
        let state = State::new(Variant::Standard, seed);
        let mut zombies = Vec::new();
        for space in 0..SPACES {
            match state.zombies[space] {
                Zombie::FaceDown(card) => zombies.push(card),
                other => panic!("space {space} dealt {other:?}"),
            }
        }
        assert_eq!(sorted(zombies), sorted(face_cards().to_vec()));
        assert_eq!(state.zombies_left(), 12);
    }
}

// Rule "Setup": "Shuffle the rest of the deck, and deal nine cards (the
// cabin) face up in a 3 by 3 grid."
#[test]
fn rule_setup_cabin_is_nine_number_cards_one_per_pile() {
    for seed in 0..20 {
        let state = State::new(Variant::Standard, seed);
        for pile in 0..PILES {
            assert_eq!(state.pile(pile).len(), 1);
            assert!(!state.top(pile).is_face());
        }
        assert!(state.deck.iter().all(|c| !c.is_face()));
    }
}

// Ruling "All games": a deal is replayed from its seed — so the deal must stay
// exactly: `Card::deck` split into number cards (+ jokers) and face cards, the
// first shuffled then the second with one `Pcg32` seeded from the seed; the
// first nine number cards are the cabin, the rest the deck (top last).
#[test]
fn ruling_deal_from_a_seed_never_changes() {
    use rand::SeedableRng;
    for variant in Variant::ALL {
        for seed in [0, 1, 2, 12_345, u64::MAX] {
            let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
            let (mut faces, mut others): (Vec<Card>, Vec<Card>) = Card::deck(variant.jokers())
                .into_iter()
                .partition(|c| c.is_face());
            shuffle(&mut others, &mut rng);
            shuffle(&mut faces, &mut rng);
            let state = State::new(variant, seed);
            for (pile, &card) in others[..PILES].iter().enumerate() {
                assert_eq!(state.pile(pile), [card]);
            }
            assert_eq!(state.deck, others[PILES..]);
            assert_eq!(
                state.zombies.to_vec(),
                faces.into_iter().map(Zombie::FaceDown).collect::<Vec<_>>()
            );
        }
    }
    // One fixed deal written out, to catch a change in `shuffle` or `Pcg32`.
    let state = State::new(Variant::Standard, 1);
    let tops: Vec<String> = (0..PILES).map(|p| state.top(p).to_string()).collect();
    assert_eq!(tops.join(" "), "5♦ 3♠ 10♣ 5♣ 8♦ A♦ 10♥ 7♠ 8♣");
}

// Ruling "Deck": the number cards and the jokers are shuffled together, so a
// joker may be dealt into the cabin or anywhere in the deck, never as a zombie.
#[test]
fn ruling_jokers_shuffled_with_number_cards_into_cabin_or_deck() {
    let mut in_cabin = false;
    let mut in_deck = false;
    for seed in 0..200 {
        let state = State::new(Variant::Standard, seed);
        in_cabin |= (0..PILES).any(|p| state.top(p).is_joker());
        in_deck |= state.deck.iter().any(|c| c.is_joker());
    }
    assert!(in_cabin && in_deck);
}

// Ruling "All games": a deal can be replayed from its seed.
#[test]
fn ruling_same_seed_deals_the_same_game() {
    for variant in Variant::ALL {
        assert_eq!(State::new(variant, 42), State::new(variant, 42));
        assert_ne!(State::new(variant, 42), State::new(variant, 43));
        assert_eq!(State::new(variant, 42).seed(), 42);
        assert_eq!(State::new(variant, 42).variant(), variant);
    }
}

// The variants are named in URLs and storage by their slug.
#[test]
fn variant_slugs_round_trip() {
    for variant in Variant::ALL {
        assert_eq!(Variant::from_slug(variant.slug()), Some(variant));
    }
    assert_eq!(Variant::from_slug("easy"), None);
}

// Ruling "All games": hidden information stays hidden: a face-down zombie is
// shown as hidden until revealed.
#[test]
fn ruling_face_down_zombie_is_hidden_from_the_player() {
    let mut state = State::new(Variant::Standard, 3);
    assert!((0..SPACES).all(|s| state.zombie(s) == ZombieView::Hidden));
    let Zombie::FaceDown(card) = state.zombies[5] else {
        unreachable!()
    };
    state.apply(Action::Reveal(5)).unwrap();
    assert_eq!(state.zombie(5), ZombieView::Alive(card));
    assert_eq!(state.zombie(4), ZombieView::Hidden);
}
