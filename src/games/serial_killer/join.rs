//! A guest's Serial Killer: this device plays one seat of a game the
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
use engine::serial_killer::{Action, Event, SeatView};
use leptos::prelude::*;

#[component]
pub fn SkJoin() -> impl IntoView {
    let guest = Guest::<SeatView, Event, Action>::new(super::records::ID);
    guest.join_from_address(&route(Page::Join).href());
    let remote = Remote::of_guest(guest, ());
    view! {
        <TopBar title="Serial Killer"/>
        {guest_page(guest, move || view! { <GuestTable remote/> }.into_any())}
    }
}
