//! The shell's context and navigation: what every screen may read and
//! change (the route, the notices, the settings), and how to go elsewhere.
//! It knows no game.

use crate::route::Route;
use crate::settings::Settings;
use leptos::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// What every screen may read and change. Signals are `Copy`, so this is too.
/// Each game keeps its own records in a context of its own (see `games`).
#[derive(Clone, Copy)]
pub struct Ctx {
    pub route: RwSignal<Route>,
    pub notices: RwSignal<Vec<Notice>>,
    pub settings: RwSignal<Settings>,
    /// Another tab changed the saved game; this tab has taken it over and
    /// says so until the player acknowledges.
    pub changed_elsewhere: RwSignal<bool>,
    /// Changes when another tab writes a game's summary (`summary`), for
    /// Home to read them again.
    pub summaries: RwSignal<u32>,
}

pub fn ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// Goes to `route`, adding a history entry.
pub fn navigate(route: &Route) {
    let _ = window().location().set_hash(&route.href());
}

/// For a screen that only sends the player on (e.g. "#/dead-center" to the
/// deal in progress): shows `to` in place of `from`, with no new history
/// entry, once this render is done, unless the player has left `from`
/// meanwhile. `ctx` is passed in because the callback runs outside the
/// reactive tree, where the context cannot be looked up.
pub fn redirect(ctx: Ctx, from: Route, to: Route) {
    request_animation_frame(move || {
        if ctx.route.get_untracked() != from {
            return;
        }
        if let Ok(history) = window().history() {
            let href = to.href();
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
        }
        ctx.route.set(to);
    });
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Error,
    Warning,
}

impl Tone {
    pub fn class(self) -> &'static str {
        match self {
            Tone::Error => "error",
            Tone::Warning => "warning",
        }
    }
}

/// A message in the notices bar. Notices with the same topic replace each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub id: u32,
    pub tone: Tone,
    pub text: String,
    pub topic: &'static str,
    /// Shows a Reload button: what the page holds is older than what is
    /// saved (a newer version of the app wrote it).
    pub offers_reload: bool,
}

impl Notice {
    pub fn new(tone: Tone, topic: &'static str, text: impl Into<String>) -> Notice {
        static NEXT_ID: AtomicU32 = AtomicU32::new(1);
        Notice {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            tone,
            text: text.into(),
            topic,
            offers_reload: false,
        }
    }

    pub fn offering_reload(self) -> Notice {
        Notice {
            offers_reload: true,
            ..self
        }
    }
}

/// Reloads the page on the newest version of the app: through the update
/// banner's button when a new version waits (public/register-sw.js: it
/// takes over, then reloads every page), else plainly.
pub fn reload_to_update() {
    use wasm_bindgen::JsCast;
    let waiting = document()
        .get_element_by_id("sw-update-reload")
        .and_then(|button| button.dyn_into::<web_sys::HtmlElement>().ok());
    match waiting {
        Some(button) => button.click(),
        None => {
            let _ = window().location().reload();
        }
    }
}

pub fn notify(ctx: Ctx, notice: Notice) {
    ctx.notices.update(|list| {
        list.retain(|n| n.topic != notice.topic);
        list.push(notice);
    });
}

pub fn has_topic(ctx: Ctx, topic: &str) -> bool {
    ctx.notices
        .with_untracked(|list| list.iter().any(|n| n.topic == topic))
}

pub fn clear_topic(ctx: Ctx, topic: &str) {
    if has_topic(ctx, topic) {
        ctx.notices.update(|list| list.retain(|n| n.topic != topic));
    }
}
