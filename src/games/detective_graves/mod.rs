//! Detective Graves against The Mastermind in the app: its table, the
//! unmasking, new-game screen, rules, statistics and saved records, and a
//! guest's page for a seat played on another device (`join.rs`),
//! registered with the shell as [`DetectiveGraves`].

mod computer;
mod end;
mod feed;
pub(crate) mod game;
mod hand;
mod join;
mod log;
mod new_game;
mod play;
pub(crate) mod records;
mod replay;
mod row;
mod rules;
mod seats_panel;
mod secrets;
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
use crate::ui::rules::RulesPage;
use game::DgGame;
use leptos::prelude::*;
use records::{game_ctx, GameCtx, ID, KEYS, RECORDS};

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Detective Graves",
        deals: Deals::None,
        remote: true,
        replays: true,
    },
    blurb: "Two players, or you against the computer: win the evidence at five locations, then unmask the Mastermind. Roles swap for the second case.",
    // A magnifying glass.
    emblem: "M20 6A14 14 0 1 1 20 34A14 14 0 1 1 20 6ZM20 11A9 9 0 1 0 20 29A9 9 0 1 0 20 11ZM29 31L33 27L44 38Q45 41 42 42Q40 43 38 41L29 32Z",
    keys: &KEYS,
    has_settings: false,
    daily: None,
    module: &DetectiveGraves,
};

pub struct DetectiveGraves;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(detective_graves, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

/// The replay viewer, in a chunk of its own: a table never needs it.
#[wasm_split_helpers::wasm_split(detective_graves_replay, fallible)]
fn replay_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <replay::DgReplay/> }.into_any())
}

static REPLAY: Chunk<Screen> = Chunk::new(|| Box::pin(replay_chunk()));

/// The rules page, in a chunk of its own: its text is read far less often
/// than the table is opened.
#[wasm_split_helpers::wasm_split(detective_graves_rules, fallible)]
fn rules_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| {
        view! { <RulesPage title="Detective Graves: how to play" html=rules::html()/> }.into_any()
    })
}

static RULES: Chunk<Screen> = Chunk::new(|| Box::pin(rules_chunk()));

/// Play across devices, in a chunk of its own (see [`AcrossDevices`]).
#[wasm_split_helpers::wasm_split(detective_graves_remote, fallible)]
fn across_devices_chunk() -> Result<AcrossDevices<DgGame>, ChunkError> {
    crate::module::beside(&Pages);
    Ok(AcrossDevices {
        host: |table| invitations(Host::start(table), ID).into_any(),
        join: || view! { <join::DgJoin/> }.into_any(),
    })
}

static ACROSS_DEVICES: Chunk<AcrossDevices<DgGame>> =
    Chunk::new(|| Box::pin(across_devices_chunk()));

/// The new-game screen, in the chunk of new-game screens (`new_game`, one
/// for the games whose screen holds none of their code: see
/// [`GameModule::new_game`]), which is opened before the game's chunk.
#[wasm_split_helpers::wasm_split(new_game, fallible)]
fn new_game_chunk() -> Result<Screen, ChunkError> {
    Ok(|| view! { <new_game::DgNew game=&ENTRY/> }.into_any())
}

static NEW_GAME: Chunk<Screen> = Chunk::new(|| Box::pin(new_game_chunk()));

impl GamePages for Pages {
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>) {
        GameCtx::provide(app, &RECORDS, notices);
    }

    fn page(&self, page: Page) -> AnyView {
        match page {
            // No deal addresses: a table is set up on the new-game screen.
            Page::Current | Page::Deal(_) => {
                view! { <table::DgScreen across=Loader(&ACROSS_DEVICES)/> }.into_any()
            }
            Page::New => NEW_GAME.screen(ENTRY.name()),
            Page::Join => Loader(&ACROSS_DEVICES).join_page(),
            Page::Replay => REPLAY.screen("the replay"),
            Page::Rules => RULES.screen("the rules"),
        }
    }

    fn stats_panel(&self) -> AnyView {
        view! { <stats::StatsPanel stats=game_ctx().stats/> }.into_any()
    }

    fn reset_stats(&self) {
        records::table().reset_stats();
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
    }

    fn start(&self, setup: &dyn std::any::Any) -> Result<(), String> {
        new_game::start(setup)
    }
}

impl GameModule for DetectiveGraves {
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
            Route::parse("#/detective-graves/42", &[&ENTRY.addresses]),
            Route::Invalid { .. }
        ));
    }
}
