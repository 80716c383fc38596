use crate::app::ctx;
use crate::games::GAMES;
use crate::screens::data::DataPanel;
use crate::seats::Pace;
use crate::session;
use crate::settings::{CardBack, CardSize, Motion, Settings, Sounds, SuitColours, Theme};
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
    choice_of(
        legend,
        name,
        options,
        move || ctx.settings.with(get),
        move |value| {
            ctx.settings.update(|s| set(s, value));
            session::save_settings(ctx);
        },
    )
}

/// A [`Choice`] between values of any type: `selected` reads the current
/// one (reactively), `choose` is told the one picked. Only this small
/// adapter is compiled again for each type; the view is compiled once.
pub fn choice_of<T: Copy + PartialEq + Send + Sync + 'static>(
    legend: &'static str,
    name: &'static str,
    options: Vec<(T, &'static str)>,
    selected: impl Fn() -> T + Send + Sync + 'static,
    choose: impl Fn(T) + Send + Sync + 'static,
) -> AnyView {
    let (values, labels): (Vec<T>, Vec<&'static str>) = options.into_iter().unzip();
    let values = StoredValue::new(values);
    view! {
        <Choice
            legend
            name
            options=labels
            selected=Signal::derive(move || {
                let now = selected();
                values.with_value(|v| v.iter().position(|x| *x == now).unwrap_or(usize::MAX))
            })
            choose=Callback::new(move |i: usize| {
                if let Some(value) = values.with_value(|v| v.get(i).copied()) {
                    choose(value);
                }
            })
        />
    }
    .into_any()
}

/// One group of mutually exclusive choices, as real radio buttons, named by
/// their place in `options` (their labels), so that one copy of this view
/// serves every choice whatever it chooses between.
#[component]
pub fn Choice(
    legend: &'static str,
    name: &'static str,
    options: Vec<&'static str>,
    selected: Signal<usize>,
    choose: Callback<usize>,
) -> impl IntoView {
    view! {
        <fieldset class="choice">
            <legend>{legend}</legend>
            {options.into_iter().enumerate().map(|(i, label)| view! {
                <label class="choice-option">
                    <input
                        type="radio"
                        name=name
                        prop:checked=move || selected.get() == i
                        on:change=move |_| choose.run(i)
                    />
                    <span>{label}</span>
                </label>
            }.into_any()).collect_view()}
        </fieldset>
    }
}

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
            {GAMES.iter().filter_map(|game| game.settings_panel()).collect_view()}
        </section>
        <DataPanel/>
    }
}
