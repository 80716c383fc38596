//! Shows a game's screens, which live in the game's own WebAssembly chunk
//! (see [`GamePages`]): at once if the chunk is loaded, else "Loading…"
//! until it is, or a message with Retry if it cannot be loaded. Never a
//! blank page, and never a crash: the split points are `fallible`, so a
//! failed load is an `Err` here, not a trap.

use crate::module::{GameEntry, GamePages};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;

thread_local! {
    /// The games whose chunks are loaded, by id.
    static LOADED: RefCell<Vec<(&'static str, &'static dyn GamePages)>> =
        const { RefCell::new(Vec::new()) };
}

fn loaded(game: &'static GameEntry) -> Option<&'static dyn GamePages> {
    LOADED.with_borrow(|loaded| {
        loaded
            .iter()
            .find(|(id, _)| *id == game.id())
            .map(|(_, pages)| *pages)
    })
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
            let next = match game.module.pages().await {
                Ok(pages) => {
                    if loaded(game).is_none() {
                        LOADED.with_borrow_mut(|loaded| loaded.push((game.id(), pages)));
                    }
                    Load::Ready(pages)
                }
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
