//! What a game provides to the shell: its registry entry ([`GameEntry`],
//! plain data), what it does ([`GameModule`]), and its screens in the
//! game's own WebAssembly chunk ([`GamePages`]). The shell knows games only
//! through this, and the registry (`games`) lists them.

use crate::route::{Addresses, Page, Route};
use crate::shell::{Ctx, Notice};
use leptos::prelude::*;

/// A game as the registry lists it: what Home and the router need, as
/// constants, and how to load its chunk. Nothing here names the game's
/// types: the app's first load carries none of them.
pub struct GameEntry {
    /// Its id (the first part of its addresses, `#/<id>/…`), its name as
    /// players know it, and how its deals are addressed.
    pub addresses: Addresses,
    /// One line for its Home entry.
    pub blurb: &'static str,
    /// Its emblem on Home: an SVG path, 48 × 48 units, drawn by us.
    pub emblem: &'static str,
    /// The keys of every record it keeps, its game's save first, then its
    /// statistics and preferences: export copies them as stored text, and
    /// Home's summary of it (`summary`) is of that save.
    pub keys: &'static [&'static str],
    /// Whether it has choices of its own on the Settings screen.
    pub has_settings: bool,
    /// Whether it has a daily deal (see [`crate::daily`]), and in which of
    /// its variants (the variant's address slug), if it has variants.
    pub daily: Option<Option<&'static str>>,
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

/// How the shell loads a game's chunk. A trait object, so that the
/// shell's code exists once however many games there are.
pub trait GameModule: Sync {
    /// Its screens and records, from its own WebAssembly chunk: the first
    /// call loads the chunk (later calls are ready at once). The shell
    /// loads it through [`lazy`](crate::lazy), which provides the game's
    /// records once and says when the chunk cannot be loaded.
    fn pages(&self) -> LoadPages;
    /// Its new-game screen, when that is a chunk of its own with none of
    /// the game's code: the screen needs only the app's settings and Home's
    /// summary of the game, so a new-game link loads the screen, and the
    /// game's chunk follows while it is open (see
    /// [`crate::table::start`]). `None`: the game's chunk draws it.
    fn new_game(&self) -> Option<AnyView> {
        None
    }
}

/// Everything a game does in the app: the code that is split into the
/// game's own chunk. Each game declares one function that returns its
/// `GamePages`, marked `#[wasm_split(<game>, fallible)]`: everything only
/// that function reaches (its records' types and their serde code
/// included) goes into the chunk. The methods that use the game's records
/// run inside the app's reactive tree, where the game finds its context.
pub trait GamePages: Sync {
    /// Loads the game's saved records, provides its context (see
    /// [`GameCtx`](crate::records::GameCtx)) and writes the summary Home
    /// reads; what cannot be loaded is added to `notices`. Called once,
    /// when the chunk has loaded, under the app's root.
    fn provide(&self, app: Ctx, notices: &mut Vec<Notice>);
    /// The screen for one of its pages.
    fn page(&self, page: Page) -> AnyView;
    /// Its part of the statistics screen.
    fn stats_panel(&self) -> AnyView;
    /// Sets its statistics back to zero and saves them.
    fn reset_stats(&self);
    /// Its own choices on the Settings screen (see
    /// [`GameEntry::has_settings`]).
    fn settings_panel(&self) -> AnyView {
        ().into_any()
    }
    /// Another tab wrote the record under `key`: takes it if it is the game's.
    fn on_storage(&self, key: &str);
    /// Puts a new game on its table, as its new-game screen set it up
    /// (see [`GameModule::new_game`]): `setup` is the game's own type,
    /// made by that screen; why not, if the game cannot be made.
    fn start(&self, _setup: &dyn std::any::Any) -> Result<(), String> {
        Err("This game is set up on its own screens.".into())
    }
}

/// Called by the entry of a game's smaller chunk (its play across devices,
/// its replays): the entry then reaches, as far as the splitter can tell,
/// everything the game's own chunk reaches. So the game's code stays
/// together, in the chunks the game's first screen loads anyway, instead of
/// being cut into a piece for each combination of the game's chunks that
/// uses it: measured, that cutting cost Dead Center 13 KB gzip (calls
/// between pieces cannot be inlined, and each piece is a file of its own).
pub fn beside(pages: &'static dyn GamePages) {
    std::hint::black_box(pages);
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
