use crate::ui::TopBar;
use leptos::prelude::*;

/// A URL we could not read: say what was wrong and offer the way home.
#[component]
pub fn NotFound(reason: String) -> impl IntoView {
    view! {
        <TopBar title="Link not recognised"/>
        <section class="panel" role="alert">
            <p>{reason}</p>
            <a class="button primary" href="#/">"Go to the home screen"</a>
        </section>
    }
}
