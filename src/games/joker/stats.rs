//! Joker's statistics: finished games, and by each person's name the games
//! won and the Jokers shot.

use crate::stats::StatsSection;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct JokerStats {
    pub played: u32,
    /// Games won (shared wins count for each winner), by name.
    pub wins: BTreeMap<String, u32>,
    /// Jokers shot, by name.
    pub jokers: BTreeMap<String, u32>,
}

impl JokerStats {
    /// One finished game: the people who won it, and every person's Jokers
    /// shot (computer players are not kept).
    pub fn record(&mut self, winners: &[String], jokers: &[(String, u32)]) {
        self.played += 1;
        for name in winners {
            *self.wins.entry(name.clone()).or_default() += 1;
        }
        for (name, shot) in jokers {
            *self.jokers.entry(name.clone()).or_default() += shot;
        }
    }
}

/// The statistics table: games played, then a row per person.
#[component]
pub fn StatsPanel(stats: RwSignal<JokerStats>) -> impl IntoView {
    let rows = move || {
        stats.with(|s| {
            let mut names: Vec<&String> = s.wins.keys().chain(s.jokers.keys()).collect();
            names.sort();
            names.dedup();
            names
                .into_iter()
                .map(|name| {
                    let wins = s.wins.get(name).copied().unwrap_or(0);
                    let jokers = s.jokers.get(name).copied().unwrap_or(0);
                    view! {
                        <tr>
                            <th scope="row">{name.clone()}</th>
                            <td>{format!("{wins} won · {jokers} Jokers shot")}</td>
                        </tr>
                    }
                    .into_any()
                })
                .collect_view()
        })
    };
    view! {
        <StatsSection
            title="Joker"
            note="Finished games; for each person, games won (shared wins count for each winner) and Jokers shot."
        >
            <tbody>
                <tr>
                    <th scope="row">"Played"</th>
                    <td>{move || stats.with(|s| s.played.to_string())}</td>
                </tr>
                {rows}
            </tbody>
        </StatsSection>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_wins_and_jokers_are_counted_by_name() {
        let mut s = JokerStats::default();
        s.record(&["Ana".into()], &[("Ana".into(), 2), ("Ben".into(), 1)]);
        s.record(&["Ana".into(), "Ben".into()], &[("Ben".into(), 1)]);
        assert_eq!(s.played, 2);
        assert_eq!(s.wins["Ana"], 2);
        assert_eq!(s.wins["Ben"], 1);
        assert_eq!(s.jokers["Ben"], 2);
        let text = crate::codec::to_string(&s).unwrap();
        assert_eq!(crate::codec::from_str::<JokerStats>(&text).unwrap(), s);
    }
}
