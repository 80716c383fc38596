//! A guest's Serial Killer: this device plays one seat of a game the
//! host's device runs. Opened from the host's invitation (its link, or the
//! code pasted); the same desk as the host's is drawn from its seat's feed
//! (what the host sends), and this device's actions go to the host, which
//! checks them. No hand-over (one person holds this device), no computer
//! turns, nothing saved or counted here.

use super::feed::Feed;
use super::records::route;
use super::table::Desk;
use crate::remote::guest::{feed, Guest};
use crate::remote::views::guest_page;
use crate::route::Page;
use crate::ui::TopBar;
use engine::serial_killer::{Action, Event, SeatView};
use leptos::prelude::*;

#[component]
pub fn SkJoin() -> impl IntoView {
    let guest = Guest::<SeatView, Event, Action>::new(super::records::ID);
    guest.join_from_address(&route(Page::Join).href());
    let feed: Feed = feed(guest, ());
    let desk = move || {
        feed.shown
            .with(Option::is_some)
            .then(|| view! { <Desk feed/> })
    };
    view! {
        <TopBar title="Serial Killer"/>
        {guest_page(guest, move || desk.into_any())}
    }
}
