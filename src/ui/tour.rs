//! The first-run tour of a table: a few steps, each a short instruction in a
//! bubble beside the part of the real table it is about (ringed), shown the
//! first time a game's table opens, skippable, and reopened by the table's
//! "Tour" button. A step that asks the player to do something moves on when
//! the game changes, so the tour is played, not just read.

use super::{effect, later};
use crate::shell::ctx;
use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen::JsCast;

thread_local! {
    /// Which opening of a tour the frame-by-frame placement belongs to: an
    /// older loop stops when the tour is opened again.
    static LOOP: Cell<u32> = const { Cell::new(0) };
    /// The step (of which opening) whose target was last scrolled to, and
    /// that target's size then (whole pixels): the page is scrolled once per
    /// step, never against the player after, unless the target grows or
    /// shrinks (a table still being drawn on a slow device), which can leave
    /// no room beside it for the bubble.
    static SCROLLED: Cell<Option<(u32, usize, i32, i32)>> = const { Cell::new(None) };
}

/// One step: the first of `targets` (CSS selectors) found on the page is
/// ringed and the text is shown beside it; with `by_move`, the next move
/// made at the table moves the tour on.
pub struct TourStep {
    pub targets: &'static [&'static str],
    pub text: &'static str,
    pub by_move: bool,
}

/// Whether the tour of `game` should open by itself: not finished or
/// skipped before.
pub fn first_visit(game: &'static str) -> RwSignal<bool> {
    let seen = ctx()
        .settings
        .with_untracked(|s| s.tours_seen.iter().any(|id| id == game));
    RwSignal::new(!seen)
}

/// A count that goes up on every change of `game`: what a `by_move` step
/// waits for.
pub fn changes<T: Send + Sync + 'static>(game: RwSignal<T>) -> Signal<u32> {
    Memo::new(move |before: Option<&u32>| {
        game.track();
        before.map_or(0, |n| n.wrapping_add(1))
    })
    .into()
}

/// The table's button that starts the tour again.
#[component]
pub fn TourButton(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <button class="button" title="Show the tour of this table again" on:click=move |_| open.set(true)>"Tour"</button>
    }
}

/// The tour itself, shown while `open`.
#[component]
pub fn Tour(
    game: &'static str,
    steps: &'static [TourStep],
    open: RwSignal<bool>,
    moves: Signal<u32>,
) -> impl IntoView {
    let app = ctx();
    let step = RwSignal::new(0usize);
    let bubble = NodeRef::<leptos::html::Div>::new();
    let ring = NodeRef::<leptos::html::Div>::new();
    let close = move || {
        open.set(false);
        if app
            .settings
            .with_untracked(|s| !s.tours_seen.iter().any(|id| id == game))
        {
            app.settings.update(|s| s.tours_seen.push(game.to_string()));
            crate::session::save_settings(app);
        }
    };
    let next = move || {
        if step.get_untracked() + 1 < steps.len() {
            step.update(|s| *s += 1);
        } else {
            close();
        }
    };
    // Opening starts from the first step, with the focus on its button so
    // that keyboard players can follow; the bubble then follows its target
    // every frame (layout changes as the game goes on, or the page scrolls).
    effect(move || {
        if open.get() {
            step.set(0);
            let run = LOOP.with(|l| {
                l.set(l.get().wrapping_add(1));
                l.get()
            });
            later::next_frame(move || {
                focus_first_button(bubble);
                follow(run, open, step, steps, bubble, ring);
            });
        }
    });
    let mut was = None;
    effect(move || {
        let now = moves.get();
        if was.is_some_and(|was| was != now)
            && open.get_untracked()
            && steps[step.get_untracked()].by_move
        {
            next();
        }
        was = Some(now);
    });
    let on_key = move |event: leptos::ev::KeyboardEvent| {
        if event.key() == "Escape" {
            event.prevent_default();
            close();
        }
    };
    move || {
        open.get().then(|| {
            let last = move || step.get() + 1 == steps.len();
            view! {
                <div class="tour-ring" node_ref=ring aria-hidden="true"></div>
                <div class="tour" node_ref=bubble role="dialog" aria-labelledby="tour-count" aria-describedby="tour-text" on:keydown=on_key>
                    <p class="tour-count" id="tour-count">{move || format!("Tour: step {} of {}", step.get() + 1, steps.len())}</p>
                    <p class="tour-text" id="tour-text" aria-live="polite">{move || steps[step.get()].text}</p>
                    <div class="button-row">
                        <button class="button primary" on:click=move |_| next()>{move || if last() { "Done" } else { "Next" }}</button>
                        <button class="button" class:unavailable=move || step.get() == 0 aria-disabled=move || (step.get() == 0).to_string()
                            on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>"Back"</button>
                        <button class="button" on:click=move |_| close()>"Skip tour"</button>
                    </div>
                </div>
            }
        })
    }
}

