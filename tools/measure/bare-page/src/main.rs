//! The bare page: one component, a heading and a button counting its taps.

use leptos::prelude::*;

#[component]
fn App() -> impl IntoView {
    let taps = RwSignal::new(0u32);
    view! {
        <h1>"Bare page"</h1>
        <button id="bare-button" on:click=move |_| taps.update(|n| *n += 1)>
            {move || format!("Tapped {} times", taps.get())}
        </button>
    }
}

fn main() {
    leptos::mount::mount_to_body(App);
}
