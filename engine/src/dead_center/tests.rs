//! One test per clause of the published rule text and per Dead Center ruling
//! of `docs/rulings.md`. Each test's name says which clause it checks; the comment
//! above it quotes or paraphrases the clause.

use super::*;
use crate::cards::{JACK, KING, QUEEN};

fn h(rank: u8) -> Card {
    Card::new(rank, Suit::Hearts)
}
fn d(rank: u8) -> Card {
    Card::new(rank, Suit::Diamonds)
}
fn s(rank: u8) -> Card {
    Card::new(rank, Suit::Spades)
}
fn c(rank: u8) -> Card {
    Card::new(rank, Suit::Clubs)
}
const JOKER: Card = Card::Joker(0);

impl State {
    /// A hand-built position: one card on each pile, the given zombies, the
    /// deck (top card last) and the step to take. No undo record, turn 0.
    pub(crate) fn from_parts(
        tops: [Card; PILES],
        zombies: [Zombie; SPACES],
        deck: Vec<Card>,
        phase: Phase,
    ) -> State {
        State {
            variant: Variant::Standard,
            seed: 0,
            cabin: tops.map(|card| vec![card]),
            zombies,
            deck,
            phase,
            turns: 0,
            undoable: None,
            assisted: false,
            history: Vec::new(),
        }
    }

    /// Replaces the top of some piles (test positions only).
    fn with_tops(mut self, tops: &[(usize, Card)]) -> State {
        for &(pile, card) in tops {
            self.cabin[pile] = vec![card];
        }
        self
    }

    fn with_zombie(mut self, space: usize, zombie: Zombie) -> State {
        self.zombies[space] = zombie;
        self
    }
}

/// The twelve face cards, one per space: J, Q, K of clubs, diamonds, hearts, spades.
fn face_cards() -> [Card; ZOMBIES] {
    let mut faces = [JOKER; ZOMBIES];
    let mut i = 0;
    for suit in Suit::ALL {
        for rank in [JACK, QUEEN, KING] {
            faces[i] = Card::new(rank, suit);
            i += 1;
        }
    }
    faces
}

/// A board of aces, twos and a three: no two supports reach 10 anywhere.
const WEAK_BOARD: [Card; PILES] = [
    Card::new(1, Suit::Clubs),
    Card::new(1, Suit::Diamonds),
    Card::new(1, Suit::Hearts),
    Card::new(1, Suit::Spades),
    Card::new(2, Suit::Clubs),
    Card::new(2, Suit::Diamonds),
    Card::new(2, Suit::Hearts),
    Card::new(2, Suit::Spades),
    Card::new(3, Suit::Clubs),
];

fn all_face_up() -> [Zombie; SPACES] {
    face_cards().map(Zombie::FaceUp)
}

fn all_face_down() -> [Zombie; SPACES] {
    face_cards().map(Zombie::FaceDown)
}

/// Every zombie face up on a weak board, with `drawn` in hand and a few
/// cards left in the deck.
fn placing(drawn: Card) -> State {
    State::from_parts(
        WEAK_BOARD,
        all_face_up(),
        vec![c(4), d(4), h(4)],
        Phase::Place { drawn },
    )
}

/// A corner position: pile 0 holds 5♦ and 5♠ is in hand. The zombie above
/// column 0 (space 0, J♥) is supported by piles 3 and 6 (4♣ + 6♣ = 10); the
/// zombie left of row 0 (space 6, J♠) by piles 1 and 2 (A♦ + A♥ = 2).
fn corner_attack() -> State {
    placing(s(5))
        .with_tops(&[(0, d(5)), (3, c(4)), (6, c(6)), (1, d(1)), (2, h(1))])
        .with_zombie(0, Zombie::FaceUp(h(JACK)))
        .with_zombie(6, Zombie::FaceUp(s(JACK)))
}

/// Applies `action` to a copy of `state`, expects it refused, checks that
/// the copy is unchanged, and returns the error.
/// `check` says the same, without changing anything either.
fn refused(state: &State, action: Action) -> RuleError {
    let mut copy = state.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, state, "refusing {action:?} changed the state");
    assert_eq!(state.check(&action), Err(err), "check disagrees with apply");
    err
}

fn applied(state: &State, action: Action) -> State {
    events_of(state, action).0
}

/// Applies `action` to a copy of `state` (which `check` must accept) and
/// returns the new state and the events.
fn events_of(state: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(state.check(&action), Ok(()), "check refuses {action:?}");
    let mut next = state.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e:?}"));
    (next, events)
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

// ---------------------------------------------------------------- setup ----

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

// ------------------------------------------------------- zombie spaces ----

// Ruling "Zombie spaces": 3 above the cabin (one per column), 3 below, 3 left
// (one per row), 3 right, each next to the cabin pile beside it.
#[test]
fn ruling_zombie_spaces_three_above_below_left_right() {
    // (side, index, adjacent pile) for spaces 0..12; piles are row * 3 + col.
    let expected = [
        (Side::Above, 0, 0),
        (Side::Above, 1, 1),
        (Side::Above, 2, 2),
        (Side::Below, 0, 6),
        (Side::Below, 1, 7),
        (Side::Below, 2, 8),
        (Side::Left, 0, 0),
        (Side::Left, 1, 3),
        (Side::Left, 2, 6),
        (Side::Right, 0, 2),
        (Side::Right, 1, 5),
        (Side::Right, 2, 8),
    ];
    for (space, (side, index, pile)) in expected.into_iter().enumerate() {
        let sp = Space::of(space);
        assert_eq!((sp.side, sp.index), (side, index), "space {space}");
        assert_eq!(sp.adjacent_pile(), pile, "space {space}");
    }
}

// Rule "Kill a Zombie": "The four corners of the 9x9 grid have two adjacent
// zombies each, the edges have one, and the center has none."
#[test]
fn rule_corners_have_two_adjacent_zombies_edges_one_centre_none() {
    let counts: Vec<usize> = (0..PILES).map(|p| spaces_next_to(p).count()).collect();
    assert_eq!(counts, [2, 1, 2, 1, 0, 1, 2, 1, 2]);
    assert_eq!(spaces_next_to(0).collect::<Vec<_>>(), [0, 6]);
    assert_eq!(spaces_next_to(8).collect::<Vec<_>>(), [5, 11]);
    assert_eq!(spaces_next_to(4).count(), 0);
    assert_eq!(spaces_next_to(PILES).count(), 0);
}

// The tables used on the hot paths agree with the layout of the spaces.
#[test]
fn spaces_next_to_matches_the_space_layout() {
    for pile in 0..PILES {
        let expected: Vec<usize> = (0..SPACES)
            .filter(|&s| Space::of(s).adjacent_pile() == pile)
            .collect();
        assert_eq!(spaces_next_to(pile).collect::<Vec<_>>(), expected);
    }
    for space in 0..SPACES {
        assert_eq!(ADJACENT_PILE[space], Space::of(space).adjacent_pile());
        assert_eq!(SUPPORT_PILES[space], Space::of(space).support_piles());
    }
}

// Ruling "Attack": the line is the row (left/right zombies) or column
// (top/bottom zombies) through the pile; the supports are the other two
// piles of that line.
#[test]
fn ruling_support_piles_are_the_other_two_of_the_row_or_column() {
    let expected: [[usize; 2]; SPACES] = [
        [3, 6],
        [4, 7],
        [5, 8],
        [0, 3],
        [1, 4],
        [2, 5],
        [1, 2],
        [4, 5],
        [7, 8],
        [0, 1],
        [3, 4],
        [6, 7],
    ];
    for (space, supports) in expected.into_iter().enumerate() {
        let sp = Space::of(space);
        let mut got = sp.support_piles();
        got.sort();
        assert_eq!(got, supports, "space {space}");
        let mut line = vec![sp.adjacent_pile(), got[0], got[1]];
        line.sort();
        assert_eq!(line, sp.line().to_vec(), "space {space}");
    }
}

// Rule "Play a card": "Cards you play on a pile become the new top card of
// that pile" — so the supports are the top cards of the support piles.
#[test]
fn rule_supports_are_the_top_cards_of_their_piles() {
    let mut state = corner_attack();
    state.cabin[3] = vec![c(9), c(4)];
    state.cabin[6] = vec![c(10), c(6)];
    assert_eq!(state.supports(0), [c(4), c(6)]);
    assert_eq!(state.supports(6), [d(1), h(1)]);
}

// --------------------------------------------------------- turn order ----

