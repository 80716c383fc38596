use crate::app::{ctx, navigate};
use crate::route::Route;
use crate::ui::TopBar;
use engine::dead_center::Variant;
use leptos::prelude::*;

/// A fresh deal number from the browser's random source.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 4];
    // Should the random source fail, the clock still gives a usable deal.
    if getrandom::fill(&mut bytes).is_err() {
        return web_sys::js_sys::Date::now() as u64 % 1_000_000_007;
    }
    u32::from_le_bytes(bytes) as u64
}

/// Chooses a Dead Center variant for a random deal, or a deal by its number.
#[component]
pub fn NewGame() -> impl IntoView {
    let ctx = ctx();
    let deal_number = RwSignal::new(String::new());
    let chosen = RwSignal::new(ctx.settings.get_untracked().dead_center_variant);
    let start = move |variant: Variant| {
        navigate(&Route::DeadCenterDeal {
            variant,
            seed: random_seed(),
        });
    };
    let play_number = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        // The route explains a malformed number, as it would for a typed URL.
        navigate(&Route::parse(&format!(
            "#/dead-center/{}/{}",
            chosen.get_untracked().slug(),
            deal_number.get_untracked().trim()
        )));
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
                }).collect_view()}
            </div>
        </section>
        <section class="panel">
            <h2>"Play a deal by its number"</h2>
            <p>"Every deal has a number. Share it, and a friend plays the very same cards."</p>
            <form class="deal-form" on:submit=play_number>
                <label>
                    "Variant "
                    <select on:change=move |ev| {
                        if let Some(v) = Variant::from_slug(&event_target_value(&ev)) { chosen.set(v) }
                    }>
                        {Variant::ALL.map(|v| view! {
                            <option value=v.slug() selected=move || chosen.get() == v>{v.name()}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>
                    "Deal number "
                    <input
                        type="text"
                        inputmode="numeric"
                        autocomplete="off"
                        required
                        prop:value=deal_number
                        on:input=move |ev| deal_number.set(event_target_value(&ev))
                    />
                </label>
                <button class="button primary" type="submit">"Play this deal"</button>
            </form>
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
