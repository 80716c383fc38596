//! Choices between a few options, as real radio buttons: the settings' own
//! choices, and any game's.

use crate::seats::Pace;
use crate::session;
use crate::settings::Settings;
use crate::shell::ctx;
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
pub fn SettingChoice<T: Copy + PartialEq + Send + Sync + 'static>(
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
/// serves every choice whatever it chooses between. `why_not`, if given,
/// says for each option why it cannot be chosen now (`None`: it can): such
/// an option is disabled and shows its reason.
#[component]
pub fn Choice(
    legend: &'static str,
    name: &'static str,
    options: Vec<&'static str>,
    selected: Signal<usize>,
    choose: Callback<usize>,
    #[prop(optional)] why_not: Option<Signal<Vec<Option<String>>>>,
) -> impl IntoView {
    let reason = move |i: usize| why_not.and_then(|w| w.with(|w| w.get(i).cloned().flatten()));
    view! {
        <fieldset class="choice">
            <legend>{legend}</legend>
            {options.into_iter().enumerate().map(|(i, label)| view! {
                <label class="choice-option" class:unavailable=move || reason(i).is_some()>
                    <input
                        type="radio"
                        name=name
                        prop:checked=move || selected.get() == i
                        disabled=move || reason(i).is_some()
                        on:change=move |_| choose.run(i)
                    />
                    <span>{label}</span>
                    {move || reason(i).map(|why| view! { <small class="choice-why">{why}</small> })}
                </label>
            }.into_any()).collect_view()}
        </fieldset>
    }
}
