//! Play across devices: each player on their own phone, no server. The
//! host's device runs the game and keeps the save ([`host`]); a guest's
//! device plays one seat from what the host sends it ([`guest`]). They
//! speak over one WebRTC data channel ([`peer`]), signalled by an
//! invitation and its answer ([`invitation`]): a session description
//! squeezed into a short code ([`code`]), shown as a QR picture ([`qr`])
//! and as a link, scanned or pasted on the other device. The messages are
//! `engine::remote`'s, as text ([`wire`]); [`views`] draws the codes. A
//! table reads either kind of game through its seat's feed
//! (`crate::table::seat`; a guest's is [`guest::feed`]). All of it loads
//! with a game's chunk of play across devices ([`AcrossDevices`]), not with
//! its table.

pub mod code;
pub mod guest;
pub mod host;
pub mod invitation;
pub mod peer;
pub mod qr;
pub mod relay;
pub mod views;
pub mod wire;

use crate::lazy::Chunk;
use crate::table::controller::{Table, TableRecord};
use host::RemoteRecord;
use leptos::prelude::*;

/// What a game's screens need of play across devices, from a chunk of the
/// game's own (`#[wasm_split(<game>_remote)]`, see [`Loader`]): the host's
/// invitations and a guest's page. Only through these does a game's code
/// reach the transport (the connection, the codes and their pictures,
/// the messages' text), so that a table with every seat at this device
/// never loads it.
pub struct AcrossDevices<R: TableRecord> {
    /// Hosts the table's seats on other devices: the panel of their
    /// invitations and connections.
    pub host: fn(Table<R>) -> AnyView,
    /// A guest's page (`#/<game>/join`).
    pub join: fn() -> AnyView,
}

impl<R: TableRecord> Clone for AcrossDevices<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: TableRecord> Copy for AcrossDevices<R> {}

/// Where a game keeps its [`AcrossDevices`] once loaded, and how it loads it:
/// its `static` chunk. The game's `mod.rs` hands it to its table (the
/// table's files do not import `mod.rs`).
pub struct Loader<R: TableRecord>(pub &'static Chunk<AcrossDevices<R>>);

impl<R: TableRecord> Clone for Loader<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: TableRecord> Copy for Loader<R> {}

impl<R: RemoteRecord> Loader<R> {
    /// A guest's page, once loaded.
    pub fn join_page(self) -> AnyView {
        self.0.show("play across devices", |across| (across.join)())
    }

    /// The panel of `table`'s seats on other devices, if it has any: this
    /// device hosts them once the chunk is loaded. The computers wait
    /// meanwhile, as they do for a seat whose device is away.
    pub fn host_panel(self, table: Table<R>) -> Option<AnyView> {
        if !table.read(|g| !g.remote_seats().is_empty()) {
            return None;
        }
        let away = table.ctx.remote_away;
        away.set(true);
        on_cleanup(move || away.set(false));
        Some(
            self.0
                .show("play across devices", move |across| (across.host)(table)),
        )
    }
}
