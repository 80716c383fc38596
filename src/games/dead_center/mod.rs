//! Dead Center in the app: its table, new-game screen, rules, statistics and
//! saved records, registered with the shell as [`DeadCenter`].

mod events;
mod new_game;
mod stats;
mod table;

use crate::module::{ChunkError, GameModule, GamePages, LoadPages};
use crate::records::{self, Records};
use crate::route::{parse_deal_number, Deal, Page, Route};
use crate::session::{self, Record};
use crate::shell::Ctx;
use crate::shell::Notice;
use crate::ui::choice::choice_of;
use crate::ui::rules::RulesPage;
use engine::dead_center::{State, Variant};
use engine::Game;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
pub use stats::DeadCenterStats;

const ID: &str = "dead-center";

/// The game's records, as every earlier version saved them.
pub(crate) static RECORDS: Records<State, DeadCenterStats> = Records {
    game: Record {
        key: "gm.save.dead-center",
        what: "Dead Center game",
        validate: State::validate,
    },
    stats: Record {
        key: "gm.stats.dead-center",
        // As first saved (the envelope's kind must match to load).
        what: "statistics",
        validate: session::no_check,
    },
};

/// The player's preferences for Dead Center, named as earlier versions
/// named them in the settings record (see [`records::Prefs`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct DeadCenterPrefs {
    /// Chosen in Settings, and first in the deal-number form.
    dead_center_variant: Variant,
}

static PREFS: Record<DeadCenterPrefs> = Record {
    key: "gm.prefs.dead-center",
    what: "Dead Center preferences",
    validate: session::no_check,
};

type GameCtx = records::GameCtx<State, DeadCenterStats>;

fn prefs() -> records::Prefs<DeadCenterPrefs> {
    expect_context()
}

fn preferred_variant() -> Variant {
    prefs().value.with_untracked(|p| p.dead_center_variant)
}

fn game_ctx() -> GameCtx {
    expect_context::<GameCtx>()
}

pub(crate) fn route(page: Page) -> Route {
    crate::module::route(ID, page)
}

pub(crate) fn deal_route(variant: Variant, seed: u64) -> Route {
    route(Page::Deal(Deal {
        variant: variant_number(variant),
        seed,
    }))
}

fn variant_number(variant: Variant) -> u8 {
    Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0) as u8
}

pub struct DeadCenter;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(dead_center, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

impl GamePages for Pages {
    fn page(&self, page: Page) -> AnyView {
        match page {
            Page::Current => view! { <table::DeadCenterScreen deal=None/> }.into_any(),
            Page::Deal(deal) => {
                let deal = Some((variant_of(deal), deal.seed));
                view! { <table::DeadCenterScreen deal/> }.into_any()
            }
            Page::New => view! { <new_game::NewGame/> }.into_any(),
            Page::Rules => view! {
                <RulesPage title="Dead Center: how to play" html=include_str!("rules.html")/>
            }
            .into_any(),
        }
    }

    fn stats_panel(&self) -> AnyView {
        view! { <stats::StatsPanel stats=game_ctx().stats/> }.into_any()
    }
}

impl GameModule for DeadCenter {
    fn pages(&self) -> LoadPages {
        Box::pin(pages())
    }

    fn id(&self) -> &'static str {
        ID
    }

    fn name(&self) -> &'static str {
        "Dead Center"
    }

    fn blurb(&self) -> &'static str {
        "Solitaire: hold the cabin and kill twelve zombies before the deck runs out."
    }

    fn emblem(&self) -> &'static str {
        // A cabin with a lit window under a crescent moon.
        "M22 10L40 25H35V42H9V25H4ZM18 30V42H26V30ZM12 27H17V32H12Z M40 3A7 7 0 1 0 46 14A5.5 5.5 0 1 1 40 3Z"
    }

    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>) {
        GameCtx::provide(app, &RECORDS, notices);
        records::Prefs::provide(app, &PREFS, notices);
    }

    /// `#/dead-center/<variant>/<deal number>`.
    fn parse_deal(&self, path: &[&str]) -> Option<Result<Deal, String>> {
        let [variant, seed] = path else { return None };
        let Some(variant) = Variant::from_slug(variant) else {
            return Some(Err(format!(
                "“{variant}” is not a Dead Center variant: use standard, hard or nightmare."
            )));
        };
        Some(parse_deal_number(seed).map(|seed| Deal {
            variant: variant_number(variant),
            seed,
        }))
    }

    fn deal_path(&self, deal: Deal) -> String {
        format!("{}/{}", variant_of(deal).slug(), deal.seed)
    }

    fn in_progress(&self) -> Option<(Route, String)> {
        game_ctx().game.with(|g| {
            g.as_ref().filter(|s| !s.is_over()).map(|s| {
                let detail = format!(
                    "{} · {} of 12 zombies left · {} cards in the deck",
                    s.variant().name(),
                    s.zombies_left(),
                    s.deck_len()
                );
                (deal_route(s.variant(), s.seed()), detail)
            })
        })
    }

    fn reset_stats(&self) {
        game_ctx().reset_stats();
    }

    fn settings_panel(&self) -> Option<AnyView> {
        let prefs = prefs();
        Some(
            view! {
                {choice_of(
                    "Dead Center: preferred variant",
                    "variant",
                    Variant::ALL.iter().map(|v| (*v, v.name())).collect(),
                    move || prefs.value.with(|p| p.dead_center_variant),
                    move |v| prefs.update(|p| p.dead_center_variant = v),
                )}
            }
            .into_any(),
        )
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
        prefs().take_from_other_tab(key);
    }
}

fn variant_of(deal: Deal) -> Variant {
    Variant::ALL
        .get(usize::from(deal.variant))
        .copied()
        .unwrap_or(Variant::Standard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preferred_variant_is_read_from_settings_saved_by_the_first_version() {
        let text = crate::session::fixtures::saved_v1("SETTINGS");
        let prefs: DeadCenterPrefs = crate::codec::from_str(text).unwrap();
        assert_eq!(prefs.dead_center_variant, Variant::Hard);
        let none: DeadCenterPrefs = crate::codec::from_str(r#"{"theme":"Dark"}"#).unwrap();
        assert_eq!(none, DeadCenterPrefs::default());
    }

    #[test]
    fn deal_addresses_round_trip() {
        for variant in Variant::ALL {
            for seed in [0, 1234, u64::MAX] {
                let route = deal_route(variant, seed);
                assert_eq!(Route::parse(&route.href()), route, "{}", route.href());
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
            match Route::parse(bad) {
                Route::Invalid { reason } => assert!(reason.contains("deal number"), "{reason}"),
                other => panic!("{bad} parsed as {other:?}"),
            }
        }
        match Route::parse("#/dead-center/easy/4") {
            Route::Invalid { reason } => assert!(reason.contains("variant")),
            other => panic!("parsed as {other:?}"),
        }
        assert!(matches!(
            Route::parse("#/dead-center/standard/4/5"),
            Route::Invalid { .. }
        ));
    }
}
