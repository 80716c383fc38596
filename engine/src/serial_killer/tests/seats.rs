//! Seats, views and seeds: the multiplayer contract, redeals, the bots' seed.

use super::*;

// The bots' seed comes from the game's seed and the actions applied so far.
#[test]
fn bot_seed_from_the_seed_and_the_actions_applied() {
    let s = State::with_players(3, 9).unwrap();
    assert_eq!(s.bot_seed(), game::bot_seed(9, 0));
    refused(&s, Action::EndTurn);
    let s = applied(&s, Action::Draw);
    assert_eq!(s.bot_seed(), game::bot_seed(9, 1));
    let s = applied(&s, s.legal_actions()[0]);
    assert_eq!(s.bot_seed(), game::bot_seed(9, 2));
    // A re-deal keeps it: it tells nothing of the hidden cards.
    assert_eq!(s.redeal(5).bot_seed(), s.bot_seed());
}

// Saves written before the action count was kept load (as 0) and are
// written back unchanged; the count is saved once there is one.
#[test]
fn saves_without_the_action_count_load_and_write_back_unchanged() {
    let fresh = State::with_players(3, 9).unwrap();
    let text = serde_json::to_string(&fresh).unwrap();
    assert!(!text.contains("\"actions\""));
    let loaded: State = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded, fresh);
    let played = applied(&fresh, Action::Draw);
    let text = serde_json::to_string(&played).unwrap();
    assert!(text.contains(",\"actions\":1,\"log\":["), "{text}");
    let old = text.replace(",\"actions\":1", "");
    let loaded: State = serde_json::from_str(&old).unwrap();
    assert_eq!(loaded.actions, 0);
    assert_eq!(serde_json::to_string(&loaded).unwrap(), old);
}

// Who acts, the seats, the winners, through the multiplayer contract.
#[test]
fn multiplayer_seats_to_act_and_winners() {
    let s = State::with_players(4, 3).unwrap();
    assert_eq!(s.seat_count(), 4);
    assert_eq!(Multiplayer::to_act(&s), Some(s.current()));
    assert!(Multiplayer::winners(&s).is_empty());
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[JC]];
    let mut s = table(2, graves, &[N3], 0);
    s.clues[0] = 1;
    let s = run(&s, &[Action::Draw, Action::EndTurn]);
    assert_eq!(Multiplayer::to_act(&s), None);
    assert_eq!(Multiplayer::winners(&s), vec![Seat(1)]);
}

// Every seat's view is the same value after the hidden cards are dealt
// again (the stack's order, the generator); the re-deal does change them.
#[test]
fn views_are_unchanged_by_a_redeal_of_the_hidden_cards() {
    let mut s = State::with_players(5, 17).unwrap();
    let mut rng = Pcg32::seed_from_u64(8);
    let mut buffer = Vec::new();
    for step in 0..300 {
        if s.is_over() {
            break;
        }
        let other = s.redeal(step);
        assert_ne!(other.rng, s.rng);
        if s.stack.len() > s.known_bottom as usize + 1 {
            assert_ne!(other.stack, s.stack);
        }
        assert_eq!(sorted(other.stack.clone()), sorted(s.stack.clone()));
        assert_eq!(other.validate(), Ok(()));
        for seat in Seat::all(5) {
            assert_eq!(other.view(seat), s.view(seat));
            assert_eq!(
                serde_json::to_string(&other.view(seat)).unwrap(),
                serde_json::to_string(&s.view(seat)).unwrap()
            );
        }
        let action = bot::simple_action(&s.view(s.current()), &mut rng, &mut buffer);
        s.apply(action).unwrap();
    }
}

// A view is an owned value that saves and loads, and holds no seed and no
// generator of the game's.
#[test]
fn a_view_serialises_without_secrets() {
    let s = State::with_players(3, 23).unwrap();
    let view = s.view(Seat(2));
    let json = serde_json::to_string(&view).unwrap();
    let back: SeatView = serde_json::from_str(&json).unwrap();
    assert_eq!(back, view);
    assert_eq!(back.seat(), Seat(2));
    assert!(!json.contains(&serde_json::to_string(&s.rng).unwrap()));
    assert!(!json.contains("\"seed\":23"));
    let stack = serde_json::to_string(&s.stack).unwrap();
    assert!(!json.contains(&stack), "the stack's order");
    assert_eq!(view.stack_cards(), sorted(s.stack.clone()));
}

// The computer's choice, from the view alone, is legal.
#[test]
fn bot_action_from_the_view_is_legal() {
    let mut s = State::new(
        &[
            SeatKind::Computer(Level::Simple),
            SeatKind::Computer(Level::Strong),
        ],
        31,
    )
    .unwrap();
    while !s.is_over() {
        let seat = s.to_act().unwrap();
        let level = s.seat_kind(seat).and_then(SeatKind::level).unwrap();
        let level = if level == Level::Strong && s.turns() > 6 {
            Level::Simple
        } else {
            level
        };
        let action = State::bot_action(&s.view(seat), level, s.bot_seed());
        assert!(s.legal_actions().contains(&action), "{action:?}");
        s.apply(action).unwrap();
    }
}
