//! A guest device's side of a game played on another device: it answers
//! the host's invitation, then holds what the host sends (its seat's view,
//! the names, its log) and sends its own actions. It keeps no game of its
//! own: the host's save is the truth.

use super::invitation::{self, Ticket};
use super::peer::{self, Handlers, Link};
use super::relay;
use super::wire;
use crate::table::controller::{Action, Event, TableRecord};
use crate::table::seat::{SeatFeed, Shown, ShownOf, View};
use engine::remote::{ToGuest, ToHost};
use engine::seats::Seat;
use engine::Multiplayer;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{de::DeserializeOwned, Serialize};

/// What the host last sent this device: what its seat is shown.
pub type Received<V, E> = Shown<V, E>;

/// Where the guest's connection stands.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestStatus {
    /// No invitation yet (or the last one is spent): waiting for one.
    Waiting,
    /// Reading the invitation and making the answer.
    Answering,
    /// The answer to show the host, as a link (the code after its join
    /// page's address).
    Answer {
        link: String,
    },
    Connected,
    /// The host went away: a new invitation is needed.
    Lost,
    /// This page was reloaded in the middle of a game: its seat's last
    /// table shows, and a new invitation is needed to play on.
    Back,
    /// This page was opened with an answer (the host's device scanned
    /// it): handing it to the host's page on this device.
    Relaying,
    /// Whether the host's page took the answer, or why not.
    Relayed(Result<(), String>),
    /// The invitation could not be used, and why.
    Failed(String),
}

/// The guest's handle: `Copy`, like the signals it holds.
pub struct Guest<V: 'static, E: 'static, A: 'static> {
    pub received: RwSignal<Option<Received<V, E>>>,
    pub status: RwSignal<GuestStatus>,
    /// Why the host refused the last actions sent, until the next table.
    pub refusal: RwSignal<Option<String>>,
    /// The seat the invitation was for.
    pub ticket: RwSignal<Option<Ticket>>,
    link: StoredValue<Option<Link>, LocalStorage>,
    /// The start of an answer's link (a link the host's device can open
    /// with its camera app); empty before the join page says where it is.
    answer_link: StoredValue<String>,
    /// The id of the game this join page is for.
    game: &'static str,
    action: std::marker::PhantomData<fn(A)>,
}

impl<V, E, A> Clone for Guest<V, E, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V, E, A> Copy for Guest<V, E, A> {}

