//! The Joker table. A tap or key becomes an engine action; what the page
//! shows is read through one seat's feed (`super::feed`), the same
//! components here, on a guest device and in a replay ([`Desk`]). Here the
//! table is shown as the Vigilante whose turn it is, which never holds the
//! Joker's cell; it is shown as the Informant (their private screen,
//! [`InformantDesk`]) only while the Informant holds the device (a person
//! Informant gets it through a hand-over, and hands it back the same way:
//! see [`super::hand_over`]). What happened is worded from the engine's
//! events alone (`words::event_line`); every action goes through the
//! feed, which here checks it with the engine and plays it through the
//! table controller.

use super::feed::{Feed, Notepad};
use super::feedback::Feedback;
use super::game::JokerGame;
use super::hand_over::{hand_over_to, shown_seat, taken_by, Holder};
use super::informant::InformantDesk;
use super::public::PublicTable;
use super::records::{game_ctx, route, table, ID};
use super::solo::SoloScore;
use super::words::{end_title, jokers_shot, solo_detail};
use crate::remote::Loader;
use crate::route::Page;
use crate::shell::redirect;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::table::seat::Ending;
use crate::table::seated::SeatedRecord;
use crate::table::seats::DeviceHolder;
use crate::ui::seat_widgets::HandOver;
use crate::ui::tour::{changes, TourStep};
use crate::ui::When;
use engine::joker::Seat;
use leptos::prelude::*;

/// The Joker screen: the game in progress, or the new-game screen.
#[component]
pub fn JokerScreen(
    /// Play across devices, for a table with seats on other devices.
    across: Loader<JokerGame>,
) -> impl IntoView {
    let ctx = game_ctx();
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Table across/> }.into_any()
}

/// The table of a game kept at this device: the invitations of the seats
/// on other devices, the hand-over screens, the computer seats' turns, and
/// the desk of the seat the table is shown as.
#[component]
fn Table(across: Loader<JokerGame>) -> impl IntoView {
    let ctx = game_ctx();
    let table = table();
    // Who has the device, as far as the table knows (nobody yet after a
    // reload): the Informant, or the Vigilantes.
    let holder = DeviceHolder::<Seat>::new();
    // The person the device must go to first, if any.
    let hand_over = Memo::new(move |_| {
        let holder: Holder = holder.get();
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let seat = hand_over_to(g, holder)?;
            Some((seat, g.name(seat), taken_by(g, seat)))
        })
    });
    // The seat the table is shown as: the Informant only while they hold
    // the device to answer.
    let seat = Memo::new(move |_| {
        let holder: Holder = holder.get();
        table.read(|g| Some(shown_seat(g, holder)))
    });
    // The feed's seat: nobody's while the device waits to be handed over.
    // The desk is not on screen then, and its feed keeps what it showed:
    // nothing on it is drawn again for a table it will never show (every
    // probe and every answer calls for a hand-over).
    let feed_seat = Memo::new(move |_| match hand_over.with(Option::is_some) {
        true => None,
        false => seat.get(),
    });
    let feed = Feed::here(
        table,
        feed_seat.into(),
        Notepad::in_game(table, seat.into()),
    );
    let feedback = Feedback::new(feed);
    let solo = ctx
        .game
        .with_untracked(|g| g.as_ref().is_some_and(|g| g.state.is_solo()));
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);

    // The computer seats play at the chosen pace, each from its own view,
    // except while a round's end is shown: they wait for the players to go
    // on. What they did shows as anyone's does (from the feed's events);
    // the engine never refuses a computer's choice, and if it did the
    // reason would show as a person's refusal.
    table.play_computers(
        move || feedback.round_over.with(Option::is_none),
        move |result| {
            if let Err(refusal) = result {
                feed.refusal.set(Some(refusal.to_string()));
            }
        },
    );

    // At the end: whether a person won (alone against par, beaten by par
    // is no win), as the record says.
    let celebrate = Signal::derive(move || table.read(|g| g.a_person_won()));
    let forget = Callback::new(move |_| {
        feedback.message.set(None);
        holder.set(None);
    });
    view! {
        <TableFrame title="Joker" game=ID tour=if solo { SOLO_TOUR } else { TOUR } moves=changes(ctx.game) on_continue=forget>
        {host}
        {move || match hand_over.get() {
            Some((seat, name, taken)) => view! {
                <HandOver name seat on_continue=Callback::new(move |_| {
                    feedback.message.set(None);
                    holder.set(taken);
                })/>
            }.into_any(),
            None => view! { <Desk feedback celebrate/> }.into_any(),
        }}
        </TableFrame>
    }
}

