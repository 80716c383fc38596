//! A guest's Detective Graves: this device plays one seat of a game the
//! host's device runs. Opened from the host's invitation (its link, or the
//! code pasted); the table is drawn from what the host sends, and this
//! device's actions go to the host, which checks them.

use super::guest::GuestTable;
use super::records::route;
use super::source::{Received, Remote};
use crate::remote::guest::Guest;
use crate::remote::views::guest_page;
use crate::route::Page;
use crate::ui::TopBar;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{Action, Event};
use leptos::prelude::*;

#[component]
pub fn DgJoin() -> impl IntoView {
    let guest = Guest::<SeatView, Event, Action>::new();
    // Opened from an invitation's link: answer it, and take the code out
    // of the address (a reload must not answer a spent invitation again).
    let location = window().location();
    let hash = location.hash().unwrap_or_default();
    if hash.contains("/join/") {
        guest.join(&hash);
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&route(Page::Join).href()),
            );
        }
    }
    let received = RwSignal::new(None::<Received>);
    let cases_seen = RwSignal::new(0usize);
    Effect::new(move |first: Option<bool>| {
        let Some(got) = guest.received.get() else {
            return first.unwrap_or(true);
        };
        // A guest that joins a game in progress does not see the results
        // of cases the players went past before it came.
        if first.unwrap_or(true) {
            cases_seen.set(got.view.results().len());
        }
        received.set(Some(Received {
            names: got.names,
            view: got.view,
            events: got.events,
        }));
        false
    });
    let remote = Remote {
        received,
        send: Callback::new(move |actions: Vec<Action>| guest.send(actions)),
        cases_seen,
        refusal: guest.refusal,
    };
    view! {
        <TopBar title="Detective Graves"/>
        {guest_page(guest, move || view! { <GuestTable remote/> }.into_any())}
    }
}
