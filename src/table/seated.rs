//! The multiplayer games (Joker, Serial Killer, Detective Graves): what
//! their records share and what their tables do with it. Each record keeps,
//! beside the engine's state, the names at the table, whether its result is
//! counted, the seats played by a person on another device (this device
//! hosts them: see `crate::remote::host`) and the moves made (what a replay
//! is made from). Those stay the record's own fields, where its saves have
//! always had them, so every save keeps its shape (no `serde(flatten)`,
//! which would make serde buffer each record's map); a record hands them
//! to [`SeatedRecord`] by one accessor each (the moves grow by
//! `TableRecord::keep_move`), and the rules about them are written here
//! once.

use super::controller::{Action, Event, Refusal, Table, TableRecord};
use crate::seats::{name_of, SeatPlan};
use engine::seats::{Level, Seat, SeatKind};
use engine::{Game, Multiplayer};
use leptos::prelude::*;

/// A multiplayer game's record: a game with seats, some of which the
/// computer may play and some a person on another device.
pub trait SeatedRecord: TableRecord<State: Multiplayer> {
    /// One name per seat, in seat order.
    fn names(&self) -> &[String];
    /// The seats played on other devices (none in a game at one device).
    fn remote_seats(&self) -> &[Seat];
    fn remote_seats_mut(&mut self) -> &mut Vec<Seat>;
    /// Whether its result is in the statistics already.
    fn counted_mut(&mut self) -> &mut bool;

    /// A new game at the same table: the same seats, names and settings,
    /// a new deal from `seed` ("Play again" at the end). The seats are
    /// [`seats_again`](Self::seats_again).
    fn rematch(&self, seed: u64) -> Option<Self>;

    /// The name at `seat`, or "Player n" if the table has none for it.
    fn name(&self, seat: Seat) -> String {
        name_of(self.names(), seat)
    }

    /// The level `seat` is played at, if the computer plays it.
    fn computer(&self, seat: Seat) -> Option<Level> {
        self.state().seat_kind(seat)?.level()
    }

    /// The people at the table, here or on another device.
    fn people(&self) -> Vec<Seat> {
        let state = self.state();
        Seat::all(state.seat_count())
            .filter(|&s| state.seat_kind(s) == Some(SeatKind::Person))
            .collect()
    }

    /// The people playing at this device (not on another one).
    fn local_people(&self) -> Vec<Seat> {
        let mut people = self.people();
        people.retain(|s| !self.remote_seats().contains(s));
        people
    }

    /// The person at this device who must act now, if it is one (a seat on
    /// another device acts there).
    fn person_to_act(&self) -> Option<Seat> {
        let seat = self.state().to_act()?;
        let here = self.state().seat_kind(seat) == Some(SeatKind::Person)
            && !self.remote_seats().contains(&seat);
        here.then_some(seat)
    }

    /// Whether the names and the seats on other devices fit the table, as a
    /// save read from outside must: a name for each seat, each as the rules
    /// for names keep it; a seat on another device a person's, and named
    /// once; and with any such seat, a person still playing here, on the
    /// device that keeps the game.
    fn check_seats(&self) -> Result<(), String> {
        if self.names().len() != self.state().seat_count() {
            return Err("the names do not match the seats".into());
        }
        let remote = self.remote_seats();
        let named_once = remote
            .iter()
            .enumerate()
            .all(|(i, s)| !remote[..i].contains(s));
        let people = self.people();
        if !named_once || !remote.iter().all(|s| people.contains(s)) {
            return Err("a seat on another device is not one person's".into());
        }
        if !remote.is_empty() && self.local_people().is_empty() {
            return Err("no person plays on the device that keeps the game".into());
        }
        crate::names::check_names(self.names())
    }

    /// Whether the game's result is to be counted now: it is over and not
    /// counted yet. It is then marked counted, so that it counts once.
    fn count_once(&mut self) -> bool {
        if *self.counted_mut() || !self.state().is_over() {
            return false;
        }
        *self.counted_mut() = true;
        true
    }

    /// The computer plays `seat` from now on, here: its person, on another
    /// device, left.
    fn give_to_computer(&mut self, seat: Seat) {
        let simple = SeatKind::Computer(Level::Simple);
        if self.state_mut().set_seat_kind(seat, simple) {
            self.remote_seats_mut().retain(|&s| s != seat);
        }
    }

