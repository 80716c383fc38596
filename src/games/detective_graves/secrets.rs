//! What only the viewer knows (their identity, their evidence, a
//! Stakeout's look, the deduction sheet), and the unmasking at a case's end.

use super::feed::Feed;
use super::play::Feedback;
use super::words::action_label;
use crate::seats::name_of;
use engine::detective_graves::{possible_identities, Action, Identity, Phase, Role};
use leptos::prelude::*;

/// What only the viewer knows: their identity as Mastermind, the evidence
/// they won, a Stakeout's look, and (on request) the deduction sheet. (The
/// evidence set aside is seen by nobody.)
#[component]
pub fn Secrets(feed: Feed) -> impl IntoView {
    let sheet_open = RwSignal::new(false);
    let facts = move || {
        feed.seen(|_, v| {
            if v.seat().index() > 1 {
                return Vec::new();
            }
            let mut facts = Vec::new();
            if v.role() == Role::Mastermind {
                if let Some(identity) = v.identity() {
                    facts.push(format!("You are {}.", identity.name()));
                }
            }
            let won = v.evidence_won();
            if won.is_empty() {
                facts.push("You have won no evidence yet this case.".into());
            }
            for e in won {
                facts.push(format!("Evidence you won: {}.", e.text()));
            }
            if let Some(hand) = v.stakeout() {
                let names: Vec<String> = hand.iter().map(|c| c.name()).collect();
                facts.push(format!(
                    "Stakeout: the Mastermind holds {}.",
                    names.join(", ")
                ));
            }
            facts
        })
    };
    let detective = move || feed.seen(|_, v| v.seat().index() < 2 && v.role() == Role::Detective);
    view! {
        <section class="panel dg-secrets" aria-label="What only you know">
            <ul>{move || facts().into_iter().map(|f| view! { <li>{f}</li> }.into_any()).collect_view()}</ul>
            {move || detective().then(|| view! {
                <button class="button" aria-expanded=move || sheet_open.get().to_string() on:click=move |_| sheet_open.update(|o| *o = !*o)>
                    {move || if sheet_open.get() { "Hide the deduction sheet" } else { "Deduction sheet" }}
                </button>
                {move || sheet_open.get().then(|| view! { <DeductionSheet feed/> }.into_any())}
            }.into_any())}
        </section>
    }
}

/// The five suspects, those the viewer's evidence clears struck out.
#[component]
fn DeductionSheet(feed: Feed) -> impl IntoView {
    let rows = move || {
        feed.seen(|_, v| {
            let possible = possible_identities(&v.evidence_won());
            Identity::ALL
                .iter()
                .map(|&i| (i, possible.contains(&i)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <ul class="dg-sheet" aria-label="Deduction sheet">
            {move || rows().into_iter().map(|(identity, open)| {
                let text = identity.name();
                if open {
                    view! { <li class="suspect">{text}<span class="small">" · still a suspect"</span></li> }.into_any()
                } else {
                    view! { <li class="cleared"><s>{text}</s><span class="small">" · cleared by your evidence"</span></li> }.into_any()
                }
            }).collect_view()}
        </ul>
    }
}

/// The unmasking: the Mastermind reveals or stays hidden, then the
/// Detective names a suspect with their sheet in view.
#[component]
pub fn Unmasking(feedback: Feedback) -> impl IntoView {
    let feed = feedback.feed;
    let facts = move || {
        feed.seen(|names, v| {
            let detective = name_of(names, v.seat_of(Role::Detective));
            let mastermind = name_of(names, v.seat_of(Role::Mastermind));
            let (right, wrong) = v.variant().accusation_points();
            let evidence = v.evidence_count(Role::Detective);
            Some((
                v.phase(),
                detective,
                mastermind,
                right,
                wrong,
                evidence,
                v.variant().reveal_points(),
            ))
        })
    };
    view! {
        <section class="panel dg-unmasking" aria-labelledby="dg-unmask-title">
            <h2 id="dg-unmask-title">"The unmasking"</h2>
            {move || {
                let Some((phase, detective, mastermind, right, wrong, evidence, reveal)) = facts() else {
                    return ().into_any();
                };
                if phase == Phase::Unmask {
                    view! {
                        <p>{format!("{mastermind}, {detective} won {evidence} evidence card{}. Give yourself up now ({detective} scores {reveal}), or stay hidden: {detective} then names a suspect, scoring {right} if right, and you score {wrong} if wrong.", if evidence == 1 { "" } else { "s" })}</p>
                        <div class="button-row">
                            <button class="button" on:click=move |_| feedback.play(Action::Reveal)>"Reveal myself"</button>
                            <button class="button primary" on:click=move |_| feedback.play(Action::StayHidden)>"Stay hidden"</button>
                        </div>
                    }.into_any()
                } else {
                    let rows = feed.seen(|_, v| {
                        let possible = v.possible_identities();
                        Identity::ALL.iter().map(|&i| (i, possible.contains(&i))).collect::<Vec<_>>()
                    });
                    view! {
                        <p>{format!("{detective}, name the Mastermind: {right} points to you if right, {wrong} to {mastermind} if wrong.")}</p>
                        <DeductionSheet feed/>
                        <div class="button-row dg-suspects">
                            {rows.into_iter().map(|(identity, open)| view! {
                                <button class=if open { "button primary" } else { "button" } on:click=move |_| feedback.play(Action::Accuse(identity))>
                                    {action_label(Phase::Accuse, Action::Accuse(identity))}
                                    <span class="button-detail">{if open { "still a suspect" } else { "cleared by your evidence" }}</span>
                                </button>
                            }.into_any()).collect_view()}
                        </div>
                    }.into_any()
                }
            }}
        </section>
    }
}
