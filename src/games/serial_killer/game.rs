//! A Serial Killer game as the app saves it: the engine's state (which
//! keeps the game's events, its log), the names at the table and whether
//! its result is counted. The table
//! controller (`crate::table::controller`) plays it through
//! [`TableRecord`] and [`SeatedRecord`]; seats on other devices are
//! hosted through [`RemoteRecord`].

use super::stats::SerialKillerStats;
use crate::remote::host::RemoteRecord;
use crate::replay::Replayable;
use crate::seats::{own_device_seats, SeatPlan};
use crate::table::controller::TableRecord;
use crate::table::seated::{person_may_take_back, SeatedRecord};
use engine::serial_killer::{Action, Event, Seat, SeatKind, State};
use engine::{Game, Multiplayer};
use serde::{Deserialize, Serialize};

/// A game as any version saved it: until 2026-12 with its log as English
/// lines (and, hosting seats on other devices, its events beside them).
/// Those are read once and dropped: the state's log is the game's events,
/// rebuilt from the moves where the state was saved without it. Only a game
/// whose moves cannot give it back keeps its lines (`earlier_log`).
#[derive(Deserialize)]
struct Saved {
    state: State,
    names: Vec<String>,
    #[serde(default)]
    log: Vec<String>,
    counted: bool,
    #[serde(default)]
    remote: Vec<Seat>,
    #[serde(default)]
    moves: Vec<Action>,
}

impl From<Saved> for SerialKillerGame {
    fn from(saved: Saved) -> SerialKillerGame {
        let mut game = SerialKillerGame {
            state: saved.state,
            names: saved.names,
            earlier_log: Vec::new(),
            counted: saved.counted,
            remote: saved.remote,
            moves: saved.moves,
        };
        if game.state.log().is_empty() && !saved.log.is_empty() {
            match replayed(&game).and_then(|r| game.state.with_log_of(&r)) {
                Some(state) => game.state = state,
                None => game.earlier_log = saved.log,
            }
        }
        game
    }
}

/// `game`'s state played again from its beginning by its moves.
fn replayed(game: &SerialKillerGame) -> Option<State> {
    let (setup, moves) = game.record()?;
    let mut again = SerialKillerGame::begin(&setup).ok()?;
    for action in moves {
        again.state.apply(action).ok()?;
    }
    Some(again.state)
}

/// The game in progress with the names at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "Saved")]
pub struct SerialKillerGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    /// The log of a game saved before the state kept its events, as that
    /// version wrote it, where the moves cannot give the events back (saved
    /// before the moves were kept too): the table shows these lines, then
    /// those of the events since. Empty for every other game.
    #[serde(rename = "log", default, skip_serializing_if = "Vec::is_empty")]
    pub earlier_log: Vec<String>,
    /// Its result is in the statistics already.
    pub counted: bool,
    /// The seats played by a person on another device (this device hosts
    /// them: see `crate::remote::host`). None in a game at one device,
    /// which saves as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remote: Vec<Seat>,
    /// The moves made, oldest first: what a replay is made from
    /// (`replay.rs`). A game saved before they were kept has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Action>,
}

impl SerialKillerGame {
    /// A new game for `seats` (those marked for their own device played
    /// there), its log opened with the first-player draw.
    pub fn new(seats: &[SeatPlan], seed: u64) -> Result<SerialKillerGame, String> {
        let remote = own_device_seats(seats)?;
        let kinds: Vec<SeatKind> = seats.iter().map(|s| s.kind).collect();
        let state = State::new(&kinds, seed).map_err(|e| e.to_string())?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let game = SerialKillerGame {
            state,
            names,
            earlier_log: Vec::new(),
            counted: false,
            remote,
            moves: Vec::new(),
        };
        // A computer's seat marked for another device, say.
        game.validate()?;
        Ok(game)
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        self.check_seats()
    }
}

impl TableRecord for SerialKillerGame {
    type State = State;
    type Stats = SerialKillerStats;

    fn state(&self) -> &State {
        &self.state
    }

    fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Once the game is over: a game played, and a win for each person
    /// among the winners (computers' wins are not kept). From the state and
    /// the `counted` flag, so that a game saved over but uncounted is
    /// counted by the next action, as every earlier version did.
    fn count(&mut self, _events: &[Event], stats: &mut SerialKillerStats) -> bool {
        if !self.count_once() {
            return false;
        }
        let people: Vec<String> = self
            .state
            .winners()
            .iter()
            .filter(|&&s| self.state.seat_kind(s) == Some(SeatKind::Person))
            .map(|&s| self.name(s))
            .collect();
        stats.record(&people);
        true
    }

