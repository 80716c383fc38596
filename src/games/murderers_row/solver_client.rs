//! The page side of the solver worker: questions go to a web worker running
//! the solver's own module (`workers/src/bin/murderers_row_solver.rs`, started
//! by [`crate::workers`]), so that a long solve never
//! freezes the page; answers come back to the callback given with each
//! question, and the progress of a long one to its progress callback. The
//! worker starts on the first question and is stopped by [`cancel`] (a new
//! one starts with the next question).

use engine::murderers_row::advice::{Answer, Progress, Question, Report, Request};
use engine::murderers_row::difficulty::Level;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{MessageEvent, Worker};

type Callback = Box<dyn FnOnce(Result<Answer, String>)>;
type OnProgress = Rc<dyn Fn(Progress)>;

/// A question asked and not answered yet.
struct Waiting {
    id: u32,
    on_answer: Callback,
    on_progress: OnProgress,
}

#[derive(Default)]
struct Client {
    worker: Option<Worker>,
    /// The worker has started its module and listens.
    ready: bool,
    next_id: u32,
    /// Requests written before the worker was ready.
    queued: Vec<String>,
    waiting: Vec<Waiting>,
    /// Kept alive as long as the worker is.
    handlers: Vec<Closure<dyn Fn(JsValue)>>,
}

thread_local! {
    static CLIENT: RefCell<Client> = RefCell::new(Client::default());
    /// The levels of the deals the solver rated since the page opened.
    static LEVELS: RefCell<HashMap<u64, Level>> = RefCell::new(HashMap::new());
}

/// The level of deal `seed`, if the solver has worked it out since the page
/// opened (on the new-game screen, say).
pub fn known_level(seed: u64) -> Option<Level> {
    LEVELS.with_borrow(|levels| levels.get(&seed).copied())
}

/// Notes the level an answer gives a deal.
fn note_level(answer: &Answer) {
    let rated = match answer {
        Answer::Difficulty { seed, difficulty } => Some((*seed, difficulty.level)),
        Answer::DealOfLevel {
            found: Some((seed, difficulty)),
        } => Some((*seed, difficulty.level)),
        _ => None,
    };
    if let Some((seed, level)) = rated {
        LEVELS.with_borrow_mut(|levels| levels.insert(seed, level));
    }
}

/// Asks the solver `question`; `on_answer` gets the answer, or why there is
/// none. Answers come in the order asked.
pub fn ask(question: Question, on_answer: impl FnOnce(Result<Answer, String>) + 'static) {
    ask_with_progress(question, |_| {}, on_answer);
}

/// [`ask`], with `on_progress` told how a long question is coming along
/// (after each slice of the solver's work) until the answer.
pub fn ask_with_progress(
    question: Question,
    on_progress: impl Fn(Progress) + 'static,
    on_answer: impl FnOnce(Result<Answer, String>) + 'static,
) {
    let started = CLIENT.with_borrow(|c| c.worker.is_some()) || start().is_ok();
    if !started {
        on_answer(Err(
            "The solver could not start in this browser (web workers are needed).".into(),
        ));
        return;
    }
    CLIENT.with_borrow_mut(|c| {
        c.next_id = c.next_id.wrapping_add(1);
        let id = c.next_id;
        let request = Request { id, question };
        let text = crate::codec::to_string(&request).unwrap_or_default();
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

/// Stops the worker and forgets every question asked (their callbacks are
/// never called).
pub fn cancel() {
    CLIENT.with_borrow_mut(|c| {
        if let Some(worker) = c.worker.take() {
            worker.terminate();
        }
        *c = Client {
            next_id: c.next_id,
            ..Client::default()
        };
    });
}

/// Drops the questions asked so far: a worker still working on one is
/// stopped (it may be long), an idle one is kept warm for the next question.
pub fn drop_questions() {
    if CLIENT.with_borrow(|c| !c.waiting.is_empty()) {
        cancel();
    }
}

/// Fails every waiting question with `why` and stops the worker.
fn fail_all(why: String) {
    let waiting = CLIENT.with_borrow_mut(|c| std::mem::take(&mut c.waiting));
    cancel();
    for waiting in waiting {
        (waiting.on_answer)(Err(why.clone()));
    }
}

/// The worker's binary in the `workers` crate.
const WORKER: &str = "murderers-row-solver";

fn start() -> Result<(), JsValue> {
    let worker = crate::workers::start(WORKER)?;
    let on_message = Closure::<dyn Fn(JsValue)>::new(|event: JsValue| {
        let data = event.unchecked_into::<MessageEvent>().data();
        on_message(data.as_string().unwrap_or_default());
    });
    let on_error = Closure::<dyn Fn(JsValue)>::new(|_: JsValue| {
        fail_all("The solver stopped unexpectedly. Ask again to restart it.".into());
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    CLIENT.with_borrow_mut(|c| {
        c.worker = Some(worker);
        c.ready = false;
        c.handlers = vec![on_message, on_error];
    });
    Ok(())
}

fn on_message(text: String) {
    if text == "ready" {
        CLIENT.with_borrow_mut(|c| {
            c.ready = true;
            if let Some(worker) = &c.worker {
                for request in c.queued.drain(..) {
                    let _ = worker.post_message(&JsValue::from_str(&request));
                }
            }
        });
        return;
    }
    if let Some(why) = text.strip_prefix("failed: ") {
        fail_all(format!("The solver could not start ({why})."));
        return;
    }
    let reply = match crate::codec::from_str::<Report>(&text) {
        Ok(Report::Done(reply)) => reply,
        Ok(Report::Progress { id, progress }) => {
            let on_progress = CLIENT.with_borrow(|c| {
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
    note_level(&reply.answer);
    let waiting = CLIENT.with_borrow_mut(|c| {
        let at = c.waiting.iter().position(|w| w.id == reply.id)?;
        Some(c.waiting.remove(at))
    });
    // Called with the client released: the callback may ask again.
    if let Some(waiting) = waiting {
        (waiting.on_answer)(Ok(reply.answer));
    }
}
