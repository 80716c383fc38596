//! Murderers' Row in the app: its table, new-game screen, rules, statistics
//! and saved records, registered with the shell as [`MurderersRow`].

mod face;
mod happened;
mod new_game;
mod pick;
mod rules;
mod solver_client;
mod stats;
pub(crate) mod table;
mod thinking;

use crate::module::{ChunkError, GameEntry, GameModule, GamePages, LoadPages};
use crate::records::{self, Records};
use crate::route::{Addresses, Deal, Deals, Page, Route};
use crate::session::{self, Record};
use crate::shell::Ctx;
use crate::shell::Notice;
use crate::stats::{stats_rows, StatsSection};
use crate::ui::rules::RulesPage;
use engine::murderers_row::advice;
use engine::murderers_row::difficulty::Level;
use engine::Game;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use stats::MurderersRowStats;
use table::MurderersRowGame;

const ID: &str = "murderers-row";

/// The game's records, as every earlier version saved them. It has no
/// variants and no score: its statistics are one [`VariantStats`] and, since
/// deals have levels, a count per level ([`MurderersRowStats`]).
///
/// [`VariantStats`]: crate::stats::VariantStats
pub(crate) static RECORDS: Records<MurderersRowGame, MurderersRowStats> = Records {
    game: Record {
        key: "gm.save.murderers-row",
        what: "Murderers' Row game",
        validate: MurderersRowGame::validate,
    },
    stats: Record {
        key: "gm.stats.murderers-row",
        what: "Murderers' Row statistics",
        validate: session::no_check,
    },
};

/// The player's preferences for Murderers' Row, named as earlier versions
/// named them in the settings record (see [`records::Prefs`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct MurderersRowPrefs {
    /// Deal only games that perfect play wins for certain: the option of
    /// earlier versions, still read. Set and no level chosen, it means easy
    /// deals (an easy or medium deal is always a certain win, and easy is
    /// the closest to what was asked).
    murderers_row_certain_only: bool,
    /// The difficulty of new deals (`None`: any deal). Written as
    /// "any" when chosen so, to tell it from a record that never had it.
    murderers_row_level: Option<LevelChoice>,
}

/// The new-game difficulty as saved.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum LevelChoice {
    Any,
    Level(Level),
}

impl MurderersRowPrefs {
    fn level(&self) -> Option<Level> {
        match self.murderers_row_level {
            Some(LevelChoice::Level(level)) => Some(level),
            Some(LevelChoice::Any) => None,
            None if self.murderers_row_certain_only => Some(Level::Easy),
            None => None,
        }
    }

    fn set_level(&mut self, level: Option<Level>) {
        self.murderers_row_level = Some(level.map_or(LevelChoice::Any, LevelChoice::Level));
    }
}

static PREFS: Record<MurderersRowPrefs> = Record {
    key: "gm.prefs.murderers-row",
    what: "Murderers' Row preferences",
    validate: session::no_check,
};

type GameCtx = records::GameCtx<MurderersRowGame, MurderersRowStats>;

fn prefs() -> records::Prefs<MurderersRowPrefs> {
    expect_context()
}

fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

fn deal_route(seed: u64) -> Route {
    route(Page::Deal(Deal {
        variant: None,
        seed,
    }))
}

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Murderers' Row",
        deals: Deals::Numbered,
    },
    blurb: "Solitaire: ten killers in a row. Turn them on each other until one is left. A solver knows your exact odds.",
    // A die showing five, in a row of face-down cards.
    emblem: "M4 14H14V34H4ZM34 14H44V34H34ZM17 12H31Q33 12 33 14V34Q33 36 31 36H17Q15 36 15 34V14Q15 12 17 12ZM20 16A2 2 0 1 0 20 20A2 2 0 1 0 20 16ZM28 16A2 2 0 1 0 28 20A2 2 0 1 0 28 16ZM24 22A2 2 0 1 0 24 26A2 2 0 1 0 24 22ZM20 28A2 2 0 1 0 20 32A2 2 0 1 0 20 28ZM28 28A2 2 0 1 0 28 32A2 2 0 1 0 28 28Z",
    module: &MurderersRow,
};

