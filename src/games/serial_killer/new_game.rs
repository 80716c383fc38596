//! A new Serial Killer table: 2–6 seats, each a person (at this device or
//! on their own) or a computer player. The seats are remembered for next
//! time. The screen is a chunk of its own, with none of the game's code
//! (see [`crate::table::start`]): Start hands the game a [`Setup`].

use super::game::SerialKillerGame;
use super::records::table;
use crate::module::GameEntry;
use crate::seats::{SeatList, SeatPlan};
use crate::shell::ctx;
use crate::table::seat_editor::SeatEditor;
use crate::table::start::{start_with, NewGame, StartGame};
use crate::ui::deal::random_seed;
use crate::ui::TopBar;
use engine::serial_killer::{MAX_PLAYERS, MIN_PLAYERS};
use leptos::prelude::*;
use std::any::Any;

/// The table as the screen set it up.
pub(super) struct Setup {
    seats: Vec<SeatPlan>,
}

/// `game`: the game's registry entry (its name, its chunk).
#[component]
pub fn SerialKillerNew(game: &'static GameEntry) -> impl IntoView {
    let remembered = ctx().settings.with_untracked(|s| s.table_seats.clone());
    let list = RwSignal::new(SeatList::from_remembered(
        &remembered,
        MIN_PLAYERS,
        MAX_PLAYERS,
    ));
    let setup = Callback::new(move |()| {
        let seats = list.with_untracked(SeatList::finished);
        NewGame {
            remember: seats.clone(),
            setup: Box::new(Setup { seats }),
        }
    });
    view! {
        <TopBar title="New Serial Killer game"/>
        <section class="panel">
            <h2>"Who plays?"</h2>
            <p class="small">"2 to 6 seats, in turn order (clockwise). Each seat is a person at this device, a person on their own device, or a computer player; people at this device pass it on their turn."</p>
            <SeatEditor list remote=true/>
            <StartGame game setup/>
        </section>
    }
}

/// Start, in the game's chunk: the game as `setup` says, on the table.
pub(super) fn start(setup: &dyn Any) -> Result<(), String> {
    start_with(
        setup,
        |setup: &Setup| SerialKillerGame::new(&setup.seats, random_seed()),
        |game| table().start(game),
    )
}
