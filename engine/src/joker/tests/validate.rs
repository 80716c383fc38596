//! `validate`: one test per kind of corruption of a game.

use super::*;

/// A game of three players in round 1, with a miss, a probe and an answer
/// pending: something to corrupt.
fn midgame() -> State {
    let s = finish_round(&table(3, Cell(0)));
    let s = applied(&s, Action::Shoot(blank(&s))); // seat 2 misses
    let s = probe(&s, Cell(12)); // seat 0
    applied(&s, Action::Probe(Cell(13))) // seat 2
}

/// Tests that `validate` refuses [`midgame`] corrupted as each block
/// says, for the reason given, one test per kind of corruption.
macro_rules! validate_refuses {
    ($($name:ident: $why:literal => |$c:ident| $corrupt:block)*) => {$(
        #[test]
        fn $name() {
            let mut $c = midgame();
            assert_eq!($c.validate(), Ok(()));
            $corrupt
            let why = $c.validate().expect_err("accepted");
            assert!(why.contains($why), "refused, but because {why}");
        }
    )*};
}

/// The cell of the last shot in the log.
fn last_shot(s: &State) -> Cell {
    s.log
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Shot { cell, .. } => Some(*cell),
            _ => None,
        })
        .unwrap()
}

validate_refuses! {
    validate_refuses_a_card_twice: "not 25 distinct cards" => |c| {
        c.grid[3] = c.grid[4];
    }
    validate_refuses_two_jokers: "not 25 distinct cards" => |c| {
        let j = c.joker();
        c.grid[(j.index() + 1) % CELLS] = Card::Joker(1);
    }
    validate_refuses_a_face_up_card_nobody_shot: "face-up cards do not match" => |c| {
        c.face_up.insert(Cell(20));
    }
    validate_refuses_a_missed_card_face_down: "face-up cards do not match" => |c| {
        c.face_up = CellSet::EMPTY;
    }
    validate_refuses_a_missed_card_moved: "not where it was shot" => |c| {
        let miss = last_shot(&c);
        let other = c.face_down().iter().find(|&x| x != c.joker()).unwrap();
        c.grid.swap(miss.index(), other.index());
    }
    validate_refuses_a_face_up_cell_off_the_grid: "face-up cell is off the grid" => |c| {
        c.face_up = CellSet(c.face_up.bits() | 1 << 30);
    }
    validate_refuses_an_answer_out_of_range: "answer is out of range" => |c| {
        if let Some(Event::Probe { answer, roll, .. }) = c.log.last_mut() {
            *answer += *roll + 9;
        }
    }
    validate_refuses_a_logged_roll_of_0: "answer is out of range" => |c| {
        if let Some(Event::Probe { roll, .. }) = c.log.last_mut() {
            *roll = 0;
        }
    }
    validate_refuses_an_asked_probe_in_the_log: "never logged" => |c| {
        c.log.push(Event::Asked { round: 1, seat: Seat(2), cell: Cell(13), roll: 2 });
    }
    validate_refuses_a_next_round_in_the_log: "never logged" => |c| {
        let at = c.log.iter().position(Event::is_hit).unwrap() + 1;
        c.log.insert(at, Event::NextRound { round: 1, informant: Seat(1) });
    }
    validate_refuses_a_game_over_in_the_log: "never logged" => |c| {
        c.log.push(Event::GameOver { winners: vec![Seat(0)], score: 1 });
    }
    validate_refuses_a_hit_on_another_joker: "not one of the grid's" => |c| {
        if let Some(Event::Shot { card, .. }) = c.log.iter_mut().find(|e| e.is_hit()) {
            *card = Card::Joker(1);
        }
    }
    validate_refuses_a_missed_card_from_outside_the_grid: "not one of the grid's" => |c| {
        let outside = Card::deck(0).into_iter().find(|card| !c.grid.contains(card)).unwrap();
        let miss = c.log.iter_mut().rev().find(|e| matches!(e, Event::Shot { .. }) && !e.is_hit());
        if let Some(Event::Shot { card, .. }) = miss {
            *card = outside;
        }
    }
    validate_refuses_a_lock_without_a_miss: "locks or the turn" => |c| {
        c.locks[0] = Lock::UntilAnotherShot;
    }
    validate_refuses_a_miss_without_its_lock: "locks or the turn" => |c| {
        c.locks.fill(Lock::Free);
    }
    validate_refuses_a_next_turn_lock_with_rivals: "lock is out of place" => |c| {
        c.locks[2] = Lock::NextTurn;
    }
    validate_refuses_the_turn_of_the_wrong_vigilante: "locks or the turn" => |c| {
        c.current = Seat(0);
    }
    validate_refuses_the_informants_turn: "not a Vigilante's" => |c| {
        c.current = Seat(1);
    }
    validate_refuses_a_seat_out_of_range_to_play: "not a Vigilante's" => |c| {
        c.current = Seat(7);
    }
    validate_refuses_a_point_moved_to_another_seat: "points do not match" => |c| {
        c.points.swap(0, 1);
    }
    validate_refuses_a_point_without_a_hit: "points do not match" => |c| {
        c.points[1] += 1;
    }
    validate_refuses_a_round_past_the_last: "past the last" => |c| {
        c.round = 3;
    }
    validate_refuses_a_solo_game_of_10_rounds: "1 to 9 rounds" => |c| {
        c.solo_rounds = Some(10);
    }
    validate_refuses_a_solo_game_in_teams: "no teams" => |c| {
        c.solo_rounds = Some(3);
        c.teams = Some(vec![0, 1, 1]);
    }
    validate_refuses_over_without_a_result: "wrong number of hits" => |c| {
        c.phase = Phase::Over;
    }
    validate_refuses_winners_while_the_game_runs: "winners while" => |c| {
        c.winners = vec![Seat(1)];
    }
    validate_refuses_a_probe_pending_on_a_face_up_card: "pending probe" => |c| {
        c.phase = Phase::Answer { cell: last_shot(&c), roll: 2 };
    }
    validate_refuses_a_roll_of_7: "pending probe" => |c| {
        c.phase = Phase::Answer { cell: Cell(13), roll: 7 };
    }
    validate_refuses_the_log_out_of_turn: "does not follow the turns" => |c| {
        let n = c.log.len();
        c.log.swap(n - 1, n - 2);
    }
    validate_refuses_a_finished_round_without_its_hit: "wrong number of hits" => |c| {
        c.log.remove(0);
    }
    validate_refuses_the_log_going_on_after_a_hit: "goes on after a hit" => |c| {
        // Round 0 (the Joker at 0) ended with its first shot.
        let hit = c.log.iter().position(Event::is_hit).unwrap();
        let probe = Event::Probe { round: 0, seat: Seat(2), cell: Cell(5), roll: 6, answer: 1 };
        c.log.insert(hit + 1, probe);
    }
    validate_refuses_a_logged_cell_off_the_grid: "out of range" => |c| {
        if let Some(Event::Probe { cell, .. }) = c.log.last_mut() {
            *cell = Cell(25);
        }
    }
    validate_refuses_a_seat_without_a_lock: "do not match the players" => |c| {
        c.locks.pop();
    }
    validate_refuses_one_team: "two teams" => |c| {
        c.teams = Some(vec![0, 0, 0]);
    }
    validate_refuses_a_seat_without_points: "do not match the players" => |c| {
        c.kinds.push(SeatKind::Person);
    }
    validate_refuses_a_table_of_one: "not 2 to 4" => |c| {
        c.kinds.truncate(1);
        c.points.truncate(1);
        c.locks.truncate(1);
    }
}

/// A game of four in round 0: seat 1 missed (locked), seats 2 and 3
/// probed; back to seat 1.
fn after_a_miss() -> State {
    let s = table(4, Cell(24));
    let s = applied(&s, Action::Shoot(Cell(0))); // seat 1 misses
    probe(&probe(&s, Cell(1)), Cell(2)) // seats 2 and 3
}

// A locked Vigilante's shot, in an otherwise consistent log.
#[test]
fn validate_refuses_a_locked_vigilantes_shot() {
    let mut c = after_a_miss();
    c.log.push(Event::Shot {
        round: 0,
        seat: Seat(1),
        cell: Cell(5),
        card: c.grid[5],
    });
    c.face_up.insert(Cell(5));
    c.current = Seat(2);
    assert!(c.validate().is_err(), "a locked shot accepted");
}

// A probe of a face-up card, in an otherwise consistent log.
#[test]
fn validate_refuses_a_probe_of_a_face_up_card() {
    let mut c = after_a_miss();
    c.log.push(Event::Probe {
        round: 0,
        seat: Seat(1),
        cell: Cell(0),
        roll: 6,
        answer: 6,
    });
    c.current = Seat(2);
    assert!(c.validate().is_err(), "a probe of a face-up card accepted");
}
