//! The Murderers' Row table. A tap becomes a step of a [`pick::Pick`]; a
//! confirmed pick becomes an engine action; the engine's answer (the next
//! state, or why not) is all the view shows. The solver's odds come from the
//! worker (`solver_client`), never from the page's own thread.

use super::happened::{capitalised, the_cards, what_happened};
use super::pick::{self, Pick, Stage};
use super::solver_client;
use super::thinking::{self, Thinking, ThinkingBar};
use super::{deal_route, game_ctx, route, GameCtx};
use crate::route::Page;
use crate::shell::{navigate, redirect};
use crate::stats::GameResult;
use crate::ui::deal::DealScreen;
use crate::ui::tour::{changes, first_visit, Tour, TourButton, TourStep};
use crate::ui::{
    copy_page_link, shortcut_key, ChangedElsewhereDialog, Dialog, RestartDialog, TopBar, When,
};
use engine::murderers_row::advice::{self, Answer, Decision, Hint, Question};
use engine::murderers_row::difficulty::{Difficulty, Level};
use engine::murderers_row::{Action, Direction, Event, Killer, Slot, State, Status, Target};
use engine::Game;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// The game in progress. It is saved as its deal and the moves that stand
/// (see [`SavedGame`]): loading replays them, so a save that is not a real
/// game cannot load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "SavedGame", try_from = "SavedGame")]
pub struct MurderersRowGame {
    pub state: State,
    /// Its result is in the statistics already: a lost game taken back by
    /// undo goes on, but is not counted again.
    pub counted: bool,
    /// The deal's level, once the solver has worked it out (its result is
    /// counted under it).
    pub level: Option<Level>,
}

/// What is kept of a game: enough to replay it exactly.
#[derive(Serialize, Deserialize)]
struct SavedGame {
    seed: u64,
    history: Vec<Action>,
    /// Undo or hints were used.
    assisted: bool,
    counted: bool,
    /// Not written while unknown: a game of earlier versions saves as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
}

impl From<MurderersRowGame> for SavedGame {
    fn from(game: MurderersRowGame) -> SavedGame {
        SavedGame {
            seed: game.state.seed(),
            history: game.state.history().to_vec(),
            assisted: game.state.assisted(),
            counted: game.counted,
            level: game.level,
        }
    }
}

/// A save that does not replay is refused (and the loader says why).
impl TryFrom<SavedGame> for MurderersRowGame {
    type Error = &'static str;

    fn try_from(saved: SavedGame) -> Result<MurderersRowGame, &'static str> {
        let state = State::restore(saved.seed, &saved.history, saved.assisted)
            .map_err(|_| "its moves do not replay")?;
        Ok(MurderersRowGame {
            state,
            counted: saved.counted,
            level: saved.level,
        })
    }
}

impl MurderersRowGame {
    pub fn new(seed: u64) -> MurderersRowGame {
        MurderersRowGame {
            state: State::new(seed),
            counted: false,
            level: None,
        }
    }

    /// A loaded game is whole (loading replayed it; this checks the result).
    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()
    }

    /// Begun and not over: leaving it counts as a loss.
    pub fn in_progress(&self) -> bool {
        !self.state.is_over() && !self.state.history().is_empty()
    }
}

fn result_of(state: &State) -> Option<GameResult> {
    match state.status() {
        Status::Won => Some(GameResult::Won {
            score: None,
            assisted: state.assisted(),
        }),
        Status::Lost => Some(GameResult::Lost),
        Status::Playing(_) => None,
    }
}

/// Records the game's result once.
fn count_result(ctx: GameCtx, game: &mut MurderersRowGame, result: GameResult) {
    if !game.counted {
        game.counted = true;
        ctx.stats.update(|s| s.record(result, game.level));
        ctx.save_stats();
    }
}

/// Starts a deal, counting the game it replaces as lost if it had begun.
fn start_game(ctx: GameCtx, seed: u64) {
    if let Some(mut current) = ctx.game.get_untracked().filter(|g| g.in_progress()) {
        count_result(ctx, &mut current, GameResult::Lost);
    }
    solver_client::drop_questions();
    let mut game = MurderersRowGame::new(seed);
    game.level = solver_client::known_level(seed);
    ctx.game.set(Some(game));
    ctx.save_game();
}

