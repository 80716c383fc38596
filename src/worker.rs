//! The app's web worker: when the app's module runs in a worker
//! (public/worker.js starts it there), it answers the page's
//! requests instead of drawing a page. A request is `<game id>\n<text>`;
//! the game named answers it ([`GameModule::answer_in_worker`]), one at a
//! time, after the worker has said "ready". A long answer may send
//! progress first: each message is posted at once, while the work goes on.
//!
//! [`GameModule::answer_in_worker`]: crate::games::GameModule::answer_in_worker

use crate::games;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{js_sys, DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's global scope, if this code runs in a worker.
pub fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global().dyn_into().ok()
}

/// The message that asks `game` to answer `request` in the worker.
pub fn request(game: &str, request: &str) -> String {
    format!("{game}\n{request}")
}

/// Answers the page's requests for the worker's whole life.
pub fn listen(scope: DedicatedWorkerGlobalScope) {
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let (game, request) = text.split_once('\n').unwrap_or((&text, ""));
        // A request for no game that answers here gets no reply; the page
        // only sends requests its games made.
        if let Some(game) = games::find(game) {
            game.answer_in_worker(request, &mut |message| {
                let _ = replies.post_message(&JsValue::from_str(&message));
            });
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
