//! Play across devices: each player on their own phone, no server. The
//! host's device runs the game and keeps the save ([`host`]); a guest's
//! device plays one seat from what the host sends it ([`guest`]). They
//! speak over one WebRTC data channel ([`peer`]), signalled by an
//! invitation and its answer ([`invitation`]): a session description
//! squeezed into a short code ([`code`]), shown as a QR picture ([`qr`])
//! and as a link, scanned or pasted on the other device. The messages are
//! `engine::remote`'s, as text ([`wire`]); [`views`] draws the codes, and a
//! table reads either kind of game through a [`source::Source`].

pub mod code;
pub mod guest;
pub mod host;
pub mod invitation;
pub mod peer;
pub mod qr;
pub mod relay;
pub mod source;
pub mod views;
pub mod wire;
