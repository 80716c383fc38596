//! Dead Center's replays: a finished deal's moves that stand, on its own
//! table, step by step. The table shows what the player saw at each step;
//! the deck's order is shown only when asked.

use super::game::end_text;
use super::records::{game_ctx, table, ID};
use super::review::{describe, finding, question};
use super::solver_client;
use super::table::Board;
use super::table_ui::Ui;
use crate::replay::viewer::{replay_page, HiddenOrder, Review, Reviewed, Reviewing};
use crate::replay::Replayable;
use engine::dead_center::advice::Answer;
use engine::dead_center::{Action, Event, State, Variant};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How a deal began: what its moves are played from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub variant: Variant,
    pub seed: u64,
    /// Undo or hints were used (the moves that stand do not show it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assisted: bool,
}

impl Replayable for State {
    type Setup = Setup;

    /// (`replay::record_of` checks that the history gives this table: a
    /// game saved before the history was kept has none.)
    fn record(&self) -> Option<(Setup, Vec<Action>)> {
        let setup = Setup {
            variant: self.variant(),
            seed: self.seed(),
            assisted: self.assisted(),
        };
        Some((setup, self.history().to_vec()))
    }

    fn begin(setup: &Setup) -> Result<State, String> {
        State::restore(setup.variant, setup.seed, &[], setup.assisted)
    }

    fn describe(before: &State, action: &Action, _events: &[Event]) -> String {
        describe(before, *action)
    }

    fn result_line(&self) -> String {
        let what = end_text(self).map_or_else(String::new, |(_, detail)| detail);
        format!("{} deal {}. {what}", self.variant().name(), self.seed())
    }
}

/// The replay page: the game's own board, drawn from the step shown.
#[component]
pub(super) fn DcReplay() -> impl IntoView {
    let board = ViewFn::from(move || {
        let ui = Ui {
            table: table(),
            message: RwSignal::new(None),
            hint: RwSignal::new(None),
            end_dismissed: RwSignal::new(true),
            confirm_restart: RwSignal::new(false),
            review: RwSignal::new(None),
        };
        view! { <div class="dc-layout"><Board ui/></div> }
    });
    let order_shown = RwSignal::new(false);
    let extra = ViewFn::from(move || {
        let table = table();
        let order = Signal::derive(move || {
            table.read(|s: &State| {
                let cards: Vec<String> = s.deck_order().iter().map(|c| c.name()).collect();
                if cards.is_empty() {
                    "The deck is empty.".to_string()
                } else {
                    format!("The deck, next first: {}.", cards.join(", "))
                }
            })
        });
        view! { <HiddenOrder what="the deck" order shown=order_shown/> }
    });
    replay_page::<State>(
        game_ctx(),
        ID,
        "Dead Center",
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
/// move that cost the game, if any.
fn ask_review(game: State, into: RwSignal<Option<Reviewed>>) {
    let reviewing = Reviewing::start(into);
    solver_client::ask(
        question(&game),
        move |progress| {
            reviewing.progress(format!(
                "{} positions searched.",
                crate::words::large_count(progress.searched)
            ))
        },
        move |answer| {
            reviewing.answer(match answer {
                Ok(Answer::Review(review)) => match finding(&game, &review) {
                    Ok(found) => Reviewed::Done {
                        verdict: found.verdict,
                        costly: found
                            .mistake
                            .map(|m| (m.index + 1, "the move that cost the game")),
                    },
                    Err(why) => Reviewed::Failed(why),
                },
                Ok(Answer::Refused(why)) | Err(why) => Reviewed::Failed(why),
                Ok(_) => Reviewed::Failed("The solver answered another question.".into()),
            })
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{code_of, read, replay};
    use engine::Game;

    /// A deal played to its end with the first legal move each time (an
    /// undo and a hint on the way).
    fn finished(variant: Variant, seed: u64) -> State {
        let mut state = State::new(variant, seed);
        state.apply(Action::Hint).unwrap();
        while !state.is_over() {
            let action = state
                .legal_actions()
                .into_iter()
                .find(|a| a.is_move())
                .unwrap();
            state.apply(action).unwrap();
        }
        state
    }

    #[test]
    fn a_finished_deal_replays_to_the_very_same_table() {
        for (variant, seed) in [
            (Variant::Standard, 8),
            (Variant::Hard, 99),
            (Variant::Nightmare, 1),
        ] {
            let game = finished(variant, seed);
            let code = code_of(&game, ID).unwrap();
            let steps = read::<State>(ID, "Dead Center", &code).unwrap();
            assert_eq!(steps.len(), game.history().len() + 1);
            assert_eq!(steps.last().unwrap().game, game);
            assert_eq!(
                steps[0].game,
                State::restore(variant, seed, &[], true).unwrap()
            );
            assert!(steps[1..].iter().all(|s| !s.line.is_empty()));
            // A typical deal's link stays short.
            let shared = crate::replay::testing::shared_length(&code);
            assert!(shared < 600, "{shared} characters");
        }
    }

    /// Issue 30, "review where we have one": the move the solver's review
    /// names is the replay's step that shows it.
    #[test]
    fn the_reviewed_move_is_the_step_the_replay_marks() {
        let game = finished(Variant::Standard, 8);
        let review = super::super::review::reviewed_natively(&game);
        let found = finding(&game, &review).unwrap();
        let costly = found.mistake.expect("first legal moves lose deal 8");
        let code = code_of(&game, ID).unwrap();
        let steps = read::<State>(ID, "Dead Center", &code).unwrap();
        assert_eq!(
            steps[costly.index].game.history(),
            costly.position.history()
        );
        let played = game.history()[costly.index];
        assert_eq!(
            steps[costly.index + 1].line,
            describe(&costly.position, played)
        );
        assert!(found
            .verdict
            .starts_with("The move that cost you: in turn "));
    }

    #[test]
    fn a_tampered_move_is_refused_with_its_number() {
        let game = finished(Variant::Standard, 3);
        let (setup, mut moves) = game.record().unwrap();
        moves.insert(2, Action::Kill(0));
        let refused = replay::<State>(&setup, &moves).err().unwrap();
        assert!(refused.contains("move 3"), "{refused}");
    }
}
