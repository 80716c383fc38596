//! The Murderers' Row table. A tap becomes a step of a [`pick::Pick`]; a
//! confirmed pick becomes an engine action, played through the table
//! controller; the engine's answer (the next state, or why not) is all the
//! view shows. The solver's odds come from the worker (`solver_client`),
//! never from the page's own thread.

use super::choice::{ChoicePanel, HintPanel};
use super::end::EndDialog;
use super::face;
use super::game::MurderersRowGame;
use super::look::{card_class, looks, Look};
use super::panels::{CardTexts, DiePanel, PoisonBanner};
use super::pick::{self, Pick, Stage};
use super::questions::{ask_deal_difficulty, ask_hint};
use super::records::{deal_route, route, table, MurderersRowTable, ID};
use super::solver_client;
use super::table_ui::{game_state, play, read, Ui};
use super::thinking::ThinkingBar;
use super::words::{card_label, distance_mark, distance_said, instruction};
use crate::route::Page;
use crate::shell::{navigate, redirect};
use crate::table::frame::TableFrame;
use crate::ui::deal::DealScreen;
use crate::ui::message::{Note, TableMessage};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{copy_page_link, shortcut_key, RestartDialog, When};
use engine::murderers_row::{Action, Direction, Killer, Slot, State, Status};
use engine::Game;
use leptos::prelude::*;

/// Starts a deal in place of the game on the table (which the controller
/// counts as lost if it had begun), with its level if the solver knows it.
fn start_game(table: MurderersRowTable, seed: u64) {
    solver_client::drop_questions();
    let mut game = MurderersRowGame::new(seed);
    game.level = solver_client::known_level(seed);
    table.start(game);
}

/// The Murderers' Row screen for a deal (or, with none, the game in progress).
#[component]
pub fn MurderersRowScreen(seed: Option<u64>) -> impl IntoView {
    let table = table();
    let current = table
        .ctx
        .game
        .with_untracked(|g| g.as_ref().map(|g| (g.state.seed(), g.in_progress())));
    let Some(seed) = seed else {
        let target = match current {
            Some((seed, _)) => deal_route(seed),
            None => route(Page::New),
        };
        redirect(table.ctx.app, route(Page::Current), target);
        return ().into_any();
    };
    let is_current = matches!(current, Some((s, _)) if s == seed);
    let must_confirm = !is_current && matches!(current, Some((_, true)));
    if !is_current && !must_confirm {
        start_game(table, seed);
    }
    // Built once per deal, not on every move.
    let table_matches = Memo::new(move |_| {
        table
            .ctx
            .game
            .with(|g| g.as_ref().is_some_and(|g| g.state.seed() == seed))
    });
    view! {
        <DealScreen
            title="Murderers' Row"
            must_confirm
            question=format!("Start deal {seed}? Your game in progress will end and count as a loss.")
            start=Callback::new(move |()| start_game(table, seed))
            in_progress=route(Page::Current)
            table_matches
            table=ViewFn::from(|| view! { <TableView/> })
        />
    }
    .into_any()
}

