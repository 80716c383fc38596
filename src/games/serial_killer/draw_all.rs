//! "Draw all": the turn's draws in one tap. The rules draw one card per open
//! grave, in order, each a decision of no one's until a Jack or an Ace asks
//! what to do with it; so the table sends the engine's own `Draw` action
//! again and again (each logged and saved as a single draw is), one per
//! table shown (the host admits all or none of a message, and where a Jack
//! or an Ace stops the draws is not known before the table after the last
//! draw), and stops where the player must choose, when the draws are over,
//! or at a refusal. Several cards land at once, so the message line sums up
//! what they did.

use crate::seats::joined;
use engine::serial_killer::{ClueCause, Event, Landing, Phase};

/// What a run of draws does with the table shown after a draw: draw
/// again, wait for a decision on a Jack or an Ace (the draws go on after
/// it), or stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextDraw {
    Draw,
    Decide,
    Stop,
    /// The last draw was sent at this table: its answer is yet to come.
    Wait,
}

/// The next step of a run of draws, given the seat's table: whether it is
/// to act, the phase, the table's version, and the version the last draw
/// was sent at.
pub fn next_draw(to_act: bool, phase: Phase, version: u32, sent_at: Option<u32>) -> NextDraw {
    match phase {
        _ if sent_at == Some(version) => NextDraw::Wait,
        Phase::Draw { .. } if to_act => NextDraw::Draw,
        Phase::Drawn { .. } if to_act => NextDraw::Decide,
        _ => NextDraw::Stop,
    }
}

