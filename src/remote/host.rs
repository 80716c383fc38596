//! The host's side of a game with seats on other devices: one connection
//! per such seat, each made from an invitation the guest answers. A
//! guest's message is read within limits and its actions checked against
//! the game ([`engine::remote::admit`]) before the table controller
//! applies them; after every change of the game each connected guest is
//! sent its seat's table, as that seat may see it. Nothing here is saved:
//! after a reload the host invites the guests again.

use super::invitation::{self, Ticket};
use super::peer::{Handlers, Link};
use super::relay;
use super::wire;
use crate::table::controller::{Action, Event, Refusal, Table};
use crate::table::seated::SeatedRecord;
use engine::remote::{admit, table_for, ToGuest, ToHost};
use engine::seats::Seat;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A record whose game may have seats played on other devices.
pub trait RemoteRecord: SeatedRecord {
    /// The game's log as `seat` learnt it, oldest first.
    fn log_seen_by(&self, seat: Seat) -> Vec<Event<Self>>;
    /// What a seat is told when the engine refuses its `action`: the
    /// engine's reason, unless the game words it for the action.
    fn refusal_text(_action: &Action<Self>, refusal: &Refusal<Self>) -> String {
        refusal.to_string()
    }
}

/// Where one remote seat's connection stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatLink {
    /// Making its invitation.
    Preparing,
    /// Its invitation, waiting for the guest's answer.
    Inviting {
        code: String,
    },
    /// The answer is in; the connection opens.
    Connecting,
    Connected,
    /// The guest went away; a new invitation is being made.
    Lost,
    /// Its invitation could not be made, and why.
    Failed(String),
}

/// The host's handle: `Copy`, like the signals it holds.
pub struct Host<R: RemoteRecord> {
    table: Table<R>,
    /// Each remote seat and its connection's state, in seat order.
    pub seats: RwSignal<Vec<(Seat, SeatLink)>>,
    /// Why the last answer taken in was refused.
    pub answer_error: RwSignal<Option<String>>,
    links: StoredValue<Vec<(Seat, Link)>, LocalStorage>,
    /// Counts the game's changes seen on this page: a guest's actions name
    /// the version they were chosen at.
    version: StoredValue<u32>,
    /// This table's token on this page: answers to other invitations are
    /// told apart.
    token: u32,
}

impl<R: RemoteRecord> Clone for Host<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: RemoteRecord> Copy for Host<R> {}

impl<R: RemoteRecord> Host<R> {
    /// Starts hosting the table's remote seats: invitations for each, and
    /// every change of the game sent to the connected guests. Ends (the
    /// connections closed) when the owner's view is removed.
    pub fn start(table: Table<R>) -> Self {
        let remote = table.read(|g| g.remote_seats().to_vec());
        let host = Host {
            table,
            seats: RwSignal::new(remote.iter().map(|&s| (s, SeatLink::Preparing)).collect()),
            answer_error: RwSignal::new(None),
            links: StoredValue::new_local(Vec::new()),
            version: StoredValue::new(0),
            token: random_token(),
        };
        for seat in remote {
            host.invite(seat);
        }
        // Answers scanned with this device's camera arrive in another page.
        let listener = relay::listen(move |text| host.take_relayed_answer(text));
        let listener = StoredValue::new_local(listener);
        // The computers wait while a seat on another device is away.
        crate::ui::effect(move || {
            let away = host
                .seats
                .with(|s| s.iter().any(|(_, l)| *l != SeatLink::Connected));
            table.ctx.remote_away.set(away);
        });
        crate::ui::effect(move || {
            table.ctx.game.track();
            host.version.update_value(|v| *v = v.wrapping_add(1));
            for seat in host.connected() {
                host.send_table(seat);
            }
        });
        on_cleanup(move || {
            listener.try_update_value(|l| l.take());
            host.links.try_update_value(|links| links.clear());
            table.ctx.remote_away.set(false);
        });
        host
    }

    /// The name at `seat`.
    pub fn name(self, seat: Seat) -> String {
        self.table
            .read(|g| g.names().get(seat.index()).cloned().unwrap_or_default())
    }

    /// The link of `seat`'s invitation, for this copy of the app.
    pub fn invitation_link(self, game: &str, code: &str) -> String {
        let location = window().location();
        let base = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        invitation::link(&base, game, code)
    }

    /// Takes in a guest's answer (a code or link, as pasted): the seat it
    /// names connects.
    pub fn take_answer(self, text: &str) {
        self.answer_error.set(self.try_answer(text).err());
    }

    /// An answer another page of this device was opened with (the answer
    /// scanned by the camera: see [`relay`]), if it is to this page's
    /// invitations.
    fn take_relayed_answer(self, text: &str) -> Option<Result<(), String>> {
        let (ticket, _) = invitation::read_answer(text).ok()?;
        (ticket.token == self.token).then(|| {
            let result = self.try_answer(text);
            self.answer_error.set(result.clone().err());
            result
        })
    }

