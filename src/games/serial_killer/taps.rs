//! What a whole game asks of the people at the table, before issue 26 and
//! now: the hand-over screens they see, and the taps their draws take.
//! Measured on seeded games the engine's bot plays (the tests below; run
//! them with `--nocapture` for the numbers).

use crate::seats::needs_hand_over;
use engine::serial_killer::{Event, Landing, Seat, SeatKind};

/// When the device goes from one person to another behind a hand-over
/// screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandOvers {
    /// Before issue 26: each time the turn passes to another person
    /// ([`needs_hand_over`]; a computer's turn leaves the device where it is).
    ToEachPerson,
    /// Now: never, since nothing in the game is secret.
    Never,
}

/// The hand-over screens shown in a game whose seats acted in the order
/// `to_act` (one entry per action), under `rule`.
pub fn hand_over_screens(kinds: &[SeatKind], to_act: &[Seat], rule: HandOvers) -> usize {
    if rule == HandOvers::Never {
        return 0;
    }
    let mut holder = None;
    let mut screens = 0;
    for &seat in to_act {
        if needs_hand_over(kinds, seat, holder) {
            screens += 1;
            holder = Some(seat);
        }
    }
    screens
}

/// The taps a turn's draws took, from its events: before "Draw all", one
/// per card drawn; now, one press of Draw all (which goes on by itself once
/// a drawn Jack or Ace is decided) plus one per such decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawTaps {
    pub before: usize,
    pub presses: usize,
    pub decisions: usize,
}

impl DrawTaps {
    pub fn after(self) -> usize {
        self.presses + self.decisions
    }
}

/// The draw taps of each turn of a game, in order, from the events of all
/// its actions (the first turn begins with the game, not by an event).
pub fn draw_taps(events: &[Event]) -> Vec<DrawTaps> {
    let mut turns = vec![DrawTaps::default()];
    for event in events {
        match event {
            Event::TurnBegan { .. } => turns.push(DrawTaps::default()),
            Event::Drawn { landing, .. } => {
                if let Some(turn) = turns.last_mut() {
                    turn.before += 1;
                    turn.presses = 1;
                    turn.decisions += usize::from(*landing == Landing::Waiting);
                }
            }
            _ => {}
        }
    }
    turns
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::seats::Level;
    use engine::serial_killer::State;
    use engine::{Game, Multiplayer};

    #[test]
    fn a_hand_over_came_each_time_the_turn_passed_to_another_person() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
        ];
        let order = [0, 0, 1, 1, 2, 2, 0, 1, 2].map(Seat);
        assert_eq!(
            hand_over_screens(&kinds, &order, HandOvers::ToEachPerson),
            4
        );
        assert_eq!(hand_over_screens(&kinds, &order, HandOvers::Never), 0);
        let alone = [SeatKind::Person, SeatKind::Computer(Level::Simple)];
        assert_eq!(
            hand_over_screens(&alone, &[0, 1, 0].map(Seat), HandOvers::ToEachPerson),
            0
        );
    }

    #[test]
    fn draw_taps_count_cards_before_and_presses_and_decisions_now() {
        let drawn = |landing| Event::Drawn {
            seat: Seat(0),
            card: engine::cards::Card::new(7, engine::cards::Suit::Clubs),
            grave: 0,
            landing,
        };
        let began = Event::TurnBegan {
            seat: Seat(0),
            graves: vec![0],
        };
        let events = [
            drawn(Landing::Missed),
            drawn(Landing::Waiting),
            drawn(Landing::Killed),
            began,
            drawn(Landing::Missed),
        ];
        let turns = draw_taps(&events);
        assert_eq!(
            turns,
            [
                DrawTaps {
                    before: 3,
                    presses: 1,
                    decisions: 1
                },
                DrawTaps {
                    before: 1,
                    presses: 1,
                    decisions: 0
                },
            ]
        );
        assert_eq!(turns[0].after(), 2);
    }

    /// One whole game of three people, each move the engine's Simple bot's
    /// choice from the seat's view and the game's bot seed.
    #[test]
    fn a_game_of_three_people_shows_no_hand_over_now_and_draws_in_fewer_taps() {
        let kinds = [SeatKind::Person; 3];
        let mut state = State::new(&kinds, 26).unwrap();
        let mut to_act = Vec::new();
        let mut events = Vec::new();
        while let Some(seat) = state.to_act() {
            let action = State::bot_action(&state.view(seat), Level::Simple, state.bot_seed());
            to_act.push(seat);
            events.extend(state.apply(action).unwrap());
            assert!(to_act.len() < 20_000, "the game ends");
        }
        let before = hand_over_screens(&kinds, &to_act, HandOvers::ToEachPerson);
        let now = hand_over_screens(&kinds, &to_act, HandOvers::Never);
        let turns = draw_taps(&events);
        assert_eq!(turns.len(), state.turns() as usize, "every turn counted");
        let sum = |f: fn(&DrawTaps) -> usize| turns.iter().map(f).sum::<usize>();
        let (taps_before, taps_after) = (sum(|t| t.before), sum(|t| t.after()));
        println!(
            "seed 26, 3 people, Simple bot: {} turns, {} actions; hand-over screens before {before}, now {now}; \
             draw taps before {taps_before} ({:.2} a turn), now {taps_after} ({:.2} a turn: {} presses + {} decisions); \
             most in a turn before {}, now {}",
            turns.len(),
            to_act.len(),
            taps_before as f64 / turns.len() as f64,
            taps_after as f64 / turns.len() as f64,
            sum(|t| t.presses),
            sum(|t| t.decisions),
            turns.iter().map(|t| t.before).max().unwrap_or(0),
            turns.iter().map(|t| t.after()).max().unwrap_or(0),
        );
        assert!(before > 0);
        assert_eq!(now, 0);
        assert!(taps_after < taps_before);
    }
}
