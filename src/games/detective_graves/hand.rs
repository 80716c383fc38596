//! The viewer's hand and choices: the cards to select, and the buttons that
//! play them or answer what the phase asks.

use super::play::Feedback;
use super::row::SuitIcon;
use super::words::{action_label, card_label, role_word};
use crate::ui::message::Note;
use crate::ui::seat_widgets::TakeBack;
use engine::detective_graves::{Action, Card, Location, Phase};
use leptos::prelude::*;

/// The viewer's hand: each card a toggle; the selected ones are what
/// Place, Use, Pay and Pass-swapping act on.
#[component]
pub fn Hand(feedback: Feedback, acting: Memo<Option<Phase>>) -> impl IntoView {
    let feed = feedback.feed;
    let hand = Memo::new(move |_| feed.seen(|_, v| v.hand().to_vec()));
    // Why each card could not be placed now (while placing is the question).
    let blocked = move |card: Card| {
        if !matches!(acting.get(), Some(Phase::Play | Phase::MustPlace)) {
            return None;
        }
        feed.seen(|_, v| v.check(&Action::Place(card)).err().map(|e| e.to_string()))
    };
    let heading = move || {
        feed.seen(|_, v| {
            if v.seat().index() > 1 {
                return String::new();
            }
            format!("Your hand ({})", role_word(v.role()))
        })
    };
    view! {
        <section class="panel dg-hand-panel" aria-labelledby="dg-hand-title">
            <h2 id="dg-hand-title">{heading}</h2>
            <ul class="dg-hand" data-holder="hand">
                {move || hand.get().into_iter().map(|card| {
                    let selected = move || feedback.selected.with(|s| s.contains(&card));
                    let label = move || {
                        let mut label = card_label(card);
                        if let Some(why) = blocked(card) {
                            label.push_str(&format!(". Cannot be placed here now: {why}"));
                        }
                        label
                    };
                    view! {
                        <li>
                            <button
                                class=move || format!("dg-card suit-{}", card.suit.index())
                                data-card=format!("dg{}", card.key())
                                class:selected=selected
                                class:blocked=move || blocked(card).is_some()
                                aria-pressed=move || selected().to_string()
                                aria-label=label
                                title=move || blocked(card).unwrap_or_default()
                                on:click=move |_| feedback.selected.update(|s| {
                                    if let Some(at) = s.iter().position(|c| *c == card) {
                                        s.remove(at);
                                    } else {
                                        s.push(card);
                                    }
                                })
                            >
                                <span class="rank" aria-hidden="true">{card.rank_label()}</span>
                                <SuitIcon suit=card.suit/>
                                // Drawn from the attribute by the stylesheet: the
                                // name says it after the card, and as text it
                                // would split the rank from the name (WCAG 2.5.3).
                                <span class="dg-ability" aria-hidden="true" data-ability={
                                    card.ability().map(|a| a.name()).or(card.is_deuce().then_some("New trump")).unwrap_or("")
                                }></span>
                            </button>
                        </li>
                    }.into_any()
                }).collect_view()}
            </ul>
            {move || hand.with(Vec::is_empty).then(|| view! { <p class="small">"No cards in hand."</p> }.into_any())}
        </section>
    }
}

/// What the viewer may do now: the play buttons in a turn, or the choices
/// the phase asks for (each a button named by what it does).
#[component]
pub fn Choices(feedback: Feedback, acting: Memo<Option<Phase>>) -> impl IntoView {
    let feed = feedback.feed;
    // When the viewer's turn comes, the choices and the message line come
    // into view: on a phone on its side the locations fill the screen above
    // them. (Nothing moves where they are in view already.)
    let my_turn = Memo::new(move |_| acting.get().is_some());
    crate::ui::effect(move || {
        if !my_turn.get() {
            return;
        }
        crate::ui::later::next_frame(|| {
            if let Ok(Some(line)) = document().query_selector(".dg-table .message-slot") {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                line.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    });
    let selected_one = move || feedback.selected.with(|s| (s.len() == 1).then(|| s[0]));
    let place = move |_| feedback.place();
    let with_one = move |make: fn(Card) -> Action, what: &'static str| {
        move |_| match selected_one() {
            Some(card) => feedback.play(make(card)),
            None => feedback
                .message
                .set(Some(Note::refusal(format!("Select one card {what}.")))),
        }
    };
    let acted = move || feed.seen(|_, v| v.acted());
    let at = move |place: Location| feed.seen(|_, v| v.location() == place);
    // The phase's own choices, from the engine's legal actions.
    let listed = move || {
        feed.seen(|_, v| {
            let phase = v.phase();
            v.legal_actions()
                .into_iter()
                .filter(|a| match phase {
                    Phase::Play => matches!(a, Action::AlleyClear(_)),
                    Phase::MustPlace => false,
                    _ => true,
                })
                .map(|a| (a, action_label(phase, a)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="choices dg-choices" aria-label="Your choices">
            {move || match acting.get() {
                None => {
                    let over = feed.is_over();
                    let text = if over { "The game is over." } else { "Waiting for the other player…" };
                    view! { <p class="waiting">{text}</p> }.into_any()
                }
                Some(Phase::Play) => view! {
                    <div class="button-row">
                        <button class="button primary" on:click=place>"Place here"</button>
                        <button class="button" on:click=with_one(Action::UseAbility, "with an ability to use")>"Use ability"</button>
                        {move || at(Location::Park).then(|| view! {
                            <button class="button" on:click=with_one(Action::ParkDiscard, "to discard for the Park")>"Pay the Park with it"</button>
                        }.into_any())}
                        <TakeBack shown=Signal::derive(move || feed.can_take_back()) take_back=Callback::new(move |_| {
                            feedback.clear();
                            feed.take_back();
                        })/>
                        {move || if acted() {
                            view! { <button class="button primary" on:click=move |_| feedback.play(Action::EndPlay)>"End my turn"</button> }.into_any()
                        } else {
                            view! {
                                <button class="button" on:click=move |_| feedback.play(Action::Pass)>"Pass"</button>
                                <button class="button" on:click=with_one(Action::PassSwap, "to swap")>"Pass, swapping it"</button>
                            }.into_any()
                        }}
                    </div>
                }.into_any(),
                Some(Phase::MustPlace) => view! {
                    <p>"Now place a card: select it and tap Place here."</p>
                    <div class="button-row">
                        <button class="button primary" on:click=place>"Place here"</button>
                    </div>
                }.into_any(),
                Some(phase) => view! {
                    <p class="dg-question">{format!("Choose: {}.", phase.prompt())}</p>
                }.into_any(),
            }}
            <div class="button-row">
                {move || listed().into_iter().map(|(action, label)| view! {
                    <button class="button" on:click=move |_| feedback.play(action)>{label}</button>
                }.into_any()).collect_view()}
            </div>
        </section>
    }
}
