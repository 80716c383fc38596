//! Where a table's game comes from, in the games that may be played across
//! devices: this device's game (the table controller's: at one device, or
//! the host's), or a game another device keeps, of which this guest device
//! has only what its seat may know ([`Received`]). Every table component
//! reads the game through a [`Source`], so that one set of components draws
//! both; each game adds its own readings in its `source.rs`.

use super::guest::Guest;
use super::guest::Received;
use super::host::RemoteRecord;
use crate::table::controller::{Action, Event, Table, TableRecord};
use engine::seats::Seat;
use engine::Multiplayer;
use leptos::prelude::*;

/// What one seat may know of a record's game.
pub type View<R> = <<R as TableRecord>::State as Multiplayer>::SeatView;
/// What a guest device holds of a record's game: the host's last message.
pub type Seen<R> = Received<View<R>, Event<R>>;

/// A table whose game the host's device keeps: what arrives from it, where
/// this device's actions go, and what the guest keeps on its own device
/// (`kept`: Joker's notepad, the Detective Graves case results gone past;
/// nothing in Serial Killer).
pub struct Remote<R: RemoteRecord, K: 'static = ()>
where
    R::State: Multiplayer,
{
    /// The latest from the host; `None` until the first arrives.
    pub received: RwSignal<Option<Seen<R>>>,
    /// Sends actions to the host, to be made all or none, in order.
    pub send: Callback<Vec<Action<R>>>,
    /// The host's reason when it refuses an action.
    pub refusal: RwSignal<Option<String>>,
    pub kept: K,
}

impl<R: RemoteRecord, K: Copy + 'static> Clone for Remote<R, K>
where
    R::State: Multiplayer,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: RemoteRecord, K: Copy + 'static> Copy for Remote<R, K> where R::State: Multiplayer {}

impl<R: RemoteRecord, K: Copy + 'static> Remote<R, K>
where
    R::State: Multiplayer,
    View<R>: Send + Sync,
    Event<R>: Send + Sync,
{
    /// The table of this guest device's connection to the host, and what
    /// the guest keeps.
    pub fn of_guest(guest: Guest<View<R>, Event<R>, Action<R>>, kept: K) -> Self {
        Remote {
            received: guest.received,
            send: Callback::new(move |actions| guest.send(actions)),
            refusal: guest.refusal,
            kept,
        }
    }

    /// Reads what the host sent last (tracked); `T`'s default before the
    /// first message.
    pub fn read<T: Default>(self, read: impl FnOnce(&Seen<R>) -> T) -> T {
        self.received
            .with(|seen| seen.as_ref().map(read))
            .unwrap_or_default()
    }
}

/// Where the table's game comes from.
pub enum Source<R: RemoteRecord, K: 'static = ()>
where
    R::State: Multiplayer,
{
    /// This device's game (at one device, or the host's of a game across
    /// devices).
    Local(Table<R>),
    /// A game another device keeps.
    Remote(Remote<R, K>),
}

impl<R: RemoteRecord, K: Copy + 'static> Clone for Source<R, K>
where
    R::State: Multiplayer,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: RemoteRecord, K: Copy + 'static> Copy for Source<R, K> where R::State: Multiplayer {}

impl<R: RemoteRecord, K: Copy + 'static> Source<R, K>
where
    R::State: Multiplayer,
{
    /// The seats people play on other devices (tracked), as the host's
    /// game keeps them; a guest's table is not told.
    pub fn elsewhere(self) -> Vec<Seat> {
        match self {
            Source::Local(table) => table.read(|g| g.remote_seats()),
            Source::Remote(_) => Vec::new(),
        }
    }

    /// Whether the last action may be taken back (tracked): never on a
    /// guest device, which keeps no game to go back to.
    pub fn can_take_back(self) -> bool {
        match self {
            Source::Local(table) => table.can_take_back(),
            Source::Remote(_) => false,
        }
    }
}

/// A replay's `seat`'s table at the step `shown`, as its own device would have been
/// sent it (its view and its log, as the host sends them: see
/// `remote::host`), kept up to date as the steps go, with what a guest
/// keeps (`kept`). Any action on it is refused with [`crate::replay::REFUSED`], in its
/// `refusal`.
pub fn seat_table<R, K>(shown: Table<R>, seat: engine::seats::Seat, kept: K) -> Remote<R, K>
where
    R: RemoteRecord,
    R::State: engine::Multiplayer,
    K: Copy + 'static,
    View<R>: Send + Sync,
    Event<R>: Send + Sync,
{
    use engine::Multiplayer;
    use leptos::prelude::*;
    let received = RwSignal::new(None);
    Effect::new(move |_| {
        received.set(shown.read(|g: &R| {
            Some(Received {
                version: 0,
                names: g.names().to_vec(),
                view: g.state().view(seat),
                events: g.log_seen_by(seat),
            })
        }));
    });
    let refusal = RwSignal::new(None);
    Remote {
        received,
        send: Callback::new(move |_| refusal.set(Some(crate::replay::REFUSED.to_string()))),
        refusal,
        kept,
    }
}
