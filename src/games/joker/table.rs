//! The Joker table. A tap or key becomes an engine action; what the page
//! shows is read through a seat's `SeatView`. The table itself is drawn from
//! the view of the Vigilante whose turn it is, which never holds the Joker's
//! cell; only the Informant's private screen reads the Informant's view, and
//! it is in the page only while the Informant holds the device (a person
//! Informant gets it through a hand-over, and hands it back the same way).
//! What happened is worded from the engine's events alone ([`event_line`]);
//! whether an action is legal, and why not, is the engine's `check`.

use super::{game_ctx, prefs, route, GameCtx};
use crate::route::Page;
use crate::seats::{
    computer_note, joined, name_of, needs_hand_over, seat_class, GameLog, HandOver, SeatPlan,
    TurnBanner,
};
use crate::shell::redirect;
use crate::table::seats::play_computers;
use crate::ui::choice::Choice;
use crate::ui::tour::{changes, first_visit, Tour, TourButton, TourStep};
use crate::ui::{shortcut_key, CardFace, ChangedElsewhereDialog, Dialog, TopBar, When};
use engine::joker::{
    consistent, Action, Cell, CellSet, Event, Lock, Phase, Seat, SeatKind, SeatView, State, Status,
    CELLS, MAX_DISTANCE, SIDE,
};
use engine::seats::Level;
use engine::{Game, Multiplayer};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How the seats play: each for themselves, in two teams, or solo (seat 0,
/// a computer, the Informant of every round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Everyone,
    /// Each seat's team, 0 or 1.
    Teams(Vec<u8>),
    Solo {
        rounds: u8,
    },
}

/// The game in progress with the names at the table and their notepads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JokerGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    /// Each seat's notepad: the cells it marked this round.
    pub notes: Vec<CellSet>,
    /// Its result is in the statistics already.
    pub counted: bool,
}

impl JokerGame {
    pub fn new(seats: &[SeatPlan], mode: &Mode, seed: u64) -> Result<JokerGame, String> {
        let kinds: Vec<SeatKind> = seats.iter().map(|s| s.kind).collect();
        let state = match mode {
            Mode::Everyone => State::new(&kinds, seed),
            Mode::Teams(teams) => State::with_teams(&kinds, teams, seed),
            Mode::Solo { rounds } => State::solo(&kinds, *rounds, seed),
        }
        .map_err(|e| e.to_string())?;
        Ok(JokerGame {
            names: seats.iter().map(|s| s.name.clone()).collect(),
            notes: vec![CellSet::EMPTY; state.players()],
            state,
            counted: false,
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.names.len() != self.state.players() || self.notes.len() != self.state.players() {
            return Err("the names or notepads do not match the seats".into());
        }
        crate::seats::check_names(&self.names)
    }

    pub fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }

    /// What the table shows: the view of the Vigilante whose turn it is
    /// (never the Informant's).
    pub fn table_view(&self) -> SeatView {
        self.state.view(self.state.current())
    }

    /// The person who must act now, if it is a person.
    fn person_to_act(&self) -> Option<Seat> {
        let seat = self.state.to_act()?;
        (self.state.seat_kind(seat) == Some(SeatKind::Person)).then_some(seat)
    }
}

fn team_name(team: u8) -> &'static str {
    if team == 0 {
        "Team A"
    } else {
        "Team B"
    }
}

/// A die's face: "⚂ 3".
fn die(roll: u8) -> String {
    let face = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]
        .get(usize::from(roll).wrapping_sub(1))
        .copied()
        .unwrap_or("");
    format!("{face} {roll}")
}

/// What a probe's answer says in public: the distances it allows (none
/// is longer than corner to corner).
fn answer_meaning(answer: u8, roll: u8) -> String {
    let low = answer.saturating_sub(roll).min(MAX_DISTANCE);
    let high = answer.saturating_add(roll).min(MAX_DISTANCE);
    format!("the Joker is {low} to {high} steps from it")
}

/// Who scores a hit by `seat`: the seat, or its team.
fn scorer(view: &SeatView, names: &[String], seat: Seat) -> String {
    match view.team_of(seat) {
        Some(team) => team_name(team).to_string(),
        None => name_of(names, seat),
    }
}

/// What one event says, as a line of the log: from the event alone, with
/// the names and the game's setup (who informs each round, the teams, how
/// many players) read from any seat's view.
pub fn event_line(view: &SeatView, names: &[String], event: &Event) -> String {
    let who = |seat: Seat| name_of(names, seat);
    let informant = |round: u8| who(view.informant_of(usize::from(round)));
    match event {
        &Event::Asked {
            round,
            seat,
            cell,
            roll,
        } => format!(
            "{} probes {cell}; die {roll}; waiting for {}'s answer.",
            who(seat),
            informant(round)
        ),
        &Event::Probe {
            round,
            seat,
            cell,
            roll,
            answer,
        } => format!(
            "{} probes {cell}; die {roll}; {} answers {answer} ({}).",
            who(seat),
            informant(round),
            answer_meaning(answer, roll)
        ),
        &Event::Shot {
            seat, cell, card, ..
        } if card.is_joker() => format!(
            "{} shoots {cell}: the Joker! {} scores.",
            who(seat),
            scorer(view, names, seat)
        ),
        &Event::Shot {
            seat, cell, card, ..
        } => format!(
            "{0} shoots {cell}: the {1}, a miss. {0} cannot shoot {2}.",
            who(seat),
            card.name(),
            if view.players() == 2 {
                "on the next turn"
            } else {
                "until another Vigilante has shot"
            }
        ),
        &Event::NextRound { round, informant } => format!(
            "Round {}: {} is the Informant.",
            u32::from(round) + 1,
            who(informant)
        ),
        Event::GameOver { winners, score } => result_line(view, names, winners, *score),
    }
}

