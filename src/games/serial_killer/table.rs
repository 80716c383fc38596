//! The Serial Killer table. A button (or key) becomes an engine action; the
//! engine's answer is all the view shows, read through the seat's
//! `SeatView` (which never gives the order of the victim stack). Computer
//! seats act on a timer, one action at a time, from their own view and the
//! game's bot seed, so the table stays responsive and people can follow.
//! The game log and the clues' flights are made from the events each action
//! returns ([`log_lines`]).

use super::{game_ctx, route, GameCtx};
use crate::route::Page;
use crate::seats::{
    computer_note, joined, name_of, needs_hand_over, seat_class, GameLog, HandOver, SeatPlan,
    TurnBanner,
};
use crate::shell::redirect;
use crate::table::seats::play_computers;
use crate::ui::card::colour_classes;
use crate::ui::tour::{changes, first_visit, Tour, TourButton, TourStep};
use crate::ui::{shortcut_key, CardFace, ChangedElsewhereDialog, Dialog, TopBar, When};
use engine::cards::Card;
use engine::serial_killer::{
    role, Action, Event, Landing, Phase, ReshuffleCause, Role, Seat, SeatKind, SeatView, State,
    Status, Tip, GRAVES,
};
use engine::{Game, Multiplayer};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The game in progress with the names at the table and its log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SerialKillerGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    pub log: Vec<String>,
    /// Its result is in the statistics already.
    pub counted: bool,
}

impl SerialKillerGame {
    /// A new game for `seats`, its log opened with the first-player draw.
    pub fn new(seats: &[SeatPlan], seed: u64) -> Result<SerialKillerGame, String> {
        let kinds: Vec<SeatKind> = seats.iter().map(|s| s.kind).collect();
        let state = State::new(&kinds, seed).map_err(|e| e.to_string())?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let mut log = Vec::new();
        for round in state.first_draws() {
            let draws: Vec<String> = round
                .iter()
                .map(|&(seat, card)| format!("{} {}", name_of(&names, seat), card.name()))
                .collect();
            log.push(format!("Draw for first player: {}.", draws.join(", ")));
        }
        log.push(format!(
            "{} draws highest and plays first.",
            name_of(&names, state.first_player())
        ));
        Ok(SerialKillerGame {
            state,
            names,
            log,
            counted: false,
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.names.len() != self.state.players() {
            return Err("the names do not match the seats".into());
        }
        crate::seats::check_names(&self.names)
    }

    /// What the table shows: the view of the seat to act (everything is
    /// public in this game except the stack's order, which a view never gives).
    pub fn view(&self) -> SeatView {
        self.state.view(self.state.current())
    }

    pub fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }
}

fn grave_name(grave: u8) -> String {
    format!("grave {}", u16::from(grave) + 1)
}

/// What an action did, as log lines, from its events alone (every one is
/// public) and the names at the table: the action itself, then every clue
/// lost or won back, every arrest, a reshuffle, the next turn or the end of
/// the game, in the order they happened.
pub fn log_lines(events: &[Event], names: &[String]) -> Vec<String> {
    let name = |seat: Seat| name_of(names, seat);
    events
        .iter()
        .map(|event| match event {
            Event::Drawn {
                seat,
                card,
                grave,
                landing,
            } => {
                let what = match landing {
                    Landing::Waiting => "",
                    Landing::Killed => ": a kill",
                    Landing::Missed => ": a missed opportunity",
                };
                format!(
                    "{} draws the {} for {}{what}.",
                    name(*seat),
                    card.name(),
                    grave_name(*grave)
                )
            }
            Event::Held { seat, card } => {
                format!("{} holds the {} face up.", name(*seat), card.name())
            }
            Event::Buried { seat, grave, .. } => format!(
                "{} buries a Jack in {} as a corpse.",
                name(*seat),
                grave_name(*grave)
            ),
            Event::Informed {
                seat, grave, tip, ..
            } => {
                let effect = match tip {
                    Tip::Discredit => "to discredit a clue".to_string(),
                    Tip::InformOn(other) => format!("to inform on {}", name(*other)),
                };
                format!(
                    "{} places an Ace on the victim in {} {effect}.",
                    name(*seat),
                    grave_name(*grave)
                )
            }
            Event::ClueLost { seat, clues, .. } => {
                let plural = if *clues == 1 { "" } else { "s" };
                format!(
                    "{} loses a clue to the police ({clues} clue{plural} left).",
                    name(*seat)
                )
            }
            Event::ClueTakenBack { seat, clues } => format!(
                "{} takes a clue back from the police ({clues} left).",
                name(*seat)
            ),
            Event::Reshuffled { cause, .. } => match cause {
                ReshuffleCause::GravesClosed => {
                    "Every grave is closed: the graves are shuffled back into the victim stack."
                        .to_string()
                }
                ReshuffleCause::StackEmpty => {
                    "The victim stack is empty: the graves are shuffled back into it.".to_string()
                }
            },
            Event::TurnEnded { seat } => format!("{} ends the turn.", name(*seat)),
            Event::Arrested { seat, .. } => format!("{} is arrested!", name(*seat)),
            Event::TurnBegan { seat, .. } => format!("{}'s turn.", name(*seat)),
            Event::GameOver { winners } => {
                let winners: Vec<String> = winners.iter().map(|&s| name(s)).collect();
                let verb = if winners.len() == 1 {
                    "wins"
                } else {
                    "share the win"
                };
                format!("{} {verb}: still on the loose!", joined(&winners))
            }
        })
        .collect()
}

/// The clues an action moved, in order: for each, the seat and whether it
/// went to the police (`true`) or came back from them.
pub fn clue_moves(events: &[Event]) -> Vec<(Seat, bool)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::ClueLost { seat, .. } => Some((seat, true)),
            Event::ClueTakenBack { seat, .. } => Some((seat, false)),
            _ => None,
        })
        .collect()
}

