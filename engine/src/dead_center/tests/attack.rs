//! Attacks: the supports' sum and suits, jokers, the line, and the optional single kill.

use super::*;

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
