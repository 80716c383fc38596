//! What Home says of a game in progress ("Continue", the page it leads to,
//! one line), kept by the game beside its save so that Home needs none of
//! the game's code: a record of its own, `gm.summary.<id>`, stored as
//! `{"save":"<fingerprint>","href":"#/dead-center/standard/12","line":"…"}`
//! (no `href` and `line` when no game is in progress). It is written by the
//! table controller with every save of the game, and when the game's chunk
//! loads its records. The fingerprint is of the save as stored then: a save
//! written otherwise (another version, an import, a hand) no longer matches,
//! and the game's chunk loads to check it and write the summary again.
//! Export leaves it out.

use crate::codec::{self, Json, JsonObject};
use crate::route::{Addresses, Route};
use crate::shell::Ctx;
use crate::storage::{BrowserStore, Store};
use leptos::prelude::*;

/// The longest line Home shows; a longer one was not written by the app.
const MAX_LINE: usize = 200;

const PREFIX: &str = "gm.summary.";

pub fn key(id: &str) -> String {
    format!("{PREFIX}{id}")
}

/// Whether `key` is a game's summary (another tab wrote one, say).
pub fn is_key(key: &str) -> bool {
    key.starts_with(PREFIX)
}

/// FNV-1a (64 bits) of `text`, in hex: tells one save from another.
fn fingerprint(text: Option<&str>) -> String {
    let Some(text) = text else {
        return "none".to_string();
    };
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The save under `save_key` as stored now, fingerprinted.
fn save_fingerprint(store: &dyn Store, save_key: &str) -> String {
    fingerprint(store.get(save_key).ok().flatten().as_deref())
}

/// Writes game `id`'s summary: the save under `save_key` as it is stored
/// now, and where its game in progress is and a line about it, or that
/// none is. A refused write is left alone: the save beside it says so to
/// the player.
pub fn write(store: &dyn Store, id: &str, save_key: &str, in_progress: Option<(Route, String)>) {
    let mut object = JsonObject::new();
    object.insert("save".into(), save_fingerprint(store, save_key).into());
    if let Some((route, line)) = in_progress {
        object.insert("href".into(), route.href().into());
        object.insert("line".into(), line.into());
    }
    if let Ok(text) = codec::to_string(&Json::Object(object)) {
        let _ = store.set(&key(id), &text);
    }
}

/// Writes game `id`'s summary in the browser's storage, and tells Home.
pub fn publish(app: Ctx, id: &str, save_key: &str, in_progress: Option<(Route, String)>) {
    write(&BrowserStore, id, save_key, in_progress);
    app.summaries.update(|n| *n = n.wrapping_add(1));
}

/// Game `id`'s game in progress as its summary says, if it says one: a page
/// of that game (anything else, or a damaged record, is not shown).
pub fn read(
    store: &dyn Store,
    id: &str,
    addresses: &[&'static Addresses],
) -> Option<(Route, String)> {
    let text = store.get(&key(id)).ok()??;
    let json = codec::parse(&text).ok()?;
    let (href, line) = (json["href"].as_str()?, json["line"].as_str()?);
    let route = Route::parse(href, addresses);
    let theirs = matches!(route, Route::Game { game, .. } if game == id);
    (theirs && line.chars().count() <= MAX_LINE).then(|| (route, line.to_string()))
}

/// Whether game `id`'s summary is missing or out of date, so that its
/// chunk must load to check its records and write one: `keys` are the
/// game's records, its save first. A game that keeps nothing needs none.
pub fn stale(store: &dyn Store, id: &str, keys: &[&str]) -> bool {
    let has = |key: &str| matches!(store.get(key), Ok(Some(_)));
    let Some(text) = store.get(&key(id)).ok().flatten() else {
        return keys.iter().any(|k| has(k));
    };
    let written = codec::parse(&text).ok();
    let written = written.as_ref().and_then(|json| json["save"].as_str());
    let save = keys
        .first()
        .map_or(String::new(), |k| save_fingerprint(store, k));
    written != Some(save.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::{Deal, Deals, Page};
    use crate::storage::memory::MemoryStore;

    const DC: Addresses = Addresses {
        id: "dead-center",
        name: "Dead Center",
        deals: Deals::ByVariant(&["standard"]),
        remote: false,
        replays: false,
    };
    const SK: Addresses = Addresses {
        id: "serial-killer",
        name: "Serial Killer",
        deals: Deals::None,
        remote: false,
        replays: false,
    };

    fn deal() -> Route {
        Route::Game {
            game: "dead-center",
            page: Page::Deal(Deal {
                variant: Some("standard"),
                seed: 12,
            }),
        }
    }

    #[test]
    fn a_summary_is_read_back_as_written_and_none_is_kept_as_none() {
        let store = MemoryStore::default();
        let keys = ["gm.save.dead-center"];
        let line = "Standard · 3 left";
        write(&store, "dead-center", keys[0], Some((deal(), line.into())));
        assert_eq!(
            read(&store, "dead-center", &[&DC, &SK]),
            Some((deal(), line.to_string()))
        );
        write(&store, "dead-center", keys[0], None);
        assert_eq!(read(&store, "dead-center", &[&DC, &SK]), None);
        assert!(!stale(&store, "dead-center", &keys));
        assert!(is_key(&key("dead-center")));
        assert!(!is_key(keys[0]));
    }

    #[test]
    fn a_save_written_behind_the_summary_s_back_makes_it_stale() {
        let store = MemoryStore::default();
        let keys = ["gm.save.dead-center", "gm.stats.dead-center"];
        store.set(keys[0], "{\"a\":1}").unwrap();
        write(&store, "dead-center", keys[0], Some((deal(), "x".into())));
        assert!(!stale(&store, "dead-center", &keys));
        // Another version, an import or a hand changes the save.
        store.set(keys[0], "{\"a\":2}").unwrap();
        assert!(stale(&store, "dead-center", &keys));
        write(&store, "dead-center", keys[0], None);
        assert!(!stale(&store, "dead-center", &keys));
        store.remove(keys[0]);
        assert!(stale(&store, "dead-center", &keys), "the save is gone");
        assert_ne!(fingerprint(None), fingerprint(Some("{}")));
    }

    #[test]
    fn a_summary_that_leads_elsewhere_or_is_damaged_is_not_shown() {
        let store = MemoryStore::default();
        for text in [
            r##"{"href":"#/serial-killer","line":"x"}"##,
            r##"{"href":"https://example.com","line":"x"}"##,
            r##"{"href":"#/dead-center"}"##,
            r##"{"href":"#/dead-center","line":7}"##,
            "not json",
        ] {
            store.set(&key("dead-center"), text).unwrap();
            assert_eq!(read(&store, "dead-center", &[&DC, &SK]), None, "{text}");
        }
        let long = format!(
            r##"{{"href":"#/dead-center","line":"{}"}}"##,
            "x".repeat(201)
        );
        store.set(&key("dead-center"), &long).unwrap();
        assert_eq!(read(&store, "dead-center", &[&DC, &SK]), None);
    }

    #[test]
    fn records_without_a_summary_call_for_the_game_s_chunk() {
        let store = MemoryStore::default();
        let keys = ["gm.save.serial-killer", "gm.stats.serial-killer"];
        assert!(!stale(&store, "serial-killer", &keys), "nothing kept");
        store.set(keys[1], "{}").unwrap();
        assert!(stale(&store, "serial-killer", &keys));
        write(&store, "serial-killer", keys[0], None);
        assert!(!stale(&store, "serial-killer", &keys));
    }
}
