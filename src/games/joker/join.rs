//! A guest's Joker: this device plays one seat of a game the host's
//! device runs. Opened from the host's invitation (its link, or the code
//! pasted); the same desk as the host's is drawn from its seat's feed
//! (what the host sends), and this device's actions go to the host, which
//! checks them. No hand-over (one person holds this device), no computer
//! turns, nothing saved or counted here but the seat's notepad.
//!
//! The seat's notepad is its player's private marks: it stays on this
//! device, in this tab's session storage (a reload keeps it; the host never
//! sees it), for the round it was made in.

use super::feed::{Feed, Notepad};
use super::feedback::Feedback;
use super::records::route;
use super::table::Desk;
use crate::remote::guest::{feed, Guest};
use crate::remote::views::guest_page;
use crate::route::Page;
use crate::ui::TopBar;
use engine::joker::{Action, CellSet, Event, SeatView};
use leptos::prelude::*;

/// Where the notepad is kept: the round it belongs to, and its marks.
const NOTEPAD_KEY: &str = "gm.joker.guest-notepad";

#[component]
pub fn JokerJoin() -> impl IntoView {
    let guest = Guest::<SeatView, Event, Action>::new(super::records::ID);
    guest.join_from_address(&route(Page::Join).href());
    let (kept_round, kept) = load_notepad().unwrap_or((u8::MAX, CellSet::EMPTY));
    let round = StoredValue::new(kept_round);
    let notes = RwSignal::new(kept);
    // A new round (or game) starts with a clean notepad.
    crate::ui::effect(move || {
        let Some(now) = guest
            .received
            .with(|r| r.as_ref().map(|r| r.view.round() as u8))
        else {
            return;
        };
        if round.get_value() != now {
            round.set_value(now);
            notes.set(CellSet::EMPTY);
        }
    });
    crate::ui::effect(move || save_notepad(round.get_value(), notes.get()));
    let feed: Feed = feed(guest, Notepad::on_device(notes));
    let feedback = Feedback::new(feed);
    // Nothing until the host's first table arrives.
    let arrived = Memo::new(move |_| feed.shown.with(Option::is_some));
    let desk = move || arrived.get().then(|| view! { <Desk feedback/> });
    view! {
        <TopBar title="Joker"/>
        {guest_page(guest, move || desk.into_any())}
    }
}

fn load_notepad() -> Option<(u8, CellSet)> {
    let storage = window().session_storage().ok()??;
    let text = storage.get_item(NOTEPAD_KEY).ok()??;
    crate::codec::from_str(&text).ok()
}

/// Best effort: without storage the marks last until a reload.
fn save_notepad(round: u8, notes: CellSet) {
    if let (Ok(Some(storage)), Ok(text)) = (
        window().session_storage(),
        crate::codec::to_string(&(round, notes)),
    ) {
        let _ = storage.set_item(NOTEPAD_KEY, &text);
    }
}
