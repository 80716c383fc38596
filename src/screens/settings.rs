use crate::app::ctx;
use crate::games::GAMES;
use crate::seats::Pace;
use crate::session;
use crate::settings::{Motion, Settings, Theme};
use crate::ui::TopBar;
use leptos::prelude::*;

/// How fast computer players act: in Settings, and on the new-game screen
/// of the games that have them.
#[component]
pub fn PaceChoice() -> impl IntoView {
    view! {
        <SettingChoice
            legend="Computer players' pace"
            name="pace"
            options=Pace::ALL.iter().map(|p| (*p, p.name())).collect()
            get=|s| s.computer_pace
            set=|s, v| s.computer_pace = v
        />
    }
}

/// One of the settings, as a [`Choice`]: `get` reads it, `set` changes it,
/// and the settings are saved.
#[component]
fn SettingChoice<T: Copy + PartialEq + Send + Sync + 'static>(
    legend: &'static str,
    name: &'static str,
    options: Vec<(T, &'static str)>,
    get: fn(&Settings) -> T,
    set: fn(&mut Settings, T),
) -> impl IntoView {
    let ctx = ctx();
    view! {
        <Choice
            legend
            name
            options
            selected=Signal::derive(move || ctx.settings.with(get))
            choose=Callback::new(move |value| {
                ctx.settings.update(|s| set(s, value));
                session::save_settings(ctx);
            })
        />
    }
}

/// One group of mutually exclusive choices, as real radio buttons.
#[component]
pub fn Choice<T: Copy + PartialEq + Send + Sync + 'static>(
    legend: &'static str,
    name: &'static str,
    options: Vec<(T, &'static str)>,
    selected: Signal<T>,
    choose: Callback<T>,
) -> impl IntoView {
    view! {
        <fieldset class="choice">
            <legend>{legend}</legend>
            {options.into_iter().map(|(value, label)| view! {
                <label class="choice-option">
                    <input
                        type="radio"
                        name=name
                        prop:checked=move || selected.get() == value
                        on:change=move |_| choose.run(value)
                    />
                    <span>{label}</span>
                </label>
            }.into_any()).collect_view()}
        </fieldset>
    }
}

#[component]
pub fn SettingsScreen() -> impl IntoView {
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
                options=vec![(Motion::System, "As the device"), (Motion::Reduced, "Reduced")]
                get=|s| s.motion
                set=|s, v| s.motion = v
            />
            <PaceChoice/>
            {GAMES.iter().filter_map(|game| game.settings_panel()).collect_view()}
        </section>
    }
}
