//! A guest's Detective Graves: this device plays one seat of a game the
//! host's device runs. Opened from the host's invitation (its link, or the
//! code pasted); the table is drawn from what the host sends, and this
//! device's actions go to the host, which checks them.

use super::guest::GuestTable;
use super::records::route;
use super::source::Remote;
use crate::remote::guest::Guest;
use crate::remote::views::guest_page;
use crate::route::Page;
use crate::ui::TopBar;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{Action, Event};
use leptos::prelude::*;

#[component]
pub fn DgJoin() -> impl IntoView {
    let guest = Guest::<SeatView, Event, Action>::new(super::records::ID);
    guest.join_from_address(&route(Page::Join).href());
    // A guest that joins a game in progress does not see the results of
    // cases the players went past before it came.
    let cases_seen = RwSignal::new(0usize);
    Effect::new(move |first: Option<bool>| {
        let Some(results) = guest
            .received
            .with(|r| r.as_ref().map(|r| r.view.results().len()))
        else {
            return first.unwrap_or(true);
        };
        if first.unwrap_or(true) {
            cases_seen.set(results);
        }
        false
    });
    let remote = Remote::of_guest(guest, cases_seen);
    view! {
        <TopBar title="Detective Graves"/>
        {guest_page(guest, move || view! { <GuestTable remote/> }.into_any())}
    }
}
