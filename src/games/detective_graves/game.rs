//! Detective Graves in the app without the view: the saved game (the
//! engine's state with the names at the table), what the table controller
//! asks of it (its result, counted once; which computer plays now), and the
//! dry run of a placing. Its words are in `words.rs` and `log.rs`.

use super::stats::{DgStats, Played};
use super::words::{refusal, refused};
use crate::remote::host::RemoteRecord;
use crate::seats::{hand_over_among, own_device_seats, SeatPlan};
use crate::table::controller::TableRecord;
use crate::table::seated::{person_may_take_back, SeatedRecord};
use engine::detective_graves::{
    Action, Card, CaseResult, Event, Level, Phase, RuleError, Seat, State, Variant,
};
use engine::Game;
use serde::{Deserialize, Serialize};

/// The seat whose view shows nothing secret: the table as a spectator sees
/// it (no person at the table, or between two people).
pub const NOBODY: Seat = Seat(2);

/// The game in progress with the names at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DgGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    /// Cases whose result the players have seen (the case-result screen
    /// shows until they go on, also after a reload).
    #[serde(default)]
    pub cases_seen: usize,
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

impl DgGame {
    /// A new game for the two `seats` (one marked for its own device
    /// played there).
    pub fn new(
        seats: &[SeatPlan],
        first_detective: Seat,
        variant: Variant,
        seed: u64,
    ) -> Result<DgGame, String> {
        let remote = own_device_seats(seats)?;
        let [a, b] = seats else {
            return Err("Detective Graves is for two players.".into());
        };
        let state = State::new([a.kind, b.kind], first_detective, variant, seed)
            .map_err(|e| e.to_string())?;
        Ok(DgGame {
            state,
            names: vec![a.name.clone(), b.name.clone()],
            cases_seen: 0,
            counted: false,
            remote,
            moves: Vec::new(),
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.cases_seen > self.state.results().len() {
            return Err("more cases seen than played".into());
        }
        self.check_seats()
    }

    /// The person at this device the device must be handed to before they
    /// act, given who holds it: only when two people play at it.
    pub fn hand_over_to(&self, holder: Option<Seat>) -> Option<Seat> {
        let person = self.person_to_act()?;
        hand_over_among(&self.local_people(), person, holder).then_some(person)
    }

    /// Whose eyes the table is drawn for, given who holds the device: with
    /// one person at it, always theirs; with two, the holder's (nobody's
    /// until one has taken it); with none, nobody's.
    pub fn viewer(&self, holder: Option<Seat>) -> Seat {
        match self.local_people().as_slice() {
            [one] => *one,
            [_, _] => holder.unwrap_or(NOBODY),
            _ => NOBODY,
        }
    }

    /// The finished case waiting for the players to go on, if any.
    pub fn unseen_case(&self) -> Option<usize> {
        unseen_case(self.cases_seen, self.state.results())
    }
}

/// The finished case waiting for the players to go on, given how many they
/// have gone past and the results so far.
pub fn unseen_case(seen: usize, results: &[CaseResult]) -> Option<usize> {
    (seen < results.len()).then_some(seen)
}

/// How many of `cards`, placed in order at the active location, go down
/// before the engine asks something else (a deuce's trump); or, if one is
/// refused, the reason it gives, naming it. Worked out on a copy, so that
/// a placing is all or nothing: the table then sends that many to the
/// engine.
pub fn placeable(state: &State, cards: &[Card]) -> Result<usize, String> {
    let mut next = state.clone();
    let mut placed = 0;
    for &card in cards {
        if !matches!(next.phase(), Phase::Play | Phase::MustPlace) {
            break;
        }
        next.apply(Action::Place(card))
            .map_err(|e| refusal(card, e))?;
        placed += 1;
    }
    Ok(placed)
}

impl TableRecord for DgGame {
    type State = State;
    type Stats = DgStats;

    fn state(&self) -> &State {
        &self.state
    }

    fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Counted once, from the state: the log is read from the state's
    /// events, so there is nothing to follow.
    fn count(&mut self, _events: &[Event], stats: &mut DgStats) -> bool {
        if !self.count_once() {
            return false;
        }
        stats.record(&self.played());
        true
    }

    /// Placing a card, naming a deuce's trump, or discarding from one's own
    /// pile at the Alley or face down at the Park shows nothing new: a
    /// person may take it back while it is still their turn. A draw, an
    /// ability or anything that ends the play may not.
    fn may_take_back(&self, before: &Self, events: &[Event]) -> bool {
        let quiet = events.iter().all(|e| {
            matches!(
                e,
                Event::Placed { .. }
                    | Event::TrumpChanged { .. }
                    | Event::AlleyCleared { .. }
                    | Event::ParkDiscard { .. }
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

impl RemoteRecord for DgGame {
    fn log_seen_by(&self, seat: Seat) -> Vec<Event> {
        self.state.events_seen_by(seat)
    }

    /// The engine's reason, naming the action's card if it has one (as
    /// the placing's dry run words it: see [`placeable`]).
    fn refusal_text(action: &Action, refusal: &RuleError) -> String {
        refused(*action, *refusal)
    }
}

impl SeatedRecord for DgGame {
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

    fn rematch(&self, seed: u64) -> Option<DgGame> {
        let (first, variant) = (self.state.first_detective(), self.state.variant());
        DgGame::new(&self.seats_again(), first, variant, seed).ok()
    }

    /// As the default, but nobody plays while a finished case's result
    /// waits for the players to go on.
    fn computer_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self
            .state
            .to_act()
            .filter(|_| self.unseen_case().is_none())?;
        Some((seat, self.computer(seat)?))
    }
}

impl DgGame {
    /// Each person's part in the finished game, for the statistics
    /// (computer players are not kept).
    fn played(&self) -> Vec<Played> {
        let winners = self.state.winners();
        let results = self.state.results();
        self.people()
            .into_iter()
            .map(|seat| {
                let as_detective = results.iter().filter(|r| r.detective == seat);
                let as_mastermind = results.iter().filter(|r| r.detective != seat);
                Played {
                    name: self.name(seat),
                    won: winners == [seat],
                    drew: winners.len() > 1,
                    detective: (
                        as_detective.clone().count() as u32,
                        as_detective.filter(|r| r.correct()).count() as u32,
                    ),
                    mastermind: (
                        as_mastermind.clone().count() as u32,
                        as_mastermind
                            .filter(|r| !r.revealed && !r.correct())
                            .count() as u32,
                    ),
                }
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use engine::detective_graves::SeatKind;
    use engine::detective_graves::{Length, Role};
    use engine::Multiplayer;

    /// Two seats, Ana's and Ben's.
    pub(crate) fn plans(kinds: [SeatKind; 2]) -> Vec<SeatPlan> {
        ["Ana", "Ben"]
            .iter()
            .zip(kinds)
            .map(|(name, kind)| SeatPlan {
                name: name.to_string(),
                kind,
                own_device: false,
            })
            .collect()
    }

    /// Plays the Simple computer's choice for whoever acts until `done`
    /// says so or the game ends.
    pub(crate) fn play_until(state: &mut State, done: impl Fn(&State) -> bool) {
        let mut step = 0;
        while let Some(seat) = state.to_act().filter(|_| !done(state)) {
            let view = state.view(seat);
            let action = State::bot_action(&view, Level::Simple, state.bot_seed());
            state.apply(action).unwrap();
            step += 1;
            assert!(step < 100_000);
        }
    }

    #[test]
    fn a_person_may_take_back_a_placed_card_while_still_to_play_but_not_a_draw() {
        /// A game of `kinds` from deal 3, played on to its first placing:
        /// the game then, and a card it may place.
        fn at_first_placing(kinds: [SeatKind; 2]) -> (DgGame, Action) {
            let mut game = DgGame::new(&plans(kinds), Seat(0), Variant::default(), 3).unwrap();
            let first_place = |s: &State| {
                s.legal_actions()
                    .into_iter()
                    .find(|a| matches!(a, Action::Place(_)))
            };
            play_until(&mut game.state, |s| first_place(s).is_some());
            let place = first_place(&game.state).expect("a card to place");
            (game, place)
        }

        let (before, place) = at_first_placing([SeatKind::Person; 2]);
        let mut after = before.clone();
        let events = after.state.apply(place).unwrap();
        let still_to_play = after.state.to_act() == before.state.to_act();
        let quiet = events
            .iter()
            .all(|e| matches!(e, Event::Placed { .. } | Event::TrumpChanged { .. }));
        assert!(
            still_to_play && quiet,
            "this deal's first placing ends nothing"
        );
        assert!(after.may_take_back(&before, &events));
        // Ending the play passes the turn: the other seat is to act, and it
        // may not be taken back.
        if after.state.legal_actions().contains(&Action::EndPlay) {
            let mut ended = after.clone();
            let events = ended.state.apply(Action::EndPlay).unwrap();
            assert!(!ended.may_take_back(&after, &events));
        }
        // The same card placed by a computer is not the app's to take back.
        let (by_computer, place) = at_first_placing([SeatKind::Computer(Level::Simple); 2]);
        let mut placed = by_computer.clone();
        let events = placed.state.apply(place).unwrap();
        assert!(!placed.may_take_back(&by_computer, &events));
    }

    #[test]
    fn a_seat_whose_person_left_goes_to_the_computer() {
        let people = [SeatKind::Person; 2];
        let mut game = DgGame {
            remote: vec![Seat(1)],
            ..DgGame::new(&plans(people), Seat(0), Variant::default(), 1).unwrap()
        };
        assert_eq!(game.computer(Seat(1)), None);
        game.give_to_computer(Seat(1));
        assert_eq!(game.remote_seats(), vec![]);
        assert_eq!(game.computer(Seat(1)), Some(Level::Simple));
        assert_eq!(game.validate(), Ok(()));
        // The seats stay as they are in the next game.
        assert_eq!(
            game.rematch(2).unwrap().computer(Seat(1)),
            Some(Level::Simple)
        );
    }

    #[test]
    fn play_again_keeps_the_seats_names_first_detective_and_variant() {
        let kinds = [SeatKind::Person, SeatKind::Computer(Level::Simple)];
        let game = DgGame::new(&plans(kinds), Seat(1), Variant::default(), 1).unwrap();
        let again = game.rematch(2).unwrap();
        assert_eq!(
            again,
            DgGame::new(&plans(kinds), Seat(1), Variant::default(), 2).unwrap()
        );
        assert_eq!(again.state.variant(), game.state.variant());
        assert_eq!(again.cases_seen, 0);
    }

    #[test]
    fn a_game_needs_two_seats_and_round_trips() {
        let people = [SeatKind::Person; 2];
        assert!(DgGame::new(&plans(people)[..1], Seat(0), Variant::default(), 1).is_err());
        let game = DgGame::new(&plans(people), Seat(1), Variant::default(), 1).unwrap();
        assert_eq!(game.state.role_of(Seat(1)), Role::Detective);
        let text = crate::codec::to_string(&game).unwrap();
        let back: DgGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.validate(), Ok(()));
        let mut bad = game.clone();
        bad.names.pop();
        assert!(bad.validate().is_err());
        let mut bad = game;
        bad.cases_seen = 1;
        assert!(bad.validate().is_err());
    }

    #[test]
    fn the_viewer_is_the_one_person_or_the_holder() {
        let solo = DgGame::new(
            &plans([SeatKind::Computer(Level::Simple), SeatKind::Person]),
            Seat(0),
            Variant::default(),
            2,
        )
        .unwrap();
        assert_eq!(solo.viewer(None), Seat(1));
        assert_eq!(solo.viewer(Some(Seat(0))), Seat(1));
        let two = DgGame::new(
            &plans([SeatKind::Person; 2]),
            Seat(0),
            Variant::default(),
            2,
        )
        .unwrap();
        assert_eq!(two.viewer(None), NOBODY);
        assert_eq!(two.viewer(Some(Seat(1))), Seat(1));
        // Nobody's view holds no hand and no identity.
        let view = two.state.view(NOBODY);
        assert!(view.hand().is_empty() && view.identity().is_none());
    }

    #[test]
    fn placing_is_all_or_nothing_with_the_reason() {
        let mut game = DgGame::new(
            &plans([SeatKind::Person; 2]),
            Seat(0),
            Variant {
                length: Length::SingleCase,
                ..Variant::default()
            },
            9,
        )
        .unwrap();
        // Keep both hands, then reach the first turn of play.
        while game.state.phase() != Phase::Play {
            let action = game.state.legal_actions()[0];
            game.state.apply(action).unwrap();
        }
        let hand = game
            .state
            .view(game.state.to_act().unwrap())
            .hand()
            .to_vec();
        let before = game.state.clone();
        // A card not in hand is refused by name, and nothing is placed.
        let stranger = engine::detective_graves::Card::all()
            .into_iter()
            .find(|c| !hand.contains(c))
            .unwrap();
        let cards = [hand[0], stranger];
        let err = placeable(&game.state, &cards).unwrap_err();
        assert!(err.contains(&stranger.name()), "{err}");
        assert_eq!(game.state, before);
        // A legal card is placed on the copy only.
        let legal = hand
            .iter()
            .copied()
            .find(|&c| game.state.check(&Action::Place(c)).is_ok());
        if let Some(card) = legal {
            assert_eq!(placeable(&game.state, &[card]), Ok(1));
            assert_eq!(game.state, before);
        }
    }

    #[test]
    fn a_finished_game_is_counted_once_for_each_person() {
        let mut game = DgGame::new(
            &plans([SeatKind::Person, SeatKind::Computer(Level::Simple)]),
            Seat(0),
            Variant::default(),
            5,
        )
        .unwrap();
        let mut stats = DgStats::default();
        assert!(!game.count(&[], &mut stats), "not over yet");
        play_until(&mut game.state, |_| false);
        assert!(game.count(&[], &mut stats));
        assert!(game.counted);
        assert!(!game.count(&[], &mut stats), "counted once");
        assert_eq!(stats.played, 1);
        assert_eq!(stats.people.len(), 1, "the computer is not kept");
        let ana = stats.people["Ana"];
        let won = game.state.winners() == [Seat(0)];
        assert_eq!((ana.games, ana.wins), (1, u32::from(won)));
        assert_eq!((ana.detective_cases, ana.mastermind_cases), (1, 1));
    }

    #[test]
    fn the_computers_wait_while_a_case_result_shows() {
        let computer = SeatKind::Computer(Level::Simple);
        let mut game = DgGame::new(&plans([computer; 2]), Seat(0), Variant::default(), 6).unwrap();
        assert!(game.computer_to_act().is_some());
        play_until(&mut game.state, |s| !s.results().is_empty());
        assert!(game.state.to_act().is_some(), "the second case is on");
        assert_eq!(game.computer_to_act(), None);
        game.cases_seen = 1;
        assert!(game.computer_to_act().is_some());
    }
}
