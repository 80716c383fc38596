//! Dead Center in the app: its table, new-game screen, rules, statistics and
//! saved records, registered with the shell as [`DeadCenter`].

mod end;
mod game;
mod new_game;
pub(crate) mod records;
mod replay;
mod review;
mod solver_client;
mod stats;
mod table;
mod table_ui;

use crate::lazy::{Chunk, Screen};
use crate::module::{ChunkError, GameEntry, GameModule, GamePages, LoadPages};
use crate::route::{Addresses, Deals, Page};
use crate::shell::{Ctx, Notice};
use crate::ui::choice::choice_of;
use crate::ui::rules::RulesPage;
use engine::dead_center::Variant;
use leptos::prelude::*;
use records::{game_ctx, prefs, table, variant_of, GameCtx, ID, KEYS, PREFS, RECORDS};

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Dead Center",
        // `Variant::slug` of each variant (a test checks).
        deals: Deals::ByVariant(&["standard", "hard", "nightmare"]),
        remote: false,
        replays: true,
    },
    blurb: "Solitaire: hold the cabin and kill twelve zombies before the deck runs out.",
    // A cabin with a lit window under a crescent moon.
    emblem: "M22 10L40 25H35V42H9V25H4ZM18 30V42H26V30ZM12 27H17V32H12Z M40 3A7 7 0 1 0 46 14A5.5 5.5 0 1 1 40 3Z",
    keys: &KEYS,
    has_settings: true,
    daily: Some(Some("standard")),
    module: &DeadCenter,
};

pub struct DeadCenter;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(dead_center, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

/// The replay viewer, in a chunk of its own: a table never needs it.
#[wasm_split_helpers::wasm_split(dead_center_replay, fallible)]
fn replay_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <replay::DcReplay/> }.into_any())
}

static REPLAY: Chunk<Screen> = Chunk::new(|| Box::pin(replay_chunk()));

/// The rules page, in a chunk of its own: its text is read far less often
/// than the table is opened.
#[wasm_split_helpers::wasm_split(dead_center_rules, fallible)]
fn rules_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| {
        view! { <RulesPage title="Dead Center: how to play" html=include_str!("rules.html")/> }
            .into_any()
    })
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
            Page::Current | Page::Join => view! { <table::DeadCenterScreen deal=None/> }.into_any(),
            Page::Deal(deal) => {
                let deal = Some((variant_of(deal), deal.seed));
                view! { <table::DeadCenterScreen deal/> }.into_any()
            }
            Page::New => view! { <new_game::NewGame/> }.into_any(),
            Page::Replay => REPLAY.screen("the replay"),
            Page::Rules => RULES.screen("the rules"),
        }
    }

    fn stats_panel(&self) -> AnyView {
        view! { <stats::StatsPanel stats=game_ctx().stats/> }.into_any()
    }

    fn reset_stats(&self) {
        table().reset_stats();
    }

    fn settings_panel(&self) -> AnyView {
        let prefs = prefs();
        view! {
            {choice_of(
                "Dead Center: preferred variant",
                "variant",
                Variant::ALL.iter().map(|v| (*v, v.name())).collect(),
                move || prefs.value.with(|p| p.dead_center_variant),
                move |v| prefs.update(|p| p.dead_center_variant = v),
            )}
        }
        .into_any()
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
        prefs().take_from_other_tab(key);
    }
}

impl GameModule for DeadCenter {
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
    fn the_deal_addresses_name_every_variant_by_its_slug() {
        let slugs: Vec<&str> = Variant::ALL.iter().map(|v| v.slug()).collect();
        assert!(matches!(ENTRY.addresses.deals, Deals::ByVariant(listed) if listed == slugs));
    }

    #[test]
    fn issue_28_the_daily_deal_is_addressed_in_its_variant() {
        assert_eq!(ENTRY.daily, Some(Some(super::stats::DAILY_VARIANT.slug())));
    }

    #[test]
    fn deal_addresses_round_trip() {
        for variant in Variant::ALL {
            for seed in [0, 1234, u64::MAX] {
                let route = deal_route(variant, seed);
                assert_eq!(
                    Route::parse(&route.href(), &[&ENTRY.addresses]),
                    route,
                    "{}",
                    route.href()
                );
            }
        }
        assert_eq!(
            deal_route(Variant::Hard, 42).href(),
            "#/dead-center/hard/42"
        );
    }

    #[test]
    fn malformed_deal_addresses_explain_themselves() {
        for bad in [
            "#/dead-center/standard/abc",
            "#/dead-center/standard/-1",
            "#/dead-center/standard/99999999999999999999999",
        ] {
            match Route::parse(bad, &[&ENTRY.addresses]) {
                Route::Invalid { reason } => assert!(reason.contains("deal number"), "{reason}"),
                other => panic!("{bad} parsed as {other:?}"),
            }
        }
        match Route::parse("#/dead-center/easy/4", &[&ENTRY.addresses]) {
            Route::Invalid { reason } => assert!(reason.contains("variant")),
            other => panic!("parsed as {other:?}"),
        }
        assert!(matches!(
            Route::parse("#/dead-center/standard/4/5", &[&ENTRY.addresses]),
            Route::Invalid { .. }
        ));
    }
}
