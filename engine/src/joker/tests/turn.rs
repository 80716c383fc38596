//! The turn: probes, rolls and answers, shots and locks, rounds, scores, team mode, the notepad.

use super::*;

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
