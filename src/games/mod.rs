//! The registry: the one list of games the shell reads. Each game is a
//! folder here holding everything it has in the app (table, new-game screen,
//! rules page, statistics and saved records) and one [`GameEntry`].
//! Adding a game: its folder and one line in `GAMES` and in `ADDRESSES`.

pub mod dead_center;
pub mod detective_graves;
pub mod joker;
pub mod murderers_row;
pub mod serial_killer;
#[cfg(test)]
mod todays_saves;

use crate::module::GameEntry;
use crate::route::Addresses;

/// Every game, in the order Home lists them.
pub static GAMES: [&GameEntry; 5] = [
    &dead_center::ENTRY,
    &murderers_row::ENTRY,
    &serial_killer::ENTRY,
    &joker::ENTRY,
    &detective_graves::ENTRY,
];

/// Every game's addresses, for the router.
pub static ADDRESSES: [&Addresses; 5] = [
    &dead_center::ENTRY.addresses,
    &murderers_row::ENTRY.addresses,
    &serial_killer::ENTRY.addresses,
    &joker::ENTRY.addresses,
    &detective_graves::ENTRY.addresses,
];

/// The key of every record the app keeps (its settings, each game's
/// records): what export copies, whether or not a game's chunk is loaded.
pub fn record_keys() -> Vec<&'static str> {
    let games = GAMES.iter().flat_map(|game| game.keys.iter().copied());
    [
        crate::session::SETTINGS.key,
        crate::replay::recent::RECORD.key,
    ]
    .into_iter()
    .chain(games)
    .collect()
}

/// The game whose addresses start with `#/<id>`.
pub fn find(id: &str) -> Option<&'static GameEntry> {
    GAMES.iter().copied().find(|game| game.id() == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::{Page, Route};

    #[test]
    fn the_router_and_home_list_the_same_games_in_the_same_order() {
        let listed: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
        let routed: Vec<&str> = ADDRESSES.iter().map(|a| a.id).collect();
        assert_eq!(listed, routed);
    }

    #[test]
    fn every_record_a_game_loads_is_one_export_copies() {
        let keys = record_keys();
        for record in [
            dead_center::records::RECORDS.game.key,
            dead_center::records::RECORDS.stats.key,
            murderers_row::records::RECORDS.game.key,
            murderers_row::records::PREFS.key,
            serial_killer::records::RECORDS.stats.key,
            joker::records::RECORDS.game.key,
            detective_graves::records::RECORDS.stats.key,
        ] {
            assert!(keys.contains(&record), "{record}");
        }
        let mut distinct = keys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len());
        // Settings, the recent games, and each game's.
        assert!(keys.contains(&crate::replay::recent::RECORD.key));
        assert_eq!(keys.len(), 2 + 3 + 3 + 2 + 3 + 2);
        // Each game's save first: Home's summary is of that save.
        let saves = [
            dead_center::records::RECORDS.game.key,
            murderers_row::records::RECORDS.game.key,
            serial_killer::records::RECORDS.game.key,
            joker::records::RECORDS.game.key,
            detective_graves::records::RECORDS.game.key,
        ];
        let firsts: Vec<&str> = GAMES.iter().map(|g| g.keys[0]).collect();
        assert_eq!(firsts, saves);
    }

    #[test]
    fn games_have_distinct_ids_that_are_not_shell_pages() {
        let ids: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id), "{id} twice");
            assert!(!["stats", "settings", "recent"].contains(id));
        }
    }

    #[test]
    fn every_game_page_round_trips_through_its_href() {
        for game in GAMES {
            for page in [Page::Current, Page::New, Page::Rules] {
                let route = Route::Game {
                    game: game.id(),
                    page,
                };
                assert_eq!(Route::parse(&route.href(), &ADDRESSES), route);
            }
        }
    }
}