/// The action of the computer seat that must act now, if one must: its
/// level's choice from that seat's view alone, with the game's bot seed.
pub fn computer_choice(state: &State) -> Option<Action> {
    let (seat, level) = computer_to_act(state)?;
    Some(State::bot_action(
        &state.view(seat),
        level,
        state.bot_seed(),
    ))
}

/// One button of the choice panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Act(Action),
    /// Use an Ace on this grave's victim: its effect is chosen next.
    AceOn(u8),
    /// Back from choosing an Ace's effect.
    CancelAce,
}

/// The buttons for the player to act, in order, with their labels: the
/// engine's legal actions, an Ace's grave chosen before its effect.
pub fn choices(state: &SeatView, ace_grave: Option<u8>, names: &[String]) -> Vec<(Choice, String)> {
    let legal = state.legal_actions();
    let held_or_drawn = match state.phase() {
        Phase::Drawn { card, .. } => format!("the drawn {}", card.name()),
        _ => "a held Ace".to_string(),
    };
    if let Some(chosen) = ace_grave {
        let mut out: Vec<(Choice, String)> = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Inform { grave, tip } if grave == chosen => {
                    let label = match tip {
                        Tip::Discredit => "Take one of my clues back".to_string(),
                        Tip::InformOn(seat) => {
                            format!("Inform on {}", name_of(names, seat))
                        }
                    };
                    Some((Choice::Act(a), label))
                }
                _ => None,
            })
            .collect();
        if !out.is_empty() {
            out.push((Choice::CancelAce, "Back".to_string()));
            return out;
        }
    }
    let mut out = Vec::new();
    let mut ace_graves = Vec::new();
    for &action in &legal {
        let label = match action {
            Action::Draw => match state.phase() {
                Phase::Draw { grave } => format!("Draw a card for {}", grave_name(grave)),
                _ => "Draw a card".to_string(),
            },
            Action::Hold => match state.phase() {
                Phase::Drawn { card, .. } => format!("Hold the {}", card.name()),
                _ => "Hold".to_string(),
            },
            Action::Bury { grave } => match state.phase() {
                Phase::Drawn { .. } => format!("Bury the Jack in {}", grave_name(grave)),
                _ => format!("Bury a held Jack in {}", grave_name(grave)),
            },
            Action::Inform { grave, .. } => {
                if !ace_graves.contains(&grave) {
                    ace_graves.push(grave);
                    out.push((
                        Choice::AceOn(grave),
                        format!("Use {held_or_drawn} on the victim in {}", grave_name(grave)),
                    ));
                }
                continue;
            }
            Action::EndTurn => "End turn".to_string(),
        };
        out.push((Choice::Act(action), label));
    }
    out
}

