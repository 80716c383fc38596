//! The Serial Killer table. A button (or key) becomes an engine action sent
//! through the table controller (`crate::table::controller`), which logs,
//! counts and saves it; the engine's answer is all the view shows, read
//! through the seat's `SeatView` (which never gives the order of the victim
//! stack). Nothing else is secret, so the device passes between people with
//! no hand-over screen: the turn banner says whose turn it is. Computer
//! seats act on a timer, one action at a time, from their own view and the
//! game's bot seed, so the table stays responsive and people can follow.
//! Seats played on other devices are hosted here (`crate::remote::host`);
//! a guest device draws the same [`Desk`] (`guest.rs`).
//! The clues' flights are made from the events each action returns.

use super::board::Board;
use super::draw_all::{draw_all_summary, next_draw, NextDraw};
use super::feed::Feed;
use super::game::clue_moves;
use super::game::SerialKillerGame;
use super::players::Players;
use super::records::{route, table, ID};
use super::words::{end_title, panel_rows, turn_text, waiting_text, Choice, PanelRow};
use crate::remote::Loader;
use crate::route::Page;
use crate::seats::seat_class;
use crate::shell::redirect;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::table::seat::Ending;
use crate::ui::message::{Note, TableMessage};
use crate::ui::seat_widgets::{GameLog, TakeBack, TurnBanner};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{shortcut_key, When};
use engine::serial_killer::{Action, Event};
use leptos::prelude::*;

/// Each clue that changed hands flies between its player and the police
/// investigation pile.
pub(super) fn fly_clues(events: &[Event]) {
    let police = ".sk-police";
    for (seat, to_police) in clue_moves(events) {
        let counters = format!(".player.{} .sk-counters", seat_class(seat));
        if to_police {
            crate::ui::motion::fly_counter(&counters, police, "●", &seat_class(seat));
        } else {
            crate::ui::motion::fly_counter(police, &counters, "●", &seat_class(seat));
        }
    }
}

/// The Serial Killer screen: the game in progress, or the new-game screen.
#[component]
pub fn SerialKillerScreen(
    /// Play across devices, for a table with seats on other devices.
    across: Loader<SerialKillerGame>,
) -> impl IntoView {
    let ctx = table().ctx;
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Playing across/> }.into_any()
}

/// The table of a game in progress (or just finished) at this device: the
/// invitations of the seats on other devices, the computer seats' turns,
/// and the desk, drawn from the view of the seat to act (everything on it
/// is public, so the device passes with no hand-over screen).
#[component]
fn Playing(across: Loader<SerialKillerGame>) -> impl IntoView {
    let table = table();
    let ctx = table.ctx;
    let to_act = Signal::derive(move || table.read(|g| Some(g.state.current())));
    let feed = Feed::here(table, to_act, ());
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);
    // What a computer's action did shows as anyone's does (the desk reads
    // it from the feed); the engine never refuses a computer's choice, and
    // if it did the reason would show as a person's refusal.
    table.play_computers(
        || true,
        move |result| {
            if let Err(refusal) = result {
                feed.refusal.set(Some(refusal.to_string()));
            }
        },
    );
    // Another tab moved the game on: what the table was saying is dropped
    // (the desk is drawn anew).
    let desk_run = RwSignal::new(0u32);
    let forget_feedback = Callback::new(move |_| desk_run.update(|n| *n += 1));
    view! {
        <TableFrame title="Serial Killer" game=ID tour=TOUR moves=changes(ctx.game) on_continue=forget_feedback>
        {host}
        {move || {
            desk_run.track();
            view! { <Desk feed/> }
        }}
        </TableFrame>
    }
}

