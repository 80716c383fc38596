//! What a Vigilante's view hides; save and load.

use super::*;

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