/// What `events` (those of one action, say) say, line by line.
pub fn what_happened(view: &SeatView, names: &[String], events: &[Event]) -> Vec<String> {
    events.iter().map(|e| event_line(view, names, e)).collect()
}

/// The public log of the game, as lines: the first round's Informant, then
/// every event of the game so far (each probe with its roll and answer,
/// every shot, each next round, the probe waiting for its answer and the
/// result), worded by [`event_line`] from the view's history of events.
pub fn log_lines(view: &SeatView, names: &[String]) -> Vec<String> {
    let mut lines = vec![format!(
        "Round 1: {} is the Informant.",
        name_of(names, view.informant_of(0))
    )];
    lines.extend(what_happened(view, names, &view.history()));
    lines
}

/// "Ana wins with 2 points." / "Team A wins with 3 points." / "Ana and Ben
/// share the win with 1 point."
fn result_line(view: &SeatView, names: &[String], winners: &[Seat], points: u32) -> String {
    if winners.is_empty() {
        return "The game is over.".to_string();
    }
    let plural = if points == 1 { "" } else { "s" };
    let mut who: Vec<String> = match view.teams() {
        Some(_) => winners
            .iter()
            .filter_map(|&s| view.team_of(s))
            .map(|t| team_name(t).to_string())
            .collect(),
        None => winners.iter().map(|&s| name_of(names, s)).collect(),
    };
    who.dedup();
    let verb = if who.len() == 1 {
        "wins"
    } else {
        "share the win"
    };
    format!("{} {verb} with {points} point{plural}.", joined(&who))
}

/// A cell's accessible name on the public table: where it is, what is
/// known of it from the log, and the player's own marks.
pub fn cell_label(view: &SeatView, cell: Cell, marked: bool, aid: Option<CellSet>) -> String {
    let place = cell.to_string();
    let mut label = format!("{}{}", place[..1].to_uppercase(), &place[1..]);
    if let Some(card) = view.card(cell) {
        label.push_str(&format!(": the {}, shot and missed", card.name()));
        return label;
    }
    label.push_str(", face down");
    if let Phase::Answer { cell: probed, .. } = view.phase() {
        if probed == cell {
            label.push_str(", probed, waiting for the answer");
        }
    }
    for event in view.round_log() {
        if let Event::Probe {
            cell: probed,
            roll,
            answer,
            ..
        } = *event
        {
            if probed == cell {
                label.push_str(&format!(", probed: answer {answer} with die {roll}"));
            }
        }
    }
    if marked {
        label.push_str(", marked on your notepad");
    }
    if aid.is_some_and(|possible| !possible.contains(cell)) {
        label.push_str(", ruled out by the answers");
    }
    label
}

/// What tapping a card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TapMode {
    Probe,
    Shoot,
    Mark,
}

/// The tap modes in the order of their radio buttons.
const TAP_MODES: [(TapMode, &str); 3] = [
    (TapMode::Probe, "Probe it (P)"),
    (TapMode::Shoot, "Shoot it (S)"),
    (TapMode::Mark, "Mark it (M)"),
];

fn record_result(ctx: GameCtx, game: &mut JokerGame) {
    if game.counted {
        return;
    }
    let Status::Over { winners } = game.state.status() else {
        return;
    };
    game.counted = true;
    let people: Vec<(String, u32, bool)> = Seat::all(game.state.players())
        .filter(|&s| game.state.seat_kind(s) == Some(SeatKind::Person))
        .map(|s| (game.name(s), game.state.points(s), winners.contains(&s)))
        .collect();
    ctx.stats.update(|s| s.record(&people));
    ctx.save_stats();
}

/// Sends an action to the engine: on success the game is saved (and a new
/// round, as its events say, clears the notepads and is announced); on
/// refusal the engine's reason is shown and nothing changes.
fn dispatch(ctx: GameCtx, feedback: Feedback, action: Action) {
    if ctx.changed_elsewhere.get_untracked() {
        return; // The other-tab dialog must be answered first.
    }
    let Some(mut game) = ctx.game.get_untracked() else {
        return;
    };
    match game.state.apply(action) {
        Ok(events) => {
            if let Some(note) = round_over_text(&game.table_view(), &game.names, &events) {
                game.notes.fill(CellSet::EMPTY);
                feedback.round_over.set(Some(note));
            }
            record_result(ctx, &mut game);
            feedback.message.set(None);
            crate::ui::accepted();
            ctx.game.set(Some(game));
            ctx.save_game();
        }
        Err(error) => {
            feedback.message.set(Some(error.to_string()));
            crate::ui::refused();
        }
    }
}

