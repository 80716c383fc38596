//! The recent games: every finished game's record, newest first, at most
//! [`KEEP`] of them, the oldest dropped first. Each keeps its replay link's
//! code, so the list is read and shown without any game's code; the game's
//! chunk reads the code when its replay opens. Kept in "Your data" like
//! every record.

use super::link::{packer, MAX_CODE};
use crate::session::{self, Record};
use crate::shell::Ctx;
use serde::{Deserialize, Serialize};

/// How many finished games are kept.
pub const KEEP: usize = 50;

pub const RECORD: Record<RecentGames> = Record {
    key: "gm.recent",
    what: "recent games",
    validate: RecentGames::check,
};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RecentGames {
    /// Newest first.
    pub games: Vec<RecentGame>,
}

/// The longest result line and setup an entry may hold.
const MAX_LINE: usize = 300;
const MAX_START: usize = 4096;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecentGame {
    /// The game's id (its address).
    pub game: String,
    /// When it ended, in milliseconds since 1970.
    pub ended_ms: u64,
    /// Its result in a few words ("Won with 3 cards left", "Ben won").
    pub line: String,
    /// The replay link's code (`replay::link`).
    pub code: String,
    /// How it began (the setup's JSON): the same game ending again after an
    /// undo replaces its entry rather than adding one.
    pub start: String,
}

impl RecentGames {
    /// Adds a finished game, newest first. If the newest entry is the same
    /// game from the same start (ended again after an undo, or the same
    /// deal played again at once), the new ending replaces it.
    pub fn add(&mut self, game: RecentGame) {
        if self
            .games
            .first()
            .is_some_and(|newest| newest.game == game.game && newest.start == game.start)
        {
            self.games.remove(0);
        }
        self.games.insert(0, game);
        self.games.truncate(KEEP);
    }

    /// Puts the short code `short` in place of `written` (what the table
    /// wrote for `game`), wherever that entry is now; or adds `game` with it
    /// if its written code was too long to keep. Whether anything changed
    /// (not when the entry was cleared or pushed out meanwhile).
    pub fn shorten(&mut self, written: &str, short: String, game: RecentGame) -> bool {
        if let Some(kept) = self.games.iter_mut().find(|g| g.code == written) {
            kept.code = short;
            true
        } else if written.len() > MAX_CODE {
            self.add(RecentGame {
                code: short,
                ..game
            });
            true
        } else {
            false
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.games.len() > KEEP {
            return Err(format!("it lists more than {KEEP} games"));
        }
        if self.games.iter().any(|g| g.code.len() > MAX_CODE) {
            return Err("a replay in it is too long".into());
        }
        // Bounded like every text the app keeps (the app writes far less:
        // a result line names at most six players).
        let over = |text: &str, most: usize| text.chars().count() > most;
        if self
            .games
            .iter()
            .any(|g| over(&g.game, 40) || over(&g.line, MAX_LINE) || over(&g.start, MAX_START))
        {
            return Err("an entry in it is longer than any game's".into());
        }
        Ok(())
    }
}

/// The recent games as saved (none if the record is missing or unreadable:
/// a damaged list is backed up and reported like any record).
pub fn load(ctx: Ctx) -> RecentGames {
    let mut notices = Vec::new();
    let games = session::load_or_report(&RECORD, &mut notices).unwrap_or_default();
    for notice in notices {
        crate::shell::notify(ctx, notice);
    }
    games
}

/// Adds a finished game to the saved list (read again first: another tab
/// may have added one since), telling the player if it cannot be saved.
/// Its code comes as the table wrote it, uncompressed (no game's chunk
/// carries a compressor: see `link`): it is kept so at once, so that a game
/// ended just before the tab closes is kept too, then shortened as soon as
/// the compressor's chunk has loaded, so that the list stays small.
pub fn add(ctx: Ctx, game: RecentGame) {
    let written = game.code.clone();
    if written.len() <= MAX_CODE {
        let mut games = load(ctx);
        games.add(game.clone());
        session::save_once(ctx, &RECORD, &games);
    }
    leptos::task::spawn_local(async move {
        // Not loaded (offline before it was ever cached): the code stays as
        // written, which every version reads.
        let Ok(pack) = packer().await else {
            return;
        };
        let Ok(short) = pack(&written) else {
            return;
        };
        let mut games = load(ctx);
        if games.shorten(&written, short, game) {
            session::save_once(ctx, &RECORD, &games);
        }
    });
}

/// Forgets every recent game.
pub fn clear(ctx: Ctx) {
    session::save_once(ctx, &RECORD, &RecentGames::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(game: &str, start: &str, ended_ms: u64) -> RecentGame {
        RecentGame {
            game: game.into(),
            ended_ms,
            line: "Won".into(),
            code: format!("code{ended_ms}"),
            start: start.into(),
        }
    }

    /// The code a table wrote is shortened where its entry is now; an entry
    /// cleared meanwhile stays gone; one too long to keep is added short.
    #[test]
    fn a_written_code_is_shortened_where_its_entry_is() {
        let mut recent = RecentGames::default();
        recent.add(finished("joker", "a", 1));
        recent.add(finished("dead-center", "b", 2));
        assert!(recent.shorten("code1", "short".into(), finished("joker", "a", 1)));
        assert_eq!(recent.games[1].code, "short");
        assert_eq!(recent.games[0].code, "code2");
        assert!(!recent.shorten("code9", "short9".into(), finished("joker", "c", 9)));
        assert_eq!(recent.games.len(), 2);
        let mut long = finished("detective-graves", "d", 3);
        long.code = "x".repeat(MAX_CODE + 1);
        let written = long.code.clone();
        assert!(recent.shorten(&written, "short3".into(), long));
        assert_eq!(recent.games[0].code, "short3");
        assert_eq!(recent.games.len(), 3);
        assert_eq!(recent.check(), Ok(()));
    }

    #[test]
    fn the_newest_comes_first_and_only_the_last_fifty_are_kept() {
        let mut recent = RecentGames::default();
        for i in 0..60 {
            recent.add(finished("joker", &i.to_string(), i));
        }
        assert_eq!(recent.games.len(), KEEP);
        assert_eq!(recent.games[0].ended_ms, 59);
        assert_eq!(recent.games[KEEP - 1].ended_ms, 10);
        assert!(recent.check().is_ok());
    }

    #[test]
    fn the_same_game_ending_again_replaces_its_entry() {
        let mut recent = RecentGames::default();
        recent.add(finished("dead-center", "s1", 1));
        recent.add(finished("dead-center", "s1", 2));
        assert_eq!(recent.games, vec![finished("dead-center", "s1", 2)]);
        // Another game in between: both kept.
        recent.add(finished("joker", "s1", 3));
        recent.add(finished("dead-center", "s1", 4));
        assert_eq!(recent.games.len(), 3);
    }

    #[test]
    fn a_list_too_long_is_refused_on_load() {
        let recent = RecentGames {
            games: (0..=KEEP as u64)
                .map(|i| finished("joker", "s", i))
                .collect(),
        };
        assert!(recent.check().is_err());
    }

    #[test]
    fn an_entry_longer_than_any_games_is_refused() {
        let mut games = RecentGames::default();
        games.add(finished("dead-center", "{}", 1));
        assert_eq!(games.check(), Ok(()));
        let mut long = games.clone();
        long.games[0].line = "x".repeat(100_000);
        assert!(long.check().unwrap_err().contains("longer than any game's"));
        let mut long = games;
        long.games[0].start = "y".repeat(MAX_START + 1);
        assert!(long.check().is_err());
    }
}
