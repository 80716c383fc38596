//! The Murderers' Row solver, run in a web worker so that the page never
//! waits for it. It answers each request (JSON text of
//! `engine::murderers_row::advice::Request`) with a reply (JSON text of
//! `Reply`), one at a time, and says "ready" once it is listening.

#[cfg(target_arch = "wasm32")]
fn main() {
    use engine::murderers_row::advice::{answer, Answer, Reply, Request};
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::{js_sys, DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
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
        if let Ok(text) = serde_json::to_string(&reply) {
            let _ = replies.post_message(&JsValue::from_str(&text));
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Listens for the page's whole life.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// Natively there is no worker: the app's native tests build this binary too.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
