//! The table's questions to the solver (a hint, the deal's difficulty, a
//! review of a finished game) and what their answers change: the table's
//! messages, and through the table controller, the game's record.

use super::pick;
use super::records::MurderersRowTable;
use super::table_ui::{game_state, Ui};
use super::thinking;
use super::words::{difficulty_text, unexpected};
use engine::murderers_row::advice::{self, Answer, Question};
use engine::murderers_row::{Action, State};
use engine::Game;
use leptos::prelude::*;

/// Whether `asked` is still the position on the table (an answer about
/// another position is dropped).
fn still_current(table: MurderersRowTable, asked: &State) -> bool {
    table.ctx.game.with_untracked(|g| {
        g.as_ref().is_some_and(|g| {
            g.state.seed() == asked.seed()
                && g.state.history() == asked.history()
                && g.state.phase() == asked.phase()
        })
    })
}

pub fn ask_hint(table: MurderersRowTable, ui: Ui) {
    let Some(asked) = game_state(table) else {
        return;
    };
    if asked.is_over() {
        return;
    }
    let question = Question::Hint {
        seed: asked.seed(),
        history: asked.history().to_vec(),
    };
    thinking::ask(
        ui.thinking,
        "Working out the odds…",
        question,
        move |answer| {
            if !still_current(table, &asked) {
                return;
            }
            match answer {
                Ok(Answer::Hint(hint)) => {
                    if let Some(best) = hint.best {
                        if !matches!(best, Action::AlsoKill(_)) {
                            let _ = ui.pick.try_set(pick::of_action(best));
                        }
                    }
                    let _ = ui.hint.try_set(Some(hint));
                    let _ = ui.message.try_set(None);
                    // The game records that a hint was given: a win now
                    // counts as assisted. Quietly: the player moved nothing.
                    let _ = table.act_quietly(Action::Hint);
                }
                Ok(other) => {
                    let _ = ui.message.try_set(Some(unexpected(other)));
                }
                Err(why) => {
                    let _ = ui.message.try_set(Some(why));
                }
            }
        },
    );
}

pub fn ask_deal_difficulty(table: MurderersRowTable, ui: Ui) {
    let Some(seed) = game_state(table).map(|s| s.seed()) else {
        return;
    };
    let question = Question::Difficulty(seed);
    thinking::ask(
        ui.thinking,
        "Working out this deal's difficulty…",
        question,
        move |answer| {
            let text = match answer {
                Ok(Answer::Difficulty { difficulty, .. }) => {
                    // The deal's result is counted under its level.
                    table.note(|g| {
                        if g.state.seed() == seed {
                            g.level = Some(difficulty.level);
                        }
                    });
                    difficulty_text(seed, &difficulty)
                }
                Ok(other) => unexpected(other),
                Err(why) => why,
            };
            let _ = ui.message.try_set(Some(text));
        },
    );
}

pub fn ask_review(table: MurderersRowTable, ui: Ui) {
    let Some(asked) = game_state(table) else {
        return;
    };
    if !advice::can_review(&asked) {
        return;
    }
    let question = Question::Review {
        seed: asked.seed(),
        history: asked.history().to_vec(),
    };
    thinking::ask(
        ui.thinking,
        "Looking back over your game…",
        question,
        move |answer| {
            if !still_current(table, &asked) {
                return;
            }
            let review = match answer {
                Ok(Answer::Review(decisions)) => Ok(decisions),
                Ok(other) => Err(unexpected(other)),
                Err(why) => Err(why),
            };
            let _ = ui.review.try_set(Some(review));
        },
    );
}
