//! A guest's Detective Graves: this device plays one seat of a game the
//! host's device runs. Opened from the host's invitation (its link, or the
//! code pasted); the same table as the host's is drawn from its seat's
//! feed (what the host sends), and this device's actions go to the host,
//! which checks them. No hand-over (one person holds this device), no
//! computer turns, nothing saved or counted here.

use super::feed::Feed;
use super::records::route;
use super::table::{Desk, Tabletop};
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
    let feed = Feed::joined(guest);
    // Drawn once the host's first table comes.
    let has_table = Memo::new(move |_| feed.shown.with(Option::is_some));
    let table = move || {
        has_table.get().then(|| {
            let desk = ViewFn::from(move || view! { <Desk feed/> });
            view! { <Tabletop feed desk/> }
        })
    };
    view! {
        <TopBar title="Detective Graves"/>
        {guest_page(guest, move || table.into_any())}
    }
}