/// The table of the deal in play.
#[component]
fn TableView() -> impl IntoView {
    let table = table();
    let ui = Ui::default();
    // Answers for a table that is gone are not wanted.
    on_cleanup(solver_client::drop_questions);

    let stage = Memo::new(move |_| {
        let pick = ui.pick.get();
        table.ctx.game.with(|g| {
            g.as_ref()
                .map_or(Stage::Over, |g| pick::stage(&g.state, &pick))
        })
    });
    let chosen = Memo::new(move |_| {
        let card = ui.pick.with(|p| p.card)?;
        read(table, |s| s.row().iter().position(|slot| slot.card == card))
    });
    // On a phone the row scrolls sideways: the chosen card comes into view.
    crate::ui::effect(move || {
        let Some(place) = chosen.get() else { return };
        let selector = format!(".mr-row li:nth-child({})", place + 1);
        if let Ok(Some(card)) = document().query_selector(&selector) {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
            card.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });
    let looks = Memo::new(move |_| {
        let pick = ui.pick.get();
        stage.with(|stage| read(table, |s| looks(s, stage, &pick)))
    });
    let on_card = move |card: Killer| {
        let Some(state) = game_state(table) else {
            return;
        };
        if let Stage::AlsoKill(_) = stage.get_untracked() {
            play(table, ui, Action::AlsoKill(card));
            return;
        }
        match pick::tap(&state, ui.pick.get_untracked(), card) {
            Ok(next) => {
                ui.pick.set(next);
                ui.message.set(None);
            }
            Err(why) => {
                ui.message.set(Some(Note::refusal(why)));
                crate::ui::refused();
            }
        }
    };
    let confirm = move || {
        if let Stage::Confirm(mv) = stage.get_untracked() {
            play(table, ui, mv.action());
        }
    };
    let aim = move |direction: Direction| {
        if stage.get_untracked() == Stage::Direction {
            ui.pick.update(|p| *p = pick::aim(*p, direction));
        }
    };
    let cancel = move || {
        ui.pick.set(Pick::default());
        ui.message.set(None);
    };
    let can_undo = move || read(table, State::can_undo);
    let restart = move || {
        if table
            .ctx
            .game
            .with_untracked(|g| g.as_ref().is_some_and(|g| g.in_progress()))
        {
            ui.confirm_restart.set(true);
        } else if let Some(seed) = game_state(table).map(|s| s.seed()) {
            start_game(table, seed);
            ui.message.set(None);
        }
    };
    let new_deal = move || navigate(&route(Page::New));

    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if ui.confirm_restart.get_untracked() {
            return;
        }
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        let row_len = table
            .ctx
            .game
            .with_untracked(|g| g.as_ref().map_or(0, |g| g.state.row().len()));
        match key.as_str() {
            digit @ ("1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "0") => {
                let n = digit
                    .parse::<usize>()
                    .map_or(0, |d| if d == 0 { 10 } else { d });
                let card = game_state(table).and_then(|s| s.row().get(n - 1).map(|s| s.card));
                match card {
                    Some(card) if n <= row_len => on_card(card),
                    _ => return,
                }
            }
            "Escape" => cancel(),
            "c" | "C" => confirm(),
            "ArrowLeft" | "l" | "L" => aim(Direction::Left),
            "ArrowRight" | "r" | "R" => aim(Direction::Right),
            "u" | "U" => play(table, ui, Action::Undo),
            "h" | "H" => ask_hint(table, ui),
            _ => return,
        }
        event.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let instruction = move || {
        let won = read(table, |s| s.status() == Status::Won);
        ui.pick.with(|pick| instruction(&stage.get(), pick, won))
    };

    // What the table was saying is about a game no longer shown.
    let forget_feedback = Callback::new(move |_| {
        ui.message.set(None);
        ui.pick.set(Pick::default());
        ui.hint.set(None);
    });
    view! {
        <TableFrame title="Murderers' Row" game=ID tour=TOUR moves=changes(table.ctx.game) on_continue=forget_feedback>
        <div class="mr-layout">
            <p class="mr-instruction" aria-live="polite">{instruction}</p>
            <PoisonBanner/>
            <Row looks chosen on_card=Callback::new(on_card)/>
            <ChoicePanel stage ui
                confirm=Callback::new(move |_| confirm())
                cancel=Callback::new(move |_| cancel())
                aim=Callback::new(aim)/>
            <TableMessage note=ui.message/>
            <HintPanel ui/>
            <div class="mr-actions">
                <button
                    class="button"
                    class:unavailable=move || !can_undo()
                    aria-disabled=move || (!can_undo()).to_string()
                    on:click=move |_| play(table, ui, Action::Undo)
                >"Undo"</button>
                <button class="button" on:click=move |_| ask_hint(table, ui)>"Hint"</button>
                <button class="button" on:click=move |_| ask_deal_difficulty(table, ui)>"Deal difficulty"</button>
            </div>
            <ThinkingBar thinking=ui.thinking stopped=Callback::new(move |()| {
                ui.message.set(Some(Note::refusal("Stopped: the solver gave no answer.")));
            })/>
            <DiePanel/>
            <div class="mr-deal">
                <p>{move || read(table, |s| match crate::daily::deal_day(s.seed()) {
                    Some(day) => crate::daily::deal_line(day),
                    None => format!("Deal {}", s.seed()),
                })}</p>
                <div class="button-row">
                    <button class="button" on:click=move |_| copy_page_link(ui.message)>"Copy link"</button>
                    <button class="button" on:click=move |_| restart()>"Restart deal"</button>
                    <button class="button" on:click=move |_| new_deal()>"New deal"</button>
                </div>
            </div>
            <CardTexts/>
        </div>
        <When when=move || ui.confirm_restart.get()>
            <RestartDialog
                keep=Callback::new(move |_| ui.confirm_restart.set(false))
                restart=Callback::new(move |_| {
                    if let Some(seed) = game_state(table).map(|s| s.seed()) {
                        start_game(table, seed);
                    }
                    ui.confirm_restart.set(false);
                    forget_feedback.run(());
                })/>
        </When>
        <When when=move || read(table, State::is_over) && !ui.end_dismissed.get()>
            <EndDialog ui restart=Callback::new(move |_| restart()) new_deal=Callback::new(move |_| new_deal())/>
        </When>
        </TableFrame>
    }
}

/// The row of cards, drawn from the table's game (a replay draws it from
/// the step shown).
#[component]
pub(super) fn Row(
    looks: Memo<Vec<(Killer, Look)>>,
    chosen: Memo<Option<usize>>,
    on_card: Callback<Killer>,
) -> impl IntoView {
    let table = table();
    view! {
        <ol class="mr-row" data-holder="row" aria-label="The row of cards, left to right">
            {move || {
                let row = read(table, State::row);
                row.into_iter().enumerate().map(|(position, slot)| view! {
                    <li><RowCard position card_slot=slot looks chosen on_card/></li>
                }.into_any()).collect_view()
            }}
        </ol>
    }
}

/// One card of the row: a button with everything it shows in its name.
#[component]
fn RowCard(
    position: usize,
    card_slot: Slot,
    looks: Memo<Vec<(Killer, Look)>>,
    /// The place of the card chosen to act, if one is.
    chosen: Memo<Option<usize>>,
    on_card: Callback<Killer>,
) -> impl IntoView {
    let Slot { card, active } = card_slot;
    let info = card.info();
    let look = Memo::new(move |_| {
        looks.with(|all| all.iter().find(|(c, _)| *c == card).map(|(_, look)| *look))
    });
    let state_word = if active { "Active" } else { "Inactive" };
    let distance = move || chosen.get().and_then(|c| distance_mark(c, position));
    let label = move || {
        let said = chosen.get().and_then(|c| distance_said(c, position));
        card_label(position, card_slot, look.get()) + said.as_deref().unwrap_or("")
    };
    let class = move || card_class(active, look.get());
    view! {
        <button class=class data-card=info.name aria-label=label on:click=move |_| on_card.run(card)>
            <span class="mr-card-top" aria-hidden="true">
                <span class="mr-position">{position + 1}" "</span>
                <span class="mr-icon" inner_html=face::icon_svg(card)></span>
                <span class="mr-pips" inner_html=face::die_svg(info.pips)></span>
            </span>
            // The name and the effect: two lines written downwards on a card
            // too narrow for them across (a phone held upright).
            <span class="mr-words" aria-hidden="true">
                <span class="mr-name">
                    {match face::name_break(card) {
                        Some((first, second)) => view! { {first}<wbr/>{second} }.into_any(),
                        None => info.name.into_any(),
                    }}
                    " "
                </span>
                // Shown below the effect (the stylesheet's order), said
                // before it, as the card's name says it. The spaces keep the
                // words apart in the card's text.
                <span class="mr-state">{state_word}" "</span>
                <span class="mr-short">{info.short}" "</span>
            </span>
            <span class="mr-badge" aria-hidden="true">
                <span class="mr-mark">{move || look.get().map_or("", Look::mark)}</span>
                <span class="mr-mark-words">{move || look.get().map_or("", Look::mark_words)}</span>
            </span>
            // Drawn by the stylesheet from the attribute, not as text: the
            // card's name says the distance in words, at its end (WCAG 2.5.3
            // asks the text shown to run in the name's order).
            <span class="mr-distance" aria-hidden="true" data-distance=distance></span>
        </button>
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses them.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".mr-card.active", ".mr-row"],
        text: "Ten suspects in a row; you win when only one is left alive. Tap an active (face-up) card to use it: its icon and short text say what it does, and then it turns face down.",
        by_move: true,
    },
    TourStep {
        targets: &[".mr-texts"],
        text: "Open this list to read in full what every card in the row does.",
        by_move: false,
    },
    TourStep {
        targets: &[".mr-die"],
        text: "Some cards shoot at random: you pick left or right, and the top die card's pips (0 to 5) give the distance. Which die cards are left is shown here; their order is not.",
        by_move: false,
    },
    TourStep {
        targets: &[".mr-actions"],
        text: "Hint asks the solver for your best move and your exact odds; Undo takes back any move that turned over no die card; Deal difficulty tells how hard this deal is.",
        by_move: false,
    },
];
