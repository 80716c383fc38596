//! Serial Killer's replays: a finished game's moves on its own board. Every
//! card drawn is public and only the stack's order is secret, so there is
//! one view for all: the board, the players and the log.

use super::board::Board;
use super::feed::Feed;
use super::game::SerialKillerGame;
use super::players::Players;
use super::records::{game_ctx, table, ID};
use super::table::WhoseTurn;
use super::words::log_lines;
use crate::replay::viewer::replay_page;
use crate::replay::{unlogged, Replayable};
use crate::seats::{name_of, recorded_plans};
use crate::ui::seat_widgets::GameLog;
use engine::serial_killer::{Action, Event, SeatKind};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How a game began: what its moves are played from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub names: Vec<String>,
    pub kinds: Vec<SeatKind>,
    pub seed: u64,
}

impl Replayable for SerialKillerGame {
    type Setup = Setup;

    fn record(&self) -> Option<(Setup, Vec<Action>)> {
        let setup = Setup {
            names: self.names.clone(),
            kinds: self.state.seat_kinds().to_vec(),
            seed: self.state.seed(),
        };
        Some((setup, self.moves.clone()))
    }

    fn begin(setup: &Setup) -> Result<SerialKillerGame, String> {
        SerialKillerGame::new(&recorded_plans(&setup.names, &setup.kinds)?, setup.seed)
    }

    fn describe(before: &SerialKillerGame, _action: &Action, events: &[Event]) -> String {
        let lines = log_lines(events, &before.names);
        if lines.is_empty() {
            unlogged(before, &before.names, "plays")
        } else {
            lines.join(" ")
        }
    }

    fn result_line(&self) -> String {
        let winners: Vec<String> = self
            .state
            .winners()
            .iter()
            .map(|&s| name_of(&self.names, s))
            .collect();
        format!("{} on the loose.", crate::seats::joined(&winners))
    }
}

/// The replay page: the game's own board, players and log at the step shown.
#[component]
pub(super) fn SkReplay() -> impl IntoView {
    let board = ViewFn::from(move || {
        let table = table();
        let to_act = Signal::derive(move || table.read(|g| Some(g.state.current())));
        let feed = Feed::replayed(table, to_act, ());
        view! {
            <div class="table-layout sk-table">
                <div class="table-main">
                    <WhoseTurn feed/>
                    <Board feed/>
                </div>
                <div class="table-side">
                    <Players feed/>
                    <GameLog lines=Signal::derive(move || feed.log())/>
                </div>
            </div>
        }
    });
    // The moves to come would tell the stack's order, its one secret.
    replay_page::<SerialKillerGame>(
        game_ctx(),
        ID,
        "Serial Killer",
        board,
        None,
        Signal::stored(false),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{code_of, read};
    use crate::table::controller::TableRecord;
    use engine::seats::Level;
    use engine::serial_killer::State;
    use engine::{Game, Multiplayer};

    #[test]
    fn a_whole_game_replays_to_the_very_same_table_and_log() {
        let mut longest = 0;
        for seed in 0..4 {
            let kinds = vec![SeatKind::Computer(Level::Simple); 4];
            let names: Vec<String> = ["Ann", "Ben", "Cy", "Di"].map(String::from).to_vec();
            let mut game =
                SerialKillerGame::new(&crate::seats::plans_of(&names, &kinds), seed).unwrap();
            while let Some(seat) = game.state.to_act() {
                let action =
                    State::bot_action(&game.state.view(seat), Level::Simple, game.state.bot_seed());
                let events = game.state.apply(action).unwrap();
                game.keep_move(&action);
                game.follow(&events);
            }
            let code = code_of(&game, ID).unwrap();
            let steps = read::<SerialKillerGame>(ID, "Serial Killer", &code).unwrap();
            let last = &steps.last().unwrap().game;
            assert_eq!(last.state, game.state);
            assert_eq!(last.state.log(), game.state.log());
            longest = longest.max(crate::replay::testing::shared_length(&code));
        }
        println!("measurement: longest Serial Killer replay code of 4 four-seat games: {longest} characters");
    }

    /// A link is foreign input: its names are held to a save's rules.
    #[test]
    fn a_link_whose_names_break_a_saves_rules_is_refused_in_a_sentence() {
        crate::replay::testing::names_breaking_a_saves_rules_are_refused::<SerialKillerGame>(
            ID,
            "Serial Killer",
            |names| Setup {
                names,
                kinds: vec![SeatKind::Person; 3],
                seed: 1,
            },
        );
    }
}
