//! The Joker table. A tap or key becomes an engine action; what the page
//! shows is read through a seat's `SeatView`. The table itself is drawn from
//! the view of the Vigilante whose turn it is, which never holds the Joker's
//! cell; only the Informant's private screen ([`InformantDesk`]) reads the
//! Informant's view, and it is in the page only while the Informant holds
//! the device (a person Informant gets it through a hand-over, and hands it
//! back the same way). What happened is worded from the engine's events
//! alone (`words::event_line`); whether an action is legal, and why not, is
//! the engine's `check`; every action goes through the table controller.

use super::feedback::Feedback;
use super::informant::InformantDesk;
use super::public::PublicTable;
use super::records::{game_ctx, route, table, ID};
use super::words::{end_title, jokers_shot};
use crate::route::Page;
use crate::seats::{needs_hand_over, HandOver};
use crate::shell::redirect;
use crate::table::controller::SeatedRecord;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{Dialog, When};
use engine::joker::Seat;
use engine::Game;
use leptos::prelude::*;

/// The Joker screen: the game in progress, or the new-game screen.
#[component]
pub fn JokerScreen() -> impl IntoView {
    let ctx = game_ctx();
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Table/> }.into_any()
}

#[component]
fn Table() -> impl IntoView {
    let ctx = game_ctx();
    let feedback = Feedback::new(table());
    // The person who has the device (none yet after a reload): the turn
    // passing to another person asks for a hand-over first.
    let holder = RwSignal::new(None::<Seat>);
    let end_dismissed = RwSignal::new(false);

    // The person the device must go to first, if any; else whether it is
    // with the Informant, who must answer (their private screen).
    let hand_over_to = Memo::new(move |_| {
        let holder = holder.get();
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let person = g.person_to_act()?;
            needs_hand_over(g.state.seat_kinds(), person, holder).then(|| (person, g.name(person)))
        })
    });
    let informant_answers = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref()
                .is_some_and(|g| g.person_to_act().is_some_and(|p| p == g.state.informant()))
        })
    });

    feedback.play_computers();

    let game_over = move || {
        ctx.game
            .with(|g| g.as_ref().is_some_and(|g| g.state.is_over()))
    };

    let forget = Callback::new(move |_| {
        feedback.message.set(None);
        holder.set(None);
    });
    view! {
        <TableFrame title="Joker" game=ID tour=TOUR moves=changes(ctx.game) on_continue=forget>
        {move || match hand_over_to.get() {
            Some((seat, name)) => view! {
                <HandOver name seat on_continue=Callback::new(move |_| {
                    feedback.message.set(None);
                    holder.set(Some(seat));
                })/>
            }.into_any(),
            None if informant_answers.get() => view! { <InformantDesk feedback/> }.into_any(),
            None => view! { <PublicTable feedback/> }.into_any(),
        }}
        <When when=move || feedback.round_over.with(Option::is_some) && !game_over()>
            <Dialog title="The Joker is dead">
                <p>{move || feedback.round_over.get().unwrap_or_default()}</p>
                <button class="button primary" on:click=move |_| feedback.round_over.set(None)>"Next round"</button>
            </Dialog>
        </When>
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog
                play_again=Callback::new(move |_| {
                    // The last round's end is not the next game's.
                    feedback.round_over.set(None);
                    feedback.message.set(None);
                    feedback.table.play_again();
                })
                dismiss=Callback::new(move |_| end_dismissed.set(true))
            />
        </When>
        </TableFrame>
    }
}

#[component]
fn EndDialog(play_again: Callback<()>, dismiss: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let (title, scores, person_won) = ctx.game.with_untracked(|g| {
        let Some(g) = g.as_ref() else {
            return (String::new(), String::new(), false);
        };
        (end_title(g), jokers_shot(g), g.a_person_won())
    });
    view! {
        <GameOverDialog title detail=scores celebrate=person_won play_again new_game=route(Page::New) dismiss/>
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses them.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".jk-grid"],
        text: "The Joker hides face down among these 25 cards. Only the Informant knows where.",
        by_move: false,
    },
    TourStep {
        targets: &[".jk-modes", ".jk-grid"],
        text: "On your turn choose what a tap does: probe a card to hear how far it is from the Joker (rows plus columns apart), shoot it, or mark it on your notepad.",
        by_move: false,
    },
    TourStep {
        targets: &[".jk-die", ".jk-grid"],
        text: "Every probe rolls the die: the Informant may bend the distance by up to that much either way. Each probed card keeps its answers.",
        by_move: false,
    },
    TourStep {
        targets: &[".players"],
        text: "Shoot the Joker to score. A miss turns the card up and stops you shooting until someone else has shot. Everyone is the Informant once; most points wins.",
        by_move: false,
    },
];
