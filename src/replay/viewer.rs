//! The replay viewer every game shares: the game's own table drawn at one
//! step (from a read-only context), the steps to go through (to start, back,
//! play at a pace, forward, to end; the arrow keys, Home and End), the move
//! list to jump to any move, and the move's line; and, where the game has
//! a solver, its review of the game, shown at the move it is about.

use super::{code_in_address, read, replay_ctx, Replayable, Step};
use crate::records::GameCtx;
use crate::route::Route;
use crate::ui::message::{Note, TableMessage};
use crate::ui::{shortcut_key, TopBar, When};
use leptos::prelude::*;
use std::time::Duration;

/// What a game adds beside the steps: its own choices (whose view is
/// shown, say), drawn under the controls.
pub type Extra = Option<ViewFn>;

/// Where a review of the replayed game stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Reviewed {
    /// The solver is at work: how far it has come, in words.
    Working(String),
    /// No review: why, for the player.
    Failed(String),
    /// The verdict, and the move it is about (its step: the table just
    /// after it) with a few words to mark it in the move list.
    Done {
        verdict: String,
        costly: Option<(usize, &'static str)>,
    },
}

/// A review under way, for the solver's callbacks: a review stopped
/// meanwhile (or a page left) takes no progress and no answer.
#[derive(Clone, Copy)]
pub struct Reviewing(RwSignal<Option<Reviewed>>);

impl Reviewing {
    const WORKING: &'static str = "Looking back over the game with every card known…";

    /// Starts a review that tells `into` how it stands.
    pub fn start(into: RwSignal<Option<Reviewed>>) -> Reviewing {
        into.set(Some(Reviewed::Working(Self::WORKING.into())));
        Reviewing(into)
    }

    fn wanted(self) -> bool {
        matches!(self.0.try_get_untracked(), Some(Some(Reviewed::Working(_))))
    }

    /// How far the solver has come, in words.
    pub fn progress(self, words: String) {
        if self.wanted() {
            self.0.set(Some(Reviewed::Working(format!(
                "{} {words}",
                Self::WORKING
            ))));
        }
    }

    pub fn answer(self, reviewed: Reviewed) {
        if self.wanted() {
            self.0.set(Some(reviewed));
        }
    }
}

/// A game's solver review, asked on demand: it knows every hidden card, so
/// nothing of it shows until the player asks.
#[derive(Clone, Copy)]
pub struct Review<R: 'static> {
    /// Asks the solver about the finished game (the last step's), telling
    /// `into` how it stands and then its answer.
    pub ask: fn(R, RwSignal<Option<Reviewed>>),
    /// Stops a review under way (leaving the page stops it too).
    pub stop: fn(),
}

/// The replay page of the game `id` (named `name`) for the code in the
/// address: `board` is the game's table, drawn from the context this
/// provides (the game's own, read-only, at the step shown). The move list
/// names the moves still to come only while `all_known` (tracked): they
/// would tell what a player did not know yet (a hand, the deck's order).
pub fn replay_page<R: Replayable>(
    ctx: GameCtx<R, R::Stats>,
    id: &'static str,
    name: &'static str,
    board: ViewFn,
    extra: Extra,
    all_known: Signal<bool>,
    review: Option<Review<R>>,
) -> AnyView {
    let code = code_in_address();
    let title = format!("{name}: replay");
    match read::<R>(id, name, &code) {
        Ok(steps) => {
            shorten_address(id, &code);
            let shown = replay_ctx(ctx, steps[0].game.clone());
            provide_context(shown);
            view! {
                <TopBar title=title/>
                <Viewer steps shown=shown.game board extra all_known review/>
            }
            .into_any()
        }
        Err(unreadable) => {
            let elsewhere = unreadable
                .other_game
                .map(|other| super::href(&other, &code));
            view! {
                <TopBar title=title/>
                <div class="replay-refused">
                    <p class="notice error" role="alert">{unreadable.why}</p>
                    <div class="button-row">
                        {elsewhere.map(|href| view! { <a class="button primary" href=href>"Open it in its game"</a> })}
                        <a class="button" href=Route::Recent.href()>"Recent games"</a>
                        <a class="button" href="#/">"Home"</a>
                    </div>
                </div>
            }
            .into_any()
        }
    }
}

/// Compresses the address when it came uncompressed (from a table's end
/// dialog or Recent games, whose chunks carry no compressor: see
/// `link::encode_stored`), so that the link copied from the address bar is
/// the short one. No new history entry, and no page change: the route does
/// not hold the code.
fn shorten_address(id: &str, code: &str) {
    let Ok(short) = super::link::packed(code) else {
        return;
    };
    if short.len() < code.len() {
        if let Ok(history) = window().history() {
            let href = super::href(id, &short);
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
        }
    }
}