// Ruling "Turn order is strict": (1) if any zombie is face down, the player
// must choose one and reveal it.
#[test]
fn ruling_reveal_is_mandatory_while_any_zombie_is_face_down() {
    let state = State::new(Variant::Standard, 1);
    assert_eq!(state.phase(), Phase::Reveal);
    let mut expected: Vec<Action> = (0..SPACES as u8).map(Action::Reveal).collect();
    expected.push(Action::Hint);
    assert_eq!(state.legal_actions(), expected);

    // With one zombie left face down, only that one may be revealed.
    let one_down = State::from_parts(WEAK_BOARD, all_face_up(), vec![c(5)], Phase::Reveal)
        .with_zombie(9, Zombie::FaceDown(s(KING)));
    assert_eq!(one_down.legal_actions(), [Action::Reveal(9), Action::Hint]);
    assert_eq!(
        refused(&one_down, Action::Reveal(3)),
        RuleError::NotFaceDown
    );
}

// Rule "Reveal a Zombie": "choose and reveal one of them by turning the card
// face up" — exactly the chosen zombie turns face up.
#[test]
fn rule_reveal_turns_the_chosen_zombie_face_up() {
    let state = State::new(Variant::Hard, 11);
    let Zombie::FaceDown(card) = state.zombies[7] else {
        unreachable!()
    };
    let next = applied(&state, Action::Reveal(7));
    assert_eq!(next.zombies[7], Zombie::FaceUp(card));
    for space in (0..SPACES).filter(|&s| s != 7) {
        assert_eq!(next.zombies[space], state.zombies[space]);
    }
}

// Rule "Reveal a Zombie": only face-down zombies can be revealed (face-up and
// dead ones are refused), and there are only twelve spaces.
#[test]
fn rule_reveal_only_a_face_down_zombie() {
    let state = State::from_parts(WEAK_BOARD, all_face_down(), vec![c(5)], Phase::Reveal)
        .with_zombie(0, Zombie::FaceUp(h(JACK)))
        .with_zombie(1, Zombie::Dead(h(QUEEN)));
    assert_eq!(refused(&state, Action::Reveal(0)), RuleError::NotFaceDown);
    assert_eq!(refused(&state, Action::Reveal(1)), RuleError::NotFaceDown);
    assert_eq!(
        refused(&state, Action::Reveal(SPACES as u8)),
        RuleError::NoSuchSpace
    );
    assert!(applied(&state, Action::Reveal(2)).zombie(2) != ZombieView::Hidden);
}

// Ruling "Turn order": the reveal choice is made before the drawn card is
// seen: nothing is in hand during the reveal step, and revealing draws the
// top card of the deck.
#[test]
fn ruling_reveal_choice_made_before_the_drawn_card_is_seen() {
    let state = State::new(Variant::Standard, 5);
    assert_eq!(state.drawn(), None);
    let top = *state.deck.last().unwrap();
    let next = applied(&state, Action::Reveal(0));
    assert_eq!(next.drawn(), Some(top));
    assert_eq!(next.phase(), Phase::Place { drawn: top });
    assert_eq!(next.deck_len(), state.deck_len() - 1);
}

// Ruling "Turn order": reveal comes before the draw: drawing in the reveal
// step is refused.
#[test]
fn ruling_reveal_before_draw_draw_refused_in_reveal_step() {
    let state = State::new(Variant::Standard, 5);
    assert_eq!(
        refused(&state, Action::Draw),
        RuleError::WrongStep {
            expected: Phase::Reveal
        }
    );
}

// Rule "Reveal a Zombie": "As there are twelve zombies, this only happens
// during the first twelve turns"; afterwards each turn starts with a draw.
#[test]
fn rule_reveal_only_during_the_first_twelve_turns() {
    let mut longest = 0;
    for seed in 0..60 {
        let mut state = State::new(Variant::Standard, seed);
        let mut turn_started = true;
        while !state.is_over() {
            if turn_started {
                let expected = if state.turns() < 12 {
                    Phase::Reveal
                } else {
                    Phase::Draw
                };
                assert_eq!(
                    state.phase(),
                    expected,
                    "seed {seed} turn {}",
                    state.turns()
                );
            }
            let before = state.turns();
            // Kill when possible, otherwise take the first legal action.
            let actions = state.legal_actions();
            let action = actions
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Kill(_)))
                .unwrap_or(actions[0]);
            state.apply(action).unwrap();
            turn_started = state.turns() != before;
        }
        longest = longest.max(state.turns());
    }
    assert!(longest > 12, "no game lasted past the reveals");
}

// Ruling "Turn order": once every zombie is face up, each turn starts by
// drawing; a reveal is then refused.
#[test]
fn ruling_draw_step_once_every_zombie_is_face_up() {
    let state = placing(s(5)).with_tops(&[(0, d(5))]);
    let after = applied(&state, Action::Place(0));
    assert_eq!(after.phase(), Phase::Draw);
    assert_eq!(
        after.legal_actions(),
        [Action::Draw, Action::Undo, Action::Hint]
    );
    assert_eq!(
        refused(&after, Action::Reveal(0)),
        RuleError::WrongStep {
            expected: Phase::Draw
        }
    );
    let drawn = applied(&after, Action::Draw);
    assert_eq!(drawn.phase(), Phase::Place { drawn: h(4) });
}

// Ruling "Turn order": (2) the top card is drawn and must be played; nothing
// else may be done with a card in hand.
#[test]
fn ruling_drawn_card_must_be_played_before_anything_else() {
    let state = placing(s(5));
    let expected = RuleError::WrongStep {
        expected: Phase::Place { drawn: s(5) },
    };
    for action in [
        Action::Reveal(0),
        Action::Draw,
        Action::Kill(0),
        Action::EndTurn,
    ] {
        assert_eq!(refused(&state, action), expected, "{action:?}");
    }
    assert_eq!(refused(&state, Action::Undo), RuleError::NothingToUndo);
}

// Ruling "Turn order is strict": every action out of its step is refused with
// the step expected, in every step.
#[test]
fn ruling_strict_turn_order_errors_name_the_expected_step() {
    let reveal = State::new(Variant::Standard, 9);
    for action in [
        Action::Draw,
        Action::Place(0),
        Action::Kill(0),
        Action::EndTurn,
    ] {
        assert_eq!(
            refused(&reveal, action),
            RuleError::WrongStep {
                expected: Phase::Reveal
            }
        );
    }
    let draw = State::from_parts(WEAK_BOARD, all_face_up(), vec![c(5)], Phase::Draw);
    for action in [
        Action::Reveal(0),
        Action::Place(0),
        Action::Kill(0),
        Action::EndTurn,
    ] {
        assert_eq!(
            refused(&draw, action),
            RuleError::WrongStep {
                expected: Phase::Draw
            }
        );
    }
    let attack = applied(&corner_attack(), Action::Place(0));
    assert_eq!(attack.phase(), Phase::Attack { pile: 0 });
    for action in [Action::Reveal(0), Action::Draw, Action::Place(0)] {
        assert_eq!(
            refused(&attack, action),
            RuleError::WrongStep {
                expected: Phase::Attack { pile: 0 }
            }
        );
    }
}

// --------------------------------------------------------- legal pile ----

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

// -------------------------------------------------------------- attack ----

// Ruling "Attack": the support values must sum to 10 or more (Jack: no suit
// condition).
#[test]
fn ruling_attack_needs_support_sum_at_least_ten() {
    assert_eq!(attack(h(JACK), [c(4), s(6)]), Ok(()));
    assert_eq!(attack(h(JACK), [c(10), s(10)]), Ok(()));
    assert_eq!(
        attack(h(JACK), [c(4), s(5)]),
        Err(AttackFailure::TooWeak { sum: 9 })
    );
    assert_eq!(
        attack(s(KING), [s(4), s(5)]),
        Err(AttackFailure::TooWeak { sum: 9 })
    );
    assert_eq!(
        attack(d(QUEEN), [h(1), d(8)]),
        Err(AttackFailure::TooWeak { sum: 9 })
    );
}

// Rule "Kill a Zombie": "There are no suit restrictions to kill jacks."
#[test]
fn rule_jack_has_no_suit_restriction() {
    for a in Suit::ALL {
        for b in Suit::ALL {
            let supports = [Card::new(3, a), Card::new(7, b)];
            for jack_suit in Suit::ALL {
                assert_eq!(attack(Card::new(JACK, jack_suit), supports), Ok(()));
            }
        }
    }
}

