//! Serial Killer in the app: its table, new-game screen, rules, statistics
//! and saved records, and a guest's page for a seat played on another
//! device (`join.rs`), registered with the shell as [`SerialKiller`].

mod board;
mod draw_all;
mod feed;
mod game;
mod join;
mod new_game;
mod players;
pub(crate) mod records;
mod replay;
mod stats;
mod table;
// Measurements only (hand-overs and draw taps, before issue 26 and now).
#[cfg(test)]
mod taps;
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
use game::SerialKillerGame;
use leptos::prelude::*;
use records::{game_ctx, table, GameCtx, ID, KEYS, RECORDS};

/// The game in the registry.
pub static ENTRY: GameEntry = GameEntry {
    addresses: Addresses {
        id: ID,
        name: "Serial Killer",
        deals: Deals::None,
        remote: true,
        replays: true,
    },
    blurb: "2 to 6 players, people (at one device or each on their own) or computer: kill every turn, or the police find a clue. The last killer on the loose wins.",
    // A gravestone with a cross, on a mound.
    emblem: "M14 40V18Q14 8 24 8Q34 8 34 18V40ZM22.5 14V19H18V22H22.5V32H25.5V22H30V19H25.5V14Z M6 44Q24 36 42 44Z",
    keys: &KEYS,
    has_settings: false,
    daily: None,
    module: &SerialKiller,
};

pub struct SerialKiller;

/// The game's screens: in its own chunk (see [`GamePages`]).
struct Pages;

#[wasm_split_helpers::wasm_split(serial_killer, fallible)]
fn pages() -> Result<&'static dyn GamePages, ChunkError> {
    Ok(&Pages)
}

/// The replay viewer, in a chunk of its own: a table never needs it.
#[wasm_split_helpers::wasm_split(serial_killer_replay, fallible)]
fn replay_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| view! { <replay::SkReplay/> }.into_any())
}

static REPLAY: Chunk<Screen> = Chunk::new(|| Box::pin(replay_chunk()));

/// The rules page, in a chunk of its own: its text is read far less often
/// than the table is opened.
#[wasm_split_helpers::wasm_split(serial_killer_rules, fallible)]
fn rules_chunk() -> Result<Screen, ChunkError> {
    crate::module::beside(&Pages);
    Ok(|| {
        view! { <RulesPage title="Serial Killer: how to play" html=include_str!("rules.html")/> }
            .into_any()
    })
}

static RULES: Chunk<Screen> = Chunk::new(|| Box::pin(rules_chunk()));

/// Play across devices, in a chunk of its own (see [`AcrossDevices`]).
#[wasm_split_helpers::wasm_split(serial_killer_remote, fallible)]
fn across_devices_chunk() -> Result<AcrossDevices<SerialKillerGame>, ChunkError> {
    crate::module::beside(&Pages);
    Ok(AcrossDevices {
        host: |table| invitations(Host::start(table), ID).into_any(),
        join: || view! { <join::SkJoin/> }.into_any(),
    })
}

static ACROSS_DEVICES: Chunk<AcrossDevices<SerialKillerGame>> =
    Chunk::new(|| Box::pin(across_devices_chunk()));

/// The new-game screen, in the chunk of new-game screens (`new_game`, one
/// for the games whose screen holds none of their code: see
/// [`GameModule::new_game`]), which is opened before the game's chunk.
#[wasm_split_helpers::wasm_split(new_game, fallible)]
fn new_game_chunk() -> Result<Screen, ChunkError> {
    Ok(|| view! { <new_game::SerialKillerNew game=&ENTRY/> }.into_any())
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
                view! { <table::SerialKillerScreen across=Loader(&ACROSS_DEVICES)/> }.into_any()
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
        table().reset_stats();
    }

    fn on_storage(&self, key: &str) {
        game_ctx().take_from_other_tab(key);
    }

    fn start(&self, setup: &dyn std::any::Any) -> Result<(), String> {
        new_game::start(setup)
    }
}

impl GameModule for SerialKiller {
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
            Route::parse("#/serial-killer/42", &[&ENTRY.addresses]),
            Route::Invalid { .. }
        ));
    }
}
