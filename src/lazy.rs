//! Loads a game's chunk (see [`GamePages`]) and provides its records, once;
//! shows its screens: at once if the chunk is loaded, else "Loading…"
//! until it is, or a message with Retry if it cannot be loaded. Never a
//! blank page, and never a crash: the split points are `fallible`, so a
//! failed load is an `Err` here, not a trap.

use crate::module::{ChunkError, GameEntry, GamePages};
use crate::shell::Ctx;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;

thread_local! {
    /// The games whose chunks are loaded (and records provided), by id.
    static LOADED: RefCell<Vec<(&'static str, &'static dyn GamePages)>> =
        const { RefCell::new(Vec::new()) };
    /// The app's root, where a game's records are provided when its chunk
    /// has loaded (so that every screen finds them), and its context.
    static ROOT: RefCell<Option<(Owner, Ctx)>> = const { RefCell::new(None) };
}

/// Called once by the app's root component, with its context.
pub fn set_root(ctx: Ctx) {
    let owner = Owner::current();
    ROOT.with_borrow_mut(|root| *root = owner.map(|owner| (owner, ctx)));
}

/// `game`'s chunk, if it is loaded.
pub fn loaded(game: &'static GameEntry) -> Option<&'static dyn GamePages> {
    LOADED.with_borrow(|loaded| {
        loaded
            .iter()
            .find(|(id, _)| *id == game.id())
            .map(|(_, pages)| *pages)
    })
}

/// Loads `game`'s chunk, the first time providing its records under the
/// app's root (what cannot be loaded becomes notices).
pub async fn load(game: &'static GameEntry) -> Result<&'static dyn GamePages, ChunkError> {
    if let Some(pages) = loaded(game) {
        return Ok(pages);
    }
    let pages = game.module.pages().await?;
    // Another load of the same chunk may have finished meanwhile.
    if let Some(pages) = loaded(game) {
        return Ok(pages);
    }
    if let Some((owner, ctx)) = ROOT.with_borrow(Clone::clone) {
        let mut notices = Vec::new();
        owner.with(|| pages.provide(ctx, &mut notices));
        if !notices.is_empty() {
            ctx.notices.update(|list| list.extend(notices));
        }
    }
    LOADED.with_borrow_mut(|loaded| loaded.push((game.id(), pages)));
    Ok(pages)
}

#[derive(Clone, Copy)]
enum Load {
    Loading,
    Failed,
    Ready(&'static dyn GamePages),
}

/// `show` applied to `game`'s screens, once its chunk is loaded. `what`
/// names what is shown in the messages ("Dead Center", say).
pub fn pages(
    game: &'static GameEntry,
    show: impl Fn(&'static dyn GamePages) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    if let Some(pages) = loaded(game) {
        return show(pages);
    }
    let state = RwSignal::new(Load::Loading);
    let load = move || {
        state.set(Load::Loading);
        spawn_local(async move {
            let next = match load(game).await {
                Ok(pages) => Load::Ready(pages),
                Err(_) => Load::Failed,
            };
            // The screen may be gone by now (the player moved on).
            state.try_set(next);
        });
    };
    load();
    (move || match state.get() {
        Load::Ready(pages) => show(pages),
        Load::Loading => view! {
            <p class="chunk-loading" role="status">{format!("Loading {}…", game.name())}</p>
        }
        .into_any(),
        Load::Failed => view! {
            <section class="panel chunk-error" role="alert">
                <p>
                    {format!(
                        "{} could not be loaded. Check your connection and try again.",
                        game.name(),
                    )}
                </p>
                <div class="button-row">
                    <button class="button primary" on:click=move |_| load()>"Retry"</button>
                    <a class="button" href="#/">"Home"</a>
                </div>
            </section>
        }
        .into_any(),
    })
    .into_any()
}
