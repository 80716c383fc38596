//! What every worker of the app shares: listening to the page. A worker is
//! a binary of this crate, built into a WebAssembly module of its own and
//! started by `public/worker.js` (which the page gives the module's files);
//! it never carries the page's code, nor the page its code.
//!
//! The protocol: the worker posts "ready" once it listens; then each
//! message from the page is one request (text), answered by one or more
//! messages (text) posted at once, while the work goes on, one request at a
//! time.

use engine::worker::{Reply, Report, Request};
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Answers the page's requests for the worker's whole life: `answer` gets
/// each request's text and a way to post messages back.
pub fn serve(answer: impl Fn(&str, &mut dyn FnMut(String)) + 'static) {
    let scope: DedicatedWorkerGlobalScope = js_sys_global();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event.data().as_string().unwrap_or_default();
        answer(&request, &mut |message| {
            let _ = replies.post_message(&JsValue::from_str(&message));
        });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker's global scope (this crate's code only ever runs in one).
fn js_sys_global() -> DedicatedWorkerGlobalScope {
    web_sys::js_sys::global().unchecked_into()
}

/// A solver's answer to one request: its reports go to the function given.
pub type Respond<Q, P, A> = fn(&Request<Q>, &mut dyn FnMut(Report<P, A>));

/// [`serve`] for a solver speaking [`engine::worker`]'s messages as JSON:
/// each request read and given to `respond` with a way to post reports; an
/// unreadable one answered with `refused(why)`.
pub fn serve_json<Q, P, A>(respond: Respond<Q, P, A>, refused: fn(String) -> A)
where
    Q: DeserializeOwned + 'static,
    P: Serialize + 'static,
    A: Serialize + 'static,
{
    serve(move |request, send| {
        let mut post = |report: Report<P, A>| {
            if let Ok(text) = serde_json::to_string(&report) {
                send(text);
            }
        };
        match serde_json::from_str::<Request<Q>>(request) {
            Ok(request) => respond(&request, &mut post),
            Err(e) => post(Report::Done(Reply {
                id: 0,
                answer: refused(format!("unreadable request: {e}")),
            })),
        }
    });
}
