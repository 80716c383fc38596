use crate::daily;
use crate::durable;
use crate::games::{ADDRESSES, GAMES};
use crate::route::{Deal, Page, Route};
use crate::session;
use crate::shell::ctx;
use crate::storage::BrowserStore;
use crate::summary;
use leptos::prelude::*;

/// The games there are, each with a way to continue the one in progress
/// (as its summary says: Home loads no game's code).
#[component]
pub fn Home() -> impl IntoView {
    let ctx = ctx();
    let entries = GAMES.map(|game| {
        let page = |page| Route::Game {
            game: game.id(),
            page,
        };
        view! {
            <article class="game-entry">
                <svg class="game-emblem" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
                    <path d=game.emblem/>
                </svg>
                <h2>{game.name()}</h2>
                <p>{game.blurb}</p>
                <div class="button-row">
                    // Optional views are AnyViews, one type for Leptos to
                    // compile its update code for (a smaller bundle).
                    {move || {
                        ctx.summaries.track();
                        let in_progress = summary::read(&BrowserStore, game.id(), &ADDRESSES);
                        in_progress.map(|(route, detail)| view! {
                        <a class="button primary" href=route.href()>
                            "Continue"
                            <span class="button-detail">{detail}</span>
                        </a>
                    }.into_any())
                    }}
                    {game.daily.map(|variant| {
                        let day = daily::today();
                        let deal = Deal { variant, seed: daily::seed(day) };
                        // Once today's play is counted, how it went.
                        let played = move || {
                            ctx.summaries.track();
                            let stats_key = game.keys.get(1)?;
                            daily::played_today(&BrowserStore, stats_key, day)
                                .map(|result| format!(" · played: {result}"))
                        };
                        view! {
                            <a class="button daily" href=page(Page::Deal(deal)).href()>
                                "Daily deal"
                                <span class="button-detail">{daily::date_text(day)}{played}</span>
                            </a>
                        }
                    })}
                    <a class="button" href=page(Page::New).href()>"New game"</a>
                    <a class="button" href=page(Page::Rules).href()>"Rules"</a>
                </div>
            </article>
        }
        .into_any()
    });
    // Told once, on Safari in a tab: where its games could be lost.
    let keep_tip = move || {
        (durable::safari_tab() && !ctx.settings.with(|s| s.home_screen_tip_seen)).then(|| {
            let seen = move |_| {
                ctx.settings.update(|s| s.home_screen_tip_seen = true);
                session::save_settings(ctx);
            };
            view! {
                <aside class="keep-tip" aria-label="Keeping your games">
                    <p>"Safari deletes this app's saved games after seven days without a visit. "
                       "To keep them, add Grave Matters to your Home Screen (Share, then Add to Home Screen), "
                       "or save a copy now and then in Settings, under Your data."</p>
                    <div class="button-row">
                        <a class="button" href=Route::Settings.href()>"Settings"</a>
                        <button class="button primary" on:click=seen>"Got it"</button>
                    </div>
                </aside>
            }
            .into_any()
        })
    };
    view! {
        <header class="home-header">
            <h1>"Grave Matters"</h1>
            <p class="tagline">"Murder-mystery card games. Plays offline once installed."</p>
        </header>
        {keep_tip}
        <section class="game-list" aria-label="Games">{entries.collect_view()}</section>
        <nav class="home-links" aria-label="More">
            <a class="button" href=Route::Recent.href()>"Recent games"</a>
            <a class="button" href=Route::Stats.href()>"Statistics"</a>
            <a class="button" href=Route::Settings.href()>"Settings"</a>
        </nav>
    }
}
