//! Replays: a finished game watched again, step by step, on the game's own
//! table. A game is its start and the moves that stand ([`Replayable`]);
//! replaying them through the engine gives every step's table, which the
//! game's table draws from a read-only context (`GameCtx::read_only`: the
//! controller changes and saves nothing there). The record travels as a
//! link ([`link`]) and is kept among the recent games ([`recent`]).

pub mod link;
pub mod recent;
pub mod viewer;

use crate::records::GameCtx;
use crate::table::controller::{Action, Event, TableRecord};
use engine::Game;
use link::{GameRecord, LinkError};
use recent::RecentGame;
use serde::{de::DeserializeOwned, Serialize};

/// A game the app can replay.
pub trait Replayable: TableRecord {
    /// How a game began: what, with its moves, gives every step again.
    type Setup: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// How this game began and the moves that stand, oldest first; `None`
    /// when it does not keep them whole (a game begun before this version).
    fn record(&self) -> Option<(Self::Setup, Vec<Action<Self>>)>;

    /// The game as it began.
    fn begin(setup: &Self::Setup) -> Result<Self, String>;

    /// A line of the move list: what `action`, played from `before`, did.
    fn describe(before: &Self, action: &Action<Self>, events: &[Event<Self>]) -> String;

    /// The finished game's result in a few words ("Won with 3 cards left").
    fn result_line(&self) -> String;
}

/// One step of a replay: the game after a move (the first: as it began),
/// and that move's line.
#[derive(Clone)]
pub struct Step<R> {
    pub game: R,
    pub line: String,
}

/// Why a replay cannot be shown, in a sentence.
pub type Refusal = String;

/// Every step of the game `setup` and `moves` give. A move the game
/// refuses there (a tampered link) is refused, never a panic.
pub fn replay<R: Replayable>(
    setup: &R::Setup,
    moves: &[Action<R>],
) -> Result<Vec<Step<R>>, Refusal> {
    // The setup comes from outside (a link): it is checked as a save's
    // record is, and a refusal says what is wrong in a sentence.
    let mut game = R::begin(setup)
        .map_err(|why| format!("This replay cannot be shown: its record is damaged ({why})."))?;
    let mut steps = Vec::with_capacity(moves.len() + 1);
    steps.push(Step {
        game: game.clone(),
        line: "The start".into(),
    });
    for (index, action) in moves.iter().enumerate() {
        let before = game.clone();
        let events = game.state_mut().apply(action.clone()).map_err(|why| {
            format!(
                "This replay does not fit its game: move {} is not allowed there ({why}).",
                index + 1
            )
        })?;
        game.follow(&events);
        steps.push(Step {
            line: R::describe(&before, action, &events),
            game: game.clone(),
        });
    }
    Ok(steps)
}

/// The record of `game` (of the game `id`), if its moves are whole: played
/// from its start they give its table again. (A game begun before this
/// version kept them, or with a tampered save, has none.)
pub fn record_of<R: Replayable>(game: &R, id: &str) -> Option<GameRecord<R::Setup, Action<R>>> {
    let (setup, moves) = game.record()?;
    let steps = replay::<R>(&setup, &moves).ok()?;
    (steps.last()?.game.state() == game.state()).then(|| GameRecord {
        game: id.to_string(),
        setup,
        moves,
    })
}

/// The replay link's code of `game` (of the game `id`), if it keeps its
/// moves whole. Written uncompressed (`link::encode_stored`): a table
/// carries no compressor; the replay viewer shortens the address it opens.
pub fn code_of<R: Replayable>(game: &R, id: &str) -> Option<String> {
    record_of(game, id).map(|record| link::encode_stored(&record))
}

/// The recent games' entry of the finished `game` (of the game `id`).
pub fn recent_entry<R: Replayable>(game: &R, id: &'static str) -> Option<RecentGame> {
    let record = record_of(game, id)?;
    Some(RecentGame {
        game: id.to_string(),
        ended_ms: web_sys::js_sys::Date::now() as u64,
        line: game.result_line(),
        code: link::encode_stored(&record),
        start: crate::codec::to_string(&record.setup).ok()?,
    })
}

/// Why a replay link cannot be shown: what the player is told, and the
/// game it belongs to if it is another game's.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    pub why: String,
    pub other_game: Option<String>,
}

