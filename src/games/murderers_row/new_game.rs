//! A new Murderers' Row deal: random, or only among deals that perfect play
//! wins for certain (the solver checks them in its worker), or by number.

use super::deal_route;
use super::solver_client;
use crate::app::navigate;
use crate::ui::deal::{random_seed, DealNumberForm};
use crate::ui::{TopBar, When};
use engine::murderers_row::advice::{Answer, Question};
use leptos::prelude::*;

/// How many deals the solver tries before giving up on a certain win.
const CERTAIN_TRIES: u32 = 100;

#[component]
pub fn MurderersRowNew() -> impl IntoView {
    let searching = RwSignal::new(false);
    let message = RwSignal::new(None::<String>);
    let prefs = super::prefs();
    let certain_only = move || prefs.value.with(|p| p.murderers_row_certain_only);
    on_cleanup(solver_client::drop_questions);
    let deal = move |_| {
        if !certain_only() {
            navigate(&deal_route(random_seed()));
            return;
        }
        searching.set(true);
        message.set(None);
        let question = Question::CertainDeal {
            from: random_seed(),
            tries: CERTAIN_TRIES,
        };
        solver_client::ask(question, move |answer| {
            let _ = searching.try_set(false);
            match answer {
                Ok(Answer::CertainDeal { seed: Some(seed) }) => navigate(&deal_route(seed)),
                Ok(_) => {
                    let _ = message.try_set(Some(
                        "No certain win among the deals tried; try again.".to_string(),
                    ));
                }
                Err(why) => {
                    let _ = message.try_set(Some(why));
                }
            }
        });
    };
    view! {
        <TopBar title="New Murderers' Row game"/>
        <section class="panel">
            <h2>"Deal ten cards"</h2>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=certain_only
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        prefs.update(|p| p.murderers_row_certain_only = on);
                    }
                />
                "Only deals I can win for certain with perfect play"
            </label>
            <p class="small">"The solver checks every possible order of the die deck before the deal is shown. On any deal, “Deal odds” on the table tells you its chances."</p>
            <div class="button-row">
                <button
                    class="button primary"
                    aria-disabled=move || searching.get().to_string()
                    on:click=move |ev| if !searching.get_untracked() { deal(ev) }
                >
                    {move || if searching.get() { "Finding a certain win…" } else { "Deal" }.to_string()}
                </button>
                <When when=move || searching.get()>
                    <button class="button" on:click=move |_| {
                        solver_client::cancel();
                        searching.set(false);
                    }>"Stop"</button>
                </When>
            </div>
            <p role="status" aria-live="polite">{move || message.get().unwrap_or_default()}</p>
        </section>
        <section class="panel">
            <h2>"Play a deal by its number"</h2>
            <p>"Every deal has a number. Share it, and a friend plays the very same cards."</p>
            <DealNumberForm prefix=format!("#/{}", super::ID)/>
        </section>
    }
}