/// The Murderers' Row screen for a deal (or, with none, the game in progress).
#[component]
pub fn MurderersRowScreen(seed: Option<u64>) -> impl IntoView {
    let ctx = game_ctx();
    let current = ctx
        .game
        .with_untracked(|g| g.as_ref().map(|g| (g.state.seed(), g.in_progress())));
    let Some(seed) = seed else {
        let target = match current {
            Some((seed, _)) => deal_route(seed),
            None => route(Page::New),
        };
        redirect(ctx.app, route(Page::Current), target);
        return ().into_any();
    };
    let is_current = matches!(current, Some((s, _)) if s == seed);
    let must_confirm = !is_current && matches!(current, Some((_, true)));
    if !is_current && !must_confirm {
        start_game(ctx, seed);
    }
    // Built once per deal, not on every move.
    let table_matches = Memo::new(move |_| {
        ctx.game
            .with(|g| g.as_ref().is_some_and(|g| g.state.seed() == seed))
    });
    view! {
        <DealScreen
            title="Murderers' Row"
            must_confirm
            question=format!("Start deal {seed}? Your game in progress will end and count as a loss.")
            start=Callback::new(move |()| start_game(ctx, seed))
            in_progress=route(Page::Current)
            table_matches
            table=ViewFn::from(|| view! { <Table/> })
        />
    }
    .into_any()
}

/// Table-local state: choices, feedback and dialogs, never the game itself.
#[derive(Clone, Copy)]
struct Ui {
    pick: RwSignal<Pick>,
    message: RwSignal<Option<String>>,
    /// The solver is working on a question of this table.
    thinking: RwSignal<Option<Thinking>>,
    hint: RwSignal<Option<Hint>>,
    review: RwSignal<Option<Result<Vec<Decision>, String>>>,
    end_dismissed: RwSignal<bool>,
    confirm_restart: RwSignal<bool>,
}

/// Reads the game on the table, tracked: `f` of its state, or the default
/// when there is no game.
fn read<T: Default>(ctx: GameCtx, f: impl FnOnce(&State) -> T) -> T {
    ctx.game
        .with(|g| g.as_ref().map(|g| f(&g.state)).unwrap_or_default())
}

fn game_state(ctx: GameCtx) -> Option<State> {
    ctx.game
        .with_untracked(|g| g.as_ref().map(|g| g.state.clone()))
}

/// Sends an action to the engine: on success the new state is shown and
/// saved; on refusal the reason is shown and nothing changes.
fn dispatch(ctx: GameCtx, ui: Ui, action: Action) {
    if ctx.changed_elsewhere.get_untracked() {
        return; // The other-tab dialog must be answered first.
    }
    let Some(mut game) = ctx.game.get_untracked() else {
        return;
    };
    match game.state.apply(action) {
        Ok(events) => {
            if let Some(result) = result_of(&game.state) {
                count_result(ctx, &mut game, result);
            }
            ui.message.set(what_happened(&events));
            ui.pick.set(Pick::default());
            ui.hint.set(None);
            ui.review.set(None);
            ui.end_dismissed.set(false);
            mark_falling(&events);
            crate::ui::accepted();
            ctx.game.set(Some(game));
            ctx.save_game();
        }
        Err(error) => {
            ui.message.set(Some(error.to_string()));
            crate::ui::refused();
        }
    }
}

/// Marks the row's cards that the events kill, so that they fall off the
/// table when the view shows the new state (`data-falls`, read by
/// `crate::ui::motion` just before the change).
fn mark_falling(events: &[Event]) {
    use wasm_bindgen::JsCast;
    let dying = super::happened::died(events);
    if dying.is_empty() {
        return;
    }
    let Ok(cards) = document().query_selector_all(".mr-row [data-card]") else {
        return;
    };
    for i in 0..cards.length() {
        let Some(element) = cards
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let name = element.get_attribute("data-card");
        if dying.iter().any(|c| name.as_deref() == Some(c.name())) {
            let _ = element.set_attribute("data-falls", "");
        }
    }
}

/// An action in words, as the player would say it.
pub fn describe(action: Action) -> String {
    match action {
        Action::Activate {
            card,
            copying,
            target,
        } => {
            let who = match copying {
                Some(source) => format!("{card} (as the {source})"),
                None => card.to_string(),
            };
            match target {
                Target::None => who,
                Target::Card(c) => format!("{who} on the {c}"),
                Target::Pair(a, b) => format!("{who} on the {a} and the {b}"),
                Target::Random(Direction::Left) => format!("{who} to the left"),
                Target::Random(Direction::Right) => format!("{who} to the right"),
            }
        }
        Action::AlsoKill(card) => format!("the Air Strike also kills the {card}"),
        Action::Undo => "undo".to_string(),
        Action::Hint => "hint".to_string(),
    }
}

/// A probability as a whole percentage that never rounds a chance to a
/// certainty: "100%" only for a sure win, "0%" only for a sure loss.
pub fn percent(p: f64) -> String {
    if p >= 1.0 - advice::NEGLIGIBLE {
        "100%".to_string()
    } else if p <= advice::NEGLIGIBLE {
        "0%".to_string()
    } else {
        let whole = ((p * 100.0).round() as u32).clamp(1, 99);
        format!("{whole}%")
    }
}