fn record_result(ctx: GameCtx, game: &mut SerialKillerGame) {
    if game.counted {
        return;
    }
    let Status::Over { winners } = game.state.status() else {
        return;
    };
    game.counted = true;
    let people: Vec<String> = winners
        .iter()
        .filter(|&&s| game.state.seat_kind(s) == Some(SeatKind::Person))
        .map(|&s| game.name(s))
        .collect();
    ctx.stats.update(|s| s.record(&people));
    ctx.save_stats();
}

/// Sends an action to the engine: on success the log grows and the game is
/// saved; on refusal the reason is shown and nothing changes.
fn dispatch(ctx: GameCtx, message: RwSignal<Option<String>>, action: Action) {
    if ctx.changed_elsewhere.get_untracked() {
        return; // The other-tab dialog must be answered first.
    }
    let Some(mut game) = ctx.game.get_untracked() else {
        return;
    };
    match game.state.apply(action) {
        Ok(events) => {
            game.log.extend(log_lines(&events, &game.names));
            record_result(ctx, &mut game);
            message.set(None);
            crate::ui::accepted();
            fly_clues(&events);
            ctx.game.set(Some(game));
            ctx.save_game();
        }
        Err(error) => {
            message.set(Some(error.to_string()));
            crate::ui::refused();
        }
    }
}

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

/// The computer seat that must act now, with its level.
fn computer_to_act(state: &State) -> Option<(Seat, engine::seats::Level)> {
    match state.status() {
        Status::Playing { seat, .. } => state.seat_kind(seat)?.level().map(|l| (seat, l)),
        Status::Over { .. } => None,
    }
}

/// The Serial Killer screen: the game in progress, or the new-game screen.
#[component]
pub fn SerialKillerScreen() -> impl IntoView {
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
    let message = RwSignal::new(None::<String>);
    let ace_grave = RwSignal::new(None::<u8>);
    // The person who has the device (none yet after a reload): the turn
    // passing to another person asks for a hand-over first.
    let holder = RwSignal::new(None::<Seat>);
    let end_dismissed = RwSignal::new(false);

    // Whose turn it is (while the game runs).
    let seat_to_act = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref()
                .filter(|g| g.state.in_progress())
                .map(|g| g.state.current())
        })
    });
    // A memo, so that the table is built again only when this changes.
    let hand_over_to = Memo::new(move |_| {
        let seat = seat_to_act.get()?;
        let holder = holder.get();
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            needs_hand_over(g.state.seat_kinds(), seat, holder).then(|| (seat, g.name(seat)))
        })
    });

    play_computers(
        ctx.app,
        move || {
            ctx.game
                .with(|g| g.as_ref().and_then(|g| computer_to_act(&g.state)).is_some())
        },
        move || {
            // `try_`: the table may be gone by the time the timer fires.
            let Some(action) = ctx
                .game
                .try_with_untracked(|g| g.as_ref().and_then(|g| computer_choice(&g.state)))
                .flatten()
            else {
                return;
            };
            dispatch(ctx, message, action);
        },
    );

    let my_choices = Memo::new(move |_| {
        let chosen = ace_grave.get();
        ctx.game.with(|g| {
            g.as_ref()
                .filter(|g| computer_to_act(&g.state).is_none())
                .map(|g| choices(&g.view(), chosen, &g.names))
                .unwrap_or_default()
        })
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
            dispatch(ctx, message, action);
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

    let game_over = move || {
        ctx.game
            .with(|g| g.as_ref().is_some_and(|g| g.state.is_over()))
    };

    let tour = first_visit(super::ID);
    view! {
        <TopBar title="Serial Killer">
            <TourButton open=tour/>
            <a class="button" href=route(Page::Rules).href()>"Rules"</a>
        </TopBar>
        <Tour game=super::ID steps=TOUR open=tour moves=changes(ctx.game)/>
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
                        <GameLog lines=Signal::derive(move || ctx.game.with(|g| g.as_ref().map(|g| g.log.clone()).unwrap_or_default()))/>
                    </div>
                </div>
            }.into_any(),
        }}
        <When when=move || game_over() && !end_dismissed.get()>
            <EndDialog dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
        <When when=move || ctx.changed_elsewhere.get()>
            <ChangedElsewhereDialog on_continue=Callback::new(move |_| {
                message.set(None);
                ace_grave.set(None);
            })/>
        </When>
    }
}

