//! The Informant's private screen: where the Joker is, the probe's true
//! distance, and the answers the die allows, with what each leaves open.
//! In the page only while the Informant holds the device.

use super::feedback::Feedback;
use super::looks::informant_desk;
use crate::ui::message::TableMessage;
use engine::joker::Action;
use leptos::prelude::*;

#[component]
pub fn InformantDesk(feedback: Feedback) -> impl IntoView {
    let desk = move || feedback.feed.seen(informant_desk);
    move || {
        desk().map(|desk| {
            view! {
                <section class="panel jk-desk" aria-labelledby="desk-title">
                    <h2 id="desk-title">{desk.title}</h2>
                    <p>{desk.probe}</p>
                    <p>{desk.die}</p>
                    <div class="jk-mini" role="img" aria-label=desk.grid_label>
                        {desk.cells.into_iter().map(|(class, mark)| view! {
                            <span class=class>{mark}</span>
                        }.into_any()).collect_view()}
                    </div>
                    <div class="choices jk-answers" role="group" aria-label="Your answer">
                        {desk.answers.into_iter().map(|(answer, left)| view! {
                            <button class="button primary" on:click=move |_| feedback.play(Action::Answer(answer))>
                                {format!("Answer {answer}")}
                                <span class="button-detail">{format!("{left} cells fit")}</span>
                            </button>
                        }.into_any()).collect_view()}
                    </div>
                    <TableMessage note=feedback.message/>
                </section>
            }
        })
    }
}
