//! Joker's replays: a finished game's moves, seen by one seat (the public
//! grid, or the Informant's screen while that seat informs, as its own
//! device would have shown them) or by every seat at once.

use super::feed::{Feed, Notepad};
use super::feedback::Feedback;
use super::game::{JokerGame, Mode};
use super::records::{game_ctx, table, ID};
use super::table::Desk;
use super::words::{event_line, log_lines};
use crate::replay::viewer::{replay_page, SeenBy};
use crate::replay::{unlogged, Replayable};
use crate::seats::{name_of, recorded_plans};
use engine::joker::{Action, CellSet, Event, Seat, SeatKind};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How a game began: what its moves are played from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub names: Vec<String>,
    pub kinds: Vec<SeatKind>,
    pub mode: Mode,
    pub seed: u64,
}

impl Replayable for JokerGame {
    type Setup = Setup;

    fn record(&self) -> Option<(Setup, Vec<Action>)> {
        let setup = Setup {
            names: self.names.clone(),
            kinds: self.state.seat_kinds().to_vec(),
            mode: self.mode(),
            seed: self.state.seed(),
        };
        Some((setup, self.moves.clone()))
    }

    fn begin(setup: &Setup) -> Result<JokerGame, String> {
        JokerGame::new(
            &recorded_plans(&setup.names, &setup.kinds)?,
            &setup.mode,
            setup.seed,
        )
    }

    /// No Joker event holds a secret: the log's own lines.
    fn describe(before: &JokerGame, _action: &Action, events: &[Event]) -> String {
        let view = before.state.view(Seat(0));
        let lines: Vec<String> = events
            .iter()
            .map(|e| event_line(&view, &before.names, e))
            .filter(|l| !l.is_empty())
            .collect();
        if lines.is_empty() {
            unlogged(before, &before.names, "plays")
        } else {
            lines.join(" ")
        }
    }

    fn result_line(&self) -> String {
        log_lines(&self.state.view(Seat(0)), &self.names)
            .pop()
            .unwrap_or_default()
    }
}

/// The replay page: each seat's screen, or one seat's.
#[component]
pub(super) fn JokerReplay() -> impl IntoView {
    let seen_by = RwSignal::new(None::<Seat>);
    let board = ViewFn::from(move || {
        // The replay's own table (provided by the viewer), not the game's:
        // on a device that never played it, that one is empty.
        let shown = table();
        let players = shown.read(|g: &JokerGame| g.names.len());
        let seats = move || match seen_by.get() {
            Some(seat) => vec![seat],
            None => Seat::all(players).collect(),
        };
        view! {
            <div class="replay-seats">
                {move || seats().into_iter().map(|seat| view! { <SeatScreen shown seat/> }).collect_view()}
            </div>
        }
    });
    let extra = ViewFn::from(move || {
        let names = table().read(|g: &JokerGame| g.names.clone());
        view! { <SeenBy names chosen=seen_by/> }
    });
    replay_page::<JokerGame>(
        game_ctx(),
        ID,
        "Joker",
        board,
        Some(extra),
        Signal::derive(move || seen_by.get().is_none()),
        None,
    )
}

/// One seat's screen at the step shown: exactly what that seat's own
/// device would have been sent then.
#[component]
fn SeatScreen(shown: crate::table::controller::Table<JokerGame>, seat: Seat) -> impl IntoView {
    let notepad = Notepad::on_device(RwSignal::new(CellSet::EMPTY));
    let feed = Feed::replayed(shown, Signal::stored(Some(seat)), notepad);
    let feedback = Feedback::replayed(feed);
    let arrived = Memo::new(move |_| feed.shown.with(Option::is_some));
    let name = shown.read(|g: &JokerGame| name_of(&g.names, seat));
    view! {
        <section class="replay-seat" aria-label=format!("As {name} saw it")>
            <h2 class="replay-seat-name">{format!("As {name} saw it")}</h2>
            {move || arrived.get().then(|| view! { <Desk feedback ends=false/> })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{code_of, read};
    use crate::table::controller::TableRecord;
    use engine::joker::{Level, State};
    use engine::{Game, Multiplayer};

    #[test]
    fn a_whole_game_replays_to_the_very_same_table() {
        let mut longest = 0;
        for (seed, mode) in [
            (1, Mode::Everyone),
            (2, Mode::Teams(vec![0, 1, 0, 1])),
            (3, Mode::Everyone),
        ] {
            let kinds = vec![SeatKind::Computer(Level::Simple); 4];
            let names: Vec<String> = ["Ann", "Ben", "Cy", "Di"].map(String::from).to_vec();
            let mut game =
                JokerGame::new(&crate::seats::plans_of(&names, &kinds), &mode, seed).unwrap();
            while let Some(seat) = game.state.to_act() {
                let action =
                    State::bot_action(&game.state.view(seat), Level::Simple, game.state.bot_seed());
                let events = game.state.apply(action).unwrap();
                game.keep_move(&action);
                game.follow(&events);
            }
            let code = code_of(&game, ID).unwrap();
            let steps = read::<JokerGame>(ID, "Joker", &code).unwrap();
            assert_eq!(steps.last().unwrap().game.state, game.state);
            assert!(!game.result_line().is_empty());
            longest = longest.max(crate::replay::testing::shared_length(&code));
        }
        println!(
            "measurement: longest Joker replay code of 3 four-seat games: {longest} characters"
        );
    }

    /// A link is foreign input: its names are held to a save's rules.
    #[test]
    fn a_link_whose_names_break_a_saves_rules_is_refused_in_a_sentence() {
        crate::replay::testing::names_breaking_a_saves_rules_are_refused::<JokerGame>(
            ID,
            "Joker",
            |names| Setup {
                names,
                kinds: vec![SeatKind::Person; 3],
                mode: Mode::Everyone,
                seed: 1,
            },
        );
    }
}