impl<V, E, A> Guest<V, E, A>
where
    V: Clone + DeserializeOwned + Send + Sync + 'static,
    E: Clone + DeserializeOwned + Send + Sync + 'static,
    A: Serialize + 'static,
{
    /// A guest of the game `game` (its id).
    pub fn new(game: &'static str) -> Self {
        let guest = Guest {
            received: RwSignal::new(None),
            status: RwSignal::new(GuestStatus::Waiting),
            refusal: RwSignal::new(None),
            ticket: RwSignal::new(None),
            link: StoredValue::new_local(None),
            answer_link: StoredValue::new(String::new()),
            game,
            action: std::marker::PhantomData,
        };
        on_cleanup(move || {
            guest.link.try_update_value(|l| l.take());
        });
        // Back after a reload (or a phone that dropped the page): the seat's
        // last table, kept in this tab, shows again while a new invitation
        // is asked for; the connection itself cannot outlive the page.
        if let Some((seat, kept)) = kept_table(game) {
            if guest.take_table(&kept) {
                guest.ticket.set(Some(Ticket::new(game, seat, 0)));
                guest.status.set(GuestStatus::Back);
            }
        }
        guest
    }

    /// Answers the invitation `text` (a code or a whole link): the answer
    /// to show the host arrives in `status`. The table this device shows
    /// meanwhile stays (a rejoin shows the last one until the new comes).
    pub fn join(self, text: &str) {
        let (ticket, offer) = match invitation::read_offer(text) {
            Ok((ticket, _)) if !ticket.is_for(self.game) => {
                return self.status.set(GuestStatus::Failed(
                    "This invitation is for another game: open its link as the host sent it, which opens that game.".into(),
                ))
            }
            Ok(read) => read,
            Err(why) => return self.status.set(GuestStatus::Failed(why)),
        };
        self.link.update_value(|l| *l = None);
        self.status.set(GuestStatus::Answering);
        self.ticket.set(Some(ticket));
        spawn_local(async move {
            let answered = Link::answer(&offer, None, self.handlers()).await;
            // The join page may have been left meanwhile: the link is
            // dropped (closed) with nothing told.
            if self.gone() {
                return;
            }
            match answered {
                Ok((link, sdp)) => match invitation::answer_code(&sdp, ticket) {
                    Ok(code) => {
                        self.link.set_value(Some(link));
                        let link = format!("{}{code}", self.answer_link.get_value());
                        self.status.set(GuestStatus::Answer { link });
                    }
                    Err(why) => self.status.set(GuestStatus::Failed(why)),
                },
                Err(why) => self.status.set(GuestStatus::Failed(why)),
            }
        });
    }

    /// Answers the invitation in the page's address, if it holds one
    /// (opened from an invitation's link), and takes the code out of the
    /// address (`join_page`: the address without it), so that a reload
    /// never answers a spent invitation again.
    pub fn join_from_address(self, join_page: &str) {
        let location = window().location();
        // The answer's link: this copy of the app, this join page.
        self.answer_link.set_value(format!(
            "{}{}{join_page}/",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        ));
        let hash = location.hash().unwrap_or_default();
        if !hash.contains("/join/") {
            return;
        }
        if invitation::read_answer(&hash).is_ok() {
            self.relay(hash);
        } else if !peer::browser_can_connect() {
            // The invitation stays in the address, for the player to open
            // in another browser (the join page says so).
            return;
        } else {
            self.join(&hash);
        }
        if let Ok(history) = window().history() {
            let _ =
                history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(join_page));
        }
    }

    /// Hands an answer this page was opened with to the host's page.
    fn relay(self, answer: String) {
        self.status.set(GuestStatus::Relaying);
        spawn_local(async move {
            let result = relay::hand_over(answer).await;
            let _ = self.status.try_set(GuestStatus::Relayed(result));
        });
    }

    /// The name of this device's seat, from the last table the host sent.
    pub fn seat_name(self) -> Option<String> {
        let seat = self.ticket.get_untracked()?.seat;
        self.received
            .with_untracked(|r| r.as_ref()?.names.get(seat.index()).cloned())
    }

    /// The join page is gone (its view removed): work that comes back
    /// later does nothing.
    fn gone(self) -> bool {
        self.status.try_with_untracked(|_| ()).is_none()
    }

    /// Sends the seat's actions (all or none) to the host.
    pub fn send(self, actions: Vec<A>) {
        let Some(version) = self
            .received
            .with_untracked(|r| r.as_ref().map(|r| r.version))
        else {
            return;
        };
        self.refusal.set(None);
        let text = wire::write(&ToHost::Act { version, actions });
        let sent = self.link.with_value(|l| match l {
            Some(link) => link.send(&text),
            None => Err("This device is not connected to the host.".into()),
        });
        if let Err(why) = sent {
            self.refusal.set(Some(why));
        }
    }

    fn handlers(self) -> Handlers {
        Handlers {
            on_open: Box::new(move || {
                self.status.set(GuestStatus::Connected);
                let hello = wire::write(&ToHost::<A>::Hello);
                self.link.with_value(|l| {
                    if let Some(l) = l {
                        let _ = l.send(&hello);
                    }
                });
            }),
            on_message: Box::new(move |text| self.receive(&text)),
            on_close: Box::new(move || self.status.set(GuestStatus::Lost)),
        }
    }

    fn receive(self, text: &str) {
        if self.take_table(text) {
            if let Some(ticket) = self.ticket.get_untracked() {
                keep_table(self.game, ticket.seat, text);
            }
        }
    }

    /// Takes in a message from the host; says whether it was a table.
    fn take_table(self, text: &str) -> bool {
        match wire::read_to_guest::<V, E>(text) {
            Ok(ToGuest::Table {
                version,
                names,
                view,
                log,
            }) => {
                self.refusal.set(None);
                self.received.set(Some(Received {
                    version,
                    names,
                    view,
                    events: log,
                }));
                return true;
            }
            Ok(ToGuest::Refused { why }) => self.refusal.set(Some(why)),
            Err(why) => self.refusal.set(Some(why)),
        }
        false
    }
}

/// The seat's feed on this guest device (see [`crate::table::seat`]): what
/// the host last sent, this device's actions sent to it, its refusals, and
/// what the seat keeps on this device (`kept`).
pub fn feed<R: TableRecord, K: Copy + 'static>(
    guest: Guest<View<R>, Event<R>, Action<R>>,
    kept: K,
) -> SeatFeed<R, K>
where
    R::State: Multiplayer,
    ShownOf<R>: Send + Sync,
    View<R>: Clone + DeserializeOwned + Send + Sync,
    Event<R>: Clone + DeserializeOwned + Send + Sync,
    Action<R>: Serialize,
{
    SeatFeed::new(
        // Each message is news, as each change is to a feed here.
        Memo::new_owning(move |_| (guest.received.get(), true)),
        Signal::stored(true),
        // Where the game is kept the host's table plays it, with its sounds.
        Callback::new(move |(actions, _quiet)| guest.send(actions)),
        guest.refusal,
        kept,
    )
}

/// Where a guest tab keeps its seat and the seat's last table (the host's
/// message as it came, checked again when read): this tab's session
/// storage, which a reload keeps and closing the tab ends. It holds only
/// what this seat was shown.
fn kept_key(game: &str) -> String {
    format!("gm.guest-table.{game}")
}

fn keep_table(game: &str, seat: Seat, text: &str) {
    if let Ok(Some(storage)) = window().session_storage() {
        // (Storage full: a reload then starts from the invitation.)
        let _ = storage.set_item(&kept_key(game), &format!("{}\n{text}", seat.0));
    }
}

fn kept_table(game: &str) -> Option<(Seat, String)> {
    let kept = window()
        .session_storage()
        .ok()??
        .get_item(&kept_key(game))
        .ok()??;
    let (seat, text) = kept.split_once('\n')?;
    Some((Seat(seat.parse().ok()?), text.to_string()))
}