#[component]
fn Viewer<R: Replayable>(
    steps: Vec<Step<R>>,
    /// The read-only game the table draws.
    shown: RwSignal<Option<R>>,
    board: ViewFn,
    extra: Extra,
    all_known: Signal<bool>,
    review: Option<Review<R>>,
) -> impl IntoView {
    let last = steps.len() - 1;
    let finished = steps[last].game.clone();
    let reviewed = RwSignal::new(None::<Reviewed>);
    // The move the review is about, and its mark.
    let costly = move || match reviewed.get() {
        Some(Reviewed::Done { costly, .. }) => costly,
        _ => None,
    };
    let lines: Vec<String> = steps.iter().map(|s| s.line.clone()).collect();
    let steps = StoredValue::new(steps);
    let at = RwSignal::new(0usize);
    let playing = RwSignal::new(false);
    let message = RwSignal::new(None::<Note>);
    crate::ui::effect(move || {
        let step = at.get();
        shown.set(steps.with_value(|s| s.get(step).map(|s| s.game.clone())));
    });
    let go = move |step: usize| {
        at.set(step.min(last));
        if step >= last {
            playing.set(false);
        }
    };
    let back = move || go(at.get_untracked().saturating_sub(1));
    let forward = move || go(at.get_untracked() + 1);
    let toggle = move || {
        if playing.get_untracked() {
            playing.set(false);
        } else {
            if at.get_untracked() >= last {
                at.set(0);
            }
            playing.set(true);
        }
    };
    // Play: a step at the pace chosen for the computer players, until
    // paused or the viewer is left (each run's tick ends with the run).
    let pace = crate::shell::ctx()
        .settings
        .with_untracked(|s| s.computer_pace.delay_ms())
        .max(300);
    crate::ui::effect(move || {
        if playing.get() {
            crate::ui::later::every(Duration::from_millis(pace), forward);
        }
    });
    let keys = window_event_listener(leptos::ev::keydown, move |event| {
        let Some(key) = shortcut_key(&event) else {
            return;
        };
        match key.as_str() {
            "ArrowLeft" => back(),
            "ArrowRight" => forward(),
            "Home" => go(0),
            "End" => go(last),
            "p" | "P" => toggle(),
            _ => return,
        }
        event.prevent_default();
    });
    on_cleanup(move || keys.remove());
    let where_line = move || {
        let step = at.get();
        if step == 0 {
            format!("Start of {last} moves: nothing played yet.")
        } else {
            let line = steps.with_value(|s| s[step].line.clone());
            match costly() {
                Some((costly, mark)) if costly == step => {
                    format!("Move {step} of {last}, {mark}: {line}")
                }
                _ => format!("Move {step} of {last}: {line}"),
            }
        }
    };
    let list = NodeRef::<leptos::html::Ol>::new();
    // The move shown stays in sight in the list.
    crate::ui::effect(move || {
        let step = at.get();
        let Some(list) = list.get() else { return };
        if let Ok(Some(item)) = list.query_selector(&format!("[data-step='{step}']")) {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            item.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });
    let copy = move |_| {
        let href = window().location().href().unwrap_or_default();
        let _ = window().navigator().clipboard().write_text(&href);
        message.set(Some(Note::event(format!(
            "Link to this replay copied: {href}"
        ))));
    };
    view! {
        <div class="replay-layout">
            // First, so that on a phone the steps stay in reach above the table.
            <section class="replay-steps" aria-label="Steps through the game">
                <p class="replay-where" aria-live="polite">{where_line}</p>
                <div class="replay-controls" role="group" aria-label="Steps">
                    <button class="button" aria-label="To the start" title="To the start"
                        disabled=move || at.get() == 0 on:click=move |_| go(0)>"|◀"</button>
                    <button class="button" aria-label="Back one move" title="Back one move"
                        disabled=move || at.get() == 0 on:click=move |_| back()>"◀"</button>
                    <button class="button primary replay-play" aria-pressed=move || playing.get().to_string()
                        on:click=move |_| toggle()>{move || if playing.get() { "Pause" } else { "Play" }}</button>
                    <button class="button" aria-label="Forward one move" title="Forward one move"
                        disabled=move || { at.get() >= last } on:click=move |_| forward()>"▶"</button>
                    <button class="button" aria-label="To the end" title="To the end"
                        disabled=move || { at.get() >= last } on:click=move |_| go(last)>"▶|"</button>
                </div>
            </section>
            <div class="replay-board" role="group" aria-label="The table at this move">{board.run()}</div>
            <aside class="replay-side" aria-label="Replay">
                {extra.map(|extra| extra.run())}
                {review.map(|review| view! { <ReviewPanel review finished reviewed go/> })}
                <ol class="replay-moves" aria-label="Moves" node_ref=list start="0">
                    {lines.into_iter().enumerate().map(|(step, line)| {
                        let said = move || {
                            let number = match costly() {
                                Some((costly, mark)) if costly == step => format!("{step}, {mark}:"),
                                _ => format!("{step}."),
                            };
                            if step == 0 {
                                line.clone()
                            } else if step <= at.get() || all_known.get() {
                                format!("{number} {line}")
                            } else {
                                format!("{number} Still to come")
                            }
                        };
                        view! {
                            <li data-step=step>
                                <button class="replay-move"
                                    class:to-come=move || { step > at.get() && !all_known.get() }
                                    class:costly=move || costly().is_some_and(|(costly, _)| costly == step)
                                    aria-current=move || (at.get() == step).then_some("step")
                                    on:click=move |_| go(step)>{said}</button>
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <TableMessage note=message/>
                <div class="button-row">
                    <button class="button" on:click=copy>"Copy link"</button>
                    <a class="button" href=Route::Recent.href()>"Recent games"</a>
                </div>
                <When when=Signal::derive(move || at.get() >= last)>
                    <p class="replay-end">"The end of the game."</p>
                </When>
            </aside>
        </div>
    }
}

/// The review beside the move list: a button to ask for it, how the solver
/// is coming along (with Stop), then its verdict and a way to its move.
#[component]
fn ReviewPanel<R: Replayable>(
    review: Review<R>,
    /// The game at its end, which the review is about.
    finished: R,
    reviewed: RwSignal<Option<Reviewed>>,
    go: impl Fn(usize) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let finished = StoredValue::new(finished);
    let ask = move |_| (review.ask)(finished.get_value(), reviewed);
    let stop = move |_| {
        (review.stop)();
        reviewed.set(None);
    };
    on_cleanup(move || {
        if matches!(
            reviewed.try_get_untracked(),
            Some(Some(Reviewed::Working(_)))
        ) {
            (review.stop)();
        }
    });
    let panel = move || {
        match reviewed.get() {
        None => view! {
            <p class="small">"The solver can look back over the game with every card known and find the move that cost the most."</p>
            <button class="button" on:click=ask>"Review the game"</button>
        }
        .into_any(),
        Some(Reviewed::Working(progress)) => view! {
            <p role="status">{progress}</p>
            <button class="button" on:click=stop>"Stop"</button>
        }
        .into_any(),
        Some(Reviewed::Failed(why)) => view! {
            <p role="status">{why}</p>
            <button class="button" on:click=ask>"Try again"</button>
        }
        .into_any(),
        Some(Reviewed::Done { verdict, costly }) => view! {
            <p class="verdict" role="status">{verdict}</p>
            {costly.map(|(step, _)| view! {
                <button class="button primary" on:click=move |_| go(step)>{format!("Go to move {step}")}</button>
            })}
        }
        .into_any(),
    }
    };
    view! { <section class="replay-review" aria-label="Review">{panel}</section> }
}

/// A solitaire's hidden cards at the step shown (the deck's order), drawn
/// only once the player asks: a replay does not spoil what was not seen.
#[component]
pub fn HiddenOrder(
    /// What is hidden ("the deck").
    what: &'static str,
    /// The hidden cards in words, next first.
    #[prop(into)]
    order: Signal<String>,
    /// Whether it is shown (the move list then names the moves to come).
    shown: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <div class="replay-hidden">
            <button class="button" aria-expanded=move || shown.get().to_string()
                on:click=move |_| shown.update(|s| *s = !*s)>
                {move || if shown.get() { format!("Hide the order of {what}") } else { format!("Show the order of {what}") }}
            </button>
            <When when=shown>
                <p class="replay-order">{move || order.get()}</p>
            </When>
        </div>
    }
}

/// Whose eyes a replay of a game with secrets is seen through: one seat's
/// (what that player knew at each step) or everyone's (every seat's at once).
#[component]
pub fn SeenBy(names: Vec<String>, chosen: RwSignal<Option<engine::seats::Seat>>) -> impl IntoView {
    use engine::seats::Seat;
    let options: Vec<(Option<Seat>, String)> = names
        .iter()
        .enumerate()
        .map(|(i, name)| (Some(Seat::new(i)), name.clone()))
        .chain([(None, "Everyone".to_string())])
        .collect();
    view! {
        <fieldset class="replay-seen-by choice">
            <legend>"Seen by"</legend>
            {options.into_iter().map(|(seat, label)| view! {
                <label class="choice-option">
                    <input type="radio" name="replay-seen-by"
                        prop:checked=move || chosen.get() == seat
                        on:change=move |_| chosen.set(seat)/>
                    <span>{label}</span>
                </label>
            }).collect_view()}
        </fieldset>
    }
}
