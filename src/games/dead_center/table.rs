//! The Dead Center table. Taps become engine actions; the engine's answer
//! (the next state, or why not) is all the view shows.

use super::end::{deal_line, EndDialog};
use super::game::instruction;
use super::records::{deal_route, game_ctx, route, table, ID};
use super::review::{self, ReviewPanel};
use super::solver_client;
use super::table_ui::{Review, Ui};
use crate::route::Page;
use crate::shell::{navigate, redirect};
use crate::table::controller::Table;
use crate::table::frame::TableFrame;
use crate::ui::deal::{random_seed, DealScreen};
use crate::ui::message::{Note, TableMessage};
use crate::ui::tour::{changes, TourStep};
use crate::ui::{copy_page_link, shortcut_key, CardFace, RestartDialog, When};
use crate::words::count;
use engine::cards::Card;
use engine::dead_center::advice::Rating;
use engine::dead_center::hint;
use engine::dead_center::{Action, Phase, Space, State, Variant, ZombieView};
use engine::Game;
use leptos::prelude::*;

/// Starts a deal (the controller counts the game it replaces as lost if it
/// had begun).
fn start_game(table: Table<State>, variant: Variant, seed: u64) {
    table.start(State::new(variant, seed));
}

/// The Dead Center screen for a deal (or, with no deal, the game in progress).
#[component]
pub fn DeadCenterScreen(deal: Option<(Variant, u64)>) -> impl IntoView {
    let ctx = game_ctx();
    let current = ctx
        .game
        .with_untracked(|g| g.as_ref().map(|s| (s.variant(), s.seed(), s.in_progress())));
    let table = table();
    let Some((variant, seed)) = deal else {
        // No deal named: go to the game in progress, or choose a new one.
        let target = match current {
            Some((variant, seed, _)) => deal_route(variant, seed),
            None => route(Page::New),
        };
        redirect(ctx.app, route(Page::Current), target);
        return ().into_any();
    };
    let is_current = matches!(current, Some((v, s, _)) if (v, s) == (variant, seed));
    let must_confirm = !is_current && matches!(current, Some((_, _, true)));
    if !is_current && !must_confirm {
        start_game(table, variant, seed);
    }
    // A memo, so that the table is built once and not again on every move:
    // only a change of which deal is saved swaps it out.
    let table_matches = Memo::new(move |_| {
        ctx.game
            .with(|g| g.as_ref().map(|s| (s.variant(), s.seed())) == Some((variant, seed)))
    });
    let question = format!(
        "Start {} deal {seed}? Your game in progress will end and count as a loss.",
        variant.name()
    );
    view! {
        <DealScreen
            title="Dead Center"
            must_confirm
            question
            start=Callback::new(move |()| start_game(table, variant, seed))
            in_progress=route(Page::Current)
            table_matches
            table=ViewFn::from(|| view! { <Playing/> })
        />
    }
    .into_any()
}

/// Sends an action to the engine through the controller: accepted, the
/// feedback of the last one goes, except that a followed hint's kill comes
/// next ("tap this pile, then this zombie", one target at a time); refused,
/// the engine's reason shows, and the hint, if any, stays.
fn play(ui: Ui, action: Action) {
    // A review is read-only: its table is not the game.
    if ui.reviewing() {
        return;
    }
    match ui.table.act(action) {
        Some(Ok(_)) => {
            let then_kill = ui.hint.with_untracked(|h| {
                let kill = Action::Kill(h.as_ref().filter(|h| h.action == action)?.then_kill?);
                let legal = ui
                    .table
                    .ctx
                    .game
                    .with_untracked(|g| g.as_ref().is_some_and(|s| s.check(&kill).is_ok()));
                legal.then_some(kill)
            });
            match then_kill {
                Some(kill @ Action::Kill(space)) => {
                    let reason = format!(
                        "now kill the zombie {}.",
                        Space::of(space as usize).describe()
                    );
                    ui.message.set(Some(Note::hint(reason.clone())));
                    ui.hint.update(|h| {
                        if let Some(h) = h {
                            h.action = kill;
                            h.then_kill = None;
                            h.reason = reason;
                        }
                    });
                }
                _ => {
                    ui.message.set(None);
                    ui.hint.set(None);
                }
            }
        }
        Some(Err(error)) => {
            let hint = ui
                .hint
                .with_untracked(|h| h.as_ref().map(|h| format!(" Hint: {}", h.reason)))
                .unwrap_or_default();
            ui.message
                .set(Some(Note::refusal(format!("{error}{hint}"))));
        }
        None => {}
    }
}

