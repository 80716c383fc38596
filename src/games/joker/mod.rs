//! Joker in the app: its table, new-game screen, rules, statistics, saved
//! records and preferences, and a guest's page for a seat played on another
//! device (`join.rs`), registered with the shell as [`Joker`].

mod feed;
mod feedback;
mod game;
mod grid;
mod hand_over;
mod informant;
mod join;
mod looks;
mod new_game;
mod players;
mod public;
pub(crate) mod records;
mod replay;
mod solo;
mod stats;
mod table;
mod words;

use crate::lazy::{Chunk, Screen};
use crate::module::{ChunkError, GameEntry, GameModule, GamePages, LoadPages};
use crate::remote::host::Host;
use crate::remote::views::invitations;
use crate::remote::{AcrossDevices, Loader};
use crate::route::{Addresses, Deals, Page};
use crate::shell::Ctx;
use crate::shell::Notice;
use crate::ui::choice::Choice;
use crate::ui::rules::RulesPage;
use game::JokerGame;
use leptos::prelude::*;
use records::{game_ctx, prefs, GameCtx, ID, KEYS, PREFS, RECORDS};

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Joker",
        deals: Deals::None,
        remote: true,
        replays: true,
    },
    blurb: "2 to 4 players at one device or each on their own, or solo against the computer: the Informant knows where the Joker hides and answers every probe with a distance blurred by the die.",
    // A jester's three-pointed cap with bells.
    emblem: "M8 34L4 12L18 26L24 6L30 26L44 12L40 34ZM8 36H40V41H8Z M4 8A3 3 0 1 0 4 14A3 3 0 1 0 4 8ZM24 2A3 3 0 1 0 24 8A3 3 0 1 0 24 2ZM44 8A3 3 0 1 0 44 14A3 3 0 1 0 44 8Z",
    keys: &KEYS,
    has_settings: true,
    daily: None,
    module: &Joker,
};

pub struct Joker;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(joker, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

/// The replay viewer, in a chunk of its own: a table never needs it.
#[wasm_split_helpers::wasm_split(joker_replay, fallible)]
fn replay_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <replay::JokerReplay/> }.into_any())
}

static REPLAY: Chunk<Screen> = Chunk::new(|| Box::pin(replay_chunk()));

/// The rules page, in a chunk of its own: its text is read far less often
/// than the table is opened.
#[wasm_split_helpers::wasm_split(joker_rules, fallible)]
fn rules_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| {
        view! { <RulesPage title="Joker: how to play" html=include_str!("rules.html")/> }.into_any()
    })
}

static RULES: Chunk<Screen> = Chunk::new(|| Box::pin(rules_chunk()));

/// Play across devices, in a chunk of its own (see [`AcrossDevices`]).
#[wasm_split_helpers::wasm_split(joker_remote, fallible)]
fn across_devices_chunk() -> Result<AcrossDevices<JokerGame>, ChunkError> {
    crate::module::beside(&Pages);
    Ok(AcrossDevices {
        host: |table| invitations(Host::start(table), ID).into_any(),
        join: || view! { <join::JokerJoin/> }.into_any(),
    })
}

static ACROSS_DEVICES: Chunk<AcrossDevices<JokerGame>> =
    Chunk::new(|| Box::pin(across_devices_chunk()));

/// The new-game screen, in the chunk of new-game screens (`new_game`, one
/// for the games whose screen holds none of their code: see
/// [`GameModule::new_game`]), which is opened before the game's chunk.
#[wasm_split_helpers::wasm_split(new_game, fallible)]
fn new_game_chunk() -> Result<Screen, ChunkError> {
    Ok(|| view! { <new_game::JokerNew game=&ENTRY/> }.into_any())
}

static NEW_GAME: Chunk<Screen> = Chunk::new(|| Box::pin(new_game_chunk()));

impl GamePages for Pages {
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>) {
        GameCtx::provide(app, &RECORDS, notices);
        crate::records::Prefs::provide(app, &PREFS, notices);
    }

    fn page(&self, page: Page) -> AnyView {
        match page {
            // No deal addresses: a table is set up on the new-game screen.
            Page::Current | Page::Deal(_) => {
                view! { <table::JokerScreen across=Loader(&ACROSS_DEVICES)/> }.into_any()
            }
            Page::Join => Loader(&ACROSS_DEVICES).join_page(),
            Page::Replay => REPLAY.screen("the replay"),
            Page::New => NEW_GAME.screen(ENTRY.name()),
            Page::Rules => RULES.screen("the rules"),
        }
    }

    fn stats_panel(&self) -> AnyView {
        view! { <stats::StatsPanel stats=game_ctx().stats/> }.into_any()
    }

    fn reset_stats(&self) {
        records::table().reset_stats();
    }

    fn settings_panel(&self) -> AnyView {
        let prefs = prefs();
        view! {
            <Choice
                legend="Joker: deduction aid (shades the cells the answers rule out)"
                name="joker-aid"
                options=vec!["Off", "On"]
                selected=Signal::derive(move || usize::from(prefs.value.with(|p| p.deduction_aid)))
                choose=Callback::new(move |on| prefs.update(|p| p.deduction_aid = on == 1))
            />
        }
        .into_any()
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
        prefs().take_from_other_tab(key);
    }

    fn start(&self, setup: &dyn std::any::Any) -> Result<(), String> {
        new_game::start(setup)
    }
}

impl GameModule for Joker {
    fn pages(&self) -> LoadPages {
        Box::pin(pages())
    }

    fn new_game(&self) -> Option<AnyView> {
        Some(NEW_GAME.screen(ENTRY.name()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::Route;

    #[test]
    fn it_has_no_deal_addresses() {
        assert!(matches!(
            Route::parse("#/joker/42", &[&ENTRY.addresses]),
            Route::Invalid { .. }
        ));
    }
}