    /// The table's seats for a new game: the same names and players, each
    /// seat on another device still played there.
    fn seats_again(&self) -> Vec<SeatPlan> {
        let state = self.state();
        Seat::all(state.seat_count())
            .filter_map(|seat| {
                Some(SeatPlan {
                    name: self.name(seat),
                    kind: state.seat_kind(seat)?,
                    own_device: self.remote_seats().contains(&seat),
                })
            })
            .collect()
    }

    /// Whether a person is among the winners (the end dialog celebrates).
    fn a_person_won(&self) -> bool {
        let winners = self.state().winners();
        winners.iter().any(|&seat| self.computer(seat).is_none())
    }

    /// The computer seat that must act now, with its level.
    fn computer_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.state().to_act()?;
        Some((seat, self.computer(seat)?))
    }
}

/// The multiplayer games' fair take-back: a person at this device may take
/// back their own last action while it revealed nothing new (`quiet`: no
/// card drawn or turned, no die, no answer), the game goes on, and it is
/// still their turn (so no other seat has acted since, and the device has
/// not been passed). Never a move made on another device.
pub fn person_may_take_back<R: SeatedRecord>(before: &R, after: &R, quiet: bool) -> bool {
    let Some(actor) = before.state().to_act() else {
        return false;
    };
    quiet
        && before.computer(actor).is_none()
        && !before.remote_seats().contains(&actor)
        && !after.state().is_over()
        && after.state().to_act() == Some(actor)
}

impl<R: SeatedRecord> Table<R> {
    /// Starts a new game at the same table (same seats and settings, a new
    /// deal): "Play again". Nothing happens without a game to repeat.
    pub fn play_again(self) {
        let seed = crate::ui::deal::random_seed();
        let next = self
            .ctx
            .game
            .with_untracked(|g| g.as_ref().and_then(|g| g.rematch(seed)));
        if let Some(next) = next {
            self.start(next);
        }
    }

    /// The computer seat that must act now, with its level (tracked).
    pub fn computer_to_act(self) -> Option<(Seat, Level)> {
        self.ctx
            .game
            .with(|g| g.as_ref().and_then(SeatedRecord::computer_to_act))
    }

    /// Plays the computer seats at the chosen pace (see
    /// [`super::seats::play_computers`]), each deciding from its own view
    /// with the seed the game keeps, while `ready` (read reactively) allows
    /// (the players may first have to go on from a round's end, say).
    /// `then` shows what the computer's action did.
    pub fn play_computers(
        self,
        ready: impl Fn() -> bool + 'static,
        then: impl Fn(Result<Vec<Event<R>>, Refusal<R>>) + Clone + 'static,
    ) {
        self.play_computers_with(ready, move |seat, level| {
            if let Some(result) = self
                .computer_action(seat, level)
                .and_then(|action| self.act(action))
            {
                then(result);
            }
        });
    }

    /// As [`play_computers`](Self::play_computers), the game taking each
    /// computer turn itself (`turn`, given the seat and its level): for a
    /// game whose computer players are a chunk of their own, or think in
    /// slices. Nothing here names the engine's players, so they are not
    /// linked where the game does not.
    pub fn play_computers_with(
        self,
        ready: impl Fn() -> bool + 'static,
        turn: impl Fn(Seat, Level) + Clone + 'static,
    ) {
        super::seats::play_computers(
            self.ctx.app,
            // While a seat on another device is away the table waits; a
            // replay's computers have played already.
            move || {
                !self.ctx.read_only
                    && ready()
                    && !self.ctx.remote_away.get()
                    && self.computer_to_act().is_some()
            },
            move || {
                let due = self
                    .ctx
                    .game
                    .with_untracked(|g| g.as_ref().and_then(SeatedRecord::computer_to_act));
                if let Some((seat, level)) = due {
                    turn(seat, level);
                }
            },
        );
    }