/// The cabin, the zombies, the deck and the card in hand: the table itself,
/// drawn from `ui`'s game (a replay draws it from the step shown).
#[component]
pub(super) fn Board(ui: Ui) -> impl IntoView {
    let read = move |f: &dyn Fn(&State) -> String| ui.with(f);
    view! {
        <div class="dc-board" role="group" aria-label="The cabin and the zombies around it">
            // Row by row, as the eye reads the table, so that Tab
            // moves through it in the same order.
            <p class="dc-count corner" style:grid-row="1" style:grid-column="1">
                <span class="big">{move || read(&|s| s.zombies_left().to_string())}</span>
                " of 12 zombies left"
            </p>
            {(0..3).map(|space| view! { <ZombieSpace space ui/> }.into_any()).collect_view()}
            {(0..3).map(|row| view! {
                <ZombieSpace space=6 + row ui/>
                {(3 * row..3 * row + 3).map(|pile| view! { <CabinPile pile ui/> }.into_any()).collect_view()}
                <ZombieSpace space=9 + row ui/>
            }.into_any()).collect_view()}
            <DeckButton ui/>
            {(3..6).map(|space| view! { <ZombieSpace space ui/> }.into_any()).collect_view()}
            <div class="dc-drawn corner" style:grid-row="5" style:grid-column="5" data-from=".deck" data-holder="hand">
                {move || match ui.with(State::drawn) {
                    Some(card) => view! {
                        <div class="card-slot" role="img" aria-label=format!("Your card: {}", card.name())>
                            <CardFace card/>
                        </div>
                    }.into_any(),
                    None => view! { <div class="card-slot empty" role="img" aria-label="No card in hand"></div> }.into_any(),
                }}
                <span class="label" aria-hidden="true">"Your card"</span>
            </div>
        </div>
    }
}

