//! The two seats: whose turn it is, and each player's role, points and
//! cards in hand, deck and discard pile.

use super::feed::Feed;
use super::words::role_word;
use crate::seats::{computer_note, kind_name, name_of, seat_class};
use crate::ui::seat_widgets::TurnBanner;
use engine::detective_graves::Seat;
use leptos::prelude::*;

/// Whose turn it is, in their colour, and what they are to do.
#[component]
pub fn WhoseTurn(feed: Feed) -> impl IntoView {
    let text = move || {
        feed.seen(|names, v| {
            let case = format!("Case {} of {}", (v.case() + 1).min(v.cases()), v.cases());
            let seat = v.acting()?;
            let who = if seat == v.seat() {
                format!("Your turn, {}", name_of(names, seat))
            } else {
                format!(
                    "{}'s turn{}",
                    name_of(names, seat),
                    computer_note(v.seat_kind(seat))
                )
            };
            Some((
                seat,
                format!(
                    "{case} · {who} ({}): {}.",
                    role_word(v.role_of(seat)),
                    v.phase().prompt()
                ),
            ))
        })
    };
    view! { <TurnBanner text=Signal::derive(text)/> }
}

/// Both players: role, kind, points, hand, deck, discard pile and evidence.
#[component]
pub fn Players(feed: Feed) -> impl IntoView {
    let rows = move || {
        let elsewhere = feed.elsewhere();
        feed.seen(|names, v| {
            [Seat(0), Seat(1)]
                .into_iter()
                .map(|seat| {
                    let role = v.role_of(seat);
                    let kind = kind_name(v.seat_kind(seat), elsewhere.contains(&seat));
                    let points = v.points(seat);
                    let detail = format!(
                        "{} · hand {} · deck {} · discard {} · evidence {}",
                        crate::words::count(points as usize, "point", "points"),
                        v.hand_size(role),
                        v.deck_size(role),
                        v.discard_size(role),
                        v.evidence_count(role)
                    );
                    let acting = v.acting() == Some(seat);
                    let label = format!(
                        "{}, {kind}, {}: {detail}{}",
                        name_of(names, seat),
                        role_word(role),
                        if acting { ", to play" } else { "" }
                    );
                    (
                        seat,
                        name_of(names, seat),
                        format!("{kind} · {}", role_word(role)),
                        detail,
                        acting,
                        label,
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="players" aria-label="Players">
            {move || rows().into_iter().map(|(seat, name, kind, detail, acting, label)| view! {
                <article class=format!("player {}", seat_class(seat)) class:current=acting aria-label=label>
                    <h3 aria-hidden="true">
                        <span class="seat-dot"></span>
                        {name}
                        {acting.then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                    </h3>
                    <p class="player-kind" aria-hidden="true">{kind}</p>
                    <p class="player-kind" aria-hidden="true">{detail}</p>
                </article>
            }.into_any()).collect_view()}
        </section>
    }
}
