//! What the view hides (the stack's order), save and load.

use super::*;

// Everything is public but the order of the victim stack: two tables that
// differ only in that order look the same, and a determinised copy does not
// depend on it.
#[test]
fn view_hides_the_stack_order() {
    let a = State::with_players(4, 31).unwrap();
    let mut b = a.clone();
    b.stack.reverse();
    let (va, vb) = (a.view(Seat(2)), b.view(Seat(2)));
    assert_eq!(va.stack_cards(), vb.stack_cards());
    assert_eq!(va.stack_len(), 52);
    assert_eq!(va.graves(), vb.graves());
    assert_eq!(va.legal_actions(), vb.legal_actions());
    assert_eq!(format!("{va:?}"), format!("{vb:?}"));
    let mut r1 = Pcg32::seed_from_u64(5);
    let mut r2 = Pcg32::seed_from_u64(5);
    assert_eq!(va.determinise(&mut r1), vb.determinise(&mut r2));
    // The determinised copy keeps the public facts.
    let d = va.determinise(&mut Pcg32::seed_from_u64(6));
    assert_eq!(d.graves, a.graves);
    assert_eq!(sorted(d.stack.clone()), sorted(a.stack.clone()));
    assert_ne!(d.rng, a.rng, "later shuffles are not predictable");
}

// A view is the game less its secrets, no more and no less: the game it
// knows (`skeleton`) is the game with the stack's hidden part sorted, no
// seed, a generator seeded with 0 and no log, whose view is the view again;
// every query it shares with the state answers the same. (What the view
// held when it was a cleaned copy of the state.)
#[test]
fn a_view_is_the_game_less_its_secrets() {
    // Games until one had cards known under the stack (held cards of an
    // arrested player), which the view keeps in their order.
    let mut known_bottoms = 0;
    for seed in 40..60 {
        let mut s = State::with_players(4, seed).unwrap();
        let mut bot = SerialKillerBot::new(Level::Simple, seed);
        while !s.is_over() {
            for seat in Seat::all(4) {
                let view = s.view(seat);
                let mut known = s.clone();
                known.seed = 0;
                known.rng = Pcg32::seed_from_u64(0);
                known.log = Vec::new();
                let k = usize::from(known.known_bottom).min(known.stack.len());
                known.stack[k..].sort_unstable();
                assert_eq!(view.skeleton(), known);
                assert_eq!(known.view(seat), view);
                assert_eq!(view.legal_actions(), s.legal_actions());
                assert_eq!(view.status(), s.status());
                assert_eq!(view.stack_known_bottom(), s.stack_known_bottom());
                assert_eq!(
                    view.legal_tips().collect::<Vec<_>>(),
                    s.legal_tips().collect::<Vec<_>>()
                );
                for action in s.action_space() {
                    assert_eq!(view.check(&action), s.check(&action));
                }
            }
            known_bottoms += usize::from(s.known_bottom > 0);
            s.apply(bot.choose(&s.view(s.current()))).unwrap();
        }
        if known_bottoms > 0 {
            return;
        }
    }
    panic!("no game had cards known under the stack");
}

// Cards put under the stack at an arrest are known; determinising keeps them.
#[test]
fn view_keeps_the_known_bottom_of_the_stack() {
    let graves: [&[Card]; GRAVES] = [&[KS], &[KH], &[N4], &[JD], &[QH], &[N2]];
    let mut s = table(3, graves, &[N3, N5], 0);
    give(&mut s, 1, AH);
    s.clues[1] = 0;
    let s = run(&s, &[Action::Draw, Action::Draw, Action::EndTurn]);
    let v = s.view(Seat(0));
    assert_eq!(v.stack_known_bottom(), &[AH]);
    let d = v.determinise(&mut Pcg32::seed_from_u64(1));
    assert_eq!(d.stack[0], AH);
}

// Save and load is exact, and a loaded game plays on identically.
#[test]
fn save_and_load_is_exact() {
    let mut s = State::with_players(4, 8).unwrap();
    let mut bot = SerialKillerBot::new(Level::Simple, 3);
    for _ in 0..60 {
        let a = bot.choose(&s.view(s.current()));
        s.apply(a).unwrap();
    }
    let json = serde_json::to_string(&s).unwrap();
    let mut loaded: State = serde_json::from_str(&json).unwrap();
    assert_eq!(loaded, s);
    assert!(loaded.validate().is_ok());
    while !s.is_over() {
        let a = bot.clone().choose(&s.view(s.current()));
        s.apply(a).unwrap();
        loaded.apply(a).unwrap();
        assert_eq!(loaded, s);
    }
}

// The state keeps the game's log: every event `apply` returned, in order.
// A seat's view carries none of it (the log travels beside a view), and a
// save written before the state kept it reads with none, taking back the
// log of the same game played again, and only of that game.
#[test]
fn the_log_keeps_every_event_and_an_earlier_save_takes_it_back() {
    let mut s = State::with_players(3, 12).unwrap();
    let mut again = s.clone();
    let mut bot = SerialKillerBot::new(Level::Simple, 5);
    let mut events = Vec::new();
    for _ in 0..50 {
        let a = bot.choose(&s.view(s.current()));
        events.extend(s.apply(a).unwrap());
        again.apply(a).unwrap();
    }
    assert_eq!(s.log(), events);
    assert!(!events.is_empty());
    let view = serde_json::to_string(&s.view(Seat(1))).unwrap();
    assert!(!view.contains("TurnBegan") && !view.contains("log"));
    let mut json: serde_json::Value = serde_json::to_value(&s).unwrap();
    json.as_object_mut().unwrap().remove("log");
    let earlier: State = serde_json::from_value(json).unwrap();
    assert!(earlier.log().is_empty() && earlier.validate().is_ok());
    assert_eq!(earlier.with_log_of(&again), Some(s.clone()));
    let other = State::with_players(3, 13).unwrap();
    assert_eq!(earlier.with_log_of(&other), None, "another game");
    assert_eq!(s.with_log_of(&again), None, "it has its log");
}
