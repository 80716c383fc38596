use crate::games::GAMES;
use crate::lazy;
use crate::module::ChunkError;
use crate::screens::data::DataPanel;
use crate::session;
use crate::settings::{CardBack, CardSize, Motion, Sounds, SuitColours, Theme};
use crate::shell::ctx;
use crate::ui::choice::{PaceChoice, SettingChoice};
use crate::ui::TopBar;
use leptos::prelude::*;

/// Lets the first-run tours of the tables open by themselves again.
#[component]
fn ToursAgain() -> impl IntoView {
    let ctx = ctx();
    let seen = move || ctx.settings.with(|s| s.tours_seen.len());
    view! {
        <fieldset class="choice">
            <legend>"Table tours"</legend>
            <p class="small">{move || match seen() {
                0 => "Each table's tour opens the first time you open it.".to_string(),
                1 => "1 table's tour has been seen; it stays closed unless you ask.".to_string(),
                n => format!("{n} tables' tours have been seen; they stay closed unless you ask."),
            }}</p>
            <button class="button" class:unavailable=move || seen() == 0 aria-disabled=move || (seen() == 0).to_string()
                on:click=move |_| {
                    if seen() > 0 {
                        ctx.settings.update(|s| s.tours_seen.clear());
                        session::save_settings(ctx);
                    }
                }>"Show every tour again"</button>
        </fieldset>
    }
}

/// The Settings screen, from a chunk of its own: Home and the tables never
/// need it (nor the export and import it holds).
#[component]
pub fn SettingsScreen() -> impl IntoView {
    static CHUNK: lazy::Chunk<lazy::Screen> = lazy::Chunk::new(|| Box::pin(settings_chunk()));
    CHUNK.screen("Settings")
}

#[wasm_split_helpers::wasm_split(settings, fallible)]
fn settings_chunk() -> Result<lazy::Screen, ChunkError> {
    Ok(|| view! { <Settings/> }.into_any())
}

#[component]
fn Settings() -> impl IntoView {
    view! {
        <TopBar title="Settings"/>
        <section class="panel">
            <SettingChoice
                legend="Colours"
                name="theme"
                options=vec![(Theme::System, "As the device"), (Theme::Light, "Light"), (Theme::Dark, "Dark")]
                get=|s| s.theme
                set=|s, v| s.theme = v
            />
            <SettingChoice
                legend="Animation"
                name="motion"
                options=vec![(Motion::System, "Normal"), (Motion::Fast, "Fast"), (Motion::Reduced, "Off")]
                get=|s| s.motion
                set=|s, v| s.motion = v
            />
            <p class="small">"Off whatever is chosen when the device asks for reduced motion."</p>
            <SettingChoice
                legend="Card size"
                name="card-size"
                options=vec![(CardSize::Normal, "Normal"), (CardSize::Large, "Large")]
                get=|s| s.card_size
                set=|s, v| s.card_size = v
            />
            <SettingChoice
                legend="Suit colours"
                name="suit-colours"
                options=vec![(SuitColours::Two, "Two: red and black"), (SuitColours::Four, "Four: blue diamonds, green clubs")]
                get=|s| s.suit_colours
                set=|s, v| s.suit_colours = v
            />
            <SettingChoice
                legend="Card backs"
                name="card-back"
                options=vec![(CardBack::Crimson, "Crimson"), (CardBack::Midnight, "Midnight"), (CardBack::Forest, "Forest")]
                get=|s| s.card_back
                set=|s, v| s.card_back = v
            />
            <SettingChoice
                legend="Sounds"
                name="sounds"
                options=vec![(Sounds::Off, "Off"), (Sounds::On, "On")]
                get=|s| s.sounds
                set=|s, v| s.sounds = v
            />
            <PaceChoice/>
            <ToursAgain/>
            // The games' own choices, from their chunks.
            {GAMES
                .iter()
                .copied()
                .filter(|game| game.has_settings)
                .map(|game| crate::lazy::pages(game, |pages| pages.settings_panel()))
                .collect_view()}
        </section>
        <DataPanel/>
    }
}
