//! Murderers' Row's statistics: the games of every version as one
//! [`VariantStats`], and, since deals have levels, the games whose deal's
//! level was known, per level. The rest (unrated deals, and every game of
//! earlier versions) are "not rated": the whole minus the levels.

use crate::daily::DailyStats;
use crate::stats::{GameResult, VariantStats};
use engine::murderers_row::difficulty::Level;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Saved as earlier versions saved a [`VariantStats`], with the levels
/// beside its fields once there are some (so an old record loads, and
/// writes back the same until a rated game is counted).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MurderersRowStats {
    #[serde(flatten)]
    pub all: VariantStats,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub by_level: BTreeMap<Level, VariantStats>,
    /// The daily deals.
    #[serde(default, skip_serializing_if = "DailyStats::is_empty")]
    pub daily: DailyStats,
}

/// The level rows of the statistics table (`None`: not rated).
pub const LEVEL_ROWS: [(&str, Option<Level>); 5] = [
    ("Easy deals", Some(Level::Easy)),
    ("Medium deals", Some(Level::Medium)),
    ("Hard deals", Some(Level::Hard)),
    ("Fiendish deals", Some(Level::Fiendish)),
    ("Deals not rated", None),
];

impl MurderersRowStats {
    /// Counts a game of a deal of `level` (`None`: not known).
    pub fn record(&mut self, result: GameResult, level: Option<Level>) {
        self.all.record(result);
        if let Some(level) = level {
            self.by_level.entry(level).or_default().record(result);
        }
    }

    /// Games played and won (without help) at `level`, or not rated.
    pub fn played_won(&self, level: Option<Level>) -> (u32, u32) {
        match level {
            Some(level) => self
                .by_level
                .get(&level)
                .map_or((0, 0), |s| (s.played, s.won)),
            None => self
                .by_level
                .values()
                .fold((self.all.played, self.all.won), |(played, won), s| {
                    (played.saturating_sub(s.played), won.saturating_sub(s.won))
                }),
        }
    }

    /// "3 played, 2 won (67%)", "none played".
    pub fn level_text(&self, level: Option<Level>) -> String {
        let (played, won) = self.played_won(level);
        if played == 0 {
            return "none played".to_string();
        }
        let rate = (won * 100 + played / 2) / played;
        format!("{played} played, {won} won ({rate}%)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Statistics saved before deals had levels load (as unrated games) and
    /// write back unchanged.
    #[test]
    fn statistics_saved_by_earlier_versions_load_as_not_rated() {
        let old: MurderersRowStats = crate::session::fixtures::same_text("MRSTATS");
        assert_eq!((old.all.played, old.all.won), (3, 1));
        assert_eq!(old.played_won(None), (3, 1));
        assert_eq!(old.level_text(Some(Level::Easy)), "none played");
        assert_eq!(old.level_text(None), "3 played, 1 won (33%)");
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
        assert_eq!(stats.played_won(Some(Level::Hard)), (2, 1));
        assert_eq!(stats.played_won(Some(Level::Easy)), (1, 1));
        assert_eq!(stats.played_won(None), (4, 2));
        assert_eq!(stats.level_text(Some(Level::Hard)), "2 played, 1 won (50%)");
        let text = crate::codec::to_string(&stats).unwrap();
        assert!(text.contains(r#""by_level":{"Easy":"#), "{text}");
        let back: MurderersRowStats = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, stats);
    }
}
