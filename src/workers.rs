//! Starting the app's workers. Each is a WebAssembly module of its own (the
//! `workers` crate), never this one: the page's first load carries no
//! worker's code. The build names each module's files in a
//! `<meta name="worker:<name>">` (tools/build/workers.mjs); `public/worker.js`
//! starts them in the worker. The worker posts "ready" once it listens, or
//! "failed: <why>" if its module could not start.

use engine::worker::{Report, Request};
use leptos::prelude::document;
use serde::{de::DeserializeOwned, Serialize};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use std::thread::LocalKey;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{js_sys, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

/// Starts worker `name` (a binary of the `workers` crate); its first
/// message will be "ready" or "failed: …".
pub fn start(name: &str) -> Result<Worker, JsValue> {
    let meta = document()
        .query_selector(&format!("meta[name='worker:{name}']"))?
        .ok_or("this build has no such worker")?;
    let glue = meta.get_attribute("content").ok_or("no module")?;
    let wasm = meta.get_attribute("data-wasm").ok_or("no wasm")?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("worker.js", &options)?;
    let files = js_sys::Object::new();
    js_sys::Reflect::set(&files, &"glue".into(), &absolute(&glue)?.into())?;
    js_sys::Reflect::set(&files, &"wasm".into(), &absolute(&wasm)?.into())?;
    worker.post_message(&files)?;
    Ok(worker)
}

/// `path` against the page's address: the worker's script has its own.
fn absolute(path: &str) -> Result<String, JsValue> {
    let base = document().base_uri()?.ok_or("no base address")?;
    Ok(Url::new_with_base(path, &base)?.href())
}

/// The page's side of a conversation with one worker (a solver): questions
/// go to it as [`Request`]s, and each [`Report`] that comes back goes to
/// the callbacks given with its question (progress, then the answer). The
/// worker starts on the first question and is stopped by
/// [`Channel::cancel`] (a new one starts with the next question). Each game
/// keeps its channel in a `thread_local!` and asks through that key.
pub struct Channel<Q, P, A> {
    worker: &'static str,
    client: RefCell<Client<P, A>>,
    question: PhantomData<Q>,
}

/// A thread-local [`Channel`], the handle every call takes.
pub type ChannelKey<Q, P, A> = &'static LocalKey<Channel<Q, P, A>>;

/// A question asked and not answered yet.
struct Waiting<P, A> {
    id: u32,
    on_answer: Box<dyn FnOnce(Result<A, String>)>,
    on_progress: Rc<dyn Fn(P)>,
}

struct Client<P, A> {
    worker: Option<Worker>,
    /// The worker has started its module and listens.
    ready: bool,
    next_id: u32,
    /// Requests written before the worker was ready.
    queued: Vec<String>,
    waiting: Vec<Waiting<P, A>>,
    /// Kept alive as long as the worker is.
    handlers: Vec<Closure<dyn Fn(JsValue)>>,
}

impl<P, A> Client<P, A> {
    fn new(next_id: u32) -> Self {
        Client {
            worker: None,
            ready: false,
            next_id,
            queued: Vec::new(),
            waiting: Vec::new(),
            handlers: Vec::new(),
        }
    }
}

impl<Q, P, A> Channel<Q, P, A>
where
    Q: Serialize + 'static,
    P: DeserializeOwned + 'static,
    A: DeserializeOwned + 'static,
{
    /// A channel to worker `worker` (a binary of the `workers` crate).
    pub const fn new(worker: &'static str) -> Self {
        Channel {
            worker,
            client: RefCell::new(Client {
                worker: None,
                ready: false,
                next_id: 0,
                queued: Vec::new(),
                waiting: Vec::new(),
                handlers: Vec::new(),
            }),
            question: PhantomData,
        }
    }

    /// Asks `question`; `on_progress` is told how a long one comes along,
    /// and `on_answer` gets the answer, or why there is none. Answers come
    /// in the order asked.
    pub fn ask(
        key: ChannelKey<Q, P, A>,
        question: Q,
        on_progress: impl Fn(P) + 'static,
        on_answer: impl FnOnce(Result<A, String>) + 'static,
    ) {
        let started = key.with(|c| c.client.borrow().worker.is_some()) || Self::start(key).is_ok();
        if !started {
            on_answer(Err(
                "The solver could not start in this browser (web workers are needed).".into(),
            ));
            return;
        }
        key.with(|c| {
            let mut c = c.client.borrow_mut();
            c.next_id = c.next_id.wrapping_add(1);
            let id = c.next_id;
            let text = crate::codec::to_string(&Request { id, question }).unwrap_or_default();
            c.waiting.push(Waiting {
                id,
                on_answer: Box::new(on_answer),
                on_progress: Rc::new(on_progress),
            });
            match (&c.worker, c.ready) {
                (Some(worker), true) => {
                    let _ = worker.post_message(&JsValue::from_str(&text));
                }
                _ => c.queued.push(text),
            }
        });
    }

    /// Stops the worker and forgets every question asked (their callbacks
    /// are never called).
    pub fn cancel(key: ChannelKey<Q, P, A>) {
        key.with(|c| {
            let mut c = c.client.borrow_mut();
            if let Some(worker) = c.worker.take() {
                worker.terminate();
            }
            *c = Client::new(c.next_id);
        });
    }

    /// Drops the questions asked so far: a worker still working on one is
    /// stopped (it may be long), an idle one is kept warm for the next.
    pub fn drop_questions(key: ChannelKey<Q, P, A>) {
        if key.with(|c| !c.client.borrow().waiting.is_empty()) {
            Self::cancel(key);
        }
    }

    /// Fails every waiting question with `why` and stops the worker.
    fn fail_all(key: ChannelKey<Q, P, A>, why: String) {
        let waiting = key.with(|c| std::mem::take(&mut c.client.borrow_mut().waiting));
        Self::cancel(key);
        for waiting in waiting {
            (waiting.on_answer)(Err(why.clone()));
        }
    }

    fn start(key: ChannelKey<Q, P, A>) -> Result<(), JsValue> {
        let worker = start(key.with(|c| c.worker))?;
        let on_message = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
            let data = event.unchecked_into::<MessageEvent>().data();
            Self::on_message(key, data.as_string().unwrap_or_default());
        });
        let on_error = Closure::<dyn Fn(JsValue)>::new(move |_: JsValue| {
            Self::fail_all(
                key,
                "The solver stopped unexpectedly. Ask again to restart it.".into(),
            );
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        key.with(|c| {
            let mut c = c.client.borrow_mut();
            c.worker = Some(worker);
            c.ready = false;
            c.handlers = vec![on_message, on_error];
        });
        Ok(())
    }

    fn on_message(key: ChannelKey<Q, P, A>, text: String) {
        if text == "ready" {
            key.with(|c| {
                let mut c = c.client.borrow_mut();
                c.ready = true;
                let queued = std::mem::take(&mut c.queued);
                if let Some(worker) = &c.worker {
                    for request in queued {
                        let _ = worker.post_message(&JsValue::from_str(&request));
                    }
                }
            });
            return;
        }
        if let Some(why) = text.strip_prefix("failed: ") {
            Self::fail_all(key, format!("The solver could not start ({why})."));
            return;
        }
        let reply = match crate::codec::from_str::<Report<P, A>>(&text) {
            Ok(Report::Done(reply)) => reply,
            Ok(Report::Progress { id, progress }) => {
                let on_progress = key.with(|c| {
                    let c = c.client.borrow();
                    let waiting = c.waiting.iter().find(|w| w.id == id)?;
                    Some(waiting.on_progress.clone())
                });
                // Called with the client released, as the answer is below.
                if let Some(on_progress) = on_progress {
                    on_progress(progress);
                }
                return;
            }
            Err(_) => return,
        };
        let waiting = key.with(|c| {
            let mut c = c.client.borrow_mut();
            let at = c.waiting.iter().position(|w| w.id == reply.id)?;
            Some(c.waiting.remove(at))
        });
        // Called with the client released: the callback may ask again.
        if let Some(waiting) = waiting {
            (waiting.on_answer)(Ok(reply.answer));
        }
    }
}
