//! Work a view schedules for later (the next frame, a repeating tick) ends
//! with that view: it is cancelled when the owner that asked for it (the
//! component, or the effect run) is cleaned up, so it never reads a signal
//! or a node the view has already dropped. A slow device can deliver a
//! frame after a hand-over screen has replaced the view that asked for it.
//!
//! Work that cannot be cancelled this way (a promise's continuation, a
//! worker's or a connection's reply) reads with the fallible accessors
//! (`try_get_untracked`, `try_set`...) and does nothing once its view is
//! gone.

use leptos::prelude::*;
use std::time::Duration;

/// Runs `work` at the next animation frame, unless the current owner is
/// cleaned up first.
pub fn next_frame(work: impl FnOnce() + 'static) {
    if let Ok(handle) = request_animation_frame_with_handle(work) {
        on_cleanup(move || handle.cancel());
    }
}

/// Runs `work` every `period` until the current owner is cleaned up.
pub fn every(period: Duration, work: impl Fn() + 'static) {
    if let Ok(handle) = set_interval_with_handle(work, period) {
        on_cleanup(move || handle.clear());
    }
}