    /// What the computer at `seat` plays now, from that seat's view alone.
    pub fn computer_action(self, seat: Seat, level: Level) -> Option<Action<R>> {
        self.ctx.game.with_untracked(|g| {
            let state = g.as_ref()?.state();
            Some(R::State::bot_action(
                &state.view(seat),
                level,
                state.bot_seed(),
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::detective_graves::game::DgGame;
    use engine::detective_graves::{State, Variant};

    /// Ana's and Ben's seats, played by `kinds`; those in `away` on their
    /// own devices.
    fn table(kinds: [SeatKind; 2], away: &[usize]) -> DgGame {
        let seats: Vec<SeatPlan> = ["Ana", "Ben"]
            .iter()
            .zip(kinds)
            .enumerate()
            .map(|(i, (name, kind))| SeatPlan {
                name: name.to_string(),
                kind,
                own_device: away.contains(&i),
            })
            .collect();
        DgGame::new(&seats, Seat(0), Variant::default(), 5).unwrap()
    }

    const PERSON: SeatKind = SeatKind::Person;
    const SIMPLE: SeatKind = SeatKind::Computer(Level::Simple);

    #[test]
    fn a_seat_on_another_device_is_one_person_s_and_a_person_stays_here() {
        let with = |kinds, remote: Vec<Seat>| DgGame {
            remote,
            ..table(kinds, &[])
        };
        assert_eq!(with([PERSON, PERSON], vec![]).check_seats(), Ok(()));
        assert_eq!(with([PERSON, PERSON], vec![Seat(1)]).check_seats(), Ok(()));
        assert_eq!(
            with([PERSON, PERSON], vec![Seat(1)]).local_people(),
            [Seat(0)]
        );
        let computer = with([PERSON, SIMPLE], vec![Seat(1)]);
        assert!(computer.check_seats().is_err(), "a computer");
        let twice = with([PERSON, PERSON], vec![Seat(1), Seat(1)]);
        assert!(twice.check_seats().is_err(), "twice");
        let stranger = with([PERSON, PERSON], vec![Seat(5)]);
        assert!(stranger.check_seats().is_err(), "no such seat");
        let nobody_here = with([SIMPLE, PERSON], vec![Seat(1)]);
        assert_eq!(nobody_here.local_people(), []);
        assert!(nobody_here.check_seats().is_err(), "nobody here");
        let mut unnamed = table([PERSON, PERSON], &[]);
        unnamed.names.pop();
        assert!(unnamed.check_seats().is_err(), "a seat without a name");
    }

    #[test]
    fn a_seat_on_another_device_acts_there_and_the_computer_takes_it_when_its_person_leaves() {
        let mut game = table([PERSON, PERSON], &[1]);
        assert_eq!(
            (game.people(), game.local_people()),
            (vec![Seat(0), Seat(1)], vec![Seat(0)])
        );
        let first = game.state.to_act().unwrap();
        assert_eq!(game.person_to_act(), (first == Seat(0)).then_some(first));
        game.give_to_computer(Seat(7));
        assert_eq!(game.remote_seats(), [Seat(1)], "no such seat");
        game.give_to_computer(Seat(1));
        assert_eq!(game.remote_seats(), []);
        assert_eq!(game.computer(Seat(1)), Some(Level::Simple));
        assert_eq!(game.people(), [Seat(0)]);
        assert_eq!(game.check_seats(), Ok(()));
    }

    #[test]
    fn play_again_keeps_the_names_the_players_and_the_seats_on_other_devices() {
        let mut game = table([PERSON, PERSON], &[1]);
        game.names[1] = "Dee".into();
        let again = game.rematch(6).unwrap();
        assert_eq!(again.names, ["Ana", "Dee"]);
        assert_eq!(again.remote_seats(), [Seat(1)]);
        assert_eq!(again.seats_again(), game.seats_again());
        assert!(!again.counted && again.moves.is_empty());
        let against = table([PERSON, SIMPLE], &[]).rematch(7).unwrap();
        assert_eq!(against.computer(Seat(1)), Some(Level::Simple));
        assert_eq!(against.remote_seats(), []);
    }

    #[test]
    fn a_result_counts_once_and_only_when_the_game_is_over() {
        let mut game = table([SIMPLE; 2], &[]);
        assert!(!game.count_once(), "not over");
        while let Some(seat) = game.state.to_act() {
            let view = game.state.view(seat);
            let action = State::bot_action(&view, Level::Simple, game.state.bot_seed());
            game.state.apply(action).unwrap();
        }
        assert!(game.state.is_over());
        assert!(game.count_once());
        assert!(game.counted);
        assert!(!game.count_once(), "counted already");
    }
}
