use crate::app::ctx;
use crate::route::Route;
use engine::Game;
use leptos::prelude::*;

/// The games that exist, with a way to continue the one in progress.
#[component]
pub fn Home() -> impl IntoView {
    let ctx = ctx();
    let in_progress = move || {
        ctx.game.with(|g| {
            g.as_ref().filter(|s| !s.is_over()).map(|s| {
                let route = Route::DeadCenterDeal {
                    variant: s.variant(),
                    seed: s.seed(),
                };
                let detail = format!(
                    "{} · {} of 12 zombies left · {} cards in the deck",
                    s.variant().name(),
                    s.zombies_left(),
                    s.deck_len()
                );
                (route.href(), detail)
            })
        })
    };
    let mr_in_progress = move || {
        ctx.mr_game.with(|g| {
            g.as_ref().filter(|g| !g.state.is_over()).map(|g| {
                let route = Route::MurderersRowDeal {
                    seed: g.state.seed(),
                };
                let detail = format!(
                    "Deal {} · {} cards alive",
                    g.state.seed(),
                    g.state.row().len()
                );
                (route.href(), detail)
            })
        })
    };
    let sk_in_progress = move || {
        ctx.sk_game.with(|g| {
            g.as_ref().filter(|g| g.state.in_progress()).map(|g| {
                let at_large = g.state.at_large().count();
                format!(
                    "{} players · {at_large} still on the loose",
                    g.state.players()
                )
            })
        })
    };
    view! {
        <header class="home-header">
            <h1>"Grave Matters"</h1>
            <p class="tagline">"Murder-mystery card games. Plays offline once installed."</p>
        </header>
        <section class="game-list" aria-label="Games">
            <article class="game-entry">
                <h2>"Dead Center"</h2>
                <p>"Solitaire: hold the cabin and kill twelve zombies before the deck runs out."</p>
                <div class="button-row">
                    // Optional views are AnyViews, one type for Leptos to
                    // compile its update code for (a smaller bundle).
                    {move || in_progress().map(|(href, detail)| view! {
                        <a class="button primary" href=href>
                            "Continue"
                            <span class="button-detail">{detail}</span>
                        </a>
                    }.into_any())}
                    <a class="button" href=Route::DeadCenterNew.href()>"New game"</a>
                    <a class="button" href=Route::DeadCenterRules.href()>"Rules"</a>
                </div>
            </article>
            <article class="game-entry">
                <h2>"Murderers' Row"</h2>
                <p>"Solitaire: ten killers in a row. Turn them on each other until one is left. A solver knows your exact odds."</p>
                <div class="button-row">
                    {move || mr_in_progress().map(|(href, detail)| view! {
                        <a class="button primary" href=href>
                            "Continue"
                            <span class="button-detail">{detail}</span>
                        </a>
                    }.into_any())}
                    <a class="button" href=Route::MurderersRowNew.href()>"New game"</a>
                    <a class="button" href=Route::MurderersRowRules.href()>"Rules"</a>
                </div>
            </article>
            <article class="game-entry">
                <h2>"Serial Killer"</h2>
                <p>"2 to 6 players at one device, people or computer: kill every turn, or the police find a clue. The last killer on the loose wins."</p>
                <div class="button-row">
                    {move || sk_in_progress().map(|detail| view! {
                        <a class="button primary" href=Route::SerialKiller.href()>
                            "Continue"
                            <span class="button-detail">{detail}</span>
                        </a>
                    }.into_any())}
                    <a class="button" href=Route::SerialKillerNew.href()>"New game"</a>
                    <a class="button" href=Route::SerialKillerRules.href()>"Rules"</a>
                </div>
            </article>
        </section>
        <nav class="home-links" aria-label="More">
            <a class="button" href=Route::Stats.href()>"Statistics"</a>
            <a class="button" href=Route::Settings.href()>"Settings"</a>
        </nav>
    }
}
