//! The end of the game: the win and its score, the losses, and nothing after.

use super::*;

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
