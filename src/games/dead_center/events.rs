//! What the table makes of the engine's events: pure functions of what an
//! action did, never a comparison of the game before and after.

use crate::stats::GameResult;
use engine::dead_center::Event;

/// The finished game's result for the statistics, when these events ended
/// it (a game ends once: every later action is refused).
pub(super) fn result(events: &[Event]) -> Option<GameResult> {
    events.iter().find_map(|event| match *event {
        Event::Won { score, assisted } => Some(GameResult::Won {
            score: Some(u32::try_from(score).unwrap_or(u32::MAX)),
            assisted,
        }),
        Event::Lost { .. } => Some(GameResult::Lost),
        _ => None,
    })
}

/// Whether these events made the game assisted (its first hint or undo):
/// then there is something new to save.
pub(super) fn newly_assisted(events: &[Event]) -> bool {
    events.contains(&Event::Assisted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::{Card, Suit};
    use engine::dead_center::{Action, LossReason, State, Variant};
    use engine::Game;

    #[test]
    fn a_win_is_recorded_with_its_score_and_assist() {
        for assisted in [false, true] {
            let events = [
                Event::TurnEnded { turns: 3 },
                Event::Won { score: 7, assisted },
            ];
            assert_eq!(
                result(&events),
                Some(GameResult::Won {
                    score: Some(7),
                    assisted
                })
            );
        }
    }

    #[test]
    fn a_loss_is_recorded_whatever_the_reason() {
        let drawn = Card::new(5, Suit::Hearts);
        for reason in [LossReason::DeckEmpty, LossReason::NoLegalPile { drawn }] {
            let events = [Event::Drew { card: drawn }, Event::Lost { reason }];
            assert_eq!(result(&events), Some(GameResult::Lost));
        }
    }

    #[test]
    fn the_moves_of_a_running_game_record_nothing() {
        let mut state = State::new(Variant::Standard, 4);
        for _ in 0..6 {
            let action = state.legal_actions()[0];
            let events = state.apply(action).unwrap();
            assert_eq!(result(&events), None, "{action:?}");
            assert!(!newly_assisted(&events));
        }
    }

    #[test]
    fn the_first_hint_makes_the_game_assisted_and_later_ones_do_not() {
        let mut state = State::new(Variant::Hard, 9);
        assert!(newly_assisted(&state.apply(Action::Hint).unwrap()));
        assert!(!newly_assisted(&state.apply(Action::Hint).unwrap()));
        assert!(state.assisted());
    }
}
