//! Undo: what may be taken back, and a game with undo or hints counted as assisted.

use super::*;

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