/// Whose turn it is, in their colour, and what they are to do.
#[component]
fn WhoseTurn() -> impl IntoView {
    let ctx = game_ctx();
    let text = move || {
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let v = g.view();
            let seat = v.current();
            let who = g.name(seat);
            let what = match v.phase() {
                Phase::Draw { grave } => format!("draw a card for {}.", grave_name(grave)),
                Phase::Drawn { card, grave } if role(card) == Role::Corpse => format!(
                    "bury the {} in {} or hold it.",
                    card.name(),
                    grave_name(grave)
                ),
                Phase::Drawn { card, .. } => {
                    format!("use the {} as an informant or hold it.", card.name())
                }
                Phase::Plays => "play held cards, or end the turn.".to_string(),
                Phase::Over => return Some((seat, "The game is over.".to_string())),
            };
            let kind = computer_note(v.seat_kind(seat));
            Some((seat, format!("{who}'s turn{kind}: {what}")))
        })
    };
    view! { <TurnBanner text=Signal::derive(text)/> }
}

/// The victim stack and the six graves.
#[component]
fn Board() -> impl IntoView {
    let ctx = game_ctx();
    let stack_len = move || {
        ctx.game
            .with(|g| g.as_ref().map_or(0, |g| g.view().stack_len()))
    };
    let target = move || {
        ctx.game
            .with(|g| match g.as_ref().map(|g| g.view().phase()) {
                Some(Phase::Draw { grave }) | Some(Phase::Drawn { grave, .. }) => Some(grave),
                _ => None,
            })
    };
    let drawn = move || {
        ctx.game
            .with(|g| match g.as_ref().map(|g| g.view().phase()) {
                Some(Phase::Drawn { card, .. }) => Some(card),
                _ => None,
            })
    };
    view! {
        <section class="sk-board" aria-label="Victim stack and graves">
            <div class="sk-stack-area">
                <div class="sk-stack" role="img" aria-label=move || format!("Victim stack: {} cards, face down", stack_len())>
                    <span class="card-slot sk-card"><span class="card-back"></span>
                        <span class="deck-count">{move || stack_len().to_string()}</span>
                    </span>
                    <span class="sk-label">"Victim stack"</span>
                </div>
                {move || drawn().map(|card| view! {
                    <div class="sk-drawn" data-from=".sk-stack .sk-card" data-holder="drawn" role="img" aria-label=format!("Drawn card: the {}, waiting for a decision", card.name())>
                        <span class="card-slot sk-card drawn"><CardFace card/></span>
                        <span class="sk-label">"Drawn"</span>
                    </div>
                }.into_any())}
            </div>
            <ol class="sk-graves">
                {(0..GRAVES).map(|i| {
                    // Memos: a grave is drawn again only when it changes.
                    let pile = Memo::new(move |_| ctx.game.with(|g| g.as_ref().map(|g| g.view().grave(i).to_vec()).unwrap_or_default()));
                    let open = Memo::new(move |_| ctx.game.with(|g| g.as_ref().is_some_and(|g| g.view().is_open(i))));
                    let is_target = move || target() == Some(i as u8);
                    let label = move || grave_label(i, &pile.get(), open.get(), is_target());
                    view! {
                        <li class="sk-grave" data-from=".sk-stack .sk-card" data-holder=format!("grave {i}") class:closed=move || !open.get() class:target=is_target aria-label=label
                            style=("--depth", move || pile.get().len().clamp(1, 8).to_string())>
                            <span class="sk-grave-name" aria-hidden="true">{format!("Grave {}", i + 1)}</span>
                            {move || {
                                let pile = pile.get();
                                match pile.split_last() {
                                    Some((&top, under)) => view! {
                                        // The cards under the top one fanned
                                        // above it, each showing its index
                                        // (the newest few; the count says
                                        // how many in all).
                                        <span class="sk-fan" aria-hidden="true">
                                            {under[under.len().saturating_sub(FANNED)..].iter().map(|&card| view! {
                                                <span class=format!("sk-under {}", colour_classes(card))>{short(card)}</span>
                                            }.into_any()).collect_view()}
                                        </span>
                                        <span class="card-slot sk-card" aria-hidden="true">
                                            <CardFace card=top/>
                                        </span>
                                    }.into_any(),
                                    None => view! { <span class="card-slot sk-card empty" aria-hidden="true"></span> }.into_any(),
                                }
                            }}
                            <span class="sk-depth" aria-hidden="true">{move || depth_text(&pile.get(), open.get())}</span>
                        </li>
                    }
                }.into_any()).collect_view()}
            </ol>
        </section>
    }
}

