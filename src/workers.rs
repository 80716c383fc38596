//! Starting the app's workers. Each is a WebAssembly module of its own (the
//! `workers` crate), never this one: the page's first load carries no
//! worker's code. The build names each module's files in a
//! `<meta name="worker:<name>">` (tools/workers.mjs); `public/worker.js`
//! starts them in the worker. The worker posts "ready" once it listens, or
//! "failed: <why>" if its module could not start.

use leptos::prelude::document;
use wasm_bindgen::JsValue;
use web_sys::{js_sys, Url, Worker, WorkerOptions, WorkerType};

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
