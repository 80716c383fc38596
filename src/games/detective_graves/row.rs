//! The row of five locations, as the viewer sees it, and the suits' marks.

use super::feed::Feed;
use super::words::location_look;
use engine::detective_graves::{Role, Suit, ROW};
use leptos::prelude::*;

/// The five locations, left to right: time, trump, rule, both piles with
/// their totals, and how each ended. The viewer's pile is the lower one.
#[component]
pub fn Row(feed: Feed) -> impl IntoView {
    let locations = move || {
        feed.seen(|names, v| {
            let mine = if v.seat().index() < 2 {
                v.role()
            } else {
                Role::Detective
            };
            (0..ROW)
                .map(|i| location_look(names, v, i, mine))
                .collect::<Vec<_>>()
        })
    };
    // On a phone the row scrolls sideways: keep the active location in view.
    let row = NodeRef::<leptos::html::Ol>::new();
    let active = Memo::new(move |_| feed.seen(|_, v| v.active()));
    crate::ui::effect(move || {
        active.track();
        crate::ui::later::next_frame(move || {
            use wasm_bindgen::JsCast;
            let Some(row) = row.try_get_untracked().flatten() else {
                return;
            };
            let active = row.query_selector(".active").ok().flatten();
            if let Some(active) = active.and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()) {
                row.set_scroll_left(active.offset_left() - row.offset_left());
            }
        });
    });
    view! {
        <ol class="dg-row" node_ref=row tabindex="0" aria-label="The five locations, left to right">
            {move || locations().into_iter().map(|l| view! {
                <li class=l.class aria-label=l.label>
                    <h3 aria-hidden="true">{l.name}</h3>
                    <p class="dg-meta" aria-hidden="true">
                        {l.trump.map(|suit| view! { <SuitIcon suit/> })}
                        {l.meta}
                    </p>
                    <p class="dg-rule" aria-hidden="true">{l.rule}</p>
                    {l.piles.into_iter().map(|(who, cards, total)| {
                        let holder = format!("{} {who}", l.name);
                        view! {
                        <div class="dg-pile" data-holder=holder aria-hidden="true">
                            <span class="dg-pile-who">{who}</span>
                            <span class="dg-pile-cards">
                                {cards.into_iter().map(|card| view! {
                                    <span class=format!("dg-chip suit-{}", card.suit.index()) data-card=format!("dg{}", card.key())>
                                        {card.rank_label()}<SuitIcon suit=card.suit/>
                                    </span>
                                }.into_any()).collect_view()}
                            </span>
                            <span class="dg-total">{total}</span>
                        </div>
                    }.into_any()}).collect_view()}
                    <p class="dg-outcome" aria-hidden="true">{l.outcome}</p>
                </li>
            }.into_any()).collect_view()}
        </ol>
    }
}

/// A suit's mark, drawn (no emoji font needed): a magnifying glass, a
/// shoeprint, a question mark, a notebook, a briefcase.
#[component]
pub fn SuitIcon(suit: Suit) -> impl IntoView {
    const PATHS: [&str; 5] = [
        "M10 3a7 7 0 1 0 4.2 12.6l5.1 5.1 1.4-1.4-5.1-5.1A7 7 0 0 0 10 3zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10z",
        "M10 2c2.6 0 4.2 2.6 4.2 6.2S12.6 14 10 14s-4.2-2.2-4.2-5.8S7.4 2 10 2zm0 13.5c1.8 0 3.1 1.4 3.1 3.3S11.8 22 10 22s-3.1-1.3-3.1-3.2 1.3-3.3 3.1-3.3zM17 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
        "M12 2a6 6 0 0 0-6 6h2.6a3.4 3.4 0 1 1 5 3c-1.4.8-2.8 1.9-2.8 4.1V16h2.6v-.8c0-.9.6-1.5 1.9-2.3A6 6 0 0 0 12 2zm-1.3 16h2.6v3.2h-2.6z",
        "M7 2h11a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7zm3 5v2h7V7zm0 4v2h7v-2zM4 5h2v2H4zm0 6h2v2H4zm0 6h2v2H4z",
        "M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2zm0 2v2h6V5z",
    ];
    view! {
        <svg class="dg-suit" viewBox="0 0 24 24" aria-hidden="true">
            <path d=PATHS[suit.index()] fill="currentColor"/>
        </svg>
    }
}