/// Whether `asked` is still the position on the table (an answer about
/// another position is dropped).
fn still_current(ctx: GameCtx, asked: &State) -> bool {
    ctx.game.with_untracked(|g| {
        g.as_ref().is_some_and(|g| {
            g.state.seed() == asked.seed()
                && g.state.history() == asked.history()
                && g.state.phase() == asked.phase()
        })
    })
}

fn ask_hint(ctx: GameCtx, ui: Ui) {
    let Some(asked) = game_state(ctx) else { return };
    if asked.is_over() {
        return;
    }
    let question = Question::Hint {
        seed: asked.seed(),
        history: asked.history().to_vec(),
    };
    thinking::ask(
        ui.thinking,
        "Working out the odds…",
        question,
        move |answer| {
            if !still_current(ctx, &asked) {
                return;
            }
            match answer {
                Ok(Answer::Hint(hint)) => {
                    if let Some(best) = hint.best {
                        if !matches!(best, Action::AlsoKill(_)) {
                            let _ = ui.pick.try_set(pick::of_action(best));
                        }
                    }
                    let _ = ui.hint.try_set(Some(hint));
                    let _ = ui.message.try_set(None);
                    // The game records that a hint was given: a win now
                    // counts as assisted.
                    ctx.game.update(|g| {
                        if let Some(g) = g {
                            let _ = g.state.apply(Action::Hint);
                        }
                    });
                    ctx.save_game();
                }
                Ok(other) => {
                    let _ = ui.message.try_set(Some(unexpected(other)));
                }
                Err(why) => {
                    let _ = ui.message.try_set(Some(why));
                }
            }
        },
    );
}

fn unexpected(answer: Answer) -> String {
    match answer {
        Answer::Refused(why) => format!("The solver could not answer: {why}."),
        Answer::TooHard => "This position is too large for the solver to work out exactly within its limits; no guess is offered.".to_string(),
        _ => "The solver gave an unexpected answer.".to_string(),
    }
}

/// A deal's difficulty in a sentence, with its odds when they are not
/// certain: "Deal 77: hard — 3 of 14 first moves keep the win."
pub fn difficulty_text(seed: u64, difficulty: &Difficulty) -> String {
    let mut text = format!("Deal {seed}: {}.", difficulty.sentence());
    if !difficulty.certain() {
        text.push_str(&format!(
            " With perfect play it is won {} of the time (the die decides the rest).",
            percent(difficulty.win)
        ));
    } else {
        text.push_str(" It is a certain win with perfect play.");
    }
    text
}

fn ask_deal_difficulty(ctx: GameCtx, ui: Ui) {
    let Some(seed) = game_state(ctx).map(|s| s.seed()) else {
        return;
    };
    let question = Question::Difficulty(seed);
    thinking::ask(
        ui.thinking,
        "Working out this deal's difficulty…",
        question,
        move |answer| {
            let text = match answer {
                Ok(Answer::Difficulty { difficulty, .. }) => {
                    ctx.game.update(|g| {
                        if let Some(g) = g.as_mut().filter(|g| g.state.seed() == seed) {
                            g.level = Some(difficulty.level);
                        }
                    });
                    ctx.save_game();
                    difficulty_text(seed, &difficulty)
                }
                Ok(other) => unexpected(other),
                Err(why) => why,
            };
            let _ = ui.message.try_set(Some(text));
        },
    );
}

fn ask_review(ctx: GameCtx, ui: Ui) {
    let Some(asked) = game_state(ctx) else { return };
    if !advice::can_review(&asked) {
        return;
    }
    let question = Question::Review {
        seed: asked.seed(),
        history: asked.history().to_vec(),
    };
    thinking::ask(
        ui.thinking,
        "Looking back over your game…",
        question,
        move |answer| {
            if !still_current(ctx, &asked) {
                return;
            }
            let review = match answer {
                Ok(Answer::Review(decisions)) => Ok(decisions),
                Ok(other) => Err(unexpected(other)),
                Err(why) => Err(why),
            };
            let _ = ui.review.try_set(Some(review));
        },
    );
}

