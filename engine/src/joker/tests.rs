//! Joker's rules, a test per clause of the published rule text and per
//! ruling of the Joker section of `docs/rulings.md` (names say which: `rule_…` for the
//! rule text, `ruling_…` for a ruling), then the errors, the view, saves and
//! the computer players.

use super::bot::{self, InformantModel, JokerBot};
use super::*;
use crate::game::{self, Multiplayer};
use crate::seats::Bot;
use rand::{Rng, SeedableRng};

/// Moves the Joker to `cell` (swapping it with the card there).
fn put_joker(s: &mut State, cell: Cell) {
    let joker = s.joker();
    s.grid.swap(joker.index(), cell.index());
}

/// A game of `players` people with the Joker at `joker`.
fn table(players: usize, joker: Cell) -> State {
    let mut s = State::with_players(players, 1).unwrap();
    put_joker(&mut s, joker);
    s
}

/// A team game of four people, teams `teams`, with the Joker at `joker`.
fn team_table(teams: &[u8], joker: Cell) -> State {
    let mut s = State::with_teams(&vec![SeatKind::Person; teams.len()], teams, 1).unwrap();
    put_joker(&mut s, joker);
    s
}

/// `s` after `action`, checking that `check` accepted it, that the state
/// after is valid, and that its events are what the history gained.
fn applied(s: &State, action: Action) -> State {
    events_of(s, action).0
}

/// `s` after `action`, and the events it returned (checked as in
/// [`applied`]).
fn events_of(s: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(s.check(&action), Ok(()), "check refuses {action:?}");
    let mut next = s.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    assert_eq!(next.history(), grown(s, &events), "{action:?}'s events");
    (next, events)
}

/// The history of `s` followed by `events`: what the history must be once
/// they happened (an answer stands for the probe's `Asked`).
fn grown(s: &State, events: &[Event]) -> Vec<Event> {
    let mut history = s.history();
    if matches!(history.last(), Some(Event::Asked { .. })) {
        history.pop();
    }
    history.extend_from_slice(events);
    history
}

/// The error refusing `action` in `s`; checks that it changed nothing, is
/// not offered as legal, and is what `check` says.
fn refused(s: &State, action: Action) -> RuleError {
    let mut copy = s.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, s, "refusing {action:?} changed the state");
    assert!(!err.to_string().is_empty());
    assert!(!s.legal_actions().contains(&action));
    assert_eq!(s.check(&action), Err(err), "check and apply disagree");
    err
}

/// Probes `cell` and answers the true distance.
fn probe(s: &State, cell: Cell) -> State {
    let s = applied(s, Action::Probe(cell));
    let d = s.true_distance().unwrap();
    applied(&s, Action::Answer(d))
}

/// A face-down cell that is not the Joker's.
fn blank(s: &State) -> Cell {
    s.face_down().iter().find(|&c| c != s.joker()).unwrap()
}

/// Ends the round being played: the Vigilante to act shoots a face-down
/// card (in order) when it may, and probes otherwise.
fn finish_round(s: &State) -> State {
    let round = s.round();
    let mut s = s.clone();
    while s.round() == round && !s.is_over() {
        let cell = s.face_down().iter().next().unwrap();
        s = if s.can_shoot(s.current()) {
            applied(&s, Action::Shoot(cell))
        } else {
            probe(&s, cell)
        };
    }
    s
}

// -------------------------------------------------------------- setup ----

// Players: 2–4.
#[test]
fn rule_players_two_to_four() {
    for n in [0, 1, 5] {
        assert_eq!(
            State::with_players(n, 3).unwrap_err(),
            RuleError::PlayerCount(n)
        );
    }
    for n in 2..=4 {
        let s = State::with_players(n, 3).unwrap();
        assert_eq!(s.players(), n);
        assert_eq!(s.rounds(), n);
        assert_eq!(s.validate(), Ok(()));
    }
}

// Setup: 25 cards off a shuffled deck, one of them replaced by the Joker:
// 24 distinct standard cards and the Joker, the same 25 in every round.
#[test]
fn setup_grid_is_25_distinct_cards_with_one_joker() {
    for seed in 0..50 {
        let s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        assert_eq!(s.validate(), Ok(()));
        let mut cards = s.all_pieces();
        assert_eq!(cards.len(), CELLS);
        assert_eq!(cards.iter().filter(|&&c| c == JOKER).count(), 1);
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), CELLS, "distinct");
        assert!(s.face_up().is_empty());
        let next = finish_round(&s);
        let mut again = next.all_pieces();
        again.sort();
        assert_eq!(again, cards, "the next round's grid: the same cards");
    }
}

/// Pearson's chi-square statistic of `counts` against a uniform spread.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

// Ruling "Grid": the Joker at a uniformly random cell, in the first round
// (the deal) and in later ones (the reshuffle). Chi-square over the 25
// cells, 24 degrees of freedom: 51.2 is the 0.1% critical value.
#[test]
fn ruling_joker_at_a_uniformly_random_cell() {
    let mut first = [0u32; CELLS];
    for seed in 0..10_000 {
        first[State::with_players(3, seed).unwrap().joker().index()] += 1;
    }
    let x = chi_square(&first);
    assert!(x < 51.2, "first rounds: chi-square {x:.1}, {first:?}");
    let mut second = [0u32; CELLS];
    for seed in 0..2_500 {
        let s = finish_round(&State::with_players(2, seed).unwrap());
        assert_eq!(s.round(), 1);
        second[s.joker().index()] += 1;
    }
    let x = chi_square(&second);
    assert!(x < 51.2, "second rounds: chi-square {x:.1}, {second:?}");
}

// The same seed deals the same game (and rolls the same dice).
#[test]
fn same_seed_same_game() {
    let a = State::with_players(4, 77).unwrap();
    assert_eq!(a, State::with_players(4, 77).unwrap());
    assert_ne!(a.grid, State::with_players(4, 78).unwrap().grid);
    let cell = Cell(12);
    assert_eq!(
        applied(&a, Action::Probe(cell)).phase(),
        applied(&a, Action::Probe(cell)).phase()
    );
}

/// Plays `state` to its end with the last legal action each time: a
/// Vigilante shoots the last face-down cell when it may (else probes it),
/// the Informant gives the highest answer.
fn play_out(state: &mut State) {
    for _ in 0..10_000 {
        let Some(first) = state.legal_actions().into_iter().next_back() else {
            return;
        };
        state.apply(first).unwrap();
    }
    panic!("the game did not end");
}

#[test]
fn ruling_solo_mode_the_computer_is_informant_of_every_round() {
    use crate::seats::Level;
    let seats = [
        SeatKind::Computer(Level::Strong),
        SeatKind::Person,
        SeatKind::Computer(Level::Simple),
    ];
    let mut state = State::solo(&seats, 4, 9).unwrap();
    assert!(state.is_solo());
    assert_eq!(state.rounds(), 4);
    for round in 0..4 {
        assert_eq!(state.informant_of(round), Seat(0));
    }
    let mut informants = Vec::new();
    while !state.is_over() {
        informants.push(state.informant());
        assert_ne!(state.current(), Seat(0), "the Informant never plays a turn");
        let action = state.legal_actions().into_iter().next_back().unwrap();
        state.apply(action).unwrap();
        assert_eq!(state.validate(), Ok(()));
    }
    assert!(informants.iter().all(|&s| s == Seat(0)));
    assert_eq!(state.log().iter().filter(|e| e.is_hit()).count(), 4);
    assert_eq!(state.points(Seat(0)), 0);
    assert!(!state.winners().contains(&Seat(0)));
    assert_eq!(
        State::solo(&seats, 0, 1).unwrap_err(),
        RuleError::SoloRounds(0)
    );
    assert_eq!(
        State::solo(&seats, MAX_SOLO_ROUNDS + 1, 1).unwrap_err(),
        RuleError::SoloRounds(MAX_SOLO_ROUNDS + 1)
    );
    let mut two = State::solo(&seats[..2], 2, 3).unwrap();
    play_out(&mut two);
    assert_eq!(two.winners(), [Seat(1)]);
}

