//! The Joker table. A tap or key becomes an engine action; what the page
//! shows is read through a seat's `SeatView`. The table itself is drawn from
//! the view of the Vigilante whose turn it is, which never holds the Joker's
//! cell; only the Informant's private screen ([`InformantDesk`]) reads the
//! Informant's view, and it is in the page only while the Informant holds
//! the device (a person Informant gets it through a hand-over, and hands it
//! back the same way: see [`super::hand_over`]). What happened is worded
//! from the engine's events alone (`words::event_line`); whether an action
//! is legal, and why not, is the engine's `check`; every action goes
//! through the table controller.

use super::feedback::Feedback;
use super::game::JokerGame;
use super::hand_over::{hand_over_to, taken_by, Holder};
use super::informant::InformantDesk;
use super::public::PublicTable;
use super::records::{game_ctx, route, table, ID};
use super::source::Source;
use super::words::{end_title, jokers_shot, solo_detail};
use crate::remote::Loader;
use crate::route::Page;
use crate::shell::redirect;
use crate::table::controller::SeatedRecord;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::table::seats::DeviceHolder;
use crate::ui::seat_widgets::HandOver;
use crate::ui::tour::{changes, TourStep};
use crate::ui::When;
use engine::joker::Seat;
use engine::Game;
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

#[component]
fn Table(across: Loader<JokerGame>) -> impl IntoView {
    let ctx = game_ctx();
    let table = table();
    let feedback = Feedback::new(Source::Local(table));
    // Who has the device, as far as the table knows (nobody yet after a
    // reload): the Informant, or the Vigilantes.
    let holder = DeviceHolder::<Seat>::new();
    let end_dismissed = RwSignal::new(false);
    let solo = ctx
        .game
        .with_untracked(|g| g.as_ref().is_some_and(|g| g.state.is_solo()));

    // The person the device must go to first, if any; else whether it is
    // with the Informant, who must answer (their private screen).
    let hand_over = Memo::new(move |_| {
        let holder: Holder = holder.get();
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let seat = hand_over_to(g, holder)?;
            Some((seat, g.name(seat), taken_by(g, seat)))
        })
    });
    let informant_answers = Memo::new(move |_| feedback.source.informant_answers());
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);

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
        <TableFrame title="Joker" game=ID tour=if solo { SOLO_TOUR } else { TOUR } moves=changes(ctx.game) on_continue=forget>
        {host}
        {move || match hand_over.get() {
            Some((seat, name, taken)) => view! {
                <HandOver name seat on_continue=Callback::new(move |_| {
                    feedback.message.set(None);
                    holder.set(taken);
                })/>
            }.into_any(),
            None if informant_answers.get() => view! { <InformantDesk feedback/> }.into_any(),
            None => view! { <PublicTable feedback/> }.into_any(),
        }}
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog
                source=feedback.source
                play_again=Callback::new(move |_| {
                    // The last round's end is not the next game's.
                    feedback.round_over.set(None);
                    feedback.message.set(None);
                    table.play_again();
                })
                dismiss=Callback::new(move |_| end_dismissed.set(true))
            />
        </When>
        </TableFrame>
    }
}

/// The result, and the scores: against par, alone against the computer
/// Informant (with the best of that length of game); else the Jokers each
/// shot. On a guest device (never solo) the host decides whether to play
/// again: no such button there.
#[component]
pub(super) fn EndDialog(
    source: Source,
    #[prop(optional)] play_again: Option<Callback<()>>,
    dismiss: Callback<()>,
) -> impl IntoView {
    let (title, detail) =
        untrack(|| source.with_table(|v, names| (end_title(v, names), jokers_shot(v, names))));
    match source {
        Source::Local(table) => {
            let ctx = table.ctx;
            let (detail, person_won) = ctx.game.with_untracked(|g| {
                let Some(g) = g.as_ref() else {
                    return (detail, false);
                };
                let detail = match g.solo_score() {
                    Some(solo) => {
                        let rounds = g.round_count();
                        let best = ctx
                            .stats
                            .with_untracked(|s| s.best_solo.get(&rounds).copied());
                        solo_detail(solo, u32::from(rounds), best)
                    }
                    None => detail,
                };
                (detail, g.a_person_won())
            });
            let replay = crate::replay::href_of(table);
            view! {
                <GameOverDialog title detail celebrate=person_won play_again=play_again.unwrap_or_else(|| Callback::new(|_| {})) new_game=route(Page::New) replay dismiss/>
            }
            .into_any()
        }
        Source::Remote(remote) => {
            let won = remote.received.with_untracked(|r| {
                r.as_ref()
                    .is_some_and(|r| r.view.winners().contains(&r.view.seat()))
            });
            view! { <GameOverDialog title detail celebrate=won dismiss/> }.into_any()
        }
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
