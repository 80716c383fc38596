//! What the players see of a connection being made: a code to show the
//! other device (its QR picture to scan, its text to copy), and a field to
//! paste the other device's code into. Shared by the host's invitations
//! and the guest's answer, in every game with remote seats.

use super::qr;
use leptos::prelude::*;

/// A code for the other device: the QR picture of `text` (a link or a
/// code) and `text` itself, selectable and with a copy button.
#[component]
pub fn ShareCode(
    /// What the picture is, for screen readers: "Invitation for Ben".
    label: String,
    text: String,
) -> impl IntoView {
    let picture = qr::svg(&text, &label).ok();
    let copied = RwSignal::new(false);
    let copy = {
        let text = text.clone();
        move |_| {
            let _ = window().navigator().clipboard().write_text(&text);
            copied.set(true);
        }
    };
    view! {
        <div class="share-code">
            {match picture {
                Some(svg) => view! { <div class="qr" inner_html=svg></div> }.into_any(),
                None => view! { <p class="small">"Too long for a picture: copy the text below."</p> }.into_any(),
            }}
            <label class="code-text">
                <span class="small">{format!("{label}, as text")}</span>
                <textarea readonly rows="3" prop:value=text.clone()></textarea>
            </label>
            <div class="button-row">
                <button class="button" on:click=copy>"Copy"</button>
                <span class="small" role="status">{move || copied.get().then_some("Copied.")}</span>
            </div>
        </div>
    }
}

/// A field for the other device's code (or link), and its button.
#[component]
pub fn PasteCode(
    label: &'static str,
    button: &'static str,
    on_code: Callback<String>,
    #[prop(into)] error: Signal<Option<String>>,
) -> impl IntoView {
    let field = NodeRef::<leptos::html::Textarea>::new();
    let submit = move |_| {
        if let Some(field) = field.get_untracked() {
            let text = field.value();
            if !text.trim().is_empty() {
                on_code.run(text);
                field.set_value("");
            }
        }
    };
    view! {
        <div class="paste-code">
            <label>
                <span>{label}</span>
                <textarea node_ref=field rows="3" spellcheck="false" autocomplete="off"></textarea>
            </label>
            <div class="button-row">
                <button class="button primary" on:click=submit>{button}</button>
            </div>
            <p class="refusal" role="alert">{move || error.get()}</p>
        </div>
    }
}

use super::guest::{Guest, GuestStatus};
use super::host::{Host, RemoteRecord, SeatLink};
use super::peer;
use serde::{de::DeserializeOwned, Serialize};

/// The host's panel of remote seats: for each, its invitation (until the
/// guest's answer is taken in), or whether it is connected. `game` is the
/// game's id, for the invitation's link.
pub fn invitations<R: RemoteRecord>(host: Host<R>, game: &'static str) -> impl IntoView {
    let rows = move || {
        host.seats.get().into_iter().map(move |(seat, link)| {
            let name = host.name(seat);
            let body = match link {
                SeatLink::Preparing => view! { <p>{format!("Making an invitation for {name}…")}</p> }.into_any(),
                SeatLink::Inviting { code } => {
                    let text = host.invitation_link(game, &code);
                    view! {
                        <h2>{format!("Invite {name}")}</h2>
                        <p>{format!("{name} plays on their own device: they scan this code with its camera, or open the link. Their device then shows an answer: scan it with this device's camera, or paste it here.")}</p>
                        <ShareCode label=format!("Invitation for {name}") text/>
                        <PasteCode label="Their answer" button="Connect"
                            on_code=Callback::new(move |text: String| host.take_answer(&text))
                            error=host.answer_error/>
                    }.into_any()
                }
                SeatLink::Connecting => view! { <p>{format!("Connecting to {name}'s device…")}</p> }.into_any(),
                SeatLink::Connected => view! { <p>{format!("{name} is connected on their own device.")}</p> }.into_any(),
                SeatLink::Lost => view! { <p>{format!("{name}'s device is away (reconnecting): a new invitation is being made.")}</p> }.into_any(),
                SeatLink::Failed(why) => view! { <p class="refusal">{format!("No invitation for {name}: {why}")}</p> }.into_any(),
            };
            let open = !matches!(host.seats.with_untracked(|s| s.iter().find(|(s, _)| *s == seat).map(|(_, l)| l.clone())), Some(SeatLink::Connected));
            view! {
                <section class="panel remote-seat" class:open=open aria-label=format!("{} on another device", host.name(seat))>
                    {body}
                    {open.then(|| view! { <GiveToComputer host seat/> })}
                </section>
            }.into_any()
        }).collect_view()
    };
    view! { <div class="remote-seats">{rows}</div> }
}