#[component]
fn Playing() -> impl IntoView {
    let ctx = game_ctx();
    let ui = Ui {
        table: table(),
        message: RwSignal::new(None),
        hint: RwSignal::new(None),
        end_dismissed: RwSignal::new(false),
        confirm_restart: RwSignal::new(false),
        review: RwSignal::new(None),
    };
    // Every view below reads the game through this; the game is always
    // present while the table is shown (see `DeadCenterScreen`).
    let read = move |f: &dyn Fn(&State) -> String| ui.with(f);
    let phase = move || ui.with(|s| Some(s.phase()));
    let legal = move || ui.with(State::legal_actions);

    let show_hint = move || {
        let Some(state) = ctx.game.get_untracked().filter(|_| !ui.reviewing()) else {
            return;
        };
        if let Some(found) = hint::suggest(&state, random_seed()) {
            // Asking is an action of the game: it makes a win assisted.
            // Only the first time is there something new to save.
            if !state.assisted() {
                ui.table.act_quietly(Action::Hint);
            }
            ui.message.set(Some(Note::hint(found.reason.clone())));
            ui.hint.set(Some(found));
        }
    };
    let restart = move || {
        if ctx
            .game
            .with_untracked(|g| g.as_ref().is_some_and(State::in_progress))
        {
            ui.confirm_restart.set(true);
        } else if let Some((variant, seed)) = ctx
            .game
            .with_untracked(|g| g.as_ref().map(|s| (s.variant(), s.seed())))
        {
            review::stop(ui);
            start_game(ui.table, variant, seed);
            ui.end_dismissed.set(false);
        }
    };
    let new_deal = move || {
        let variant = ctx
            .game
            .with_untracked(|g| g.as_ref().map_or(Variant::Standard, State::variant));
        navigate(&deal_route(variant, random_seed()));
    };

    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if ui.confirm_restart.get_untracked() {
            return;
        }
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        let action = match key.as_str() {
            digit @ ("1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9") => {
                digit.parse::<u8>().ok().map(|n| Action::Place(n - 1))
            }
            "d" | "D" => Some(Action::Draw),
            "e" | "E" => Some(Action::EndTurn),
            "u" | "U" => Some(Action::Undo),
            "h" | "H" => {
                show_hint();
                None
            }
            _ => return,
        };
        event.prevent_default();
        if let Some(action) = action {
            play(ui, action);
        }
    });
    on_cleanup(move || keys.remove());

    // The deal's rating, from the solver's worker (or known already).
    let rating = RwSignal::new(None::<Rating>);
    let deal = Memo::new(move |_| {
        ctx.game
            .with(|g| g.as_ref().map(|s| (s.variant(), s.seed())))
    });
    crate::ui::effect(move || {
        rating.set(None);
        if let Some((variant, seed)) = deal.get() {
            solver_client::rating(variant, seed, move |rated| {
                let _ = rating.try_set(Some(rated));
            });
        }
    });
    // A review belongs to the finished game: a new deal or a restart ends it.
    crate::ui::effect(move || {
        let over = ctx.game.with(|g| g.as_ref().is_some_and(State::is_over));
        if !over && ui.review.with_untracked(Option::is_some) {
            review::stop(ui);
        }
    });
    let instruction = move || {
        if ui
            .review
            .with(|r| r.as_ref().and_then(Review::shown).is_some())
        {
            "Review: the table shows the step described beside it.".to_string()
        } else {
            read(&instruction)
        }
    };

    let forget_feedback = Callback::new(move |_| {
        ui.message.set(None);
        ui.hint.set(None);
    });
    view! {
        <TableFrame title="Dead Center" game=ID tour=TOUR moves=changes(ctx.game) on_continue=forget_feedback>
        <div class="dc-layout">
            <div class="dc-main">
                <p class="dc-instruction" aria-live="polite">{instruction}</p>
                <Board ui/>
            </div>
            <aside class="dc-side" aria-label="Deck and actions">
                <ReviewPanel ui/>
                <TableMessage note=ui.message/>
                <div class="dc-actions" style:display=move || if ui.review.with(Option::is_some) { "none" } else { "" }>
                    <button
                        class="button primary"
                        class:unavailable=move || !matches!(phase(), Some(Phase::Attack { .. }))
                        aria-disabled=move || (!matches!(phase(), Some(Phase::Attack { .. }))).to_string()
                        on:click=move |_| play(ui, Action::EndTurn)
                    >"End turn"</button>
                    <button
                        class="button"
                        class:unavailable=move || !legal().contains(&Action::Undo)
                        aria-disabled=move || (!legal().contains(&Action::Undo)).to_string()
                        on:click=move |_| play(ui, Action::Undo)
                    >"Undo"</button>
                    <button class="button" on:click=move |_| show_hint()>"Hint"</button>
                </div>
                <AttackPanel ui/>
                <div class="dc-deal">
                    <p>{move || read(&deal_line)}</p>
                    <p class="dc-difficulty">{move || rating.get().map(|r| format!("Difficulty — {}.", r.difficulty.sentence()))}</p>
                    <p class="dc-winnable">{move || rating.get().map(|r| winnable_text(r.winnable))}</p>
                    <div class="button-row">
                        <When when=move || ui.review.with(Option::is_none) && ctx.game.with(|g| g.as_ref().is_some_and(review::reviewable))>
                            <button class="button" on:click=move |_| review::start(ui)>"Review game"</button>
                        </When>
                        <button class="button" on:click=move |_| copy_page_link(ui.message)>"Copy link"</button>
                        <button class="button" on:click=move |_| restart()>"Restart deal"</button>
                        <button class="button" on:click=move |_| new_deal()>"New deal"</button>
                    </div>
                </div>
            </aside>
        </div>
        <When when=move || ui.confirm_restart.get()>
            <RestartDialog
                keep=Callback::new(move |_| ui.confirm_restart.set(false))
                restart=Callback::new(move |_| {
                    if let Some((variant, seed)) = ctx.game.with_untracked(|g| g.as_ref().map(|s| (s.variant(), s.seed()))) {
                        start_game(ui.table, variant, seed);
                    }
                    ui.confirm_restart.set(false);
                    forget_feedback.run(());
                })/>
        </When>
        <When when=move || ctx.game.with(|g| g.as_ref().is_some_and(State::is_over)) && !ui.end_dismissed.get()>
            <EndDialog ui restart=Callback::new(move |_| restart()) new_deal=Callback::new(move |_| new_deal())/>
        </When>
        </TableFrame>
    }
}

