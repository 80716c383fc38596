//! `check` against `apply` and the seat views, the bot seed, the redeal.

use super::*;

// `check` is a dry run: it accepts exactly the legal actions, refuses the
// others with the error `apply` gives, and changes nothing; a seat's view
// judges its own actions the same way (and refuses any other seat's).
#[test]
fn check_agrees_with_apply_and_with_the_seat_views() {
    for s in sample_states(4, 23) {
        let legal = s.legal_actions();
        let acting = s.to_act();
        let views = [Seat(0), Seat(1)].map(|seat| s.view(seat));
        for action in s.action_space() {
            let checked = s.check(&action);
            let mut copy = s.clone();
            let applied = copy.apply(action);
            assert_eq!(checked.is_ok(), legal.contains(&action), "{action:?}");
            match applied {
                Ok(_) => assert!(checked.is_ok()),
                Err(e) => {
                    assert_eq!(checked, Err(e));
                    assert_eq!(copy, s);
                }
            }
            for view in &views {
                let expected = if Some(view.seat()) == acting {
                    checked
                } else if s.is_over() {
                    Err(RuleError::GameOver)
                } else {
                    Err(RuleError::NotYourTurn)
                };
                assert_eq!(view.check(&action), expected, "{action:?}");
            }
        }
        for view in &views {
            let expected = if Some(view.seat()) == acting {
                legal.clone()
            } else {
                Vec::new()
            };
            assert_eq!(view.legal_actions(), expected);
        }
    }
}

// The Simple player decides the same from a seat's view (the app) as
// straight from the game the Strong search simulates.
#[test]
fn simple_bot_decides_the_same_from_the_view_and_in_playouts() {
    for (k, s) in sample_states(4, 3).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let seed = k as u64;
        assert_eq!(
            bot::simple_action(&s.view(seat), &mut Pcg32::seed_from_u64(seed)),
            strong::simple_in_playout(&s, seat, &mut Pcg32::seed_from_u64(seed)),
            "state {k}"
        );
    }
}

// The bot seed comes from the game's seed and the actions applied, and
// moves with every action; a save written before it was kept loads at 0.
#[test]
fn bot_seed_moves_with_every_action_and_old_saves_load() {
    let s = dealt(Variant::default(), 8);
    assert_eq!(s.bot_seed(), crate::game::bot_seed(8, 0));
    let t = applied(&s, Action::KeepHand);
    assert_eq!(t.actions_applied(), 1);
    assert_ne!(t.bot_seed(), s.bot_seed());
    let mut json: serde_json::Value = serde_json::to_value(&t).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("actions");
    fields.remove("resolving");
    let old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.actions_applied(), 0);
    assert_eq!(old.validate(), Ok(()));
    // An old log naming the set-aside card still loads (the name unread).
    let text = serde_json::to_string(&t).unwrap().replacen(
        "\"identity\":\"",
        "\"set_aside\":{\"cleared\":[\"Banker\",\"Surgeon\"]},\"identity\":\"",
        1,
    );
    assert!(text.contains("set_aside"));
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);
}

// A redeal for a seat keeps its view and deals again what it cannot see.
#[test]
fn redeal_keeps_the_seat_view_and_changes_the_rest() {
    let mut differed = [false; 2];
    for (k, s) in sample_states(4, 13).into_iter().enumerate() {
        for seat in [Seat(0), Seat(1)] {
            let t = s.redeal(seat, &mut Pcg32::seed_from_u64(k as u64));
            assert_eq!(t.view(seat), s.view(seat));
            let them = s.role_of(seat).other();
            differed[seat.index()] |= t.hand(them) != s.hand(them);
        }
    }
    assert_eq!(differed, [true; 2]);
}