/// The table as this device shows it, wherever its game is kept: the
/// board, the choices of the person to act here (taps and keys become the
/// seat's actions), the players, the log and the end. "Draw all" sends one
/// draw per table shown, until a Jack or an Ace waits for a decision (the
/// draws go on after it) or the turn's draws are over: the same way here
/// and on a guest, where where a Jack or an Ace stops them is not known
/// until the host's table comes.
#[component]
pub(super) fn Desk(feed: Feed) -> impl IntoView {
    let message = RwSignal::new(None::<Note>);
    // An Ace's grave chosen, its effect to choose next.
    let ace_grave = RwSignal::new(None::<u8>);
    // Drawing all: the seat's log length when its run of draws began (its
    // summary is of the events after), `Some(None)` while a decision on a
    // Jack or an Ace holds it, `None` between runs.
    let drawing_all = StoredValue::new(None::<Option<usize>>);
    // The table version this seat last sent actions at: one send per
    // table, so that a second tap before the answer (or a draw of Draw
    // all's besides) is not sent to be refused as stale.
    let sent_at = StoredValue::new(None::<u32>);
    let version = move || feed.read_untracked(|shown| Some(shown.version));
    let send = move |action: Action, quiet: bool| {
        if version().is_none() || sent_at.get_value() == version() {
            return false;
        }
        sent_at.set_value(version());
        if quiet {
            feed.send_quietly(vec![action]);
        } else {
            feed.send(vec![action]);
        }
        true
    };
    // A refusal shows beside the control pressed, and stops the draws.
    feed.on_refusal(move |why| {
        sent_at.set_value(None);
        drawing_all.set_value(None);
        message.set(Some(Note::refusal(why)));
    });
    // Each action's events: the clues they moved fly, and a Draw all goes
    // on, waits or ends with its summary.
    feed.on_new_events(move |new| {
        fly_clues(new);
        // (After a decision on a Jack or an Ace, the run's summary is of
        // the draws that follow it.)
        let Some(run_from) = drawing_all.get_value() else {
            return;
        };
        let Some((version, to_act, phase, len)) = feed
            .read_untracked(|s| Some((s.version, s.view.to_act(), s.view.phase(), s.events.len())))
        else {
            return;
        };
        let summary = || {
            let from = run_from.unwrap_or(len);
            feed.read_untracked(|s| draw_all_summary(s.events.get(from..).unwrap_or_default()))
                .map(Note::event)
        };
        match next_draw(to_act, phase, version, sent_at.get_value()) {
            NextDraw::Wait => {}
            NextDraw::Draw => {
                drawing_all.set_value(Some(run_from.or(Some(len))));
                send(Action::Draw, true);
            }
            NextDraw::Decide => {
                message.set(summary());
                drawing_all.set_value(Some(None));
            }
            NextDraw::Stop => {
                message.set(summary());
                drawing_all.set_value(None);
            }
        }
    });
    let act = move |action: Action| {
        if send(action, false) {
            message.set(None);
        }
    };
    let draw_all = move || {
        let from = feed.read_untracked(|s| Some(s.events.len()));
        if send(Action::Draw, false) {
            message.set(None);
            drawing_all.set_value(Some(from));
        }
    };
    let take_back = Callback::new(move |_| {
        message.set(None);
        feed.take_back();
    });
    let end_dismissed = RwSignal::new(false);
    let my_choices = Memo::new(move |_| feed.choices(ace_grave.get()));
    // Keyboard players keep their place: after each change the focus goes
    // to the first choice offered (if the focus was on the table at all).
    crate::ui::effect(move || {
        if my_choices.with(|c| c.is_empty()) {
            return;
        }
        crate::ui::later::next_frame(|| {
            let doc = document();
            let on_a_button = doc
                .active_element()
                .is_none_or(|e| e.tag_name() == "BUTTON" || e.tag_name() == "BODY");
            if !on_a_button {
                return;
            }
            if let Ok(Some(first)) = doc.query_selector(".choices button") {
                use wasm_bindgen::JsCast;
                if let Ok(first) = first.dyn_into::<web_sys::HtmlElement>() {
                    let _ = first.focus();
                }
            }
        });
    });
    let choose = move |choice: Choice| match choice {
        Choice::Act(action) => {
            ace_grave.set(None);
            act(action);
        }
        Choice::DrawAll => draw_all(),
        Choice::AceOn(grave) => ace_grave.set(Some(grave)),
        Choice::CancelAce => ace_grave.set(None),
    };

    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if feed.changed_elsewhere() {
            return;
        }
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        let list = my_choices.get_untracked();
        let find =
            |wanted: fn(&Choice) -> bool| list.iter().find(|(c, _)| wanted(c)).map(|(c, _)| *c);
        let draw = || find(|c| *c == Choice::Act(Action::Draw));
        let choice = match key.as_str() {
            "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => key
                .parse::<usize>()
                .ok()
                .and_then(|n| list.get(n - 1))
                .map(|(c, _)| *c),
            "a" | "A" => find(|c| *c == Choice::DrawAll).or_else(draw),
            "d" | "D" => draw(),
            "h" | "H" => find(|c| *c == Choice::Act(Action::Hold)),
            "e" | "E" => find(|c| *c == Choice::Act(Action::EndTurn)),
            "Escape" => find(|c| *c == Choice::CancelAce),
            "u" | "U" if untrack(|| feed.can_take_back()) => {
                event.prevent_default();
                take_back.run(());
                None
            }
            _ => None,
        };
        if let Some(choice) = choice {
            event.prevent_default();
            choose(choice);
        }
    });
    on_cleanup(move || keys.remove());

    let game_over = move || feed.seen(|v, _| v.is_over());
    view! {
        <div class="table-layout sk-table">
            <div class="table-main">
                <WhoseTurn feed/>
                <Board feed/>
                <section class="choices" role="group" aria-label="Your choices">
                    {move || {
                        let list = my_choices.get();
                        if list.is_empty() && !game_over() {
                            let waiting = feed.seen(waiting_text);
                            return view! { <p class="waiting">{waiting}</p> }.into_any();
                        }
                        // Beside Draw all, the single draw is the lesser way.
                        let draw_all = list.iter().any(|(c, _)| *c == Choice::DrawAll);
                        let class = move |choice: Choice| match choice {
                            Choice::Act(Action::EndTurn) | Choice::CancelAce => "button",
                            Choice::Act(Action::Draw) if draw_all => "button",
                            _ => "button primary",
                        };
                        let key = |i: usize| (i < 9).then(|| view! { <span class="button-detail" aria-hidden="true">{format!("key {}", i + 1)}</span> });
                        panel_rows(&list).into_iter().map(|row| match row {
                            PanelRow::One(i, choice, label) => view! {
                                <button class=class(choice) on:click=move |_| choose(choice)>{label}{key(i)}</button>
                            }.into_any(),
                            // The caption says it once; each button's name
                            // still says it whole (the lead is hidden text).
                            PanelRow::Graves { caption, buttons } => view! {
                                <div class="grave-choices">
                                    <span class="grave-choices-caption" aria-hidden="true">{caption.clone()}":"</span>
                                    {buttons.into_iter().map(|(i, choice, grave, _)| view! {
                                        <button class=class(choice) on:click=move |_| choose(choice)>
                                            <span><span class="visually-hidden">{format!("{caption} ")}</span>{format!("Grave {}", u16::from(grave) + 1)}</span>
                                            {key(i)}
                                        </button>
                                    }).collect_view()}
                                </div>
                            }.into_any(),
                        }).collect_view().into_any()
                    }}
                    <TakeBack shown=Signal::derive(move || feed.can_take_back()) take_back/>
                </section>
                <TableMessage note=message/>
            </div>
            <div class="table-side">
                <Players feed/>
                <GameLog lines=Signal::derive(move || feed.log())/>
            </div>
        </div>
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog feed dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
    }
}

