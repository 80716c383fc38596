//! Settings → "Your data": whether the browser keeps it for good and how
//! much it uses, an export of all of it to a file, and an import from such a
//! file that shows what it holds and asks before replacing anything.

use crate::backup::{self, Import};
use crate::durable;
use crate::games;
use crate::lazy;
use crate::session;
use crate::storage::{BrowserStore, Store as _};
use crate::ui::{Dialog, When};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Array, Date};

#[component]
pub fn DataPanel() -> impl IntoView {
    // Plain text in a fixed layout: every part of this panel is a string,
    // which keeps its code small (views that change shape cost kilobytes).
    let status = RwSignal::new(String::new());
    // (Answers that come after the panel is gone are dropped: `try_set`.)
    spawn_local(async move {
        let _ = status.try_set(describe(durable::is_persistent().await));
    });
    // What the last export or import attempt came to.
    let outcome = RwSignal::new(String::new());
    let problem = RwSignal::new(false);
    let say = move |is_problem: bool, text: String| {
        let _ = problem.try_set(is_problem);
        let _ = outcome.try_set(text);
    };
    let pending = StoredValue::new(None::<Import>);
    // What the file holds, while the player decides; empty otherwise.
    let preview = RwSignal::new(String::new());

    let export = move |_| {
        let text = backup::export(&BrowserStore, &games::record_keys(), Date::now() as u64);
        let date: String = String::from(Date::new_0().to_iso_string())
            .chars()
            .take(10)
            .collect();
        match download(&text, &format!("grave-matters-{date}.json")) {
            Ok(()) => say(
                false,
                format!("Your data was saved as grave-matters-{date}.json."),
            ),
            Err(_) => say(true, "The browser refused to save the file.".to_string()),
        }
    };
    let choose = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let file = input.files().and_then(|files| files.get(0));
        // The same file may be chosen again after a refusal.
        input.set_value("");
        let Some(file) = file else { return };
        say(false, String::new());
        let bytes = file.size() as u64;
        if bytes > backup::MAX_BYTES as u64 {
            say(true, backup::too_large(bytes));
            return;
        }
        spawn_local(async move {
            let text = JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|t| t.as_string());
            let Some(text) = text else {
                say(true, "The file could not be read.".to_string());
                return;
            };
            // Each game's records are checked by its own code: the chunks
            // of the games the file names load first.
            for game in games::GAMES {
                let named = game
                    .keys
                    .iter()
                    .any(|key| text.contains(&format!("\"{key}\"")));
                if named && lazy::load(game).await.is_err() {
                    say(true, format!("{} could not be loaded to check its records in this file. Check your connection and try again.", game.name()));
                    return;
                }
            }
            // The recent games are checked here (their record's code is
            // not in the first load: the Recent screen has its own chunk).
            session::keep(&crate::replay::recent::RECORD);
            match backup::read(&text, &session::kept_records()) {
                Ok(import) => {
                    let _ = preview.try_set(preview_text(&import));
                    pending.try_set_value(Some(import));
                }
                Err(why) => say(true, why),
            }
        });
    };
    let close = move || {
        pending.set_value(None);
        preview.set(String::new());
    };
    let import = move |_| {
        // (Home's summaries of the imported games no longer match their
        // saves: the games' chunks load at start to write them again.)
        let result = pending.with_value(|import| import.as_ref().map(|i| i.apply(&BrowserStore)));
        close();
        match result {
            // Every game loads its records afresh, as at start.
            Some(Ok(())) => window().location().reload().unwrap_or_default(),
            Some(Err(why)) => say(true, why),
            None => {}
        }
    };

    view! {
        <section class="panel data-panel" aria-labelledby="data-heading">
            <h2 id="data-heading">"Your data"</h2>
            <p class="data-status">{move || status.get()}</p>
            <div class="button-row">
                <button class="button" on:click=export>"Export my data"</button>
                <label class="button file-button">
                    "Import from a file…"
                    <input type="file" accept=".json,application/json" class="visually-hidden" on:change=choose/>
                </label>
            </div>
            <p class="data-outcome" class:problem=move || problem.get() role="status" aria-live="polite">
                {move || outcome.get()}
            </p>
        </section>
        <When when=move || preview.with(|p| !p.is_empty())>
            <Dialog title="Import this file?">
                <p class="import-preview">{move || preview.get()}</p>
                <div class="button-row">
                    <button class="button" on:click=move |_| close()>"Cancel"</button>
                    <button class="button primary" on:click=import>"Import"</button>
                </div>
            </Dialog>
        </When>
    }
}

/// What the import dialog says of a file: when it was written, each record
/// it holds and what importing does to it.
fn preview_text(import: &Import) -> String {
    let exported = crate::dates::date(import.exported_ms as f64);
    let effects = import.effects(&BrowserStore);
    let mut text = format!("Exported on {exported}. It holds:\n");
    for (what, effect) in &effects {
        text += &format!("• {}: {}\n", capitalised(what), effect.words());
    }
    text += if effects.iter().any(|(_, e)| *e == backup::Effect::Replaces) {
        "\nWhat it replaces cannot be brought back. Your other data stays as it is."
    } else {
        "\nNothing of yours is replaced."
    };
    text
}

/// `text` with an ASCII first letter in capitals (our own words, all
/// ASCII: Unicode case tables would cost kilobytes for nothing).
fn capitalised(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

fn describe(persistent: Option<bool>) -> String {
    let kept = match persistent {
        Some(true) => "This browser keeps your games and statistics for good: it will not clear them to make room.",
        Some(false) => "This browser may clear your games and statistics when it needs room. The app asks it to keep them when you finish a game or install the app; an exported copy is safe anywhere.",
        None => "This browser does not say whether it keeps your data: an exported copy is safe anywhere.",
    };
    // localStorage keeps text as UTF-16: two bytes a character.
    let bytes: usize = games::record_keys()
        .iter()
        .filter_map(|key| BrowserStore.get(key).ok().flatten())
        .map(|text| 2 * text.encode_utf16().count())
        .sum();
    format!("{kept} Your saved data takes {} KB.", bytes.div_ceil(1024))
}

/// Offers `text` to the player as a file download named `name`.
fn download(text: &str, name: &str) -> Result<(), JsValue> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(
        &Array::of1(&JsValue::from_str(text)),
        &options,
    )?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // Revoked once the browser has started the download.
    set_timeout(
        move || drop(web_sys::Url::revoke_object_url(&url)),
        std::time::Duration::from_secs(5),
    );
    Ok(())
}
