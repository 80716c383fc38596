//! The worker side of the Murderers' Row solver: when the app's module runs
//! in a web worker (public/solver-worker.js starts it there), it answers
//! each request (`advice::Request` as JSON) with a reply
//! (`advice::Reply`), one at a time, after saying "ready".

use engine::murderers_row::advice::{answer, Answer, Reply, Request};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{js_sys, DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's global scope, if this code runs in a worker.
pub fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global().dyn_into().ok()
}

/// Answers the page's questions for the worker's whole life.
pub fn listen(scope: DedicatedWorkerGlobalScope) {
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let reply = match serde_json::from_str::<Request>(&text) {
            Ok(request) => Reply {
                id: request.id,
                answer: answer(&request.question),
            },
            Err(e) => Reply {
                id: 0,
                answer: Answer::Refused(format!("unreadable request: {e}")),
            },
        };
        let text = serde_json::to_string(&reply).unwrap_or_default();
        let _ = replies.post_message(&JsValue::from_str(&text));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