/// What one run of "Draw all" did, for the table's message line (the log
/// has every card): how many cards, the kills among them, the clue a turn
/// without a victim cost, and the Jack or Ace it stopped at. `None` when no
/// card was drawn.
pub fn draw_all_summary(events: &[Event]) -> Option<String> {
    let mut drawn = 0;
    let mut kills = Vec::new();
    let mut waiting = None;
    let mut clue_lost = false;
    for event in events {
        match *event {
            Event::Drawn {
                card,
                grave,
                landing,
                ..
            } => {
                drawn += 1;
                match landing {
                    Landing::Killed => kills.push(u16::from(grave) + 1),
                    Landing::Waiting => waiting = Some(card),
                    Landing::Missed => {}
                }
            }
            Event::ClueLost {
                cause: ClueCause::NoVictim,
                ..
            } => clue_lost = true,
            _ => {}
        }
    }
    if drawn == 0 {
        return None;
    }
    let mut facts = Vec::new();
    match kills.as_slice() {
        [] => {}
        [one] => facts.push(format!("a kill in grave {one}")),
        more => {
            let graves: Vec<String> = more.iter().map(u16::to_string).collect();
            facts.push(format!("kills in graves {}", joined(&graves)));
        }
    }
    if clue_lost {
        facts.push("no victim this turn, so a clue goes to the police".to_string());
    }
    if let Some(card) = waiting {
        facts.push(format!("the {} waits for a decision", card.name()));
    }
    if facts.is_empty() {
        facts.push("no kill".to_string());
    }
    let count = match drawn {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    Some(format!("{count} drawn: {}.", facts.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::{Card, Suit};
    use engine::serial_killer::{role, Action, Role, Seat, State};
    use engine::Game;

    /// One run of Draw all on `state` as a table plays it: a draw, then
    /// one more for each table shown while [`next_draw`] says so. The
    /// events of the run, and where it ended.
    fn run_of_draws(state: &mut State) -> (Vec<Event>, NextDraw) {
        let mut version = 0;
        let mut events = state.apply(Action::Draw).unwrap();
        loop {
            version += 1;
            match next_draw(true, state.phase(), version, Some(version - 1)) {
                NextDraw::Draw => events.extend(state.apply(Action::Draw).unwrap()),
                end => return (events, end),
            }
        }
    }

    /// Runs of Draw all over whole games (the first legal choice taken at
    /// each Jack or Ace): every run draws until a Jack or an Ace waits or
    /// the draw phase is over, in the graves' order, as single draws would.
    #[test]
    fn draw_all_stops_only_at_a_jack_an_ace_or_the_end_of_the_draws() {
        for seed in 0..30 {
            let mut state = State::with_players(3, seed).unwrap();
            let mut runs = 0;
            while !state.is_over() {
                if !matches!(state.phase(), Phase::Draw { .. }) {
                    let action = state.legal_actions()[0];
                    state.apply(action).unwrap();
                    continue;
                }
                let addressed: Vec<u8> =
                    state.turn_targets()[usize::from(state.drawn_this_turn())..].to_vec();
                let (events, end) = run_of_draws(&mut state);
                runs += 1;
                let drawn: Vec<(u8, Landing)> = events
                    .iter()
                    .filter_map(|e| match *e {
                        Event::Drawn { grave, landing, .. } => Some((grave, landing)),
                        _ => None,
                    })
                    .collect();
                assert!(drawn.len() <= 6, "a turn draws six cards at most");
                let graves: Vec<u8> = drawn.iter().map(|&(g, _)| g).collect();
                assert_eq!(graves, addressed[..drawn.len()], "in the graves' order");
                let (last, before) = drawn.split_last().expect("at least one card");
                assert!(before.iter().all(|&(_, l)| l != Landing::Waiting));
                match state.phase() {
                    Phase::Drawn { card, .. } => {
                        assert_eq!(end, NextDraw::Decide);
                        assert_eq!(last.1, Landing::Waiting);
                        assert!(matches!(role(card), Role::Corpse | Role::Informant));
                    }
                    // The draws are over: the clue penalty is taken, the
                    // held cards and the end of the turn wait.
                    phase => {
                        assert_eq!(end, NextDraw::Stop);
                        assert_eq!(phase, Phase::Plays);
                    }
                }
            }
            assert!(runs > 5);
        }
    }

    #[test]
    fn a_run_of_draws_sends_once_per_table_and_stops_where_a_person_decides() {
        let draw = Phase::Draw { grave: 2 };
        let drawn = Phase::Drawn {
            card: Card::new(11, Suit::Spades),
            grave: 2,
        };
        assert_eq!(next_draw(true, draw, 4, Some(3)), NextDraw::Draw);
        assert_eq!(
            next_draw(true, draw, 4, Some(4)),
            NextDraw::Wait,
            "no second draw per table"
        );
        assert_eq!(next_draw(true, drawn, 5, Some(4)), NextDraw::Decide);
        assert_eq!(next_draw(true, Phase::Plays, 5, Some(4)), NextDraw::Stop);
        assert_eq!(
            next_draw(false, draw, 5, Some(4)),
            NextDraw::Stop,
            "not this seat's turn"
        );
    }

    #[test]
    fn draw_all_sums_up_its_cards_kills_the_clue_and_where_it_stopped() {
        let drawn = |grave, landing, card| Event::Drawn {
            seat: Seat(0),
            card,
            grave,
            landing,
        };
        let seven = Card::new(7, Suit::Clubs);
        let king = Card::new(13, Suit::Hearts);
        let jack = Card::new(11, Suit::Spades);
        let lost = Event::ClueLost {
            seat: Seat(0),
            clues: 5,
            cause: ClueCause::NoVictim,
        };
        assert_eq!(draw_all_summary(&[]), None);
        assert_eq!(
            draw_all_summary(&[
                drawn(0, Landing::Missed, seven),
                drawn(1, Landing::Killed, king)
            ]),
            Some("2 cards drawn: a kill in grave 2.".into())
        );
        assert_eq!(
            draw_all_summary(&[
                drawn(1, Landing::Killed, king),
                drawn(3, Landing::Killed, king),
                drawn(4, Landing::Killed, king),
                drawn(5, Landing::Waiting, jack),
            ]),
            Some(format!(
                "4 cards drawn: kills in graves 2, 4 and 5; the {} waits for a decision.",
                jack.name()
            ))
        );
        assert_eq!(
            draw_all_summary(&[drawn(2, Landing::Missed, seven), lost]),
            Some("1 card drawn: no victim this turn, so a clue goes to the police.".into())
        );
        assert_eq!(
            draw_all_summary(&[
                drawn(2, Landing::Missed, seven),
                drawn(3, Landing::Missed, seven)
            ]),
            Some("2 cards drawn: no kill.".into())
        );
    }
}
