//! Whether the browser keeps the player's data for good. Without a grant,
//! browsers may clear a site's storage under pressure (and Safari after
//! weeks without a visit); the app asks for persistence at moments that show
//! the player cares: a finished game, or installing the app (that one is
//! asked by public/register-sw.js). Never on first load, where a browser may
//! show the player a question out of nowhere.

use leptos::task::spawn_local;
use std::sync::atomic::{AtomicBool, Ordering};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::StorageManager;

fn manager() -> Option<StorageManager> {
    let storage: JsValue = web_sys::window()?.navigator().storage().into();
    (!storage.is_undefined() && !storage.is_null()).then(|| storage.unchecked_into())
}

async fn settle(promise: Result<web_sys::js_sys::Promise, JsValue>) -> Option<JsValue> {
    JsFuture::from(promise.ok()?).await.ok()
}

/// Asks the browser for persistence, the first time in this page's life
/// that it is not granted yet.
pub fn ask_to_keep() {
    static ASKED: AtomicBool = AtomicBool::new(false);
    if ASKED.swap(true, Ordering::Relaxed) {
        return;
    }
    spawn_local(async {
        let Some(manager) = manager() else { return };
        if settle(manager.persisted()).await.and_then(|v| v.as_bool()) != Some(true) {
            settle(manager.persist()).await;
        }
    });
}

/// Whether this is Safari on an iPhone or iPad in a browser tab, not
/// opened from the Home Screen: there Safari deletes a site's saved data
/// after seven days without a visit, unless the site was added to the Home
/// Screen. (`navigator.standalone` exists only in iOS and iPadOS Safari,
/// and is false in a tab.)
pub fn safari_tab() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    web_sys::js_sys::Reflect::get(&window.navigator(), &JsValue::from_str("standalone"))
        .ok()
        .and_then(|v| v.as_bool())
        == Some(false)
}

/// Whether the browser keeps the app's data for good; `None` where it does
/// not say.
pub async fn is_persistent() -> Option<bool> {
    settle(manager()?.persisted()).await?.as_bool()
}