// Rule/ruling "To kill a queen, both support cards must match the queen's
// color."
#[test]
fn ruling_queen_needs_both_supports_of_her_colour() {
    assert_eq!(attack(h(QUEEN), [d(5), h(5)]), Ok(()));
    assert_eq!(attack(s(QUEEN), [c(2), c(8)]), Ok(()));
    assert_eq!(
        attack(h(QUEEN), [d(5), s(5)]),
        Err(AttackFailure::QueenNeedsColour {
            colour: Colour::Red
        })
    );
    assert_eq!(
        attack(c(QUEEN), [h(10), d(10)]),
        Err(AttackFailure::QueenNeedsColour {
            colour: Colour::Black
        })
    );
}

// Rule/ruling "To kill a king, both support cards must match the king's
// suit" — the same colour is not enough.
#[test]
fn ruling_king_needs_both_supports_of_its_suit() {
    assert_eq!(attack(s(KING), [s(4), s(6)]), Ok(()));
    assert_eq!(
        attack(s(KING), [s(4), c(6)]),
        Err(AttackFailure::KingNeedsSuit { suit: Suit::Spades })
    );
    assert_eq!(
        attack(h(KING), [d(10), h(10)]),
        Err(AttackFailure::KingNeedsSuit { suit: Suit::Hearts })
    );
}

// Rule "When used as an attack support card, Jokers have value zero but count
// as all suits"; ruling: "A joker support counts as every suit and both
// colours."
#[test]
fn ruling_joker_support_counts_zero_and_every_suit() {
    for suit in Suit::ALL {
        let ten = Card::new(10, suit);
        assert_eq!(attack(Card::new(KING, suit), [JOKER, ten]), Ok(()));
        assert_eq!(attack(Card::new(KING, suit), [ten, JOKER]), Ok(()));
        for queen_suit in Suit::ALL
            .into_iter()
            .filter(|q| q.colour() == suit.colour())
        {
            assert_eq!(attack(Card::new(QUEEN, queen_suit), [JOKER, ten]), Ok(()));
        }
    }
    // Value zero: a joker adds nothing to the sum.
    assert_eq!(
        attack(h(JACK), [JOKER, s(9)]),
        Err(AttackFailure::TooWeak { sum: 9 })
    );
    assert_eq!(
        attack(h(JACK), [Card::Joker(0), Card::Joker(1)]),
        Err(AttackFailure::TooWeak { sum: 0 })
    );
    // The joker does not make the other support match the suit.
    assert_eq!(
        attack(s(KING), [JOKER, h(10)]),
        Err(AttackFailure::KingNeedsSuit { suit: Suit::Spades })
    );
}

// Rule "A Joker must be paired with a 10 to kill."
#[test]
fn rule_joker_must_be_paired_with_a_ten_to_kill() {
    for rank in 1..=10 {
        let result = attack(c(JACK), [JOKER, d(rank)]);
        assert_eq!(result.is_ok(), rank == 10, "joker + {rank}");
    }
}

// Rule "The strength of your attack isn't based on the card you played, but
// rather its support cards": a 10 played beside weak supports kills nothing.
#[test]
fn rule_attack_strength_comes_from_supports_not_the_played_card() {
    // 10♠ goes on 9♦ at pile 0 (other colour, higher); column supports 2♣ + 3♣.
    let state = placing(s(10))
        .with_tops(&[(0, d(9)), (3, c(2)), (6, c(3)), (1, c(10)), (2, s(10))])
        .with_zombie(0, Zombie::FaceUp(h(JACK)))
        .with_zombie(6, Zombie::FaceUp(s(QUEEN)));
    // The row (10♣ + 10♠) kills the queen left of row 0, the column cannot.
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.killable(), [6]);
    assert_eq!(
        refused(&next, Action::Kill(0)),
        RuleError::CannotKill {
            space: 0,
            why: AttackFailure::TooWeak { sum: 5 }
        }
    );
}

// Ruling "Attack": the line is the row for left/right zombies and the column
// for top/bottom zombies, through the pile just played on.
#[test]
fn ruling_attack_uses_the_column_for_top_zombie_and_row_for_side_zombie() {
    let state = corner_attack();
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.phase(), Phase::Attack { pile: 0 });
    assert_eq!(next.killable(), [0]);
    assert_eq!(
        next.legal_actions(),
        [Action::Kill(0), Action::EndTurn, Action::Undo, Action::Hint]
    );
    assert_eq!(
        refused(&next, Action::Kill(6)),
        RuleError::CannotKill {
            space: 6,
            why: AttackFailure::TooWeak { sum: 2 }
        }
    );
    let killed = applied(&next, Action::Kill(0));
    assert_eq!(killed.zombie(0), ZombieView::Dead(h(JACK)));
    assert_eq!(killed.zombies_left(), 11);
}

// Rule "kill a single face up zombie adjacent to the pile you just played on":
// a zombie next to another pile cannot be attacked, however strong.
#[test]
fn rule_only_a_zombie_next_to_the_pile_played_on() {
    // Every support everywhere is a 10 of clubs: any zombie next to the
    // pile could die; the one above column 1 (space 1) is not next to pile 0.
    let mut state = placing(h(10)).with_zombie(0, Zombie::FaceUp(c(JACK)));
    state.cabin = std::array::from_fn(|_| vec![c(10)]);
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.killable(), [0, 6]);
    assert_eq!(
        refused(&next, Action::Kill(1)),
        RuleError::CannotKill {
            space: 1,
            why: AttackFailure::NotNextToPile
        }
    );
    assert_eq!(
        refused(&next, Action::Kill(SPACES as u8)),
        RuleError::NoSuchSpace
    );
    assert_eq!(next.check_attack(4, 1), Err(AttackFailure::NotNextToPile));
}

// Rule "You can't attack or kill facedown zombies" (and a dead one cannot be
// killed again).
#[test]
fn rule_face_down_and_dead_zombies_cannot_be_attacked() {
    let mut state = placing(h(10))
        .with_zombie(0, Zombie::FaceDown(c(JACK)))
        .with_zombie(6, Zombie::Dead(d(JACK)));
    state.cabin = std::array::from_fn(|_| vec![c(10)]);
    assert_eq!(state.check_attack(0, 0), Err(AttackFailure::NotFaceUp));
    assert_eq!(state.check_attack(0, 6), Err(AttackFailure::NotFaceUp));
    // Nothing to kill next to pile 0: the turn ends at once.
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.turns(), 1);
    assert!(!matches!(next.phase(), Phase::Attack { .. }));
}

// Ruling "Kill is optional": the player may end the turn without killing.
#[test]
fn ruling_kill_is_optional() {
    let next = applied(&corner_attack(), Action::Place(0));
    assert!(next.legal_actions().contains(&Action::EndTurn));
    let ended = applied(&next, Action::EndTurn);
    assert_eq!(ended.zombie(0), ZombieView::Alive(h(JACK)));
    assert_eq!(ended.turns(), 1);
    assert_eq!(ended.phase(), Phase::Draw);
    assert_eq!(
        refused(&ended, Action::Kill(0)),
        RuleError::WrongStep {
            expected: Phase::Draw
        }
    );
}

// Ruling "at most one kill per turn": with two zombies killable from a corner,
// killing one ends the turn.
#[test]
fn ruling_at_most_one_kill_per_turn() {
    // Row 0 now also reaches 10: 4♦ + 6♥ behind the zombie left of row 0.
    let state = corner_attack().with_tops(&[(1, d(4)), (2, h(6))]);
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.killable(), [0, 6]);
    let killed = applied(&next, Action::Kill(6));
    assert_eq!(killed.turns(), 1);
    assert_eq!(killed.phase(), Phase::Draw);
    assert_eq!(
        refused(&killed, Action::Kill(0)),
        RuleError::WrongStep {
            expected: Phase::Draw
        }
    );
    assert_eq!(killed.zombie(0), ZombieView::Alive(h(JACK)));
    assert_eq!(killed.zombies_left(), 11);
}

// Rule "If you can't kill any zombie with the card you played, nothing
// happens; proceed to the next turn."
#[test]
fn rule_no_kill_possible_proceeds_to_the_next_turn() {
    let state = placing(s(5)).with_tops(&[(0, d(5))]);
    let next = applied(&state, Action::Place(0));
    assert_eq!(next.turns(), 1);
    assert_eq!(next.phase(), Phase::Draw);
    assert_eq!(next.zombies_left(), 12);
    assert_eq!(next.killable(), Vec::<usize>::new());

    // The same with a zombie still face down: the next turn starts with a reveal.
    let next = applied(
        &state.with_zombie(11, Zombie::FaceDown(s(KING))),
        Action::Place(0),
    );
    assert_eq!(next.phase(), Phase::Reveal);
}

