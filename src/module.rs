//! What a game provides to the shell: its registry entry ([`GameEntry`],
//! plain data), what it does ([`GameModule`]), and its screens in the
//! game's own WebAssembly chunk ([`GamePages`]). The shell knows games only
//! through this, and the registry (`games`) lists them.

use crate::route::{Addresses, Page, Route};
use crate::shell::{Ctx, Notice};
use leptos::prelude::*;

/// A game as the registry lists it: what Home and the router need, as
/// constants, and what the game does.
pub struct GameEntry {
    /// Its id (the first part of its addresses, `#/<id>/…`), its name as
    /// players know it, and how its deals are addressed.
    pub addresses: Addresses,
    /// One line for its Home entry.
    pub blurb: &'static str,
    /// Its emblem on Home: an SVG path, 48 × 48 units, drawn by us.
    pub emblem: &'static str,
    pub module: &'static dyn GameModule,
}

impl GameEntry {
    pub fn id(&self) -> &'static str {
        self.addresses.id
    }

    pub fn name(&self) -> &'static str {
        self.addresses.name
    }
}

/// What a game does for the shell. Trait objects, so that the shell's
/// code exists once however many games there are. The methods that use the
/// game's records run inside the app's reactive tree (the shell sees to it),
/// where the game finds its own context; `provide` needs none.
pub trait GameModule: Sync {
    /// Loads the game's saved records and provides its context (see
    /// [`GameCtx`](crate::records::GameCtx)); what cannot be loaded is added
    /// to `notices`.
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>);
    /// Its screens, from its own WebAssembly chunk: the first call loads
    /// the chunk (later calls are ready at once). The shell shows them
    /// through [`lazy::pages`], which says when the chunk cannot be loaded.
    fn pages(&self) -> LoadPages;
    /// Where the game in progress is and a line about it, for "Continue"
    /// (reactive: read inside a closure).
    fn in_progress(&self) -> Option<(Route, String)>;
    /// Sets its statistics back to zero and saves them.
    fn reset_stats(&self);
    /// Its own choices on the Settings screen, if it has any.
    fn settings_panel(&self) -> Option<AnyView> {
        None
    }
    /// Another tab wrote the record under `key`: takes it if it is the game's.
    fn on_storage(&self, key: &str);
}

/// A game's screens: the code that is split into the game's own chunk.
/// Each game declares one function that returns its `GamePages`, marked
/// `#[wasm_split(<game>, fallible)]`: everything only that function reaches
/// goes into the chunk.
pub trait GamePages: Sync {
    /// The screen for one of its pages.
    fn page(&self, page: Page) -> AnyView;
    /// Its part of the statistics screen.
    fn stats_panel(&self) -> AnyView;
}

/// A game's chunk could not be loaded (offline and not yet cached, say);
/// the browser console has the details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkError;

impl From<wasm_split_helpers::SplitLoaderError> for ChunkError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        ChunkError
    }
}

/// What [`GameModule::pages`] returns: the game's screens once its chunk is
/// loaded.
pub type LoadPages = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<&'static dyn GamePages, ChunkError>>>,
>;

/// The route of a page of the game `id`.
pub fn route(id: &'static str, page: Page) -> Route {
    Route::Game { game: id, page }
}
