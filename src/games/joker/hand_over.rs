//! When the device changes hands at a Joker table. Only the Informant's
//! private screen holds a secret (the Joker's cell, the true distance, the
//! answers allowed); the Vigilantes' table is public. So the device is
//! handed over only across that line: to a person Informant who must
//! answer, and back from them to the person Vigilante whose turn it is.
//! Vigilantes pass it among themselves with no screen between: the turn
//! banner says whose turn it is. Pure, tested natively.

use super::game::JokerGame;
use crate::table::seated::SeatedRecord;
use engine::joker::Seat;

/// Whom the table knows to hold the device: the Informant of the round
/// since they took it to answer (`Some`), until it is handed back; or
/// (`None`) a Vigilante, or nobody known (after a reload), which the public
/// table may be shown to.
pub type Holder = Option<Seat>;

/// The person the device must be handed to before the table goes on, if
/// any: the Informant to answer while they do not hold it, or the person
/// Vigilante to play while the Informant holds it. Nobody when the
/// computers or a person on another device play, or when one person alone
/// sits at this device.
pub fn hand_over_to(game: &JokerGame, holder: Holder) -> Option<Seat> {
    let person = game.person_to_act()?;
    let people = game.local_people().len();
    let informant = game.state.informant();
    let with_informant = holder == Some(informant);
    (people > 1 && (person == informant) != with_informant).then_some(person)
}

/// Whom the table knows to hold the device once `seat` has taken it at a
/// hand-over.
pub fn taken_by(game: &JokerGame, seat: Seat) -> Holder {
    (seat == game.state.informant()).then_some(seat)
}

/// The seat whose view the table is shown as (see `super::feed`): the
/// Informant's, with the Joker's cell, only while a person Informant who
/// must answer holds the device (no hand-over due); else the Vigilante's
/// whose turn it is (the public table, also while the device waits for a
/// hand-over, or a computer or a seat on another device plays).
pub fn shown_seat(game: &JokerGame, holder: Holder) -> Seat {
    match game.person_to_act() {
        Some(seat) if seat == game.state.informant() && hand_over_to(game, holder).is_none() => {
            seat
        }
        _ => game.state.current(),
    }
}

/// Counting the hand-over screens of whole games, by this rule and by the
/// one every person's turn followed before (`crate::seats::needs_hand_over`).
#[cfg(test)]
pub(super) mod counting {
    use super::*;
    use crate::seats::needs_hand_over;

    #[derive(Clone, Copy, Debug)]
    pub enum Rule {
        /// Before: to every person whose turn it is, unless they hold it.
        EveryPerson,
        /// Now: only across the Informant's private screen.
        SecretsOnly,
    }

    impl Rule {
        fn hand_over_to(self, game: &JokerGame, holder: Holder) -> Option<Seat> {
            match self {
                Rule::EveryPerson => {
                    let person = game.person_to_act()?;
                    needs_hand_over(game.state.seat_kinds(), person, holder).then_some(person)
                }
                Rule::SecretsOnly => hand_over_to(game, holder),
            }
        }

        fn taken_by(self, game: &JokerGame, seat: Seat) -> Holder {
            match self {
                Rule::EveryPerson => Some(seat),
                Rule::SecretsOnly => taken_by(game, seat),
            }
        }
    }