// Cells are numbered row by row; Manhattan distance is rows apart plus
// columns apart; the rules' example: Joker at row 2, column 5, probe at
// row 5, column 2: distance 6.
#[test]
fn rule_manhattan_distance_rows_plus_columns() {
    let joker = Cell::new(1, 4);
    let probe = Cell::new(4, 1);
    assert_eq!(joker.distance(probe), 6);
    assert_eq!(probe.to_string(), "row 5, column 2");
    assert_eq!(Cell::new(0, 0).distance(Cell::new(4, 4)), MAX_DISTANCE);
    assert!(!Cell::new(5, 0).is_on_grid());
    for a in Cell::all() {
        assert_eq!(a.distance(a), 0);
        for b in Cell::all() {
            assert_eq!(a.distance(b), b.distance(a));
            assert_eq!(
                usize::from(a.distance(b)),
                a.row().abs_diff(b.row()) + a.col().abs_diff(b.col())
            );
        }
    }
}

// ---------------------------------------------------------- the turn ----

// Seat 0 is the first Informant; the Vigilantes play clockwise from the
// Informant's left, skipping the Informant.
#[test]
fn rule_vigilantes_play_clockwise_from_the_informants_left() {
    let mut s = table(4, Cell(24));
    let mut order = Vec::new();
    for _ in 0..6 {
        order.push(s.current().0);
        assert_eq!(s.to_act(), Some(s.current()));
        s = probe(&s, Cell(0));
    }
    assert_eq!(order, [1, 2, 3, 1, 2, 3]);
    assert_eq!(
        s.vigilantes().collect::<Vec<_>>(),
        [Seat(1), Seat(2), Seat(3)]
    );
    let s = finish_round(&s);
    assert_eq!(s.informant(), Seat(1));
    assert_eq!(s.current(), Seat(2));
    assert_eq!(s.next_vigilante(Seat(3)), Seat(0));
    assert_eq!(s.next_vigilante(Seat(0)), Seat(2));
}

// Probe: point to a face-down card, the die is rolled (1–6, shown to all),
// and the Informant must answer before anything else happens.
#[test]
fn rule_probe_rolls_the_die_and_the_informant_answers() {
    let mut seen = [false; DIE as usize + 1];
    for seed in 0..60 {
        let s = State::with_players(3, seed).unwrap();
        let s = applied(&s, Action::Probe(Cell(7)));
        let Phase::Answer { cell, roll } = s.phase() else {
            panic!("no answer pending");
        };
        assert_eq!(cell, Cell(7));
        assert!((1..=DIE).contains(&roll));
        seen[usize::from(roll)] = true;
        assert_eq!(s.to_act(), Some(s.informant()));
        assert_eq!(s.current(), Seat(1), "the prober keeps the turn");
        for seat in Seat::all(3) {
            assert_eq!(s.view(seat).phase(), s.phase(), "the roll is public");
        }
        assert!(s
            .legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Answer(_))));
    }
    assert!(seen[1..].iter().all(|&f| f), "every face comes up");
}

// The answer must be within the roll of the true Manhattan distance; any
// number in that range is allowed.
#[test]
fn rule_probe_answer_within_roll_of_manhattan_distance() {
    for (joker, cell) in [(Cell::new(1, 4), Cell::new(4, 1)), (Cell(0), Cell(24))] {
        let s = table(2, joker);
        let d = joker.distance(cell);
        for roll in 1..=DIE {
            let mut pending = applied(&s, Action::Probe(cell));
            pending.phase = Phase::Answer { cell, roll };
            let allowed = allowed_answers(d, roll);
            assert_eq!(pending.allowed_answers(), Some(allowed.clone()));
            assert_eq!(
                pending.legal_actions(),
                allowed.clone().map(Action::Answer).collect::<Vec<_>>()
            );
            for answer in allowed.clone() {
                assert!(answer.abs_diff(d) <= roll);
                applied(&pending, Action::Answer(answer));
            }
            for answer in [d + roll + 1, d.wrapping_sub(roll + 1)] {
                if answer <= MAX_ANSWER + 1 {
                    assert_eq!(
                        refused(&pending, Action::Answer(answer)),
                        RuleError::AnswerOutOfRange(answer)
                    );
                }
            }
        }
    }
    // The rules' example: distance 6, roll 2: 4 to 8.
    assert_eq!(allowed_answers(6, 2), 4..=8);
}

// The answer cannot be a negative number: the range starts at 0 when the
// roll exceeds the distance.
#[test]
fn rule_answer_never_negative() {
    assert_eq!(allowed_answers(2, 5), 0..=7);
    assert_eq!(allowed_answers(0, 6), 0..=6);
    assert_eq!(allowed_answers(3, 3), 0..=6);
    let s = table(2, Cell(0));
    let mut pending = applied(&s, Action::Probe(Cell(1)));
    pending.phase = Phase::Answer {
        cell: Cell(1),
        roll: 6,
    };
    assert_eq!(pending.legal_actions()[0], Action::Answer(0));
    assert_eq!(pending.legal_actions().len(), 8, "0 ..= 1 + 6");
}

// Ruling "Probe": probe, roll and answer go into a public log.
#[test]
fn ruling_probe_roll_and_answer_go_into_the_public_log() {
    let s = table(3, Cell(12));
    let pending = applied(&s, Action::Probe(Cell(0)));
    let Phase::Answer { roll, .. } = pending.phase() else {
        panic!()
    };
    let answer = *pending.allowed_answers().unwrap().start();
    let s = applied(&pending, Action::Answer(answer));
    let event = Event::Probe {
        round: 0,
        seat: Seat(1),
        cell: Cell(0),
        roll,
        answer,
    };
    for seat in Seat::all(3) {
        assert_eq!(s.view(seat).log(), std::slice::from_ref(&event));
        assert_eq!(s.view(seat).round_log(), std::slice::from_ref(&event));
    }
    assert_eq!(s.current(), Seat(2), "the answer ends the turn");
}

// A round ends only when the Joker is shot: probes alone never end it.
#[test]
fn rule_probes_never_end_a_round() {
    let mut s = table(2, Cell(3));
    for i in 0..200 {
        s = probe(&s, Cell((i % 25) as u8));
    }
    assert_eq!(s.round(), 0);
    assert!(s.face_up().is_empty());
    assert_eq!(s.round_log().len(), 200);
}

// Shoot the Joker: the shooter scores 1 and the round ends (the next one
// begins).
#[test]
fn rule_shoot_the_joker_scores_one_and_ends_the_round() {
    let s = table(3, Cell(8));
    let s = probe(&s, Cell(0));
    let s = applied(&s, Action::Shoot(Cell(8)));
    assert_eq!(s.points(Seat(2)), 1);
    assert_eq!(s.points(Seat(1)) + s.points(Seat(0)), 0);
    assert_eq!(s.round(), 1);
    assert!(s.log().last().unwrap().is_hit());
    assert_eq!(s.log().last().unwrap().seat(), Some(Seat(2)));
    assert!(s.round_log().is_empty());
}

// The round's Informant scores nothing, and never probes or shoots.
#[test]
fn rule_informant_scores_nothing() {
    let mut s = State::with_players(4, 5).unwrap();
    let mut rng = Pcg32::seed_from_u64(1);
    while !s.is_over() {
        let informant = s.informant();
        let before = s.points(informant);
        if s.phase() == Phase::Turn {
            assert_ne!(s.to_act(), Some(informant));
        }
        let legal = s.legal_actions();
        s = applied(&s, legal[rng.random_range(0..legal.len())]);
        assert_eq!(s.points(informant), before);
    }
    assert_eq!(s.log().iter().filter(|e| e.is_hit()).count(), 4);
}

