//! The computer players, Simple and Strong: legal play, their decisions, self-play.

use super::*;

// The Simple bot plays either role to the end with legal actions only,
// and accuses an identity its evidence leaves possible.
#[test]
fn simple_bot_plays_both_roles_to_the_end() {
    for seed in 0..40 {
        let variant = Variant {
            knows_all: seed % 3 == 0,
            length: if seed % 4 == 0 {
                Length::SingleCase
            } else {
                Length::CasePairs(1)
            },
            life_is_pain: seed % 2 == 0,
        };
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let mut s = State::new(kinds, Seat::new(seed as usize % 2), variant, seed).unwrap();
        let mut bots = [
            GravesBot::new(Level::Simple, seed),
            GravesBot::new(Level::Simple, seed + 1),
        ];
        let mut steps = 0;
        while let Some(seat) = s.to_act() {
            let view = s.view(seat);
            let action = bots[seat.index()].choose(&view);
            assert!(view.legal_actions().contains(&action), "{action:?}");
            if let Action::Accuse(identity) = action {
                assert!(view.possible_identities().contains(&identity));
            }
            s.apply(action).unwrap();
            steps += 1;
            assert!(steps < 5_000);
        }
        assert_eq!(s.results().len(), variant.cases());
        assert!(!s.winners().is_empty());
    }
    // A seat that need not act gets an action that is refused.
    let s = game(Variant::default(), 1);
    let action = State::bot_action(&s.view(Seat(1)), Level::Simple, 3);
    assert!(s.clone().apply(action).is_err() || s.to_act() == Some(Seat(1)));
}

// The Mastermind's estimate of being named: certain when the Detective won
// every card it cannot place, small when the Detective won nothing.
#[test]
fn simple_bot_estimates_the_detective_chance() {
    let mut s = table(&[Location::Station]);
    assert!((bot::detective_chance(&s.view(Seat(1))) - 0.2).abs() < 1e-9);
    assert_eq!(bot::detective_chance(&s.view(Seat(0))), 0.0);
    for i in 0..ROW {
        award(&mut s, i, Some(D));
    }
    assert_eq!(bot::detective_chance(&s.view(Seat(1))), 1.0);
}

/// A small search budget: the legality checks below need many decisions,
/// not strong ones.
const QUICK: strong::Budget = strong::Budget {
    playouts: 12,
    steps: 1_500,
};

// The Strong bot plays either role to the end of games of every variant,
// against Simple or Strong, with legal actions only, and accuses an
// identity its evidence leaves possible.
#[test]
fn strong_bot_plays_both_roles_to_the_end() {
    let mut decisions = [0u32; 2];
    for seed in 0..8u64 {
        let variant = Variant {
            knows_all: seed % 4 < 2,
            length: match seed % 4 {
                0 => Length::SingleCase,
                3 => Length::CasePairs(2),
                _ => Length::CasePairs(1),
            },
            life_is_pain: seed % 2 == 0,
        };
        let strong_seat = Seat::new(seed as usize / 2 % 2);
        let both_strong = seed % 3 == 0;
        let kinds = [SeatKind::Computer(Level::Strong); 2];
        let mut s = State::new(kinds, Seat::new(seed as usize % 2), variant, seed).unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(seat) = s.to_act() {
            let view = s.view(seat);
            let action = if seat == strong_seat || both_strong {
                decisions[view.role().index()] += 1;
                strong::strong_action_with(&view, QUICK, strong::Params::default(), &mut rng)
            } else {
                bot::simple_action(&view, &mut rng)
            };
            assert!(view.legal_actions().contains(&action), "{action:?}");
            if let Action::Accuse(identity) = action {
                assert!(view.possible_identities().contains(&identity));
            }
            s.apply(action).unwrap();
            steps += 1;
            assert!(steps < 5_000);
        }
        assert_eq!(s.results().len(), variant.cases());
        assert!(!s.winners().is_empty());
    }
    assert!(decisions.iter().all(|&n| n > 200), "{decisions:?}");
    // A seat that need not act gets an action that is refused.
    let s = game(Variant::default(), 1);
    let action = State::bot_action(&s.view(Seat(1)), Level::Strong, 3);
    assert!(s.clone().apply(action).is_err());
}