#[component]
fn Table() -> impl IntoView {
    let ctx = game_ctx();
    let ui = Ui {
        pick: RwSignal::new(Pick::default()),
        message: RwSignal::new(None),
        thinking: RwSignal::new(None),
        hint: RwSignal::new(None),
        review: RwSignal::new(None),
        end_dismissed: RwSignal::new(false),
        confirm_restart: RwSignal::new(false),
    };
    // Answers for a table that is gone are not wanted.
    on_cleanup(solver_client::drop_questions);

    let stage = Memo::new(move |_| {
        let pick = ui.pick.get();
        ctx.game.with(|g| {
            g.as_ref()
                .map_or(Stage::Over, |g| pick::stage(&g.state, &pick))
        })
    });
    let looks = Memo::new(move |_| {
        let pick = ui.pick.get();
        stage.with(|stage| {
            ctx.game.with(|g| {
                g.as_ref()
                    .map(|g| looks(&g.state, stage, &pick))
                    .unwrap_or_default()
            })
        })
    });
    let on_card = move |card: Killer| {
        let Some(state) = game_state(ctx) else { return };
        if let Stage::AlsoKill(_) = stage.get_untracked() {
            dispatch(ctx, ui, Action::AlsoKill(card));
            return;
        }
        match pick::tap(&state, ui.pick.get_untracked(), card) {
            Ok(next) => {
                ui.pick.set(next);
                ui.message.set(None);
            }
            Err(why) => {
                ui.message.set(Some(why));
                crate::ui::refused();
            }
        }
    };
    let confirm = move || {
        if let Stage::Confirm(mv) = stage.get_untracked() {
            dispatch(ctx, ui, mv.action());
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
    let can_undo = move || read(ctx, State::can_undo);
    let restart = move || {
        if ctx
            .game
            .with_untracked(|g| g.as_ref().is_some_and(|g| g.in_progress()))
        {
            ui.confirm_restart.set(true);
        } else if let Some(seed) = game_state(ctx).map(|s| s.seed()) {
            start_game(ctx, seed);
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
        let row_len = ctx
            .game
            .with_untracked(|g| g.as_ref().map_or(0, |g| g.state.row().len()));
        match key.as_str() {
            digit @ ("1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "0") => {
                let n = digit
                    .parse::<usize>()
                    .map_or(0, |d| if d == 0 { 10 } else { d });
                let card = game_state(ctx).and_then(|s| s.row().get(n - 1).map(|s| s.card));
                match card {
                    Some(card) if n <= row_len => on_card(card),
                    _ => return,
                }
            }
            "Escape" => cancel(),
            "c" | "C" => confirm(),
            "ArrowLeft" | "l" | "L" => aim(Direction::Left),
            "ArrowRight" | "r" | "R" => aim(Direction::Right),
            "u" | "U" => dispatch(ctx, ui, Action::Undo),
            "h" | "H" => ask_hint(ctx, ui),
            _ => return,
        }
        event.prevent_default();
    });
    on_cleanup(move || keys.remove());

    let instruction = move || {
        let effect = ui.pick.with(pick::effect_of);
        let card = ui.pick.with(|p| p.card);
        match stage.get() {
            Stage::Card => "Choose an active card to use.".to_string(),
            Stage::Copy(_) => "Choose the active card next to the Copycat to copy.".to_string(),
            Stage::Target(_) => format!(
                "{}: choose a highlighted card. {}",
                name(card),
                effect.map_or("", |e| e.info().effect)
            ),
            Stage::FirstOfPair(_) => format!(
                "{}: choose the first card of the pair. {}",
                name(card),
                effect.map_or("", |e| e.info().effect)
            ),
            Stage::SecondOfPair(_) => format!("{}: choose the second card of the pair.", name(card)),
            Stage::Direction => format!(
                "{}: choose a direction; then a die card is turned over and its pips say how far the shot goes.",
                name(card)
            ),
            Stage::Confirm(mv) => format!("{}?", describe(mv.action())),
            Stage::AlsoKill(_) => "Choose which card next to the Air Strike's target also dies.".to_string(),
            Stage::Over => ctx.game.with(|g| match g.as_ref().map(|g| g.state.status()) {
                Some(Status::Won) => "You won: one card is left.".to_string(),
                _ => "No card can be used: the game is lost.".to_string(),
            }),
        }
    };

    let tour = first_visit(super::ID);
    view! {
        <TopBar title="Murderers' Row">
            <TourButton open=tour/>
            <a class="button" href=route(Page::Rules).href()>"Rules"</a>
        </TopBar>
        <Tour game=super::ID steps=TOUR open=tour moves=changes(ctx.game)/>
        <div class="mr-layout">
            <p class="mr-instruction" aria-live="polite">{instruction}</p>
            <PoisonBanner/>
            <ol class="mr-row" data-holder="row" aria-label="The row of cards, left to right">
                {move || {
                    let row = read(ctx, State::row);
                    row.into_iter().enumerate().map(|(position, slot)| view! {
                        <li><RowCard position card_slot=slot looks on_card=Callback::new(on_card)/></li>
                    }.into_any()).collect_view()
                }}
            </ol>
            <ChoicePanel stage ui
                confirm=Callback::new(move |_| confirm())
                cancel=Callback::new(move |_| cancel())
                aim=Callback::new(aim)/>
            <p class="mr-message" role="status" aria-live="assertive">{move || ui.message.get().unwrap_or_default()}</p>
            <HintPanel ui/>
            <div class="mr-actions">
                <button
                    class="button"
                    class:unavailable=move || !can_undo()
                    aria-disabled=move || (!can_undo()).to_string()
                    on:click=move |_| dispatch(ctx, ui, Action::Undo)
                >"Undo"</button>
                <button class="button" on:click=move |_| ask_hint(ctx, ui)>"Hint"</button>
                <button class="button" on:click=move |_| ask_deal_difficulty(ctx, ui)>"Deal difficulty"</button>
            </div>
            <ThinkingBar thinking=ui.thinking stopped=Callback::new(move |()| {
                ui.message.set(Some("Stopped: the solver gave no answer.".to_string()));
            })/>
            <DiePanel/>
            <div class="mr-deal">
                <p>{move || read(ctx, |s| format!("Deal {}", s.seed()))}</p>
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
                    if let Some(seed) = game_state(ctx).map(|s| s.seed()) {
                        start_game(ctx, seed);
                    }
                    ui.confirm_restart.set(false);
                    ui.message.set(None);
                    ui.pick.set(Pick::default());
                    ui.hint.set(None);
                })/>
        </When>
        <When when=move || read(ctx, State::is_over) && !ui.end_dismissed.get()>
            <EndDialog ui restart=Callback::new(move |_| restart()) new_deal=Callback::new(move |_| new_deal())/>
        </When>
        <When when=move || ctx.changed_elsewhere.get()>
            <ChangedElsewhereDialog on_continue=Callback::new(move |_| {
                ui.message.set(None);
                ui.pick.set(Pick::default());
                ui.hint.set(None);
            })/>
        </When>
    }
}

