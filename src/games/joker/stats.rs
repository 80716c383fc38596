//! Joker's statistics: finished games, by each person's name the games
//! won and the Jokers shot, and the best solo score.

use super::solo::signed;
use crate::stats::StatsSection;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct JokerStats {
    pub played: u32,
    /// Each person's record, by name.
    pub people: BTreeMap<String, PersonRecord>,
    /// The best score of a solo game played alone, by its number of rounds
    /// (a longer game strays further from par, either way).
    pub best_solo: BTreeMap<u8, i32>,
}

/// One person's Joker record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersonRecord {
    /// Games won (a shared win counts for each winner).
    pub wins: u32,
    /// Jokers shot.
    pub jokers: u32,
}

impl JokerStats {
    /// One finished game: every person at the table with the Jokers they
    /// shot and whether they won (computer players are not kept).
    pub fn record(&mut self, people: &[(String, u32, bool)]) {
        self.played += 1;
        for (name, jokers, won) in people {
            let record = self.people.entry(name.clone()).or_default();
            record.jokers += jokers;
            record.wins += u32::from(*won);
        }
    }

    /// A finished solo game of `rounds` rounds played alone: its score is
    /// kept if it is the best of that length.
    pub fn record_solo(&mut self, rounds: u8, score: i32) {
        let best = self.best_solo.entry(rounds).or_insert(score);
        *best = (*best).max(score);
    }
}

/// The statistics table: games played, then a row per person.
#[component]
pub fn StatsPanel(stats: RwSignal<JokerStats>) -> impl IntoView {
    let rows = move || {
        stats.with(|s| {
            s.people
                .iter()
                .map(|(name, r)| {
                    view! {
                        <tr>
                            <th scope="row">{name.clone()}</th>
                            <td>{format!("{} won · {} shot", r.wins, crate::words::count(r.jokers as usize, "Joker", "Jokers"))}</td>
                        </tr>
                    }
                    .into_any()
                })
                .collect_view()
        })
    };
    let best_solo = move || {
        stats.with(|s| {
            s.best_solo
                .iter()
                .map(|(rounds, score)| {
                    let rounds = crate::words::count(usize::from(*rounds), "round", "rounds");
                    view! {
                        <tr>
                            <th scope="row">{format!("Best solo score, {rounds}")}</th>
                            <td>{signed(*score)}</td>
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
            note="Finished games; for each person, games won (shared wins count for each winner) and Jokers shot; the best score of solo games played alone against par, by their number of rounds."
        >
            <tbody>
                <tr>
                    <th scope="row">"Played"</th>
                    <td>{move || stats.with(|s| s.played.to_string())}</td>
                </tr>
                {rows}
                {best_solo}
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
        s.record(&[("Ana".into(), 2, true), ("Ben".into(), 1, false)]);
        s.record(&[("Ana".into(), 0, true), ("Ben".into(), 1, true)]);
        assert_eq!(s.played, 2);
        assert_eq!(s.people["Ana"], PersonRecord { wins: 2, jokers: 2 });
        assert_eq!(s.people["Ben"], PersonRecord { wins: 1, jokers: 2 });
        let text = crate::codec::to_string(&s).unwrap();
        assert_eq!(crate::codec::from_str::<JokerStats>(&text).unwrap(), s);
    }

    #[test]
    fn the_best_solo_score_is_kept_by_the_game_s_length() {
        let mut s = JokerStats::default();
        s.record_solo(3, -2);
        s.record_solo(3, 4);
        s.record_solo(3, 1);
        s.record_solo(1, -1);
        assert_eq!(s.best_solo, BTreeMap::from([(1, -1), (3, 4)]));
        let text = crate::codec::to_string(&s).unwrap();
        assert_eq!(crate::codec::from_str::<JokerStats>(&text).unwrap(), s);
    }

    /// Statistics written before the solo score load, with none kept.
    #[test]
    fn statistics_without_a_solo_score_load() {
        let old = r#"{"played":2,"people":{"Ana":{"wins":1,"jokers":3}}}"#;
        let s: JokerStats = crate::codec::from_str(old).unwrap();
        assert_eq!(s.played, 2);
        assert!(s.best_solo.is_empty());
    }
}