// Rule "the center has none": playing on the centre pile never attacks, even
// with the strongest supports.
#[test]
fn rule_centre_pile_never_attacks() {
    let mut state = placing(h(10));
    state.cabin = std::array::from_fn(|_| vec![c(10)]);
    let next = applied(&state, Action::Place(4));
    assert_eq!(next.turns(), 1);
    assert_eq!(next.phase(), Phase::Draw);
}

// ----------------------------------------------------------------- end ----

/// Eleven zombies dead and the Jack of hearts alive above column 0, killable
/// by playing 5♠ on pile 0.
fn last_zombie(deck: Vec<Card>) -> State {
    let mut state = corner_attack();
    state.zombies = face_cards().map(Zombie::Dead);
    state.zombies[0] = Zombie::FaceUp(h(JACK));
    state.deck = deck;
    state
}

// Rule "If you manage to kill all twelve zombies, you win the game"; ruling
// "Win the moment the 12th zombie dies".
#[test]
fn rule_win_when_the_twelfth_zombie_dies() {
    let state = applied(&last_zombie(vec![c(4), d(4)]), Action::Place(0));
    assert_eq!(state.zombies_left(), 1);
    assert!(!state.is_over());
    let won = applied(&state, Action::Kill(0));
    assert_eq!(won.phase(), Phase::Won);
    assert_eq!(won.zombies_left(), 0);
    assert!(won.is_over());
    assert!(won.legal_actions().is_empty());
    assert_eq!(won.turns(), 0, "the winning turn does not go on");
}

// Rule "Your score is the number of cards left in the deck."
#[test]
fn rule_win_score_is_cards_left_in_deck() {
    for left in [0usize, 1, 7] {
        let deck = vec![c(4); left];
        let state = applied(&last_zombie(deck), Action::Place(0));
        let won = applied(&state, Action::Kill(0));
        assert_eq!(won.status(), Status::Won { score: left });
    }
}

// Ruling "Win the moment the 12th zombie dies": even with the deck empty,
// killing the last zombie wins rather than loses.
#[test]
fn ruling_win_with_the_last_card_beats_the_empty_deck() {
    let state = applied(&last_zombie(Vec::new()), Action::Place(0));
    let won = applied(&state, Action::Kill(0));
    assert_eq!(won.status(), Status::Won { score: 0 });
}

// Rule "If you have to draw a card but the deck is empty ... you lose."
#[test]
fn rule_loss_when_a_card_must_be_drawn_and_the_deck_is_empty() {
    let draw = State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw);
    let lost = applied(&draw, Action::Draw);
    assert_eq!(lost.status(), Status::Lost(LossReason::DeckEmpty));
    assert!(lost.is_over());

    // A turn that must reveal first reveals, then fails to draw.
    let reveal = State::from_parts(WEAK_BOARD, all_face_down(), Vec::new(), Phase::Reveal);
    let lost = applied(&reveal, Action::Reveal(2));
    assert_eq!(lost.status(), Status::Lost(LossReason::DeckEmpty));
    assert_eq!(lost.zombie(2), ZombieView::Alive(face_cards()[2]));
}

// Rule "If you have to draw a card but the deck is empty ... you lose", played
// out: after the last card is played the game is lost at the next draw.
#[test]
fn rule_loss_after_playing_the_last_card_without_winning() {
    let state = State::from_parts(WEAK_BOARD, all_face_up(), vec![c(2)], Phase::Draw);
    let drawn = applied(&state, Action::Draw);
    assert_eq!(drawn.deck_len(), 0);
    let placed = applied(&drawn, Action::Place(4));
    assert_eq!(placed.phase(), Phase::Draw);
    assert_eq!(
        placed.legal_actions(),
        [Action::Draw, Action::Undo, Action::Hint]
    );
    let lost = applied(&placed, Action::Draw);
    assert_eq!(lost.status(), Status::Lost(LossReason::DeckEmpty));
}

// Rule "... or if you are unable to play a card, you lose"; ruling: "Loss ...
// when the drawn card has no legal pile."
#[test]
fn rule_loss_when_the_drawn_card_has_no_legal_pile() {
    // 5♥ fits on a 5, on a red card above 5, or on a black card below 5: the
    // board has only red cards below 5 and black cards above 5.
    let board = [d(4), h(3), d(1), s(6), c(9), s(10), h(2), c(7), d(3)];
    let state = State::from_parts(board, all_face_up(), vec![c(6), h(5)], Phase::Draw);
    let lost = applied(&state, Action::Draw);
    assert_eq!(
        lost.status(),
        Status::Lost(LossReason::NoLegalPile { drawn: h(5) })
    );
    assert_eq!(lost.drawn(), Some(h(5)));
    assert!(lost.legal_actions().is_empty());
    // The card that could not be played is still counted.
    assert!(lost.all_pieces().contains(&h(5)));
    assert_eq!(lost.all_pieces().len(), state.all_pieces().len());

    // The same card with a joker anywhere on the board is playable.
    let saved = applied(&state.with_tops(&[(8, JOKER)]), Action::Draw);
    assert_eq!(saved.phase(), Phase::Place { drawn: h(5) });
    assert_eq!(saved.legal_piles(), [8]);
}

// Once the game is over, every action is refused and nothing changes.
#[test]
fn ruling_game_over_refuses_every_action() {
    let won = applied(
        &applied(&last_zombie(vec![c(4)]), Action::Place(0)),
        Action::Kill(0),
    );
    let lost = applied(
        &State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw),
        Action::Draw,
    );
    for over in [won, lost] {
        assert!(over.legal_actions().is_empty());
        for action in over.action_space() {
            assert_eq!(refused(&over, action), RuleError::GameOver);
        }
    }
}

// ---------------------------------------------------------------- undo ----

// Ruling "Undo may take back the placement ... of the current turn (the
// drawn card is already known)": the card returns to the hand.
#[test]
fn ruling_undo_takes_back_the_placement() {
    let state = corner_attack();
    let attack = applied(&state, Action::Place(0));
    assert!(attack.legal_actions().contains(&Action::Undo));
    let undone = applied(&attack, Action::Undo);
    assert_eq!(undone.phase(), Phase::Place { drawn: s(5) });
    assert_eq!(undone.pile(0), [d(5)]);
    assert_eq!(undone.deck_len(), state.deck_len());
    assert!(undone.assisted());
    // Apart from the assist flag, it is the position before the placement.
    let mut expected = state.clone();
    expected.assisted = true;
    assert_eq!(undone, expected);
}

// Ruling "Undo may take back the placement and kill of the current turn".
#[test]
fn ruling_undo_takes_back_the_kill_too() {
    let state = corner_attack();
    let killed = applied(&applied(&state, Action::Place(0)), Action::Kill(0));
    assert_eq!(killed.turns(), 1);
    assert!(killed.legal_actions().contains(&Action::Undo));
    let undone = applied(&killed, Action::Undo);
    assert_eq!(undone.zombie(0), ZombieView::Alive(h(JACK)));
    assert_eq!(undone.pile(0), [d(5)]);
    assert_eq!(undone.turns(), 0);
    assert_eq!(undone.phase(), Phase::Place { drawn: s(5) });
}

// Ruling "Undo": a turn that ended by itself (no kill possible) can be taken
// back until the next reveal or draw.
#[test]
fn ruling_undo_after_a_turn_that_ended_by_itself() {
    let state = placing(s(5)).with_tops(&[(0, d(5))]);
    let ended = applied(&state, Action::Place(0));
    assert_eq!(ended.turns(), 1);
    let undone = applied(&ended, Action::Undo);
    assert_eq!(undone.turns(), 0);
    assert_eq!(undone.phase(), Phase::Place { drawn: s(5) });
    assert_eq!(undone.pile(0), [d(5)]);
}