// A determinised copy depends on nothing but the seat's view and the
// generator: from two games the seat cannot tell apart, the same generator
// samples the same deal (so a search may keep a determinised copy instead
// of the game itself).
#[test]
fn determinise_reads_only_the_view() {
    for (k, s) in sample_states(4, 11).into_iter().enumerate() {
        for seat in [Seat(0), Seat(1)] {
            let view = s.view(seat);
            let twin = view.determinise(&mut Pcg32::seed_from_u64(k as u64 + 100));
            let a = view.determinise(&mut Pcg32::seed_from_u64(k as u64));
            let b = twin
                .view(seat)
                .determinise(&mut Pcg32::seed_from_u64(k as u64));
            assert_eq!(a, b, "state {k}, {seat:?}");
        }
    }
}

// The search worked in slices, however small, reaches the same decision
// as the search done at once.
#[test]
fn strong_search_in_slices_decides_as_at_once() {
    let mut searched = 0;
    for (k, s) in sample_states(3, 17).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let view = s.view(seat);
        let mut rng = Pcg32::seed_from_u64(k as u64);
        let whole = strong::strong_action_with(&view, QUICK, strong::Params::default(), &mut rng);
        let mut search = strong::Search::new(
            &view,
            QUICK,
            strong::Params::default(),
            Pcg32::seed_from_u64(k as u64),
        );
        let mut calls = 0;
        let sliced = loop {
            calls += 1;
            if let Some(action) = search.step(1 + k as u32 % 40) {
                break action;
            }
        };
        assert_eq!(sliced, whole, "state {k}");
        assert_eq!(search.answer(), Some(whole));
        searched += usize::from(calls > 2);
    }
    assert!(searched >= 5, "{searched} decisions took several slices");
}

// With the app's budget, on positions of both roles: a legal action, the
// same one for the same seed (a saved game replays its computer's moves).
#[test]
fn strong_bot_is_legal_and_deterministic_for_a_seed() {
    let mut roles = [0u32; 2];
    let mut differs = false;
    for (k, s) in sample_states(3, 19).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let view = s.view(seat);
        let legal = view.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        roles[view.role().index()] += 1;
        let seed = k as u64;
        let action = State::bot_action(&view, Level::Strong, seed);
        assert!(legal.contains(&action), "{action:?}");
        // The app's sliced search decides the same.
        let mut search = players::strong_search(&view, seed);
        assert_eq!(
            std::iter::repeat_with(|| search.step(500)).flatten().next(),
            Some(action)
        );
        assert_eq!(State::bot_action(&view, Level::Strong, seed), action);
        let mut a = GravesBot::new(Level::Strong, seed);
        let mut b = GravesBot::new(Level::Strong, seed);
        assert_eq!(a.choose(&view), b.choose(&view));
        assert_eq!(a.choose(&view), b.choose(&view));
        differs |= bot::simple_action(&view, &mut Pcg32::seed_from_u64(seed)) != action;
    }
    assert!(roles.iter().all(|&n| n >= 5), "{roles:?}");
    // The search does not merely repeat the Simple player's choice.
    assert!(differs);
}

