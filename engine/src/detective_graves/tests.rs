use super::*;
use rand::SeedableRng;

#[test]
fn smoke_bot_games() {
    for seed in 0..200 {
        let mut s = State::new(
            [SeatKind::Person; 2],
            Seat(seed as u8 % 2),
            Variant::default(),
            seed,
        )
        .unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut n = 0;
        while let Some(seat) = s.to_act() {
            let a = if n % 3 == 0 {
                let l = s.legal_actions();
                l[rng.random_range(0..l.len())]
            } else {
                bot::simple_action(&s.view(seat), &mut rng)
            };
            s.apply(a).unwrap();
            n += 1;
            assert!(n < 5000, "{s:?}");
        }
        assert_eq!(s.validate(), Ok(()));
        if seed < 3 {
            println!("{n} {:?} {:?}", s.results(), s.winners());
        }
    }
}