fn name(card: Option<Killer>) -> &'static str {
    card.map_or("", Killer::name)
}

#[component]
fn PoisonBanner() -> impl IntoView {
    let ctx = game_ctx();
    let pending = move || read(ctx, State::poison_pending);
    view! {
        <When when=pending>
            <p class="mr-poison" role="note">"☠ Poison is waiting: the next card used dies right after its effect."</p>
        </When>
    }
}

/// How a card of the row looks now: everything the button shows.
#[derive(Clone, Copy, PartialEq)]
struct Look {
    offered: bool,
    acting: bool,
    chosen: bool,
    dies: bool,
    wakes: bool,
    moves: bool,
    /// The card of the last activation: the last move, marked.
    used_last: bool,
}

/// How every card of the row looks (worked out once per change).
fn looks(state: &State, stage: &Stage, pick: &Pick) -> Vec<(Killer, Look)> {
    let preview = match stage {
        Stage::Confirm(mv) => pick::preview(state, *mv),
        _ => None,
    };
    let offered = stage.offered(state);
    let used_last = state
        .history()
        .iter()
        .rev()
        .find_map(|action| match action {
            Action::Activate { card, .. } => Some(*card),
            _ => None,
        });
    state
        .row()
        .iter()
        .map(|slot| {
            let mut look = Look::of(&offered, preview.as_ref(), pick, slot.card);
            look.used_last = used_last == Some(slot.card);
            (slot.card, look)
        })
        .collect()
}

impl Look {
    fn of(offered: &[Killer], preview: Option<&pick::Preview>, pick: &Pick, card: Killer) -> Look {
        let previewed = |list: fn(&pick::Preview) -> &Vec<Killer>| {
            preview.is_some_and(|p| list(p).contains(&card))
        };
        Look {
            offered: offered.contains(&card),
            acting: pick.card == Some(card),
            chosen: pick.copying == Some(card)
                || pick.first == Some(card)
                || matches!(pick.target, Some(Target::Card(c)) if c == card)
                || matches!(pick.target, Some(Target::Pair(a, b)) if a == card || b == card),
            dies: previewed(|p| &p.dies),
            wakes: previewed(|p| &p.wakes),
            moves: previewed(|p| &p.moves),
            used_last: false,
        }
    }

    /// The notes that end the card's accessible name, and its classes.
    /// The first three are the badge's words (only the first that holds is
    /// shown), so they come right after the effect, as on the card.
    fn notes(self) -> [(bool, &'static str, &'static str); 7] {
        [
            (self.dies, ", will die", " dies"),
            (self.wakes, ", will wake", " wakes"),
            (self.moves, ", will move", " moves"),
            (self.acting, ", chosen to act", " acting"),
            (self.chosen, ", chosen", " chosen"),
            (self.offered && !self.acting, ", can be chosen", " offered"),
            (self.used_last, ", used last", " used-last"),
        ]
    }

    fn badge(self) -> &'static str {
        if self.dies {
            "✝ will die"
        } else if self.wakes {
            "↑ will wake"
        } else if self.moves {
            "⇄ will move"
        } else {
            ""
        }
    }
}