/// The first-run tour: one turn, played on the real table.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".zombie.face-down", ".dc-board"],
        text: "Twelve zombies surround your cabin. While some are face down, a turn starts by turning one over, and then you draw a card: tap a face-down zombie.",
        by_move: true,
    },
    TourStep {
        targets: &[".pile.target", ".pile"],
        text: "Play your card on a glowing pile: on the same value, on a higher card of its colour, or on a lower card of the other colour. A joker fits anywhere.",
        by_move: true,
    },
    TourStep {
        targets: &[".zombie.target", ".dc-actions"],
        text: "If a zombie beside that pile now glows, you may kill it: tap it, or End turn. A zombie glows when the other two top cards of its row or column add up to 10 or more (a King also wants its suit, a Queen its colour). When none glows, your turn has already ended by itself.",
        by_move: true,
    },
    TourStep {
        targets: &[".deck"],
        text: "Once every zombie is face up, a turn starts here: tap the deck to draw. Its number is the cards left; needing one when it is empty loses the game.",
        by_move: false,
    },
    TourStep {
        targets: &[".dc-actions"],
        text: "Undo takes this turn's play back; Hint suggests a move. Kill all twelve before the deck runs out. Rules has the details.",
        by_move: false,
    },
];

#[component]
fn DeckButton(ui: Ui) -> impl IntoView {
    let info = move || ui.with(|s| (s.deck_len(), s.phase() == Phase::Draw));
    let hinted = move || {
        ui.hint
            .with(|h| h.as_ref().is_some_and(|h| h.action == Action::Draw))
    };
    view! {
        <button
            class="deck"
            style:grid-row="5" style:grid-column="1"
            class:ready=move || info().1
            class:hinted=hinted
            aria-label=move || {
                let (left, ready) = info();
                let hint = if hinted() { ", suggested by the hint" } else { "" };
                format!("Deck, {} left{}{hint}", count(left, "card", "cards"), if ready { ", draw a card" } else { "" })
            }
            on:click=move |_| play(ui, Action::Draw)
        >
            <span class="deck-back" aria-hidden="true"></span>
            <span class="deck-count" aria-hidden="true">{move || info().0.to_string()}</span>
        </button>
    }
}

/// Grid position (row, column) of a zombie space on the 5×5 board.
fn space_cell(space: usize) -> (usize, usize) {
    let Space { side, index } = Space::of(space);
    match side {
        engine::dead_center::Side::Above => (1, index + 2),
        engine::dead_center::Side::Below => (5, index + 2),
        engine::dead_center::Side::Left => (index + 2, 1),
        engine::dead_center::Side::Right => (index + 2, 5),
    }
}

#[component]
fn ZombieSpace(space: usize, ui: Ui) -> impl IntoView {
    let (row, col) = space_cell(space);
    let view_of = move || ui.with(|s| Some(s.zombie(space)));
    let phase = move || ui.with(|s| Some(s.phase()));
    let killable = move || ui.with(|s| s.killable().contains(&space));
    let revealable =
        move || phase() == Some(Phase::Reveal) && view_of() == Some(ZombieView::Hidden);
    let hinted = move || {
        ui.hint.with(|h| {
            h.as_ref().is_some_and(|h| {
                // Only the move to make now: the kill a placement prepares is
                // shown once the card is placed (see `play`).
                matches!(h.action, Action::Reveal(s) | Action::Kill(s) if s as usize == space)
            })
        })
    };
    let place = Space::of(space).describe();
    let label = move || {
        let what = match view_of() {
            Some(ZombieView::Hidden) => "face-down zombie".to_string(),
            Some(ZombieView::Alive(card)) => format!("zombie {}", card.name()),
            Some(ZombieView::Dead(card)) => format!("killed zombie {}", card.name()),
            None => String::new(),
        };
        let can = if killable() {
            ", can be killed"
        } else if revealable() {
            ", can be revealed"
        } else {
            ""
        };
        let hint = if hinted() {
            ", suggested by the hint"
        } else {
            ""
        };
        format!("{place}: {what}{can}{hint}")
    };
    let on_click = move |_| {
        let action = if phase() == Some(Phase::Reveal) {
            Action::Reveal(space as u8)
        } else {
            Action::Kill(space as u8)
        };
        play(ui, action);
    };
    view! {
        <button
            class="zombie card-slot"
            data-holder=format!("zombie {space}")
            class:face-down=move || view_of() == Some(ZombieView::Hidden)
            class:dead=move || matches!(view_of(), Some(ZombieView::Dead(_)))
            class:target=move || killable() || revealable()
            class:hinted=hinted
            style:grid-row=row.to_string() style:grid-column=col.to_string()
            aria-label=label
            on:click=on_click
        >
            {move || match view_of() {
                Some(ZombieView::Alive(card)) => view! { <CardFace card/> }.into_any(),
                Some(ZombieView::Dead(card)) => view! { <CardFace card/><span class="tombstone" aria-hidden="true">"✝"</span> }.into_any(),
                _ => view! { <span class="card-back" aria-hidden="true"></span> }.into_any(),
            }}
        </button>
    }
}