// Ruling "Undo ... never a reveal": nothing before the first placement can be
// undone, a revealed zombie stays face up, and revealing closes the previous
// turn to undo.
#[test]
fn ruling_undo_never_takes_back_a_reveal() {
    let fresh = State::new(Variant::Standard, 4);
    assert_eq!(refused(&fresh, Action::Undo), RuleError::NothingToUndo);
    let revealed = applied(&fresh, Action::Reveal(3));
    assert!(!revealed.legal_actions().contains(&Action::Undo));
    assert_eq!(refused(&revealed, Action::Undo), RuleError::NothingToUndo);
    assert_ne!(revealed.zombie(3), ZombieView::Hidden);

    // Turn ended with zombies face down: undo is offered until the reveal.
    let state = placing(s(5))
        .with_tops(&[(0, d(5))])
        .with_zombie(10, Zombie::FaceDown(s(KING)));
    let ended = applied(&state, Action::Place(0));
    assert_eq!(ended.phase(), Phase::Reveal);
    assert!(ended.legal_actions().contains(&Action::Undo));
    let next = applied(&ended, Action::Reveal(10));
    assert_eq!(refused(&next, Action::Undo), RuleError::NothingToUndo);
    assert_eq!(next.pile(0), [d(5), s(5)], "the previous turn stays played");
}

// Ruling "Undo ... never a draw".
#[test]
fn ruling_undo_never_takes_back_a_draw() {
    let state = placing(s(5)).with_tops(&[(0, d(5))]);
    let ended = applied(&state, Action::Place(0));
    let drawn = applied(&ended, Action::Draw);
    assert_eq!(drawn.phase(), Phase::Place { drawn: h(4) });
    assert!(!drawn.legal_actions().contains(&Action::Undo));
    assert_eq!(refused(&drawn, Action::Undo), RuleError::NothingToUndo);
}

// Ruling "Undo ... of the current turn": one step back only; undoing twice
// is refused.
#[test]
fn ruling_undo_reaches_only_the_current_turn() {
    let attack = applied(&corner_attack(), Action::Place(0));
    let undone = applied(&attack, Action::Undo);
    assert_eq!(refused(&undone, Action::Undo), RuleError::NothingToUndo);
    // Undo may be used again after placing again.
    let again = applied(&applied(&undone, Action::Place(0)), Action::Undo);
    assert_eq!(again.phase(), Phase::Place { drawn: s(5) });
}

// Ruling "Undo": the placement of the last card can be taken back too, since
// the loss only comes at the next draw.
#[test]
fn ruling_undo_the_placement_of_the_last_card() {
    // Last card 5♠ in hand; on pile 5 (2♦) it kills nothing, on pile 0 it
    // would win by killing the last zombie.
    let state = last_zombie(Vec::new());
    let wasted = applied(&state, Action::Place(5));
    assert_eq!(wasted.phase(), Phase::Draw);
    assert!(!wasted.is_over());
    let undone = applied(&wasted, Action::Undo);
    let won = applied(&applied(&undone, Action::Place(0)), Action::Kill(0));
    assert_eq!(won.status(), Status::Won { score: 0 });
    assert!(won.assisted());
}

// Ruling "Undo ... never": nothing can be taken back once the game is won.
#[test]
fn ruling_no_undo_after_the_win() {
    let won = applied(
        &applied(&last_zombie(vec![c(4)]), Action::Place(0)),
        Action::Kill(0),
    );
    assert_eq!(refused(&won, Action::Undo), RuleError::GameOver);
}

// Ruling "A game won with undo or hints is recorded as assisted".
#[test]
fn ruling_game_with_undo_or_hints_is_assisted() {
    let state = corner_attack();
    assert!(!state.assisted());
    let won = applied(
        &applied(&last_zombie(vec![c(4)]), Action::Place(0)),
        Action::Kill(0),
    );
    assert!(!won.assisted(), "no undo, no hint: not assisted");
    let undone = applied(&applied(&state, Action::Place(0)), Action::Undo);
    assert!(undone.assisted());
    let hinted = applied(&State::new(Variant::Standard, 1), Action::Hint);
    assert!(hinted.assisted());
    let won_hinted = applied(
        &applied(
            &applied(&last_zombie(vec![c(4)]), Action::Hint),
            Action::Place(0),
        ),
        Action::Kill(0),
    );
    assert_eq!(won_hinted.status(), Status::Won { score: 1 });
    assert!(won_hinted.assisted());
}

// ------------------------------------------------------ all the actions ----

/// Positions in every step of a turn.
fn sample_positions() -> Vec<State> {
    let corner = corner_attack();
    let attack = applied(&corner, Action::Place(0));
    let ended = applied(&attack, Action::Kill(0));
    let fresh = State::new(Variant::Standard, 8);
    let revealed = applied(&fresh, Action::Reveal(4));
    let won = applied(
        &applied(&last_zombie(vec![c(4)]), Action::Place(0)),
        Action::Kill(0),
    );
    let reveal_or_undo = applied(
        &placing(s(5))
            .with_tops(&[(0, d(5))])
            .with_zombie(10, Zombie::FaceDown(s(KING))),
        Action::Place(0),
    );
    let lost = applied(
        &State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw),
        Action::Draw,
    );
    vec![
        fresh,
        revealed,
        corner,
        attack,
        ended,
        reveal_or_undo,
        won,
        lost,
    ]
}

// Architecture: "an illegal action is an Err that leaves the state
// untouched"; every legal action applies.
#[test]
fn ruling_illegal_actions_refused_and_state_untouched() {
    for state in sample_positions() {
        let legal = state.legal_actions();
        for action in state.action_space() {
            if legal.contains(&action) {
                applied(&state, action);
            } else {
                refused(&state, action);
            }
        }
    }
}

// `legal_actions_into` gives the same actions as `legal_actions`, whatever
// the buffer held before.
#[test]
fn legal_actions_into_matches_legal_actions() {
    let mut buffer = vec![Action::Draw; 20];
    for state in sample_positions() {
        state.legal_actions_into(&mut buffer);
        assert_eq!(buffer, state.legal_actions());
        // Hint, legal while the game runs, comes last, and Undo, when
        // legal, just before it (the benchmark relies on it).
        if !state.is_over() {
            assert_eq!(buffer.last(), Some(&Action::Hint));
        }
        if let Some(undo) = buffer.iter().position(|&a| a == Action::Undo) {
            assert_eq!(undo, buffer.len() - 2);
        }
    }
}

// Every card is somewhere: in the cabin, the deck, the hand or a zombie space.
#[test]
fn all_cards_counts_the_card_in_hand() {
    for state in sample_positions() {
        let n = state.all_pieces().len();
        for action in state.legal_actions() {
            assert_eq!(applied(&state, action).all_pieces().len(), n, "{action:?}");
        }
    }
}

// Ruling "All games": a saved game resumes exactly.
#[test]
fn ruling_save_and_load_resumes_exactly() {
    let mut state = State::new(Variant::Hard, 99);
    for step in 0..30 {
        if state.is_over() {
            break;
        }
        let saved = serde_json::to_string(&state).unwrap();
        let loaded: State = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded, state, "step {step}");
        assert_eq!(loaded.validate(), Ok(()));
        let action = state.legal_actions()[0];
        state.apply(action).unwrap();
    }
}

// ------------------------------------------------------------ validate ----
//
// A save that does not make up one consistent game is refused, never a
// panic: one test per kind of damage, each fed a state reached by real play
// and then corrupted.

/// The first state, in random games from seed 0 on, that `wanted` accepts.
fn reached(wanted: impl Fn(&State) -> bool) -> State {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
    for seed in 0..2_000 {
        let mut state = State::new(Variant::ALL[seed as usize % 3], seed);
        loop {
            if wanted(&state) {
                assert_eq!(state.validate(), Ok(()), "a reached state");
                return state;
            }
            if state.is_over() {
                break;
            }
            let mut actions = state.legal_actions();
            actions.retain(|a| !matches!(a, Action::Hint | Action::Undo));
            let pick = actions[rng.next_u32() as usize % actions.len()];
            state.apply(pick).unwrap();
        }
    }
    panic!("no such state in 2,000 games")
}

/// `state` (valid) changed by `damage`: refused, with a reason.
fn damaged(state: &State, damage: impl FnOnce(&mut State)) -> String {
    assert_eq!(state.validate(), Ok(()));
    let mut bad = state.clone();
    damage(&mut bad);
    bad.validate().expect_err("a damaged state must be refused")
}

/// The end of the recorded winning line the browser test plays (random
/// play seldom wins).
fn recorded_win() -> State {
    #[derive(serde::Deserialize)]
    struct Line {
        seed: u64,
        actions: Vec<Action>,
    }
    let line: Line =
        serde_json::from_str(include_str!("../../../e2e/fixtures/dead-center-win.json")).unwrap();
    let mut state = State::new(Variant::Standard, line.seed);
    for action in line.actions {
        state.apply(action).unwrap();
    }
    assert_eq!(state.phase(), Phase::Won);
    state
}