/// One card of the row: a button with everything it shows in its name.
#[component]
fn RowCard(
    position: usize,
    card_slot: Slot,
    looks: Memo<Vec<(Killer, Look)>>,
    on_card: Callback<Killer>,
) -> impl IntoView {
    let Slot { card, active } = card_slot;
    let info = card.info();
    let look = Memo::new(move |_| {
        looks.with(|all| all.iter().find(|(c, _)| *c == card).map(|(_, look)| *look))
    });
    let state_word = if active { "Active" } else { "Inactive" };
    // The name says first what the card shows, in the same order (place,
    // name, state, effect, badge: WCAG 2.5.3), then the die's pips.
    let label = move || {
        let mut label = format!(
            "{}. {}, {state_word}: {}",
            position + 1,
            info.name,
            info.short
        );
        if let Some(look) = look.get() {
            let mut badge_said = false;
            for (i, (on, note, _)) in look.notes().into_iter().enumerate() {
                // Of dying, waking and moving only the first is shown and
                // said: a card that dies in the end neither wakes nor moves.
                if on && (i >= 3 || !badge_said) {
                    label.push_str(note);
                    badge_said |= i < 3;
                }
            }
        }
        label.push_str(match info.pips {
            0 => ". No pips",
            1 => ". 1 pip",
            2 => ". 2 pips",
            3 => ". 3 pips",
            4 => ". 4 pips",
            _ => ". 5 pips",
        });
        label
    };
    let class = move || {
        let mut class = format!("mr-card {}", if active { "active" } else { "inactive" });
        if let Some(look) = look.get() {
            for (on, _, name) in look.notes() {
                if on {
                    class.push_str(name);
                }
            }
        }
        class
    };
    view! {
        <button class=class data-card=info.name aria-label=label on:click=move |_| on_card.run(card)>
            <span class="mr-card-top" aria-hidden="true">
                <span class="mr-position">{position + 1}" "</span>
                <span class="mr-icon" inner_html=super::face::icon_svg(card)></span>
                <span class="mr-pips" inner_html=super::face::die_svg(info.pips)></span>
            </span>
            <span class="mr-name" aria-hidden="true">{info.name}" "</span>
            // Shown below the effect (the stylesheet's order), said before it.
            // The spaces keep the words apart in the card's text.
            <span class="mr-state" aria-hidden="true">{state_word}" "</span>
            <span class="mr-short" aria-hidden="true">{info.short}" "</span>
            <span class="mr-badge" aria-hidden="true">{move || look.get().map_or("", Look::badge).to_string()}</span>
        </button>
    }
}

/// The choices that are not cards: what to copy is a card, but a direction,
/// confirming and cancelling are buttons here.
#[component]
fn ChoicePanel(
    stage: Memo<Stage>,
    ui: Ui,
    confirm: Callback<()>,
    cancel: Callback<()>,
    aim: Callback<Direction>,
) -> impl IntoView {
    let ctx = game_ctx();
    let actor = move || ui.pick.with(|p| p.card);
    let reach_text = move |direction: Direction| {
        let Some(actor) = actor() else {
            return String::new();
        };
        let reach = read(ctx, |s| pick::reach(s, actor, direction));
        let total: usize = reach.iter().map(|r| r.2).sum();
        reach
            .into_iter()
            .map(|(d, card, count)| {
                let hit = match card {
                    Some(c) if c == actor => "itself".to_string(),
                    Some(c) => format!("the {c}"),
                    None => "nothing".to_string(),
                };
                format!("{d}: {hit} ({count} in {total})")
            })
            .collect::<Vec<_>>()
            .join(" · ")
    };
    let preview_text = move || {
        let Stage::Confirm(mv) = stage.get() else {
            return String::new();
        };
        if let Target::Random(direction) = mv.target {
            return format!("The die decides: {}", reach_text(direction));
        }
        let shown = ctx
            .game
            .with(|g| g.as_ref().and_then(|g| pick::preview(&g.state, mv)));
        let Some(p) = shown else {
            return String::new();
        };
        let mut parts = Vec::new();
        if !p.dies.is_empty() {
            parts.push(format!("{} will die", the_cards(&p.dies)));
        }
        if !p.wakes.is_empty() {
            parts.push(format!("{} will become active", the_cards(&p.wakes)));
        }
        if !p.moves.is_empty() {
            parts.push(format!("{} will move", the_cards(&p.moves)));
        }
        if p.poisons {
            parts.push("the next card used will die after its effect".to_string());
        }
        if parts.is_empty() {
            "Nothing else changes.".to_string()
        } else {
            capitalised(parts.join("; ")) + "."
        }
    };
    let confirm_button = NodeRef::<leptos::html::Button>::new();
    // Keyboard players land on the confirmation once a move is complete.
    Effect::new(move |_| {
        if matches!(stage.get(), Stage::Confirm(_)) {
            if let Some(button) = confirm_button.get() {
                let _ = button.focus();
            }
        }
    });
    let cancel_button = move || {
        view! { <button class="button" on:click=move |_| cancel.run(())>"Cancel"</button> }
    };
    view! {
        <div class="mr-choice" role="group" aria-label="Your choice">
            {move || match stage.get() {
                Stage::Direction => view! {
                    <p class="small">"To the left: " {reach_text(Direction::Left)}</p>
                    <p class="small">"To the right: " {reach_text(Direction::Right)}</p>
                    <div class="button-row">
                        <button class="button primary" on:click=move |_| aim.run(Direction::Left)>"← Left"</button>
                        <button class="button primary" on:click=move |_| aim.run(Direction::Right)>"Right →"</button>
                        {cancel_button()}
                    </div>
                }.into_any(),
                Stage::Confirm(_) => view! {
                    <p class="mr-preview">{preview_text()}</p>
                    <div class="button-row">
                        <button class="button primary" node_ref=confirm_button on:click=move |_| confirm.run(())>"Confirm"</button>
                        {cancel_button()}
                    </div>
                }.into_any(),
                Stage::Copy(_) | Stage::Target(_) | Stage::FirstOfPair(_) | Stage::SecondOfPair(_) => view! {
                    <div class="button-row">{cancel_button()}</div>
                }.into_any(),
                Stage::Card | Stage::AlsoKill(_) | Stage::Over => ().into_any(),
            }}
        </div>
    }
}