/// What the round-over dialog says about `events` when they end a round
/// (a hit, then the next round): who shot the Joker, who scores, the
/// round that begins and its Informant. `None` for any other events (the
/// game's last hit included: the end dialog says that).
fn round_over_text(view: &SeatView, names: &[String], events: &[Event]) -> Option<String> {
    let (seat, cell) = events.iter().find_map(|e| match *e {
        Event::Shot { seat, cell, .. } if e.is_hit() => Some((seat, cell)),
        _ => None,
    })?;
    let (round, informant) = events.iter().find_map(|e| match *e {
        Event::NextRound { round, informant } => Some((round, informant)),
        _ => None,
    })?;
    Some(format!(
        "{} shot the Joker at {cell}: {} scores. Round {} of {}: {} is the Informant.",
        name_of(names, seat),
        scorer(view, names, seat),
        u32::from(round) + 1,
        view.rounds(),
        name_of(names, informant)
    ))
}

/// What the round-over dialog says, while a new round has had no action
/// yet after a hit ended the last one (so also after a reload): the
/// engine keeps that round's end ([`SeatView::round_end`]).
fn round_over_note(game: &JokerGame) -> Option<String> {
    let view = game.table_view();
    let events = view.round_end()?;
    round_over_text(&view, &game.names, &events)
}

/// What the table tells the player besides the game itself.
#[derive(Clone, Copy)]
struct Feedback {
    /// Why the last action was refused.
    message: RwSignal<Option<String>>,
    /// A round just ended: what happened, until the players go on.
    round_over: RwSignal<Option<String>>,
}

/// The computer seat that must act now, with its level.
fn computer_to_act(state: &State) -> Option<(Seat, Level)> {
    let seat = state.to_act()?;
    state.seat_kind(seat)?.level().map(|l| (seat, l))
}

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
    // A reload between a round's end and the next round's first action
    // shows the round's end again (the computers wait for it).
    let feedback = Feedback {
        message: RwSignal::new(None),
        round_over: RwSignal::new(
            ctx.game
                .with_untracked(|g| g.as_ref().and_then(round_over_note)),
        ),
    };
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

    play_computers(
        ctx.app,
        move || {
            feedback.round_over.with(Option::is_none)
                && ctx
                    .game
                    .with(|g| g.as_ref().and_then(|g| computer_to_act(&g.state)).is_some())
        },
        move || {
            let Some(game) = ctx.game.try_get_untracked().flatten() else {
                return;
            };
            let Some((seat, level)) = computer_to_act(&game.state) else {
                return;
            };
            // From the seat's view alone, seeded by the game itself.
            let action = State::bot_action(&game.state.view(seat), level, game.state.bot_seed());
            dispatch(ctx, feedback, action);
        },
    );

    let game_over = move || {
        ctx.game
            .with(|g| g.as_ref().is_some_and(|g| g.state.is_over()))
    };

    let tour = first_visit(super::ID);
    view! {
        <TopBar title="Joker">
            <TourButton open=tour/>
            <a class="button" href=route(Page::Rules).href()>"Rules"</a>
        </TopBar>
        <Tour game=super::ID steps=TOUR open=tour moves=changes(ctx.game)/>
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
            <EndDialog dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
        <When when=move || ctx.changed_elsewhere.get()>
            <ChangedElsewhereDialog on_continue=Callback::new(move |_| {
                feedback.message.set(None);
                holder.set(None);
            })/>
        </When>
    }
}

