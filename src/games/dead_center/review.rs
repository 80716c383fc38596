//! The review of a finished game: the solver (in its worker) replays the
//! game with everything known and names the move that cost it; the table
//! then shows the position before that move and a winning line from it,
//! step by step. Only a finished game is reviewed: during play nothing the
//! solver knows about the hidden cards is shown.

use super::solver_client;
use super::table_ui::{Review, Step, Ui};
use crate::words::{count, large_count};
use engine::dead_center::advice::{Answer, GameReview, Question};
use engine::dead_center::{Action, Space, State};
use engine::Game;
use leptos::prelude::*;

/// Whether `state` can be reviewed: a finished game whose history gives it.
pub(super) fn reviewable(state: &State) -> bool {
    state.is_over() && state.history_complete()
}

/// Asks the solver for the review of the finished game on the table.
pub(super) fn start(ui: Ui) {
    let Some(state) = ui.table.ctx.game.get_untracked() else {
        return;
    };
    if !state.history_complete() {
        ui.review.set(Some(Review::Failed(
            "This game began before this version kept its moves, so it cannot be reviewed.".into(),
        )));
        return;
    }
    ui.review.set(Some(Review::Working { searched: 0 }));
    solver_client::ask(
        question(&state),
        move |progress| {
            // Progress after the answer or a Stop, or once the table is
            // gone, changes nothing.
            if matches!(
                ui.review.try_get_untracked(),
                Some(Some(Review::Working { .. }))
            ) {
                let _ = ui.review.try_set(Some(Review::Working {
                    searched: progress.searched,
                }));
            }
        },
        move |answer| {
            let review = match answer {
                Ok(Answer::Review(review)) => done(&state, &review),
                Ok(Answer::Refused(why)) | Err(why) => Review::Failed(why),
                Ok(_) => Review::Failed("The solver answered another question.".into()),
            };
            let _ = ui.review.try_set(Some(review));
        },
    );
}

/// The solver's question for the review of the finished `game`.
pub(super) fn question(game: &State) -> Question {
    Question::Review {
        variant: game.variant(),
        seed: game.seed(),
        history: game.history().to_vec(),
    }
}

/// Stops a review under way, or leaves a finished one (the table shows the
/// game again).
pub(super) fn stop(ui: Ui) {
    solver_client::cancel();
    ui.review.set(None);
}

/// What a review of `game` found, in words: the verdict, and the move that
/// cost the game with the position before it (none when no play could
/// have done better).
pub(super) struct Finding {
    pub verdict: String,
    pub mistake: Option<CostlyMove>,
}

pub(super) struct CostlyMove {
    /// Where the move is in the game's history.
    pub index: usize,
    /// The table just before it.
    pub position: State,
}

pub(super) fn finding(game: &State, review: &GameReview) -> Result<Finding, String> {
    let Some(best) = review.deal_best else {
        return Ok(Finding {
            verdict: "No play could have won this deal: with every card known, the zombies win whatever you do.".into(),
            mistake: None,
        });
    };
    let Some(mistake) = &review.mistake else {
        return Ok(Finding {
            verdict: format!(
                "You got everything this deal allowed: the best possible score is {best}."
            ),
            mistake: None,
        });
    };
    let history = game.history();
    let position = history
        .get(..mistake.index)
        .and_then(|before| State::restore(game.variant(), game.seed(), before, false).ok())
        .ok_or_else(|| "The review did not fit this game.".to_string())?;
    let played = history[mistake.index];
    let turn = position.turns() + 1;
    let lost_what = match mistake.after {
        None => "after it the deal could no longer be won".to_string(),
        Some(after) => format!("after it the best possible score was {after}"),
    };
    let verdict = format!(
        "The move that cost you: in turn {turn}, {}; {lost_what}. Before it the deal could still be won with {} left.",
        lowercase_first(describe(&position, played).trim_end_matches('.')),
        count(usize::from(mistake.before), "card", "cards")
    );
    Ok(Finding {
        verdict,
        mistake: Some(CostlyMove {
            index: mistake.index,
            position,
        }),
    })
}

/// The verdict and the walk of a review of `game`.
fn done(game: &State, review: &GameReview) -> Review {
    let Finding { verdict, mistake } = match finding(game, review) {
        Ok(found) => found,
        Err(why) => return Review::Failed(why),
    };
    let (
        Some(CostlyMove {
            index,
            mut position,
        }),
        Some(costly),
    ) = (mistake, &review.mistake)
    else {
        return Review::Done {
            verdict,
            walk: Vec::new(),
            at: 0,
        };
    };
    let turn = position.turns() + 1;
    let mut walk = vec![Step {
        state: position.clone(),
        caption: format!(
            "Before the move that cost you (turn {turn}). You chose: {}",
            describe(&position, game.history()[index])
        ),
    }];
    for &action in &costly.line {
        let caption = describe(&position, action);
        if position.apply(action).is_err() {
            return Review::Failed("The winning line did not fit this game.".into());
        }
        walk.push(Step {
            state: position.clone(),
            caption,
        });
    }
    if let Some(last) = walk.last_mut() {
        last.caption = format!(
            "{} All twelve zombies are dead with {} left.",
            last.caption,
            count(usize::from(costly.before), "card", "cards")
        );
    }
    Review::Done {
        verdict: format!("{verdict} Step through a winning line from there."),
        walk,
        at: 0,
    }
}