#[component]
fn HintPanel(ui: Ui) -> impl IntoView {
    let text = move || {
        ui.hint.with(|h| {
            let h = h.as_ref()?;
            let best = h.best?;
            let chance = percent(h.win);
            Some(format!(
                "Hint: your chance of winning with perfect play is {chance} now. Best move: {}, which keeps {chance}.",
                describe(best)
            ))
        })
    };
    view! {
        <When when=move || text().is_some()>
            <p class="mr-hint" role="status">{move || text().unwrap_or_default()}</p>
        </When>
    }
}

/// The die deck (how many, order hidden), its discard and the dead.
#[component]
fn DiePanel() -> impl IntoView {
    let ctx = game_ctx();
    view! {
        <section class="mr-die" aria-label="Die deck and dead cards">
            <p>
                <strong>"Die deck: "</strong>
                {move || read(ctx, |s| {
                    let mut pips: Vec<String> = s.die_deck_contents().iter().map(|c| c.pips().to_string()).collect();
                    pips.sort();
                    format!("{} cards, order hidden (pips {})", s.die_deck_len(), pips.join(", "))
                })}
            </p>
            <p>
                <strong>"Die discard: "</strong>
                {move || read(ctx, |s| {
                    if s.die_discard().is_empty() {
                        return "empty".to_string();
                    }
                    s.die_discard().iter().map(|c| format!("{} ({})", c.name(), c.pips())).collect::<Vec<_>>().join(", ")
                })}
            </p>
            <p>
                <strong>"Dead: "</strong>
                {move || read(ctx, |s| {
                    if s.dead().is_empty() {
                        return "none yet".to_string();
                    }
                    s.dead().iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
                })}
            </p>
        </section>
    }
}

/// The full text of every card in the row, on request.
#[component]
fn CardTexts() -> impl IntoView {
    let ctx = game_ctx();
    let cards = move || read(ctx, |s| s.row().iter().map(|s| s.card).collect::<Vec<_>>());
    view! {
        <details class="mr-texts">
            <summary>"What the cards in the row do"</summary>
            <dl>
                {move || cards().into_iter().map(|card| view! {
                    <dt>{card.name()} " (" {card.pips()} ")"</dt>
                    <dd>{card.info().effect}</dd>
                }.into_any()).collect_view()}
            </dl>
        </details>
    }
}

/// "move 3" for the third activation.
fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The review's verdict in a sentence.
pub fn verdict(review: &[Decision]) -> String {
    let Some(first) = review.first() else {
        return String::new();
    };
    let start = format!(
        "This deal was {} with perfect play.",
        match percent(first.before).as_str() {
            "100%" => "a certain win".to_string(),
            p => format!("won {p} of the time"),
        }
    );
    match advice::first_mistake(review) {
        Some(d) => format!(
            "{start} Your {} move ({}) lost {}: your chance went from {} to {}.",
            ordinal(d.activation),
            describe(d.action),
            percent(d.lost()),
            percent(d.before),
            percent(d.chosen)
        ),
        None => format!("{start} Every move you made kept your best chance."),
    }
}

