//! Murderers' Row in the app: its table, new-game screen, rules, statistics
//! and saved records, registered with the shell as [`MurderersRow`].

mod choice;
mod end;
mod face;
mod game;
mod happened;
mod look;
mod new_game;
mod panels;
mod pick;
mod questions;
pub(crate) mod records;
mod replay;
mod rules;
mod solver_client;
mod stats;
mod table;
mod table_ui;
#[cfg(test)]
mod testing;
mod thinking;
mod words;

use crate::lazy::{Chunk, Screen};
use crate::module::{ChunkError, GameEntry, GameModule, GamePages, LoadPages};
use crate::route::{Addresses, Deals, Page};
use crate::shell::Ctx;
use crate::shell::Notice;
use crate::stats::{stats_rows, StatsSection};
use crate::ui::rules::RulesPage;
use leptos::prelude::*;
use records::{game_ctx, prefs, table, GameCtx, ID, KEYS, PREFS, RECORDS};

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Murderers' Row",
        deals: Deals::Numbered,
        remote: false,
        replays: true,
    },
    blurb: "Solitaire: ten killers in a row. Turn them on each other until one is left. A solver knows your exact odds.",
    // A die showing five, in a row of face-down cards.
    emblem: "M4 14H14V34H4ZM34 14H44V34H34ZM17 12H31Q33 12 33 14V34Q33 36 31 36H17Q15 36 15 34V14Q15 12 17 12ZM20 16A2 2 0 1 0 20 20A2 2 0 1 0 20 16ZM28 16A2 2 0 1 0 28 20A2 2 0 1 0 28 16ZM24 22A2 2 0 1 0 24 26A2 2 0 1 0 24 22ZM20 28A2 2 0 1 0 20 32A2 2 0 1 0 20 28ZM28 28A2 2 0 1 0 28 32A2 2 0 1 0 28 28Z",
    keys: &KEYS,
    has_settings: false,
    daily: Some(None),
    module: &MurderersRow,
};

pub struct MurderersRow;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(murderers_row, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

/// The replay viewer, in a chunk of its own: a table never needs it.
#[wasm_split_helpers::wasm_split(murderers_row_replay, fallible)]
fn replay_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <replay::MrReplay/> }.into_any())
}

static REPLAY: Chunk<Screen> = Chunk::new(|| Box::pin(replay_chunk()));

/// The rules page, in a chunk of its own: its text is read far less often
/// than the table is opened.
#[wasm_split_helpers::wasm_split(murderers_row_rules, fallible)]
fn rules_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <RulesPage title="Murderers' Row: how to play" html=rules::html()/> }.into_any())
}

static RULES: Chunk<Screen> = Chunk::new(|| Box::pin(rules_chunk()));

impl GamePages for Pages {
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>) {
        GameCtx::provide(app, &RECORDS, notices);
        crate::records::Prefs::provide(app, &PREFS, notices);
    }

    fn page(&self, page: Page) -> AnyView {
        match page {
            // (No join page: the route never names one here.)
            Page::Current | Page::Join => {
                view! { <table::MurderersRowScreen seed=None/> }.into_any()
            }
            Page::Deal(deal) => {
                view! { <table::MurderersRowScreen seed=Some(deal.seed)/> }.into_any()
            }
            Page::New => view! { <new_game::MurderersRowNew/> }.into_any(),
            Page::Replay => REPLAY.screen("the replay"),
            Page::Rules => RULES.screen("the rules"),
        }
    }

    fn stats_panel(&self) -> AnyView {
        let stats = game_ctx().stats;
        let rows = stats_rows(false).into_iter().map(move |(label, value)| {
            view! {
                <tr>
                    <th scope="row">{label}</th>
                    <td>{move || stats.with(|s| value(&s.all))}</td>
                </tr>
            }
            .into_any()
        });
        let levels = move || stats.with(|s| (s.by_level.clone(), s.played_won()));
        view! {
            <StatsSection
                title="Murderers' Row"
                note="Wins with undo or a hint are counted apart and do not extend a streak. A lost game counts once, even if you undo and play on. A deal's level counts once the solver has worked it out (on the new-game screen or with Deal difficulty); the rest are not rated. The first play of each day's daily deal also counts in the daily rows."
            >
                <tbody>{rows.collect_view()}</tbody>
                {crate::stats::level_rows(levels, 1)}
                {crate::daily::stats_rows(move || stats.with(|s| s.daily.clone()), 1)}
            </StatsSection>
        }
        .into_any()
    }

    fn reset_stats(&self) {
        table().reset_stats();
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
        prefs().take_from_other_tab(key);
    }
}

impl GameModule for MurderersRow {
    fn pages(&self) -> LoadPages {
        Box::pin(pages())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::Route;
    use records::deal_route;

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
}