fn focus_first_button(bubble: NodeRef<leptos::html::Div>) {
    let button = bubble
        .try_get_untracked()
        .flatten()
        .and_then(|b| b.query_selector("button").ok().flatten())
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}

/// Whether a panel the player must use first is open: a seat's invitation
/// to another device. The tour waits, as it does on a hand-over screen.
fn waiting_for_a_panel() -> bool {
    document()
        .query_selector(".remote-seat.open")
        .ok()
        .flatten()
        .is_some()
}

/// The step's target: the first of its selectors that is on the page and
/// laid out (none while a panel the player must use is open).
fn target(step: &TourStep) -> Option<web_sys::Element> {
    if waiting_for_a_panel() {
        return None;
    }
    step.targets.iter().find_map(|selector| {
        document()
            .query_selector(selector)
            .ok()
            .flatten()
            .filter(|el| {
                let rect = el.get_bounding_client_rect();
                rect.width() > 0.0 && rect.height() > 0.0
            })
    })
}

/// The gap between a target and the bubble beside it.
const GAP: f64 = 14.0;
/// Room kept at the screen's edge.
const MARGIN: f64 = 8.0;

/// The viewport's width and height, in CSS pixels.
fn viewport() -> (f64, f64) {
    let pixels =
        |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    (
        pixels(window().inner_width()),
        pixels(window().inner_height()),
    )
}

/// Scrolls the page so that a target (`rect`) and its bubble (`w` × `h`)
/// are both on screen, apart: where the bubble fits neither below, above nor
/// beside the target as it lies, the target is brought to the top with the
/// bubble below it. Whether it scrolled.
fn scroll_to_target(target: &web_sys::Element, w: f64, h: f64) -> bool {
    let rect = target.get_bounding_client_rect();
    let (vw, vh) = viewport();
    let in_view = rect.top() >= 0.0 && rect.bottom() <= vh;
    let below = rect.top() >= 0.0 && rect.bottom() + GAP + h <= vh;
    let above = rect.bottom() <= vh && rect.top() - GAP - h >= 0.0;
    let beside = rect.right() + GAP + w <= vw - MARGIN || rect.left() - GAP - w >= MARGIN;
    if below || above || (in_view && beside) {
        return false;
    }
    if rect.height() + GAP + h + 2.0 * MARGIN <= vh || rect.height() + 2.0 * MARGIN <= vh && beside
    {
        window().scroll_by_with_x_and_y(0.0, rect.top() - MARGIN);
        return true;
    }
    if rect.top() < 0.0 || rect.bottom() > vh {
        // Taller than the screen leaves beside a bubble: as much as fits.
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Start);
        target.scroll_into_view_with_scroll_into_view_options(&options);
        return true;
    }
    false
}