pub struct MurderersRow;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(murderers_row, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

impl GamePages for Pages {
    fn page(&self, page: Page) -> AnyView {
        match page {
            Page::Current => view! { <table::MurderersRowScreen seed=None/> }.into_any(),
            Page::Deal(deal) => {
                view! { <table::MurderersRowScreen seed=Some(deal.seed)/> }.into_any()
            }
            Page::New => view! { <new_game::MurderersRowNew/> }.into_any(),
            Page::Rules => view! {
                <RulesPage title="Murderers' Row: how to play" html=rules::html()/>
            }
            .into_any(),
        }
    }

    fn stats_panel(&self) -> AnyView {
        let stats = game_ctx().stats;
        let row =
            move |label: &'static str,
                  value: Box<dyn Fn(&MurderersRowStats) -> String + Send + Sync>| {
                view! {
                    <tr>
                        <th scope="row">{label}</th>
                        <td>{move || stats.with(|s| value(s))}</td>
                    </tr>
                }
                .into_any()
            };
        let rows = stats_rows(false)
            .into_iter()
            .map(move |(label, value)| {
                row(label, Box::new(move |s: &MurderersRowStats| value(&s.all)))
            })
            .chain(stats::LEVEL_ROWS.iter().map(move |&(label, level)| {
                row(
                    label,
                    Box::new(move |s: &MurderersRowStats| s.level_text(level)),
                )
            }));
        view! {
            <StatsSection
                title="Murderers' Row"
                note="Wins with undo or a hint are counted apart and do not extend a streak. A lost game counts once, even if you undo and play on. A deal's level counts once the solver has worked it out (on the new-game screen or with Deal difficulty); the rest are not rated."
            >
                <tbody>{rows.collect_view()}</tbody>
            </StatsSection>
        }
        .into_any()
    }
}

impl GameModule for MurderersRow {
    fn pages(&self) -> LoadPages {
        Box::pin(pages())
    }

    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>) {
        GameCtx::provide(app, &RECORDS, notices);
        records::Prefs::provide(app, &PREFS, notices);
    }

    fn in_progress(&self) -> Option<(Route, String)> {
        game_ctx().game.with(|g| {
            g.as_ref().filter(|g| !g.state.is_over()).map(|g| {
                let detail = format!(
                    "Deal {} · {} cards alive",
                    g.state.seed(),
                    g.state.row().len()
                );
                (deal_route(g.state.seed()), detail)
            })
        })
    }

    fn reset_stats(&self) {
        game_ctx().reset_stats();
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
        prefs().take_from_other_tab(key);
    }

    /// The solver runs in the worker: a request is an [`advice::Request`],
    /// each message back an [`advice::Report`] (progress, then the reply),
    /// all as JSON.
    fn answer_in_worker(&self, request: &str, send: &mut dyn FnMut(String)) {
        let mut post = |report: advice::Report| {
            if let Ok(text) = crate::codec::to_string(&report) {
                send(text);
            }
        };
        match crate::codec::from_str::<advice::Request>(request) {
            Ok(request) => advice::respond(&request, &mut post),
            Err(e) => post(advice::Report::Done(advice::Reply {
                id: 0,
                answer: advice::Answer::Refused(format!("unreadable request: {e}")),
            })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fixtures::same_text;

    #[test]
    fn certain_deals_only_is_read_from_settings_saved_by_the_first_version() {
        let text = crate::session::fixtures::saved_v1("SETTINGS");
        let prefs: MurderersRowPrefs = crate::codec::from_str(text).unwrap();
        assert!(prefs.murderers_row_certain_only);
        // Mapped to easy deals, the closest level; a choice made since wins.
        assert_eq!(prefs.level(), Some(Level::Easy));
        let mut chosen = prefs.clone();
        chosen.set_level(None);
        assert_eq!(chosen.level(), None);
        chosen.set_level(Some(Level::Fiendish));
        let text = crate::codec::to_string(&chosen).unwrap();
        let back: MurderersRowPrefs = crate::codec::from_str(&text).unwrap();
        assert_eq!(back.level(), Some(Level::Fiendish));
        assert_eq!(MurderersRowPrefs::default().level(), None);
    }

    #[test]
    fn deal_addresses_round_trip() {
        for seed in [0, 77, u64::MAX] {
            let route = deal_route(seed);
            assert_eq!(
                Route::parse(&route.href(), &[&ENTRY.addresses]),
                route,
                "{}",
                route.href()
            );
        }
        assert_eq!(deal_route(77).href(), "#/murderers-row/77");
    }

    #[test]
    fn malformed_deal_addresses_explain_themselves() {
        for bad in ["#/murderers-row/12x", "#/murderers-row/-3"] {
            match Route::parse(bad, &[&ENTRY.addresses]) {
                Route::Invalid { reason } => assert!(reason.contains("deal number"), "{reason}"),
                other => panic!("{bad} parsed as {other:?}"),
            }
        }
    }

    #[test]
    fn a_game_saved_by_the_first_version_loads_and_saves_unchanged() {
        let mr: MurderersRowGame = same_text("MRGAME");
        assert_eq!(mr.state.history().len(), 3);
        assert_eq!(mr.validate(), Ok(()));
    }
}
