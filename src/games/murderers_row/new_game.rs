//! A new Murderers' Row deal: random, or of a chosen difficulty (the solver
//! works out the difficulty of deal after deal in its worker until one
//! fits), or by number.

use super::records::{deal_route, prefs, ID};
use super::solver_client;
use crate::shell::navigate;
use crate::ui::deal::{random_seed, DealNumberForm};
use crate::ui::{TopBar, When};
use engine::murderers_row::advice::{Answer, Question};
use engine::murderers_row::difficulty::Level;
use leptos::prelude::*;

/// How many deals the solver tries before giving up on the level asked.
const LEVEL_TRIES: u32 = 60;

/// The deal found for the level asked, as the new-game screen shows it
/// before it is played.
pub fn found_text(seed: u64, sentence: &str) -> String {
    format!("Deal {seed}: {sentence}.")
}

#[component]
pub fn MurderersRowNew() -> impl IntoView {
    let searching = RwSignal::new(false);
    let message = RwSignal::new(None::<String>);
    let found = RwSignal::new(None::<u64>);
    let prefs = prefs();
    let level = move || prefs.value.with(|p| p.level());
    on_cleanup(solver_client::drop_questions);
    let deal = move |_| {
        let Some(level) = level() else {
            navigate(&deal_route(random_seed()));
            return;
        };
        searching.set(true);
        message.set(None);
        found.set(None);
        let question = Question::DealOfLevel {
            level,
            from: random_seed(),
            tries: LEVEL_TRIES,
        };
        solver_client::ask(question, move |answer| {
            let _ = searching.try_set(false);
            let text = match answer {
                Ok(Answer::DealOfLevel {
                    found: Some((seed, difficulty)),
                }) => {
                    let _ = found.try_set(Some(seed));
                    found_text(seed, &difficulty.sentence())
                }
                Ok(_) => format!(
                    "No {} deal among the {LEVEL_TRIES} tried; try again.",
                    level.name()
                ),
                Err(why) => why,
            };
            let _ = message.try_set(Some(text));
        });
    };
    let choice = move |value: Option<Level>, label: &'static str, hint: &'static str| {
        view! {
            <label class="choice-option">
                <input
                    type="radio"
                    name="mr-level"
                    prop:checked=move || level() == value
                    on:change=move |_| {
                        prefs.update(|p| p.set_level(value));
                        found.set(None);
                        message.set(None);
                    }
                />
                <span>{label}<span class="small">{hint}</span></span>
            </label>
        }
    };
    view! {
        <TopBar title="New Murderers' Row game"/>
        <section class="panel">
            <h2>"Deal ten cards"</h2>
            <fieldset class="choice">
                <legend>"Difficulty"</legend>
                {choice(None, "Any deal", " — whatever the shuffle gives")}
                {choice(Some(Level::Easy), "Easy", " — a quarter of the moves or more keep the win at every step")}
                {choice(Some(Level::Medium), "Medium", " — at some step, only one move in five to eight does")}
                {choice(Some(Level::Hard), "Hard", " — one in nine to twenty, or the die may beat perfect play")}
                {choice(Some(Level::Fiendish), "Fiendish", " — at some step, fewer than one move in twenty keeps it")}
            </fieldset>
            <p class="small">"The solver works out each deal's difficulty exactly, over every order of the die deck, before the deal is shown. “Deal difficulty” on the table tells you any deal's."</p>
            <div class="button-row">
                <button
                    class="button primary"
                    aria-disabled=move || searching.get().to_string()
                    on:click=move |ev| if !searching.get_untracked() { deal(ev) }
                >
                    {move || match (searching.get(), level()) {
                        (true, Some(level)) => format!("Finding a {} deal…", level.name()),
                        _ => "Deal".to_string(),
                    }}
                </button>
                <When when=move || searching.get()>
                    <button class="button" on:click=move |_| {
                        solver_client::cancel();
                        searching.set(false);
                        message.set(Some("Stopped: no deal was found.".to_string()));
                    }>"Stop"</button>
                </When>
                <When when=move || found.get().is_some() && !searching.get()>
                    <button class="button primary" on:click=move |_| {
                        if let Some(seed) = found.get_untracked() {
                            navigate(&deal_route(seed));
                        }
                    }>"Play the deal found"</button>
                </When>
            </div>
            <p class="mr-found" role="status" aria-live="polite">{move || message.get().unwrap_or_default()}</p>
        </section>
        <section class="panel">
            <h2>"Play a deal by its number"</h2>
            <p>"Every deal has a number. Share it, and a friend plays the very same cards."</p>
            <DealNumberForm prefix=format!("#/{ID}")/>
        </section>
    }
}
