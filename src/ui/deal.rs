//! Shared pieces of the games that have numbered deals: a fresh deal
//! number, the deal-number form, and the screen of one deal.

use super::{Dialog, TopBar};
use crate::route::Route;
use crate::shell::navigate;
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
        // The address as typed: the router reads it (and explains a
        // malformed one) as it reads any address.
        let _ = window().location().set_hash(&format!(
            "{}/{}",
            prefix.get_untracked(),
            deal_number.get_untracked().trim()
        ));
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

/// The screen of one deal of a solitaire game. If starting the deal would
/// end a game in progress, it asks first (`question` names the deal). Then
/// it shows `table` while the saved game is this deal; if another tab moves
/// on to another game, the way to that game instead.
#[component]
pub fn DealScreen(
    title: &'static str,
    must_confirm: bool,
    question: String,
    /// Starts this deal and saves it.
    start: Callback<()>,
    /// Where the game in progress is.
    in_progress: Route,
    /// The saved game is this deal.
    #[prop(into)]
    table_matches: Signal<bool>,
    table: ViewFn,
) -> impl IntoView {
    let confirming = RwSignal::new(must_confirm);
    move || {
        let in_progress = in_progress.clone();
        if confirming.get() {
            let question = question.clone();
            view! {
                <TopBar title=title/>
                <Dialog title="Start a different deal?">
                    <p>{question}</p>
                    <div class="button-row">
                        <button class="button" on:click=move |_| navigate(&in_progress)>
                            "Back to my game"
                        </button>
                        <button class="button danger" on:click=move |_| {
                            start.run(());
                            confirming.set(false);
                        }>"Start this deal"</button>
                    </div>
                </Dialog>
            }
            .into_any()
        } else if table_matches.get() {
            table.run()
        } else {
            view! {
                <TopBar title=title/>
                <section class="panel" role="alert">
                    <p>"This deal is no longer the game in progress."</p>
                    <div class="button-row">
                        <a class="button primary" href=in_progress.href()>"Go to the game in progress"</a>
                        <a class="button" href="#/">"Home"</a>
                    </div>
                </section>
            }
            .into_any()
        }
    }
}
