//! The Informant's private screen: where the Joker is, the probe's true
//! distance, and the answers the die allows, with what each leaves open.
//! In the page only while the Informant holds the device.

use super::feedback::Feedback;
use super::records::game_ctx;
use super::words::die;
use engine::joker::{consistent, Action, Cell, Phase, CELLS};
use leptos::prelude::*;

#[component]
pub fn InformantDesk(feedback: Feedback) -> impl IntoView {
    let ctx = game_ctx();
    let desk = move || {
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let view = g.state.view(g.state.informant());
            let joker = view.joker()?;
            let distance = view.true_distance()?;
            let allowed = view.allowed_answers()?;
            let Phase::Answer { cell, roll } = view.phase() else {
                return None;
            };
            let possible = view.consistent_cells();
            let answers: Vec<(u8, usize)> = allowed
                .map(|a| {
                    let left = possible
                        .iter()
                        .filter(|&c| consistent(c, cell, roll, a))
                        .count();
                    (a, left)
                })
                .collect();
            Some((
                g.name(view.informant()),
                g.name(view.current()),
                joker,
                cell,
                distance,
                roll,
                answers,
                view.face_up(),
            ))
        })
    };
    move || {
        desk().map(|(me, prober, joker, probed, distance, roll, answers, face_up)| {
            let (low, high) = (answers.first().map_or(0, |a| a.0), answers.last().map_or(0, |a| a.0));
            view! {
                <section class="panel jk-desk" aria-labelledby="desk-title">
                    <h2 id="desk-title">{format!("{me}, you are the Informant")}</h2>
                    <p>{format!("{prober} probes {probed}. The Joker is at {joker}: the true distance is {distance}.")}</p>
                    <p>{format!("The die shows {}: you may answer any number from {low} to {high}.", die(roll))}</p>
                    <div class="jk-mini" role="img" aria-label=format!("The grid: the Joker at {joker}, the probed card at {probed}")>
                        {(0..CELLS as u8).map(|i| {
                            let cell = Cell(i);
                            let class = if cell == joker { "jk-mini-cell joker" } else if cell == probed { "jk-mini-cell probed" }
                                else if face_up.contains(cell) { "jk-mini-cell up" } else { "jk-mini-cell" };
                            let mark = if cell == joker { "★" } else if cell == probed { "?" } else { "" };
                            view! { <span class=class>{mark}</span> }.into_any()
                        }).collect_view()}
                    </div>
                    <div class="choices jk-answers" role="group" aria-label="Your answer">
                        {answers.into_iter().map(|(answer, left)| view! {
                            <button class="button primary" on:click=move |_| feedback.play(Action::Answer(answer))>
                                {format!("Answer {answer}")}
                                <span class="button-detail">{format!("{left} cells fit")}</span>
                            </button>
                        }.into_any()).collect_view()}
                    </div>
                    <p class="table-message" role="status" aria-live="assertive">{move || feedback.message.get().unwrap_or_default()}</p>
                </section>
            }
        })
    }
}
