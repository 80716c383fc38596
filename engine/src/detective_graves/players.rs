//! Detective Graves as two seats play it: the [`Multiplayer`] contract
//! (each seat's [`SeatView`], events as a seat learns them, the computer
//! players' seed) and the computer players of both levels, Simple
//! ([`bot`]) and Strong ([`strong`]), behind one call.

use super::view::SeatView;
use super::{bot, strong, Action, Event, Seat, State};
use crate::game::{self, Multiplayer};
use crate::seats::{Bot, Level, SeatKind};
use rand::SeedableRng;
use rand_pcg::Pcg32;

impl Multiplayer for State {
    type SeatView = SeatView;

    fn seat_count(&self) -> usize {
        2
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

    fn redact(&self, event: &Event, seat: Seat) -> Event {
        State::redact(self, event, seat)
    }

    fn winners(&self) -> Vec<Seat> {
        State::winners(self).to_vec()
    }

    fn bot_seed(&self) -> u64 {
        game::bot_seed(self.seed, self.actions)
    }

    fn bot_action(view: &SeatView, level: Level, seed: u64) -> Action {
        GravesBot::new(level, seed).choose(view)
    }
}

/// A computer player of a given level with its own generator.
#[derive(Clone, Debug)]
pub struct GravesBot {
    level: Level,
    rng: Pcg32,
}

impl GravesBot {
    pub fn new(level: Level, seed: u64) -> GravesBot {
        GravesBot {
            level,
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot<SeatView> for GravesBot {
    type Action = Action;

    fn choose(&mut self, view: &SeatView) -> Action {
        match self.level {
            Level::Simple => bot::simple_action(view, &mut self.rng),
            Level::Strong => strong::strong_action(view, &mut self.rng),
        }
    }
}

/// The Strong decision [`Multiplayer::bot_action`] makes for `seed`, as a
/// search to be worked on in slices ([`strong::Search::step`]) so that the
/// page never freezes: the same action however the work is cut.
pub fn strong_search(view: &SeatView, seed: u64) -> strong::Search<Pcg32> {
    strong::Search::new(
        view,
        strong::BUDGET,
        strong::Params::default(),
        Pcg32::seed_from_u64(seed),
    )
}
