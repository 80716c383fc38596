use crate::games::GAMES;
use crate::lazy;
use crate::ui::{Dialog, TopBar, When};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Every game's statistics, and a way to reset them all.
#[component]
pub fn StatsScreen() -> impl IntoView {
    let confirming = RwSignal::new(false);
    // The games find their records in the reactive tree; a click handler
    // runs outside it, so it runs as this screen's owner.
    let owner = Owner::current();
    // Each game resets its own (its chunk loads first if it has not).
    let reset = Callback::new(move |()| {
        let owner = owner.clone();
        spawn_local(async move {
            for game in GAMES {
                if let Ok(pages) = lazy::load(game).await {
                    match owner.as_ref() {
                        Some(owner) => owner.with(|| pages.reset_stats()),
                        None => pages.reset_stats(),
                    }
                }
            }
        });
        confirming.set(false);
    });
    view! {
        <TopBar title="Statistics"/>
        {GAMES.map(|game| lazy::pages(game, |pages| pages.stats_panel())).collect_view()}
        <section class="panel">
            <button class="button danger" on:click=move |_| confirming.set(true)>"Reset statistics"</button>
        </section>
        <When when=move || confirming.get()>
            <Dialog title="Reset statistics?">
                <p>"All statistics, of every game, will be set back to zero. This cannot be undone."</p>
                <div class="button-row">
                    <button class="button" on:click=move |_| confirming.set(false)>"Keep them"</button>
                    <button class="button danger" on:click=move |_| reset.run(())>"Reset"</button>
                </div>
            </Dialog>
        </When>
    }
}
