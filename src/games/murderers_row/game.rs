//! The game as the app keeps it: the engine's state, whether its result is
//! counted, and its deal's level; saved as its deal and the moves that stand,
//! and counted by the table controller through [`TableRecord`].

use super::stats::MurderersRowStats;
use crate::stats::GameResult;
use crate::table::controller::TableRecord;
use engine::murderers_row::difficulty::Level;
use engine::murderers_row::{Action, Event, State, Status};
use engine::Game;
use serde::{Deserialize, Serialize};

/// The game in progress. It is saved as its deal and the moves that stand
/// (see [`SavedGame`]): loading replays them, so a save that is not a real
/// game cannot load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "SavedGame", try_from = "SavedGame")]
pub struct MurderersRowGame {
    pub state: State,
    /// Its result is in the statistics already: a lost game taken back by
    /// undo goes on, but is not counted again.
    pub counted: bool,
    /// The deal's level, once the solver has worked it out (its result is
    /// counted under it).
    pub level: Option<Level>,
}

/// What is kept of a game: enough to replay it exactly.
#[derive(Serialize, Deserialize)]
struct SavedGame {
    seed: u64,
    history: Vec<Action>,
    /// Undo or hints were used.
    assisted: bool,
    counted: bool,
    /// Not written while unknown: a game of earlier versions saves as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
}

impl From<MurderersRowGame> for SavedGame {
    fn from(game: MurderersRowGame) -> SavedGame {
        SavedGame {
            seed: game.state.seed(),
            history: game.state.history().to_vec(),
            assisted: game.state.assisted(),
            counted: game.counted,
            level: game.level,
        }
    }
}

/// A save that does not replay is refused (and the loader says why).
impl TryFrom<SavedGame> for MurderersRowGame {
    type Error = &'static str;

    fn try_from(saved: SavedGame) -> Result<MurderersRowGame, &'static str> {
        let state = State::restore(saved.seed, &saved.history, saved.assisted)
            .map_err(|_| "its moves do not replay")?;
        Ok(MurderersRowGame {
            state,
            counted: saved.counted,
            level: saved.level,
        })
    }
}

impl MurderersRowGame {
    pub fn new(seed: u64) -> MurderersRowGame {
        MurderersRowGame {
            state: State::new(seed),
            counted: false,
            level: None,
        }
    }

    /// A loaded game is whole (loading replayed it; this checks the result).
    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()
    }

    /// Begun and not over: leaving it counts as a loss.
    pub fn in_progress(&self) -> bool {
        !self.state.is_over() && !self.state.history().is_empty()
    }

    /// Counts `result` under the deal's level, unless the game is counted
    /// already. Says whether it counted.
    fn count_once(&mut self, result: GameResult, stats: &mut MurderersRowStats) -> bool {
        if self.counted {
            return false;
        }
        self.counted = true;
        stats.record(result, self.level);
        // A daily deal counts once there too; a begun one left counts as
        // lost (restarting it after seeing its cards cannot win the day).
        crate::daily::count(&mut stats.daily, self.state.seed(), result);
        true
    }
}

/// The result of a finished game; `None` while it goes on.
fn result_of(state: &State) -> Option<GameResult> {
    match state.status() {
        Status::Won => Some(GameResult::Won {
            score: None,
            assisted: state.assisted(),
        }),
        Status::Lost => Some(GameResult::Lost),
        Status::Playing(_) => None,
    }
}

impl TableRecord for MurderersRowGame {
    type State = State;
    type Stats = MurderersRowStats;

    fn state(&self) -> &State {
        &self.state
    }

    fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Read from the state, not the events: a game that is over is counted
    /// once, whatever action ended it.
    fn count(&mut self, _events: &[Event], stats: &mut MurderersRowStats) -> bool {
        result_of(&self.state).is_some_and(|result| self.count_once(result, stats))
    }

    /// A begun game left unfinished for another deal is lost.
    fn count_left(&mut self, stats: &mut MurderersRowStats) -> bool {
        self.in_progress() && self.count_once(GameResult::Lost, stats)
    }

