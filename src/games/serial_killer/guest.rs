//! The Serial Killer table on a guest device: a game another device (the
//! host) keeps, drawn from what the host sent for this device's seat
//! ([`Received`](crate::remote::guest::Received)). The same [`Desk`] as the local
//! table's; actions go to the host, which checks them. No hand-over (one
//! person holds this device), no computer turns, nothing saved or counted
//! here.

use super::draw_all::draw_all_summary;
use super::source::{Remote, Source};
use super::table::{fly_clues, Desk};
use crate::ui::message::Note;
use engine::serial_killer::{Action, Phase};
use leptos::prelude::*;

/// What to do with a table received while drawing all ("Draw all" on
/// this device): draw again, wait for a decision on a Jack or an Ace (the
/// draws go on after it), or stop. Each draw is its own message, sent once
/// the host's table after the last one arrives: the host admits all or
/// none, and where a Jack or an Ace stops the draws is not known here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Draw,
    Decide,
    Stop,
    /// The last draw was sent at this table: its answer is yet to come.
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
    // Drawing all: the events received when its run of draws began (its
    // summary is of those after), or `None` between runs.
    let drawing_all = StoredValue::new(None::<Option<usize>>);
    // The host's table version this device last sent actions at: one
    // message per table, so that a second tap before the answer (or a
    // draw of Draw all's besides) is not sent to be refused as stale.
    let sent_at = StoredValue::new(None::<u32>);
    let version = move || {
        remote
            .received
            .with_untracked(|r| r.as_ref().map(|r| r.version))
    };
    let send = move |action: Action| {
        if version().is_none() || sent_at.get_value() == version() {
            return false;
        }
        sent_at.set_value(version());
        (remote.send).run(vec![action]);
        true
    };
    // The host's refusal shows as the engine's would on a local table, and
    // stops the draws.
    Effect::new(move |_| {
        if let Some(why) = remote.refusal.get() {
            sent_at.set_value(None);
            drawing_all.set_value(None);
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
        let Some(run_from) = drawing_all.get_value() else {
            return events.len();
        };
        let summary = || {
            let from = run_from.unwrap_or(events.len());
            draw_all_summary(events.get(from..).unwrap_or_default()).map(Note::event)
        };
        match next_step(to_act, phase, version, sent_at.get_value()) {
            Next::Wait => {}
            Next::Draw => {
                drawing_all.set_value(Some(run_from.or(Some(events.len()))));
                send(Action::Draw);
            }
            Next::Decide => {
                message.set(summary());
                drawing_all.set_value(Some(None));
            }
            Next::Stop => {
                message.set(summary());
                drawing_all.set_value(None);
            }
        }
        events.len()
    });
    let act = Callback::new(move |action: Action| {
        if send(action) {
            message.set(None);
        }
    });
    let draw_all = Callback::new(move |_| {
        let from = remote
            .received
            .with_untracked(|r| r.as_ref().map(|r| r.events.len()));
        if send(Action::Draw) {
            message.set(None);
            drawing_all.set_value(Some(from));
        }
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
