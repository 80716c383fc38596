//! The frame every game's table is drawn in: the top bar (home, the game's
//! name, Tour and Rules), the first-run tour, and the dialog that says
//! another tab moved the game on; and the end of a game with seats.

use crate::route::{Page, Route};
use crate::ui::tour::{first_visit, Tour, TourButton, TourStep};
use crate::ui::{ChangedElsewhereDialog, Dialog, TopBar, When};
use leptos::prelude::*;

#[component]
pub fn TableFrame(
    /// The game's name, the bar's title.
    title: &'static str,
    /// The game's id: its rules page, and whether its tour was seen.
    game: &'static str,
    tour: &'static [TourStep],
    /// Goes up on every change of the game (see `ui::tour::changes`): what
    /// the tour's steps that wait for a move wait for.
    moves: Signal<u32>,
    /// Run once the player has acknowledged another tab's change: the
    /// table drops what it was saying about the game it showed before.
    on_continue: Callback<()>,
    children: Children,
) -> impl IntoView {
    let app = crate::shell::ctx();
    let open = first_visit(game);
    let rules = Route::Game {
        game,
        page: Page::Rules,
    };
    view! {
        <TopBar title=title>
            <TourButton open/>
            <a class="button" href=rules.href()>"Rules"</a>
        </TopBar>
        <Tour game steps=tour open moves/>
        {children()}
        <When when=move || app.changed_elsewhere.get()>
            <ChangedElsewhereDialog on_continue/>
        </When>
    }
}

/// The end of a game with seats: who won (`title`), the scores or how it
/// ended (`detail`), and where to go next: the same table again in one tap,
/// a new game, the table as it was left, or Home. Confetti only when a
/// person won. Without `play_again` and `new_game` (a table whose game
/// another device keeps, which decides) only the last two are offered.
#[component]
pub fn GameOverDialog(
    title: String,
    detail: String,
    celebrate: bool,
    /// Starts a new game with the same seats and settings.
    #[prop(optional)]
    play_again: Option<Callback<()>>,
    /// The game's new-game page.
    #[prop(optional)]
    new_game: Option<Route>,
    /// The finished game's replay address, if it keeps its moves.
    #[prop(default = None)]
    replay: Option<String>,
    /// Closes the dialog, to look at the table.
    dismiss: Callback<()>,
) -> impl IntoView {
    view! {
        <Dialog title=title celebrate>
            <p>{detail}</p>
            <div class="button-row">
                {play_again.map(|play_again| view! {
                    <button class="button primary" on:click=move |_| play_again.run(())>"Play again"</button>
                })}
                {new_game.map(|new_game| view! { <a class="button" href=new_game.href()>"New game"</a> })}
                {replay.map(|href| view! { <a class="button" href=href>"Watch the replay"</a> })}
                <button class="button" on:click=move |_| dismiss.run(())>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
    }
}
