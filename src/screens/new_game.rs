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
    let chosen = RwSignal::new(ctx.settings.get_untracked().dead_center_variant);
    let start = move |variant: Variant| {
        navigate(&Route::DeadCenterDeal {
            variant,
            seed: random_seed(),
        });
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
            <DealNumberForm prefix=Signal::derive(move || format!("#/dead-center/{}", chosen.get().slug()))>
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

/// A deal number field: submitting goes to `prefix/<number>`, where the
/// route explains a malformed number as it would for a typed address.
/// `children` are extra fields shown before the number.
#[component]
pub fn DealNumberForm(
    #[prop(into)] prefix: Signal<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let deal_number = RwSignal::new(String::new());
    let play_number = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        navigate(&Route::parse(&format!(
            "{}/{}",
            prefix.get_untracked(),
            deal_number.get_untracked().trim()
        )));
    };
    view! {
        <form class="deal-form" on:submit=play_number>
            {children.map(|c| c())}
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
    }
}

fn variant_blurb(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Two jokers in the deck",
        Variant::Hard => "One joker: the designer's choice",
        Variant::Nightmare => "No jokers at all",
    }
}
