//! Statistics of finished games: per Dead Center variant, and for Murderers'
//! Row. Wins with undo or hints are counted apart and never extend a streak
//! or set a best score.

use engine::dead_center::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A win, with its score in games that score one.
    Won {
        score: Option<u32>,
        assisted: bool,
    },
    Lost,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantStats {
    pub played: u32,
    /// Wins without undo or hints.
    pub won: u32,
    pub assisted_wins: u32,
    pub best_score: Option<u32>,
    pub current_streak: u32,
    pub best_streak: u32,
}
engine::json_struct!(VariantStats {
    played,
    won,
    assisted_wins,
    best_score,
    current_streak,
    best_streak
});

impl VariantStats {
    pub fn record(&mut self, result: GameResult) {
        self.played += 1;
        match result {
            GameResult::Won { assisted: true, .. } => self.assisted_wins += 1,
            GameResult::Won { score, .. } => {
                self.won += 1;
                self.current_streak += 1;
                self.best_streak = self.best_streak.max(self.current_streak);
                if let Some(score) = score {
                    self.best_score = Some(self.best_score.map_or(score, |b| b.max(score)));
                }
            }
            GameResult::Lost => self.current_streak = 0,
        }
    }

    /// Unassisted wins as a whole percentage of games played.
    pub fn win_rate_percent(&self) -> Option<u32> {
        (self.played > 0).then(|| (self.won * 100 + self.played / 2) / self.played)
    }
}

/// One record per variant; a field missing from an older record starts at zero.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadCenterStats {
    pub standard: VariantStats,
    pub hard: VariantStats,
    pub nightmare: VariantStats,
}
engine::json_struct!(default DeadCenterStats { standard, hard, nightmare });

impl DeadCenterStats {
    fn of(&mut self, variant: Variant) -> &mut VariantStats {
        match variant {
            Variant::Standard => &mut self.standard,
            Variant::Hard => &mut self.hard,
            Variant::Nightmare => &mut self.nightmare,
        }
    }

    pub fn get(&self, variant: Variant) -> VariantStats {
        self.clone().of(variant).clone()
    }

    pub fn record(&mut self, variant: Variant, result: GameResult) {
        self.of(variant).record(result);
    }
}

/// Murderers' Row has no variants and no score.
pub type MurderersRowStats = VariantStats;

/// Serial Killer: games finished, and wins per person's name (computer
/// players' wins are not kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SerialKillerStats {
    pub played: u32,
    pub wins: std::collections::BTreeMap<String, u32>,
}
engine::json_struct!(default SerialKillerStats { played, wins });

impl SerialKillerStats {
    /// One finished game, won by these people (none if a computer won).
    pub fn record(&mut self, winners: &[String]) {
        self.played += 1;
        for name in winners {
            *self.wins.entry(name.clone()).or_default() += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serial_killer_counts_games_and_wins_by_name() {
        let mut s = SerialKillerStats::default();
        s.record(&["Ana".to_string()]);
        s.record(&[]);
        s.record(&["Ana".to_string(), "Ben".to_string()]);
        assert_eq!(s.played, 3);
        assert_eq!(s.wins["Ana"], 2);
        assert_eq!(s.wins["Ben"], 1);
    }

    #[test]
    fn wins_losses_and_streaks() {
        let mut s = VariantStats::default();
        s.record(GameResult::Won {
            score: Some(3),
            assisted: false,
        });
        s.record(GameResult::Won {
            score: Some(9),
            assisted: false,
        });
        s.record(GameResult::Won {
            score: Some(5),
            assisted: false,
        });
        assert_eq!(
            (s.played, s.won, s.current_streak, s.best_streak),
            (3, 3, 3, 3)
        );
        assert_eq!(s.best_score, Some(9));
        s.record(GameResult::Lost);
        assert_eq!((s.current_streak, s.best_streak), (0, 3));
        assert_eq!(s.win_rate_percent(), Some(75));
    }

    #[test]
    fn assisted_wins_are_counted_apart() {
        let mut s = VariantStats::default();
        s.record(GameResult::Won {
            score: Some(1),
            assisted: false,
        });
        s.record(GameResult::Won {
            score: Some(30),
            assisted: true,
        });
        assert_eq!((s.played, s.won, s.assisted_wins), (2, 1, 1));
        assert_eq!(s.best_score, Some(1), "an assisted win sets no best score");
        assert_eq!(
            s.current_streak, 1,
            "an assisted win neither extends nor breaks a streak"
        );
        assert_eq!(s.win_rate_percent(), Some(50));
    }

    #[test]
    fn variants_are_kept_apart() {
        let mut stats = DeadCenterStats::default();
        stats.record(Variant::Hard, GameResult::Lost);
        assert_eq!(stats.get(Variant::Hard).played, 1);
        assert_eq!(stats.get(Variant::Standard), VariantStats::default());
        assert_eq!(VariantStats::default().win_rate_percent(), None);
    }

    #[test]
    fn a_win_without_a_score_sets_no_best_score() {
        let mut s = MurderersRowStats::default();
        s.record(GameResult::Won {
            score: None,
            assisted: false,
        });
        assert_eq!((s.played, s.won, s.current_streak), (1, 1, 1));
        assert_eq!(s.best_score, None);
    }
}
