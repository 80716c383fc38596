//! Pieces shared by every screen and game: the top bar, a card's face,
//! dialogs, the first-run tour of a table.
//!
//! Bundle size: Leptos compiles its update code once for every view type. So
//! list items and views that may be absent are made `.into_any()`, reactive
//! texts return `String`, and [`When`] stands in for `<Show>`: the screens
//! share that code instead of each having its own copy.

pub mod card;
pub mod choice;
pub mod deal;
pub mod later;
pub mod message;
pub mod motion;
pub mod rules;
pub mod seat_widgets;
pub mod sound;
pub mod tour;

pub use card::CardFace;

use leptos::prelude::*;

/// The bar at the top of every screen, with the way home.
#[component]
pub fn TopBar(
    #[prop(into)] title: Signal<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <header class="top-bar">
            <a class="button icon-button" href="#/" aria-label="Home" title="Home">
                <span aria-hidden="true">"⌂"</span>
            </a>
            <h1>{title}</h1>
            <div class="top-bar-actions">{children.map(|c| c())}</div>
        </header>
    }
}

/// Leptos's `<Show>` without a fallback, compiled once: `children` while
/// `when` is true, built again only when `when` changes. `<Show>` is generic
/// over its condition and children, a copy of its code for every use.
#[component]
pub fn When(#[prop(into)] when: Signal<bool>, children: ChildrenFn) -> impl IntoView {
    let shown = Memo::new(move |_| when.get());
    move || shown.get().then(|| children())
}

/// Leptos's `Effect::new`, compiled once: runs `run` now and again each
/// time something it read changes, until its owner is gone. `Effect::new`
/// builds its own scheduling task for every closure given it, a copy of
/// that code for every use; through here the whole app shares one. What an
/// effect remembers between runs lives in the closure (`FnMut`).
pub fn effect(run: impl FnMut() + 'static) {
    effect_boxed(Box::new(run));
}

fn effect_boxed(mut run: Box<dyn FnMut()>) {
    Effect::new(move |_| run());
}

/// A modal dialog with a heading; the first button inside gets the focus and
/// the page behind it is made inert, so Tab stays inside the dialog. With
/// `celebrate` (a win), confetti falls behind the heading while motion is on.
#[component]
pub fn Dialog(
    #[prop(into)] title: String,
    #[prop(optional)] celebrate: bool,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    effect(move || {
        let Some(dialog) = node.get() else { return };
        if let Ok(Some(button)) = dialog.query_selector("button") {
            use wasm_bindgen::JsCast;
            if let Ok(button) = button.dyn_into::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        }
        set_background_inert(&dialog, true);
    });
    on_cleanup(move || {
        if let Some(dialog) = node.get_untracked() {
            set_background_inert(&dialog, false);
        }
    });
    // Tab past the last control comes back to the first, and Shift+Tab the
    // other way round, so keyboard focus never leaves the dialog.
    let wrap_focus = move |event: leptos::ev::KeyboardEvent| {
        if event.key() != "Tab" {
            return;
        }
        let Some(dialog) = node.get_untracked() else {
            return;
        };
        let Ok(controls) = dialog.query_selector_all("button, a[href], input, select") else {
            return;
        };
        let (Some(first), Some(last)) = (
            controls.item(0),
            controls.item(controls.length().saturating_sub(1)),
        ) else {
            return;
        };
        let active = document().active_element().map(web_sys::Node::from);
        let target = match (event.shift_key(), active) {
            (false, Some(a)) if a == last => first,
            (true, Some(a)) if a == first => last,
            _ => return,
        };
        use wasm_bindgen::JsCast;
        if let Ok(target) = target.dyn_into::<web_sys::HtmlElement>() {
            event.prevent_default();
            let _ = target.focus();
        }
    };
    if celebrate {
        sound::play(sound::Sound::Win);
    }
    view! {
        <div class="dialog-backdrop">
            <div class="dialog" class:celebrate=celebrate role="dialog" aria-modal="true" aria-labelledby="dialog-title" node_ref=node on:keydown=wrap_focus>
                {celebrate.then(|| view! {
                    <div class="confetti" aria-hidden="true">
                        // A style property, not a style attribute: the page's
                        // content security policy refuses inline attributes.
                        {(0..14).map(|i| view! { <i style:--i=i.to_string()></i> }).collect_view()}
                    </div>
                }.into_any())}
                <h2 id="dialog-title">{title}</h2>
                {children()}
            </div>
        </div>
    }
}

/// Marks the screen's content around a dialog inert (or not), leaving other
/// dialogs usable.
fn set_background_inert(dialog: &web_sys::Element, inert: bool) {
    let Some(backdrop) = dialog.parent_element() else {
        return;
    };
    let Some(screen) = backdrop.parent_element() else {
        return;
    };
    let children = screen.children();
    for i in 0..children.length() {
        let Some(child) = children.item(i) else {
            continue;
        };
        if child.class_list().contains("dialog-backdrop") {
            continue;
        }
        let _ = if inert {
            child.set_attribute("inert", "")
        } else {
            child.remove_attribute("inert")
        };
    }
}

