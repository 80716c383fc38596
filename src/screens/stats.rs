use crate::app::ctx;
use crate::session;
use crate::stats::{DeadCenterStats, MurderersRowStats, SerialKillerStats, VariantStats};
use crate::ui::{Dialog, TopBar, When};
use engine::dead_center::Variant;
use leptos::prelude::*;

#[component]
pub fn StatsScreen() -> impl IntoView {
    let ctx = ctx();
    let confirming = RwSignal::new(false);
    let reset = move |_| {
        ctx.stats.set(DeadCenterStats::default());
        session::save_stats(ctx);
        ctx.mr_stats.set(MurderersRowStats::default());
        session::save_mr_stats(ctx);
        ctx.sk_stats.set(SerialKillerStats::default());
        session::save_sk_stats(ctx);
        confirming.set(false);
    };
    let mr_row = move |label: &'static str, value: fn(&VariantStats) -> String| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                <td>{move || ctx.mr_stats.with(value)}</td>
            </tr>
        }
    };
    let row = move |label: &'static str, value: fn(&VariantStats) -> String| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                {Variant::ALL.map(|v| view! {
                    <td>{move || value(&ctx.stats.with(|s| s.get(v)))}</td>
                }.into_any()).collect_view()}
            </tr>
        }
    };
    view! {
        <TopBar title="Statistics"/>
        <section class="panel">
            <h2>"Dead Center"</h2>
            <p class="small">"Wins with undo or a hint are counted apart: they set no best score and do not extend a streak. A game left unfinished for a new one counts as a loss."</p>
            <div class="table-scroll">
                <table class="stats-table">
                    <thead>
                        <tr>
                            <td></td>
                            {Variant::ALL.map(|v| view! { <th scope="col">{v.name()}</th> }.into_any()).collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        {row("Played", |s| s.played.to_string())}
                        {row("Won", |s| s.won.to_string())}
                        {row("Win rate", |s| s.win_rate_percent().map_or("–".into(), |p| format!("{p}%")))}
                        {row("Won with help", |s| s.assisted_wins.to_string())}
                        {row("Best score", |s| s.best_score.map_or("–".into(), |b| b.to_string()))}
                        {row("Current streak", |s| s.current_streak.to_string())}
                        {row("Best streak", |s| s.best_streak.to_string())}
                    </tbody>
                </table>
            </div>
        </section>
        <section class="panel">
            <h2>"Murderers' Row"</h2>
            <p class="small">"Wins with undo or a hint are counted apart and do not extend a streak. A lost game counts once, even if you undo and play on."</p>
            <div class="table-scroll">
                <table class="stats-table">
                    <tbody>
                        {mr_row("Played", |s| s.played.to_string())}
                        {mr_row("Won", |s| s.won.to_string())}
                        {mr_row("Win rate", |s| s.win_rate_percent().map_or("–".into(), |p| format!("{p}%")))}
                        {mr_row("Won with help", |s| s.assisted_wins.to_string())}
                        {mr_row("Current streak", |s| s.current_streak.to_string())}
                        {mr_row("Best streak", |s| s.best_streak.to_string())}
                    </tbody>
                </table>
            </div>
        </section>
        <section class="panel">
            <h2>"Serial Killer"</h2>
            <p class="small">"Finished games, and wins by each person's name (shared wins count for each winner)."</p>
            <div class="table-scroll">
                <table class="stats-table">
                    <tbody>
                        <tr>
                            <th scope="row">"Played"</th>
                            <td>{move || ctx.sk_stats.with(|s| s.played.to_string())}</td>
                        </tr>
                        {move || ctx.sk_stats.with(|s| s.wins.iter().map(|(name, wins)| view! {
                            <tr>
                                <th scope="row">{format!("Won by {name}")}</th>
                                <td>{wins.to_string()}</td>
                            </tr>
                        }.into_any()).collect_view())}
                    </tbody>
                </table>
            </div>
        </section>
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