/// The table as this device shows it, wherever its game is kept: the
/// Informant's private screen while the seat shown must answer, else the
/// public table; and at the end (`ends`: not in a replay) the final dialog,
/// celebrated if `celebrate` says so where the game is kept, else if the
/// seat won.
#[component]
pub(super) fn Desk(
    feedback: Feedback,
    #[prop(default = true)] ends: bool,
    #[prop(optional)] celebrate: Option<Signal<bool>>,
) -> impl IntoView {
    let feed = feedback.feed;
    let answers = Memo::new(move |_| feed.informant_answers());
    let game_over = Memo::new(move |_| feed.seen(|v, _| v.to_act().is_none()));
    let end_dismissed = RwSignal::new(false);
    // A game that runs again (a rematch) has its end shown afresh.
    crate::ui::effect(move || {
        if !game_over.get() && end_dismissed.get_untracked() {
            end_dismissed.set(false);
        }
    });
    view! {
        {move || match answers.get() {
            true => view! { <InformantDesk feedback/> }.into_any(),
            false => view! { <PublicTable feedback/> }.into_any(),
        }}
        <When when=move || ends && game_over.get() && !end_dismissed.get()>
            <EndDialog feedback celebrate dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
    }
}

/// The result, and the scores: against par, alone against the computer
/// Informant (with the best of that length of game, where the game is
/// kept and counted); else the Jokers each shot. Where another device
/// keeps the game (never solo) its host decides whether to play again: no
/// such button there.
#[component]
fn EndDialog(
    feedback: Feedback,
    celebrate: Option<Signal<bool>>,
    dismiss: Callback<()>,
) -> impl IntoView {
    let feed = feedback.feed;
    let ending = feed.ending();
    let (title, detail, solo, rounds, won) = untrack(|| {
        feed.seen(|v, names| {
            let won = match celebrate {
                Some(celebrate) => celebrate.get(),
                None => v.winners().contains(&v.seat()),
            };
            (
                end_title(v, names),
                jokers_shot(v, names),
                SoloScore::of(v),
                u8::try_from(v.rounds()).unwrap_or(u8::MAX),
                won,
            )
        })
    });
    let detail = match solo {
        Some(solo) => {
            let best = ending.as_ref().and_then(|_| {
                game_ctx()
                    .stats
                    .with_untracked(|s| s.best_solo.get(&rounds).copied())
            });
            solo_detail(solo, u32::from(rounds), best)
        }
        None => detail,
    };
    match ending {
        Some(Ending {
            play_again: again,
            replay,
        }) => {
            let play_again = Callback::new(move |_| {
                // The last round's end is not the next game's.
                feedback.round_over.set(None);
                feedback.message.set(None);
                again.run(());
            });
            view! {
                <GameOverDialog title detail celebrate=won play_again new_game=route(Page::New) replay dismiss/>
            }
            .into_any()
        }
        None => view! { <GameOverDialog title detail celebrate=won dismiss/> }.into_any(),
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses
/// them. Each seat informs in turn.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".jk-grid"],
        text: "The Joker hides face down among these 25 cards. Only the Informant knows where.",
        by_move: false,
    },
    MODES_STEP,
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

/// The tour of a solo game: the computer informs every round.
static SOLO_TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".jk-grid"],
        text: "The Joker hides face down among these 25 cards. The computer Informant knows where, in every round.",
        by_move: false,
    },
    MODES_STEP,
    TourStep {
        targets: &[".jk-die", ".jk-grid"],
        text: "Every probe rolls the die: the computer may bend the distance by up to that much either way. Each probed card keeps its answers.",
        by_move: false,
    },
    TourStep {
        targets: &[".players"],
        text: "Shoot the Joker to end the round. A miss turns the card up and stops you shooting for a while. Alone, you play against par: each round allows some turns, and fewer is better. With rivals, most Jokers wins.",
        by_move: false,
    },
];

/// Choosing what a tap does: the same in every game.
const MODES_STEP: TourStep = TourStep {
    targets: &[".jk-modes", ".jk-grid"],
    text: "On your turn choose what a tap does: probe a card to hear how far it is from the Joker (rows plus columns apart), shoot it, or mark it on your notepad.",
    by_move: false,
};
