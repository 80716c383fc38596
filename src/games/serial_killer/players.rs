//! Every player's panel, and the police investigation pile.

use super::feed::Feed;
use super::words::{police_pile_text, PlayerPanel};
use crate::seats::seat_class;
use crate::ui::CardFace;
use engine::serial_killer::Seat;
use leptos::prelude::*;

/// Every player: clues, the police's share, held cards face up, arrests.
#[component]
pub fn Players(feed: Feed) -> impl IntoView {
    let seats = Memo::new(move |_| feed.seen(|v, _| v.players()));
    let police_total = move || {
        feed.seen(|v, _| {
            Seat::all(v.players())
                .map(|s| u32::from(v.police(s)))
                .sum::<u32>()
        })
    };
    view! {
        <section class="players" aria-label="Players">
            {move || Seat::all(seats.get()).map(|seat| {
                // A memo: a player's panel is drawn again only when it changes.
                let panel = Memo::new(move |_| {
                    let own_device = feed.elsewhere().contains(&seat);
                    feed.seen(|v, names| Some(PlayerPanel { own_device, ..PlayerPanel::of(v, seat, names) }))
                });
                move || panel.get().map(|panel| {
                    let (current, arrested, winner) = (panel.current, panel.arrested, panel.winner);
                    let (label, kind, clues_text) = (panel.label(), panel.kind_text(), panel.clues_text());
                    view! {
                        <article class=format!("player {}", seat_class(seat)) class:current=current class:arrested=arrested
                            aria-label=label>
                            <h3 aria-hidden="true">
                                <span class="seat-dot"></span>
                                {panel.name}
                                {(current).then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                                {(arrested).then(|| view! { <span class="badge arrested">"arrested"</span> }.into_any())}
                                {(winner).then(|| view! { <span class="badge winner">"winner"</span> }.into_any())}
                            </h3>
                            <p class="player-kind" aria-hidden="true">{kind}</p>
                            <p class="sk-clues" aria-hidden="true">
                                <span class="sk-counters">{"●".repeat(usize::from(panel.clues))}<span class="police">{"○".repeat(usize::from(panel.police))}</span></span>
                                {clues_text}
                            </p>
                            <div class="sk-held" data-holder=format!("held {}", seat.index()) aria-hidden="true">
                                {panel.held.into_iter().map(|card| view! { <span class="card-slot sk-card small"><CardFace card/></span> }.into_any()).collect_view()}
                            </div>
                        </article>
                    }
                    .into_any()
                })
            }.into_any()).collect_view()}
            <p class="sk-police">{move || police_pile_text(police_total())}</p>
        </section>
    }
}
