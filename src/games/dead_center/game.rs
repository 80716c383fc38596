//! Dead Center as the app keeps it (the engine's state itself, played
//! through the table controller), and what the table says: pure functions
//! of the state or of what an action did (its events), never a comparison
//! of the game before and after.

use super::stats::{DeadCenterStats, DAILY_VARIANT};
use crate::stats::GameResult;
use crate::table::controller::TableRecord;
use crate::words::count;
use engine::dead_center::difficulty::Level;
use engine::dead_center::{Event, LossReason, Phase, State, Status};

impl TableRecord for State {
    type State = State;
    type Stats = DeadCenterStats;

    fn state(&self) -> &State {
        self
    }

    fn state_mut(&mut self) -> &mut State {
        self
    }

    /// A game ends once (every later action is refused), so the events
    /// that end it are counted, and nothing else.
    fn count(&mut self, events: &[Event], stats: &mut DeadCenterStats) -> bool {
        let Some(result) = result(events) else {
            return false;
        };
        stats.record(self.variant(), result, level(self));
        count_daily(self, result, stats);
        true
    }

    /// A begun deal left for another counts as lost.
    fn count_left(&mut self, stats: &mut DeadCenterStats) -> bool {
        if !self.in_progress() {
            return false;
        }
        stats.record(self.variant(), GameResult::Lost, level(self));
        // A daily deal begun counts: restarting it after seeing its cards
        // cannot win the day.
        count_daily(self, GameResult::Lost, stats);
        true
    }

    fn recent(&self, game: &'static str) -> Option<crate::replay::recent::RecentGame> {
        crate::replay::recent_entry(self, game)
    }
}

/// The level of the game's deal, if known.
fn level(state: &State) -> Option<Level> {
    super::solver_client::level(state.variant(), state.seed())
}

/// Counts the game in the daily record too if it is a day's deal.
fn count_daily(state: &State, result: GameResult, stats: &mut DeadCenterStats) {
    if state.variant() == DAILY_VARIANT {
        crate::daily::count(&mut stats.daily, state.seed(), result);
    }
}

/// What the player is to do now.
pub(super) fn instruction(state: &State) -> String {
    match state.phase() {
        // The loss comes only when a card must be drawn, so the last
        // placement can still be undone.
        Phase::Draw | Phase::Reveal if state.deck_len() == 0 => {
            "The deck is empty: undo your last move, or draw and lose.".to_string()
        }
        Phase::Reveal => "Choose a face-down zombie to reveal.".to_string(),
        Phase::Draw => "Draw the top card of the deck.".to_string(),
        Phase::Place { drawn } => format!("Play the {} on a highlighted pile.", drawn.name()),
        Phase::Attack { .. } => "Kill a highlighted zombie, or end your turn.".to_string(),
        Phase::Won => "You won!".to_string(),
        Phase::Lost(_) => "The zombies won.".to_string(),
    }
}

