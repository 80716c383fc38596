//! The saved Joker game: the engine's state with the names at the table,
//! their notepads and whether the result is counted, and how the table
//! controller plays, counts and seats it. No components: tested natively.

use super::solo::SoloScore;
use super::stats::JokerStats;
use crate::remote::host::RemoteRecord;
use crate::seats::{own_device_seats, SeatPlan};
use crate::table::controller::TableRecord;
use crate::table::seated::SeatedRecord;
use engine::joker::{Action, Cell, CellSet, Event, Seat, SeatKind, SeatView, State};
use serde::{Deserialize, Serialize};

/// How the seats play: each for themselves, in two teams, or solo (seat 0,
/// a computer, the Informant of every round).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    Everyone,
    /// Each seat's team, 0 or 1.
    Teams(Vec<u8>),
    Solo {
        rounds: u8,
    },
}

/// The game in progress with the names at the table and their notepads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JokerGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    /// Each seat's notepad: the cells it marked this round.
    pub notes: Vec<CellSet>,
    /// Its result is in the statistics already.
    pub counted: bool,
    /// The seats played by a person on another device (this device hosts
    /// them: see `crate::remote::host`). None in a game at one device,
    /// which saves as before. Their notepads are kept on their devices.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remote: Vec<Seat>,
    /// The moves made, oldest first: what a replay is made from
    /// (`replay.rs`). A game saved before they were kept has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Action>,
}

impl JokerGame {
    /// A new game for `seats` (those marked for their own device played
    /// there).
    pub fn new(seats: &[SeatPlan], mode: &Mode, seed: u64) -> Result<JokerGame, String> {
        let remote = own_device_seats(seats)?;
        let kinds: Vec<SeatKind> = seats.iter().map(|s| s.kind).collect();
        let state = match mode {
            Mode::Everyone => State::new(&kinds, seed),
            Mode::Teams(teams) => State::with_teams(&kinds, teams, seed),
            Mode::Solo { rounds } => State::solo(&kinds, *rounds, seed),
        }
        .map_err(|e| e.to_string())?;
        Ok(JokerGame {
            names: seats.iter().map(|s| s.name.clone()).collect(),
            notes: vec![CellSet::EMPTY; state.players()],
            state,
            counted: false,
            remote,
            moves: Vec::new(),
        })
    }

    /// How the seats play (what `new` was given).
    pub fn mode(&self) -> Mode {
        match self.state.teams() {
            _ if self.state.is_solo() => Mode::Solo {
                rounds: self.round_count(),
            },
            Some(teams) => Mode::Teams(teams.to_vec()),
            None => Mode::Everyone,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.notes.len() != self.state.players() {
            return Err("the notepads do not match the seats".into());
        }
        // Solo is played at one device: the computer informs there, and the
        // people share one screen.
        if self.state.is_solo() && !self.remote.is_empty() {
            return Err("a solo game has a seat on another device".into());
        }
        self.check_seats()
    }

    /// What the table shows: the view of the Vigilante whose turn it is
    /// (never the Informant's).
    pub fn table_view(&self) -> SeatView {
        self.state.view(self.state.current())
    }

    /// The view of the round's Informant: the only one with the Joker's
    /// cell. (The table reads it through its feed, shown as the Informant.)
    #[cfg(test)]
    pub fn informant_view(&self) -> SeatView {
        self.state.view(self.state.informant())
    }

    /// How many rounds the game has (never more than 9: a byte).
    pub fn round_count(&self) -> u8 {
        u8::try_from(self.state.rounds()).unwrap_or(u8::MAX)
    }

    /// The score of a solo game played alone (see [`SoloScore`]), for the
    /// rounds ended so far.
    pub fn solo_score(&self) -> Option<SoloScore> {
        SoloScore::of(&self.table_view())
    }

    /// Whether `seat` won the finished game: alone against the computer
    /// Informant, by finding the Jokers at par or under; else by the rules.
    pub fn won(&self, seat: Seat) -> bool {
        match self.solo_score() {
            Some(solo) => self.state.winners().contains(&seat) && solo.won(),
            None => self.state.winners().contains(&seat),
        }
    }

    /// The seat on another device that must act now, if any. (The table
    /// reads it through its feed: `Feed::remote_to_act`.)
    #[cfg(test)]
    pub fn remote_to_act(&self) -> Option<Seat> {
        self.state.to_act().filter(|s| self.remote.contains(s))
    }

    /// Marks `cell` on `seat`'s notepad, or takes the mark off.
    pub fn toggle_mark(&mut self, seat: Seat, cell: Cell) {
        if let Some(notes) = self.notes.get_mut(seat.index()) {
            if notes.contains(cell) {
                notes.remove(cell);
            } else {
                notes.insert(cell);
            }
        }
    }
}

/// A round ended by a hit, as the shot's events say: who shot the Joker
/// where, and the round that begins with its Informant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    pub shooter: Seat,
    pub cell: Cell,
    /// The round that begins (0-based).
    pub round: u8,
    pub informant: Seat,
}