/// For a seat whose device is not connected: the computer may play it
/// instead, for the rest of the game, once the host confirms.
#[component]
fn GiveToComputer<R: RemoteRecord>(host: Host<R>, seat: engine::seats::Seat) -> impl IntoView {
    let name = host.name(seat);
    let asking = RwSignal::new(false);
    let question = format!("The computer (Simple) plays {name}'s seat for the rest of this game, on this device. {name} cannot come back to it.");
    let ask = format!("Let the computer play {name}");
    view! {
        {move || if asking.get() {
            view! {
                <p>{question.clone()}</p>
                <div class="button-row">
                    <button class="button primary" on:click=move |_| host.give_to_computer(seat)>"Yes, the computer plays"</button>
                    <button class="button" on:click=move |_| asking.set(false)>"Cancel"</button>
                </div>
            }.into_any()
        } else {
            view! {
                <div class="button-row">
                    <button class="button" on:click=move |_| asking.set(true)>{ask.clone()}</button>
                </div>
            }.into_any()
        }}
    }
}

/// A guest's page around its table: the invitation read and answered,
/// the answer to show the host, then `table` once the host's table has
/// come; a field for a new invitation whenever the host is away.
pub fn guest_page<V, E, A>(
    guest: Guest<V, E, A>,
    table: impl Fn() -> AnyView + Send + Sync + 'static,
) -> impl IntoView
where
    V: Clone + DeserializeOwned + Send + Sync + 'static,
    E: Clone + DeserializeOwned + Send + Sync + 'static,
    A: Serialize + 'static,
{
    let failed = Signal::derive(move || match guest.status.get() {
        GuestStatus::Failed(why) => Some(why),
        _ => None,
    });
    let paste = move || {
        view! {
            <PasteCode label="The host's invitation (its link or code)" button="Join"
                on_code=Callback::new(move |text: String| guest.join(&text)) error=failed/>
        }
    };
    let status = move || {
        match guest.status.get() {
        GuestStatus::Waiting if !peer::browser_can_connect() => view! {
            <section class="panel">
                <h2>{peer::CANNOT_CONNECT}</h2>
                <p>"To play your seat, open this page's address in another browser: Safari, Chrome or Firefox on a phone, tablet or computer. Or ask the host to let the computer play your seat."</p>
            </section>
        }.into_any(),
        GuestStatus::Waiting | GuestStatus::Failed(_) => view! {
            <section class="panel">
                <h2>"Join a game on another device"</h2>
                <p>"Scan the host's invitation with this device's camera, or paste it here."</p>
                {paste()}
            </section>
        }.into_any(),
        GuestStatus::Answering => view! { <section class="panel"><p role="status">"Making your answer…"</p></section> }.into_any(),
        GuestStatus::Answer { link } => view! {
            <section class="panel">
                <h2>"Show this to the host"</h2>
                <p>"The host scans this answer with their device's camera, or you copy it and send it to them to paste. The game shows here once they have taken it in."</p>
                <ShareCode label="Your answer".to_string() text=link/>
            </section>
        }.into_any(),
        GuestStatus::Relaying => view! { <section class="panel"><p role="status">"Passing the answer to the game on this device…"</p></section> }.into_any(),
        GuestStatus::Relayed(Ok(())) => view! {
            <section class="panel">
                <h2>"The answer went to your game"</h2>
                <p role="status">"The game that invited has it and connects now. Go back to it; this page can be closed."</p>
            </section>
        }.into_any(),
        GuestStatus::Relayed(Err(why)) => view! {
            <section class="panel">
                <h2>"The answer could not be passed on"</h2>
                <p class="refusal" role="alert">{why}</p>
            </section>
        }.into_any(),
        GuestStatus::Connected => ().into_any(),
        GuestStatus::Lost => view! {
            <section class="panel">
                <h2>"The host's device is away"</h2>
                <p>"Reconnecting needs a new invitation: the host's device shows one for your seat. Scan it, or paste it here."</p>
                {paste()}
            </section>
        }.into_any(),
        GuestStatus::Back => {
            let seat = guest.seat_name().unwrap_or_else(|| "your seat".into());
            view! {
                <section class="panel" role="status">
                    <h2>{format!("Back at {seat}'s seat")}</h2>
                    <p>{format!("The game is still on at the host's device: your table is below as you left it. This page lost its connection when it reloaded, so the host's device now shows a new invitation for {seat}. Scan it, or paste it here, to play on.")}</p>
                    {paste()}
                </section>
            }.into_any()
        }
    }
    };
    // The table is drawn once the first arrives, and kept (each new one
    // changes what it shows, not the table itself).
    let has_table = Memo::new(move |_| guest.received.with(Option::is_some));
    view! {
        {status}
        {move || has_table.get().then(&table)}
    }
}
