//! The Detective Graves table. A tap or key becomes an engine action; what
//! the page shows is read through one seat's `SeatView`, and its log from
//! the game's events as that seat learnt them: the person's who holds the
//! device (with one person at the table, always theirs). Between two
//! people's turns the hand-over screen shows, with nothing private in the
//! page, until the next person taps. The page reads only that seat's feed
//! (`feed.rs`); the same [`Tabletop`] and [`Desk`] draw a guest's seat
//! (`join.rs`) and a replay's (`replay.rs`) from theirs. The hand-over,
//! the computers' turns and the invitations stay in the frame above.

use super::computer;
use super::end::{CaseResult, EndDialog};
use super::feed::{CasesSeen, Feed};
use super::game::DgGame;
use super::hand::{Choices, Hand};
use super::play::Feedback;
use super::records::{game_ctx, route, table, ID};
use super::row::Row;
use super::seats_panel::{Players, WhoseTurn};
use super::secrets::{Secrets, Unmasking};
use crate::remote::Loader;
use crate::route::Page;
use crate::shell::redirect;
use crate::table::frame::TableFrame;
use crate::table::seated::SeatedRecord;
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
    view! { <Playing across/> }.into_any()
}

/// The game on this device: the seat whose person holds the device (with
/// one person at it, always theirs; nobody's between two people's turns),
/// the hand-over between two people's turns, the invitations of the seats
/// on other devices and the computer seats' turns; the rest is the
/// [`Tabletop`], drawn from the holder's seat's feed.
#[component]
fn Playing(across: Loader<DgGame>) -> impl IntoView {
    let table = table();
    // The person who has the device (none yet after a reload): the turn
    // passing to the other person asks for a hand-over first.
    let holder = DeviceHolder::<Seat>::new();
    let viewer = Memo::new(move |_| {
        let holder = holder.get();
        table.read(|g| Some(g.viewer(holder)))
    });
    let feed = Feed::here(table, viewer.into(), CasesSeen::kept_with(table));
    let hand_over_to = Memo::new(move |_| {
        let holder = holder.get();
        table.read(|g| {
            let person = g.hand_over_to(holder)?;
            Some((person, g.name(person)))
        })
    });
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);

    // Counts the computer turns begun: only the newest may play.
    let turns = StoredValue::new(0u32);
    // The computer seats wait while a case's result shows (see
    // `DgGame::computer_to_act`); what goes wrong shows as a refusal.
    table.play_computers_with(
        || true,
        move |seat, level| computer::take_turn(table, feed.refusal, turns, seat, level),
    );

    // Another tab moved the game on, or another person took the device:
    // what the desk was saying is dropped (it is drawn anew).
    let desk_run = RwSignal::new(0u32);
    let forget = Callback::new(move |_| {
        desk_run.update(|n| *n += 1);
        holder.set(None);
    });
    let desk = ViewFn::from(move || match hand_over_to.get() {
        Some((seat, name)) => view! {
            <HandOver name seat on_continue=Callback::new(move |_| {
                desk_run.update(|n| *n += 1);
                holder.set(Some(seat));
            })/>
        }
        .into_any(),
        None => {
            desk_run.track();
            view! { <Desk feed/> }.into_any()
        }
    });
    view! {
        <TableFrame title="Detective Graves" game=ID tour=TOUR moves=changes(table.ctx.game) on_continue=forget>
        {host}
        <Tabletop feed desk/>
        </TableFrame>
    }
}

/// The game as this device shows it, wherever it is kept: each finished
/// case's result until this device's players go on, else `desk` (the
/// [`Desk`], or here the hand-over before it), and at the end the final
/// dialog (where the game is kept, with play again and the replay).
#[component]
pub(super) fn Tabletop(feed: Feed, desk: ViewFn) -> impl IntoView {
    let end_dismissed = RwSignal::new(false);
    let case_result = Memo::new(move |_| feed.unseen_case());
    // Each table shown: a new game (fewer results than this device went
    // past, or not over) starts its cases and its end afresh.
    crate::ui::effect(move || {
        let Some((played, over)) =
            feed.read(|s| Some((s.view.results().len(), s.view.phase() == Phase::Over)))
        else {
            return;
        };
        if feed.kept.get_untracked() > played {
            feed.kept.set(played);
        }
        if !over && end_dismissed.get_untracked() {
            end_dismissed.set(false);
        }
    });
    let game_over = move || feed.is_over();
    view! {
        {move || match case_result.get() {
            Some(case) => view! { <CaseResult feed case/> }.into_any(),
            None => desk.run(),
        }}
        <When when=move || game_over() && case_result.get().is_none() && !end_dismissed.get()>
            <EndDialog feed dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
    }
}

/// The table for the seat the feed shows (here the person holding the
/// device, or nobody in particular; on a guest device, its seat; in a
/// replay, the seat it is seen by): the row, the players, their own hand
/// and choices, the log.
#[component]
pub(super) fn Desk(feed: Feed) -> impl IntoView {
    let feedback = Feedback::new(feed);
    feedback.follow();
    // Whether the viewer must act now, and in which phase.
    let acting = Memo::new(move |_| feed.seen(|_, v| v.to_act().then(|| v.phase())));
    let unmasking = move || matches!(acting.get(), Some(Phase::Unmask | Phase::Accuse));
    view! {
        <div class="dg-table">
            <WhoseTurn feed/>
            <Row feed/>
            <div class="dg-lower">
                <div class="dg-mine">
                    {move || if unmasking() {
                        view! { <Unmasking feedback/> }.into_any()
                    } else {
                        view! {
                            <Hand feedback acting/>
                            <Choices feedback acting/>
                        }.into_any()
                    }}
                    <TableMessage note=feedback.message/>
                    <Secrets feed/>
                </div>
                <div class="dg-side">
                    <Players feed/>
                    <GameLog lines=Signal::derive(move || feed.log())/>
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