// At the last location's last turn, behind with a deuce just placed and two
// Notebooks in hand: only making Notebooks the trump wins the location
// (the Simple player doubles the deuce's own suit, which is not enough).
#[test]
fn strong_bot_makes_its_hand_suit_the_trump_to_win() {
    let quiet = [
        Location::Station,
        Location::Library,
        Location::Docks,
        Location::RecordOffice,
        Location::Alley,
    ];
    for seed in 0..4u64 {
        let mut s = game(Variant::default(), seed);
        set_row(&mut s, &quiet);
        let mut s = played(&s, &[Action::KeepHand, Action::KeepHand]);
        // Ties everywhere up to the Alley, the last location.
        while s.active() < ROW - 1 {
            s = applied(&s, Action::Pass);
        }
        assert_eq!((s.location(), s.lead(), s.actor()), (Location::Alley, D, D));
        s.tokens[ROW - 1] = 1;
        set_pile(
            &mut s,
            ROW - 1,
            D,
            &[d(Shoeprint, 9), d(Shoeprint, 8), d(Shoeprint, 7)],
        );
        set_hand(
            &mut s,
            M,
            &[m(Briefcase, 2), m(Notebook, 9), m(Notebook, 8)],
        );
        let s = played(&s, &[Action::Pass, Action::Place(m(Briefcase, 2))]);
        assert_eq!((s.phase(), s.actor()), (Phase::ChooseTrump, M));
        let view = s.view(Seat(1));
        let simple = bot::simple_action(&view, &mut Pcg32::seed_from_u64(seed));
        assert_eq!(simple, Action::Trump(Briefcase));
        assert_eq!(
            State::bot_action(&view, Level::Strong, seed),
            Action::Trump(Notebook)
        );
    }
}

/// The last case's unmasking of a standard game, seat 0 the Mastermind:
/// in the first case (all locations tied) seat 0 named the wrong identity
/// (1 point to seat 1); in this one the Detective won `detective` evidence
/// cards and the Mastermind `mastermind` (all others tied).
fn last_unmasking(detective: usize, mastermind: usize) -> State {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let wrong = Identity::ALL
        .into_iter()
        .find(|&i| i != s.identity())
        .unwrap();
    let s = applied(&s, Action::Accuse(wrong));
    assert_eq!((s.case(), s.points(Seat(0)), s.points(Seat(1))), (1, 0, 1));
    let mut s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.to_act()), (Phase::Unmask, Some(Seat(0))));
    for (k, e) in s.evidence_in(EvidenceAt::Unseen).into_iter().enumerate() {
        let winner = if k < detective {
            D
        } else if k < detective + mastermind {
            M
        } else {
            continue;
        };
        s.evidence[e.index()] = EvidenceAt::Won(winner);
        s.outcomes[k] = Outcome::Won(winner);
    }
    assert_eq!(s.validate(), Ok(()));
    s
}

// The last case's unmasking, ahead by 3 points (6 to 3) with one evidence
// card won by the Detective, who names the Mastermind with a chance of 1 in
// 3. Staying hidden is worth more points on average (the Simple player
// stays), but a right accusation would tie the points and give the game to
// the Detective on the tie-break: revealing wins the game for sure. Ahead
// by 5 (the Detective won nothing), staying hidden cannot lose the game.
#[test]
fn strong_bot_reveals_itself_to_secure_the_game() {
    let s = last_unmasking(1, 3);
    let view = s.view(Seat(0));
    assert!((bot::detective_chance(&view) - 1.0 / 3.0).abs() < 1e-9);
    let simple = bot::simple_action(&view, &mut Pcg32::seed_from_u64(1));
    assert_eq!(simple, Action::StayHidden);
    assert_eq!(State::bot_action(&view, Level::Strong, 1), Action::Reveal);
    assert_eq!(applied(&s, Action::Reveal).winners(), [Seat(0)]);
    let named = played(&s, &[Action::StayHidden, Action::Accuse(s.identity())]);
    assert_eq!(named.winners(), [Seat(1)]);

    let s = last_unmasking(0, 3);
    let view = s.view(Seat(0));
    assert_eq!(
        State::bot_action(&view, Level::Strong, 1),
        Action::StayHidden
    );
    let named = played(&s, &[Action::StayHidden, Action::Accuse(s.identity())]);
    assert_eq!(named.winners(), [Seat(0)]);
}

