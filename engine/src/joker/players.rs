//! Joker as its seats play it: the [`Multiplayer`] contract, whose
//! computer players are in [`bot`]. Apart from the rules (`mod.rs`), so
//! that the rules never import their bots.

use super::*;
use crate::game::Multiplayer;

impl Multiplayer for State {
    type SeatView = SeatView;

    fn seat_count(&self) -> usize {
        self.players()
    }

    fn seat_kind(&self, seat: Seat) -> Option<SeatKind> {
        State::seat_kind(self, seat)
    }

    fn set_seat_kind(&mut self, seat: Seat, kind: SeatKind) -> bool {
        State::set_seat_kind(self, seat, kind)
    }

    fn to_act(&self) -> Option<Seat> {
        State::to_act(self)
    }

    fn view(&self, seat: Seat) -> SeatView {
        State::view(self, seat)
    }

    /// The event itself: no event holds a secret (see [`Event`]).
    fn redact(&self, event: &Event, _seat: Seat) -> Event {
        event.clone()
    }

    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }

    /// From the game's seed and [`State::actions_applied`].
    fn bot_seed(&self) -> u64 {
        game::bot_seed(self.seed, self.actions_applied())
    }

    fn bot_action(view: &SeatView, level: Level, seed: u64) -> Action {
        bot::choose(view, level, seed)
    }
}