// Ruling "Shoot": a miss turns the card face up, ends the turn, and locks
// the shooter out of shooting until another Vigilante has shot.
#[test]
fn ruling_miss_turns_card_face_up_and_locks_until_another_shot() {
    let s = table(4, Cell(24));
    let card = s.grid[0];
    let s = applied(&s, Action::Shoot(Cell(0)));
    assert_eq!(s.face_up(), [Cell(0)].into_iter().collect());
    assert_eq!(s.view(Seat(3)).card(Cell(0)), Some(card));
    assert_eq!(s.view(Seat(3)).card(Cell(1)), None);
    assert_eq!(s.lock(Seat(1)), Lock::UntilAnotherShot);
    assert_eq!(s.current(), Seat(2), "the miss ends the turn");
    assert_eq!(s.points(Seat(1)), 0);
    // Probes by the others do not lift the lock.
    let s = probe(&probe(&s, Cell(1)), Cell(2));
    assert_eq!(s.current(), Seat(1));
    assert_eq!(
        refused(&s, Action::Shoot(Cell(3))),
        RuleError::Locked(Seat(1), Lock::UntilAnotherShot)
    );
    assert!(!s.can_shoot(Seat(1)));
    assert!(s
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Probe(_))));
    // Seat 2 shoots (and misses): seat 1 is free, seat 2 locked.
    let s = probe(&s, Cell(1));
    let s = applied(&s, Action::Shoot(Cell(4)));
    assert_eq!(s.lock(Seat(1)), Lock::Free);
    assert_eq!(s.lock(Seat(2)), Lock::UntilAnotherShot);
    assert_eq!(s.current(), Seat(3));
}

// Ruling "Shoot": a face-up card can no longer be probed or shot.
#[test]
fn ruling_face_up_card_cannot_be_probed_or_shot() {
    let s = table(3, Cell(24));
    let s = applied(&s, Action::Shoot(Cell(6)));
    assert_eq!(
        refused(&s, Action::Probe(Cell(6))),
        RuleError::FaceUp(Cell(6))
    );
    assert_eq!(
        refused(&s, Action::Shoot(Cell(6))),
        RuleError::FaceUp(Cell(6))
    );
    assert!(!s.face_down().contains(Cell(6)));
    assert!(!s.consistent_cells().contains(Cell(6)));
}

// Ruling "Shoot": with a single Vigilante, the lock lasts for their next
// turn only.
#[test]
fn ruling_single_vigilante_lock_lasts_next_turn_only() {
    let s = table(2, Cell(24));
    let s = applied(&s, Action::Shoot(Cell(0)));
    assert_eq!(s.lock(Seat(1)), Lock::NextTurn);
    assert_eq!(s.current(), Seat(1), "the only Vigilante plays again");
    assert_eq!(
        refused(&s, Action::Shoot(Cell(1))),
        RuleError::Locked(Seat(1), Lock::NextTurn)
    );
    let pending = applied(&s, Action::Probe(Cell(1)));
    assert_eq!(pending.lock(Seat(1)), Lock::NextTurn, "until the turn ends");
    let s = probe(&s, Cell(1));
    assert_eq!(s.lock(Seat(1)), Lock::Free);
    let s = applied(&s, Action::Shoot(Cell(1)));
    assert_eq!(s.lock(Seat(1)), Lock::NextTurn);
    let s = probe(&s, Cell(2));
    let s = applied(&s, Action::Shoot(Cell(24)));
    assert_eq!(s.points(Seat(1)), 1);
}

// Ruling "Rounds": the Informant role rotates clockwise, each round on a
// new grid with every card face down and no lock; the game ends once every
// player has been the Informant.
#[test]
fn ruling_informant_rotates_clockwise_game_ends_after_every_player_informant() {
    let mut s = table(4, Cell(5));
    for round in 0..4u8 {
        assert_eq!(s.round(), usize::from(round));
        assert_eq!(s.informant(), Seat(round));
        assert!(s.view(Seat(round)).is_informant());
        assert!(s.face_up().is_empty());
        assert!(Seat::all(4).all(|seat| s.lock(seat) == Lock::Free));
        assert!(s.in_progress());
        // A miss, so that a card is face up and a seat locked.
        let miss = blank(&s);
        s = applied(&s, Action::Shoot(miss));
        s = finish_round(&s);
    }
    assert!(s.is_over());
    assert_eq!(s.to_act(), None);
    assert_eq!(s.legal_actions(), vec![]);
    assert_eq!(s.log().iter().filter(|e| e.is_hit()).count(), 4);
    assert!(
        s.face_up().contains(s.joker()),
        "the last Joker lies face up"
    );
    assert!(matches!(s.status(), Status::Over { .. }));
}

/// Plays one round per entry of `probes`: that many probes (never of the
/// Joker's cell), then a shot at the Joker.
fn play_rounds(s: &State, probes: &[usize]) -> State {
    let mut s = s.clone();
    for &n in probes {
        for _ in 0..n {
            let cell = blank(&s);
            s = probe(&s, cell);
        }
        s = applied(&s, Action::Shoot(s.joker()));
    }
    s
}

fn points(s: &State) -> Vec<u32> {
    Seat::all(s.players()).map(|seat| s.points(seat)).collect()
}

// Ruling "Rounds": most points wins.
#[test]
fn ruling_most_points_wins() {
    // Round 0: seat 1 hits; round 1: seat 2 probes, seat 0 hits; round 2:
    // seat 0 hits.
    let s = play_rounds(&State::with_players(3, 1).unwrap(), &[0, 1, 0]);
    assert!(s.is_over());
    assert_eq!(points(&s), [2, 1, 0]);
    assert_eq!(s.winners(), &[Seat(0)]);
    assert_eq!(
        s.status(),
        Status::Over {
            winners: vec![Seat(0)]
        }
    );
}

// Ruling "Rounds": ties are shared.
#[test]
fn ruling_ties_shared() {
    // Two players: each is the only Vigilante once and scores once.
    let s = play_rounds(&State::with_players(2, 4).unwrap(), &[0, 0]);
    assert_eq!(points(&s), [1, 1]);
    assert_eq!(s.winners(), &[Seat(0), Seat(1)]);
    // Three players, one point each.
    let s = play_rounds(&State::with_players(3, 4).unwrap(), &[0, 0, 0]);
    assert_eq!(points(&s), [1, 1, 1]);
    assert_eq!(s.winners(), &[Seat(0), Seat(1), Seat(2)]);
    // Four players: seats 1 and 2 with two points each.
    let s = play_rounds(&State::with_players(4, 4).unwrap(), &[0, 0, 2, 2]);
    assert_eq!(points(&s), [0, 2, 2, 0]);
    assert_eq!(s.winners(), &[Seat(1), Seat(2)]);
    assert_eq!(
        s.status(),
        Status::Over {
            winners: vec![Seat(1), Seat(2)]
        }
    );
}

// Ruling "Team mode": the team that finds the Joker scores; a lock applies
// to the shooter only (a teammate may still shoot).
#[test]
fn ruling_team_mode_team_scores_lock_applies_to_shooter_only() {
    // Teams: seats 0 and 2 against seats 1 and 3. Seat 0 informs; seat 1
    // misses; its teammate seat 3 may shoot, and hits for the team.
    let s = team_table(&[0, 1, 0, 1], Cell(20));
    let s = applied(&s, Action::Shoot(Cell(0)));
    assert_eq!(s.lock(Seat(1)), Lock::UntilAnotherShot);
    assert_eq!(s.lock(Seat(3)), Lock::Free);
    let s = probe(&s, Cell(1)); // seat 2
    assert!(s.can_shoot(Seat(3)));
    let s = applied(&s, Action::Shoot(Cell(20))); // seat 3
    assert_eq!(s.points(Seat(3)), 1);
    assert_eq!(s.points(Seat(1)), 0);
    assert_eq!(s.team_points(1), 1);
    assert_eq!(
        s.score(Seat(1)),
        1,
        "the team's points count for each member"
    );
    assert_eq!(s.score(Seat(0)), 0);
    assert!(s.same_side(Seat(1), Seat(3)));
    assert!(!s.same_side(Seat(0), Seat(1)));
    // A teammate's shot is another Vigilante's: it lifts the lock.
    let s = team_table(&[0, 1, 0, 1], Cell(20));
    let s = applied(&s, Action::Shoot(Cell(0))); // seat 1 misses
    let s = probe(&s, Cell(1)); // seat 2
    let s = applied(&s, Action::Shoot(Cell(2))); // seat 3 misses
    assert_eq!(s.lock(Seat(1)), Lock::Free);
    assert_eq!(s.lock(Seat(3)), Lock::UntilAnotherShot);
    assert_eq!(s.lock(Seat(2)), Lock::Free);
}