// Self-play of the Simple bot against itself, both roles: neither role is
// hopeless (each wins at least a quarter of the locations and of the
// cases; measured: 44% and 54% of locations, 60% and 40% of cases), and
// the unmasking happens both ways (reveals, right and wrong accusations).
// The table: `cargo test --release -p engine self_play_simple_vs_simple -- --nocapture`.
#[test]
fn self_play_simple_vs_simple() {
    let games = 2_000u64;
    let start = std::time::Instant::now();
    let (mut locations, mut det_locations, mut mm_locations) = (0u32, 0u32, 0u32);
    let (mut cases, mut det_cases, mut mm_cases) = (0u32, 0u32, 0u32);
    let (mut reveals, mut accusations, mut correct) = (0u32, 0u32, 0u32);
    let mut first_wins = 0u32;
    let mut draws = 0u32;
    let mut actions = 0u64;
    for seed in 0..games {
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let first = Seat::new(seed as usize % 2);
        let mut s = State::new(kinds, first, Variant::default(), seed).unwrap();
        let mut bots = [
            GravesBot::new(Level::Simple, 2 * seed),
            GravesBot::new(Level::Simple, 2 * seed + 1),
        ];
        while let Some(seat) = s.to_act() {
            let action = bots[seat.index()].choose(&s.view(seat));
            s.apply(action).unwrap();
            actions += 1;
        }
        for e in s.log() {
            if let Event::Resolved { winner, .. } = e {
                locations += 1;
                let _ = winner;
            }
        }
        for r in s.results() {
            cases += 1;
            det_locations += u32::from(r.evidence[0]);
            mm_locations += u32::from(r.evidence[1]);
            let det = r.points(r.detective);
            let mm = r.points(r.mastermind());
            det_cases += u32::from(det > mm);
            mm_cases += u32::from(mm > det);
            reveals += u32::from(r.revealed);
            accusations += u32::from(r.accused.is_some());
            correct += u32::from(r.correct());
        }
        match s.winners() {
            [w] if *w == first => first_wins += 1,
            [_] => {}
            _ => draws += 1,
        }
    }
    let pct = |n: u32, d: u32| 100.0 * f64::from(n) / f64::from(d.max(1));
    println!("Detective Graves self-play, Simple vs Simple, {games} standard games (seeds 0..)");
    println!("| | Detective | Mastermind | tie |");
    println!("|---|---|---|---|");
    println!(
        "| locations won | {:.1}% | {:.1}% | {:.1}% |",
        pct(det_locations, locations),
        pct(mm_locations, locations),
        pct(locations - det_locations - mm_locations, locations)
    );
    println!(
        "| cases won (more points in the case) | {:.1}% | {:.1}% | {:.1}% |",
        pct(det_cases, cases),
        pct(mm_cases, cases),
        pct(cases - det_cases - mm_cases, cases)
    );
    println!(
        "Unmasking: reveals {:.1}% of cases; accusations right {:.1}% of {accusations}",
        pct(reveals, cases),
        pct(correct, accusations)
    );
    println!(
        "Games: first Detective wins {:.1}%, draws {:.1}%; {:.0} actions per game ({:.1?})",
        pct(first_wins, games as u32),
        pct(draws, games as u32),
        actions as f64 / games as f64,
        start.elapsed()
    );
    assert_eq!(cases, 2 * games as u32, "two cases a game");
    for (role, won, of) in [
        ("Detective, locations", det_locations, locations),
        ("Mastermind, locations", mm_locations, locations),
        ("Detective, cases", det_cases, cases),
        ("Mastermind, cases", mm_cases, cases),
    ] {
        assert!(4 * won >= of, "{role}: {won} of {of}");
    }
    assert!(reveals > 0, "no case unmasked by a reveal");
    assert!(
        0 < correct && correct < accusations,
        "{correct} of {accusations} accusations right"
    );
}