impl RoundEnd {
    /// The round's end in `events` (a hit, then the next round); `None`
    /// for any other events, the game's last hit included (the game ends
    /// instead of a next round).
    pub fn from_events(events: &[Event]) -> Option<RoundEnd> {
        let (shooter, cell) = events.iter().find_map(|e| match *e {
            Event::Shot { seat, cell, .. } if e.is_hit() => Some((seat, cell)),
            _ => None,
        })?;
        let (round, informant) = events.iter().find_map(|e| match *e {
            Event::NextRound { round, informant } => Some((round, informant)),
            _ => None,
        })?;
        Some(RoundEnd {
            shooter,
            cell,
            round,
            informant,
        })
    }
}

impl TableRecord for JokerGame {
    type State = State;
    type Stats = JokerStats;

    fn state(&self) -> &State {
        &self.state
    }

    fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// The notepads are for one round: a round's end clears them.
    fn follow(&mut self, events: &[Event]) {
        if RoundEnd::from_events(events).is_some() {
            self.notes.fill(CellSet::EMPTY);
        }
    }

    /// A finished game counts once: every person's Jokers shot and whether
    /// they won (the computer players are not kept), and a solo score.
    fn count(&mut self, _events: &[Event], stats: &mut JokerStats) -> bool {
        if !self.count_once() {
            return false;
        }
        let people: Vec<(String, u32, bool)> = self
            .people()
            .into_iter()
            .map(|s| (self.name(s), self.state.points(s), self.won(s)))
            .collect();
        stats.record(&people);
        if let Some(solo) = self.solo_score() {
            stats.record_solo(self.round_count(), solo.score());
        }
        true
    }

    fn keep_move(&mut self, action: &Action) {
        self.moves.push(*action);
    }

    fn recent(&self, game: &'static str) -> Option<crate::replay::recent::RecentGame> {
        crate::replay::recent_entry(self, game)
    }
}

impl RemoteRecord for JokerGame {
    /// The whole log: no Joker event holds a secret.
    fn log_seen_by(&self, _seat: Seat) -> Vec<Event> {
        self.state.log().to_vec()
    }
}

impl SeatedRecord for JokerGame {
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

    /// Alone against par, beaten by par is no win to celebrate.
    fn a_person_won(&self) -> bool {
        Seat::all(self.state.players()).any(|s| self.computer(s).is_none() && self.won(s))
    }

    fn rematch(&self, seed: u64) -> Option<JokerGame> {
        JokerGame::new(&self.seats_again(), &self.mode(), seed).ok()
    }
}

/// Seats and whole games for the folder's tests.
#[cfg(test)]
pub(super) mod testing {
    use super::*;
    use engine::joker::Level;
    use engine::{Game, Multiplayer};

    pub fn plans(kinds: &[SeatKind]) -> Vec<SeatPlan> {
        ["Ana", "Ben", "Cy", "Di"]
            .iter()
            .zip(kinds)
            .map(|(name, &kind)| SeatPlan {
                name: name.to_string(),
                kind,
                own_device: false,
            })
            .collect()
    }

    /// The Simple bot's action for the seat to act.
    pub fn bot_action(game: &JokerGame) -> engine::joker::Action {
        let seat = game.state.to_act().unwrap();
        let view = game.state.view(seat);
        State::bot_action(&view, Level::Simple, game.state.bot_seed())
    }