#[component]
fn CabinPile(pile: usize, ui: Ui) -> impl IntoView {
    let top = move || ui.with(|s| Some((s.top(pile), s.pile(pile).len())));
    let legal = move || ui.with(|s| s.legal_piles().contains(&pile));
    let played = move || ui.with(|s| s.phase() == Phase::Attack { pile: pile as u8 });
    let hinted = move || {
        ui.hint.with(|h| {
            h.as_ref()
                .is_some_and(|h| h.action == Action::Place(pile as u8))
        })
    };
    let label = move || {
        let (card, depth) = top().unwrap_or((Card::Joker(0), 0));
        let cards = count(depth, "card", "cards");
        let legal = if legal() {
            ", your card can go here"
        } else {
            ""
        };
        let hint = if hinted() {
            ", suggested by the hint"
        } else {
            ""
        };
        format!(
            "Pile {}, row {} column {}: {}, {cards}{legal}{hint}",
            pile + 1,
            pile / 3 + 1,
            pile % 3 + 1,
            card.name()
        )
    };
    view! {
        <button
            class="pile card-slot"
            data-holder=format!("pile {pile}")
            class:target=legal
            class:played=played
            class:hinted=hinted
            style:grid-row=(pile / 3 + 2).to_string() style:grid-column=(pile % 3 + 2).to_string()
            aria-label=label
            on:click=move |_| play(ui, Action::Place(pile as u8))
        >
            {move || top().map(|(card, _)| view! { <CardFace card/> })}
            // The depth is drawn from the attribute by the stylesheet: the
            // name already says it, and as text here it would split the
            // card's visible rank from the name (WCAG 2.5.3).
            <span class="pile-depth" aria-hidden="true" data-depth=move || top().map(|(_, n)| n).filter(|&n| n > 1).map_or(String::new(), |n| n.to_string())></span>
        </button>
    }
}

/// During the kill step: each zombie next to the played pile, its two
/// supports, their sum, and whether it dies.
#[component]
fn AttackPanel(ui: Ui) -> impl IntoView {
    let rows = move || {
        ui.with(|state| {
            let Phase::Attack { pile } = state.phase() else {
                return Vec::new();
            };
            engine::dead_center::spaces_next_to(pile as usize)
                .filter_map(|space| match state.zombie(space) {
                    ZombieView::Alive(zombie) => {
                        let [a, b] = state.supports(space);
                        let verdict = match state.check_attack(pile as usize, space) {
                            Ok(()) => "It can be killed.".to_string(),
                            Err(why) => why.to_string(),
                        };
                        let ok = state.check_attack(pile as usize, space).is_ok();
                        Some((
                            format!(
                                "{} {}: supports {a} + {b} = {}. {verdict}",
                                zombie.name(),
                                Space::of(space).describe(),
                                engine::dead_center::support_sum([a, b])
                            ),
                            ok,
                        ))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <When when=move || !rows().is_empty()>
            <section class="attack-panel" aria-label="Attack">
                <ul>
                    {move || rows().into_iter().map(|(text, ok)| view! {
                        <li class:ok=ok>{text}</li>
                    }.into_any()).collect_view()}
                </ul>
            </section>
        </When>
    }
}

/// Whether the deal can be won, as the table says it.
fn winnable_text(winnable: Option<bool>) -> &'static str {
    match winnable {
        Some(true) => "Winnable with every card known: yes.",
        Some(false) => "Winnable with every card known: no. No order of play kills all twelve.",
        None => "Winnable with every card known: not proven (the solver gave up).",
    }
}
