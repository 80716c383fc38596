//! The app's web worker: when the app's module runs in a worker
//! (public/worker.js starts it there), it answers the page's
//! requests instead of drawing a page (`app::answer_in_worker`). A request is `<game id>\n<text>`;
//! the game named answers it ([`GameModule::answer_in_worker`]), one at a
//! time, after the worker has said "ready". A long answer may send
//! progress first: each message is posted at once, while the work goes on.
//!
//! [`GameModule::answer_in_worker`]: crate::module::GameModule::answer_in_worker

use wasm_bindgen::JsCast;
use web_sys::{js_sys, DedicatedWorkerGlobalScope};

/// The worker's global scope, if this code runs in a worker.
pub fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global().dyn_into().ok()
}

/// The message that asks `game` to answer `request` in the worker.
pub fn request(game: &str, request: &str) -> String {
    format!("{game}\n{request}")
}
