//! The seat machinery every table with computer players shares: their
//! turns at the chosen pace, and long searches worked out in slices.

use crate::shell::Ctx;
use leptos::prelude::*;

/// Plays a table's computer seats, one action per tick of the chosen pace.
/// `due` (read reactively) says whether a computer must act now; each change
/// of what it reads replaces the pending tick, so there is never more than
/// one, and nothing is played while another tab's change waits to be
/// acknowledged. `act` plays the action when the tick comes (it reads the
/// game afresh: the table may have moved on).
pub fn play_computers(
    app: Ctx,
    due: impl Fn() -> bool + 'static,
    act: impl Fn() + Clone + 'static,
) {
    let timer = StoredValue::new(None::<TimeoutHandle>);
    let clear_timer = move || {
        if let Some(handle) = timer.try_update_value(|t| t.take()).flatten() {
            handle.clear();
        }
    };
    crate::ui::effect(move || {
        let due = due();
        let paused = app.changed_elsewhere.get();
        clear_timer();
        if !due || paused {
            return;
        }
        let delay = app.settings.with_untracked(|s| s.computer_pace.delay_ms());
        let act = act.clone();
        let handle = set_timeout_with_handle(act, std::time::Duration::from_millis(delay));
        if let Ok(handle) = handle {
            timer.set_value(Some(handle));
        }
    });
    on_cleanup(clear_timer);
}

/// Who holds a pass-and-play table's device, as far as the table knows
/// (nobody yet after a reload). Read as nobody while another tab's change
/// waits to be acknowledged: the game that change brings may have other
/// people in other seats, so no seat's secrets (a hand, the Informant's
/// screen) show until a hand-over says who holds the device.
pub struct DeviceHolder<T: Send + Sync + 'static> {
    who: RwSignal<Option<T>>,
    app: Ctx,
}

impl<T: Send + Sync + 'static> Clone for DeviceHolder<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for DeviceHolder<T> {}

impl<T: Clone + Send + Sync + 'static> DeviceHolder<T> {
    pub fn new() -> Self {
        DeviceHolder {
            who: RwSignal::new(None),
            app: crate::shell::ctx(),
        }
    }

    /// Who holds the device (tracked).
    pub fn get(self) -> Option<T> {
        if self.app.changed_elsewhere.get() {
            return None;
        }
        self.who.get()
    }

    pub fn set(self, who: Option<T>) {
        self.who.set(who);
    }
}

/// How long one slice of [`work_in_slices`] may run: well under a frame at
/// 60 Hz with the page's own work added, so that taps and drawing go on.
const SLICE_MS: f64 = 8.0;

/// Runs a long computation (a computer's search) a few milliseconds at a
/// time on the page's thread, letting the page draw and answer input
/// between slices. `work` is called again and again (each call should take
/// a millisecond or two) until it returns true: done, or no longer wanted.
pub fn work_in_slices(work: impl FnMut() -> bool + 'static) {
    slice(Box::new(work));
}

fn slice(mut work: Box<dyn FnMut() -> bool>) {
    let start = web_sys::js_sys::Date::now();
    while !work() {
        if web_sys::js_sys::Date::now() - start >= SLICE_MS {
            set_timeout(move || slice(work), std::time::Duration::ZERO);
            return;
        }
    }
}
