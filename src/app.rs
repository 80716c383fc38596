//! The app's root: routing over the registry of games, the notices bar,
//! and the worker's answers.

use crate::games;
use crate::route::{Page, Route};
use crate::screens::{home::Home, not_found::NotFound};
use crate::screens::{settings::SettingsScreen, stats::StatsScreen};
use crate::session;
use crate::shell::{ctx, Ctx};
use crate::storage::BrowserStore;
use crate::summary;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

#[component]
pub fn App() -> impl IntoView {
    let mut notices = Vec::new();
    let settings = session::load_settings(&mut notices);
    let ctx = Ctx {
        route: RwSignal::new(Route::parse(
            &window().location().hash().unwrap_or_default(),
            &games::ADDRESSES,
        )),
        notices: RwSignal::new(Vec::new()),
        settings: RwSignal::new(settings),
        changed_elsewhere: RwSignal::new(false),
        summaries: RwSignal::new(0),
    };
    provide_context(ctx);
    ctx.notices.set(notices);
    // Each game's records load with its chunk, provided here (`lazy`).
    crate::lazy::set_root(ctx);
    // Records with no summary for Home, or one of another save (a version
    // before summaries, another version, an import): their games' chunks
    // load (once the first screen is drawn) to check them and write one.
    request_animation_frame(|| {
        for game in games::GAMES {
            if summary::stale(&BrowserStore, game.id(), game.keys) {
                spawn_local(async move {
                    let _ = crate::lazy::load(game).await;
                });
            }
        }
    });
    // Storage events arrive outside the reactive tree; the games find their
    // contexts through this owner.
    let owner = Owner::current();

    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        ctx.route.set(Route::parse(
            &window().location().hash().unwrap_or_default(),
            &games::ADDRESSES,
        ));
        // A new screen starts at its top, as a new page would.
        window().scroll_to_with_x_and_y(0.0, 0.0);
    });
    let on_storage = window_event_listener(leptos::ev::storage, move |event| {
        // Another tab wrote one of the records: the settings, or a game's.
        let handle = || {
            let Some(key) = event.key() else { return };
            if session::take_settings_from_other_tab(ctx, &key) {
                return;
            }
            if summary::is_key(&key) {
                ctx.summaries.update(|n| *n = n.wrapping_add(1));
            }
            // A game whose chunk is not loaded reads its records afresh
            // when it loads.
            for game in games::GAMES {
                if let Some(pages) = crate::lazy::loaded(game) {
                    pages.on_storage(&key);
                }
            }
        };
        match &owner {
            Some(owner) => owner.with(handle),
            None => handle(),
        }
    });
    // A tap or a key finishes every card still moving, so that the table is
    // at once where the last action left it and the next one acts on it;
    // the control pressed is noted, to shake it if its action is refused.
    let on_pointer = window_event_listener(leptos::ev::pointerdown, |event| {
        finish_animations();
        crate::ui::note_pressed(&event);
    });
    let on_key = window_event_listener(leptos::ev::keydown, |event| {
        finish_animations();
        crate::ui::note_pressed(&event);
    });
    on_cleanup(move || {
        on_hash.remove();
        on_storage.remove();
        on_pointer.remove();
        on_key.remove();
    });
    crate::ui::effect(move || {
        let settings = ctx.settings.get();
        crate::ui::sound::set_on(settings.sounds == crate::settings::Sounds::On);
        session::apply_settings(&settings);
    });

    view! {
        <Notices/>
        <main class="screen">
            {move || {
                let route = ctx.route.get();
                own_screen(move || match route {
                    Route::Home => view! { <Home/> }.into_any(),
                    Route::Stats => view! { <StatsScreen/> }.into_any(),
                    Route::Recent => view! { <crate::screens::recent::RecentScreen/> }.into_any(),
                    Route::Settings => view! { <SettingsScreen/> }.into_any(),
                    Route::Game { game, page } => match games::find(game) {
                        Some(game) => {
                            // A new-game screen of its own loads before the game.
                            let new_game = (page == Page::New).then(|| game.module.new_game());
                            new_game.flatten().unwrap_or_else(|| {
                                crate::lazy::pages(game, move |pages| pages.page(page))
                            })
                        }
                        None => view! { <NotFound reason=String::new()/> }.into_any(),
                    },
                    Route::Invalid { reason } => view! { <NotFound reason/> }.into_any(),
                })
            }}
        </main>
    }
}

/// A screen drawn in an owner of its own, which ends with the screen. The
/// route's closure keeps one owner for all its runs, and cleaning an owner
/// up keeps the contexts provided in it: without this, what one screen
/// provides (a replay's read-only game, whose signals end with the replay)
/// would still be found by the next screen of that game, and reading it
/// there is a panic.
fn own_screen(screen: impl FnOnce() -> AnyView) -> AnyView {
    let owner = Owner::current()
        .map(|parent| parent.child())
        .unwrap_or_default();
    let view = owner.with(screen);
    leptos::tachys::reactive_graph::OwnedView::new_with_owner(view, owner).into_any()
}

/// Brings every running animation of the page to its end state (an endless
/// one, such as a spinner, refuses and keeps turning).
fn finish_animations() {
    for animation in document().get_animations() {
        if let Ok(animation) = animation.dyn_into::<web_sys::Animation>() {
            let _ = animation.finish();
        }
    }
}

/// Messages about saving and loading, each dismissable.
#[component]
fn Notices() -> impl IntoView {
    let ctx = ctx();
    view! {
        <div class="notices" role="status" aria-live="polite">
            // Not a keyed `<For>`: notices are few and rare, and the keyed
            // list's diffing costs kilobytes of the bundle.
            {move || {
                ctx.notices
                    .get()
                    .into_iter()
                    .map(|notice| {
                        let id = notice.id;
                        view! {
                            <div class=format!("notice notice-{}", notice.tone.class())>
                                <p>{notice.text}</p>
                                {notice.offers_reload.then(|| view! {
                                    <button class="button" on:click=|_| crate::shell::reload_to_update()>"Reload"</button>
                                })}
                                <button
                                    class="icon-button"
                                    aria-label="Dismiss message"
                                    on:click=move |_| ctx.notices.update(|n| n.retain(|x| x.id != id))
                                >
                                    "✕"
                                </button>
                            </div>
                        }
                        .into_any()
                    })
                    .collect_view()
            }}
        </div>
    }
}