/// The table as everyone may see it: whose turn, the die, the grid, the
/// players and the log. The grid is played by the person whose turn it is.
#[component]
fn PublicTable(feedback: Feedback) -> impl IntoView {
    let ctx = game_ctx();
    let aid_on = Signal::derive(move || prefs().value.with(|p| p.deduction_aid));
    // The tap mode's place in TAP_MODES, and the cell the arrow keys are
    // on, as plain numbers (signals of types the app has already).
    let mode = RwSignal::new(0usize);
    let cursor = RwSignal::new(CELLS / 2);
    let confirm_shot = RwSignal::new(None::<usize>);
    // The Vigilante who may use the grid now: a person, in their turn.
    let my_turn = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref().and_then(|g| {
                let seat = g.person_to_act()?;
                (g.state.phase() == Phase::Turn).then_some(seat)
            })
        })
    });

    let act = move |cell: Cell, what: TapMode| {
        let Some(seat) = my_turn.get_untracked() else {
            return;
        };
        match what {
            TapMode::Probe => dispatch(ctx, feedback, Action::Probe(cell)),
            TapMode::Shoot => {
                // Asked before the shot's question: the engine's dry run.
                let refusal = ctx
                    .game
                    .with_untracked(|g| g.as_ref()?.state.check(&Action::Shoot(cell)).err());
                match refusal {
                    Some(why) => feedback.message.set(Some(why.to_string())),
                    None => confirm_shot.set(Some(cell.index())),
                }
            }
            TapMode::Mark => {
                let face_up = ctx.game.with_untracked(|g| {
                    g.as_ref().is_some_and(|g| g.state.face_up().contains(cell))
                });
                if face_up {
                    return;
                }
                ctx.game.update(|g| {
                    if let Some(notes) = g.as_mut().and_then(|g| g.notes.get_mut(seat.index())) {
                        if notes.contains(cell) {
                            notes.remove(cell);
                        } else {
                            notes.insert(cell);
                        }
                    }
                });
                ctx.save_game();
            }
        }
    };

    let focus_cursor = move || {
        request_animation_frame(move || {
            let selector = format!("[data-cell=\"{}\"]", cursor.get_untracked());
            if let Ok(Some(el)) = document().query_selector(&selector) {
                use wasm_bindgen::JsCast;
                if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    };
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        if ctx.changed_elsewhere.get_untracked()
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
        <div class="table-layout">
            <div class="table-main">
                <WhoseTurn/>
                <DieAndLastProbe/>
                <Grid mode cursor my_turn aid_on act=Callback::new(move |(cell, what)| act(cell, what))/>
                <section class="choices jk-modes" aria-label="Your choices">
                    {move || match my_turn.get() {
                        Some(_) => view! {
                            <Choice
                                legend="Tapping a card will"
                                name="joker-tap"
                                options=TAP_MODES.iter().map(|m| m.1).collect()
                                selected=mode.into()
                                choose=Callback::new(move |i| mode.set(i))
                            />
                        }.into_any(),
                        None if ctx.game.with(|g| g.as_ref().is_some_and(|g| g.state.is_over())) =>
                            view! { <p class="waiting">"The game is over."</p> }.into_any(),
                        None => view! { <p class="waiting">"The computer is playing…"</p> }.into_any(),
                    }}
                </section>
                <p class="table-message" role="status" aria-live="assertive">{move || feedback.message.get().unwrap_or_default()}</p>
            </div>
            <div class="table-side">
                <Players/>
                <GameLog lines=Signal::derive(move || ctx.game.with(|g| g.as_ref().map(|g| log_lines(&g.table_view(), &g.names)).unwrap_or_default()))/>
            </div>
        </div>
        <When when=move || confirm_shot.with(Option::is_some)>
            <ShotDialog cell=confirm_shot shoot=Callback::new(move |cell| {
                confirm_shot.set(None);
                dispatch(ctx, feedback, Action::Shoot(Cell::new(cell / SIDE, cell % SIDE)));
            })/>
        </When>
    }
}

/// Asks before a shot: a miss turns the card up and locks the shooter out.
#[component]
fn ShotDialog(cell: RwSignal<Option<usize>>, shoot: Callback<usize>) -> impl IntoView {
    let ctx = game_ctx();
    let index = cell.get_untracked().unwrap_or(0);
    let target = Cell::new(index / SIDE, index % SIDE);
    let single = ctx
        .game
        .with_untracked(|g| g.as_ref().is_some_and(|g| g.state.players() == 2));
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
fn WhoseTurn() -> impl IntoView {
    let ctx = game_ctx();
    let text = move || {
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let view = g.table_view();
            let round = format!("Round {} of {}", view.round() + 1, view.rounds());
            // "Cy's turn (computer, Strong): probe or shoot a card."
            let (seat, head, tail) = match view.phase() {
                Phase::Over => return Some((view.current(), "The game is over.".to_string())),
                Phase::Turn if view.can_shoot(view.current()) => {
                    (view.current(), "'s turn", ": probe or shoot a card.")
                }
                Phase::Turn => (
                    view.current(),
                    "'s turn",
                    ": probe a card (no shooting this turn).",
                ),
                Phase::Answer { .. } => (view.informant(), ", the Informant", ", is answering."),
            };
            let kind = computer_note(view.seat_kind(seat));
            Some((
                seat,
                format!("{round} · {}{head}{kind}{tail}", g.name(seat)),
            ))
        })
    };
    view! { <TurnBanner text=Signal::derive(text)/> }
}

/// The die of the probe waiting for its answer, or the last answer.
#[component]
fn DieAndLastProbe() -> impl IntoView {
    let ctx = game_ctx();
    let text = move || {
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let view = g.table_view();
            if let Phase::Answer { cell, roll } = view.phase() {
                return Some(format!(
                    "{} probes {cell}. Die: {}. The Informant may answer within {roll} of the true distance.",
                    g.name(view.current()),
                    die(roll)
                ));
            }
            view.round_log().iter().rev().find_map(|e| match *e {
                Event::Probe {
                    seat,
                    cell,
                    roll,
                    answer,
                    ..
                } => Some(format!(
                    "Last probe: {} at {cell}, die {}, answer {answer}: {}.",
                    g.name(seat),
                    die(roll),
                    answer_meaning(answer, roll)
                )),
                _ => None,
            })
        })
    };
    view! {
        <p class="jk-die" aria-live="polite">{move || text().unwrap_or_else(|| "No probe yet this round.".to_string())}</p>
    }
}