fn mid_game() -> State {
    reached(|s| s.turns() >= 5 && s.phase() == Phase::Reveal)
}

fn all_revealed() -> State {
    reached(|s| s.phase() == Phase::Draw && s.deck_len() > 0)
}

fn killing() -> State {
    reached(|s| matches!(s.phase(), Phase::Attack { .. }))
}

fn after_a_kill() -> State {
    reached(|s| {
        s.undoable.is_some_and(|r| r.killed.is_some()) && matches!(s.phase(), Phase::Reveal)
    })
}

#[test]
fn validate_accepts_every_state_of_real_games() {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(2);
    for seed in 0..60 {
        let mut state = State::new(Variant::ALL[seed as usize % 3], seed);
        let mut undos = 0;
        while !state.is_over() {
            assert_eq!(state.validate(), Ok(()));
            let mut actions = state.legal_actions();
            if undos >= 3 {
                actions.retain(|&a| a != Action::Undo);
            }
            let pick = actions[rng.next_u32() as usize % actions.len()];
            undos += usize::from(pick == Action::Undo);
            state.apply(pick).unwrap();
        }
        assert_eq!(state.validate(), Ok(()));
    }
}

// Conservation: a card twice (and so another missing).
#[test]
fn validate_refuses_a_card_twice() {
    let why = damaged(&mid_game(), |s| s.deck[0] = s.deck[1]);
    assert_eq!(why, "the cards do not make up one deck");
}

// Conservation: a card missing.
#[test]
fn validate_refuses_a_card_missing() {
    let why = damaged(&mid_game(), |s| {
        s.deck.pop();
    });
    assert_eq!(why, "the cards do not make up one deck");
}

// Conservation: the jokers are the variant's (2, 1 or 0).
#[test]
fn validate_refuses_jokers_of_another_variant() {
    let standard = State::new(Variant::Standard, 3);
    for other in [Variant::Hard, Variant::Nightmare] {
        let why = damaged(&standard, |s| s.variant = other);
        assert_eq!(why, "the cards do not make up one deck");
    }
    let nightmare = State::new(Variant::Nightmare, 3);
    let why = damaged(&nightmare, |s| s.deck.push(JOKER));
    assert_eq!(why, "the cards do not make up one deck");
}

// The table: no cabin pile is ever empty.
#[test]
fn validate_refuses_an_empty_pile() {
    let why = damaged(&State::new(Variant::Standard, 4), |s| {
        let card = s.cabin[2].pop().unwrap();
        s.deck.push(card);
    });
    assert_eq!(why, "a cabin pile is empty");
}

// The table: the zombies are the twelve face cards, and no face card is in
// the cabin.
#[test]
fn validate_refuses_a_face_card_out_of_place() {
    let good = State::new(Variant::Standard, 2);
    let why = damaged(&good, |s| {
        let Zombie::FaceDown(face) = s.zombies[0] else {
            unreachable!()
        };
        let number = s.deck[0];
        s.deck[0] = face;
        s.zombies[0] = Zombie::FaceDown(number);
    });
    assert_eq!(why, "a zombie space holds a number card");
    // A face card in the cabin: with the cards conserved, its number card is
    // then on a zombie space.
    let why = damaged(&good, |s| {
        let Zombie::FaceDown(face) = s.zombies[0] else {
            unreachable!()
        };
        let number = s.cabin[0][0];
        s.cabin[0][0] = face;
        s.zombies[0] = Zombie::FaceDown(number);
    });
    assert_eq!(why, "a zombie space holds a number card");
}

// The table: each card of a pile could have been played on the one below it.
#[test]
fn validate_refuses_a_pile_that_is_no_legal_build() {
    let state = reached(|s| s.turns() >= 3 && s.cabin.iter().any(|p| p.len() >= 2));
    let why = damaged(&state, |s| {
        let p = s.cabin.iter().position(|p| p.len() >= 2).unwrap();
        let below = s.cabin[p][s.cabin[p].len() - 2];
        // Swap the top with a deck card that cannot lie on the card below.
        let i = s
            .deck
            .iter()
            .position(|&c| !can_place(c, below))
            .expect("some card does not fit");
        let top = s.cabin[p].len() - 1;
        std::mem::swap(&mut s.cabin[p][top], &mut s.deck[i]);
    });
    assert!(why.contains("is not a legal build"), "{why}");
}

// The table: one card played per turn.
#[test]
fn validate_refuses_turns_that_do_not_match_the_cards_played() {
    let why = damaged(&mid_game(), |s| s.turns += 1);
    assert!(why.contains("cards were played in"), "{why}");
    let why = damaged(&mid_game(), |s| {
        // A card moved from the deck onto a pile it may lie on.
        let i = (0..s.deck.len())
            .find(|&i| (0..PILES).any(|p| can_place(s.deck[i], s.top(p))))
            .unwrap();
        let card = s.deck.remove(i);
        let p = (0..PILES).find(|&p| can_place(card, s.top(p))).unwrap();
        s.cabin[p].push(card);
    });
    assert!(why.contains("cards were played in"), "{why}");
}

// The table: one zombie revealed per turn, until all twelve are up.
#[test]
fn validate_refuses_reveals_that_do_not_match_the_turns() {
    let why = damaged(&mid_game(), |s| {
        let down = s
            .zombies
            .iter()
            .position(|z| matches!(z, Zombie::FaceDown(_)))
            .unwrap();
        let Zombie::FaceDown(c) = s.zombies[down] else {
            unreachable!()
        };
        s.zombies[down] = Zombie::FaceUp(c);
    });
    assert!(why.contains("zombies are revealed after"), "{why}");
}

// The table: a zombie dies only after a card was played next to it.
#[test]
fn validate_refuses_more_dead_zombies_than_cards_played() {
    let first = reached(|s| s.turns() == 0 && matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&first, |s| {
        let up = s
            .zombies
            .iter()
            .position(|z| matches!(z, Zombie::FaceUp(_)))
            .unwrap();
        let Zombie::FaceUp(c) = s.zombies[up] else {
            unreachable!()
        };
        s.zombies[up] = Zombie::Dead(c);
    });
    assert!(why.contains("zombies are dead but only"), "{why}");
}

// The phase: won exactly when every zombie is dead.
#[test]
fn validate_refuses_a_win_that_does_not_match_the_zombies() {
    // Won with zombies alive: the kill step of a real game (a card just
    // played, as in a win) with the phase changed.
    let why = damaged(&killing(), |s| s.phase = Phase::Won);
    assert_eq!(why, "the phase does not match the zombies left");
    let won = recorded_win();
    let why = damaged(&won, |s| {
        let Zombie::Dead(c) = s.zombies[5] else {
            unreachable!()
        };
        s.zombies[5] = Zombie::FaceUp(c);
    });
    assert_eq!(why, "the phase does not match the zombies left");
}

// The phase: a reveal only while a zombie is face down, a draw only once
// none is.
#[test]
fn validate_refuses_a_reveal_or_draw_out_of_turn() {
    let why = damaged(&all_revealed(), |s| s.phase = Phase::Reveal);
    assert_eq!(why, "a reveal is due but no zombie is face down");
    let why = damaged(&mid_game(), |s| s.phase = Phase::Draw);
    assert_eq!(why, "a draw is due but a zombie is still face down");
}

// The phase: the card in hand fits a pile, and a loss for a card that fits
// no pile names a card that indeed fits none.
#[test]
fn validate_refuses_a_hand_that_does_not_match_the_phase() {
    let stuck = reached(|s| matches!(s.phase(), Phase::Lost(LossReason::NoLegalPile { .. })));
    let why = damaged(&stuck, |s| {
        s.phase = Phase::Place {
            drawn: s.drawn().unwrap(),
        }
    });
    assert!(why.contains("fits no pile"), "{why}");
    let placing = reached(|s| matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&placing, |s| {
        s.phase = Phase::Lost(LossReason::NoLegalPile {
            drawn: s.drawn().unwrap(),
        })
    });
    assert!(why.contains("fits a pile"), "{why}");
}

// The phase: a loss for an empty deck only with the deck empty.
#[test]
fn validate_refuses_an_empty_deck_loss_with_cards_left() {
    let why = damaged(&all_revealed(), |s| {
        s.phase = Phase::Lost(LossReason::DeckEmpty)
    });
    assert_eq!(why, "the game is lost for an empty deck that is not empty");
}

