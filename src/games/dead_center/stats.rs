//! Dead Center's statistics: one record per variant, and their panel on the
//! statistics screen.

use crate::daily::DailyStats;
use crate::stats::{stats_rows, GameResult, LevelStats, StatsSection, VariantStats};
use engine::dead_center::difficulty::Level;
use engine::dead_center::Variant;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// One record per variant; a field missing from an older record starts at zero.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DeadCenterStats {
    pub standard: VariantStats,
    pub hard: VariantStats,
    pub nightmare: VariantStats,
    /// The games by their deal's difficulty, in all variants (a level says
    /// the same of a deal whatever its variant). Games of earlier versions
    /// are not rated.
    #[serde(skip_serializing_if = "LevelStats::is_empty")]
    pub by_level: LevelStats,
    /// The daily deals (dealt in [`DAILY_VARIANT`]).
    #[serde(
        skip_serializing_if = "DailyStats::is_empty",
        deserialize_with = "crate::codec::object"
    )]
    pub daily: DailyStats,
}

/// The variant of the daily deals.
pub const DAILY_VARIANT: Variant = Variant::Standard;

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

    /// Counts a game of `variant`, of a deal of `level` if known.
    pub fn record(&mut self, variant: Variant, result: GameResult, level: Option<Level>) {
        self.of(variant).record(result);
        if let Some(level) = level {
            self.by_level.record(level, result);
        }
    }

    /// Games played and won without help, in all variants.
    fn played_won(&self) -> (u32, u32) {
        Variant::ALL
            .map(|v| self.get(v))
            .iter()
            .fold((0, 0), |(played, won), s| (played + s.played, won + s.won))
    }
}

/// The statistics table, a column per variant.
#[component]
pub fn StatsPanel(stats: RwSignal<DeadCenterStats>) -> impl IntoView {
    let rows = stats_rows(true).into_iter().map(move |(label, value)| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                {Variant::ALL.map(|v| view! {
                    <td>{move || value(&stats.with(|s| s.get(v)))}</td>
                }.into_any()).collect_view()}
            </tr>
        }
        .into_any()
    });
    view! {
        <StatsSection
            title="Dead Center"
            note="Wins with undo or a hint are counted apart: they set no best score and do not extend a streak. A game left unfinished for a new one counts as a loss. A game counts under its deal's level (easy to fiendish) once the table has shown it; the rest, and games from before levels, are not rated. A daily deal is a Standard deal: the first play of each day's deal also counts in the daily rows."
        >
            <thead>
                <tr>
                    <td></td>
                    {Variant::ALL.map(|v| view! { <th scope="col">{v.name()}</th> }.into_any()).collect_view()}
                </tr>
            </thead>
            <tbody>{rows.collect_view()}</tbody>
            {crate::stats::level_rows(move || stats.with(|s| (s.by_level.clone(), s.played_won())), 3)}
            {crate::daily::stats_rows(move || stats.with(|s| s.daily.clone()), 3)}
        </StatsSection>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fixtures::same_text;

    /// Issue 45: the daily part is an object; a list of its fields (which
    /// serde's derive would read in order) is refused, an object still read.
    #[test]
    fn a_daily_part_that_is_a_list_is_refused() {
        let with_daily = |daily: &str| {
            let mut json =
                crate::codec::parse(&crate::codec::to_string(&DeadCenterStats::default()).unwrap())
                    .unwrap();
            json["daily"] = crate::codec::parse(daily).unwrap();
            json
        };
        let list = with_daily("[1,1,0,20000,20000,1,1]");
        assert!(crate::codec::from_json::<DeadCenterStats>(list).is_err());
        let object = with_daily(r#"{"played":1,"won":1}"#);
        let read: DeadCenterStats = crate::codec::from_json(object).unwrap();
        assert_eq!((read.daily.played, read.daily.won), (1, 1));
    }

    #[test]
    fn variants_are_kept_apart() {
        let mut stats = DeadCenterStats::default();
        stats.record(Variant::Hard, GameResult::Lost, None);
        assert_eq!(stats.get(Variant::Hard).played, 1);
        assert_eq!(stats.get(Variant::Standard), VariantStats::default());
        assert_eq!(VariantStats::default().win_rate_percent(), None);
    }

    #[test]
    fn statistics_saved_by_the_first_version_load_and_save_unchanged() {
        let stats: DeadCenterStats = same_text("DCSTATS");
        assert_eq!(stats.hard.best_score, Some(4));
        assert_eq!(stats.nightmare.assisted_wins, 1);
    }

    #[test]
    fn issue_28_statistics_per_difficulty_count_every_variant_and_older_games_are_not_rated() {
        let mut stats: DeadCenterStats = same_text("DCSTATS");
        let before = stats.played_won();
        let won = GameResult::Won {
            score: Some(3),
            assisted: false,
        };
        stats.record(Variant::Standard, won, Some(Level::Hard));
        stats.record(Variant::Nightmare, GameResult::Lost, Some(Level::Hard));
        stats.record(Variant::Hard, won, Some(Level::Easy));
        let all = stats.played_won();
        assert_eq!(all, (before.0 + 3, before.1 + 2));
        assert_eq!(stats.by_level.played_won(Some(Level::Hard), all), (2, 1));
        assert_eq!(
            stats.by_level.text(Some(Level::Hard), all),
            "2 played, 1 won (50%)"
        );
        assert_eq!(stats.by_level.text(Some(Level::Medium), all), "none played");
        assert_eq!(
            stats.by_level.played_won(None, all),
            before,
            "the first version's games"
        );
        let text = crate::codec::to_string(&stats).unwrap();
        assert!(text.contains(r#""by_level":{"Easy":"#), "{text}");
        let back: DeadCenterStats = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, stats);
    }

    #[test]
    fn older_statistics_fill_in_what_they_lack() {
        let stats: DeadCenterStats = crate::codec::from_str("{}").unwrap();
        assert_eq!(stats, DeadCenterStats::default());
    }
}
