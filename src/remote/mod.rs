//! Playing across devices with no server (issue 29): one phone's WebRTC
//! offer and the other's answer travel as short codes, shown as QR pictures
//! and links, and typed or scanned on the other device.
//!
//! - [`code`]: a session description squeezed into a code, and back.
//! - [`qr`]: a code (or a link holding one) as a QR picture.

// Not called by the app until the screens for issue 29 use them.
#![allow(dead_code)]

pub mod code;
pub mod qr;
