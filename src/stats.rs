//! Statistics of finished solitaire games, shared by the games that keep
//! them per deal played. Wins with undo or hints are counted apart and never
//! extend a streak or set a best score.

use engine::difficulty::Level;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// The games of the solitaires that rate their deals, counted by their
/// deal's level: only games whose level was known are here; the rest (and
/// every game of versions before levels) are "not rated", the whole
/// minus these. Saved as a map from level to [`VariantStats`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LevelStats(BTreeMap<Level, VariantStats>);

/// The level rows of a statistics table (`None`: not rated).
const LEVEL_ROWS: [(&str, Option<Level>); 5] = [
    ("Easy deals", Some(Level::Easy)),
    ("Medium deals", Some(Level::Medium)),
    ("Hard deals", Some(Level::Hard)),
    ("Fiendish deals", Some(Level::Fiendish)),
    ("Deals not rated", None),
];

impl LevelStats {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Counts a game of a deal of `level`.
    pub fn record(&mut self, level: Level, result: GameResult) {
        self.0.entry(level).or_default().record(result);
    }

    /// Games played and won (without help) at `level`, or (`None`) not
    /// rated among `all`, the games played and won in all.
    pub fn played_won(&self, level: Option<Level>, all: (u32, u32)) -> (u32, u32) {
        match level {
            Some(level) => self.0.get(&level).map_or((0, 0), |s| (s.played, s.won)),
            None => self.0.values().fold(all, |(played, won), s| {
                (played.saturating_sub(s.played), won.saturating_sub(s.won))
            }),
        }
    }

    /// "3 played, 2 won (67%)", "none played".
    pub fn text(&self, level: Option<Level>, all: (u32, u32)) -> String {
        let (played, won) = self.played_won(level, all);
        if played == 0 {
            return "none played".to_string();
        }
        let rate = (won * 100 + played / 2) / played;
        format!("{played} played, {won} won ({rate}%)")
    }
}

/// The level rows of a game's statistics table, their value across its
/// `columns` columns of values: `stats` gives the levels and the games
/// played and won in all.
pub fn level_rows(
    stats: impl Fn() -> (LevelStats, (u32, u32)) + Copy + Send + Sync + 'static,
    columns: u32,
) -> impl IntoView {
    let rows = LEVEL_ROWS.map(|(label, level)| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                <td colspan=columns>{move || {
                    let (levels, all) = stats();
                    levels.text(level, all)
                }}</td>
            </tr>
        }
        .into_any()
    });
    view! { <tbody class="level-rows">{rows.collect_view()}</tbody> }
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