// The phase: the kill step on an existing pile, with a zombie to kill there.
#[test]
fn validate_refuses_a_kill_step_that_cannot_be() {
    let why = damaged(&killing(), |s| s.phase = Phase::Attack { pile: 200 });
    assert_eq!(why, "the attacking pile does not exist");
    // The centre pile has no zombie next to it.
    let why = damaged(&killing(), |s| s.phase = Phase::Attack { pile: 4 });
    assert_eq!(why, "the kill step with no zombie to kill");
}

// The undo record: the kill step always has the card just played.
#[test]
fn validate_refuses_a_kill_step_without_its_record() {
    let why = damaged(&killing(), |s| s.undoable = None);
    assert_eq!(why, "the kill step without the card just played");
}

// The undo record: its card is the top of its pile, with a card under it;
// its kill is a dead zombie next to that pile.
#[test]
fn validate_refuses_an_undo_record_that_does_not_match_the_cabin() {
    let cabin = "the undo record does not match the cabin";
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.pile = 200;
        }
    });
    assert_eq!(why, cabin);
    // Another pile: its top is another card.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.pile = (r.pile + 1) % PILES as u8;
        }
    });
    assert_eq!(why, cabin);
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.killed = Some(200);
        }
    });
    assert_eq!(why, cabin);
    // A kill recorded on a zombie not next to the pile.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            let far = (0..SPACES).find(|&z| ADJACENT_PILE[z] != r.pile as usize);
            r.killed = far.map(|z| z as u8);
        }
    });
    assert_eq!(why, cabin);
    // A kill recorded on a zombie still alive.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            let space = r.killed.unwrap() as usize;
            let Zombie::Dead(c) = s.zombies[space] else {
                unreachable!()
            };
            // Another dead zombie stands in for it in the count.
            let up = (0..SPACES)
                .find(|&z| matches!(s.zombies[z], Zombie::FaceUp(_)))
                .unwrap();
            let Zombie::FaceUp(other) = s.zombies[up] else {
                unreachable!()
            };
            s.zombies[space] = Zombie::FaceUp(c);
            s.zombies[up] = Zombie::Dead(other);
        }
    });
    assert_eq!(why, cabin);
}

// The undo record: only while its turn may be taken back (ended in the
// reveal or draw step, open in the kill step).
#[test]
fn validate_refuses_an_undo_record_out_of_its_step() {
    let step = "the undo record does not match the step of the turn";
    let why = damaged(&killing(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.ended = true;
        }
    });
    assert_eq!(why, step);
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.ended = false;
        }
    });
    assert_eq!(why, step);
    let placing = reached(|s| s.turns() > 0 && matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&placing, |s| {
        // A record of the last turn's placement kept into the next turn.
        let pile = (0..PILES).find(|&p| s.cabin[p].len() >= 2).unwrap();
        s.undoable = Some(TurnRecord {
            drawn: s.top(pile),
            pile: pile as u8,
            killed: None,
            ended: true,
        });
    });
    assert_eq!(why, step);
}

// Status reports who must act (the step) or the result.
#[test]
fn status_reports_the_step_or_the_result() {
    let state = State::new(Variant::Standard, 6);
    assert_eq!(state.status(), Status::Playing(Phase::Reveal));
    assert_eq!(
        placing(s(5)).status(),
        Status::Playing(Phase::Place { drawn: s(5) })
    );
    for err in [
        RuleError::GameOver,
        RuleError::NothingToUndo,
        RuleError::WrongStep {
            expected: Phase::Draw,
        },
        RuleError::CannotKill {
            space: 0,
            why: AttackFailure::KingNeedsSuit { suit: Suit::Clubs },
        },
    ] {
        assert!(!err.to_string().is_empty());
    }
}

// App ruling (statistics): a game counts as begun, so that abandoning it is a
// loss, from the first reveal until it is over.
#[test]
fn in_progress_from_the_first_reveal_until_the_end() {
    let mut state = State::new(Variant::Standard, 1);
    assert!(!state.in_progress(), "a fresh deal has no play to lose");
    state.apply(Action::Reveal(0)).unwrap();
    assert!(state.in_progress());
    while !state.is_over() {
        let action = state.legal_actions()[0];
        state.apply(action).unwrap();
    }
    assert!(
        !state.in_progress(),
        "a finished game is no longer in progress"
    );
}

// -------------------------------------------------------------- events ----
//
// Every action says what it did, one event per fact, in order; each event
// kind has a test that names it.

// Event `Revealed`, then `Drew`: a reveal turns the zombie and draws at once.
#[test]
fn event_revealed_names_the_space_and_the_zombie() {
    let fresh = State::new(Variant::Standard, 12);
    let (after, events) = events_of(&fresh, Action::Reveal(7));
    let ZombieView::Alive(zombie) = after.zombie(7) else {
        panic!("revealed")
    };
    let card = after.drawn().expect("a card in hand");
    assert_eq!(
        events,
        [Event::Revealed { space: 7, zombie }, Event::Drew { card }]
    );
}

// Event `Drew`: the card drawn, now in hand.
#[test]
fn event_drew_names_the_card_drawn() {
    let state = State::from_parts(WEAK_BOARD, all_face_up(), vec![c(6), h(4)], Phase::Draw);
    let (after, events) = events_of(&state, Action::Draw);
    assert_eq!(events, [Event::Drew { card: h(4) }]);
    assert_eq!(after.drawn(), Some(h(4)));
    assert_eq!(after.deck_len(), 1);
}

// Event `Placed`: the pile and the card; alone when a kill may follow.
#[test]
fn event_placed_names_the_pile_and_the_card() {
    let (after, events) = events_of(&corner_attack(), Action::Place(0));
    assert_eq!(
        events,
        [Event::Placed {
            pile: 0,
            card: s(5)
        }]
    );
    assert_eq!(after.phase(), Phase::Attack { pile: 0 });
}

// Event `TurnEnded`: after a placement that can kill nothing (the turn ends
// by itself), after ending the turn, and after a kill.
#[test]
fn event_turn_ended_says_how_many_turns_are_complete() {
    let quiet = placing(s(5)).with_tops(&[(0, d(5))]);
    let (_, events) = events_of(&quiet, Action::Place(0));
    assert_eq!(
        events,
        [
            Event::Placed {
                pile: 0,
                card: s(5)
            },
            Event::TurnEnded { turns: 1 }
        ]
    );
    let attack = applied(&corner_attack(), Action::Place(0));
    let (after, events) = events_of(&attack, Action::EndTurn);
    assert_eq!(events, [Event::TurnEnded { turns: 1 }]);
    assert_eq!(after.turns(), 1);
}

// Event `Killed`: the space, the zombie and the two supports used (their
// piles and cards), then the turn's end.
#[test]
fn event_killed_names_the_zombie_and_its_supports() {
    let attack = applied(&corner_attack(), Action::Place(0));
    let (after, events) = events_of(&attack, Action::Kill(0));
    assert_eq!(
        events,
        [
            Event::Killed {
                space: 0,
                zombie: h(JACK),
                supports: [
                    Support {
                        pile: 3,
                        card: c(4)
                    },
                    Support {
                        pile: 6,
                        card: c(6)
                    }
                ],
            },
            Event::TurnEnded { turns: 1 }
        ]
    );
    assert_eq!(after.zombie(0), ZombieView::Dead(h(JACK)));
}

// Event `Undone`: what was taken back (the card and its pile, the zombie
// alive again, the turn open again); the game's first undo is also
// `Assisted`, a later one is not.
#[test]
fn event_undone_says_what_was_taken_back() {
    let killed = applied(
        &applied(&corner_attack(), Action::Place(0)),
        Action::Kill(0),
    );
    let (undone, events) = events_of(&killed, Action::Undo);
    assert_eq!(
        events,
        [
            Event::Undone {
                pile: 0,
                card: s(5),
                revived: Some((0, h(JACK))),
                turn_reopened: true,
            },
            Event::Assisted
        ]
    );
    let attack = applied(&undone, Action::Place(0));
    let (_, events) = events_of(&attack, Action::Undo);
    assert_eq!(
        events,
        [Event::Undone {
            pile: 0,
            card: s(5),
            revived: None,
            turn_reopened: false,
        }]
    );
}

