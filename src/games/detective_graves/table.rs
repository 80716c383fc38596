//! The Detective Graves table. A tap or key becomes an engine action; what
//! the page shows is read through one seat's `SeatView`, and its log from
//! the game's events as that seat learnt them: the person's who holds the
//! device (with one person at the table, always theirs). Between two
//! people's turns the hand-over screen shows, with nothing private in the
//! page, until the next person taps.

use super::computer;
use super::end::{CaseResult, EndDialog};
use super::game::DgGame;
use super::game::NOBODY;
use super::hand::{Choices, Hand};
use super::play::Feedback;
use super::records::{game_ctx, route, table, ID};
use super::row::Row;
use super::seats_panel::{Players, WhoseTurn};
use super::secrets::{Secrets, Unmasking};
use super::source::{with_view, Source};
use crate::remote::Loader;
use crate::route::Page;
use crate::shell::redirect;
use crate::table::frame::TableFrame;
use crate::table::seats::DeviceHolder;
use crate::ui::message::TableMessage;
use crate::ui::seat_widgets::{GameLog, HandOver};
use crate::ui::tour::{changes, TourStep};
use crate::ui::When;
use engine::detective_graves::{Phase, Seat};
use leptos::prelude::*;

/// The Detective Graves screen: the game in progress, or the new-game screen.
#[component]
pub fn DgScreen(
    /// Play across devices, for a table with seats on other devices.
    across: Loader<DgGame>,
) -> impl IntoView {
    let ctx = game_ctx();
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Tabletop across/> }.into_any()
}

/// The game on the table: the case result, the hand-over or the desk, the
/// end dialog, and the computer seats' turns.
#[component]
fn Tabletop(across: Loader<DgGame>) -> impl IntoView {
    let table = table();
    let source = Source::Local(table);
    let feedback = Feedback::new(source);
    // The person who has the device (none yet after a reload): the turn
    // passing to the other person asks for a hand-over first.
    let holder = DeviceHolder::<Seat>::new();
    let end_dismissed = RwSignal::new(false);

    let case_result = Memo::new(move |_| source.unseen_case());
    let hand_over_to = Memo::new(move |_| {
        let holder = holder.get();
        table.read(|g| {
            let person = g.hand_over_to(holder)?;
            Some((person, g.name(person)))
        })
    });
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);
    let viewer = Memo::new(move |_| {
        let holder = holder.get();
        table.read(|g| Some(g.viewer(holder)))
    });

    // Counts the computer turns begun: only the newest may play.
    let turns = StoredValue::new(0u32);
    // The computer seats wait while a case's result shows (see
    // `DgGame::computer_to_act`).
    table.play_computers_with(
        || true,
        move |seat, level| computer::take_turn(feedback, turns, seat, level),
    );

    let game_over = move || source.is_over();

    let forget = Callback::new(move |_| {
        feedback.clear();
        holder.set(None);
    });
    view! {
        <TableFrame title="Detective Graves" game=ID tour=TOUR moves=changes(table.ctx.game) on_continue=forget>
        {host}
        {move || {
            if let Some(case) = case_result.get() {
                return view! { <CaseResult source viewer=NOBODY case/> }.into_any();
            }
            match (hand_over_to.get(), viewer.get()) {
                (Some((seat, name)), _) => view! {
                    <HandOver name seat on_continue=Callback::new(move |_| {
                        feedback.clear();
                        holder.set(Some(seat));
                    })/>
                }.into_any(),
                (None, Some(viewer)) => view! { <Desk viewer feedback/> }.into_any(),
                (None, None) => ().into_any(),
            }
        }}
        <When when=move || game_over() && case_result.get().is_none() && !end_dismissed.get()>
            <EndDialog source viewer=NOBODY dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
        </TableFrame>
    }
}

/// The table for the person holding the device (or for nobody in
/// particular; on a guest device, for its seat): the row, the players,
/// their own hand and choices, the log.
#[component]
pub(super) fn Desk(viewer: Seat, feedback: Feedback) -> impl IntoView {
    let source = feedback.source;
    // Whether the viewer must act now, and in which phase.
    let acting =
        Memo::new(move |_| with_view(source, viewer, |_, v| v.to_act().then(|| v.phase())));
    let unmasking = move || matches!(acting.get(), Some(Phase::Unmask | Phase::Accuse));
    view! {
        <div class="dg-table">
            <WhoseTurn source viewer/>
            <Row source viewer/>
            <div class="dg-lower">
                <div class="dg-mine">
                    {move || if unmasking() {
                        view! { <Unmasking viewer feedback/> }.into_any()
                    } else {
                        view! {
                            <Hand viewer feedback acting/>
                            <Choices viewer feedback acting/>
                        }.into_any()
                    }}
                    <TableMessage note=feedback.message/>
                    <Secrets source viewer/>
                </div>
                <div class="dg-side">
                    <Players source viewer/>
                    <GameLog lines=Signal::derive(move || source.log_lines(viewer))/>
                </div>
            </div>
        </div>
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses them.
static TOUR: &[TourStep] = &[
    TourStep {
        // The location in play (the whole row is taller than a phone on
        // its side leaves beside a bubble).
        targets: &[".dg-location.active", ".dg-row"],
        text: "Five crime scenes, each hiding one piece of evidence; the stronger pile at a location takes it. The location in play is marked, with its rounds and its trump suit.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-hand", ".dg-mine"],
        text: "Your hand: select cards and tap Place here. Cards placed in one turn share a suit; trumps may join them and count double. A 3 to 6 can be discarded for its ability instead.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-choices", ".dg-mine"],
        text: "End my turn when you are done, or pass (swapping one card if you like). Two passes in a row decide the location at once.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-secrets", ".dg-sheet", ".dg-mine"],
        text: "What only you know is here. The Detective's sheet strikes out every suspect the evidence won clears; after the fifth location the Detective names the Mastermind.",
        by_move: false,
    },
];