/// The steps of the replay whose code is `code`, for the game `id` (named
/// `name`).
pub fn read<R: Replayable>(id: &str, name: &str, code: &str) -> Result<Vec<Step<R>>, Unreadable> {
    let record: GameRecord<R::Setup, Action<R>> =
        link::decode(id, code).map_err(|error| Unreadable {
            why: error.message(name),
            other_game: match error {
                LinkError::OtherGame(other) => Some(other),
                _ => None,
            },
        })?;
    replay::<R>(&record.setup, &record.moves).map_err(|why| Unreadable {
        why,
        other_game: None,
    })
}

/// The replay address of the finished game on `table`, if it keeps its
/// moves whole (what an end dialog's "Watch the replay" opens).
pub fn href_of<R: Replayable>(table: crate::table::controller::Table<R>) -> Option<String> {
    use leptos::prelude::WithUntracked;
    let id = table.ctx.records.id;
    table
        .ctx
        .game
        .with_untracked(|g| code_of(g.as_ref()?, id))
        .map(|code: String| href(id, &code))
}

/// The replay address of game `id` with `code`.
pub fn href(id: &str, code: &str) -> String {
    format!("#/{id}/replay/{code}")
}

/// The code in the page's address, if it is a replay's (`#/<id>/replay/<code>`).
pub fn code_in_address() -> String {
    let hash = leptos::prelude::window()
        .location()
        .hash()
        .unwrap_or_default();
    hash.split_once("/replay/")
        .map(|(_, code)| code.trim_end_matches('/').to_string())
        .unwrap_or_default()
}

/// A read-only copy of the game's context for a replay, showing `first`.
pub fn replay_ctx<R: TableRecord>(ctx: GameCtx<R, R::Stats>, first: R) -> GameCtx<R, R::Stats> {
    use leptos::prelude::*;
    GameCtx {
        app: ctx.app,
        game: RwSignal::new(Some(first)),
        stats: ctx.stats,
        records: ctx.records,
        before_last: RwSignal::new(None),
        remote_away: RwSignal::new(false),
        read_only: true,
    }
}

/// What a tap on a replay's table says: nothing on it can be played.
pub const REFUSED: &str = "This is a replay: nothing on it can be played.";

/// A move's line when the log tells nothing of it: who made it, and what
/// (`what`, the game's words for the action).
pub fn unlogged<R>(before: &R, names: &[String], what: &str) -> String
where
    R: TableRecord,
    R::State: engine::Multiplayer,
{
    use engine::Multiplayer;
    match before.state().to_act() {
        Some(seat) => format!("{} {what}.", crate::seats::name_of(names, seat)),
        None => format!("{what}."),
    }
}

/// Checks shared by the games' replay tests.
#[cfg(test)]
pub mod testing {
    use super::link::{encode, packed, GameRecord, MAX_CODE};
    use super::{read, Replayable};
    use crate::table::controller::Action;

    /// The length of the link shared for a game whose table wrote `code`
    /// (uncompressed: `link::encode_stored`), once compressed; and the code
    /// as kept stays far within what a link may hold.
    pub fn shared_length(code: &str) -> usize {
        assert!(code.len() < MAX_CODE / 4, "{} characters kept", code.len());
        packed(code).unwrap().len()
    }

    /// A link is foreign input: the names of a three-seat game's record
    /// (`setup` makes one from names) are held to a save's rules, one per
    /// seat and none over the length limit, and refused in a sentence.
    pub fn names_breaking_a_saves_rules_are_refused<R: Replayable>(
        id: &str,
        name: &str,
        setup: impl Fn(Vec<String>) -> R::Setup,
    ) {
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let long = "x".repeat(17);
        let huge = "y".repeat(100_000);
        for (names, what) in [
            (names(&["Ann", "Ben"]), "it names 2 players for 3 seats"),
            (
                names(&["Ann", "Ben", "Cy", "Di"]),
                "it names 4 players for 3 seats",
            ),
            (
                names(&["Ann", "Ben", &long]),
                "a name is longer than 16 characters",
            ),
            (names(&["Ann", &huge, "Cy"]), ""),
        ] {
            let record = GameRecord {
                game: id.to_string(),
                setup: setup(names),
                moves: Vec::<Action<R>>::new(),
            };
            let why = read::<R>(id, name, &encode(&record)).err().unwrap().why;
            assert!(why.contains(what) && why.ends_with('.'), "{why}");
        }
    }
}
