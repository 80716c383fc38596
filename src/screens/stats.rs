use crate::games::GAMES;
use crate::ui::{Dialog, TopBar, When};
use leptos::prelude::*;

/// Every game's statistics, and a way to reset them all.
#[component]
pub fn StatsScreen() -> impl IntoView {
    let confirming = RwSignal::new(false);
    let reset = move |_| {
        for game in GAMES {
            game.reset_stats();
        }
        confirming.set(false);
    };
    view! {
        <TopBar title="Statistics"/>
        {GAMES.map(|game| game.stats_panel()).collect_view()}
        <section class="panel">
            <button class="button danger" on:click=move |_| confirming.set(true)>"Reset statistics"</button>
        </section>
        <When when=move || confirming.get()>
            <Dialog title="Reset statistics?">
                <p>"All statistics, of every game, will be set back to zero. This cannot be undone."</p>
                <div class="button-row">
                    <button class="button" on:click=move |_| confirming.set(false)>"Keep them"</button>
                    <button class="button danger" on:click=reset>"Reset"</button>
                </div>
            </Dialog>
        </When>
    }
}