#[component]
fn EndDialog(ui: Ui, restart: Callback<()>, new_deal: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let (won, assisted, can_undo, counted) = ctx.game.with_untracked(|g| {
        g.as_ref().map_or((false, false, false, false), |g| {
            (
                g.state.status() == Status::Won,
                g.state.assisted(),
                g.state.can_undo(),
                g.counted,
            )
        })
    });
    let title = if won {
        "You won!"
    } else {
        "The row is stuck: you lost"
    };
    let detail = if won {
        format!(
            "One card is left alive.{}",
            if assisted {
                " Undo or hints were used, so this win is counted as assisted."
            } else {
                ""
            }
        )
    } else {
        "No card can be used, and more than one card is alive (or none is).".to_string()
    };
    ask_review(ctx, ui);
    let review = move || match ui.review.get() {
        None => "Looking back over your game…".to_string(),
        Some(Ok(decisions)) => verdict(&decisions),
        Some(Err(why)) => why,
    };
    view! {
        <Dialog title=title celebrate=won>
            <p>{detail}</p>
            <p class="mr-review" aria-live="polite">{review}</p>
            {(!won && can_undo).then(|| view! {
                <p class="small">{if counted { "This loss is counted in your statistics; if you undo and play on, the game is not counted again." } else { "" }}</p>
            }.into_any())}
            <div class="button-row">
                <button class="button primary" on:click=move |_| new_deal.run(())>"New deal"</button>
                <button class="button" on:click=move |_| restart.run(())>"Same deal"</button>
                {(!won && can_undo).then(|| view! {
                    <button class="button" on:click=move |_| dispatch(ctx, ui, Action::Undo)>"Undo last move"</button>
                }.into_any())}
                <button class="button" on:click=move |_| ui.end_dismissed.set(true)>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_a_chance_to_a_certainty() {
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.999), "99%");
        assert_eq!(percent(0.001), "1%");
        assert_eq!(percent(0.404), "40%");
    }

    #[test]
    fn actions_read_as_sentences() {
        assert_eq!(
            describe(Action::copy(Killer::Sniper, Target::Card(Killer::Medic))),
            "Copycat (as the Sniper) on the Medic"
        );
        assert_eq!(
            describe(Action::activate(
                Killer::Grenadier,
                Target::Random(Direction::Left)
            )),
            "Grenadier to the left"
        );
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
    }

    #[test]
    fn the_review_names_the_first_costly_move() {
        let d = |activation, before, chosen| Decision {
            activation,
            action: Action::activate(Killer::MadBomber, Target::None),
            before,
            chosen,
            after: chosen,
        };
        let text = verdict(&[
            d(1, 1.0, 1.0),
            d(2, 1.0, 1.0),
            d(3, 1.0, 0.6),
            d(4, 0.6, 0.0),
        ]);
        assert!(text.contains("a certain win"), "{text}");
        assert!(
            text.contains("Your 3rd move (Mad Bomber) lost 40%"),
            "{text}"
        );
        let text = verdict(&[d(1, 0.5, 0.5)]);
        assert!(text.contains("won 50% of the time"), "{text}");
        assert!(
            text.contains("Every move you made kept your best chance"),
            "{text}"
        );
    }

    #[test]
    fn a_game_is_saved_as_its_deal_and_moves_and_replayed_on_load() {
        let mut game = MurderersRowGame::new(4);
        for _ in 0..3 {
            let next = game.state.legal_actions()[0];
            game.state.apply(next).unwrap();
        }
        game.state.apply(Action::Hint).unwrap();
        assert!(game.state.assisted());
        game.counted = true;
        let text = crate::codec::to_string(&game).unwrap();
        assert!(!text.contains("rng"), "only the deal and the moves: {text}");
        let loaded: MurderersRowGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(loaded, game);
        assert!(loaded.validate().is_ok());
        assert!(loaded.in_progress());
        // Moves that are not legal in that deal: not a game.
        let forged = text.replacen("\"seed\":4", "\"seed\":5", 1);
        assert!(crate::codec::from_str::<MurderersRowGame>(&forged).is_err());
    }

    /// The deal's level, once known, is kept with the game; a game of an
    /// earlier version has none (its result counts as not rated).
    #[test]
    fn a_game_keeps_its_deal_level() {
        let mut game = MurderersRowGame::new(4);
        assert_eq!(game.level, None);
        assert!(!crate::codec::to_string(&game).unwrap().contains("level"));
        game.level = Some(Level::Fiendish);
        let text = crate::codec::to_string(&game).unwrap();
        assert!(text.contains(r#""level":"Fiendish""#), "{text}");
        let loaded: MurderersRowGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(loaded.level, Some(Level::Fiendish));
        let old: MurderersRowGame = crate::session::fixtures::same_text("MRGAME");
        assert_eq!(old.level, None);
    }
}
