//! Detective Graves' computer players, in a chunk of their own: the Strong
//! player's search is the biggest part of the game's code, and a table of
//! people alone never needs it. The chunk loads the first time a computer
//! seat must act; the Simple player then decides at once, the Strong one
//! searches a playout at a time between frames, so the page never freezes.
//! Either decides what the engine's `bot_action` decides for the same view
//! and seed, from the seat's view alone.

use super::records::DgTable;
use super::words::refused;
use crate::module::ChunkError;
use crate::table::seats::work_in_slices;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{players, Action, Level, Seat, State};
use engine::Multiplayer;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::Cell;
use std::rc::Rc;

/// A decision worked on in slices: each call plays one playout, `Some`
/// once decided.
type Search = Box<dyn FnMut() -> Option<Action>>;

/// What the chunk gives.
#[derive(Clone, Copy)]
struct Players {
    simple: fn(&SeatView, u64) -> Action,
    strong: fn(&SeatView, u64) -> Search,
}

thread_local! {
    static LOADED: Cell<Option<Players>> = const { Cell::new(None) };
}

#[wasm_split_helpers::wasm_split(detective_graves_players, fallible)]
fn players_chunk() -> Result<Players, ChunkError> {
    Ok(Players {
        simple: |view, seed| State::bot_action(view, Level::Simple, seed),
        strong: |view, seed| {
            let mut search = players::strong_search(view, seed);
            Box::new(move || search.step(1))
        },
    })
}

/// Takes the computer's turn at `seat` on this device's `table`, loading
/// the players first if need be. `turns` counts the turns begun: only the
/// newest may play, and none once the game has moved on meanwhile (another
/// tab, a new game). What goes wrong is told in `tell` (the desk shows it
/// as a refusal): the engine's refusal of the action, or the players not
/// loading.
pub fn take_turn(
    table: DgTable,
    tell: RwSignal<Option<String>>,
    turns: StoredValue<u32>,
    seat: Seat,
    level: Level,
) {
    let ctx = table.ctx;
    let Some(state) = ctx
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.state.clone()))
    else {
        return;
    };
    let turn = turns.get_value().wrapping_add(1);
    turns.set_value(turn);
    let view = state.view(seat);
    let seed = state.bot_seed();
    let wanted = Rc::new(move || {
        turns.try_get_value() == Some(turn)
            && !ctx.changed_elsewhere.get_untracked()
            && ctx
                .game
                .with_untracked(|g| g.as_ref().is_some_and(|g| g.state == state))
    });
    let still_wanted = wanted.clone();
    let act = move |action: Action| {
        if let Some(Err(e)) = table.act(action) {
            let _ = tell.try_set(Some(refused(action, e)));
        }
    };
    let play = move |players: Players| match level {
        Level::Simple => act((players.simple)(&view, seed)),
        Level::Strong => {
            let mut search = (players.strong)(&view, seed);
            let wanted = wanted.clone();
            work_in_slices(move || {
                if !wanted() {
                    return true;
                }
                let Some(action) = search() else {
                    return false;
                };
                act(action);
                true
            });
        }
    };
    if let Some(players) = LOADED.get() {
        return play(players);
    }
    spawn_local(async move {
        match players_chunk().await {
            Ok(players) => {
                LOADED.set(Some(players));
                if still_wanted() {
                    play(players);
                }
            }
            // (The table may be gone by now: then nothing is told.)
            Err(_) => {
                let _ = tell.try_set(Some(
                    "The computer players could not be loaded. Check your connection, then reload the page."
                        .into(),
                ));
            }
        }
    });
}