    fn try_answer(self, text: &str) -> Result<(), String> {
        let (ticket, sdp) = invitation::read_answer(text)?;
        if ticket.token != self.token {
            return Err(
                "This answer is to another invitation (an older one, or another table's): ask for the answer to this one."
                    .into(),
            );
        }
        let inviting = self.seats.with_untracked(|s| {
            s.iter()
                .any(|(s, l)| *s == ticket.seat && matches!(l, SeatLink::Inviting { .. }))
        });
        if !inviting {
            return Err("That seat is not waiting for an answer.".into());
        }
        self.set(ticket.seat, SeatLink::Connecting);
        spawn_local(async move {
            let Some(accepted) = self.links.try_with_value(|links| {
                links
                    .iter()
                    .find(|(s, _)| *s == ticket.seat)
                    .map(|(_, link)| link.accept(&sdp))
            }) else {
                return;
            };
            // (`accept` holds no borrow of the link: it may be awaited here.)
            let result = match accepted {
                Some(accepting) => accepting.await,
                None => Err("That seat's invitation is gone: a new one is made.".into()),
            };
            if self.gone() {
                return;
            }
            if let Err(why) = result {
                self.answer_error.set(Some(why));
                self.invite(ticket.seat);
            }
        });
        Ok(())
    }

    /// The computer plays `seat` from now on (its person is not coming
    /// back): its connection is closed and it is no longer invited.
    pub fn give_to_computer(self, seat: Seat) {
        self.seats.update(|seats| seats.retain(|(s, _)| *s != seat));
        self.links
            .update_value(|links| links.retain(|(s, _)| *s != seat));
        self.table.note(|g| g.give_to_computer(seat));
    }

    /// The table that hosts is gone (its view removed): work that comes
    /// back later (a promise's continuation) does nothing.
    fn gone(self) -> bool {
        self.seats.try_with_untracked(|_| ()).is_none()
    }

    fn is_remote(self, seat: Seat) -> bool {
        self.seats
            .with_untracked(|seats| seats.iter().any(|(s, _)| *s == seat))
    }

    fn set(self, seat: Seat, link: SeatLink) {
        self.seats.update(|seats| {
            if let Some(entry) = seats.iter_mut().find(|(s, _)| *s == seat) {
                entry.1 = link;
            }
        });
    }

    fn connected(self) -> Vec<Seat> {
        self.seats.with_untracked(|s| {
            s.iter()
                .filter(|(_, l)| *l == SeatLink::Connected)
                .map(|(s, _)| *s)
                .collect()
        })
    }

    /// Makes a new invitation for `seat`, closing its old connection.
    fn invite(self, seat: Seat) {
        if !self.is_remote(seat) {
            return;
        }
        self.links
            .update_value(|links| links.retain(|(s, _)| *s != seat));
        self.set(seat, SeatLink::Preparing);
        let ticket = Ticket::new(self.table.ctx.records.id, seat, self.token);
        spawn_local(async move {
            let offered = Link::offer(None, self.handlers(seat)).await;
            // The table may have been left while the addresses were
            // gathered: the link is dropped (closed) with nothing told.
            if self.gone() {
                return;
            }
            match offered {
                Ok((link, sdp)) => match invitation::offer_code(&sdp, ticket) {
                    // (The seat may have gone to the computer meanwhile.)
                    Ok(_) if !self.is_remote(seat) => {}
                    Ok(code) => {
                        self.links.update_value(|links| links.push((seat, link)));
                        self.set(seat, SeatLink::Inviting { code });
                    }
                    Err(why) => self.set(seat, SeatLink::Failed(why)),
                },
                Err(why) => self.set(seat, SeatLink::Failed(why)),
            }
        });
    }

    fn handlers(self, seat: Seat) -> Handlers {
        Handlers {
            // The guest asks for its table once its side is open; it is
            // sent now too, in case that question came before this side
            // could answer it.
            on_open: Box::new(move || {
                self.set(seat, SeatLink::Connected);
                self.send_table(seat);
            }),
            on_message: Box::new(move |text| self.receive(seat, &text)),
            on_close: Box::new(move || {
                self.set(seat, SeatLink::Lost);
                self.invite(seat);
            }),
        }
    }

    /// A message from the device playing `seat`.
    fn receive(self, seat: Seat, text: &str) {
        match wire::read_to_host::<Action<R>>(text) {
            Ok(ToHost::Hello) => self.send_table(seat),
            Ok(ToHost::Act { version, actions }) => {
                let current = self.version.get_value();
                let admitted = self.table.ctx.game.with_untracked(|g| {
                    g.as_ref()
                        .map(|g| admit(g.state(), seat, version, current, &actions).map(|_| ()))
                });
                match admitted {
                    Some(Ok(())) => {
                        for action in actions {
                            // Admitted on a copy, so each applies.
                            let _ = self.table.act(action);
                        }
                    }
                    Some(Err(why)) => self.refuse(seat, why.to_string()),
                    None => self.refuse(seat, "There is no game on the host's device.".into()),
                }
            }
            Err(why) => self.refuse(seat, why),
        }
    }

    fn refuse(self, seat: Seat, why: String) {
        self.send(seat, &wire::write(&ToGuest::<(), ()>::Refused { why }));
    }

    /// Sends `seat` its whole table as it stands.
    fn send_table(self, seat: Seat) {
        let version = self.version.get_value();
        let text = self.table.ctx.game.with_untracked(|g| {
            g.as_ref().map(|g| {
                let log = g.log_seen_by(seat);
                wire::write(&table_for(g.state(), seat, version, g.names(), log))
            })
        });
        if let Some(text) = text {
            self.send(seat, &text);
        }
    }

    fn send(self, seat: Seat, text: &str) {
        self.links.with_value(|links| {
            if let Some((_, link)) = links.iter().find(|(s, _)| *s == seat) {
                let _ = link.send(text);
            }
        });
    }
}

/// A token for this page's invitations.
fn random_token() -> u32 {
    let mut bytes = [0u8; 4];
    // Without randomness every page's token is 0: answers are still
    // matched by seat, only an old answer is not told apart.
    let _ = getrandom::fill(&mut bytes);
    u32::from_be_bytes(bytes)
}