/// How one card of the public grid looks: its classes, accessible name,
/// face (if shot and missed) and the answers its probes got.
#[derive(Clone, Debug, Default, PartialEq)]
struct CellLook {
    class: String,
    label: String,
    card: Option<engine::cards::Card>,
    probes: String,
}

fn cell_look(game: &JokerGame, cell: Cell, notes: Option<CellSet>, aid: bool) -> CellLook {
    let view = game.table_view();
    let marked = notes.is_some_and(|n| n.contains(cell));
    let possible = aid.then(|| view.consistent_cells());
    let probes: Vec<String> = view
        .round_log()
        .iter()
        .filter_map(|e| match *e {
            Event::Probe {
                cell: c,
                roll,
                answer,
                ..
            } if c == cell => Some(format!("{answer}±{roll}")),
            _ => None,
        })
        .collect();
    let pending = matches!(view.phase(), Phase::Answer { cell: c, .. } if c == cell);
    let mut class = "card-slot jk-cell".to_string();
    for (on, name) in [
        (pending, " pending"),
        (marked, " marked"),
        (
            possible.is_some_and(|p| !p.contains(cell) && view.card(cell).is_none()),
            " ruled-out",
        ),
    ] {
        if on {
            class.push_str(name);
        }
    }
    CellLook {
        class,
        label: cell_label(&view, cell, marked, possible),
        card: view.card(cell),
        probes: probes.join(" "),
    }
}

/// The 5×5 grid as everyone sees it. Tapping a card (or Enter) does what
/// the chosen mode says; the cursor is where the arrow keys are. The cards
/// are built once and only their attributes follow the game, so the focus
/// stays where it is.
#[component]
fn Grid(
    mode: RwSignal<usize>,
    cursor: RwSignal<usize>,
    my_turn: Memo<Option<Seat>>,
    aid_on: Signal<bool>,
    act: Callback<(Cell, TapMode)>,
) -> impl IntoView {
    let ctx = game_ctx();
    // The notepad of the person whose turn it is.
    let notes = move || {
        let seat = my_turn.get()?;
        ctx.game
            .with(|g| g.as_ref().and_then(|g| g.notes.get(seat.index()).copied()))
    };
    let look = move |cell: Cell| {
        let notes = notes();
        let aid = aid_on.get();
        ctx.game.with(|g| {
            g.as_ref()
                .map(|g| cell_look(g, cell, notes, aid))
                .unwrap_or_default()
        })
    };
    let remaining = move || {
        aid_on
            .get()
            .then(|| {
                ctx.game
                    .with(|g| g.as_ref().map(|g| g.table_view().consistent_cells().len()))
            })
            .flatten()
    };
    view! {
        <div class="jk-board">
            <div class="jk-grid" role="group" aria-label="The grid: 25 cards, 5 rows of 5">
                {(0..CELLS).map(|i| {
                    let cell = Cell::new(i / SIDE, i % SIDE);
                    view! {
                        <button
                            class=move || look(cell).class
                            data-cell=i
                            tabindex=move || if cursor.get() == i { "0" } else { "-1" }
                            aria-label=move || look(cell).label
                            aria-disabled=move || (look(cell).card.is_some() || my_turn.get().is_none()).to_string()
                            on:focus=move |_| cursor.set(i)
                            on:click=move |_| {
                                let what = TAP_MODES.get(mode.get_untracked()).map_or(TapMode::Probe, |m| m.0);
                                act.run((cell, what));
                            }
                        >
                            {move || match look(cell).card {
                                Some(card) => view! { <CardFace card/> }.into_any(),
                                None => view! { <span class="card-back"></span> }.into_any(),
                            }}
                            {move || {
                                let probes = look(cell).probes;
                                (!probes.is_empty()).then(|| view! {
                                    <span class="jk-probes" aria-hidden="true">{probes}</span>
                                }.into_any())
                            }}
                        </button>
                    }.into_any()
                }).collect_view()}
            </div>
            {move || remaining().map(|n| view! {
                <p class="jk-aid">{format!("Deduction aid: {n} of the face-down cards fit every answer so far.")}</p>
            }.into_any())}
        </div>
    }
}

