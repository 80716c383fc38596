//! Where a drawn card may be played (ruling "Legal pile"; aces and jokers).

use super::*;

// Ruling "Legal pile": value(C) == value(T) — a card of equal value, whatever
// the colours.
#[test]
fn ruling_legal_pile_equal_value_any_colour() {
    for top in [h(7), d(7), s(7), c(7)] {
        for card in [h(7), d(7), s(7), c(7)] {
            assert!(can_place(card, top), "{card} on {top}");
        }
    }
}

// Ruling "Legal pile": same colour and value(T) > value(C) — build down in
// one colour; a same-colour card that is higher is refused.
#[test]
fn ruling_legal_pile_same_colour_must_be_lower() {
    assert!(can_place(h(4), d(7)));
    assert!(can_place(c(1), s(10)));
    assert!(can_place(s(6), c(7)));
    assert!(!can_place(h(8), d(7)));
    assert!(!can_place(s(10), s(9)));
    assert!(!can_place(c(2), c(1)));
}

// Ruling "Legal pile": opposite colour and value(T) < value(C) — build up in
// alternating colours; an opposite-colour card that is lower is refused.
#[test]
fn ruling_legal_pile_opposite_colour_must_be_higher() {
    assert!(can_place(h(8), s(7)));
    assert!(can_place(c(10), d(1)));
    assert!(can_place(d(2), c(1)));
    assert!(!can_place(h(6), s(7)));
    assert!(!can_place(s(1), h(10)));
    assert!(!can_place(c(9), d(10)));
}

// Rule "Play a card": "Aces have value 1."
#[test]
fn rule_aces_have_value_one() {
    assert!(can_place(h(1), d(2))); // same colour, lower
    assert!(!can_place(h(2), d(1))); // same colour, higher
    assert!(can_place(s(2), d(1))); // other colour, higher
    assert!(!can_place(s(1), d(2))); // other colour, lower
    assert!(can_place(s(1), d(1))); // equal
}

// Rule "Play a card": "Jokers may be played on any card, and have any card
// played on it."
#[test]
fn rule_joker_goes_on_any_card_and_takes_any_card() {
    for suit in Suit::ALL {
        for rank in 1..=10 {
            let card = Card::new(rank, suit);
            assert!(can_place(JOKER, card), "joker on {card}");
            assert!(can_place(card, JOKER), "{card} on joker");
        }
    }
    assert!(can_place(Card::Joker(0), Card::Joker(1)));
}

// Ruling "Legal pile", all number cards against each other: the three cases
// above and nothing else.
#[test]
fn ruling_legal_pile_exactly_the_three_cases() {
    let red = |card: Card| card.colour() == Some(Colour::Red);
    for cs in Suit::ALL {
        for ts in Suit::ALL {
            for cv in 1..=10u8 {
                for tv in 1..=10u8 {
                    let (card, top) = (Card::new(cv, cs), Card::new(tv, ts));
                    let expected = cv == tv
                        || (red(card) == red(top) && tv > cv)
                        || (red(card) != red(top) && tv < cv);
                    assert_eq!(can_place(card, top), expected, "{card} on {top}");
                }
            }
        }
    }
}

// Ruling "Legal pile": the legal piles offered are exactly those the drawn
// card may go on.
#[test]
fn ruling_legal_piles_offered_are_exactly_the_legal_ones() {
    // 2♦ in hand on A♣ A♦ A♥ A♠ 2♣ 2♦ 2♥ 2♠ 3♣: on A♣ and A♠ (other colour,
    // higher), on the four twos (equal); not on red aces nor on 3♣.
    let state = placing(d(2));
    assert_eq!(state.legal_piles(), [0, 3, 4, 5, 6, 7]);
    let mut places: Vec<Action> = [0u8, 3, 4, 5, 6, 7]
        .into_iter()
        .map(Action::Place)
        .collect();
    places.push(Action::Hint);
    assert_eq!(state.legal_actions(), places);
}

// Rule "Play a card": "play it face up into one of the central nine piles";
// an illegal pile is refused with the reason and nothing changes.
#[test]
fn ruling_illegal_pile_refused_and_state_untouched() {
    let state = placing(d(2));
    assert_eq!(
        refused(&state, Action::Place(1)),
        RuleError::IllegalPile {
            card: d(2),
            top: d(1)
        }
    );
    assert_eq!(
        refused(&state, Action::Place(8)),
        RuleError::IllegalPile {
            card: d(2),
            top: c(3)
        }
    );
    assert_eq!(
        refused(&state, Action::Place(PILES as u8)),
        RuleError::NoSuchPile
    );
    let message = RuleError::IllegalPile {
        card: d(2),
        top: d(1),
    }
    .to_string();
    assert!(
        message.contains("2♦") && message.contains("A♦"),
        "{message}"
    );
}

// Rule "Play a card": "Cards you play on a pile become the new top card of
// that pile."
#[test]
fn rule_played_card_becomes_the_new_top_of_the_pile() {
    let state = placing(d(2));
    let next = applied(&state, Action::Place(4));
    assert_eq!(next.pile(4), [c(2), d(2)]);
    assert_eq!(next.top(4), d(2));
    assert_eq!(next.drawn(), None);
}
