//! Joker's rules, a test per clause of `rules/joker.md` and per ruling of
//! the Joker section of `RULINGS.md`; names say which.

use super::*;

#[test]
fn setup_grid_is_25_distinct_cards_with_one_joker() {
    let state = State::with_players(3, 1).unwrap();
    assert_eq!(state.validate(), Ok(()));
    assert_eq!(
        state.all_pieces().iter().filter(|c| c.is_joker()).count(),
        1
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
