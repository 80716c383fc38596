//! Every player at the table: role, score, lock, whose turn.

use super::feed::Feed;
use super::looks::player_look;
use crate::seats::seat_class;
use engine::joker::Seat;
use leptos::prelude::*;

#[component]
pub fn Players(feed: Feed) -> impl IntoView {
    let seats = move || feed.seen(|v, _| v.players());
    view! {
        <section class="players" aria-label="Players">
            {move || Seat::all(seats()).map(|seat| {
                let look = move || {
                    let own_device = feed.elsewhere().contains(&seat);
                    feed.seen(|v, n| Some(player_look(v, n, seat, own_device)))
                };
                move || look().map(|p| view! {
                    <article class=format!("player {}", seat_class(seat)) class:current=p.acting aria-label=p.label>
                        <h3 aria-hidden="true">
                            <span class="seat-dot"></span>
                            {p.name}
                            {p.informant.then(|| view! { <span class="badge">"Informant"</span> }.into_any())}
                            {p.acting.then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                            {p.locked.then(|| view! { <span class="badge arrested">"locked"</span> }.into_any())}
                            {p.winner.then(|| view! { <span class="badge winner">"winner"</span> }.into_any())}
                        </h3>
                        <p class="player-kind" aria-hidden="true">{p.kind_and_role}</p>
                        <p class="player-kind" aria-hidden="true">{p.score}</p>
                    </article>
                }.into_any())
            }.into_any()).collect_view()}
        </section>
    }
}