// Ruling "Team mode": the Informant's teammates keep playing as Vigilantes
// for their team.
#[test]
fn ruling_team_mode_informants_teammates_keep_playing() {
    let s = team_table(&[0, 1, 0, 1], Cell(20));
    assert_eq!(s.informant(), Seat(0));
    assert_eq!(
        s.vigilantes().collect::<Vec<_>>(),
        [Seat(1), Seat(2), Seat(3)]
    );
    let s = probe(&s, Cell(0)); // seat 1
    let s = applied(&s, Action::Shoot(Cell(20))); // seat 2, the Informant's teammate
    assert_eq!(s.team_points(0), 1);
    assert_eq!(s.score(Seat(0)), 1);
}

// Ruling "Team mode": two teams fixed for the whole game, neither empty.
#[test]
fn ruling_team_mode_two_fixed_teams_neither_empty() {
    let people = [SeatKind::Person; 4];
    for teams in [&[0, 0, 0, 0][..], &[1, 1, 1, 1], &[0, 1, 2, 1], &[0, 1, 0]] {
        assert_eq!(
            State::with_teams(&people, teams, 1).unwrap_err(),
            RuleError::BadTeams
        );
    }
    let mut s = State::with_teams(&people, &[0, 0, 1, 1], 1).unwrap();
    for _ in 0..4 {
        assert_eq!(s.teams(), Some(&[0, 0, 1, 1][..]));
        s = finish_round(&s);
    }
    assert!(s.is_over());
    assert_eq!(State::with_players(3, 1).unwrap().team_of(Seat(0)), None);
}

// Ruling "Team mode": most team points wins, every member of the team;
// ties are shared.
#[test]
fn ruling_team_mode_most_team_points_wins_ties_shared() {
    let people = [SeatKind::Person; 4];
    let teams = [0, 1, 0, 1];
    // Seat 1 (team 1) hits; seat 2 probes and seat 3 (team 1) hits; seat 3
    // hits; seat 0 (team 0) hits.
    let s = State::with_teams(&people, &teams, 2).unwrap();
    let s = play_rounds(&s, &[0, 1, 0, 0]);
    assert_eq!(points(&s), [1, 1, 0, 2]);
    assert_eq!((s.team_points(0), s.team_points(1)), (1, 3));
    assert_eq!(s.winners(), &[Seat(1), Seat(3)]);
    // Seats 1, 2, 3, 0 hit: two points each team, a shared win.
    let s = State::with_teams(&people, &teams, 2).unwrap();
    let s = play_rounds(&s, &[0, 0, 0, 0]);
    assert_eq!((s.team_points(0), s.team_points(1)), (2, 2));
    assert_eq!(s.winners(), &[Seat(0), Seat(1), Seat(2), Seat(3)]);
}

// Ruling "Notepad": the deduction aid shades the cells that contradict the
// public log (and the face-up ones); the Joker's cell is never shaded.
#[test]
fn ruling_deduction_aid_shades_cells_that_contradict_the_log() {
    let mut rng = Pcg32::seed_from_u64(9);
    for seed in 0..40 {
        let mut s = State::with_players(3, seed).unwrap();
        for _ in 0..12 {
            if s.round() > 0 {
                break;
            }
            let cell = blank(&s);
            s = if rng.random_ratio(1, 4) && s.can_shoot(s.current()) {
                applied(&s, Action::Shoot(cell))
            } else {
                let pending = applied(&s, Action::Probe(cell));
                let allowed = pending.allowed_answers().unwrap();
                applied(&pending, Action::Answer(rng.random_range(allowed)))
            };
            let consistent = s.view(Seat(1)).consistent_cells();
            assert!(consistent.contains(s.joker()));
            for cell in Cell::all() {
                let fits = !s.face_up().contains(cell)
                    && s.round_log().iter().all(|e| match *e {
                        Event::Probe {
                            cell: p,
                            roll,
                            answer,
                            ..
                        } => cell.distance(p).abs_diff(answer) <= roll,
                        _ => true,
                    });
                assert_eq!(consistent.contains(cell), fits, "{cell}");
            }
        }
    }
}

// ------------------------------------------------------------- errors ----

// Probing or shooting a face-up card: `FaceUp`.
#[test]
fn illegal_probe_or_shoot_face_up_card_is_refused_unchanged() {
    let s = applied(&table(3, Cell(24)), Action::Shoot(Cell(2)));
    assert_eq!(
        refused(&s, Action::Probe(Cell(2))),
        RuleError::FaceUp(Cell(2))
    );
    assert_eq!(
        refused(&s, Action::Shoot(Cell(2))),
        RuleError::FaceUp(Cell(2))
    );
}

// Shooting while locked: `Locked`.
#[test]
fn illegal_shoot_while_locked_is_refused_unchanged() {
    let s = applied(&table(2, Cell(24)), Action::Shoot(Cell(2)));
    assert_eq!(
        refused(&s, Action::Shoot(Cell(24))),
        RuleError::Locked(Seat(1), Lock::NextTurn)
    );
}

// An answer outside the allowed range: `AnswerOutOfRange`.
#[test]
fn illegal_answer_out_of_range_is_refused_unchanged() {
    let mut s = applied(&table(3, Cell(0)), Action::Probe(Cell(24)));
    s.phase = Phase::Answer {
        cell: Cell(24),
        roll: 1,
    };
    for answer in [0, 6, 10, MAX_ANSWER, MAX_ANSWER + 1, 255] {
        assert_eq!(
            refused(&s, Action::Answer(answer)),
            RuleError::AnswerOutOfRange(answer)
        );
    }
}

// An answer with no probe pending: `NothingToAnswer`.
#[test]
fn illegal_answer_with_nothing_pending_is_refused_unchanged() {
    let s = table(3, Cell(0));
    assert_eq!(refused(&s, Action::Answer(3)), RuleError::NothingToAnswer);
    let s = probe(&s, Cell(4));
    assert_eq!(refused(&s, Action::Answer(4)), RuleError::NothingToAnswer);
}

// Probing or shooting while an answer is pending: `MustAnswer`.
#[test]
fn illegal_turn_action_while_an_answer_is_pending_is_refused_unchanged() {
    let s = applied(&table(3, Cell(0)), Action::Probe(Cell(4)));
    assert_eq!(refused(&s, Action::Probe(Cell(5))), RuleError::MustAnswer);
    assert_eq!(refused(&s, Action::Shoot(Cell(0))), RuleError::MustAnswer);
}

// A cell off the grid: `NoSuchCell`.
#[test]
fn illegal_cell_off_the_grid_is_refused_unchanged() {
    let s = table(3, Cell(0));
    for cell in [Cell(25), Cell(255), Cell::new(0, 5)] {
        assert_eq!(
            refused(&s, Action::Probe(cell)),
            RuleError::NoSuchCell(cell)
        );
        assert_eq!(
            refused(&s, Action::Shoot(cell)),
            RuleError::NoSuchCell(cell)
        );
    }
}

// Anything after the game is over: `GameOver`.
#[test]
fn illegal_act_after_game_over_is_refused_unchanged() {
    let s = finish_round(&finish_round(&table(2, Cell(0))));
    assert!(s.is_over());
    for action in [
        Action::Probe(Cell(1)),
        Action::Shoot(Cell(1)),
        Action::Answer(0),
    ] {
        assert_eq!(refused(&s, action), RuleError::GameOver);
    }
}

// ------------------------------------------------------------ events ----

// A probe asked: `Asked` names the prober, the card and the roll; it is
// not logged (the phase says it until the answer).
#[test]
fn event_asked_names_the_probe_and_the_roll_and_is_not_logged() {
    let s = table(3, Cell(12));
    let (next, events) = events_of(&s, Action::Probe(Cell(3)));
    let Phase::Answer { roll, .. } = next.phase() else {
        panic!("no answer pending");
    };
    assert_eq!(
        events,
        [Event::Asked {
            round: 0,
            seat: Seat(1),
            cell: Cell(3),
            roll
        }]
    );
    assert!(next.log().is_empty());
    assert_eq!(next.history(), events);
    assert!(!events[0].is_logged());
}

