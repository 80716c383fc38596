//! The registry: the one list of games the shell reads. Each game is a
//! folder here holding everything it has in the app (table, new-game screen,
//! rules page, statistics and saved records) and one [`GameModule`] value.
//! Adding a game: its folder and one line in `GAMES`.

pub mod dead_center;
pub mod detective_graves;
pub mod joker;
pub mod murderers_row;
pub mod serial_killer;
#[cfg(test)]
mod todays_saves;

use crate::module::GameModule;
use crate::shell::{Ctx, Notice};

/// Every game, in the order Home lists them.
pub static GAMES: [&dyn GameModule; 5] = [
    &dead_center::DeadCenter,
    &murderers_row::MurderersRow,
    &serial_killer::SerialKiller,
    &joker::Joker,
    &detective_graves::DetectiveGraves,
];

/// The game whose addresses start with `#/<id>`.
pub fn find(id: &str) -> Option<&'static dyn GameModule> {
    GAMES.iter().copied().find(|game| game.id() == id)
}

/// Loads every game's records and provides their contexts.
pub fn provide_all(app: Ctx, notices: &mut Vec<Notice>) {
    for game in GAMES {
        game.provide(app, notices);
    }
}