/// Every player: role, score, lock, whose turn.
#[component]
fn Players() -> impl IntoView {
    let ctx = game_ctx();
    let seats = move || {
        ctx.game
            .with(|g| g.as_ref().map_or(0, |g| g.state.players()))
    };
    view! {
        <section class="players" aria-label="Players">
            {move || Seat::all(seats()).map(|seat| {
                let info = move || ctx.game.with(|g| g.as_ref().map(|g| {
                    let v = g.table_view();
                    let informant = v.informant() == seat && !v.status().eq(&Status::Over { winners: v.winners().to_vec() });
                    let acting = v.to_act() == Some(seat);
                    let locked = v.lock(seat) != Lock::Free;
                    let team = v.team_of(seat).map(team_name);
                    (g.name(seat), v.seat_kind(seat), informant, acting, locked, team, v.points(seat), v.score(seat),
                        v.winners().contains(&seat))
                }));
                move || info().map(|(name, kind, informant, acting, locked, team, points, score, winner)| {
                    let kind = match kind {
                        Some(SeatKind::Computer(level)) => format!("Computer ({})", level.name()),
                        _ => "Person".to_string(),
                    };
                    let role = if informant { "Informant" } else { "Vigilante" };
                    let plural = |n: u32| if n == 1 { "" } else { "s" };
                    let score_text = match team {
                        Some(team) => format!("{team}: {score} point{} ({points} shot by {name})", plural(score)),
                        None => format!("{points} point{}", plural(points)),
                    };
                    let mut status = Vec::new();
                    if acting { status.push("to play"); }
                    if locked { status.push("cannot shoot yet"); }
                    if winner { status.push("winner"); }
                    let label = format!("{name}, {kind}, {role}: {score_text}{}",
                        status.iter().map(|s| format!(", {s}")).collect::<String>());
                    view! {
                        <article class=format!("player {}", seat_class(seat)) class:current=acting aria-label=label>
                            <h3 aria-hidden="true">
                                <span class="seat-dot"></span>
                                {name}
                                {informant.then(|| view! { <span class="badge">"Informant"</span> }.into_any())}
                                {acting.then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                                {locked.then(|| view! { <span class="badge arrested">"locked"</span> }.into_any())}
                                {winner.then(|| view! { <span class="badge winner">"winner"</span> }.into_any())}
                            </h3>
                            <p class="player-kind" aria-hidden="true">{format!("{kind} · {role}")}</p>
                            <p class="player-kind" aria-hidden="true">{score_text}</p>
                        </article>
                    }.into_any()
                })
            }.into_any()).collect_view()}
        </section>
    }
}

/// The Informant's private screen: where the Joker is, the probe's true
/// distance, and the answers the die allows, with what each leaves open.
/// In the page only while the Informant holds the device.
#[component]
fn InformantDesk(feedback: Feedback) -> impl IntoView {
    let ctx = game_ctx();
    let desk = move || {
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let view = g.state.view(g.state.informant());
            let joker = view.joker()?;
            let distance = view.true_distance()?;
            let allowed = view.allowed_answers()?;
            let Phase::Answer { cell, roll } = view.phase() else {
                return None;
            };
            let possible = view.consistent_cells();
            let answers: Vec<(u8, usize)> = allowed
                .map(|a| {
                    let left = possible
                        .iter()
                        .filter(|&c| consistent(c, cell, roll, a))
                        .count();
                    (a, left)
                })
                .collect();
            Some((
                g.name(view.informant()),
                g.name(view.current()),
                joker,
                cell,
                distance,
                roll,
                answers,
                view.face_up(),
            ))
        })
    };
    move || {
        desk().map(|(me, prober, joker, probed, distance, roll, answers, face_up)| {
            let (low, high) = (answers.first().map_or(0, |a| a.0), answers.last().map_or(0, |a| a.0));
            view! {
                <section class="panel jk-desk" aria-labelledby="desk-title">
                    <h2 id="desk-title">{format!("{me}, you are the Informant")}</h2>
                    <p>{format!("{prober} probes {probed}. The Joker is at {joker}: the true distance is {distance}.")}</p>
                    <p>{format!("The die shows {}: you may answer any number from {low} to {high}.", die(roll))}</p>
                    <div class="jk-mini" role="img" aria-label=format!("The grid: the Joker at {joker}, the probed card at {probed}")>
                        {(0..CELLS as u8).map(|i| {
                            let cell = Cell(i);
                            let class = if cell == joker { "jk-mini-cell joker" } else if cell == probed { "jk-mini-cell probed" }
                                else if face_up.contains(cell) { "jk-mini-cell up" } else { "jk-mini-cell" };
                            let mark = if cell == joker { "★" } else if cell == probed { "?" } else { "" };
                            view! { <span class=class>{mark}</span> }.into_any()
                        }).collect_view()}
                    </div>
                    <div class="choices jk-answers" role="group" aria-label="Your answer">
                        {answers.into_iter().map(|(answer, left)| view! {
                            <button class="button primary" on:click=move |_| dispatch(ctx, feedback, Action::Answer(answer))>
                                {format!("Answer {answer}")}
                                <span class="button-detail">{format!("{left} cells fit")}</span>
                            </button>
                        }.into_any()).collect_view()}
                    </div>
                    <p class="table-message" role="status" aria-live="assertive">{move || feedback.message.get().unwrap_or_default()}</p>
                </section>
            }
        })
    }
}