// An answer given: `Probe` with the roll and the answer, logged exactly as
// returned.
#[test]
fn event_probe_is_the_answer_given_logged_as_returned() {
    let s = applied(&table(3, Cell(12)), Action::Probe(Cell(3)));
    let Phase::Answer { roll, .. } = s.phase() else {
        panic!("no answer pending");
    };
    let answer = *s.allowed_answers().unwrap().end();
    let (next, events) = events_of(&s, Action::Answer(answer));
    let event = Event::Probe {
        round: 0,
        seat: Seat(1),
        cell: Cell(3),
        roll,
        answer,
    };
    assert_eq!(events, std::slice::from_ref(&event));
    assert_eq!(next.log(), [event]);
}

// A shot that missed: `Shot` with the plain card now face up; the turn
// passes on, nothing else happens.
#[test]
fn event_shot_a_miss_names_the_card_turned_face_up() {
    let s = table(3, Cell(24));
    let card = s.grid[6];
    let (next, events) = events_of(&s, Action::Shoot(Cell(6)));
    let event = Event::Shot {
        round: 0,
        seat: Seat(1),
        cell: Cell(6),
        card,
    };
    assert_eq!(events, std::slice::from_ref(&event));
    assert!(!event.is_hit());
    assert_eq!(next.card_if_face_up(Cell(6)), Some(card));
    assert_eq!(next.log(), [event]);
}

// A hit: `Shot` with the Joker, naming who scores, then the round's end.
#[test]
fn event_shot_a_hit_names_the_joker_and_who_scores() {
    let s = probe(&table(3, Cell(8)), Cell(0));
    let (next, events) = events_of(&s, Action::Shoot(Cell(8)));
    let hit = Event::Shot {
        round: 0,
        seat: Seat(2),
        cell: Cell(8),
        card: JOKER,
    };
    assert!(hit.is_hit());
    assert_eq!(events[0], hit);
    assert_eq!(next.points(Seat(2)), 1);
    assert_eq!(next.log().last(), Some(&hit));
    assert_eq!(events.len(), 2, "the round's end follows: {events:?}");
}

// A round ended: `NextRound` names the round that begins and its
// Informant (the next seat clockwise; seat 0 again in a solo game).
#[test]
fn event_next_round_names_the_round_and_its_informant() {
    let s = table(3, Cell(8));
    let (next, events) = events_of(&s, Action::Shoot(Cell(8)));
    assert_eq!(
        events[1],
        Event::NextRound {
            round: 1,
            informant: Seat(1)
        }
    );
    assert_eq!((next.round(), next.informant()), (1, Seat(1)));
    assert!(!events[1].is_logged());
    assert_eq!(next.log().len(), 1, "not logged");
    let mut solo = State::solo(&[SeatKind::Person; 2], 2, 3).unwrap();
    put_joker(&mut solo, Cell(4));
    let (_, events) = events_of(&solo, Action::Shoot(Cell(4)));
    assert_eq!(
        events[1],
        Event::NextRound {
            round: 1,
            informant: Seat(0)
        }
    );
}

// The game over: `GameOver` after the last hit, naming the winners (every
// member of a winning team) and the points each has (the team's).
#[test]
fn event_game_over_names_the_winners_and_their_score() {
    let people = [SeatKind::Person; 4];
    // Seat 1 (team 1) hits; seat 2 probes and seat 3 (team 1) hits; seat 3
    // hits; then seat 0 (team 0) is to hit last.
    let s = State::with_teams(&people, &[0, 1, 0, 1], 2).unwrap();
    let s = play_rounds(&s, &[0, 1, 0]);
    let last = s.joker();
    let (next, events) = events_of(&s, Action::Shoot(last));
    assert!(next.is_over());
    assert_eq!(
        events,
        [
            Event::Shot {
                round: 3,
                seat: Seat(0),
                cell: last,
                card: JOKER
            },
            Event::GameOver {
                winners: vec![Seat(1), Seat(3)],
                score: 3
            }
        ]
    );
    assert_eq!(next.history().last(), events.last());
    assert_eq!(events[1].round(), None);
}

// No event holds a secret: every seat learns each event whole, and the
// events of an action are the same wherever the Joker lies (unless the
// action finds it).
#[test]
fn events_hold_no_secret() {
    let mut rng = Pcg32::seed_from_u64(6);
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        while !s.is_over() {
            let legal = s.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            let (next, events) = events_of(&s, action);
            for seat in Seat::all(s.players()) {
                for event in &events {
                    assert_eq!(&s.redact(event, seat), event);
                }
            }
            if let Action::Probe(cell) | Action::Shoot(cell) = action {
                for elsewhere in s.consistent_cells().iter() {
                    if elsewhere == cell || s.joker() == cell {
                        continue;
                    }
                    let mut moved = s.clone();
                    put_joker(&mut moved, elsewhere);
                    assert_eq!(events_of(&moved, action).1, events, "{action:?}");
                }
            }
            s = next;
        }
    }
}

// The history is every event `apply` returned, in order (an answer
// standing for its probe's `Asked`), whole from the state alone: what the
// app's log is written from, after a reload too.
#[test]
fn history_is_every_event_apply_returned() {
    let mut rng = Pcg32::seed_from_u64(7);
    for seed in 0..30 {
        let mut s = match seed % 3 {
            0 => State::with_players(2 + (seed % 3) as usize, seed).unwrap(),
            1 => State::with_teams(&[SeatKind::Person; 4], &[0, 1, 1, 0], seed).unwrap(),
            _ => State::solo(&[SeatKind::Person; 3], 1 + (seed % 4) as u8, seed).unwrap(),
        };
        let mut all: Vec<Event> = Vec::new();
        while !s.is_over() {
            let legal = s.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            if matches!(action, Action::Answer(_)) {
                assert!(matches!(all.pop(), Some(Event::Asked { .. })));
            }
            let events = s.apply(action).unwrap();
            all.extend(events);
            assert_eq!(s.history(), all);
            let json = serde_json::to_string(&s).unwrap();
            let loaded: State = serde_json::from_str(&json).unwrap();
            assert_eq!(loaded.history(), all);
            assert_eq!(s.view(Seat(1)).history(), all);
        }
        assert!(matches!(all.last(), Some(Event::GameOver { .. })));
        let rounds = all.iter().filter(|e| matches!(e, Event::NextRound { .. }));
        assert_eq!(rounds.count() + 1, s.rounds());
    }
}

// The round's end is said by the state (so also after a reload) from the
// hit until the next round's first action: a probe (not logged until
// answered) ends it too.
#[test]
fn round_end_is_the_last_hit_until_the_next_round_s_first_action() {
    let s = table(3, Cell(8));
    assert_eq!(s.round_end(), None, "no round has ended");
    let s = probe(&s, Cell(0));
    assert_eq!(s.round_end(), None);
    let (s, events) = events_of(&s, Action::Shoot(Cell(8)));
    assert_eq!(s.round_end().as_ref().map(|e| &e[..]), Some(&events[..]));
    for seat in Seat::all(3) {
        assert_eq!(s.view(seat).round_end(), s.round_end());
    }
    let loaded: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(loaded.round_end(), s.round_end());
    // The next round's first probe, before and after its answer; a miss.
    let cell = blank(&s);
    let pending = applied(&s, Action::Probe(cell));
    assert_eq!(pending.round_end(), None);
    assert_eq!(probe(&s, cell).round_end(), None);
    assert_eq!(applied(&s, Action::Shoot(cell)).round_end(), None);
    // A hit as the round's first action: that round's end.
    let (hit, events) = events_of(&s, Action::Shoot(s.joker()));
    assert_eq!(hit.round_end().as_ref().map(|e| &e[..]), Some(&events[..]));
    // The last round's end is the game's.
    let over = finish_round(&hit);
    assert!(over.is_over());
    assert_eq!(over.round_end(), None);
}