/// Counts over standard games between two levels, A and B.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u32,
    /// A's games won, drawn, lost.
    results: [u32; 3],
    /// The first Detective's games won, drawn, lost.
    first_detective: [u32; 3],
    /// By A's role in the case (Detective, Mastermind): cases A won, lost,
    /// tied (more points in the case).
    cases: [[u32; 3]; 2],
    /// By A's role in the case: A's points, then B's.
    points: [[u32; 2]; 2],
    /// Decisions of Strong players, and their wall time in microseconds.
    strong_decisions: u64,
    strong_micros: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        for k in 0..3 {
            self.results[k] += other.results[k];
            self.first_detective[k] += other.first_detective[k];
            for role in 0..2 {
                self.cases[role][k] += other.cases[role][k];
            }
        }
        for role in 0..2 {
            for side in 0..2 {
                self.points[role][side] += other.points[role][side];
            }
        }
        self.strong_decisions += other.strong_decisions;
        self.strong_micros += other.strong_micros;
    }

    /// Cases won, lost, tied by the Detective, whoever played it.
    fn detective_cases(&self) -> [u32; 3] {
        let c = &self.cases;
        [c[0][0] + c[1][1], c[0][1] + c[1][0], c[0][2] + c[1][2]]
    }
}

/// Won, drawn or lost, as an index of [`Tally::results`].
fn game_result(s: &State, seat: Seat) -> usize {
    match s.winners() {
        [w] if *w == seat => 0,
        [_] => 2,
        _ => 1,
    }
}

/// One standard game of `levels[0]` (A) against `levels[1]` (B): A sits at
/// seat `seed % 2`, and seat `seed / 2 % 2` is the first Detective.
fn level_game(levels: [Level; 2], seed: u64) -> Tally {
    let a = Seat::new(seed as usize % 2);
    let b = Seat::new(1 - a.index());
    let mut kinds = [SeatKind::Computer(levels[1]); 2];
    kinds[a.index()] = SeatKind::Computer(levels[0]);
    let first = Seat::new(seed as usize / 2 % 2);
    let mut s = State::new(kinds, first, Variant::default(), seed).unwrap();
    let mut bots = [0, 1].map(|i| GravesBot::new(kinds[i].level().unwrap(), 2 * seed + i as u64));
    let mut t = Tally {
        games: 1,
        ..Tally::default()
    };
    while let Some(seat) = s.to_act() {
        let bot = &mut bots[seat.index()];
        let start = std::time::Instant::now();
        let action = bot.choose(&s.view(seat));
        if bot.level() == Level::Strong {
            t.strong_decisions += 1;
            t.strong_micros += start.elapsed().as_micros() as u64;
        }
        s.apply(action).unwrap();
    }
    for r in s.results() {
        let role = r.role_of(a).index();
        let (pa, pb) = (r.points(a), r.points(b));
        let k = match pa.cmp(&pb) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 2,
        };
        t.cases[role][k] += 1;
        t.points[role][0] += pa;
        t.points[role][1] += pb;
    }
    t.results[game_result(&s, a)] += 1;
    t.first_detective[game_result(&s, first)] += 1;
    t
}

/// [`level_game`] for each of `seeds`, on two threads.
fn level_games(levels: [Level; 2], seeds: std::ops::Range<u64>) -> Tally {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|thread| {
                let seeds = seeds.clone();
                scope.spawn(move || {
                    let mut total = Tally::default();
                    for seed in seeds.skip(thread).step_by(2) {
                        total.add(&level_game(levels, seed));
                    }
                    total
                })
            })
            .collect();
        let mut total = Tally::default();
        for handle in handles {
            total.add(&handle.join().unwrap());
        }
        total
    })
}