    /// Plays a whole game with the Simple bot in every seat.
    pub fn play(game: &mut JokerGame) {
        let mut steps = 0;
        while !game.state.is_over() {
            game.state.apply(bot_action(game)).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
    }

    /// The Informant answers the probe waiting with the lowest answer
    /// allowed.
    pub fn answer_lowest(game: &mut JokerGame) {
        let answer = *game.state.allowed_answers().unwrap().start();
        game.state
            .apply(engine::joker::Action::Answer(answer))
            .unwrap();
    }

    /// A face-down cell that is not the Joker's.
    pub fn blank(game: &JokerGame) -> Cell {
        let joker = game.state.joker();
        game.state.face_down().iter().find(|&c| c != joker).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{bot_action, plans, play};
    use super::*;
    use engine::joker::{Action, Level};
    use engine::Game;

    #[test]
    fn teams_and_solo_games_are_set_up_from_the_new_game_choices() {
        let people = [SeatKind::Person; 4];
        let teams = JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 1, 0, 1]), 1).unwrap();
        assert_eq!(teams.state.team_of(Seat(2)), Some(0));
        assert!(JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 0, 0, 0]), 1).is_err());
        let solo = [SeatKind::Computer(Level::Strong), SeatKind::Person];
        let game = JokerGame::new(&plans(&solo), &Mode::Solo { rounds: 3 }, 2).unwrap();
        assert_eq!(game.state.rounds(), 3);
        assert_eq!(game.state.informant(), Seat(0));
        assert_eq!(game.computer(Seat(0)), Some(Level::Strong));
        assert_eq!(game.computer(Seat(1)), None);
    }

    #[test]
    fn play_again_keeps_the_seats_names_and_mode_with_a_new_deal() {
        let people = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let teams = JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 1, 0, 1]), 1).unwrap();
        let again = teams.rematch(2).unwrap();
        assert_eq!(again.names, teams.names);
        assert_eq!(again.state.seat_kinds(), teams.state.seat_kinds());
        assert_eq!(again.state.teams(), teams.state.teams());
        assert_ne!(
            again.state.joker(),
            teams.rematch(3).unwrap().state.joker(),
            "a new deal"
        );
        let solo = [SeatKind::Computer(Level::Strong), SeatKind::Person];
        let game = JokerGame::new(&plans(&solo), &Mode::Solo { rounds: 2 }, 2).unwrap();
        let again = game.rematch(9).unwrap();
        assert!(again.state.is_solo());
        assert_eq!(again.state.rounds(), 2);
        let everyone = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 4).unwrap();
        let again = everyone.rematch(5).unwrap();
        assert!(again.state.teams().is_none() && !again.state.is_solo());
        assert!(!again.counted && again.notes.iter().all(|n| *n == CellSet::EMPTY));
    }

    #[test]
    fn a_saved_game_round_trips() {
        let kinds = [SeatKind::Person, SeatKind::Computer(Level::Simple)];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 3).unwrap();
        game.notes[1].insert(Cell(4));
        game.state.apply(Action::Probe(Cell(7))).unwrap();
        let text = crate::codec::to_string(&game).unwrap();
        let back: JokerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.validate(), Ok(()));
        let mut bad = game.clone();
        bad.notes.pop();
        assert!(bad.validate().is_err());
    }

    #[test]
    fn a_mark_is_put_on_one_notepad_and_taken_off_again() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 5).unwrap();
        game.toggle_mark(Seat(1), Cell(3));
        assert!(game.notes[1].contains(Cell(3)));
        assert_eq!(game.notes[0], CellSet::EMPTY);
        game.toggle_mark(Seat(1), Cell(3));
        assert_eq!(game.notes[1], CellSet::EMPTY);
    }

    /// The notepads last a round: the hit that ends it clears them, and
    /// nothing else does.
    #[test]
    fn a_round_s_end_clears_the_notepads() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Everyone, 5).unwrap();
        let mut steps = 0;
        while game.state.round() == 0 {
            game.notes[2].insert(Cell(1));
            let events = game.state.apply(bot_action(&game)).unwrap();
            game.follow(&events);
            let ended = RoundEnd::from_events(&events);
            assert_eq!(ended.is_some(), game.state.round() == 1);
            assert_eq!(game.notes[2].contains(Cell(1)), ended.is_none());
            steps += 1;
            assert!(steps < 100_000);
        }
        let ended = RoundEnd::from_events(&game.table_view().round_end().unwrap()).unwrap();
        assert_eq!((ended.round, ended.informant), (1, Seat(1)));
    }

    /// A finished game is counted once, for the people at the table only.
    #[test]
    fn a_finished_game_counts_once_for_the_people() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 8).unwrap();
        let mut stats = JokerStats::default();
        assert!(!game.count(&[], &mut stats), "not over yet");
        play(&mut game);
        assert!(game.count(&[], &mut stats));
        assert!(game.counted);
        assert!(!game.count(&[], &mut stats), "counted already");
        assert_eq!(stats.played, 1);
        assert_eq!(
            stats.people.keys().collect::<Vec<_>>(),
            ["Ana", "Cy"],
            "the computer is not kept"
        );
        let jokers = stats.people.values().map(|r| r.jokers).sum::<u32>();
        assert_eq!(
            jokers,
            game.state.points(Seat(0)) + game.state.points(Seat(2))
        );
        let wins = stats.people.values().map(|r| r.wins).sum::<u32>();
        let people_won = [Seat(0), Seat(2)]
            .iter()
            .filter(|s| game.state.winners().contains(s))
            .count();
        assert_eq!(wins as usize, people_won);
    }

    /// Alone against the computer Informant, the score against par decides
    /// the win, and the best score of each length of game is kept.
    #[test]
    fn a_solo_game_played_alone_is_won_at_par_or_under_and_its_best_score_kept() {
        let kinds = [SeatKind::Computer(Level::Simple), SeatKind::Person];
        let mut stats = JokerStats::default();
        let mut scores = Vec::new();
        for seed in 0..8 {
            let mut game = JokerGame::new(&plans(&kinds), &Mode::Solo { rounds: 3 }, seed).unwrap();
            play(&mut game);
            let score = game.solo_score().unwrap().score();
            assert!(game.count(&[], &mut stats));
            assert_eq!(game.a_person_won(), score >= 0, "seed {seed}: {score}");
            scores.push(score);
        }
        assert!(
            scores.iter().any(|&s| s < 0) && scores.iter().any(|&s| s >= 0),
            "{scores:?}"
        );
        let best = *scores.iter().max().unwrap();
        assert_eq!(
            stats.best_solo,
            std::collections::BTreeMap::from([(3, best)])
        );
        let wins = scores.iter().filter(|&&s| s >= 0).count();
        assert_eq!(stats.people["Ben"].wins as usize, wins);
        assert_eq!(stats.people["Ben"].jokers, 3 * 8);
    }

    /// A game at one device saves as before; one with a seat on another
    /// device keeps it, and its rematch too.
    #[test]
    fn the_seats_on_other_devices_are_saved_and_old_saves_load() {
        let people = [SeatKind::Person; 3];
        let game = JokerGame::new(&plans(&people), &Mode::Everyone, 3).unwrap();
        let text = crate::codec::to_string(&game).unwrap();
        assert!(!text.contains("remote"), "{text}");
        let mut remote = game.clone();
        remote.remote = vec![Seat(2)];
        let text = crate::codec::to_string(&remote).unwrap();
        let back: JokerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!((back.validate(), &back.remote), (Ok(()), &vec![Seat(2)]));
        assert_eq!(remote.rematch(4).unwrap().remote, [Seat(2)]);
    }

    #[test]
    fn a_seat_on_another_device_is_one_person_s_and_one_stays_here() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
        ];
        let game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 3).unwrap();
        let with = |remote: Vec<Seat>| JokerGame {
            remote,
            ..game.clone()
        };
        assert_eq!(with(vec![Seat(1)]).validate(), Ok(()));
        assert!(with(vec![Seat(2)]).validate().is_err(), "a computer");
        assert!(with(vec![Seat(1), Seat(1)]).validate().is_err(), "twice");
        assert!(
            with(vec![Seat(0), Seat(1)]).validate().is_err(),
            "nobody here"
        );
        assert!(with(vec![Seat(5)]).validate().is_err(), "no such seat");
        let solo = [
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let solo = JokerGame::new(&plans(&solo), &Mode::Solo { rounds: 1 }, 3).unwrap();
        let solo = JokerGame {
            remote: vec![Seat(2)],
            ..solo
        };
        assert!(solo.validate().is_err(), "solo is played at one device");
    }

    #[test]
    fn a_seat_whose_person_left_goes_to_the_computer() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 3).unwrap();
        game.remote = vec![Seat(2)];
        game.give_to_computer(Seat(2));
        assert_eq!(game.remote_seats(), vec![]);
        assert_eq!(game.computer(Seat(2)), Some(Level::Simple));
        assert_eq!(game.validate(), Ok(()));
    }

    /// What the host sends a remote seat: the whole public log, and the
    /// Joker's cell only in the Informant's view.
    #[test]
    fn a_remote_seat_is_sent_the_log_and_the_joker_only_as_informant() {
        use engine::remote::{table_for, ToGuest};
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 2]), &Mode::Everyone, 3).unwrap();
        game.remote = vec![Seat(0)];
        game.state.apply(Action::Probe(Cell(7))).unwrap();
        assert_eq!(game.remote_seats(), [Seat(0)]);
        assert_eq!(SeatedRecord::names(&game), ["Ana", "Ben"]);
        for seat in [Seat(0), Seat(1)] {
            let log = game.log_seen_by(seat);
            assert_eq!(log, game.state.log());
            let ToGuest::Table { view, .. } = table_for(&game.state, seat, 1, &game.names, log)
            else {
                panic!("a table");
            };
            let joker = (seat == game.state.informant()).then(|| game.state.joker());
            assert_eq!(view.joker(), joker);
        }
    }
}
