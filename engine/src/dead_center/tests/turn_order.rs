//! The strict turn order: reveal, draw, play, kill (ruling "Turn order is strict").

use super::*;

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