/// How many cards under a grave's top card show their index.
const FANNED: usize = 4;

/// "K♥": a card in two characters or three.
fn short(card: Card) -> String {
    let suit = card
        .suit()
        .map_or(String::new(), |s| s.symbol().to_string());
    format!("{}{suit}", card.rank_label())
}

/// A pile's size under its top card, and the victim under an informant.
fn depth_text(pile: &[Card], open: bool) -> String {
    let state = if open { "open" } else { "closed" };
    if let [.., victim, ace] = pile {
        if role(*ace) == Role::Informant {
            return format!("{} cards · Ace on {}", pile.len(), short(*victim));
        }
    }
    match pile.len() {
        0 => "empty · open".to_string(),
        1 => format!("1 card · {state}"),
        n => format!("{n} cards · {state}"),
    }
}

/// A grave's accessible name: every card in it, top first.
fn grave_label(i: usize, pile: &[Card], open: bool, target: bool) -> String {
    let mut label = format!("Grave {}, {}", i + 1, if open { "open" } else { "closed" });
    if pile.is_empty() {
        label.push_str(", empty");
    } else {
        let cards: Vec<String> = pile.iter().rev().map(|c| c.name()).collect();
        label.push_str(&format!(
            ", {} cards, top first: {}",
            pile.len(),
            cards.join(", ")
        ));
    }
    if target {
        label.push_str(", the grave this card is for");
    }
    label
}