// Self-play of the Strong bot (the app's budget) against the Simple bot
// and against itself, standard games: the Strong player's cases by its
// role and its games, then the game's balance (Detective against
// Mastermind) between equal players, Simple's for comparison. Run with
// `cargo test --release -p engine detective_graves::tests::bots::self_play_strong
// -- --ignored --nocapture` (two threads, about an hour).
#[test]
#[ignore]
fn self_play_strong_vs_simple_and_strong() {
    use Level::{Simple, Strong};
    let games = 1_000u64;
    let pct = |n: u32, d: u32| 100.0 * f64::from(n) / f64::from(d.max(1));
    let per_case = |points: u32, n: u32| f64::from(points) / f64::from(n.max(1));
    let budget = strong::BUDGET;
    println!(
        "Detective Graves self-play, {games} standard games per pairing, \
         Strong's budget {} playouts and {} simulated actions per decision",
        budget.playouts, budget.steps
    );
    println!();
    let start = std::time::Instant::now();
    let t = level_games([Strong, Simple], 0..games);
    println!("Strong against Simple (seeds 0..{games}): cases by the Strong player's role");
    println!("| Strong as | cases | won | lost | tied | Strong's points | Simple's points |");
    println!("|---|---|---|---|---|---|---|");
    let mut strong_wins = [0.0; 2];
    for (role, name) in ["Detective", "Mastermind"].into_iter().enumerate() {
        let c = t.cases[role];
        let n = c.iter().sum::<u32>();
        strong_wins[role] = pct(c[0], n);
        println!(
            "| {name} | {n} | {:.1}% | {:.1}% | {:.1}% | {:.2} | {:.2} |",
            pct(c[0], n),
            pct(c[1], n),
            pct(c[2], n),
            per_case(t.points[role][0], n),
            per_case(t.points[role][1], n),
        );
    }
    println!(
        "Games: Strong won {:.1}%, drew {:.1}%, lost {:.1}%; {:.0} Strong decisions \
         per game, {:.2} ms each (wall time); {:.1?}",
        pct(t.results[0], t.games),
        pct(t.results[1], t.games),
        pct(t.results[2], t.games),
        t.strong_decisions as f64 / f64::from(t.games.max(1)),
        t.strong_micros as f64 / 1e3 / t.strong_decisions.max(1) as f64,
        start.elapsed()
    );
    let strong_record = t.results;
    println!();
    println!(
        "Equal players (seeds {games}..{}): the Detective against the Mastermind",
        2 * games
    );
    println!(
        "| players | cases | Detective won | Mastermind won | tied | Detective's points \
         | Mastermind's points | games won by the first Detective | drawn |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut simple_wins = [0.0; 2];
    for level in [Strong, Simple] {
        let start = std::time::Instant::now();
        let t = level_games([level, level], games..2 * games);
        let c = t.detective_cases();
        let n = c.iter().sum::<u32>();
        let detective = t.points[0][0] + t.points[1][1];
        let mastermind = t.points[0][1] + t.points[1][0];
        println!(
            "| {level:?} | {n} | {:.1}% | {:.1}% | {:.1}% | {:.2} | {:.2} | {:.1}% | {:.1}% | ({:.1?})",
            pct(c[0], n),
            pct(c[1], n),
            pct(c[2], n),
            per_case(detective, n),
            per_case(mastermind, n),
            pct(t.first_detective[0], t.games),
            pct(t.first_detective[1], t.games),
            start.elapsed()
        );
        if level == Simple {
            simple_wins = [pct(c[0], n), pct(c[1], n)];
        }
    }
    // Stronger than Simple in both roles: more cases won than a Simple
    // player wins in that role against Simple, and more games won than
    // lost.
    assert!(
        strong_wins[0] > simple_wins[0] && strong_wins[1] > simple_wins[1],
        "{strong_wins:?} {simple_wins:?}"
    );
    assert!(strong_record[0] > strong_record[2], "{strong_record:?}");
}

#[test]
fn a_seat_can_be_given_to_the_computer_mid_game() {
    let mut state = State::new([SeatKind::Person; 2], Seat(0), Variant::default(), 7).unwrap();
    let before = state.view(Seat(0));
    assert!(state.set_seat_kind(Seat(1), SeatKind::Computer(Level::Simple)));
    assert_eq!(
        state.seat_kind(Seat(1)),
        Some(SeatKind::Computer(Level::Simple))
    );
    assert!(
        !state.set_seat_kind(Seat(2), SeatKind::Person),
        "no third seat"
    );
    assert_eq!(state.validate(), Ok(()));
    // Nothing else changed: the hands and the board are as they were.
    assert_eq!(state.view(Seat(0)).hand(), before.hand());
}