#[component]
fn EndDialog(dismiss: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let (title, scores, person_won) = ctx.game.with_untracked(|g| {
        let Some(g) = g.as_ref() else {
            return (String::new(), Vec::new(), false);
        };
        let person_won = g
            .state
            .winners()
            .iter()
            .any(|&s| g.state.seat_kind(s) == Some(SeatKind::Person));
        // The result as the game's last event says it.
        let view = g.table_view();
        let title = view
            .history()
            .last()
            .filter(|e| matches!(e, Event::GameOver { .. }))
            .map_or_else(
                || "The game is over.".to_string(),
                |end| event_line(&view, &g.names, end),
            );
        let scores: Vec<String> = Seat::all(g.state.players())
            .map(|s| format!("{}: {}", g.name(s), g.state.points(s)))
            .collect();
        (title, scores, person_won)
    });
    view! {
        <Dialog title=title celebrate=person_won>
            <p>{format!("Jokers shot: {}.", scores.join(", "))}</p>
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

#[cfg(test)]
mod tests {
    use super::*;

    fn plans(kinds: &[SeatKind]) -> Vec<SeatPlan> {
        ["Ana", "Ben", "Cy", "Di"]
            .iter()
            .zip(kinds)
            .map(|(name, &kind)| SeatPlan {
                name: name.to_string(),
                kind,
            })
            .collect()
    }

    /// Plays a whole game with the Simple bot in every seat, checking the
    /// log after each action.
    fn play(game: &mut JokerGame) {
        let mut steps = 0;
        while !game.state.is_over() {
            let seat = game.state.to_act().unwrap();
            let view = game.state.view(seat);
            let action = State::bot_action(&view, Level::Simple, game.state.bot_seed());
            game.state.apply(action).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
    }

    #[test]
    fn the_log_tells_each_round_probe_shot_and_the_result() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 5).unwrap();
        assert_eq!(
            log_lines(&game.table_view(), &game.names),
            ["Round 1: Ana is the Informant."]
        );
        play(&mut game);
        let log = log_lines(&game.table_view(), &game.names).join("\n");
        for round in 1..=3 {
            assert!(log.contains(&format!("Round {round}: ")), "{log}");
        }
        assert!(log.contains("Ben is the Informant") && log.contains("Cy is the Informant"));
        assert_eq!(log.matches("the Joker!").count(), 3, "{log}");
        assert!(log.contains(" answers "), "{log}");
        assert!(log.contains("with ") && log.contains(" point"), "{log}");
        assert_eq!(game.validate(), Ok(()));
    }

    #[test]
    fn teams_and_solo_games_are_set_up_from_the_new_game_choices() {
        let people = [SeatKind::Person; 4];
        let teams = JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 1, 0, 1]), 1).unwrap();
        assert_eq!(teams.state.team_of(Seat(2)), Some(0));
        assert!(JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 0, 0, 0]), 1).is_err());
        let solo = [SeatKind::Computer(Level::Strong), SeatKind::Person];
        let mut game = JokerGame::new(&plans(&solo), &Mode::Solo { rounds: 3 }, 2).unwrap();
        play(&mut game);
        let log = log_lines(&game.table_view(), &game.names).join("\n");
        assert_eq!(log.matches("Ana is the Informant").count(), 3, "{log}");
        assert!(log.ends_with("Ben wins with 3 points."), "{log}");
    }

    #[test]
    fn the_round_over_dialog_shows_until_the_next_round_s_first_action_and_only_once() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 5).unwrap();
        assert_eq!(round_over_note(&game), None, "no round has ended");
        let mut steps = 0;
        while game.state.round() == 0 {
            let seat = game.state.to_act().unwrap();
            let view = game.state.view(seat);
            let action = State::bot_action(&view, Level::Simple, game.state.bot_seed());
            game.state.apply(action).unwrap();
            assert_eq!(round_over_note(&game).is_some(), game.state.round() == 1);
            steps += 1;
            assert!(steps < 100_000);
        }
        // The round's end is shown, also to a reloaded page.
        let note = round_over_note(&game).expect("the round's end is shown");
        assert!(
            note.contains("shot the Joker") && note.contains("Round 2 of 3"),
            "{note}"
        );
        // The next round's first probe logs nothing until answered: it is
        // not another hit, and the dialog is over.
        let joker = game.state.joker();
        let cell = (0..CELLS as u8).map(Cell).find(|&c| c != joker).unwrap();
        game.state.apply(Action::Probe(cell)).unwrap();
        assert!(game.state.log().last().unwrap().is_hit());
        assert_eq!(round_over_note(&game), None);
    }

    /// A face-down cell that is not the Joker's.
    fn blank(game: &JokerGame) -> Cell {
        let joker = game.state.joker();
        game.state.face_down().iter().find(|&c| c != joker).unwrap()
    }

    /// Applies `action`; returns what its events say.
    fn said(game: &mut JokerGame, action: Action) -> Vec<String> {
        let events = game.state.apply(action).unwrap();
        what_happened(&game.table_view(), &game.names, &events)
    }

    #[test]
    fn every_event_kind_has_its_line() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 5).unwrap();
        let cell = blank(&game);
        let asked = said(&mut game, Action::Probe(cell));
        let Phase::Answer { roll, .. } = game.state.phase() else {
            panic!("no answer pending");
        };
        assert_eq!(
            asked,
            [format!(
                "Ben probes {cell}; die {roll}; waiting for Ana's answer."
            )]
        );
        let answer = *game.state.allowed_answers().unwrap().start();
        assert_eq!(
            said(&mut game, Action::Answer(answer)),
            [format!(
                "Ben probes {cell}; die {roll}; Ana answers {answer} ({}).",
                answer_meaning(answer, roll)
            )]
        );
        let miss = blank(&game);
        let missed = said(&mut game, Action::Shoot(miss));
        let card = game.state.card_if_face_up(miss).unwrap();
        assert_eq!(
            missed,
            [format!(
                "Cy shoots {miss}: the {}, a miss. Cy cannot shoot until another Vigilante has shot.",
                card.name()
            )]
        );
        let joker = game.state.joker();
        assert_eq!(
            said(&mut game, Action::Shoot(joker)),
            [
                format!("Ben shoots {joker}: the Joker! Ben scores."),
                "Round 2: Ben is the Informant.".to_string()
            ]
        );
        let joker = game.state.joker();
        said(&mut game, Action::Shoot(joker)); // Cy scores
        let joker = game.state.joker();
        assert_eq!(
            said(&mut game, Action::Shoot(joker)),
            [
                format!("Ana shoots {joker}: the Joker! Ana scores."),
                "Ana, Ben and Cy share the win with 1 point.".to_string()
            ]
        );
    }

    /// The log is the lines of the events every action returned (an answer
    /// standing for its probe's line), whatever the mode: nothing else is
    /// read to write it.
    #[test]
    fn the_log_is_the_lines_of_the_events_every_action_returned() {
        let kinds = [SeatKind::Person; 4];
        for mode in [
            Mode::Everyone,
            Mode::Teams(vec![0, 1, 1, 0]),
            Mode::Solo { rounds: 2 },
        ] {
            let mut game = JokerGame::new(&plans(&kinds), &mode, 9).unwrap();
            let mut lines = log_lines(&game.table_view(), &game.names);
            while !game.state.is_over() {
                let seat = game.state.to_act().unwrap();
                let view = game.state.view(seat);
                let action = State::bot_action(&view, Level::Simple, game.state.bot_seed());
                if matches!(action, Action::Answer(_)) {
                    lines.pop(); // the probe's line while it waited
                }
                lines.extend(said(&mut game, action));
                assert_eq!(log_lines(&game.table_view(), &game.names), lines);
            }
            assert!(lines.last().unwrap().contains(" with "), "{lines:?}");
        }
    }

    /// The round-over dialog says the same from the hit's events (as the
    /// action is played) and from the state (after a reload).
    #[test]
    fn a_round_s_end_is_worded_from_its_events_and_the_same_after_a_reload() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 1, 1]), 4).unwrap();
        let cell = blank(&game);
        let events = game.state.apply(Action::Probe(cell)).unwrap();
        assert_eq!(
            round_over_text(&game.table_view(), &game.names, &events),
            None
        );
        let answer = *game.state.allowed_answers().unwrap().start();
        game.state.apply(Action::Answer(answer)).unwrap(); // Ben's probe
        let joker = game.state.joker();
        let events = game.state.apply(Action::Shoot(joker)).unwrap();
        let note = round_over_text(&game.table_view(), &game.names, &events);
        assert_eq!(
            note.as_deref(),
            Some(format!(
                "Cy shot the Joker at {joker}: Team B scores. Round 2 of 3: Ben is the Informant."
            ))
            .as_deref()
        );
        let text = crate::codec::to_string(&game).unwrap();
        let reloaded: JokerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(round_over_note(&reloaded), note);
    }

    /// A shot the rules refuse is refused before its question, in the
    /// engine's words.
    #[test]
    fn a_refused_shot_is_worded_by_the_engine() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 6).unwrap();
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap(); // Ben misses
        let refusal = game.state.check(&Action::Shoot(miss)).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            format!("The card at {miss} is face up: only face-down cards can be probed or shot.")
        );
        // Cy probes; Ben's turn again.
        let cell = blank(&game);
        game.state.apply(Action::Probe(cell)).unwrap();
        let answer = *game.state.allowed_answers().unwrap().start();
        game.state.apply(Action::Answer(answer)).unwrap();
        assert_eq!(game.state.current(), Seat(1));
        let refusal = game.state.check(&Action::Shoot(blank(&game))).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "You missed and cannot shoot until another Vigilante has shot: probe instead."
        );
    }

    #[test]
    fn the_public_table_never_names_the_joker() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 11).unwrap();
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        let view = game.table_view();
        assert!(view.joker().is_none() && view.allowed_answers().is_none());
        let joker = game.state.joker();
        let label = cell_label(&view, joker, false, None);
        assert!(!label.to_lowercase().contains("joker"), "{label}");
        let pending = cell_label(&view, Cell(0), true, Some(CellSet::EMPTY));
        assert!(pending.contains("waiting for the answer"), "{pending}");
        assert!(pending.contains("marked") && pending.contains("ruled out"));
        assert!(log_lines(&game.table_view(), &game.names)
            .last()
            .unwrap()
            .contains("waiting for Ana's answer"));
    }

    #[test]
    fn a_saved_game_round_trips() {
        let kinds = [SeatKind::Person, SeatKind::Computer(Level::Simple)];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 3).unwrap();
        game.notes[1].insert(Cell(4));
        game.state.apply(Action::Probe(Cell(7))).unwrap();
        let text = crate::codec::to_string(&game).unwrap();
        let back: JokerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.validate(), Ok(()));
        let mut bad = game.clone();
        bad.notes.pop();
        assert!(bad.validate().is_err());
    }
}