/// Whose turn it is, in their colour, and what they are to do. The banner
/// flashes when the turn passes (the animation's name alternates with the
/// turns, which starts it again), since no hand-over screen marks it.
#[component]
pub(super) fn WhoseTurn(feed: Feed) -> impl IntoView {
    let text = move || feed.seen(|v, names| Some((v.current(), turn_text(v, names))));
    let turn_parity = move || feed.seen(|v, _| v.turns() % 2).to_string();
    view! {
        <div class="sk-turn" data-turn-parity=turn_parity>
            <TurnBanner text=Signal::derive(text)/>
        </div>
    }
}

/// The end of the game: who is still on the loose. Where another device
/// keeps the game its host decides whether to play again: nor that nor a
/// new game is offered there.
#[component]
fn EndDialog(feed: Feed, dismiss: Callback<()>) -> impl IntoView {
    let winners = untrack(|| {
        feed.seen(|v, names| {
            v.winners()
                .iter()
                .map(|&s| crate::seats::name_of(names, s))
                .collect::<Vec<_>>()
        })
    });
    let (title, detail) = (
        end_title(&winners),
        "Everyone else has been arrested: the last killer on the loose wins.".to_string(),
    );
    match feed.ending() {
        Some(Ending { play_again, replay }) => view! {
            <GameOverDialog title detail celebrate=true
                play_again
                new_game=route(Page::New)
                replay
                dismiss
            />
        }
        .into_any(),
        None => view! { <GameOverDialog title detail celebrate=true dismiss/> }.into_any(),
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses them.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".sk-graves"],
        text: "Six graves. An open grave (empty, or a number card on top) takes a card every turn; a King or Queen is a victim and closes it, and so does a Jack, a corpse.",
        by_move: false,
    },
    TourStep {
        targets: &[".choices", ".table-main"],
        text: "On your turn you draw one card for each open grave, left to right: Draw all draws them in one tap and stops at a Jack or an Ace for your decision (keys: A, or 1 to 9 for the buttons in order).",
        by_move: false,
    },
    TourStep {
        targets: &[".players"],
        text: "A turn with no victim costs a clue. Lose all six and you are arrested; the last killer still free wins.",
        by_move: false,
    },
    TourStep {
        targets: &[".sk-held", ".choices", ".table-main"],
        text: "A drawn Jack or Ace may be kept: a Jack goes later into any open grave, an Ace onto a victim as an informant, to win a clue back or cost a rival one.",
        by_move: false,
    },
];
