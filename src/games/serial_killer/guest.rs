//! The Serial Killer table on a guest device: a game another device (the
//! host) keeps, drawn from what the host sent for this device's seat
//! ([`Received`](super::source::Received)). The same [`Desk`] as the local
//! table's; actions go to the host, which checks them. No hand-over (one
//! person holds this device), no computer turns, nothing saved or counted
//! here.

use super::draw_all::draw_all_summary;
use super::source::{Remote, Source};
use super::table::{fly_clues, Desk};
use crate::ui::message::Note;
use engine::serial_killer::{Action, Phase};
use leptos::prelude::*;

/// Where a "Draw all" on this device stands. Each draw is its own message
/// (the host admits all or none, and where a Jack or an Ace stops the draws
/// is not known here): the next is sent once the host's table after the
/// last one arrives.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct DrawingAll {
    /// The host's version the last draw was sent at (one draw per table).
    sent_at: Option<u32>,
    /// The events received when the current run of draws began: its
    /// summary is of those after.
    run_from: Option<usize>,
}

/// What to do with a table received while drawing all, given the version
/// of the last draw sent: draw again, wait for a decision on a Jack or an
/// Ace (the draws go on after it), or stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Draw,
    Decide,
    Stop,
    /// This table is the one the last draw was sent at: its answer is yet
    /// to come.
    Wait,
}

fn next_step(to_act: bool, phase: Phase, version: u32, sent_at: Option<u32>) -> Next {
    match phase {
        _ if sent_at == Some(version) => Next::Wait,
        Phase::Draw { .. } if to_act => Next::Draw,
        Phase::Drawn { .. } if to_act => Next::Decide,
        _ => Next::Stop,
    }
}

#[component]
pub fn GuestTable(remote: Remote) -> impl IntoView {
    let source = Source::Remote(remote);
    let message = RwSignal::new(None::<Note>);
    let ace_grave = RwSignal::new(None::<u8>);
    let drawing_all = RwSignal::new(None::<DrawingAll>);
    let events_len = move || {
        remote
            .received
            .with_untracked(|r| r.as_ref().map_or(0, |r| r.events.len()))
    };
    let send_draw = move |run: DrawingAll| {
        let version = remote
            .received
            .with_untracked(|r| r.as_ref().map(|r| r.version));
        drawing_all.set(Some(DrawingAll {
            sent_at: version,
            run_from: run.run_from.or(Some(events_len())),
        }));
        (remote.send).run(vec![Action::Draw]);
    };
    // The host's refusal shows as the engine's would on a local table, and
    // stops the draws.
    Effect::new(move |_| {
        if let Some(why) = remote.refusal.get() {
            drawing_all.set(None);
            message.set(Some(Note::refusal(why)));
            crate::ui::refused();
        }
    });
    // Each table received: the clues its new events moved fly, and a Draw
    // all goes on, waits or ends with its summary.
    Effect::new(move |seen: Option<usize>| {
        let Some((version, to_act, phase, events)) = remote.received.with(|r| {
            r.as_ref()
                .map(|r| (r.version, r.view.to_act(), r.view.phase(), r.events.clone()))
        }) else {
            return 0;
        };
        // A shorter log is a new game: nothing flies.
        if let Some(new) = seen.and_then(|seen| events.get(seen..)) {
            fly_clues(new);
        }
        let Some(run) = drawing_all.get_untracked() else {
            return events.len();
        };
        let summary = |run: DrawingAll| {
            let from = run.run_from.unwrap_or(events.len());
            draw_all_summary(events.get(from..).unwrap_or_default()).map(Note::event)
        };
        match next_step(to_act, phase, version, run.sent_at) {
            Next::Wait => {}
            Next::Draw => send_draw(run),
            Next::Decide => {
                message.set(summary(run));
                drawing_all.set(Some(DrawingAll {
                    run_from: None,
                    ..run
                }));
            }
            Next::Stop => {
                message.set(summary(run));
                drawing_all.set(None);
            }
        }
        events.len()
    });
    let act = Callback::new(move |action: Action| {
        message.set(None);
        (remote.send).run(vec![action]);
    });
    let draw_all = Callback::new(move |_| {
        message.set(None);
        send_draw(DrawingAll::default());
    });
    view! {
        {move || remote.received.with(Option::is_some).then(|| view! {
            <Desk source message ace_grave act draw_all take_back=Callback::new(|_| {})/>
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::{Card, Suit};

    #[test]
    fn draw_all_on_a_guest_draws_once_per_table_and_stops_where_a_person_decides() {
        let draw = Phase::Draw { grave: 2 };
        let drawn = Phase::Drawn {
            card: Card::new(11, Suit::Spades),
            grave: 2,
        };
        assert_eq!(next_step(true, draw, 4, Some(3)), Next::Draw);
        assert_eq!(
            next_step(true, draw, 4, Some(4)),
            Next::Wait,
            "no second draw per table"
        );
        assert_eq!(next_step(true, drawn, 5, Some(4)), Next::Decide);
        assert_eq!(next_step(true, Phase::Plays, 5, Some(4)), Next::Stop);
        assert_eq!(
            next_step(false, draw, 5, Some(4)),
            Next::Stop,
            "not this seat's turn"
        );
    }
}
