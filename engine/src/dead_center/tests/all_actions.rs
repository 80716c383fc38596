//! All the actions on positions of every step: refusals, legal actions, the cards, saves.

use super::*;

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
