//! An answer scanned on the host's device: the device's camera app opens
//! the answer's link in another tab or window of the same browser, whose
//! page hands the code to the host's page over a `BroadcastChannel` and
//! says whether it was taken. (Where the link opens elsewhere, an
//! installed app with storage of its own, say, the answer is pasted.)

use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{js_sys, BroadcastChannel, MessageEvent};

/// The channel every page of this app on this device shares.
const CHANNEL: &str = "grave-matters-answers";

/// How long the answer's page waits for a host's page to take it.
const WAIT_MS: i32 = 3_000;

/// A message on the channel.
#[derive(Serialize, Deserialize)]
enum Relayed {
    /// An answer's code (or link), for whichever host's page invited.
    Answer(String),
    /// The host's page that invited took it (`Ok`) or refused it, and why.
    Taken {
        answer: String,
        result: Result<(), String>,
    },
}

/// A host's page listening for answers; stops when dropped.
pub struct Listener {
    channel: BroadcastChannel,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

/// Listens for answers handed over by other pages: `take` takes one in,
/// or says `None` if it is not for this page (another page may have
/// invited), and the answer's page is told the result.
pub fn listen(take: impl Fn(&str) -> Option<Result<(), String>> + 'static) -> Option<Listener> {
    let channel = BroadcastChannel::new(CHANNEL).ok()?;
    let reply = channel.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(Relayed::Answer(answer)) = read(&e.data()) else {
            return;
        };
        if let Some(result) = take(&answer) {
            let _ = reply.post_message(&write(&Relayed::Taken { answer, result }));
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some(Listener {
        channel,
        _on_message: on_message,
    })
}

/// Hands `answer` to the host's page on this device: whether it took it,
/// or why not.
pub async fn hand_over(answer: String) -> Result<(), String> {
    let channel = BroadcastChannel::new(CHANNEL).map_err(|_| {
        "This browser cannot pass the answer to another page: paste it into the host's page."
            .to_string()
    })?;
    let resolver: Rc<RefCell<Option<js_sys::Function>>> = Rc::default();
    let reply = js_sys::Promise::new(&mut |resolve, _| {
        // Unanswered after a while: no host's page here invited.
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, WAIT_MS);
        *resolver.borrow_mut() = Some(resolve);
    });
    let expected = answer.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(Relayed::Taken { answer, .. }) = read(&e.data()) {
            if answer == expected {
                if let Some(resolve) = resolver.borrow().as_ref() {
                    let _ = resolve.call1(&JsValue::NULL, &e.data());
                }
            }
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = channel.post_message(&write(&Relayed::Answer(answer)));
    let replied = wasm_bindgen_futures::JsFuture::from(reply).await.ok();
    channel.set_onmessage(None);
    channel.close();
    match replied.and_then(|r| read(&r)) {
        Some(Relayed::Taken { result, .. }) => result,
        _ => Err("No game on this device is waiting for this answer. Open the game that invited (its tab or window) and paste the answer there.".into()),
    }
}

fn write(message: &Relayed) -> JsValue {
    JsValue::from_str(&serde_json::to_string(message).unwrap_or_default())
}

fn read(data: &JsValue) -> Option<Relayed> {
    serde_json::from_str(&data.as_string()?).ok()
}
