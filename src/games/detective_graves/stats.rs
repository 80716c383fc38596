//! Detective Graves' statistics: finished games, and by each person's name
//! their games and wins, and their cases in each role.

use crate::stats::StatsSection;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DgStats {
    pub played: u32,
    /// Each person's record, by name.
    pub people: BTreeMap<String, PersonRecord>,
}

/// One person's Detective Graves record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersonRecord {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    /// Cases played as the Detective, and those in which they named the
    /// Mastermind rightly.
    pub detective_cases: u32,
    pub unmasked: u32,
    /// Cases played as the Mastermind, and those in which the Detective
    /// named the wrong identity.
    pub mastermind_cases: u32,
    pub escaped: u32,
}

/// One person's part in a finished game, for [`DgStats::record`].
pub struct Played {
    pub name: String,
    pub won: bool,
    pub drew: bool,
    /// (cases as Detective, correct accusations)
    pub detective: (u32, u32),
    /// (cases as Mastermind, wrong accusations against them)
    pub mastermind: (u32, u32),
}

impl DgStats {
    /// One finished game, with every person at the table (computer players
    /// are not kept).
    pub fn record(&mut self, people: &[Played]) {
        self.played += 1;
        for p in people {
            let r = self.people.entry(p.name.clone()).or_default();
            r.games += 1;
            r.wins += u32::from(p.won);
            r.draws += u32::from(p.drew);
            r.detective_cases += p.detective.0;
            r.unmasked += p.detective.1;
            r.mastermind_cases += p.mastermind.0;
            r.escaped += p.mastermind.1;
        }
    }
}

/// The statistics table: games played, then two rows per person.
#[component]
pub fn StatsPanel(stats: RwSignal<DgStats>) -> impl IntoView {
    let rows = move || {
        stats.with(|s| {
            s.people
                .iter()
                .map(|(name, r)| {
                    let games = format!("{} played · {} won · {} drawn", r.games, r.wins, r.draws);
                    let roles = format!(
                        "Detective: unmasked {} of {} · Mastermind: escaped {} of {}",
                        r.unmasked, r.detective_cases, r.escaped, r.mastermind_cases
                    );
                    view! {
                        <tr>
                            <th scope="row">{name.clone()}</th>
                            <td>{games}<br/>{roles}</td>
                        </tr>
                    }
                    .into_any()
                })
                .collect_view()
        })
    };
    view! {
        <StatsSection
            title="Detective Graves"
            note="Finished games; for each person, games won and drawn, and their cases in each role: as Detective, the Masterminds they named rightly; as Mastermind, the accusations they escaped."
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
    fn games_and_cases_are_counted_by_name_and_role() {
        let mut s = DgStats::default();
        s.record(&[
            Played {
                name: "Ana".into(),
                won: true,
                drew: false,
                detective: (1, 1),
                mastermind: (1, 0),
            },
            Played {
                name: "Ben".into(),
                won: false,
                drew: false,
                detective: (1, 0),
                mastermind: (1, 1),
            },
        ]);
        s.record(&[Played {
            name: "Ana".into(),
            won: false,
            drew: true,
            detective: (1, 0),
            mastermind: (0, 0),
        }]);
        assert_eq!(s.played, 2);
        let ana = s.people["Ana"];
        assert_eq!((ana.games, ana.wins, ana.draws), (2, 1, 1));
        assert_eq!((ana.detective_cases, ana.unmasked), (2, 1));
        assert_eq!((ana.mastermind_cases, ana.escaped), (1, 0));
        assert_eq!(s.people["Ben"].escaped, 1);
        let text = crate::codec::to_string(&s).unwrap();
        assert_eq!(crate::codec::from_str::<DgStats>(&text).unwrap(), s);
    }
}
