//! Statistics of finished solitaire games, shared by the games that keep
//! them per deal played. Wins with undo or hints are counted apart and never
//! extend a streak or set a best score.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A win, with its score in games that score one.
    Won {
        score: Option<u32>,
        assisted: bool,
    },
    Lost,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantStats {
    pub played: u32,
    /// Wins without undo or hints.
    pub won: u32,
    pub assisted_wins: u32,
    pub best_score: Option<u32>,
    pub current_streak: u32,
    pub best_streak: u32,
}

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

/// A game's part of the statistics screen: its name, a line on what is
/// counted, and its table (`children`: the table's head and body).
#[component]
pub fn StatsSection(title: &'static str, note: &'static str, children: Children) -> impl IntoView {
    view! {
        <section class="panel">
            <h2>{title}</h2>
            <p class="small">{note}</p>
            <div class="table-scroll">
                <table class="stats-table">{children()}</table>
            </div>
        </section>
    }
}

/// A row of a statistics table: its label and how its value is shown.
pub type StatsRow = (&'static str, fn(&VariantStats) -> String);

/// The rows of a statistics table of [`VariantStats`]. `with_score` for
/// games that score a win.
pub fn stats_rows(with_score: bool) -> Vec<StatsRow> {
    let mut rows: Vec<StatsRow> = vec![
        ("Played", |s| s.played.to_string()),
        ("Won", |s| s.won.to_string()),
        ("Win rate", |s| {
            s.win_rate_percent().map_or("–".into(), |p| format!("{p}%"))
        }),
        ("Won with help", |s| s.assisted_wins.to_string()),
        ("Best score", |s| {
            s.best_score.map_or("–".into(), |b| b.to_string())
        }),
        ("Current streak", |s| s.current_streak.to_string()),
        ("Best streak", |s| s.best_streak.to_string()),
    ];
    if !with_score {
        rows.retain(|(label, _)| *label != "Best score");
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_win_without_a_score_sets_no_best_score() {
        let mut s = VariantStats::default();
        s.record(GameResult::Won {
            score: None,
            assisted: false,
        });
        assert_eq!((s.played, s.won, s.current_streak), (1, 1, 1));
        assert_eq!(s.best_score, None);
    }
}
