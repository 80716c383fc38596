//! The Serial Killer table. A button (or key) becomes an engine action sent
//! through the table controller (`crate::table::controller`), which logs,
//! counts and saves it; the engine's answer is all the view shows, read
//! through the seat's `SeatView` (which never gives the order of the victim
//! stack). Computer seats act on a timer, one action at a time, from their
//! own view and the game's bot seed, so the table stays responsive and
//! people can follow. The clues' flights are made from the events each
//! action returns.

use super::board::Board;
use super::game::clue_moves;
use super::players::Players;
use super::records::{route, table, ID};
use super::words::{choices, end_title, turn_text, Choice};
use crate::route::Page;
use crate::seats::{needs_hand_over, seat_class, GameLog, HandOver, TurnBanner};
use crate::shell::redirect;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{shortcut_key, When};
use engine::serial_killer::{Action, Event, RuleError, Seat};
use engine::{Game, Multiplayer};
use leptos::prelude::*;

/// Each clue that changed hands flies between its player and the police
/// investigation pile.
fn fly_clues(events: &[Event]) {
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
pub fn SerialKillerScreen() -> impl IntoView {
    let ctx = table().ctx;
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Playing/> }.into_any()
}

/// The table of a game in progress (or just finished): the board, the
/// choices of the seat to act, the players and the log.
#[component]
fn Playing() -> impl IntoView {
    let table = table();
    let ctx = table.ctx;
    let message = RwSignal::new(None::<String>);
    let ace_grave = RwSignal::new(None::<u8>);
    // The person who has the device (none yet after a reload): the turn
    // passing to another person asks for a hand-over first.
    let holder = RwSignal::new(None::<Seat>);
    let end_dismissed = RwSignal::new(false);

    // Whose turn it is (while the game runs).
    let seat_to_act = Memo::new(move |_| table.read(|g| g.state.to_act()));
    // A memo, so that the table is built again only when this changes.
    let hand_over_to = Memo::new(move |_| {
        let seat = seat_to_act.get()?;
        let holder = holder.get();
        table.read(|g| {
            needs_hand_over(g.state.seat_kinds(), seat, holder).then(|| (seat, g.name(seat)))
        })
    });

    // The engine's answer to an action, a person's or a computer's: a
    // refusal is shown; accepted, the clues it moved fly.
    let answer = move |result: Result<Vec<Event>, RuleError>| match result {
        Ok(events) => {
            message.set(None);
            fly_clues(&events);
        }
        Err(refusal) => message.set(Some(refusal.to_string())),
    };
    table.play_computers(|| true, |_, _| false, answer);

    let my_choices = Memo::new(move |_| {
        let chosen = ace_grave.get();
        if table.computer_to_act().is_some() {
            return Vec::new();
        }
        table.read(|g| choices(&g.view(), chosen, &g.names))
    });
    // Keyboard players keep their place: after each change the focus goes
    // to the first choice offered (if the focus was on the table at all).
    Effect::new(move |_| {
        if my_choices.with(|c| c.is_empty()) || hand_over_to.get().is_some() {
            return;
        }
        request_animation_frame(|| {
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
            if let Some(result) = table.act(action) {
                answer(result);
            }
        }
        Choice::AceOn(grave) => ace_grave.set(Some(grave)),
        Choice::CancelAce => ace_grave.set(None),
    };

    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if hand_over_to.get_untracked().is_some() || ctx.changed_elsewhere.get_untracked() {
            return;
        }
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        let list = my_choices.get_untracked();
        let find =
            |wanted: fn(&Choice) -> bool| list.iter().find(|(c, _)| wanted(c)).map(|(c, _)| *c);
        let choice = match key.as_str() {
            "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => key
                .parse::<usize>()
                .ok()
                .and_then(|n| list.get(n - 1))
                .map(|(c, _)| *c),
            "d" | "D" => find(|c| *c == Choice::Act(Action::Draw)),
            "h" | "H" => find(|c| *c == Choice::Act(Action::Hold)),
            "e" | "E" => find(|c| *c == Choice::Act(Action::EndTurn)),
            "Escape" => find(|c| *c == Choice::CancelAce),
            _ => None,
        };
        if let Some(choice) = choice {
            event.prevent_default();
            choose(choice);
        }
    });
    on_cleanup(move || keys.remove());

    let game_over = move || table.read(|g| g.state.is_over());

    // Another tab moved the game on: what the table was saying is dropped.
    let forget_feedback = Callback::new(move |_| {
        message.set(None);
        ace_grave.set(None);
    });
    view! {
        <TableFrame title="Serial Killer" game=ID tour=TOUR moves=changes(ctx.game) on_continue=forget_feedback>
        {move || match hand_over_to.get() {
            Some((seat, name)) => view! {
                <HandOver name seat on_continue=Callback::new(move |_| {
                    holder.set(seat_to_act.get_untracked());
                })/>
            }.into_any(),
            None => view! {
                <div class="table-layout">
                    <div class="table-main">
                        <WhoseTurn/>
                        <Board/>
                        <section class="choices" role="group" aria-label="Your choices">
                            {move || {
                                let list = my_choices.get();
                                if list.is_empty() && !game_over() {
                                    return view! { <p class="waiting">"The computer is playing…"</p> }.into_any();
                                }
                                list.into_iter().enumerate().map(|(i, (choice, label))| {
                                    let class = match choice {
                                        Choice::Act(Action::EndTurn) | Choice::CancelAce => "button",
                                        _ => "button primary",
                                    };
                                    view! {
                                        <button class=class on:click=move |_| choose(choice)>
                                            {label}
                                            {(i < 9).then(|| view! { <span class="button-detail" aria-hidden="true">{format!("key {}", i + 1)}</span> }.into_any())}
                                        </button>
                                    }
                                }.into_any()).collect_view().into_any()
                            }}
                        </section>
                        <p class="table-message" role="status" aria-live="assertive">{move || message.get().unwrap_or_default()}</p>
                    </div>
                    <div class="table-side">
                        <Players/>
                        <GameLog lines=Signal::derive(move || table.read(|g| g.log.clone()))/>
                    </div>
                </div>
            }.into_any(),
        }}
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
        </TableFrame>
    }
}

/// Whose turn it is, in their colour, and what they are to do.
#[component]
fn WhoseTurn() -> impl IntoView {
    let table = table();
    let text = move || {
        table.read(|g| {
            let view = g.view();
            Some((view.current(), turn_text(&view, &g.names)))
        })
    };
    view! { <TurnBanner text=Signal::derive(text)/> }
}

/// The end of the game: who is still on the loose.
#[component]
fn EndDialog(dismiss: Callback<()>) -> impl IntoView {
    let table = table();
    let winners = table.ctx.game.with_untracked(|g| {
        g.as_ref()
            .map(|g| {
                g.state
                    .winners()
                    .iter()
                    .map(|&s| g.name(s))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    view! {
        <GameOverDialog
            title=end_title(&winners)
            detail="Everyone else has been arrested: the last killer on the loose wins.".to_string()
            celebrate=true
            play_again=Callback::new(move |_| table.play_again())
            new_game=route(Page::New)
            dismiss
        />
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
        text: "On your turn you draw one card for each open grave, left to right, with these buttons (or the keys 1 to 9).",
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
