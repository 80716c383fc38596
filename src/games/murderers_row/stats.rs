//! Murderers' Row's statistics: the games of every version as one
//! [`VariantStats`], and, since deals have levels, the games whose deal's
//! level was known, per level. The rest (unrated deals, and every game of
//! earlier versions) are "not rated": the whole minus the levels.

use crate::daily::DailyStats;
use crate::stats::{GameResult, LevelStats, VariantStats};
use engine::murderers_row::difficulty::Level;
use serde::{Deserialize, Serialize};

/// Saved as earlier versions saved a [`VariantStats`], with the levels
/// beside its fields once there are some (so an old record loads, and
/// writes back the same until a rated game is counted).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MurderersRowStats {
    #[serde(flatten)]
    pub all: VariantStats,
    #[serde(default, skip_serializing_if = "LevelStats::is_empty")]
    pub by_level: LevelStats,
    /// The daily deals.
    #[serde(
        default,
        skip_serializing_if = "DailyStats::is_empty",
        deserialize_with = "crate::codec::object"
    )]
    pub daily: DailyStats,
}

impl MurderersRowStats {
    /// Games played and won without help.
    pub fn played_won(&self) -> (u32, u32) {
        (self.all.played, self.all.won)
    }

    /// Counts a game of a deal of `level` (`None`: not known).
    pub fn record(&mut self, result: GameResult, level: Option<Level>) {
        self.all.record(result);
        if let Some(level) = level {
            self.by_level.record(level, result);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 45: the daily part is an object; a list of its fields (which
    /// serde's derive would read in order) is refused, an object still read.
    #[test]
    fn a_daily_part_that_is_a_list_is_refused() {
        let with_daily = |daily: &str| {
            let mut json = crate::codec::parse(
                &crate::codec::to_string(&MurderersRowStats::default()).unwrap(),
            )
            .unwrap();
            json["daily"] = crate::codec::parse(daily).unwrap();
            json
        };
        let list = with_daily("[1,1,0,20000,20000,1,1]");
        assert!(crate::codec::from_json::<MurderersRowStats>(list).is_err());
        let object = with_daily(r#"{"played":1,"won":1}"#);
        let read: MurderersRowStats = crate::codec::from_json(object).unwrap();
        assert_eq!((read.daily.played, read.daily.won), (1, 1));
    }

    /// Statistics saved before deals had levels load (as unrated games) and
    /// write back unchanged.
    #[test]
    fn statistics_saved_by_earlier_versions_load_as_not_rated() {
        let old: MurderersRowStats = crate::session::fixtures::same_text("MRSTATS");
        assert_eq!((old.all.played, old.all.won), (3, 1));
        assert_eq!(old.by_level.played_won(None, old.played_won()), (3, 1));
        assert_eq!(
            old.by_level.text(Some(Level::Easy), old.played_won()),
            "none played"
        );
        assert_eq!(
            old.by_level.text(None, old.played_won()),
            "3 played, 1 won (33%)"
        );
    }

    #[test]
    fn games_count_under_their_level_and_the_rest_are_not_rated() {
        let text = crate::session::fixtures::saved_v1("MRSTATS");
        let mut stats: MurderersRowStats = crate::codec::from_str(text).unwrap();
        let won = GameResult::Won {
            score: None,
            assisted: false,
        };
        stats.record(won, Some(Level::Hard));
        stats.record(GameResult::Lost, Some(Level::Hard));
        stats.record(won, Some(Level::Easy));
        stats.record(won, None);
        assert_eq!(stats.all.played, 7);
        assert_eq!(
            stats
                .by_level
                .played_won(Some(Level::Hard), stats.played_won()),
            (2, 1)
        );
        assert_eq!(
            stats
                .by_level
                .played_won(Some(Level::Easy), stats.played_won()),
            (1, 1)
        );
        assert_eq!(stats.by_level.played_won(None, stats.played_won()), (4, 2));
        assert_eq!(
            stats.by_level.text(Some(Level::Hard), stats.played_won()),
            "2 played, 1 won (50%)"
        );
        let text = crate::codec::to_string(&stats).unwrap();
        assert!(text.contains(r#""by_level":{"Easy":"#), "{text}");
        let back: MurderersRowStats = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, stats);
    }
}