/// The end dialog's title and text, once the game is over.
pub(super) fn end_text(state: &State) -> Option<(&'static str, String)> {
    let left = state.zombies_left();
    Some(match state.status() {
        Status::Won { score } => (
            "You won!",
            format!(
                "All twelve zombies are dead with {} left in the deck: your score is {score}.{}",
                count(score, "card", "cards"),
                if state.assisted() {
                    " Undo or hints were used, so this win is counted as assisted."
                } else {
                    ""
                }
            ),
        ),
        Status::Lost(LossReason::DeckEmpty) => (
            "The zombies won",
            format!(
                "The deck ran out with {} still standing.",
                count(left, "zombie", "zombies")
            ),
        ),
        Status::Lost(LossReason::NoLegalPile { drawn }) => (
            "The zombies won",
            format!(
                "The {} could not be played on any pile, with {} still standing.",
                drawn.name(),
                count(left, "zombie", "zombies")
            ),
        ),
        _ => return None,
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::{Card, Suit};
    use engine::dead_center::Variant;
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
        }
    }

    #[test]
    fn a_begun_deal_left_counts_as_lost_and_a_fresh_or_finished_one_does_not() {
        let mut stats = DeadCenterStats::default();
        let mut fresh = State::new(Variant::Standard, 4);
        assert!(!fresh.count_left(&mut stats));
        assert_eq!(stats, DeadCenterStats::default());
        let mut begun = fresh.clone();
        begun.apply(begun.legal_actions()[0]).unwrap();
        assert!(begun.count_left(&mut stats));
        let mut lost = DeadCenterStats::default();
        lost.record(Variant::Standard, GameResult::Lost, None);
        assert_eq!(stats, lost);
    }

    /// `state` played on with the first legal action until it is over, each
    /// action counted as the table controller counts it.
    fn play_out(state: &mut State, stats: &mut DeadCenterStats) {
        while !state.is_over() {
            let action = state.legal_actions()[0];
            let events = state.apply(action).unwrap();
            state.count(&events, stats);
        }
    }

    #[test]
    fn issue_28_the_daily_deal_counts_once_in_its_record_and_replays_do_not() {
        // Natively, today is day 0 (see `daily::today`).
        let daily = crate::daily::seed(0);
        let mut stats = DeadCenterStats::default();
        play_out(&mut State::new(DAILY_VARIANT, daily), &mut stats);
        assert_eq!(stats.daily.played, 1);
        assert_eq!(stats.daily.last_day, Some(0));
        // Played again: a game in the variant's statistics, not the day's.
        play_out(&mut State::new(DAILY_VARIANT, daily), &mut stats);
        assert_eq!((stats.standard.played, stats.daily.played), (2, 1));
        // The same deal number in another variant, or another deal: not daily.
        let mut other = DeadCenterStats::default();
        play_out(&mut State::new(Variant::Hard, daily), &mut other);
        play_out(&mut State::new(DAILY_VARIANT, daily + 1), &mut other);
        assert!(other.daily.is_empty());
    }

    #[test]
    fn issue_28_a_finished_game_counts_under_its_deals_difficulty_once_rated() {
        // The worker rated deal 4 (the table asks as it opens), not deal 5.
        let rating = engine::dead_center::advice::rate_deal(Variant::Hard, 4);
        super::super::solver_client::note(Variant::Hard, 4, rating);
        let mut stats = DeadCenterStats::default();
        play_out(&mut State::new(Variant::Hard, 4), &mut stats);
        play_out(&mut State::new(Variant::Hard, 5), &mut stats);
        let all = (2, 0);
        let level = Some(rating.difficulty.level);
        assert_eq!(stats.by_level.played_won(level, all), (1, 0));
        assert_eq!(stats.by_level.played_won(None, all), (1, 0), "deal 5");
    }

    #[test]
    fn issue_28_a_begun_daily_deal_left_for_another_counts_as_the_days_loss() {
        let mut stats = DeadCenterStats::default();
        let mut begun = State::new(DAILY_VARIANT, crate::daily::seed(0));
        begun.apply(begun.legal_actions()[0]).unwrap();
        assert!(begun.count_left(&mut stats));
        assert_eq!((stats.daily.played, stats.daily.won), (1, 0));
        // Restarted and won, the day stays lost.
        assert!(!stats
            .daily
            .record(0, crate::daily::DailyResult::Won { assisted: false }));
    }

    #[test]
    fn the_instruction_follows_the_phase_and_no_end_text_while_playing() {
        let mut state = State::new(Variant::Standard, 4);
        assert_eq!(instruction(&state), "Choose a face-down zombie to reveal.");
        assert_eq!(end_text(&state), None);
        // Revealing a zombie draws the turn's card.
        state.apply(state.legal_actions()[0]).unwrap();
        let Phase::Place { drawn } = state.phase() else {
            panic!("{:?}", state.phase())
        };
        assert_eq!(
            instruction(&state),
            format!("Play the {} on a highlighted pile.", drawn.name())
        );
    }
}
