//! Grave Matters: murder-mystery card games in the browser. This file only
//! mounts the app into the page. (The workers are modules of their own: the
//! `workers` crate.)

mod app;
mod backup;
mod codec;
mod daily;
mod dates;
mod durable;
mod games;
mod lazy;
mod module;
mod names;
mod records;
mod remote;
mod replay;
mod route;
mod screens;
mod seats;
mod session;
mod settings;
mod shell;
mod stats;
mod storage;
mod summary;
mod table;
mod ui;
mod words;
mod workers;

use wasm_bindgen::JsCast;

fn main() {
    // A panic stops the app (public/crash.js then offers a reload): say in
    // the console what it was, for whoever reads it.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&info.to_string().into());
    }));
    let document = leptos::prelude::document();
    let (Some(body), Ok(root)) = (document.body(), document.create_element("div")) else {
        return; // The loading message in index.html stays, with its reload link.
    };
    root.set_id("app");
    if body.append_child(&root).is_err() {
        return;
    }
    if let Some(boot) = document.get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to(root.unchecked_into(), app::App).forget();
    // The first screen is drawn in the next frame: only then does
    // public/register-sw.js start the service worker, whose precache of
    // everything else would otherwise compete with the first screen.
    leptos::prelude::request_animation_frame(|| {
        if let Some(html) = leptos::prelude::document().document_element() {
            let _ = html.set_attribute("data-ready", "");
        }
    });
}
