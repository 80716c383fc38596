//! Setup: players and seats, clues, the stack, the first player, seeds ("Players", "First player").

use super::*;

// Ruling "Players": 2–6.
#[test]
fn ruling_players_two_to_six() {
    for n in [0, 1, 7] {
        assert_eq!(
            State::with_players(n, 3).unwrap_err(),
            RuleError::PlayerCount(n)
        );
    }
    for n in 2..=6 {
        let s = State::with_players(n, 3).unwrap();
        assert_eq!(s.players(), n);
        assert!(s.validate().is_ok());
    }
}

// Ruling "Players": any seat may be the computer; the seats are kept.
#[test]
fn ruling_any_seat_may_be_the_computer() {
    let seats = [
        SeatKind::Computer(Level::Strong),
        SeatKind::Person,
        SeatKind::Computer(Level::Simple),
    ];
    let s = State::new(&seats, 9).unwrap();
    assert_eq!(s.seat_kinds(), &seats);
    assert_eq!(s.view(Seat(1)).seat_kind(Seat(0)), Some(seats[0]));
}

// Setup: six clues each, none with the police, graves empty, the whole deck
// in the victim stack.
#[test]
fn setup_six_clues_each_and_the_deck_in_the_victim_stack() {
    let s = State::with_players(4, 5).unwrap();
    for seat in Seat::all(4) {
        assert_eq!(s.clues(seat), CLUES);
        assert_eq!(s.police(seat), 0);
        assert!(s.held(seat).is_empty() && !s.is_arrested(seat));
    }
    assert!(s.graves().iter().all(|g| g.is_empty()));
    assert_eq!(s.stack_len(), 52);
    assert_eq!(sorted(s.all_pieces()), sorted_deck());
}

// Ruling "First player": each draws a card, Ace high, the high card starts.
#[test]
fn ruling_first_player_by_high_card_ace_high() {
    assert_eq!(first_draw_value(c(1, Clubs)), 14);
    assert!(first_draw_value(c(KING, Clubs)) < first_draw_value(c(1, Clubs)));
    for seed in 0..200 {
        let players = 2 + (seed % 5) as usize;
        let s = State::with_players(players, seed).unwrap();
        let rounds = s.first_draws();
        assert_eq!(rounds[0].len(), players, "everyone draws first");
        let last = rounds.last().unwrap();
        let best = last
            .iter()
            .map(|&(_, c)| first_draw_value(c))
            .max()
            .unwrap();
        let winners: Vec<Seat> = last
            .iter()
            .filter(|&&(_, c)| first_draw_value(c) == best)
            .map(|&(s, _)| s)
            .collect();
        assert_eq!(winners, vec![s.first_player()], "seed {seed}");
        assert_eq!(s.current(), s.first_player());
    }
}

// Ruling "First player": ties draw again (only the tied players).
#[test]
fn ruling_first_player_ties_draw_again() {
    let mut seen = 0;
    for seed in 0..400 {
        let s = State::with_players(6, seed).unwrap();
        let rounds = s.first_draws();
        for pair in rounds.windows(2) {
            let best = pair[0]
                .iter()
                .map(|&(_, c)| first_draw_value(c))
                .max()
                .unwrap();
            let tied: Vec<Seat> = pair[0]
                .iter()
                .filter(|&&(_, c)| first_draw_value(c) == best)
                .map(|&(s, _)| s)
                .collect();
            assert!(tied.len() > 1);
            assert_eq!(pair[1].iter().map(|&(s, _)| s).collect::<Vec<_>>(), tied);
            seen += 1;
        }
    }
    assert!(seen > 10, "ties should happen among six players");
}

// Every random event comes from the seed: the same seed deals the same game.
#[test]
fn ruling_same_seed_same_game() {
    assert_eq!(
        State::with_players(5, 77).unwrap(),
        State::with_players(5, 77).unwrap()
    );
    assert_ne!(
        State::with_players(5, 77).unwrap().stack,
        State::with_players(5, 78).unwrap().stack
    );
}

// The first player draws six cards, one per grave (all six are open).
#[test]
fn first_player_draws_six_cards() {
    let s = State::with_players(3, 11).unwrap();
    assert_eq!(s.turn_targets(), vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(s.phase(), Phase::Draw { grave: 0 });
}
