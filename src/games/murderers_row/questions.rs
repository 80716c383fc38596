//! The table's questions to the solver (a hint, the deal's difficulty, a
//! review of a finished game) and what their answers change: the table's
//! messages, and through the table controller, the game's record.

use super::pick;
use super::records::MurderersRowTable;
use super::table_ui::{game_state, Ui};
use super::thinking;
use super::words::{difficulty_text, unexpected};
use crate::ui::message::Note;
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

/// Asks the solver `question` about the position on the table, if it is
/// `worth_asking`, showing `what` meanwhile. The answer goes to `on_answer`
/// only while that position is still the one on the table.
fn ask_about_position(
    table: MurderersRowTable,
    ui: Ui,
    what: &'static str,
    worth_asking: fn(&State) -> bool,
    question: fn(u64, Vec<Action>) -> Question,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    let Some(asked) = game_state(table) else {
        return;
    };
    if !worth_asking(&asked) {
        return;
    }
    let question = question(asked.seed(), asked.history().to_vec());
    thinking::ask(ui.thinking, what, question, move |answer| {
        if still_current(table, &asked) {
            on_answer(answer);
        }
    });
}

pub fn ask_hint(table: MurderersRowTable, ui: Ui) {
    ask_about_position(
        table,
        ui,
        "Working out the odds…",
        |state| !state.is_over(),
        |seed, history| Question::Hint { seed, history },
        move |answer| match answer {
            Ok(Answer::Hint(hint)) => {
                if let Some(best) = hint.best {
                    if !matches!(best, Action::AlsoKill(_)) {
                        let _ = ui.pick.try_set(pick::of_action(best));
                    }
                }
                let _ = ui.hint.try_set(Some(hint));
                let _ = ui.message.try_set(None);
                // The game records that a hint was given: a win now counts
                // as assisted. Quietly: the player moved nothing.
                let _ = table.act_quietly(Action::Hint);
            }
            Ok(other) => {
                let _ = ui.message.try_set(Some(Note::refusal(unexpected(other))));
            }
            Err(why) => {
                let _ = ui.message.try_set(Some(Note::refusal(why)));
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
            let _ = ui.message.try_set(Some(Note::event(text)));
        },
    );
}

pub fn ask_review(table: MurderersRowTable, ui: Ui) {
    ask_about_position(
        table,
        ui,
        "Looking back over your game…",
        advice::can_review,
        |seed, history| Question::Review { seed, history },
        move |answer| {
            let review = match answer {
                Ok(Answer::Review(decisions)) => Ok(decisions),
                Ok(other) => Err(unexpected(other)),
                Err(why) => Err(why),
            };
            let _ = ui.review.try_set(Some(review));
        },
    );
}
