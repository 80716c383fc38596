//! Saves as the app wrote them before the engine contract changed (every
//! game mid-game), so that a change to a saved type that would lose a
//! player's game fails here.

use crate::games::{dead_center, detective_graves, joker, murderers_row, serial_killer};
use crate::storage::{self, memory::MemoryStore, Store as _};
use engine::Game;

const SAVES: &str = include_str!("../fixtures/saves-2026-11.txt");

/// The stored text under `key` in the fixture.
fn stored(key: &str) -> &'static str {
    SAVES
        .lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
        .expect("the fixture holds every game")
}

/// Loads the fixture's record as the app does at start, then plays on: the
/// loaded game must accept its first legal action.
fn loads_and_plays_on<T: serde::de::DeserializeOwned, G: Game>(
    record: &crate::session::Record<T>,
    state: impl Fn(&mut T) -> &mut G,
) {
    let store = MemoryStore::default();
    store.set(record.key, stored(record.key)).unwrap();
    let mut game = storage::load(&store, record.key, record.what, record.validate)
        .unwrap_or_else(|e| panic!("{}: {}", record.key, e.message))
        .expect("a game is there");
    let state = state(&mut game);
    assert!(!state.is_over(), "{}: saved mid-game", record.key);
    let action = state.legal_actions().into_iter().next().expect("a move");
    state.apply(action).expect("the first legal action applies");
}

#[test]
fn todays_dead_center_save_loads() {
    loads_and_plays_on(&dead_center::records::RECORDS.game, |state| state);
}

#[test]
fn todays_murderers_row_save_loads() {
    loads_and_plays_on(&murderers_row::records::RECORDS.game, |game| {
        &mut game.state
    });
}

#[test]
fn todays_serial_killer_save_loads() {
    loads_and_plays_on(&serial_killer::records::RECORDS.game, |game| {
        &mut game.state
    });
}

#[test]
fn todays_joker_save_loads() {
    loads_and_plays_on(&joker::records::RECORDS.game, |game| &mut game.state);
}

#[test]
fn todays_detective_graves_save_loads() {
    loads_and_plays_on(&detective_graves::records::RECORDS.game, |game| {
        &mut game.state
    });
}