// Event `HintAsked`, and `Assisted` the first time: a hint is an action that
// changes nothing on the table, only that a win now counts as assisted.
#[test]
fn event_hint_asked_and_assisted_once() {
    for state in sample_positions().into_iter().filter(|s| !s.is_over()) {
        assert!(state.legal_actions().contains(&Action::Hint));
        let (hinted, events) = events_of(&state, Action::Hint);
        let mut expected = state.clone();
        expected.assisted = true;
        assert_eq!(hinted, expected, "only the assist flag changes");
        if state.assisted() {
            assert_eq!(events, [Event::HintAsked]);
        } else {
            assert_eq!(events, [Event::HintAsked, Event::Assisted]);
        }
        let (again, events) = events_of(&hinted, Action::Hint);
        assert_eq!(again, hinted);
        assert_eq!(events, [Event::HintAsked]);
    }
}

// Event `Won`: the score (cards left in the deck) and whether undo or hints
// were used.
#[test]
fn event_won_gives_the_score_and_the_assist() {
    let state = applied(&last_zombie(vec![c(4), d(4)]), Action::Place(0));
    let (_, events) = events_of(&state, Action::Kill(0));
    assert!(matches!(events[0], Event::Killed { space: 0, .. }));
    assert_eq!(
        events[1..],
        [Event::Won {
            score: 2,
            assisted: false
        }]
    );
    let hinted = applied(&state, Action::Hint);
    let (_, events) = events_of(&hinted, Action::Kill(0));
    assert_eq!(
        events.last(),
        Some(&Event::Won {
            score: 2,
            assisted: true
        })
    );
}

// Event `Lost` for an empty deck: at a draw, or at the draw after a reveal.
#[test]
fn event_lost_when_the_deck_is_empty() {
    let draw = State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw);
    let (_, events) = events_of(&draw, Action::Draw);
    assert_eq!(
        events,
        [Event::Lost {
            reason: LossReason::DeckEmpty
        }]
    );
    let reveal = State::from_parts(WEAK_BOARD, all_face_down(), Vec::new(), Phase::Reveal);
    let (_, events) = events_of(&reveal, Action::Reveal(2));
    assert_eq!(
        events,
        [
            Event::Revealed {
                space: 2,
                zombie: face_cards()[2]
            },
            Event::Lost {
                reason: LossReason::DeckEmpty
            }
        ]
    );
}

// Event `Lost` for a card that fits no pile: drawn, then lost.
#[test]
fn event_lost_when_the_drawn_card_fits_no_pile() {
    let board = [d(4), h(3), d(1), s(6), c(9), s(10), h(2), c(7), d(3)];
    let state = State::from_parts(board, all_face_up(), vec![c(6), h(5)], Phase::Draw);
    let (_, events) = events_of(&state, Action::Draw);
    assert_eq!(
        events,
        [
            Event::Drew { card: h(5) },
            Event::Lost {
                reason: LossReason::NoLegalPile { drawn: h(5) }
            }
        ]
    );
}

// Every legal action says something; events survive a save.
#[test]
fn every_action_has_events_that_save_and_load() {
    for state in sample_positions() {
        for action in state.legal_actions() {
            let (_, events) = events_of(&state, action);
            assert!(!events.is_empty(), "{action:?}");
            let text = serde_json::to_string(&events).unwrap();
            let back: Vec<Event> = serde_json::from_str(&text).unwrap();
            assert_eq!(back, events);
        }
    }
}

// `check` is a dry run that agrees with `apply`, for every action of the
// vocabulary in every step (the `refused` and `events_of` helpers check it
// for each test above too).
#[test]
fn check_agrees_with_apply_and_changes_nothing() {
    for state in sample_positions() {
        for action in state.action_space() {
            let copy = state.clone();
            let checked = state.check(&action);
            assert_eq!(copy, state, "check changed the state");
            let mut applied = state.clone();
            assert_eq!(applied.apply(action).map(drop), checked, "{action:?}");
            assert_eq!(checked.is_ok(), state.legal_actions().contains(&action));
        }
    }
}

// A save written before hints were actions (the assist flag as the table
// set it) loads and plays on: the flag is the same field.
#[test]
fn a_save_from_before_the_hint_action_loads() {
    let mut state = State::new(Variant::Hard, 77);
    state.apply(Action::Reveal(0)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json["assisted"] = serde_json::json!(true);
    let loaded: State = serde_json::from_value(json).unwrap();
    assert_eq!(loaded.validate(), Ok(()));
    assert!(loaded.assisted());
    let (_, events) = events_of(&loaded, Action::Hint);
    assert_eq!(events, [Event::HintAsked], "already assisted");
}

/// Plays a seeded random game (undo and hints now and then) and calls
/// `each` with the state after every accepted action.
fn random_game(variant: Variant, seed: u64, mut each: impl FnMut(&State, Action)) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
    let mut state = State::new(variant, seed);
    while !state.is_over() {
        let legal = state.legal_actions();
        let action = if rng.random_ratio(1, 8) && state.check(&Action::Undo).is_ok() {
            Action::Undo
        } else if rng.random_ratio(1, 30) {
            Action::Hint
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        state.apply(action).expect("a legal action");
        each(&state, action);
    }
}

// Issue 28 (review): the state keeps the moves that stand, so a game is its
// deal and its history, which a review replays.
#[test]
fn issue_28_history_gives_the_table_again_after_every_action() {
    for seed in 0..60 {
        let variant = Variant::ALL[seed as usize % 3];
        random_game(variant, seed, |state, action| {
            assert!(state.history_complete(), "seed {seed} after {action:?}");
            assert!(state.history().iter().all(|a| a.is_move()));
            let replayed =
                State::restore(variant, seed, state.history(), state.assisted()).unwrap();
            assert_eq!(&replayed, state);
            assert_eq!(state.validate(), Ok(()));
        });
    }
}

#[test]
fn issue_28_history_undo_takes_the_turn_out_and_a_hint_is_not_a_move() {
    let mut state = State::new(Variant::Standard, 3);
    state.apply(Action::Reveal(0)).unwrap();
    let before = state.history().to_vec();
    assert_eq!(before, vec![Action::Reveal(0)]);
    let pile = (0..PILES as u8)
        .find(|&p| state.check(&Action::Place(p)).is_ok())
        .unwrap();
    state.apply(Action::Place(pile)).unwrap();
    if state.check(&Action::EndTurn).is_ok() {
        state.apply(Action::EndTurn).unwrap();
    }
    assert!(state.history().len() >= 2);
    state.apply(Action::Hint).unwrap();
    state.apply(Action::Undo).unwrap();
    assert_eq!(state.history(), &before[..]);
    assert!(state.history_complete());
}

#[test]
fn issue_28_history_a_save_without_one_loads_but_cannot_be_reviewed() {
    let mut state = State::new(Variant::Hard, 11);
    state.apply(Action::Reveal(4)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    assert!(json.get("history").is_some());
    json.as_object_mut().unwrap().remove("history");
    let old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.validate(), Ok(()));
    assert!(old.history().is_empty());
    assert!(!old.history_complete());
    // A fresh deal has an empty history, and it is complete.
    assert!(State::new(Variant::Hard, 11).history_complete());
    assert!(serde_json::to_value(State::new(Variant::Hard, 11))
        .unwrap()
        .get("history")
        .is_none());
}

// Issue 45: a save without a history (from before it was kept, or emptied)
// is played on without one, so that every later save still loads.
#[test]
fn issue_45_a_game_without_a_history_keeps_none_and_every_later_save_loads() {
    let mut state = State::new(Variant::Standard, 8);
    state.apply(Action::Reveal(2)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json.as_object_mut().unwrap().remove("history");
    let mut old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.validate(), Ok(()));
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(8);
    for _ in 0..40 {
        let legal = old.legal_actions();
        if legal.is_empty() {
            break;
        }
        old.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        assert!(old.history().is_empty());
        let saved: State = serde_json::from_value(serde_json::to_value(&old).unwrap()).unwrap();
        assert_eq!(saved.validate(), Ok(()), "every later save loads");
    }
}

#[test]
fn issue_28_history_that_does_not_give_the_table_is_refused_on_load() {
    let mut state = State::new(Variant::Standard, 5);
    state.apply(Action::Reveal(0)).unwrap();
    let mut json = serde_json::to_value(&state).unwrap();
    json["history"] = serde_json::json!([{ "Reveal": 1 }]);
    let tampered: State = serde_json::from_value(json.clone()).unwrap();
    assert!(tampered.validate().is_err());
    json["history"] = serde_json::json!(["Undo"]);
    let undo: State = serde_json::from_value(json).unwrap();
    assert!(undo.validate().unwrap_err().contains("not a move"));
}
