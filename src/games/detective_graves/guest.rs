//! The Detective Graves table on a guest device: a game another device (the
//! host) keeps, drawn from what the host sent for this device's seat
//! ([`Received`](crate::remote::guest::Received)). The same desk as the local table's, read through the
//! view received; actions go to the host. No hand-over (one person holds
//! this device), no computer turns, nothing saved or counted here.

use super::end::{CaseResult, EndDialog};
use super::play::Feedback;
use super::source::{Remote, Source};
use super::table::Desk;
use crate::ui::message::Note;
use crate::ui::When;
use engine::detective_graves::Phase;
use leptos::prelude::*;

/// The game the host sent: each case's result until this device's player
/// goes on, the desk for its seat, and at the end the final dialog (the
/// host decides whether to play again). Nothing until the first view
/// arrives.
#[component]
pub fn GuestTable(remote: Remote) -> impl IntoView {
    let source = Source::Remote(remote);
    let feedback = Feedback::new(source);
    let end_dismissed = RwSignal::new(false);
    let viewer = Memo::new(move |_| remote.received.with(|r| r.as_ref().map(|r| r.view.seat())));
    let case_result = Memo::new(move |_| source.unseen_case());
    // The host's refusal shows as the engine's would on a local table.
    Effect::new(move |_| {
        if let Some(why) = remote.refusal.get() {
            feedback.message.set(Some(Note::refusal(why)));
            crate::ui::refused();
        }
    });
    let game_over = move || source.is_over();
    // Each view received: a new game from the host (fewer results than this
    // player went past, or not over) starts its cases and its end afresh;
    // the selection keeps only the cards still in hand.
    Effect::new(move |_| {
        let Some((played, over, hand)) = remote.received.with(|r| {
            r.as_ref().map(|r| {
                (
                    r.view.results().len(),
                    r.view.phase() == Phase::Over,
                    r.view.hand().to_vec(),
                )
            })
        }) else {
            return;
        };
        if remote.kept.get_untracked() > played {
            remote.kept.set(played);
        }
        if !over && end_dismissed.get_untracked() {
            end_dismissed.set(false);
        }
        if feedback
            .selected
            .with_untracked(|s| s.iter().any(|c| !hand.contains(c)))
        {
            feedback.selected.update(|s| s.retain(|c| hand.contains(c)));
        }
    });
    view! {
        {move || {
            let Some(viewer) = viewer.get() else {
                return ().into_any();
            };
            match case_result.get() {
                Some(case) => view! { <CaseResult source viewer case/> }.into_any(),
                None => view! { <Desk viewer feedback/> }.into_any(),
            }
        }}
        <When when=move || game_over() && case_result.get().is_none() && !end_dismissed.get()>
            {move || viewer.get().map(|viewer| view! {
                <EndDialog source viewer dismiss=Callback::new(move |_| end_dismissed.set(true))/>
            })}
        </When>
    }
}
