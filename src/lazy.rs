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
use std::sync::OnceLock;

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

/// What a chunk's loader gives: the chunk's entry, once it is loaded.
pub type Loading<T> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, ChunkError>>>>;

/// A chunk's entry, loaded the first time it is wanted and kept: a game's
/// `static` per split point (its replay viewer, its play across devices),
/// so that later screens show it at once. (The split point itself must be
/// a function of the game's own: `load` calls it.)
pub struct Chunk<T: 'static> {
    kept: OnceLock<T>,
    load: fn() -> Loading<T>,
}

impl<T: Copy + Send + Sync + 'static> Chunk<T> {
    pub const fn new(load: fn() -> Loading<T>) -> Chunk<T> {
        Chunk {
            kept: OnceLock::new(),
            load,
        }
    }

    /// [`when_loaded`] for the chunk's entry: "Loading <what>…" until it is
    /// loaded (the first time), then `show` of it.
    pub fn show(
        &'static self,
        what: &'static str,
        show: impl Fn(T) -> AnyView + Send + Sync + 'static,
    ) -> AnyView {
        let load_and_keep = move || -> Loading<T> {
            Box::pin(async move {
                let entry = (self.load)().await?;
                // Another load of the same chunk may have kept it meanwhile.
                let _ = self.kept.set(entry);
                Ok(entry)
            })
        };
        when_loaded(what, self.kept.get().copied(), load_and_keep, show)
    }
}

/// The entry of a chunk that holds one screen: it draws the screen.
pub type Screen = fn() -> AnyView;

impl Chunk<Screen> {
    /// The screen, from its chunk.
    pub fn screen(&'static self, what: &'static str) -> AnyView {
        self.show(what, |screen| screen())
    }
}

#[derive(Clone, Copy)]
enum Load<T> {
    Loading,
    Failed,
    Ready(T),
}

/// `show` applied to `game`'s screens, once its chunk is loaded.
pub fn pages(
    game: &'static GameEntry,
    show: impl Fn(&'static dyn GamePages) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    when_loaded(
        game.name(),
        loaded(game),
        move || Box::pin(load(game)),
        show,
    )
}

/// `show` applied to what `load` gives (a chunk's entry), at once if it is
/// `ready`, else once `load` has it: "Loading <what>…" until then, or a
/// message with Retry if the chunk cannot be loaded.
pub fn when_loaded<T: Copy + Send + Sync + 'static>(
    what: &'static str,
    ready: Option<T>,
    load: impl Fn() -> Loading<T> + Copy + Send + Sync + 'static,
    show: impl Fn(T) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    if let Some(entry) = ready {
        return show(entry);
    }
    let state = RwSignal::new(Load::Loading);
    let start = move || {
        state.set(Load::Loading);
        spawn_local(async move {
            let next = match load().await {
                Ok(entry) => Load::Ready(entry),
                Err(_) => Load::Failed,
            };
            // The screen may be gone by now (the player moved on).
            state.try_set(next);
        });
    };
    start();
    (move || match state.get() {
        // Drawn once: what `show` reads while it builds (the game, say) must
        // not make this closure build it again, as if the chunk loaded anew.
        Load::Ready(entry) => untrack(|| show(entry)),
        Load::Loading => view! {
            <p class="chunk-loading" role="status">{format!("Loading {what}…")}</p>
        }
        .into_any(),
        Load::Failed => view! {
            <section class="panel chunk-error" role="alert">
                <p>{format!("{} could not be loaded. Check your connection and try again.", capitalised(what))}</p>
                <div class="button-row">
                    <button class="button primary" on:click=move |_| start()>"Retry"</button>
                    <a class="button" href="#/">"Home"</a>
                </div>
            </section>
        }
        .into_any(),
    })
    .into_any()
}

/// `what` with a capital first letter, to begin a sentence. (ASCII only:
/// `char::to_uppercase` would bring Unicode's case tables, 13 KB, into the
/// first load.)
fn capitalised(what: &str) -> String {
    let mut text = what.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::capitalised;

    #[test]
    fn a_message_begins_with_a_capital() {
        assert_eq!(capitalised("the replay"), "The replay");
        assert_eq!(capitalised("Joker"), "Joker");
        assert_eq!(capitalised(""), "");
        // A first letter outside ASCII is left as it is, whole.
        assert_eq!(capitalised("été"), "été");
    }
}
