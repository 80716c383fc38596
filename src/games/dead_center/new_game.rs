//! A new Dead Center game: a variant for a random deal, or a deal by number.

use super::records::{deal_route, preferred_variant, ID};
use crate::shell::navigate;
use crate::ui::deal::{random_seed, DealNumberForm};
use crate::ui::TopBar;
use engine::dead_center::Variant;
use leptos::prelude::*;

/// Chooses a Dead Center variant for a random deal, or a deal by its number.
#[component]
pub fn NewGame() -> impl IntoView {
    let chosen = RwSignal::new(preferred_variant());
    let start = move |variant: Variant| {
        navigate(&deal_route(variant, random_seed()));
    };
    view! {
        <TopBar title="New Dead Center game"/>
        <section class="panel">
            <h2>"Choose how hard"</h2>
            <div class="variant-list">
                {Variant::ALL.map(|variant| view! {
                    <button class="button variant-button" on:click=move |_| start(variant)>
                        <span class="variant-name">{variant.name()}</span>
                        <span class="button-detail">{variant_blurb(variant)}</span>
                    </button>
                }.into_any()).collect_view()}
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