/// An action of `state`, in words ("Play the 7 of Hearts on pile 4.").
pub(super) fn describe(state: &State, action: Action) -> String {
    match action {
        Action::Reveal(space) => format!(
            "Reveal the zombie {}.",
            Space::of(usize::from(space)).describe()
        ),
        Action::Draw => "Draw a card.".into(),
        Action::Place(pile) => match state.drawn() {
            Some(card) => format!("Play the {} on pile {}.", card.name(), pile + 1),
            None => format!("Play on pile {}.", pile + 1),
        },
        Action::Kill(space) => format!(
            "Kill the zombie {}.",
            Space::of(usize::from(space)).describe()
        ),
        Action::EndTurn => "End the turn without a kill.".into(),
        Action::Undo | Action::Hint => String::new(),
    }
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The review's panel beside the table: progress and Stop while the solver
/// works, then the verdict and the steps of the winning line.
#[component]
pub(super) fn ReviewPanel(ui: Ui) -> impl IntoView {
    on_cleanup(solver_client::cancel);
    let review = move || ui.review.get();
    let step_to = move |delta: isize| {
        ui.review.update(|r| {
            if let Some(Review::Done { walk, at, .. }) = r {
                let last = walk.len().saturating_sub(1);
                *at = at.saturating_add_signed(delta).min(last);
            }
        })
    };
    move || {
        match review() {
        None => ().into_any(),
        Some(Review::Working { searched }) => view! {
            <section class="dc-review" aria-label="Review">
                <p role="status">{if searched == 0 {
                    "Reviewing your game with every card known…".to_string()
                } else {
                    format!("Reviewing your game with every card known… {} positions searched.", large_count(searched))
                }}</p>
                <button class="button" on:click=move |_| stop(ui)>"Stop"</button>
            </section>
        }.into_any(),
        Some(Review::Failed(why)) => view! {
            <section class="dc-review" aria-label="Review">
                <p role="status">{why}</p>
                <button class="button" on:click=move |_| stop(ui)>"Close"</button>
            </section>
        }.into_any(),
        Some(Review::Done { verdict, walk, at }) => {
            let steps = walk.len();
            let caption = walk.get(at).map(|s| s.caption.clone()).unwrap_or_default();
            view! {
                <section class="dc-review" aria-label="Review">
                    <p class="verdict">{verdict}</p>
                    {(steps > 0).then(|| view! {
                        <p class="step" aria-live="polite">
                            <span class="count">{format!("Step {} of {}: ", at + 1, steps)}</span>
                            {caption}
                        </p>
                        <div class="button-row">
                            <button class="button" aria-disabled=(at == 0).to_string() class:unavailable=at == 0 on:click=move |_| step_to(-1)>"Back"</button>
                            <button class="button primary" aria-disabled=(at + 1 == steps).to_string() class:unavailable=at + 1 == steps on:click=move |_| step_to(1)>"Next"</button>
                        </div>
                    })}
                    <button class="button" on:click=move |_| stop(ui)>"Leave the review"</button>
                </section>
            }.into_any()
        }
    }
    }
}

/// The review the worker would give of the finished `game`, worked out
/// here (for tests).
#[cfg(test)]
pub(super) fn reviewed_natively(game: &State) -> GameReview {
    engine::dead_center::advice::review(
        game.variant(),
        game.seed(),
        game.history(),
        u64::MAX,
        &mut |_| {},
    )
    .expect("a finished game is reviewed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::dead_center::Variant;

    #[test]
    fn issue_28_review_walk_starts_before_the_mistake_and_ends_in_the_win() {
        // Standard deal 8, played with the first legal move each time,
        // loses; the solver's review is built natively here.
        let mut game = State::new(Variant::Standard, 8);
        while !game.is_over() {
            let action = *game.legal_actions().iter().find(|a| a.is_move()).unwrap();
            game.apply(action).unwrap();
        }
        let review = reviewed_natively(&game);
        let Review::Done { verdict, walk, at } = done(&game, &review) else {
            panic!("a review")
        };
        let mistake = review.mistake.unwrap();
        assert_eq!(at, 0);
        assert!(
            verdict.starts_with("The move that cost you: in turn "),
            "{verdict}"
        );
        assert_eq!(walk.len(), mistake.line.len() + 1);
        assert_eq!(walk[0].state.history(), &game.history()[..mistake.index]);
        assert!(walk.last().unwrap().state.is_over());
        assert!(walk.last().unwrap().caption.ends_with("left."));
        assert!(walk.iter().skip(1).all(|s| !s.caption.is_empty()));
    }
}