    /// The hand-over screens shown over a game, given the game after each
    /// action from its start (each state is shown until the next action).
    pub fn hand_overs<'a>(states: impl IntoIterator<Item = &'a JokerGame>, rule: Rule) -> usize {
        let mut holder = None;
        let mut screens = 0;
        for game in states {
            if let Some(seat) = rule.hand_over_to(game, holder) {
                screens += 1;
                holder = rule.taken_by(game, seat);
            }
        }
        screens
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::testing::{answer_lowest, blank, bot_action, plans};
    use super::super::game::Mode;
    use super::counting::{hand_overs, Rule};
    use super::*;
    use engine::joker::{Action, Cell, Level, SeatKind};
    use engine::Game;

    /// Plays a whole game with the Simple bot choosing every seat's moves:
    /// the game after each action, from the start, and the probes made.
    fn whole_game(kinds: &[SeatKind], seed: u64) -> (Vec<JokerGame>, usize) {
        let mut game = JokerGame::new(&plans(kinds), &Mode::Everyone, seed).unwrap();
        let mut states = vec![game.clone()];
        let mut probes = 0;
        while !game.state.is_over() {
            let action = bot_action(&game);
            probes += usize::from(matches!(action, Action::Probe(_)));
            game.state.apply(action).unwrap();
            states.push(game.clone());
            assert!(states.len() < 100_000);
        }
        (states, probes)
    }

    /// The seed the report quotes: `cargo test -p grave-matters
    /// hand_overs_of_a_whole_game -- --nocapture` prints both counts.
    const SEED: u64 = 26;

    #[test]
    fn hand_overs_of_a_whole_game_of_three_people_are_at_most_two_a_probe_and_fewer_than_before() {
        let (states, probes) = whole_game(&[SeatKind::Person; 3], SEED);
        let before = hand_overs(&states, Rule::EveryPerson);
        let now = hand_overs(&states, Rule::SecretsOnly);
        println!("seed {SEED}: {probes} probes, {before} hand-overs before, {now} now");
        assert!(now <= 2 * probes, "{now} hand-overs for {probes} probes");
        assert!(now < before, "{now} now, {before} before");
        for seed in 0..20 {
            let (states, probes) = whole_game(&[SeatKind::Person; 3], seed);
            let now = hand_overs(&states, Rule::SecretsOnly);
            assert!(now <= 2 * probes && now < hand_overs(&states, Rule::EveryPerson));
        }
    }

    #[test]
    fn the_device_goes_to_a_person_informant_to_answer_and_back_once_answered() {
        let kinds = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 4).unwrap();
        assert_eq!(
            hand_over_to(&game, None),
            None,
            "Ben opens at the public table"
        );
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        assert_eq!(
            hand_over_to(&game, None),
            Some(Seat(0)),
            "to Ana, to answer"
        );
        assert_eq!(hand_over_to(&game, Some(Seat(1))), Some(Seat(0)));
        let holder = taken_by(&game, Seat(0));
        assert_eq!(holder, Some(Seat(0)));
        assert_eq!(hand_over_to(&game, holder), None, "Ana answers");
        answer_lowest(&mut game);
        assert_eq!(hand_over_to(&game, holder), Some(Seat(2)), "back, to Cy");
        let holder = taken_by(&game, Seat(2));
        assert_eq!(holder, None);
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap();
        assert_eq!(hand_over_to(&game, holder), None, "Cy to Ben: no screen");
    }

    /// The table is shown as the Informant only while the Informant holds
    /// the device to answer: never while it waits for the hand-over, nor
    /// once the answer is given.
    #[test]
    fn the_table_is_shown_as_the_informant_only_while_they_hold_it_to_answer() {
        let kinds = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 4).unwrap();
        assert_eq!(shown_seat(&game, None), Seat(1), "Ben's turn");
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        assert_eq!(shown_seat(&game, None), Seat(1), "before the hand-over");
        assert_eq!(shown_seat(&game, Some(Seat(1))), Seat(1));
        let holder = taken_by(&game, Seat(0));
        assert_eq!(shown_seat(&game, holder), Seat(0), "Ana answers");
        assert!(game.state.view(shown_seat(&game, holder)).joker().is_some());
        answer_lowest(&mut game);
        assert_eq!(shown_seat(&game, holder), Seat(2), "Cy's turn");
        assert_eq!(game.state.view(Seat(2)).joker(), None);
        // Alone at the device, the Informant answers with no hand-over.
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 4).unwrap();
        game.remote = vec![Seat(1), Seat(2)];
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        assert_eq!(shown_seat(&game, None), Seat(0));
    }

    #[test]
    fn vigilantes_pass_the_device_with_no_screen_between() {
        // Solo: the computer informs; two people take turns.
        let kinds = [
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Solo { rounds: 2 }, 3).unwrap();
        let mut states = vec![game.clone()];
        while !game.state.is_over() {
            game.state.apply(bot_action(&game)).unwrap();
            states.push(game.clone());
        }
        assert_eq!(hand_overs(&states, Rule::SecretsOnly), 0);
        assert!(hand_overs(&states, Rule::EveryPerson) > 0);
    }

    #[test]
    fn a_person_informant_among_computers_keeps_the_device() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Computer(Level::Strong),
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 5).unwrap();
        game.state.apply(bot_action(&game)).unwrap();
        assert_eq!(game.person_to_act(), Some(Seat(0)));
        assert_eq!(hand_over_to(&game, None), None);
    }

    /// A person Informant who answered keeps the device while computers
    /// play; it goes to the next person Vigilante when their turn comes.
    #[test]
    fn the_informant_keeps_the_device_while_computers_play() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 6).unwrap();
        let holder = Some(Seat(0));
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        answer_lowest(&mut game);
        assert_eq!(game.state.current(), Seat(2), "Cy, a computer");
        assert_eq!(hand_over_to(&game, holder), None);
        game.state.apply(Action::Probe(Cell(1))).unwrap();
        assert_eq!(hand_over_to(&game, holder), None, "Ana answers Cy too");
        answer_lowest(&mut game);
        assert_eq!(hand_over_to(&game, holder), Some(Seat(1)), "Ben's turn");
    }
}

#[cfg(test)]
mod remote_tests {
    use super::super::game::testing::{answer_lowest, plans};
    use super::super::game::Mode;
    use super::*;
    use engine::joker::{Action, Cell, SeatKind};
    use engine::Game;

    /// Ana and Cy here, Ben on his own device: Ben answers and plays there,
    /// so the host's device goes only between Ana and Cy, across the
    /// Informant's line as before.
    #[test]
    fn a_seat_on_another_device_gets_no_hand_over() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 4).unwrap();
        game.remote = vec![Seat(1)];
        // Ben, a Vigilante, opens the round on his device.
        assert_eq!(game.state.to_act(), Some(Seat(1)));
        assert_eq!(
            (game.person_to_act(), game.remote_to_act()),
            (None, Some(Seat(1)))
        );
        assert_eq!(hand_over_to(&game, None), None);
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        assert_eq!(hand_over_to(&game, None), Some(Seat(0)), "Ana answers here");
        answer_lowest(&mut game);
        assert_eq!(hand_over_to(&game, Some(Seat(0))), Some(Seat(2)), "to Cy");
    }

    /// With one person left here, nobody is handed the device: Ben informs
    /// on his, Ana plays on hers.
    #[test]
    fn one_person_here_keeps_the_device_while_the_remote_informant_answers() {
        let kinds = [SeatKind::Person; 2];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 4).unwrap();
        game.remote = vec![Seat(0)];
        assert_eq!(game.state.informant(), Seat(0));
        assert_eq!(game.person_to_act(), Some(Seat(1)));
        assert_eq!(hand_over_to(&game, None), None);
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        assert_eq!(game.remote_to_act(), Some(Seat(0)));
        assert_eq!(hand_over_to(&game, None), None);
        answer_lowest(&mut game);
        assert_eq!(hand_over_to(&game, None), None);
    }
}