    /// Keeping, burying or using a Jack or an Ace shows nothing new: a
    /// person may take it back while it is still their turn. A draw may not.
    fn may_take_back(&self, before: &Self, events: &[Event]) -> bool {
        let quiet = events.iter().all(|e| {
            matches!(
                e,
                Event::Held { .. } | Event::Buried { .. } | Event::Informed { .. }
            )
        });
        person_may_take_back(before, self, quiet)
    }

    fn keep_move(&mut self, action: &Action) {
        self.moves.push(*action);
    }

    fn recent(&self, game: &'static str) -> Option<crate::replay::recent::RecentGame> {
        crate::replay::recent_entry(self, game)
    }
}

impl RemoteRecord for SerialKillerGame {
    /// Every event as the engine redacts it for `seat` (in this game each
    /// is public: only the stack's order is secret, and no event tells it).
    fn log_seen_by(&self, seat: Seat) -> Vec<Event> {
        self.state
            .log()
            .iter()
            .map(|e| self.state.redact(e, seat))
            .collect()
    }
}

impl SeatedRecord for SerialKillerGame {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn remote_seats(&self) -> &[Seat] {
        &self.remote
    }

    fn remote_seats_mut(&mut self) -> &mut Vec<Seat> {
        &mut self.remote
    }

    fn counted_mut(&mut self) -> &mut bool {
        &mut self.counted
    }

    fn rematch(&self, seed: u64) -> Option<SerialKillerGame> {
        SerialKillerGame::new(&self.seats_again(), seed).ok()
    }
}