// `check` is a dry run that agrees with the legal actions and with
// `apply`, for every action of the space at every step of random games.
#[test]
fn check_agrees_with_legal_actions_and_apply() {
    let mut rng = Pcg32::seed_from_u64(8);
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        loop {
            let legal = s.legal_actions();
            for action in s.action_space() {
                let before = s.clone();
                let checked = s.check(&action);
                assert_eq!(s, before, "check changed the state");
                assert_eq!(checked.is_ok(), legal.contains(&action), "{action:?}");
                let mut copy = s.clone();
                assert_eq!(copy.apply(action).map(drop), checked, "{action:?}");
            }
            if s.is_over() {
                break;
            }
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
}

// The computers' seed comes from the game's seed and the actions applied:
// it changes with every action, is the same for a saved and loaded game,
// and counts right for a save written before it existed.
#[test]
fn bot_seed_follows_the_actions_applied() {
    let mut rng = Pcg32::seed_from_u64(9);
    let mut s = State::with_players(3, 12).unwrap();
    let mut seeds = std::collections::HashSet::new();
    let mut applied = 0u64;
    while !s.is_over() {
        assert_eq!(s.actions_applied(), applied);
        assert_eq!(s.bot_seed(), game::bot_seed(12, applied));
        assert!(seeds.insert(s.bot_seed()), "a seed seen before");
        let json = serde_json::to_string(&s).unwrap();
        let loaded: State = serde_json::from_str(&json).unwrap();
        assert_eq!(loaded.bot_seed(), s.bot_seed());
        // A redeal (what a seat cannot tell apart) keeps it.
        assert_eq!(s.redeal(Seat(1), 5).bot_seed(), s.bot_seed());
        let legal = s.legal_actions();
        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        applied += 1;
    }
    assert_eq!(s.actions_applied(), applied);
}

// The redeal deals again what a seat may not know: the Joker elsewhere
// (among the cells that fit the round's log) for a Vigilante, never for the
// round's Informant; the face-down cards shuffled; the generator re-seeded;
// every view of that seat unchanged, and the state still valid.
#[test]
fn redeal_changes_only_what_the_seat_may_not_know() {
    let mut rng = Pcg32::seed_from_u64(10);
    let mut moved = 0;
    for seed in 0..20 {
        let mut s = State::with_players(2 + (seed % 3) as usize, seed).unwrap();
        while !s.is_over() {
            for seat in Seat::all(s.players()) {
                let other = s.redeal(seat, seed * 100 + u64::from(seat.0));
                assert_eq!(other.view(seat), s.view(seat));
                assert_eq!(other.validate(), Ok(()));
                assert_eq!(other.history(), s.history());
                assert_ne!(other.rng, s.rng, "the generator re-seeded");
                if seat == s.informant() {
                    assert_eq!(other.joker(), s.joker());
                } else if s.consistent_cells().len() > 1 {
                    assert_ne!(other.joker(), s.joker());
                    assert!(s.consistent_cells().contains(other.joker()));
                    moved += 1;
                }
            }
            let legal = s.legal_actions();
            s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        // Over: the Joker lies face up, the face-down cards are dealt again.
        let other = s.redeal(Seat(0), 1);
        assert_eq!(other.joker(), s.joker());
        assert_eq!(other.view(Seat(0)), s.view(Seat(0)));
    }
    assert!(moved > 100);
}

// -------------------------------------------------- view, save, load ----

// A Vigilante's view hides the Joker: no Joker, true distance or allowed
// answers, not even in the view as sent elsewhere (serialised), and it is
// the same value wherever the Joker lies and however the face-down cards
// are dealt; the Informant's view has them.
#[test]
fn view_hides_the_joker_from_vigilantes() {
    let s = table(3, Cell(13));
    let s = probe(&s, Cell(0));
    let s = applied(&s, Action::Probe(Cell(1)));
    let d = Cell(1).distance(Cell(13));
    for seat in [Seat(1), Seat(2)] {
        let v = s.view(seat);
        assert!(!v.is_informant());
        assert_eq!(
            (v.joker(), v.true_distance(), v.allowed_answers()),
            (None, None, None)
        );
        let text = serde_json::to_string(&v).unwrap();
        assert!(text.contains(r#""joker":null"#), "{text}");
        assert!(!text.contains("Joker") && !text.contains("grid"), "{text}");
        assert!(v.legal_actions().is_empty(), "not its turn to act");
        // The Joker elsewhere, or everything hidden dealt again: the same
        // view.
        for other in s.face_down().iter() {
            let mut moved = s.clone();
            put_joker(&mut moved, other);
            assert_eq!(moved.view(seat), v);
        }
        for seed in 0..20 {
            assert_eq!(s.redeal(seat, seed).view(seat), v);
        }
    }
    let v = s.view(Seat(0));
    assert!(v.is_informant() && v.must_act());
    assert_eq!(v.joker(), Some(Cell(13)));
    assert_eq!(v.true_distance(), Some(d));
    let allowed = v.allowed_answers().unwrap();
    assert!(allowed.contains(&d));
    let text = serde_json::to_string(&v).unwrap();
    assert!(text.contains(r#""joker":13"#), "{text}");
    assert_eq!(
        v.legal_actions(),
        allowed.map(Action::Answer).collect::<Vec<_>>()
    );
    // A view travels: serialised and read back, the same value.
    assert_eq!(serde_json::from_str::<SeatView>(&text).unwrap(), v);
}

// Save and load (serde) is exact, and a loaded game plays on identically.
#[test]
fn save_and_load_is_exact() {
    let kinds = [
        SeatKind::Person,
        SeatKind::Computer(Level::Strong),
        SeatKind::Computer(Level::Simple),
    ];
    let mut s = State::with_teams(&kinds, &[0, 1, 1], 8).unwrap();
    let mut bot = JokerBot::new(Level::Simple, 3);
    for _ in 0..25 {
        let a = bot.choose(&s.view(s.to_act().unwrap()));
        s.apply(a).unwrap();
    }
    let json = serde_json::to_string(&s).unwrap();
    let mut loaded: State = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(loaded.validate(), Ok(()));
    while !s.is_over() {
        let a = bot.choose(&s.view(s.to_act().unwrap()));
        s.apply(a).unwrap();
        loaded.apply(a).unwrap();
        assert_eq!(loaded, s);
    }
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
}

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

// ------------------------------------------------------------------ bots ----

/// Every seat's bot answers every position of random games (2–4 players,
/// teams sometimes, seats of every kind) with a legal action.
#[test]
fn bots_play_only_legal_actions_from_any_reachable_position() {
    let mut rng = Pcg32::seed_from_u64(4);
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let kinds: Vec<SeatKind> = (0..players)
            .map(|i| match (seed + i as u64) % 3 {
                0 => SeatKind::Person,
                1 => SeatKind::Computer(Level::Simple),
                _ => SeatKind::Computer(Level::Strong),
            })
            .collect();
        let mut s = if seed % 2 == 0 {
            let teams: Vec<u8> = (0..players).map(|i| (i % 2) as u8).collect();
            State::with_teams(&kinds, &teams, seed).unwrap()
        } else {
            State::new(&kinds, seed).unwrap()
        };
        let mut steps = 0;
        while !s.is_over() {
            let seat = s.to_act().unwrap();
            let view = s.view(seat);
            let legal = s.legal_actions();
            for level in Level::ALL {
                let mut bot = JokerBot::new(level, steps).with_budget(20_000);
                let a = bot.choose(&view);
                assert!(legal.contains(&a), "{level:?} chose {a:?} at {view:?}");
            }
            // Mostly random play, so that the bots meet odd positions.
            let a = if rng.random_ratio(1, 3) {
                JokerBot::new(Level::Simple, steps).choose(&view)
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            s.apply(a).unwrap();
            steps += 1;
        }
        // Seats that need not act get actions that are refused.
        let a = bot::choose(&s.view(Seat(0)), Level::Strong, 1);
        assert!(s.clone().apply(a).is_err());
    }
}

// The UI entry point: a legal action for the seat to act at every level.
#[test]
fn bot_entry_point_answers_legal_actions() {
    let s = State::with_players(3, 2).unwrap();
    let pending = applied(&s, Action::Probe(Cell(4)));
    for level in Level::ALL {
        let a = bot::choose(&s.view(Seat(1)), level, 4);
        assert!(s.legal_actions().contains(&a), "{a:?}");
        let a = bot::choose(&pending.view(Seat(0)), level, 4);
        assert!(pending.legal_actions().contains(&a), "{a:?}");
        // A Vigilante asked during the Informant's answer: refused.
        let a = bot::choose(&pending.view(Seat(1)), level, 4);
        assert!(pending.clone().apply(a).is_err());
    }
}

// The belief is a distribution over the cells consistent with the log.
#[test]
fn belief_sums_to_one_on_the_consistent_cells() {
    let mut rng = Pcg32::seed_from_u64(2);
    for seed in 0..30 {
        let mut s = State::with_players(3, seed).unwrap();
        for _ in 0..10 {
            let cell = blank(&s);
            let pending = applied(&s, Action::Probe(cell));
            let allowed = pending.allowed_answers().unwrap();
            s = applied(&pending, Action::Answer(rng.random_range(allowed)));
            let v = s.view(s.current());
            for model in [InformantModel::Uniform, InformantModel::Pooled] {
                let w = bot::belief(&v, model);
                assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                for cell in Cell::all() {
                    if !v.consistent_cells().contains(cell) {
                        assert_eq!(w[cell.index()], 0.0);
                    }
                }
                assert!(w[s.joker().index()] > 0.0, "the Joker is never ruled out");
            }
        }
    }
}

// The Strong Informant's mix pools answers that several distances share:
// with roll 1, distances 2 and 4 (answers 1–3 and 3–5) both answer 3, and
// the answer then tells nothing; where no answer is shared (distances 0 and
// 8), each keeps its own.
#[test]
fn pooled_answers_pool_on_answers_distances_share() {
    let mut mu = [0.0; 9];
    mu[2] = 0.5;
    mu[4] = 0.5;
    let q = bot::pooled_answers(&mu, 1);
    assert!(q[3] > 0.99, "{q:?}");
    let chances = bot::answer_chances(&mu, 1, InformantModel::Pooled);
    assert!(chances[2][3] > 0.99 && chances[4][3] > 0.99);
    // Three windows in a row, equal chances (roll 1; distances 1, 3, 5:
    // answers 0–2, 2–4, 4–6): the middle distance mixes between the two
    // shared answers.
    let mut mu = [0.0; 9];
    mu[1] = 1.0 / 3.0;
    mu[3] = 1.0 / 3.0;
    mu[5] = 1.0 / 3.0;
    let chances = bot::answer_chances(&mu, 1, InformantModel::Pooled);
    assert!(chances[1][2] > 0.99 && chances[5][4] > 0.99);
    assert!((chances[3][2] - 0.5).abs() < 0.01 && (chances[3][4] - 0.5).abs() < 0.01);
    // Every distance's chances sum to 1 within its range.
    for roll in 1..=DIE {
        for row in bot::answer_chances(&mu, roll, InformantModel::Pooled) {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }
}

// The fixed number of rounds of the Informant's iteration is close to the
// optimum on the positions of real games: what its answers tell is within
// 0.01 nats of the least possible, 0.001 on average.
#[test]
fn pooled_answers_converge_within_pooling_rounds() {
    let mut rng = Pcg32::seed_from_u64(1);
    let (mut worst, mut total, mut n) = (0.0f64, 0.0, 0.0);
    for seed in 0..20 {
        let kinds = [SeatKind::Computer(Level::Strong); 2];
        let mut s = State::new(&kinds, seed).unwrap();
        let mut bots = [
            JokerBot::new(Level::Strong, seed),
            JokerBot::new(Level::Simple, seed),
        ];
        while s.round() == 0 {
            let v = s.view(s.to_act().unwrap());
            let w = bot::belief(&v, InformantModel::Pooled);
            let probe = Cell(rng.random_range(0..25));
            let mut mu = [0.0; 9];
            for c in Cell::all() {
                mu[usize::from(c.distance(probe))] += w[c.index()];
            }
            for roll in 1..=DIE {
                let leak = |q: [f64; 15]| -> f64 {
                    (0..9)
                        .filter(|&d| mu[d] > 0.0)
                        .map(|d| {
                            let r = allowed_answers(d as u8, roll);
                            let m: f64 = q[usize::from(*r.start())..=usize::from(*r.end())]
                                .iter()
                                .sum();
                            -mu[d] * m.ln()
                        })
                        .sum()
                };
                let gap = leak(bot::pooled_answers(&mu, roll)) - leak(bot::pool(&mu, roll, 3_000));
                worst = worst.max(gap);
                total += gap;
                n += 1.0;
            }
            let a = bots[usize::from(v.is_informant())].choose(&v);
            s.apply(a).unwrap();
        }
    }
    assert!(
        worst < 0.01 && total / n < 0.001,
        "worst {worst}, mean {}",
        total / n
    );
}

// The Strong Informant answers as its public mix says (so a Strong
// Vigilante can read its answers exactly), always within range.
#[test]
fn strong_informant_answers_as_its_public_mix() {
    let s = table(3, Cell(12));
    let s = probe(&s, Cell(0));
    let mut s = applied(&s, Action::Probe(Cell(4)));
    s.phase = Phase::Answer {
        cell: Cell(4),
        roll: 3,
    };
    let v = s.view(Seat(0));
    let w = bot::belief(&v, InformantModel::Pooled);
    let mut mu = [0.0; 9];
    for c in Cell::all() {
        mu[usize::from(c.distance(Cell(4)))] += w[c.index()];
    }
    let expected = bot::answer_chances(&mu, 3, InformantModel::Pooled)
        [usize::from(Cell(4).distance(Cell(12)))];
    let mut counts = [0u32; 15];
    let mut rng = Pcg32::seed_from_u64(6);
    let n = 20_000;
    for _ in 0..n {
        let Action::Answer(a) = bot::strong_answer(&v, &mut rng) else {
            panic!("not an answer")
        };
        assert!(v.allowed_answers().unwrap().contains(&a));
        counts[usize::from(a)] += 1;
    }
    for (a, (&count, &p)) in counts.iter().zip(&expected).enumerate() {
        let share = f64::from(count) / f64::from(n);
        assert!((share - p).abs() < 0.015, "answer {a}: {share} vs {p}");
    }
}

// A Strong Vigilante shoots a cell that must be the Joker, and never
// shoots when locked.
#[test]
fn strong_vigilante_shoots_a_certain_joker_unless_locked() {
    // Roll 1 each time: distance 0–1 from the centre, 2–4 from the top
    // left corner, 2–4 from the bottom right one: only the centre.
    let mut s = table(3, Cell(12));
    for (seat, cell, answer) in [(1, 12, 0), (2, 0, 3), (1, 24, 3)] {
        s.log.push(Event::Probe {
            round: 0,
            seat: Seat(seat),
            cell: Cell(cell),
            roll: 1,
            answer,
        });
    }
    s.current = Seat(2);
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.consistent_cells(), [Cell(12)].into_iter().collect());
    for level in Level::ALL {
        let a = bot::choose(&s.view(Seat(2)), level, 1);
        assert_eq!(a, Action::Shoot(Cell(12)), "{level:?}");
    }
    let mut locked = s.clone();
    locked.locks[2] = Lock::UntilAnotherShot;
    for seed in 0..20 {
        let a = bot::choose(&locked.view(Seat(2)), Level::Strong, seed);
        assert!(matches!(a, Action::Probe(_)), "{a:?}");
    }
}

/// How a round of bots went.
#[derive(Clone, Copy, Debug)]
struct RoundStats {
    /// The seat that shot the Joker.
    winner: Seat,
    probes: u32,
    shots: u32,
    /// The shots of seat 1.
    first_shots: u32,
}

/// Plays the first round of a game of computers of `levels` (seat 0 is the
/// Informant; seats 1.. the Vigilantes, in turn order).
fn bot_round(levels: &[Level], seed: u64, budget: u32) -> RoundStats {
    let kinds: Vec<SeatKind> = levels.iter().map(|&l| SeatKind::Computer(l)).collect();
    let mut s = State::new(&kinds, seed).unwrap();
    let mut bots: Vec<JokerBot> = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| JokerBot::new(l, seed * 8 + i as u64).with_budget(budget))
        .collect();
    while s.round() == 0 && !s.is_over() {
        let seat = s.to_act().unwrap();
        let a = bots[seat.index()].choose(&s.view(seat));
        s.apply(a).unwrap();
    }
    let log = s.log().iter().filter(|e| e.round() == Some(0));
    let mut stats = RoundStats {
        winner: Seat(0),
        probes: 0,
        shots: 0,
        first_shots: 0,
    };
    for e in log {
        match e {
            Event::Probe { .. } => stats.probes += 1,
            Event::Shot { seat, .. } => {
                stats.shots += 1;
                stats.first_shots += u32::from(*seat == Seat(1));
                if e.is_hit() {
                    stats.winner = *seat;
                }
            }
            _ => unreachable!("the log holds answers and shots"),
        }
    }
    stats
}

/// Plays `rounds` first rounds (seeds from `first`) on two threads.
fn bot_rounds(levels: &[Level], first: u64, rounds: u64, budget: u32) -> Vec<RoundStats> {
    let half = rounds / 2;
    std::thread::scope(|scope| {
        let a = scope.spawn(|| {
            (first..first + half)
                .map(|seed| bot_round(levels, seed, budget))
                .collect::<Vec<_>>()
        });
        let mut b: Vec<RoundStats> = (first + half..first + rounds)
            .map(|seed| bot_round(levels, seed, budget))
            .collect();
        let mut all = a.join().unwrap();
        all.append(&mut b);
        all
    })
}

/// The share of rounds a Strong Vigilante wins against a Simple rival,
/// with an Informant of `informant`'s level, each playing first in half
/// the rounds; with the hit rates of the Strong and the Simple, and the
/// average number of turns.
fn rival_rounds(informant: Level, rounds: u64, budget: u32) -> (f64, f64, f64, f64) {
    use Level::{Simple, Strong};
    let first = bot_rounds(&[informant, Strong, Simple], 0, rounds / 2, budget);
    let second = bot_rounds(&[informant, Simple, Strong], rounds, rounds / 2, budget);
    let n = (first.len() + second.len()) as f64;
    let wins = first.iter().filter(|r| r.winner == Seat(1)).count()
        + second.iter().filter(|r| r.winner == Seat(2)).count();
    let strong_shots: u32 = first.iter().map(|r| r.first_shots).sum::<u32>()
        + second.iter().map(|r| r.shots - r.first_shots).sum::<u32>();
    let simple_shots: u32 = first.iter().map(|r| r.shots - r.first_shots).sum::<u32>()
        + second.iter().map(|r| r.first_shots).sum::<u32>();
    let turns: u32 = first
        .iter()
        .chain(&second)
        .map(|r| r.probes + r.shots)
        .sum();
    (
        wins as f64 / n,
        wins as f64 / f64::from(strong_shots.max(1)),
        (n - wins as f64) / f64::from(simple_shots.max(1)),
        f64::from(turns) / n,
    )
}

/// The average turns (probes and shots) a lone Vigilante of `vigilante`'s
/// level needs against an Informant of `informant`'s level.
fn solo_turns(informant: Level, vigilante: Level, rounds: u64, budget: u32) -> (f64, f64, f64) {
    let stats = bot_rounds(&[informant, vigilante], 0, rounds, budget);
    let n = stats.len() as f64;
    let probes: u32 = stats.iter().map(|r| r.probes).sum();
    let shots: u32 = stats.iter().map(|r| r.shots).sum();
    (
        f64::from(probes) / n,
        f64::from(shots) / n,
        n / f64::from(shots),
    )
}

// Strong beats Simple in both roles, in a debug build with a small budget
// (the measurement is the ignored test `self_play_strong_vs_simple`): a
// Strong Vigilante wins most rounds against a Simple rival, and a Strong
// Informant makes a Simple Vigilante take longer.
#[test]
fn strong_beats_simple() {
    let (share, ..) = rival_rounds(Level::Simple, 200, 40_000);
    assert!(
        share > 0.62,
        "Strong Vigilante won {share:.3} of the rounds"
    );
    let (p1, s1, _) = solo_turns(Level::Simple, Level::Simple, 200, 40_000);
    let (p2, s2, _) = solo_turns(Level::Strong, Level::Simple, 200, 40_000);
    assert!(
        p2 + s2 > 1.5 * (p1 + s1),
        "{} vs {} turns",
        p2 + s2,
        p1 + s1
    );
}

// Self-play with the full budget, 2,000 rounds per pairing: a lone
// Vigilante against each Informant, and a Strong against a Simple
// Vigilante (each first in half the rounds). Run with
// `cargo test --release -p engine self_play -- --ignored --nocapture`.
#[test]
#[ignore]
fn self_play_strong_vs_simple() {
    use Level::{Simple, Strong};
    let rounds = 2_000;
    let budget = bot::STRONG_BUDGET;
    println!("Joker self-play, {rounds} rounds per pairing (first rounds of games, seeds 0..)");
    println!();
    println!("One Vigilante alone (2 players): turns to shoot the Joker");
    println!("| Informant | Vigilante | probes | shots | turns | hit rate |");
    println!("|---|---|---|---|---|---|");
    let mut turns = [[0.0; 2]; 2];
    for (i, informant) in [Simple, Strong].into_iter().enumerate() {
        for (j, vigilante) in [Simple, Strong].into_iter().enumerate() {
            let start = std::time::Instant::now();
            let (probes, shots, hits) = solo_turns(informant, vigilante, rounds, budget);
            turns[i][j] = probes + shots;
            println!(
                "| {informant:?} | {vigilante:?} | {probes:.2} | {shots:.2} | {:.2} | {:.1}% | ({:.1?})",
                probes + shots,
                hits * 100.0,
                start.elapsed()
            );
        }
    }
    println!();
    println!("Two rival Vigilantes (3 players), Strong against Simple");
    println!(
        "| Informant | Strong wins | Simple wins | Strong hit rate | Simple hit rate | turns |"
    );
    println!("|---|---|---|---|---|---|");
    let mut shares = [0.0; 2];
    for (i, informant) in [Simple, Strong].into_iter().enumerate() {
        let start = std::time::Instant::now();
        let (share, strong_hits, simple_hits, turns) = rival_rounds(informant, rounds, budget);
        shares[i] = share;
        println!(
            "| {informant:?} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {turns:.2} | ({:.1?})",
            share * 100.0,
            (1.0 - share) * 100.0,
            strong_hits * 100.0,
            simple_hits * 100.0,
            start.elapsed()
        );
    }
    println!();
    println!("Three Vigilantes (4 players), one Strong against two Simple (fair share 33.3%)");
    for informant in [Simple, Strong] {
        let mut wins = 0;
        let mut n = 0;
        for strong_seat in 1..=3 {
            let mut levels = vec![informant, Simple, Simple, Simple];
            levels[strong_seat] = Strong;
            let stats = bot_rounds(&levels, 10_000 * strong_seat as u64, rounds / 3, budget);
            n += stats.len();
            wins += stats
                .iter()
                .filter(|r| r.winner == Seat::new(strong_seat))
                .count();
        }
        println!(
            "| {informant:?} | Strong wins {:.1}% of {n} |",
            100.0 * wins as f64 / n as f64
        );
    }
    assert!(shares.iter().all(|&s| s > 0.6), "{shares:?}");
    assert!(
        turns[1][0] > 1.5 * turns[0][0] && turns[1][1] > 1.2 * turns[0][1],
        "{turns:?}"
    );
}

#[test]
fn a_seat_can_be_given_to_the_computer_mid_game() {
    let mut state = State::new(&[SeatKind::Person; 3], 7).unwrap();
    assert!(state.set_seat_kind(Seat::new(2), SeatKind::Computer(Level::Simple)));
    assert_eq!(
        state.seat_kind(Seat::new(2)),
        Some(SeatKind::Computer(Level::Simple))
    );
    assert!(
        !state.set_seat_kind(Seat::new(3), SeatKind::Person),
        "no fourth seat"
    );
    assert_eq!(state.validate(), Ok(()));
    assert_eq!(
        state.legal_actions(),
        State::new(&[SeatKind::Person; 3], 7)
            .unwrap()
            .legal_actions()
    );
}