/// Every player: clues, the police's share, held cards face up, arrests.
#[component]
fn Players() -> impl IntoView {
    let ctx = game_ctx();
    let seats = Memo::new(move |_| {
        ctx.game
            .with(|g| g.as_ref().map_or(0, |g| g.view().players()))
    });
    let police_total = move || {
        ctx.game.with(|g| {
            g.as_ref().map_or(0, |g| {
                let v = g.view();
                Seat::all(v.players())
                    .map(|s| u32::from(v.police(s)))
                    .sum::<u32>()
            })
        })
    };
    view! {
        <section class="players" aria-label="Players">
            {move || Seat::all(seats.get()).map(|seat| {
                // A memo: a player's panel is drawn again only when it changes.
                let info = Memo::new(move |_| ctx.game.with(|g| g.as_ref().map(|g| {
                    let v = g.view();
                    (g.name(seat), v.seat_kind(seat), v.clues(seat), v.police(seat), v.is_arrested(seat), v.held(seat),
                        v.to_act() && v.current() == seat, v.winners().contains(&seat))
                })));
                move || info.get().map(|(name, kind, clues, police, arrested, held, current, winner)| {
                    let kind = match kind {
                        Some(SeatKind::Computer(level)) => format!("Computer ({})", level.name()),
                        _ => "Person".to_string(),
                    };
                    let status = if winner { " · winner" } else if arrested { " · arrested" } else if current { " · to play" } else { "" };
                    let plural = if clues == 1 { "" } else { "s" };
                    let held_text = if held.is_empty() { "nothing held".to_string() } else {
                        format!("holds {}", held.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))
                    };
                    let label = format!("{name}, {kind}: {clues} clue{plural}, police hold {police}, {held_text}{status}");
                    view! {
                        <article class=format!("player {}", seat_class(seat)) class:current=current class:arrested=arrested
                            aria-label=label>
                            <h3 aria-hidden="true">
                                <span class="seat-dot"></span>
                                {name}
                                {(current).then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                                {(arrested).then(|| view! { <span class="badge arrested">"arrested"</span> }.into_any())}
                                {(winner).then(|| view! { <span class="badge winner">"winner"</span> }.into_any())}
                            </h3>
                            <p class="player-kind" aria-hidden="true">{kind}</p>
                            <p class="sk-clues" aria-hidden="true">
                                <span class="sk-counters">{"●".repeat(usize::from(clues))}<span class="police">{"○".repeat(usize::from(police))}</span></span>
                                {format!(" {clues} clue{plural} · police {police}")}
                            </p>
                            <div class="sk-held" data-holder=format!("held {}", seat.index()) aria-hidden="true">
                                {held.into_iter().map(|card| view! { <span class="card-slot sk-card small"><CardFace card/></span> }.into_any()).collect_view()}
                            </div>
                        </article>
                    }
                    .into_any()
                })
            }.into_any()).collect_view()}
            <p class="sk-police">{move || match police_total() {
                1 => "Police investigation pile: 1 clue".to_string(),
                n => format!("Police investigation pile: {n} clues"),
            }}</p>
        </section>
    }
}