thread_local! {
    /// The control the player last pressed (a tap, or Enter or Space on
    /// it): the one shaken if the engine refuses its action.
    static PRESSED: std::cell::RefCell<Option<web_sys::Element>> = const { std::cell::RefCell::new(None) };
}

/// Notes which control a press (`pointerdown` or `keydown`) is on; a
/// shortcut key is on no control.
pub fn note_pressed(event: &web_sys::Event) {
    use wasm_bindgen::JsCast;
    let by_key = event
        .dyn_ref::<web_sys::KeyboardEvent>()
        .map(web_sys::KeyboardEvent::key);
    let control = match by_key.as_deref() {
        Some("Enter" | " ") | None => event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button, [role=button]").ok().flatten()),
        Some(_) => None,
    };
    PRESSED.with_borrow_mut(|pressed| *pressed = control);
}

/// Marks an accepted action, just before the table's game changes: the
/// cards it moves travel to their new places (`motion`) and the move sound
/// plays (if sounds are on).
pub fn accepted() {
    REFUSED.with_borrow_mut(|refused| {
        if let Some(previous) = refused.take() {
            let _ = previous.style().remove_property("anchor-name");
        }
    });
    motion::before_change();
    sound::play(sound::Sound::Move);
}

/// Marks a refused action (the table shows why): the control just pressed
/// shakes (the stylesheet shakes it only while motion is on) and the
/// refused sound plays (if sounds are on).
pub fn refused() {
    sound::play(sound::Sound::Refused);
    let Some(control) = PRESSED.with_borrow_mut(Option::take) else {
        return;
    };
    anchor_refusal(&control);
    let classes = control.class_list();
    let _ = classes.remove_1("refused");
    // Layout in between, so that a second refusal shakes it again.
    let _ = control.get_bounding_client_rect();
    let _ = classes.add_1("refused");
}

thread_local! {
    /// The control a refusal is drawn beside (`message::TableMessage`).
    static REFUSED: std::cell::RefCell<Option<web_sys::HtmlElement>> = const { std::cell::RefCell::new(None) };
}

/// Makes `control` the anchor the table's refusal line is drawn beside (a
/// CSS anchor), taking the name from the control refused before.
fn anchor_refusal(control: &web_sys::Element) {
    use wasm_bindgen::JsCast;
    let Some(control) = control.dyn_ref::<web_sys::HtmlElement>() else {
        return;
    };
    REFUSED.with_borrow_mut(|refused| {
        if let Some(previous) = refused.take() {
            let _ = previous.style().remove_property("anchor-name");
        }
        let _ = control.style().set_property("anchor-name", "--refused");
        *refused = Some(control.clone());
    });
}

/// The key of a table shortcut, or `None` when the key press belongs to
/// something else: a modifier is held, or the focus is in a form field.
pub fn shortcut_key(event: &web_sys::KeyboardEvent) -> Option<String> {
    use wasm_bindgen::JsCast;
    if event.ctrl_key() || event.meta_key() || event.alt_key() {
        return None;
    }
    let in_field = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    (!in_field).then(|| event.key())
}

/// Copies the page's address (the deal's share link) and says so.
pub fn copy_page_link(message: RwSignal<Option<message::Note>>) {
    let href = window().location().href().unwrap_or_default();
    let _ = window().navigator().clipboard().write_text(&href);
    message.set(Some(message::Note::event(format!(
        "Link to this deal copied: {href}"
    ))));
}

/// Says that another tab moved the game on, and that this tab now shows it.
#[component]
pub fn ChangedElsewhereDialog(on_continue: Callback<()>) -> impl IntoView {
    let ctx = crate::shell::ctx();
    view! {
        <Dialog title="This game changed in another tab">
            <p>"This game was played further in another tab or window. This tab now shows where it is, so no move is lost."</p>
            <button class="button primary" on:click=move |_| {
                ctx.changed_elsewhere.set(false);
                on_continue.run(());
            }>"Continue from there"</button>
        </Dialog>
    }
}

/// Asks before dealing the same cards again over a game in progress.
#[component]
pub fn RestartDialog(keep: Callback<()>, restart: Callback<()>) -> impl IntoView {
    view! {
        <Dialog title="Restart this deal?">
            <p>"The game so far will count as a loss, and the same cards will be dealt again."</p>
            <div class="button-row">
                <button class="button" on:click=move |_| keep.run(())>"Keep playing"</button>
                <button class="button danger" on:click=move |_| restart.run(())>"Restart"</button>
            </div>
        </Dialog>
    }
}
