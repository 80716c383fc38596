//! Setup: the players, the grid and the Joker's cell, seeds, solo mode, distances.

use super::*;

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