#[component]
fn EndDialog(dismiss: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let winners = ctx.game.with_untracked(|g| {
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
    let title = if winners.len() == 1 {
        format!("{} wins!", winners[0])
    } else {
        format!("{} share the win!", joined(&winners))
    };
    view! {
        <Dialog title=title celebrate=true>
            <p>"Everyone else has been arrested: the last killer on the loose wins."</p>
            <div class="button-row">
                <a class="button primary" href=route(Page::New).href()>"New game"</a>
                <button class="button" on:click=move |_| dismiss.run(())>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::seats::Level;

    fn names() -> Vec<String> {
        vec!["Ana".into(), "Ben".into(), "Cy".into()]
    }

    fn plans() -> Vec<SeatPlan> {
        names()
            .into_iter()
            .map(|name| SeatPlan {
                name,
                kind: SeatKind::Person,
            })
            .collect()
    }

    #[test]
    fn a_new_game_logs_the_first_player_draw() {
        let game = SerialKillerGame::new(&plans(), 7).unwrap();
        assert!(game.log[0].starts_with("Draw for first player: Ana "));
        let first = game.name(game.state.first_player());
        assert_eq!(
            game.log.last().unwrap(),
            &format!("{first} draws highest and plays first.")
        );
        assert!(game.validate().is_ok());
        assert!(SerialKillerGame::new(&plans()[..1], 7).is_err());
    }

    #[test]
    fn every_action_of_whole_games_is_logged_and_arrests_and_winners_appear() {
        for seed in 0..20 {
            let mut game = SerialKillerGame::new(&plans(), seed).unwrap();
            let mut steps = 0;
            while !game.state.is_over() {
                let list = choices(&game.view(), None, &game.names);
                assert!(!list.is_empty(), "a choice is always offered");
                // The first choice, as the browser test plays, through an
                // Ace's grave to its first effect.
                let action = match list[0].0 {
                    Choice::Act(a) => a,
                    Choice::AceOn(g) => match choices(&game.view(), Some(g), &game.names)[0].0 {
                        Choice::Act(a) => a,
                        other => panic!("{other:?}"),
                    },
                    Choice::CancelAce => panic!("no cancel first"),
                };
                let events = game.state.apply(action).unwrap();
                let lines = log_lines(&events, &game.names);
                assert!(!lines.is_empty(), "{action:?} says what it did");
                game.log.extend(lines);
                steps += 1;
                assert!(steps < 20_000);
            }
            let log = game.log.join("\n");
            assert!(log.contains("is arrested!"), "{log}");
            assert!(log.contains("still on the loose"), "{log}");
            assert!(log.contains("loses a clue to the police"));
            assert!(log.contains(": a kill."));
        }
    }

    use engine::cards::{Card, Suit};
    use engine::serial_killer::{ClueCause, ReshuffleCause};

    fn lines(events: &[Event]) -> Vec<String> {
        log_lines(events, &names())
    }

    #[test]
    fn the_log_says_where_each_drawn_card_went() {
        let king = Card::new(13, Suit::Spades);
        let drawn = |card, landing| Event::Drawn {
            seat: Seat(1),
            card,
            grave: 2,
            landing,
        };
        assert_eq!(
            lines(&[
                drawn(king, Landing::Killed),
                drawn(Card::new(7, Suit::Hearts), Landing::Missed),
                drawn(Card::new(11, Suit::Clubs), Landing::Waiting),
            ]),
            [
                "Ben draws the King of spades for grave 3: a kill.",
                "Ben draws the 7 of hearts for grave 3: a missed opportunity.",
                "Ben draws the Jack of clubs for grave 3.",
            ]
        );
    }

    #[test]
    fn the_log_says_what_jacks_and_aces_did_and_the_clues_they_moved() {
        let ace = Card::new(1, Suit::Hearts);
        let jack = Card::new(11, Suit::Clubs);
        assert_eq!(
            lines(&[
                Event::Held {
                    seat: Seat(0),
                    card: jack
                },
                Event::Buried {
                    seat: Seat(0),
                    card: jack,
                    grave: 5,
                    from_hand: true
                },
                Event::Informed {
                    seat: Seat(0),
                    card: ace,
                    grave: 0,
                    tip: Tip::InformOn(Seat(2)),
                    from_hand: false
                },
                Event::ClueLost {
                    seat: Seat(2),
                    clues: 1,
                    cause: ClueCause::InformedOn { by: Seat(0) }
                },
                Event::Informed {
                    seat: Seat(0),
                    card: ace,
                    grave: 1,
                    tip: Tip::Discredit,
                    from_hand: true
                },
                Event::ClueTakenBack {
                    seat: Seat(0),
                    clues: 4
                },
                Event::ClueLost {
                    seat: Seat(0),
                    clues: 3,
                    cause: ClueCause::NoVictim
                },
            ]),
            [
                "Ana holds the Jack of clubs face up.",
                "Ana buries a Jack in grave 6 as a corpse.",
                "Ana places an Ace on the victim in grave 1 to inform on Cy.",
                "Cy loses a clue to the police (1 clue left).",
                "Ana places an Ace on the victim in grave 2 to discredit a clue.",
                "Ana takes a clue back from the police (4 left).",
                "Ana loses a clue to the police (3 clues left).",
            ]
        );
    }

    #[test]
    fn the_log_tells_reshuffles_arrests_turns_and_the_end() {
        assert_eq!(
            lines(&[
                Event::Reshuffled {
                    cause: ReshuffleCause::GravesClosed,
                    stack: 50
                },
                Event::Reshuffled {
                    cause: ReshuffleCause::StackEmpty,
                    stack: 48
                },
                Event::TurnEnded { seat: Seat(2) },
                Event::Arrested {
                    seat: Seat(1),
                    returned: vec![]
                },
                Event::TurnBegan {
                    seat: Seat(0),
                    graves: vec![0, 3]
                },
                Event::GameOver {
                    winners: vec![Seat(0)]
                },
                Event::GameOver {
                    winners: vec![Seat(0), Seat(2)]
                },
            ]),
            [
                "Every grave is closed: the graves are shuffled back into the victim stack.",
                "The victim stack is empty: the graves are shuffled back into it.",
                "Cy ends the turn.",
                "Ben is arrested!",
                "Ana's turn.",
                "Ana wins: still on the loose!",
                "Ana and Cy share the win: still on the loose!",
            ]
        );
    }

    #[test]
    fn clues_fly_as_the_events_move_them() {
        let events = [
            Event::TurnEnded { seat: Seat(0) },
            Event::ClueLost {
                seat: Seat(1),
                clues: 2,
                cause: ClueCause::NoVictim,
            },
            Event::ClueTakenBack {
                seat: Seat(2),
                clues: 6,
            },
        ];
        assert_eq!(clue_moves(&events), [(Seat(1), true), (Seat(2), false)]);
    }

    /// The computers choose from their seat's view with the engine's bot
    /// seed: the log (its wording, its length) plays no part.
    #[test]
    fn computers_play_from_their_view_and_the_engine_seed() {
        let plans = vec![
            SeatPlan {
                name: "Ana".into(),
                kind: SeatKind::Computer(Level::Simple),
            },
            SeatPlan {
                name: "Ben".into(),
                kind: SeatKind::Person,
            },
        ];
        let mut game = SerialKillerGame::new(&plans, 11).unwrap();
        let mut checked = 0;
        while !game.state.is_over() {
            let seat = game.state.current();
            let choice = computer_choice(&game.state);
            let action = if seat == Seat(0) {
                let expected =
                    State::bot_action(&game.state.view(seat), Level::Simple, game.state.bot_seed());
                assert_eq!(choice, Some(expected));
                let mut longer = game.clone();
                longer.log.push("An extra line.".into());
                assert_eq!(computer_choice(&longer.state), choice);
                checked += 1;
                expected
            } else {
                assert_eq!(choice, None);
                game.state.legal_actions()[0]
            };
            let events = game.state.apply(action).unwrap();
            game.log.extend(log_lines(&events, &game.names));
        }
        assert!(checked > 5);
    }

    #[test]
    fn an_ace_asks_for_its_grave_then_its_effect() {
        // Find a position where an Ace can be used.
        for seed in 0..200 {
            let mut state =
                State::new(&[SeatKind::Person, SeatKind::Computer(Level::Simple)], seed).unwrap();
            for _ in 0..400 {
                if state.is_over() {
                    break;
                }
                let list = choices(&state.view(state.current()), None, &names());
                if let Some((Choice::AceOn(g), label)) =
                    list.iter().find(|(c, _)| matches!(c, Choice::AceOn(_)))
                {
                    assert!(label.contains("on the victim in grave"), "{label}");
                    let effects = choices(&state.view(state.current()), Some(*g), &names());
                    assert!(effects
                        .iter()
                        .any(|(_, l)| l.starts_with("Inform on ") || l.starts_with("Take one")));
                    assert_eq!(effects.last().unwrap().0, Choice::CancelAce);
                    return;
                }
                let action = state.legal_actions()[0];
                state.apply(action).unwrap();
            }
        }
        panic!("no Ace came up");
    }

    #[test]
    fn labels_name_the_grave_and_the_card() {
        let state = State::new(&[SeatKind::Person, SeatKind::Person], 3).unwrap();
        let list = choices(&state.view(state.current()), None, &names());
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].1, "Draw a card for grave 1");
        assert!(grave_label(0, &[], true, true).contains("the grave this card is for"));
    }
}
