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
use super::draw_all::{draw_all_summary, draw_run};
use super::game::clue_moves;
use super::game::SerialKillerGame;
use super::players::Players;
use super::records::{route, table, ID};
use super::source::Source;
use super::words::{end_title, panel_rows, turn_text, waiting_text, Choice, PanelRow};
use crate::remote::Loader;
use crate::route::Page;
use crate::seats::seat_class;
use crate::shell::redirect;
use crate::table::frame::{GameOverDialog, TableFrame};
use crate::ui::message::{Note, TableMessage};
use crate::ui::seat_widgets::{GameLog, TakeBack, TurnBanner};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{shortcut_key, When};
use engine::serial_killer::{Action, Event, Phase, RuleError};
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
/// invitations of the seats on other devices, the desk, and the computer
/// seats' turns.
#[component]
fn Playing(across: Loader<SerialKillerGame>) -> impl IntoView {
    let table = table();
    let ctx = table.ctx;
    let source = Source::Local(table);
    let message = RwSignal::new(None::<Note>);
    let ace_grave = RwSignal::new(None::<u8>);
    // "Draw all" was pressed and a drawn Jack or Ace stopped it: once that
    // card is decided, the draws go on by themselves.
    let drawing_all = RwSignal::new(false);
    // Seats played on other devices: this device hosts them.
    let host = across.host_panel(table);

    // The engine's answer to an action, a person's or a computer's: a
    // refusal is shown; accepted, the clues it moved fly.
    let answer = move |result: Result<Vec<Event>, RuleError>| match result {
        Ok(events) => {
            message.set(None);
            fly_clues(&events);
        }
        Err(refusal) => message.set(Some(Note::refusal(refusal.to_string()))),
    };
    table.play_computers(|| true, answer);

    // Draws until a drawn Jack or Ace waits for a decision or the draws are
    // over: each draw the engine's own action, the others quietly after the
    // first that has the sound and motion of the tap (`tapped`: no other
    // action of the tap had them; the cards all glide from the stack at
    // once). A refusal stops the draws and is shown.
    let draw_on = move |tapped: bool| {
        let mut first = tapped;
        let (events, refusal) = draw_run(|| {
            let drawing = ctx.game.with_untracked(|g| {
                g.as_ref()
                    .is_some_and(|g| matches!(g.state.phase(), Phase::Draw { .. }))
            });
            if !drawing {
                return None;
            }
            if std::mem::take(&mut first) {
                return table.act(Action::Draw);
            }
            let result = table.act_quietly(Action::Draw);
            if matches!(result, Some(Err(_))) {
                crate::ui::refused();
            }
            result
        });
        fly_clues(&events);
        let waits = ctx.game.with_untracked(|g| {
            g.as_ref()
                .is_some_and(|g| matches!(g.state.phase(), Phase::Drawn { .. }))
        });
        drawing_all.set(refusal.is_none() && waits);
        message.set(match refusal {
            Some(refusal) => Some(Note::refusal(refusal.to_string())),
            None => draw_all_summary(&events).map(Note::event),
        });
    };
    let act = Callback::new(move |action: Action| {
        let Some(result) = table.act(action) else {
            return;
        };
        let accepted = result.is_ok();
        answer(result);
        if accepted && drawing_all.get_untracked() {
            draw_on(false);
        }
    });
    let take_back = Callback::new(move |_| {
        message.set(None);
        table.take_back();
    });

    // Another tab moved the game on: what the table was saying is dropped.
    let forget_feedback = Callback::new(move |_| {
        message.set(None);
        ace_grave.set(None);
        drawing_all.set(false);
    });
    view! {
        <TableFrame title="Serial Killer" game=ID tour=TOUR moves=changes(ctx.game) on_continue=forget_feedback>
        {host}
        <Desk source message ace_grave act draw_all=Callback::new(move |_| draw_on(true)) take_back/>
        </TableFrame>
    }
}

/// The table as this device shows it, wherever its game is kept: the
/// board, the choices of the person to act here (taps and keys become
/// `act`, `draw_all` or `take_back`), the players, the log and the end.
#[component]
pub(super) fn Desk(
    source: Source,
    message: RwSignal<Option<Note>>,
    /// An Ace's grave chosen, its effect to choose next.
    ace_grave: RwSignal<Option<u8>>,
    act: Callback<Action>,
    draw_all: Callback<()>,
    take_back: Callback<()>,
) -> impl IntoView {
    let end_dismissed = RwSignal::new(false);
    let my_choices = Memo::new(move |_| source.choices(ace_grave.get()));
    // Keyboard players keep their place: after each change the focus goes
    // to the first choice offered (if the focus was on the table at all).
    Effect::new(move |_| {
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
            act.run(action);
        }
        Choice::DrawAll => draw_all.run(()),
        Choice::AceOn(grave) => ace_grave.set(Some(grave)),
        Choice::CancelAce => ace_grave.set(None),
    };

    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if source.changed_elsewhere() {
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
            "u" | "U" if untrack(|| source.can_take_back()) => {
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

    let game_over = move || source.read(|v, _| v.is_over());
    view! {
        <div class="table-layout sk-table">
            <div class="table-main">
                <WhoseTurn source/>
                <Board source/>
                <section class="choices" role="group" aria-label="Your choices">
                    {move || {
                        let list = my_choices.get();
                        if list.is_empty() && !game_over() {
                            let waiting = source.read(waiting_text);
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
                    <TakeBack shown=Signal::derive(move || source.can_take_back()) take_back/>
                </section>
                <TableMessage note=message/>
            </div>
            <div class="table-side">
                <Players source/>
                <GameLog lines=Signal::derive(move || source.log())/>
            </div>
        </div>
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog source dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
    }
}

/// Whose turn it is, in their colour, and what they are to do. The banner
/// flashes when the turn passes (the animation's name alternates with the
/// turns, which starts it again), since no hand-over screen marks it.
#[component]
pub(super) fn WhoseTurn(source: Source) -> impl IntoView {
    let text = move || source.read(|v, names| Some((v.current(), turn_text(v, names))));
    let turn_parity = move || source.read(|v, _| v.turns() % 2).to_string();
    view! {
        <div class="sk-turn" data-turn-parity=turn_parity>
            <TurnBanner text=Signal::derive(text)/>
        </div>
    }
}

/// The end of the game: who is still on the loose. On a guest device the
/// host decides whether to play again: nor that nor a new game is offered
/// there.
#[component]
fn EndDialog(source: Source, dismiss: Callback<()>) -> impl IntoView {
    let winners = untrack(|| {
        source.read(|v, names| {
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
    match source {
        Source::Local(table) => {
            let replay = crate::replay::href_of(table);
            view! {
                <GameOverDialog title detail celebrate=true
                    play_again=Callback::new(move |_| table.play_again())
                    new_game=route(Page::New)
                    replay
                    dismiss
                />
            }
            .into_any()
        }
        Source::Remote(_) => {
            view! { <GameOverDialog title detail celebrate=true dismiss/> }.into_any()
        }
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
