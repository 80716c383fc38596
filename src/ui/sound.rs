//! Sounds, off unless chosen in Settings: three short files made by
//! tools/build/make-sounds.mjs (shipped in `sounds/`, cached for offline play
//! with the rest of the app), played by the browser's audio element.

use std::cell::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A move the engine accepted.
    Move,
    /// A move it refused.
    Refused,
    /// A win.
    Win,
}

thread_local! {
    /// Whether sounds are on: set from the settings whenever they change
    /// (the root's settings effect, `app.rs`), read by event handlers, which run
    /// outside the reactive tree.
    static ON: Cell<bool> = const { Cell::new(false) };
}

pub fn set_on(on: bool) {
    ON.with(|o| o.set(on));
}

/// Plays `sound` if sounds are on. A browser that refuses (no audio, or
/// no tap yet on the page) plays nothing and nothing else changes.
pub fn play(sound: Sound) {
    if !ON.with(Cell::get) {
        return;
    }
    let file = match sound {
        Sound::Move => "sounds/move.wav",
        Sound::Refused => "sounds/refused.wav",
        Sound::Win => "sounds/win.wav",
    };
    if let Ok(audio) = web_sys::HtmlAudioElement::new_with_src(file) {
        let _ = audio.play();
    }
}
