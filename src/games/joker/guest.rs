//! The Joker table on a guest device: a game another device (the host)
//! keeps, drawn from what the host sent for this device's seat. The same
//! components as the local table's, read through the view received;
//! actions go to the host. No hand-over (one person holds this device), no
//! computer turns, nothing saved or counted here but the seat's notepad.

use super::feedback::Feedback;
use super::informant::InformantDesk;
use super::public::PublicTable;
use super::source::{Remote, Source};
use super::table::EndDialog;
use super::words::round_over_note;
use crate::ui::message::Note;
use crate::ui::When;
use leptos::prelude::*;

/// The game the host sent: the Informant's screen while this seat must
/// answer, else the public table; a round's end until this device's player
/// goes on; at the end the final dialog (the host decides whether to play
/// again). Nothing until the first view arrives.
#[component]
pub fn GuestTable(remote: Remote) -> impl IntoView {
    let source = Source::Remote(remote);
    let feedback = Feedback::new(source);
    let end_dismissed = RwSignal::new(false);
    // The round whose start this player was last told of.
    let told_round = StoredValue::new(None::<u8>);
    // The host's refusal shows as the engine's would on a local table.
    Effect::new(move |_| {
        if let Some(why) = remote.refusal.get() {
            feedback.message.set(Some(Note::refusal(why)));
            crate::ui::refused();
        }
    });
    // Each view received: a round that has just begun (no action yet)
    // shows how the last one ended, once; a game that runs again (a
    // rematch) has its end shown afresh.
    Effect::new(move |_| {
        let Some((round, note, over)) = remote.received.with(|r| {
            r.as_ref().map(|r| {
                (
                    r.view.round() as u8,
                    round_over_note(&r.view, &r.names),
                    r.view.to_act().is_none(),
                )
            })
        }) else {
            return;
        };
        if let Some(note) = note.filter(|_| told_round.get_value() != Some(round)) {
            feedback.round_over.set(Some(note));
        }
        told_round.set_value(Some(round));
        if !over && end_dismissed.get_untracked() {
            end_dismissed.set(false);
        }
    });
    let arrived = move || remote.received.with(Option::is_some);
    let answers = Memo::new(move |_| source.informant_answers());
    let game_over = move || source.with_table(|v, _| v.to_act().is_none());
    view! {
        {move || match (arrived(), answers.get()) {
            (false, _) => ().into_any(),
            (true, true) => view! { <InformantDesk feedback/> }.into_any(),
            (true, false) => view! { <PublicTable feedback/> }.into_any(),
        }}
        <When when=move || arrived() && game_over() && !end_dismissed.get()>
            <EndDialog source dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
    }
}
