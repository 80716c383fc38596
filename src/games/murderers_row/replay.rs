//! Murderers' Row's replays: a finished deal's moves that stand, on its own
//! row, step by step; the die deck's order only when asked.

use super::game::MurderersRowGame;
use super::happened::{capitalised, what_happened};
use super::look::replay_looks;
use super::panels::{DiePanel, PoisonBanner};
use super::records::{game_ctx, table, ID};
use super::solver_client;
use super::table::Row;
use super::table_ui::read;
use super::thinking::progress_text;
use super::words::{describe, end_title};
use super::words::{unexpected, verdict};
use crate::replay::viewer::{replay_page, HiddenOrder, Review, Reviewed, Reviewing};
use crate::replay::Replayable;
use engine::murderers_row::advice::{self, Answer, Question};
use engine::murderers_row::{Action, Event, State, Status};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How a deal began: what its moves are played from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub seed: u64,
    /// Undo or hints were used (the moves that stand do not show it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assisted: bool,
}

impl Replayable for MurderersRowGame {
    type Setup = Setup;

    fn record(&self) -> Option<(Setup, Vec<Action>)> {
        let setup = Setup {
            seed: self.state.seed(),
            assisted: self.state.assisted(),
        };
        Some((setup, self.state.history().to_vec()))
    }

    fn begin(setup: &Setup) -> Result<MurderersRowGame, String> {
        let state = State::restore(setup.seed, &[], setup.assisted).map_err(|e| e.to_string())?;
        Ok(MurderersRowGame {
            state,
            counted: true,
            level: None,
        })
    }

    fn describe(_before: &MurderersRowGame, action: &Action, events: &[Event]) -> String {
        let done = capitalised(describe(*action));
        match what_happened(events) {
            Some(happened) => format!("{done}. {happened}"),
            None => format!("{done}."),
        }
    }

    fn result_line(&self) -> String {
        let won = self.state.status() == Status::Won;
        format!("Deal {}. {}", self.state.seed(), end_title(won))
    }
}

/// The replay page: the game's own row and panels, drawn from the step shown.
#[component]
pub(super) fn MrReplay() -> impl IntoView {
    let board = ViewFn::from(move || {
        let table = table();
        let looks = Memo::new(move |_| read(table, replay_looks));
        let chosen = Memo::new(|_| None);
        view! {
            <div class="mr-layout">
                <PoisonBanner/>
                <Row looks chosen on_card=Callback::new(|_| {})/>
                <DiePanel/>
            </div>
        }
    });
    let order_shown = RwSignal::new(false);
    let extra = ViewFn::from(move || {
        let table = table();
        let order = Signal::derive(move || {
            read(table, |s| {
                let cards: Vec<String> = s
                    .die_deck_order()
                    .iter()
                    .map(|c| format!("{} ({})", c.name(), c.pips()))
                    .collect();
                if cards.is_empty() {
                    "The die deck is empty.".to_string()
                } else {
                    format!("Die deck, next first: {}.", cards.join(", "))
                }
            })
        });
        view! { <HiddenOrder what="the die deck" order shown=order_shown/> }
    });
    replay_page::<MurderersRowGame>(
        game_ctx(),
        ID,
        "Murderers' Row",
        board,
        Some(extra),
        order_shown.into(),
        Some(Review {
            ask: ask_review,
            stop: solver_client::cancel,
        }),
    )
}

/// The solver's review of the replayed game (the same as at its end): the
/// first move that cost some chance of winning.
fn ask_review(game: MurderersRowGame, into: RwSignal<Option<Reviewed>>) {
    let state = game.state;
    if !advice::can_review(&state) {
        into.set(Some(Reviewed::Failed(
            "There is nothing to review: no move was made.".into(),
        )));
        return;
    }
    let reviewing = Reviewing::start(into);
    let since = web_sys::js_sys::Date::now();
    let question = Question::Review {
        seed: state.seed(),
        history: state.history().to_vec(),
    };
    solver_client::ask_with_progress(
        question,
        move |progress| {
            let seconds = ((web_sys::js_sys::Date::now() - since) / 1000.0) as u64;
            reviewing.progress(progress_text(progress, seconds));
        },
        move |answer| {
            reviewing.answer(match answer {
                Ok(Answer::Review(decisions)) => Reviewed::Done {
                    verdict: verdict(&decisions),
                    costly: advice::first_mistake_at(&decisions)
                        .map(|at| (at + 1, "the first move that cost chance")),
                },
                Ok(other) => Reviewed::Failed(unexpected(other)),
                Err(why) => Reviewed::Failed(why),
            })
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{code_of, read};
    use engine::Game;

    #[test]
    fn a_finished_deal_replays_to_the_very_same_row() {
        for seed in [1, 97, 2314] {
            let mut game = MurderersRowGame::new(seed);
            game.state.apply(Action::Hint).unwrap();
            while !game.state.is_over() {
                let action = game
                    .state
                    .legal_actions()
                    .into_iter()
                    .find(|a| a.is_move())
                    .unwrap();
                game.state.apply(action).unwrap();
            }
            let code = code_of(&game, ID).unwrap();
            let steps = read::<MurderersRowGame>(ID, "Murderers' Row", &code).unwrap();
            assert_eq!(steps.len(), game.state.history().len() + 1);
            assert_eq!(steps.last().unwrap().game.state, game.state);
            let shared = crate::replay::testing::shared_length(&code);
            assert!(shared < 400, "{shared} characters");
        }
    }
}