/// Places the ring around the step's target and the bubble beside it (below
/// when it fits, else above, else to its right or left, else over the
/// bottom of the screen), then
/// again next frame while this opening of the tour lasts. With no target on the page (a
/// hand-over screen, say) both are hidden until it appears.
fn follow(
    run: u32,
    open: RwSignal<bool>,
    step: RwSignal<usize>,
    steps: &'static [TourStep],
    bubble: NodeRef<leptos::html::Div>,
    ring: NodeRef<leptos::html::Div>,
) {
    // The table (and with it the tour's signals) may be gone by now: the
    // player left it with the tour open.
    if open.try_get_untracked() != Some(true) || LOOP.with(|l| l.get()) != run {
        return;
    }
    let again =
        move || request_animation_frame(move || follow(run, open, step, steps, bubble, ring));
    let (Some(bubble_el), Some(ring_el), Some(index)) = (
        bubble.try_get_untracked().flatten(),
        ring.try_get_untracked().flatten(),
        step.try_get_untracked(),
    ) else {
        again();
        return;
    };
    // Whole pixels: formatting an integer keeps float formatting (kilobytes
    // of code) out of the bundle.
    let set = |el: &web_sys::HtmlElement, name: &str, pixels: f64| {
        let _ = el
            .style()
            .set_property(name, &format!("{}px", pixels.round() as i32));
    };
    match target(&steps[index]) {
        None => {
            bubble_el.set_attribute("data-side", "hidden").ok();
            ring_el.set_attribute("data-side", "hidden").ok();
        }
        Some(target) => {
            let (w, h) = (
                f64::from(bubble_el.offset_width()),
                f64::from(bubble_el.offset_height()),
            );
            // Once per step and target size, the first frame its target and
            // bubble are laid out: scroll them into view (when they are not
            // both in it already), and place them next frame.
            let size = target.get_bounding_client_rect();
            let scrolled = (run, index, size.width() as i32, size.height() as i32);
            if SCROLLED.with(|s| s.get()) != Some(scrolled) && h > 0.0 {
                SCROLLED.with(|s| s.set(Some(scrolled)));
                if scroll_to_target(&target, w, h) {
                    again();
                    return;
                }
            }
            let rect = target.get_bounding_client_rect();
            let (vw, vh) = viewport();
            let centre = rect.left() + rect.width() / 2.0;
            // `max` then `min`, not `f64::clamp`: its check formats floats, code every
            // game's chunk would carry for this alone.
            let centred = (centre - w / 2.0)
                .max(MARGIN)
                .min((vw - w - MARGIN).max(MARGIN));
            let level = (rect.top() + rect.height() / 2.0 - h / 2.0)
                .max(MARGIN)
                .min((vh - h - MARGIN).max(MARGIN));
            // Below, above, then beside (a screen on its side has the width,
            // not the height); over the bottom of the screen only when
            // nothing else fits.
            let (side, top, left) = if rect.bottom() + GAP + h <= vh {
                ("below", rect.bottom() + GAP, centred)
            } else if rect.top() - GAP - h >= 0.0 {
                ("above", rect.top() - GAP - h, centred)
            } else if rect.right() + GAP + w <= vw - MARGIN {
                ("right", level, rect.right() + GAP)
            } else if rect.left() - GAP - w >= MARGIN {
                ("left", level, rect.left() - GAP - w)
            } else {
                ("over", (vh - h - MARGIN).max(0.0), centred)
            };
            bubble_el.set_attribute("data-side", side).ok();
            set(&bubble_el, "top", top);
            set(&bubble_el, "left", left);
            set(
                &bubble_el,
                "--arrow-x",
                (centre - left).max(16.0).min((w - 16.0).max(16.0)),
            );
            ring_el.set_attribute("data-side", side).ok();
            set(&ring_el, "top", rect.top() - 4.0);
            set(&ring_el, "left", rect.left() - 4.0);
            set(&ring_el, "width", rect.width() + 8.0);
            set(&ring_el, "height", rect.height() + 8.0);
        }
    }
    again();
}
