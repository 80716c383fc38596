//! A new Serial Killer table: 2–6 seats, each a person (at this device or
//! on their own) or a computer player. The seats are remembered for next
//! time.

use super::game::SerialKillerGame;
use super::records::{route, table};
use crate::route::Page;
use crate::seats::SeatList;
use crate::session;
use crate::shell::navigate;
use crate::table::seat_editor::SeatEditor;
use crate::ui::choice::PaceChoice;
use crate::ui::deal::random_seed;
use crate::ui::TopBar;
use engine::serial_killer::{MAX_PLAYERS, MIN_PLAYERS};
use leptos::prelude::*;

#[component]
pub fn SerialKillerNew() -> impl IntoView {
    let table = table();
    let ctx = table.ctx;
    let remembered = ctx.settings.with_untracked(|s| s.table_seats.clone());
    let list = RwSignal::new(SeatList::from_remembered(
        &remembered,
        MIN_PLAYERS,
        MAX_PLAYERS,
    ));
    let message = RwSignal::new(None::<String>);
    let in_progress = ctx
        .game
        .with_untracked(|g| g.as_ref().is_some_and(|g| g.state.in_progress()));
    let start = move |_| {
        let seats = list.with_untracked(SeatList::finished);
        match SerialKillerGame::new(&seats, random_seed()) {
            Ok(game) => {
                ctx.settings.update(|s| s.table_seats = seats);
                session::save_settings(ctx.app);
                table.start(game);
                navigate(&route(Page::Current));
            }
            Err(why) => message.set(Some(why)),
        }
    };
    view! {
        <TopBar title="New Serial Killer game"/>
        <section class="panel">
            <h2>"Who plays?"</h2>
            <p class="small">"2 to 6 seats, in turn order (clockwise). Each seat is a person at this device, a person on their own device, or a computer player; people at this device pass it on their turn."</p>
            <SeatEditor list remote=true/>
            {in_progress.then(|| view! {
                <p class="small">"Starting a new game ends the game in progress."</p>
            }.into_any())}
            <PaceChoice/>
            <div class="button-row">
                <button class="button primary" on:click=start>"Start game"</button>
            </div>
            <p role="status" aria-live="polite">{move || message.get().unwrap_or_default()}</p>
        </section>
    }
}
