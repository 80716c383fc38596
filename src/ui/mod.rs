//! Pieces shared by every screen and game: the top bar, a card's face, dialogs.

use engine::cards::{Card, Colour};
use leptos::prelude::*;

/// The bar at the top of every screen, with the way home.
#[component]
pub fn TopBar(
    #[prop(into)] title: Signal<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <header class="top-bar">
            <a class="button icon-button" href="#/" aria-label="Home" title="Home">
                <span aria-hidden="true">"⌂"</span>
            </a>
            <h1>{title}</h1>
            <div class="top-bar-actions">{children.map(|c| c())}</div>
        </header>
    }
}

/// The face of a card, drawn with text. Decorative: the control holding it
/// carries the card's accessible name.
#[component]
pub fn CardFace(card: Card) -> impl IntoView {
    let colour = match card.colour() {
        Some(Colour::Red) => "red",
        Some(Colour::Black) => "black",
        None => "joker",
    };
    let suit = card
        .suit()
        .map_or("Joker".to_string(), |s| s.symbol().to_string());
    view! {
        <span class=format!("card-face {colour}") aria-hidden="true">
            <span class="rank">{card.rank_label()}</span>
            <span class="suit">{suit}</span>
        </span>
    }
}

/// A modal dialog with a heading; the first button inside gets the focus.
#[component]
pub fn Dialog(#[prop(into)] title: String, children: Children) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(dialog) = node.get() {
            if let Ok(Some(button)) = dialog.query_selector("button") {
                use wasm_bindgen::JsCast;
                if let Ok(button) = button.dyn_into::<web_sys::HtmlElement>() {
                    let _ = button.focus();
                }
            }
        }
    });
    view! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" node_ref=node>
                <h2 id="dialog-title">{title}</h2>
                {children()}
            </div>
        </div>
    }
}
