//! The table as everyone may see it, drawn from the view of the Vigilante
//! whose turn it is: whose turn, the die, the grid with its tap modes and
//! keys, the players and the log; and a round's end beside the grid.

use super::feed::Feed;
use super::feedback::Feedback;
use super::grid::{Grid, TapMode, TAP_MODES};
use super::looks::{probe_text, turn_text, why_no_shot};
use super::players::Players;
use super::records::prefs;
use super::words::log_lines;
use crate::ui::choice::Choice;
use crate::ui::message::TableMessage;
use crate::ui::seat_widgets::{GameLog, TurnBanner};
use crate::ui::{shortcut_key, Dialog, When};
use engine::joker::{Action, Cell, Phase, CELLS, SIDE};
use leptos::prelude::*;

/// The table as everyone may see it: whose turn, the die, the grid, the
/// players and the log. The grid is played by the person whose turn it is;
/// while a round's end is shown, it is the round that ended.
#[component]
pub fn PublicTable(feedback: Feedback) -> impl IntoView {
    let feed = feedback.feed;
    let aid_on = Signal::derive(move || prefs().value.with(|p| p.deduction_aid));
    // The tap mode's place in TAP_MODES, and the cell the arrow keys are
    // on, as plain numbers (signals of types the app has already).
    let mode = RwSignal::new(0usize);
    let cursor = RwSignal::new(CELLS / 2);
    let confirm_shot = RwSignal::new(None::<usize>);
    let round_ended = Signal::derive(move || feedback.round_over.with(Option::is_some));
    // The Vigilante who may use the grid now: a person, in their turn, once
    // the players have gone on from a round's end.
    let my_turn = Memo::new(move |_| {
        if round_ended.get() {
            return None;
        }
        let seat = feed.person_to_act()?;
        feed.seen(|v, _| v.phase() == Phase::Turn).then_some(seat)
    });

    // Why each tap mode cannot be used now (shooting, after a miss).
    let why_not = Signal::derive(move || {
        let shot = feed.seen(|v, _| why_no_shot(v));
        TAP_MODES
            .map(|(m, _)| {
                if m == TapMode::Shoot {
                    shot.map(String::from)
                } else {
                    None
                }
            })
            .to_vec()
    });
    // Back to probing when the chosen mode cannot be used now: the next tap
    // is never refused for a mode left over from before.
    crate::ui::effect(move || {
        if why_not.with(|w| w.get(mode.get()).is_some_and(Option::is_some)) {
            mode.set(0);
        }
    });

    let act = move |cell: Cell, what: TapMode| {
        if my_turn.get_untracked().is_none() {
            return;
        }
        match what {
            TapMode::Probe => {
                // A probe by key leaves the chosen mode: the next turn, on
                // this same screen (another Vigilante's, perhaps), starts
                // on probing.
                mode.set(0);
                feedback.play(Action::Probe(cell));
            }
            TapMode::Shoot => {
                // Asked before the shot's question: a shot the seat's view
                // does not list is sent all the same, to be refused with
                // the engine's reason.
                if feed.lists(Action::Shoot(cell)) {
                    confirm_shot.set(Some(cell.index()));
                } else {
                    feedback.play(Action::Shoot(cell));
                }
            }
            TapMode::Mark => {
                let face_up = untrack(|| feed.seen(|v, _| v.face_up().contains(cell)));
                if face_up {
                    return;
                }
                feed.toggle_mark(cell);
            }
        }
    };

    let focus_cursor = move || {
        // Called from key presses: the frame may come after the grid is
        // gone (a hand-over), so the cursor is read fallibly.
        request_animation_frame(move || {
            let Some(cell) = cursor.try_get_untracked() else {
                return;
            };
            let selector = format!("[data-cell=\"{cell}\"]");
            if let Ok(Some(el)) = document().query_selector(&selector) {
                use wasm_bindgen::JsCast;
                if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    };
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if feed.changed_elsewhere()
            || confirm_shot.get_untracked().is_some()
            || feedback.round_over.with_untracked(Option::is_some)
        {
            return;
        }
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        let at = cursor.get_untracked();
        let (row, col) = (at / SIDE, at % SIDE);
        let moved = match key.as_str() {
            "ArrowUp" if row > 0 => Some(at - SIDE),
            "ArrowDown" if row + 1 < SIDE => Some(at + SIDE),
            "ArrowLeft" if col > 0 => Some(at - 1),
            "ArrowRight" if col + 1 < SIDE => Some(at + 1),
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => Some(at),
            _ => None,
        };
        if let Some(cell) = moved {
            event.prevent_default();
            cursor.set(cell);
            focus_cursor();
            return;
        }
        let what = match key.as_str() {
            "p" | "P" => TapMode::Probe,
            "s" | "S" => TapMode::Shoot,
            "m" | "M" => TapMode::Mark,
            _ => return,
        };
        event.prevent_default();
        act(Cell::new(row, col), what);
    });
    on_cleanup(move || keys.remove());

    view! {
        <div class="table-layout jk-layout">
            {move || feedback.round_over.get().map(|text| view! {
                <RoundOver text next=Callback::new(move |_| feedback.round_over.set(None))/>
            }.into_any())}
            <div class="table-main">
                // The turn and the die are the next round's: not over the
                // grid of the round that ended.
                {move || (!round_ended.get()).then(|| view! { <WhoseTurn feed/><DieAndLastProbe feed/> }.into_any())}
                <Grid feed mode cursor my_turn aid_on ended=round_ended act=Callback::new(move |(cell, what)| act(cell, what))/>
                <section class="choices jk-modes" aria-label="Your choices">
                    {move || match my_turn.get() {
                        Some(_) => view! {
                            <Choice
                                legend="Tapping a card will"
                                name="joker-tap"
                                options=TAP_MODES.iter().map(|m| m.1).collect()
                                selected=mode.into()
                                choose=Callback::new(move |i| mode.set(i))
                                why_not
                            />
                        }.into_any(),
                        None if round_ended.get() => ().into_any(),
                        None if feed.seen(|v, _| v.to_act().is_none()) =>
                            view! { <p class="waiting">"The game is over."</p> }.into_any(),
                        None => match feed.remote_to_act() {
                            // The invitation panel says whether they are connected yet.
                            Some(name) => view! { <p class="waiting">{format!("Waiting for {name}…")}</p> }.into_any(),
                            // Another device keeps the game (or it is a replay).
                            None if !feed.kept_here() =>
                                view! { <p class="waiting">"Waiting for the others…"</p> }.into_any(),
                            None => view! { <p class="waiting">"The computer is playing…"</p> }.into_any(),
                        },
                    }}
                </section>
                <TableMessage note=feedback.message/>
            </div>
            <div class="table-side">
                <Players feed/>
                <GameLog lines=Signal::derive(move || feed.seen(log_lines))/>
            </div>
        </div>
        <When when=move || confirm_shot.with(Option::is_some)>
            <ShotDialog feed cell=confirm_shot shoot=Callback::new(move |cell| {
                confirm_shot.set(None);
                // Each shot, hit or miss, leaves the next tap a probe.
                mode.set(0);
                feedback.play(Action::Shoot(Cell::new(cell / SIDE, cell % SIDE)));
            })/>
        </When>
    }
}

/// A round's end, beside the grid rather than over it, so that the Joker's
/// card stays in view where it was shot. A dialog to screen readers (not a
/// modal one: the grid beside it takes no tap meanwhile), whose button
/// takes the focus; the whole of it is brought into view (above the grid
/// on narrow screens, where the page may have been scrolled to the grid).
#[component]
fn RoundOver(text: String, next: Callback<()>) -> impl IntoView {
    let panel = NodeRef::<leptos::html::Section>::new();
    let button = NodeRef::<leptos::html::Button>::new();
    crate::ui::effect(move || {
        if let (Some(panel), Some(button)) = (panel.get(), button.get()) {
            let _ = button.focus();
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            panel.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });
    view! {
        <section class="panel jk-round-over" role="dialog" aria-labelledby="round-over-title" node_ref=panel>
            <h2 id="round-over-title">"The Joker is dead"</h2>
            <p>{text}</p>
            <button class="button primary" node_ref=button on:click=move |_| next.run(())>"Next round"</button>
        </section>
    }
}

/// Asks before a shot: a miss turns the card up and locks the shooter out.
#[component]
fn ShotDialog(feed: Feed, cell: RwSignal<Option<usize>>, shoot: Callback<usize>) -> impl IntoView {
    let index = cell.get_untracked().unwrap_or(0);
    let target = Cell::new(index / SIDE, index % SIDE);
    let single = untrack(|| feed.seen(|v, _| v.players() == 2));
    let lock = if single {
        "you cannot shoot on your next turn"
    } else {
        "you cannot shoot again until another Vigilante has shot"
    };
    view! {
        <Dialog title=format!("Shoot the card at {target}?")>
            <p>{format!("If it is not the Joker, it turns face up, your turn ends and {lock}.")}</p>
            <div class="button-row">
                <button class="button danger" on:click=move |_| shoot.run(index)>"Shoot"</button>
                <button class="button" on:click=move |_| cell.set(None)>"Cancel"</button>
            </div>
        </Dialog>
    }
}

/// Whose turn it is, in their colour, and what they are to do.
#[component]
fn WhoseTurn(feed: Feed) -> impl IntoView {
    view! { <TurnBanner text=Signal::derive(move || feed.seen(|v, n| Some(turn_text(v, n))))/> }
}

/// The die of the probe waiting for its answer, or the last answer.
#[component]
fn DieAndLastProbe(feed: Feed) -> impl IntoView {
    let text = move || feed.seen(probe_text);
    view! {
        <p class="jk-die" aria-live="polite">{move || text().unwrap_or_else(|| "No probe yet this round.".to_string())}</p>
    }
}