/// The clues an action moved, in order, for their flights: for each, the
/// seat and whether it went to the police (`true`) or came back from them.
pub fn clue_moves(events: &[Event]) -> Vec<(Seat, bool)> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::ClueLost { seat, .. } => Some((seat, true)),
            Event::ClueTakenBack { seat, .. } => Some((seat, false)),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::words::{choices, log_lines, log_text, Choice};
    use super::*;
    use engine::seats::Level;
    use engine::serial_killer::SeatView;

    /// What the table shows: the view of the seat to act.
    fn view(game: &SerialKillerGame) -> SeatView {
        game.state.view(game.state.current())
    }

    /// The game's log as the table words it.
    fn log(game: &SerialKillerGame) -> Vec<String> {
        log_text(&[], &view(game), game.state.log(), &game.names)
    }
    use crate::session::fixtures::same_text;
    use engine::serial_killer::{Action, ClueCause};
    use engine::{Game, Multiplayer};

    fn plans(kinds: &[SeatKind]) -> Vec<SeatPlan> {
        ["Ana", "Ben", "Cy"]
            .iter()
            .zip(kinds)
            .map(|(name, &kind)| SeatPlan {
                name: name.to_string(),
                kind,
                own_device: false,
            })
            .collect()
    }

    fn people() -> Vec<SeatPlan> {
        plans(&[SeatKind::Person; 3])
    }

    /// Plays `game` to its end as the controller does (the record follows
    /// and counts every action), each seat taking its first choice; says
    /// how many times the result was counted.
    fn play_out(game: &mut SerialKillerGame, stats: &mut SerialKillerStats) -> usize {
        let mut counted = 0;
        let mut steps = 0;
        while !game.state.is_over() {
            let list = choices(&view(game), None, &game.names);
            assert!(!list.is_empty(), "a choice is always offered");
            // The first choice, as the browser test plays, through an
            // Ace's grave to its first effect.
            let action = match list[0].0 {
                Choice::Act(a) => a,
                // Draw all is draw after draw, each followed and counted.
                Choice::DrawAll => Action::Draw,
                Choice::AceOn(g) => match choices(&view(game), Some(g), &game.names)[0].0 {
                    Choice::Act(a) => a,
                    other => panic!("{other:?}"),
                },
                Choice::CancelAce => panic!("no cancel first"),
            };
            let events = game.state.apply(action).unwrap();
            game.follow(&events);
            let said = log_lines(&events, &game.names);
            assert!(!said.is_empty(), "{action:?} says what it did");
            counted += usize::from(game.count(&events, stats));
            steps += 1;
            assert!(steps < 20_000);
        }
        counted
    }

    /// Plays first choices from `seed` until `wanted` is legal for the seat
    /// to act; `None` if the game ends first.
    fn until_legal(
        seed: u64,
        kinds: &[SeatKind],
        wanted: fn(&Action) -> bool,
    ) -> Option<(SerialKillerGame, Action)> {
        let mut game = SerialKillerGame::new(&plans(kinds), seed).unwrap();
        for _ in 0..2_000 {
            if let Some(&action) = game.state.legal_actions().iter().find(|a| wanted(a)) {
                return Some((game, action));
            }
            let action = *game.state.legal_actions().first()?;
            let events = game.state.apply(action).unwrap();
            game.follow(&events);
        }
        None
    }

    #[test]
    fn a_person_may_take_back_a_jack_or_ace_decision_but_not_a_draw() {
        let hold = |a: &Action| matches!(a, Action::Hold);
        let (before, action) = (0..50)
            .find_map(|seed| until_legal(seed, &[SeatKind::Person; 3], hold))
            .expect("a deal where a Jack or an Ace is drawn");
        let mut after = before.clone();
        let events = after.state.apply(action).unwrap();
        assert!(
            after.may_take_back(&before, &events),
            "keeping the drawn card shows nothing new"
        );
        let mut drawing = after.clone();
        if drawing.state.legal_actions().contains(&Action::Draw) {
            let events = drawing.state.apply(Action::Draw).unwrap();
            assert!(
                !drawing.may_take_back(&after, &events),
                "a draw reveals a card"
            );
        }
        // The same decision by a computer's seat is not the app's to take back.
        let computers = [SeatKind::Computer(Level::Simple); 3];
        let (before, action) = (0..50)
            .find_map(|seed| until_legal(seed, &computers, hold))
            .expect("a deal where a Jack or an Ace is drawn");
        let mut after = before.clone();
        let events = after.state.apply(action).unwrap();
        assert!(!after.may_take_back(&before, &events));
    }

    #[test]
    fn play_again_keeps_the_seats_and_names_with_a_new_deal() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Strong),
            SeatKind::Person,
        ];
        let game = SerialKillerGame::new(&plans(&kinds), 7).unwrap();
        let again = game.rematch(8).unwrap();
        assert_eq!(again.names, game.names);
        assert_eq!(again.state.seat_kinds(), game.state.seat_kinds());
        assert_eq!(again, SerialKillerGame::new(&plans(&kinds), 8).unwrap());
        assert!(!again.counted);
    }

    #[test]
    fn a_new_game_logs_the_first_player_draw() {
        let game = SerialKillerGame::new(&people(), 7).unwrap();
        assert!(log(&game)[0].starts_with("Draw for first player: Ana "));
        let first = game.name(game.state.first_player());
        assert_eq!(
            log(&game).last().unwrap(),
            &format!("{first} draws highest and plays first.")
        );
        assert!(game.validate().is_ok());
        assert!(SerialKillerGame::new(&people()[..1], 7).is_err());
    }

    #[test]
    fn a_game_saved_by_the_first_version_loads_and_saves_unchanged() {
        let sk: SerialKillerGame = same_text("SKGAME");
        assert_eq!(sk.validate(), Ok(()));
        assert_eq!(sk.names.len(), 3);
        // Its moves were not kept, so its events cannot be had again: its
        // log's lines are kept, and shown before those of the events since.
        assert_eq!(sk.earlier_log.len(), 3);
        assert!(sk.state.log().is_empty());
        let mut sk = sk;
        let events = sk.state.apply(Action::Draw).unwrap();
        let shown = log_text(&sk.earlier_log, &view(&sk), sk.state.log(), &sk.names);
        assert_eq!(shown[..3], sk.earlier_log[..]);
        assert_eq!(shown[3..], log_lines(&events, &sk.names)[..]);
    }

    #[test]
    fn every_action_of_whole_games_is_logged_and_arrests_and_winners_appear() {
        for seed in 0..20 {
            let mut game = SerialKillerGame::new(&people(), seed).unwrap();
            play_out(&mut game, &mut SerialKillerStats::default());
            let log = log(&game).join("\n");
            assert!(log.contains("is arrested!"), "{log}");
            assert!(log.contains("still on the loose"), "{log}");
            assert!(log.contains("loses a clue to the police"));
            assert!(log.contains(": a kill."));
        }
    }

    #[test]
    fn a_finished_game_counts_once_with_a_win_for_each_person_among_the_winners() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
        ];
        for seed in 0..10 {
            let mut game = SerialKillerGame::new(&plans(&kinds), seed).unwrap();
            let mut stats = SerialKillerStats::default();
            assert_eq!(play_out(&mut game, &mut stats), 1);
            assert!(game.counted);
            let winners = game.state.winners().to_vec();
            let people: Vec<String> = winners
                .iter()
                .filter(|&&s| kinds[s.index()] == SeatKind::Person)
                .map(|&s| game.name(s))
                .collect();
            let mut expected = SerialKillerStats::default();
            expected.record(&people);
            assert_eq!(stats, expected);
            assert!(!game.count(&[], &mut stats), "counted once");
            assert_eq!(stats, expected);
        }
    }

    /// The controller plays a computer seat from its level here, its view
    /// and the engine's bot seed: people's seats are left to them.
    #[test]
    fn the_seat_to_act_is_the_computers_only_at_a_computer_seat() {
        let plans = plans(&[SeatKind::Computer(Level::Simple), SeatKind::Person]);
        let mut game = SerialKillerGame::new(&plans, 11).unwrap();
        let mut computer_turns = 0;
        while !game.state.is_over() {
            let seat = game.state.current();
            let action = match game.computer_to_act() {
                Some((at, level)) => {
                    assert_eq!((at, level), (Seat(0), Level::Simple));
                    computer_turns += 1;
                    State::bot_action(&game.state.view(at), level, game.state.bot_seed())
                }
                None => {
                    assert_eq!(seat, Seat(1));
                    game.state.legal_actions()[0]
                }
            };
            game.state.apply(action).unwrap();
        }
        assert!(computer_turns > 5);
        assert_eq!(game.computer_to_act(), None);
    }

    /// Ana here, Ben and Cy each on their own device.
    fn two_guests() -> Vec<SeatPlan> {
        let mut seats = people();
        seats[1].own_device = true;
        seats[2].own_device = true;
        seats
    }

    #[test]
    fn the_seats_on_other_devices_are_kept_and_checked() {
        let game = SerialKillerGame::new(&two_guests(), 3).unwrap();
        assert_eq!(game.remote, [Seat(1), Seat(2)]);
        assert_eq!(game.local_people(), [Seat(0)]);
        let text = crate::codec::to_string(&game).unwrap();
        let back: SerialKillerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!((back.validate(), &back), (Ok(()), &game));
        // A game at one device saves as before: no new fields.
        let here = SerialKillerGame::new(&people(), 3).unwrap();
        let text = crate::codec::to_string(&here).unwrap();
        assert!(!text.contains("remote") && !text.contains("events"));
        // Someone must play on the device that keeps the game.
        let mut everyone_away = two_guests();
        everyone_away[0].own_device = true;
        assert!(SerialKillerGame::new(&everyone_away, 3).is_err());
        let broken = [
            SerialKillerGame {
                remote: vec![Seat(1), Seat(1)],
                ..game.clone()
            },
            SerialKillerGame {
                remote: vec![Seat(0), Seat(1), Seat(2)],
                ..game.clone()
            },
            SerialKillerGame {
                remote: vec![Seat(5)],
                ..game.clone()
            },
        ];
        for game in broken {
            assert!(game.validate().is_err(), "{:?}", game.remote);
        }
        let mut computer = plans(&[SeatKind::Person, SeatKind::Computer(Level::Simple)]);
        computer[1].own_device = true;
        assert!(
            SerialKillerGame::new(&computer, 3).is_err(),
            "a computer plays on the host only"
        );
    }

    #[test]
    fn play_again_keeps_the_seats_on_other_devices() {
        let game = SerialKillerGame::new(&two_guests(), 7).unwrap();
        let again = game.rematch(8).unwrap();
        assert_eq!(again, SerialKillerGame::new(&two_guests(), 8).unwrap());
        assert_eq!(again.remote, [Seat(1), Seat(2)]);
    }

    // Each guest's log, worded from what the host sends its seat, says
    // what the host's says, all game long, and a game with guests keeps
    // the same log as one at one device.
    #[test]
    fn each_guest_is_shown_the_hosts_log() {
        for seed in 0..8 {
            let mut game = SerialKillerGame::new(&two_guests(), seed).unwrap();
            let mut alone = SerialKillerGame::new(&people(), seed).unwrap();
            let mut steps = 0;
            let shown = |game: &SerialKillerGame, seat: Seat| {
                let events = game.log_seen_by(seat);
                log_text(&[], &game.state.view(seat), &events, game.names())
            };
            while let Some(seat) = game.state.to_act() {
                if steps % 7 == 0 {
                    let host = shown(&game, Seat(0));
                    assert!(host.len() > steps, "a line at least for each action");
                    for guest in [Seat(1), Seat(2)] {
                        assert_eq!(shown(&game, guest), host);
                    }
                }
                let action =
                    State::bot_action(&game.state.view(seat), Level::Simple, game.state.bot_seed());
                game.state.apply(action).unwrap();
                alone.state.apply(action).unwrap();
                steps += 1;
            }
            assert_eq!(shown(&alone, Seat(0)), shown(&game, Seat(2)));
            assert_eq!(game.validate(), Ok(()));
        }
    }

    #[test]
    fn seats_whose_people_left_go_to_the_computer() {
        let mut game = SerialKillerGame::new(&two_guests(), 3).unwrap();
        let action = State::bot_action(
            &game.state.view(game.state.to_act().unwrap()),
            Level::Simple,
            game.state.bot_seed(),
        );
        let events = game.state.apply(action).unwrap();
        game.follow(&events);
        game.give_to_computer(Seat(1));
        assert_eq!(
            (game.remote_seats(), game.computer(Seat(1))),
            (&[Seat(2)][..], Some(Level::Simple))
        );
        game.give_to_computer(Seat(2));
        assert!(game.remote_seats().is_empty());
        assert_eq!(game.validate(), Ok(()));
    }

    #[test]
    fn the_host_takes_back_no_move_made_on_another_device() {
        let hold = |a: &Action| matches!(a, Action::Hold);
        let found = (0..80).find_map(|seed| {
            let (before, action) = until_legal(seed, &[SeatKind::Person; 3], hold)?;
            (before.state.current() != Seat(0)).then_some((before, action))
        });
        let (mut before, action) = found.expect("a Jack or an Ace drawn by Ben or Cy");
        let mut after = before.clone();
        let events = after.state.apply(action).unwrap();
        assert!(after.may_take_back(&before, &events), "at one device");
        before.remote = vec![Seat(1), Seat(2)];
        after.remote = before.remote.clone();
        assert!(
            !after.may_take_back(&before, &events),
            "made on another device"
        );
    }

    #[test]
    fn clues_fly_as_the_events_move_them() {
        let events = [
            Event::TurnEnded { seat: Seat(0) },
            Event::ClueLost {
                seat: Seat(1),
                clues: 2,
                cause: ClueCause::NoVictim,
            },
            Event::ClueTakenBack {
                seat: Seat(2),
                clues: 6,
            },
        ];
        assert_eq!(clue_moves(&events), [(Seat(1), true), (Seat(2), false)]);
    }

    // Saves of earlier versions kept the log as English lines: the lines
    // are dropped once read, and the log worded from the game's events,
    // rebuilt from its moves, says the very same (at one device and
    // hosting a seat on another, as each seat is shown it). A save whose
    // moves were not kept (November's) keeps its lines instead.
    #[test]
    fn an_earlier_saves_log_lines_are_worded_again_from_its_events() {
        use crate::games::todays_saves::{load, stored, DECEMBER, NOVEMBER};
        let record = &super::super::records::RECORDS.game;
        let saves = [
            (NOVEMBER, record.key, true),
            (DECEMBER, record.key, false),
            (DECEMBER, "gm.save.serial-killer.hosting", false),
        ];
        for (saves, key, kept_lines) in saves {
            let text = stored(saves, key);
            let lines: crate::codec::Json = crate::codec::from_str(text).unwrap();
            let lines: Vec<String> = lines["data"]["log"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap().to_string())
                .collect();
            let game = load(saves, key, record);
            assert_eq!(game.earlier_log.is_empty(), !kept_lines, "{key}");
            assert_eq!(game.state.log().is_empty(), kept_lines, "{key}");
            for seat in Seat::all(game.state.players()) {
                let events = game.log_seen_by(seat);
                let view = game.state.view(seat);
                let worded = log_text(&game.earlier_log, &view, &events, &game.names);
                assert_eq!(worded, lines, "{key}, seen by {seat:?}");
            }
            let again = crate::codec::to_string(&game).unwrap();
            let saves_lines = again.contains("\"log\":[\"");
            assert_eq!(saves_lines, kept_lines, "{key}: English lines saved");
        }
    }
}
