//! Serial Killer's statistics: finished games and wins by each person's name.

use crate::stats::StatsSection;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Serial Killer: games finished, and wins per person's name (computer
/// players' wins are not kept).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SerialKillerStats {
    pub played: u32,
    pub wins: std::collections::BTreeMap<String, u32>,
}

impl SerialKillerStats {
    /// One finished game, won by these people (none if a computer won).
    pub fn record(&mut self, winners: &[String]) {
        self.played += 1;
        for name in winners {
            *self.wins.entry(name.clone()).or_default() += 1;
        }
    }
}

/// The statistics table: games played, and wins by name.
#[component]
pub fn StatsPanel(stats: RwSignal<SerialKillerStats>) -> impl IntoView {
    view! {
        <StatsSection
            title="Serial Killer"
            note="Finished games, and wins by each person's name (shared wins count for each winner)."
        >
            <tbody>
                <tr>
                    <th scope="row">"Played"</th>
                    <td>{move || stats.with(|s| s.played.to_string())}</td>
                </tr>
                {move || stats.with(|s| s.wins.iter().map(|(name, wins)| view! {
                    <tr>
                        <th scope="row">{format!("Won by {name}")}</th>
                        <td>{wins.to_string()}</td>
                    </tr>
                }.into_any()).collect_view())}
            </tbody>
        </StatsSection>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fixtures::same_text;

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
    fn statistics_saved_by_the_first_version_load_and_save_unchanged() {
        let stats: SerialKillerStats = same_text("SKSTATS");
        assert_eq!(stats.wins["Ana"], 2);
    }
}
