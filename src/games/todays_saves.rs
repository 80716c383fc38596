//! Saves as earlier versions of the app wrote them, every game mid-game,
//! so that a change to a saved type that would lose a player's game fails
//! here.

use crate::games::{dead_center, detective_graves, joker, murderers_row, serial_killer};
use crate::storage::{self, memory::MemoryStore, Store as _};
use engine::Game;

/// Written before the engine contract changed: each game just begun.
pub(crate) const NOVEMBER: &str = include_str!("../fixtures/saves-2026-11.txt");
/// Written on 2026-12-07, before the tables read one seat feed: the three
/// multiplayer games well into play, with their moves (and Serial Killer's
/// log as English lines); `gm.save.serial-killer.hosting` is a Serial
/// Killer game hosting a seat on another device, which kept its events.
pub(crate) const DECEMBER: &str = include_str!("../fixtures/saves-2026-12.txt");

/// The stored text under `key` in the fixture `saves`.
pub(crate) fn stored(saves: &'static str, key: &str) -> &'static str {
    saves
        .lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
        .expect("the fixture holds every game")
}

/// Loads the record stored under `key` in `saves` as the app does at start.
pub(crate) fn load<T: serde::de::DeserializeOwned>(
    saves: &'static str,
    key: &str,
    record: &crate::session::Record<T>,
) -> T {
    let store = MemoryStore::default();
    store.set(record.key, stored(saves, key)).unwrap();
    storage::load(&store, record.key, record.what, record.validate)
        .unwrap_or_else(|e| panic!("{key}: {}", e.message))
        .expect("a game is there")
}

/// Loads the November fixture's record, then plays on.
fn loads_and_plays_on<T: serde::de::DeserializeOwned, G: Game>(
    record: &crate::session::Record<T>,
    state: impl Fn(&mut T) -> &mut G,
) {
    plays_on(load(NOVEMBER, record.key, record), record.key, state);
}

/// The loaded game must accept its first legal action.
fn plays_on<T, G: Game>(mut game: T, key: &str, state: impl Fn(&mut T) -> &mut G) {
    let state = state(&mut game);
    assert!(!state.is_over(), "{key}: saved mid-game");
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

#[test]
fn the_multiplayer_games_saved_well_into_play_load_and_play_on() {
    use crate::table::controller::TableRecord;
    let sk = &serial_killer::records::RECORDS.game;
    for key in [sk.key, "gm.save.serial-killer.hosting"] {
        let game = load(DECEMBER, key, sk);
        assert!(game.moves.len() >= 45, "{key}: the moves are kept");
        plays_on(game, key, |g| &mut g.state);
    }
    let joker = &joker::records::RECORDS.game;
    let game = load(DECEMBER, joker.key, joker);
    assert_eq!(game.moves.len(), 40);
    plays_on(game, joker.key, |g| &mut g.state);
    let dg = &detective_graves::records::RECORDS.game;
    let game = load(DECEMBER, dg.key, dg);
    assert_eq!(game.moves.len(), 70);
    assert!(!game.state().log().is_empty());
    plays_on(game, dg.key, |g| &mut g.state);
}
