//! Play across devices: each player on their own phone, no server. The
//! host's device runs the game and keeps the save ([`host`]); a guest's
//! device plays one seat from what the host sends it ([`guest`]). They
//! speak over one WebRTC data channel ([`peer`]), signalled by an
//! invitation and its answer shown as codes ([`invitation`], `code`) and
//! QR pictures (`qr`); the messages are `engine::remote`'s ([`wire`]).

pub mod code;
pub mod guest;
pub mod host;
pub mod invitation;
pub mod peer;
pub mod qr;
pub mod views;
pub mod wire;
