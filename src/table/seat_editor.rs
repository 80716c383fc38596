//! The seat editor of a new-game screen. (In the tables' layer: whether a
//! seat may be on another device depends on what this browser can connect.)

use crate::names::MAX_NAME_CHARS;
use crate::seats::{seat_class, SeatList};
use engine::seats::{Level, Seat, SeatKind};
use leptos::prelude::*;

/// The editor's choices of who plays a seat: its value, the seat's kind,
/// whether the person plays on their own device, and its label.
const PLAYERS: [(&str, SeatKind, bool, &str); 4] = [
    ("person", SeatKind::Person, false, "Person"),
    (
        "own-device",
        SeatKind::Person,
        true,
        "Person, on their own device",
    ),
    (
        "simple",
        SeatKind::Computer(Level::Simple),
        false,
        "Computer (Simple)",
    ),
    (
        "strong",
        SeatKind::Computer(Level::Strong),
        false,
        "Computer (Strong)",
    ),
];

/// The seat editor of a new-game screen: names, who plays, order. Typing a
/// name or choosing who plays changes the list without redrawing it (the
/// field keeps its focus); adding, removing and moving redraw it. With
/// `remote`, a person may play on their own device.
#[component]
pub fn SeatEditor(
    list: RwSignal<SeatList>,
    /// The game can be played across devices.
    #[prop(optional)]
    remote: bool,
) -> impl IntoView {
    // Where the browser cannot connect to another device, the choice is
    // shown disabled, with the reason under the list (not hidden: a player
    // who heard of it looks for it).
    let can_connect = remote && crate::remote::peer::browser_can_connect();
    if !can_connect {
        list.update_untracked(SeatList::all_here);
    }
    let count = move || list.with(|l| l.seats.len());
    view! {
        <ol class="seat-editor" aria-label="Seats, in turn order">
            {move || (0..count()).map(|i| {
                let seat = list.with_untracked(|l| l.seats[i].clone());
                let n = i + 1;
                let last = count() - 1;
                let name_field = NodeRef::<leptos::html::Input>::new();
                view! {
                    <li class=format!("seat-row {}", seat_class(Seat::new(i)))>
                        <span class="seat-number" aria-hidden="true">{n}</span>
                        <input
                            type="text"
                            node_ref=name_field
                            aria-label=format!("Name of seat {n}")
                            maxlength=MAX_NAME_CHARS
                            prop:value=seat.name.clone()
                            on:input=move |ev| list.update_untracked(|l| l.rename(i, &event_target_value(&ev)))
                        />
                        <select
                            aria-label=format!("Who plays seat {n}")
                            on:change=move |ev| {
                                let slug = event_target_value(&ev);
                                if let Some(&(_, kind, own_device, _)) = PLAYERS.iter().find(|p| p.0 == slug) {
                                    let renamed = list.try_update_untracked(|l| l.set_player(i, kind, own_device)).flatten();
                                    if let (Some(name), Some(field)) = (renamed, name_field.get_untracked()) {
                                        field.set_value(&name);
                                    }
                                }
                            }
                        >
                            {PLAYERS.iter().filter(|p| remote || !p.2).map(|&(slug, kind, own_device, label)| view! {
                                <option value=slug selected=seat.kind == kind && seat.own_device == own_device
                                    disabled=own_device && !can_connect>{label}</option>
                            }.into_any()).collect_view()}
                        </select>
                        <span class="seat-moves">
                            <button class="button icon-button bordered" aria-label=format!("Move seat {n} up")
                                disabled=i == 0 on:click=move |_| list.update(|l| l.move_up(i))>"↑"</button>
                            <button class="button icon-button bordered" aria-label=format!("Move seat {n} down")
                                disabled=i == last on:click=move |_| list.update(|l| l.move_down(i))>"↓"</button>
                            <button class="button icon-button bordered" aria-label=format!("Remove seat {n}")
                                disabled=move || !list.with(|l| l.can_remove()) on:click=move |_| list.update(|l| l.remove(i))>"✕"</button>
                        </span>
                    </li>
                }
            }.into_any()).collect_view()}
        </ol>
        {(remote && !can_connect).then(|| view! {
            <p class="seat-note">{crate::remote::peer::CANNOT_CONNECT}" Everyone plays on this one."</p>
        })}
        <button class="button" disabled=move || !list.with(|l| l.can_add()) on:click=move |_| list.update(|l| l.add())>
            "Add a seat"
        </button>
    }
}