    fn recent(&self, game: &'static str) -> Option<crate::replay::recent::RecentGame> {
        crate::replay::recent_entry(self, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fixtures::same_text;

    /// `game` played on with the first legal action until it is over.
    fn played_out(mut game: MurderersRowGame) -> MurderersRowGame {
        while !game.state.is_over() {
            let next = game.state.legal_actions()[0];
            game.state.apply(next).unwrap();
        }
        game
    }

    #[test]
    fn a_game_is_saved_as_its_deal_and_moves_and_replayed_on_load() {
        let mut game = MurderersRowGame::new(4);
        for _ in 0..3 {
            let next = game.state.legal_actions()[0];
            game.state.apply(next).unwrap();
        }
        game.state.apply(Action::Hint).unwrap();
        assert!(game.state.assisted());
        game.counted = true;
        let text = crate::codec::to_string(&game).unwrap();
        assert!(!text.contains("rng"), "only the deal and the moves: {text}");
        let loaded: MurderersRowGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(loaded, game);
        assert!(loaded.validate().is_ok());
        assert!(loaded.in_progress());
        // Moves that are not legal in that deal: not a game.
        let forged = text.replacen("\"seed\":4", "\"seed\":5", 1);
        assert!(crate::codec::from_str::<MurderersRowGame>(&forged).is_err());
    }

    /// The deal's level, once known, is kept with the game; a game of an
    /// earlier version has none (its result counts as not rated).
    #[test]
    fn a_game_keeps_its_deal_level() {
        let mut game = MurderersRowGame::new(4);
        assert_eq!(game.level, None);
        assert!(!crate::codec::to_string(&game).unwrap().contains("level"));
        game.level = Some(Level::Fiendish);
        let text = crate::codec::to_string(&game).unwrap();
        assert!(text.contains(r#""level":"Fiendish""#), "{text}");
        let loaded: MurderersRowGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(loaded.level, Some(Level::Fiendish));
        let old: MurderersRowGame = same_text("MRGAME");
        assert_eq!(old.level, None);
    }

    #[test]
    fn a_game_saved_by_the_first_version_loads_and_saves_unchanged() {
        let mr: MurderersRowGame = same_text("MRGAME");
        assert_eq!(mr.state.history().len(), 3);
        assert_eq!(mr.validate(), Ok(()));
    }

    #[test]
    fn a_finished_game_counts_once_under_its_level() {
        let mut stats = MurderersRowStats::default();
        let mut game = MurderersRowGame::new(4);
        game.level = Some(Level::Hard);
        assert!(!game.count(&[], &mut stats), "not over: nothing to count");
        let mut game = played_out(game);
        assert!(game.count(&[], &mut stats));
        assert!(game.counted);
        assert!(!game.count(&[], &mut stats), "counted once");
        assert_eq!(stats.all.played, 1);
        assert_eq!(
            stats
                .by_level
                .played_won(Some(Level::Hard), stats.played_won())
                .0,
            1
        );
    }

    /// A lost game taken back by undo and played on is not counted again,
    /// whatever its end.
    #[test]
    fn a_loss_taken_back_is_not_counted_again() {
        let (mut game, mut stats) = (0..500)
            .map(|seed| played_out(MurderersRowGame::new(seed)))
            .find(|g| g.state.status() == Status::Lost && g.state.can_undo())
            .map(|g| (g, MurderersRowStats::default()))
            .expect("a deal lost by a move that can be taken back");
        assert!(game.count(&[], &mut stats));
        let events = game.state.apply(Action::Undo).unwrap();
        assert!(!game.count(&events, &mut stats));
        let mut game = played_out(game);
        assert!(!game.count(&[], &mut stats));
        assert!(!game.count_left(&mut stats));
        assert_eq!(stats.all.played, 1);
    }

    #[test]
    fn a_begun_game_left_counts_as_lost_once() {
        let mut stats = MurderersRowStats::default();
        let mut unbegun = MurderersRowGame::new(4);
        assert!(!unbegun.count_left(&mut stats), "not begun: not counted");
        let mut begun = MurderersRowGame::new(4);
        let next = begun.state.legal_actions()[0];
        begun.state.apply(next).unwrap();
        assert!(begun.count_left(&mut stats));
        assert!(!begun.count_left(&mut stats));
        assert_eq!((stats.all.played, stats.all.won), (1, 0));
        let mut finished = played_out(MurderersRowGame::new(4));
        assert!(
            !finished.count_left(&mut stats),
            "over: counted when it ended"
        );
        assert_eq!(stats.all.played, 1);
    }

    #[test]
    fn issue_28_the_daily_deal_counts_once_in_its_record_and_replays_do_not() {
        // Natively, today is day 0 (see `daily::today`).
        let daily = crate::daily::seed(0);
        let mut stats = MurderersRowStats::default();
        let mut first = played_out(MurderersRowGame::new(daily));
        assert!(first.count(&[], &mut stats));
        let mut again = played_out(MurderersRowGame::new(daily));
        assert!(again.count(&[], &mut stats));
        assert_eq!((stats.all.played, stats.daily.played), (2, 1));
        let mut other = played_out(MurderersRowGame::new(daily + 1));
        let mut not_daily = MurderersRowStats::default();
        assert!(other.count(&[], &mut not_daily));
        assert!(not_daily.daily.is_empty());
        // Old statistics write back unchanged while no daily deal is counted.
        assert!(!crate::codec::to_string(&not_daily)
            .unwrap()
            .contains("daily"));
    }
}
