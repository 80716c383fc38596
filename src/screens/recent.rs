//! The recent games: the finished games kept for replays, newest first,
//! each with its result, a way to watch it and a link to share.

use crate::games;
use crate::lazy;
use crate::module::ChunkError;
use crate::replay::recent::{self, RecentGames};
use crate::ui::message::{Note, TableMessage};
use crate::ui::{Dialog, TopBar, When};
use leptos::prelude::*;

/// The Recent games screen, from a chunk of its own: Home and the tables
/// never need it.
#[component]
pub fn RecentScreen() -> impl IntoView {
    static CHUNK: lazy::Chunk<lazy::Screen> = lazy::Chunk::new(|| Box::pin(recent_chunk()));
    CHUNK.screen("Recent games")
}

#[wasm_split_helpers::wasm_split(recent, fallible)]
fn recent_chunk() -> Result<lazy::Screen, ChunkError> {
    Ok(|| view! { <Recent/> }.into_any())
}

#[component]
fn Recent() -> impl IntoView {
    let ctx = crate::shell::ctx();
    let list = RwSignal::new(recent::load(ctx));
    let message = RwSignal::new(None::<Note>);
    let confirming = RwSignal::new(false);
    let rows = move || {
        list.with(|list: &RecentGames| {
            list.games
                .iter()
                .map(|played| {
                    let name = games::find(&played.game).map_or("A game", |g| g.name());
                    let href = crate::replay::href(&played.game, &played.code);
                    let when = crate::dates::date_and_time(played.ended_ms as f64);
                    let (game, code) = (played.game.clone(), played.code.clone());
                    let copy = move |_| {
                        // Compressed for sharing: kept as the table wrote it,
                        // uncompressed (`replay::link::encode_stored`).
                        let code = crate::replay::link::packed(&code).unwrap_or_else(|_| code.clone());
                        let link = format!(
                            "{}{}",
                            window().location().href().unwrap_or_default().split('#').next().unwrap_or_default(),
                            crate::replay::href(&game, &code)
                        );
                        let _ = window().navigator().clipboard().write_text(&link);
                        message.set(Some(Note::event("Link to the replay copied.")));
                    };
                    view! {
                        <li class="recent-game">
                            <p><strong>{name}</strong>" · "<span class="recent-when">{when}</span></p>
                            <p class="recent-line">{played.line.clone()}</p>
                            <div class="button-row">
                                <a class="button primary" href=href>"Watch"</a>
                                <button class="button" on:click=copy>"Copy link"</button>
                            </div>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let clear = move |_| {
        recent::clear(ctx);
        list.set(RecentGames::default());
        confirming.set(false);
    };
    view! {
        <TopBar title="Recent games"/>
        <div class="recent">
            <p>{format!("Every finished game is kept here to watch again, the last {} of them.", recent::KEEP)}</p>
            <TableMessage note=message/>
            <When when=move || list.with(|l| l.games.is_empty())>
                <p class="recent-empty">"No finished game yet. Play one to the end and it appears here."</p>
            </When>
            <ol class="recent-games">{rows}</ol>
            <When when=move || list.with(|l| !l.games.is_empty())>
                <button class="button danger" on:click=move |_| confirming.set(true)>"Forget recent games"</button>
            </When>
        </div>
        <When when=move || confirming.get()>
            <Dialog title="Forget recent games?">
                <p>"Their replays will be gone from this device. Links you shared still work."</p>
                <div class="button-row">
                    <button class="button" on:click=move |_| confirming.set(false)>"Keep them"</button>
                    <button class="button danger" on:click=clear>"Forget"</button>
                </div>
            </Dialog>
        </When>
    }
}
