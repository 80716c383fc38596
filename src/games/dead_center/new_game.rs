//! A new Dead Center game: a variant for a random deal, of a chosen
//! difficulty and proven winnable if asked (the solver's worker tries deal
//! after deal until one fits), or a deal by number.

use super::records::{deal_route, preferred_variant, prefs, ID};
use super::solver_client;
use crate::shell::navigate;
use crate::ui::deal::{random_seed, DealNumberForm};
use crate::ui::{TopBar, When};
use engine::dead_center::advice::{Answer, Question};
use engine::dead_center::difficulty::Level;
use engine::dead_center::Variant;
use leptos::prelude::*;

/// How many deals a search tries before saying none fits.
const TRIES: u32 = 200;

/// Chooses a Dead Center variant for a random deal, or a deal by its number.
#[component]
pub fn NewGame() -> impl IntoView {
    let chosen = RwSignal::new(preferred_variant());
    // The last choices, kept in the preferences.
    let prefs = prefs();
    let level = Signal::derive(move || prefs.value.with(|p| p.dead_center_level));
    let winnable = Signal::derive(move || prefs.value.with(|p| p.dead_center_winnable_only));
    let searching = RwSignal::new(None::<String>);
    let message = RwSignal::new(None::<String>);
    on_cleanup(solver_client::cancel);
    let start = move |variant: Variant| {
        let (level, winnable) = (level.get_untracked(), winnable.get_untracked());
        if level.is_none() && !winnable {
            navigate(&deal_route(variant, random_seed()));
            return;
        }
        let what = format!(
            "Finding {} {} deal{}",
            level.map_or("a", |l| if l == Level::Easy { "an" } else { "a" }),
            level.map_or(variant.name().to_string(), |l| format!(
                "{} {}",
                l.name(),
                variant.name()
            )),
            if winnable { " proven winnable" } else { "" }
        );
        searching.set(Some(format!("{what}…")));
        message.set(None);
        let question = Question::FindDeal {
            variant,
            level,
            winnable,
            from: random_seed(),
            tries: TRIES,
        };
        solver_client::ask(
            question,
            move |progress| {
                let text = format!("{what}… {} deals tried.", progress.tried);
                let _ = searching.try_update(|s| {
                    if s.is_some() {
                        *s = Some(text)
                    }
                });
            },
            move |answer| {
                let _ = searching.try_set(None);
                match answer {
                    Ok(Answer::Found(Some(found))) => navigate(&deal_route(variant, found.seed)),
                    Ok(_) => {
                        let _ = message.try_set(Some(format!(
                            "No such deal among the {TRIES} tried; try again."
                        )));
                    }
                    Err(why) => {
                        let _ = message.try_set(Some(why));
                    }
                }
            },
        );
    };
    let level_choice = move |value: Option<Level>, label: &'static str, hint: &'static str| {
        view! {
            <label class="choice-option">
                <input type="radio" name="dc-level"
                    prop:checked=move || level.get() == value
                    on:change=move |_| prefs.update(|p| p.dead_center_level = value)/>
                <span>{label}<span class="small">{hint}</span></span>
            </label>
        }
    };
    view! {
        <TopBar title="New Dead Center game"/>
        <section class="panel">
            <h2>"Choose the deal"</h2>
            <fieldset class="choice">
                <legend>"Difficulty"</legend>
                {level_choice(None, "Any deal", " — whatever the shuffle gives")}
                {level_choice(Some(Level::Easy), "Easy", " — the most forgiving: following the hints wins about three in four")}
                {level_choice(Some(Level::Medium), "Medium", " — fewer slips forgiven")}
                {level_choice(Some(Level::Hard), "Hard", " — few slips forgiven")}
                {level_choice(Some(Level::Fiendish), "Fiendish", " — the least forgiving: following the hints wins about two in five")}
            </fieldset>
            <label class="choice-option">
                <input type="checkbox" prop:checked=move || winnable.get() on:change=move |ev| {
                    let checked = event_target_checked(&ev);
                    prefs.update(|p| p.dead_center_winnable_only = checked);
                }/>
                <span>"Only deals proven winnable"<span class="small">" — the solver, seeing every card, finds a win first"</span></span>
            </label>
            <p class="small">"The careless player sees only what you see and plays one move in three at random; how often it still wins tells how forgiving a deal is. The Rules page says more."</p>
        </section>
        <section class="panel">
            <h2>"Choose the variant"</h2>
            <div class="variant-list">
                {Variant::ALL.map(|variant| view! {
                    <button class="button variant-button"
                        aria-disabled=move || searching.with(Option::is_some).to_string()
                        on:click=move |_| if searching.with_untracked(Option::is_none) { start(variant) }>
                        <span class="variant-name">{variant.name()}</span>
                        <span class="button-detail">{variant_blurb(variant)}</span>
                    </button>
                }.into_any()).collect_view()}
            </div>
            <div class="button-row">
                <p class="dc-found" role="status" aria-live="polite">{move || searching.get().or_else(|| message.get()).unwrap_or_default()}</p>
                <When when=move || searching.with(Option::is_some)>
                    <button class="button" on:click=move |_| {
                        solver_client::cancel();
                        searching.set(None);
                        message.set(Some("Stopped: no deal was chosen.".to_string()));
                    }>"Stop"</button>
                </When>
            </div>
        </section>
        <section class="panel">
            <h2>"Play a deal by its number"</h2>
            <p>"Every deal has a number. Share it, and a friend plays the very same cards."</p>
            <DealNumberForm prefix=Signal::derive(move || format!("#/{}/{}", ID, chosen.get().slug()))>
                <label>
                    "Variant "
                    <select on:change=move |ev| {
                        if let Some(v) = Variant::from_slug(&event_target_value(&ev)) { chosen.set(v) }
                    }>
                        {Variant::ALL.map(|v| view! {
                            <option value=v.slug() selected=move || chosen.get() == v>{v.name()}</option>
                        }.into_any()).collect_view()}
                    </select>
                </label>
            </DealNumberForm>
        </section>
    }
}

fn variant_blurb(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Two jokers in the deck",
        Variant::Hard => "One joker: the designer's choice",
        Variant::Nightmare => "No jokers at all",
    }
}
