//! Starting a new game from a new-game screen that is a chunk of its own
//! (see [`GameModule::new_game`](crate::module::GameModule::new_game)).
//! Such a screen holds none of the game's code: it reads the app's
//! settings (the remembered seats, the pace) and Home's summary of the game
//! (whether one is in progress). The game's own chunk is fetched once the
//! screen is drawn, so that a new-game link is usable as soon as its screen
//! is; Start waits for that chunk if it has not arrived, then hands the
//! game the screen's setup ([`GamePages::start`](crate::module::GamePages::start)).

use crate::lazy;
use crate::module::{self, GameEntry};
use crate::route::Page;
use crate::seats::SeatPlan;
use crate::session;
use crate::shell::{ctx, navigate};
use crate::storage::BrowserStore;
use crate::summary;
use crate::ui::choice::PaceChoice;
use crate::ui::later::next_frame;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::any::Any;

/// What Start hands the game: its own setup (of the game's type: see
/// [`GamePages::start`](crate::module::GamePages::start)) and the seats to remember for the next new game.
pub struct NewGame {
    pub setup: Box<dyn Any>,
    pub remember: Vec<SeatPlan>,
}

/// The foot of a new-game screen: that a new game ends the one in
/// progress, the computer players' pace, Start, and what Start says.
/// `setup` makes the game's setup from the screen's choices.
#[component]
pub fn StartGame(game: &'static GameEntry, setup: Callback<(), NewGame>) -> impl IntoView {
    let ctx = ctx();
    let message = RwSignal::new(None::<String>);
    let starting = RwSignal::new(false);
    // Taken here: Start's work goes on after an await, where no context
    // can be looked up, and the game's table finds its own through this.
    let owner = Owner::current();
    // Once the screen's first frame is drawn (a timeout from that frame's
    // callback runs after its painting), so that neither its files nor its
    // drawing wait for the game's; not once the screen is gone.
    next_frame(move || {
        set_timeout(
            move || {
                if message.try_get_untracked().is_some() {
                    spawn_local(async move {
                        let _ = lazy::load(game).await;
                    });
                }
            },
            std::time::Duration::ZERO,
        );
    });
    let in_progress = move || {
        // Its chunk rewrites a summary written by another version.
        ctx.summaries.track();
        summary::read(&BrowserStore, game.id(), &[&game.addresses]).is_some()
    };
    let start = move |_| {
        if starting.get_untracked() {
            return;
        }
        let NewGame { setup, remember } = setup.run(());
        starting.set(true);
        message.set(None);
        let owner = owner.clone();
        spawn_local(async move {
            let loaded = lazy::load(game).await;
            // The screen may be gone by now (the player moved on): then no
            // game starts.
            if starting.try_get_untracked() != Some(true) {
                return;
            }
            let started = match loaded {
                Ok(pages) => in_owner(owner.as_ref(), || pages.start(setup.as_ref())),
                Err(_) => Err(format!(
                    "{} could not be loaded. Check your connection and try again.",
                    game.name()
                )),
            };
            match started {
                Ok(()) => {
                    ctx.settings.update(|s| s.table_seats = remember);
                    session::save_settings(ctx);
                    navigate(&module::route(game.id(), Page::Current));
                }
                Err(why) => {
                    starting.set(false);
                    message.set(Some(why));
                }
            }
        });
    };
    let status = move || match (starting.get(), message.get()) {
        (true, _) => "Starting…".to_string(),
        (false, why) => why.unwrap_or_default(),
    };
    view! {
        {move || in_progress().then(|| view! {
            <p class="small">"Starting a new game ends the game in progress."</p>
        }.into_any())}
        <PaceChoice/>
        <div class="button-row">
            <button class="button primary" on:click=start>"Start game"</button>
        </div>
        <p role="status" aria-live="polite">{status}</p>
    }
}

/// `work` under `owner`, if there is one.
fn in_owner<T>(owner: Option<&Owner>, work: impl FnOnce() -> T) -> T {
    match owner {
        Some(owner) => owner.with(work),
        None => work(),
    }
}

/// What a game's [`GamePages::start`](crate::module::GamePages::start) does with `setup`: `make` makes the
/// game from the game's own setup type `S`, and `start` puts it on the
/// table.
pub fn start_with<S: 'static, G>(
    setup: &dyn Any,
    make: impl FnOnce(&S) -> Result<G, String>,
    start: impl FnOnce(G),
) -> Result<(), String> {
    let setup = setup
        .downcast_ref::<S>()
        .ok_or("This game was set up for another game.")?;
    start(make(setup)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_makes_the_game_from_its_own_setup_or_starts_nothing() {
        let mut started = None;
        assert_eq!(
            start_with(&7u32, |n: &u32| Ok(n + 1), |game| started = Some(game)),
            Ok(())
        );
        assert_eq!(started, Some(8));
        started = None;
        let refused = start_with(
            &7u32,
            |_: &u32| Err::<u32, _>("Too few seats".into()),
            |game| started = Some(game),
        );
        assert_eq!(refused, Err("Too few seats".to_string()));
        // Another game's setup (never made by the app, but typed apart).
        assert!(start_with(&7u8, |n: &u32| Ok(*n), |game| started = Some(game)).is_err());
        assert_eq!(started, None);
    }
}
