//! The computer players: legal play, the belief, the Strong Informant and Vigilante, self-play.

use super::*;

/// Every seat's bot answers every position of random games (2–4 players,
/// teams sometimes, seats of every kind) with a legal action.
#[test]
fn bots_play_only_legal_actions_from_any_reachable_position() {
    let mut rng = Pcg32::seed_from_u64(4);
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let kinds: Vec<SeatKind> = (0..players)
            .map(|i| match (seed + i as u64) % 3 {
                0 => SeatKind::Person,
                1 => SeatKind::Computer(Level::Simple),
                _ => SeatKind::Computer(Level::Strong),
            })
            .collect();
        let mut s = if seed % 2 == 0 {
            let teams: Vec<u8> = (0..players).map(|i| (i % 2) as u8).collect();
            State::with_teams(&kinds, &teams, seed).unwrap()
        } else {
            State::new(&kinds, seed).unwrap()
        };
        let mut steps = 0;
        while !s.is_over() {
            let seat = s.to_act().unwrap();
            let view = s.view(seat);
            let legal = s.legal_actions();
            for level in Level::ALL {
                let mut bot = JokerBot::new(level, steps).with_budget(20_000);
                let a = bot.choose(&view);
                assert!(legal.contains(&a), "{level:?} chose {a:?} at {view:?}");
            }
            // Mostly random play, so that the bots meet odd positions.
            let a = if rng.random_ratio(1, 3) {
                JokerBot::new(Level::Simple, steps).choose(&view)
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            s.apply(a).unwrap();
            steps += 1;
        }
        // Seats that need not act get actions that are refused.
        let a = bot::choose(&s.view(Seat(0)), Level::Strong, 1);
        assert!(s.clone().apply(a).is_err());
    }
}

// The UI entry point: a legal action for the seat to act at every level.
#[test]
fn bot_entry_point_answers_legal_actions() {
    let s = State::with_players(3, 2).unwrap();
    let pending = applied(&s, Action::Probe(Cell(4)));
    for level in Level::ALL {
        let a = bot::choose(&s.view(Seat(1)), level, 4);
        assert!(s.legal_actions().contains(&a), "{a:?}");
        let a = bot::choose(&pending.view(Seat(0)), level, 4);
        assert!(pending.legal_actions().contains(&a), "{a:?}");
        // A Vigilante asked during the Informant's answer: refused.
        let a = bot::choose(&pending.view(Seat(1)), level, 4);
        assert!(pending.clone().apply(a).is_err());
    }
}

// The belief is a distribution over the cells consistent with the log.
#[test]
fn belief_sums_to_one_on_the_consistent_cells() {
    let mut rng = Pcg32::seed_from_u64(2);
    for seed in 0..30 {
        let mut s = State::with_players(3, seed).unwrap();
        for _ in 0..10 {
            let cell = blank(&s);
            let pending = applied(&s, Action::Probe(cell));
            let allowed = pending.allowed_answers().unwrap();
            s = applied(&pending, Action::Answer(rng.random_range(allowed)));
            let v = s.view(s.current());
            for model in [InformantModel::Uniform, InformantModel::Pooled] {
                let w = bot::belief(&v, model);
                assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                for cell in Cell::all() {
                    if !v.consistent_cells().contains(cell) {
                        assert_eq!(w[cell.index()], 0.0);
                    }
                }
                assert!(w[s.joker().index()] > 0.0, "the Joker is never ruled out");
            }
        }
    }
}

// The Strong Informant's mix pools answers that several distances share:
// with roll 1, distances 2 and 4 (answers 1–3 and 3–5) both answer 3, and
// the answer then tells nothing; where no answer is shared (distances 0 and
// 8), each keeps its own.
#[test]
fn pooled_answers_pool_on_answers_distances_share() {
    let mut mu = [0.0; 9];
    mu[2] = 0.5;
    mu[4] = 0.5;
    let q = bot::pooled_answers(&mu, 1);
    assert!(q[3] > 0.99, "{q:?}");
    let chances = bot::answer_chances(&mu, 1, InformantModel::Pooled);
    assert!(chances[2][3] > 0.99 && chances[4][3] > 0.99);
    // Three windows in a row, equal chances (roll 1; distances 1, 3, 5:
    // answers 0–2, 2–4, 4–6): the middle distance mixes between the two
    // shared answers.
    let mut mu = [0.0; 9];
    mu[1] = 1.0 / 3.0;
    mu[3] = 1.0 / 3.0;
    mu[5] = 1.0 / 3.0;
    let chances = bot::answer_chances(&mu, 1, InformantModel::Pooled);
    assert!(chances[1][2] > 0.99 && chances[5][4] > 0.99);
    assert!((chances[3][2] - 0.5).abs() < 0.01 && (chances[3][4] - 0.5).abs() < 0.01);
    // Every distance's chances sum to 1 within its range.
    for roll in 1..=DIE {
        for row in bot::answer_chances(&mu, roll, InformantModel::Pooled) {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }
}

// The fixed number of rounds of the Informant's iteration is close to the
// optimum on the positions of real games: what its answers tell is within
// 0.01 nats of the least possible, 0.001 on average.
#[test]
fn pooled_answers_converge_within_pooling_rounds() {
    let mut rng = Pcg32::seed_from_u64(1);
    let (mut worst, mut total, mut n) = (0.0f64, 0.0, 0.0);
    for seed in 0..20 {
        let kinds = [SeatKind::Computer(Level::Strong); 2];
        let mut s = State::new(&kinds, seed).unwrap();
        let mut bots = [
            JokerBot::new(Level::Strong, seed),
            JokerBot::new(Level::Simple, seed),
        ];
        while s.round() == 0 {
            let v = s.view(s.to_act().unwrap());
            let w = bot::belief(&v, InformantModel::Pooled);
            let probe = Cell(rng.random_range(0..25));
            let mut mu = [0.0; 9];
            for c in Cell::all() {
                mu[usize::from(c.distance(probe))] += w[c.index()];
            }
            for roll in 1..=DIE {
                let leak = |q: [f64; 15]| -> f64 {
                    (0..9)
                        .filter(|&d| mu[d] > 0.0)
                        .map(|d| {
                            let r = allowed_answers(d as u8, roll);
                            let m: f64 = q[usize::from(*r.start())..=usize::from(*r.end())]
                                .iter()
                                .sum();
                            -mu[d] * m.ln()
                        })
                        .sum()
                };
                let gap = leak(bot::pooled_answers(&mu, roll)) - leak(bot::pool(&mu, roll, 3_000));
                worst = worst.max(gap);
                total += gap;
                n += 1.0;
            }
            let a = bots[usize::from(v.is_informant())].choose(&v);
            s.apply(a).unwrap();
        }
    }
    assert!(
        worst < 0.01 && total / n < 0.001,
        "worst {worst}, mean {}",
        total / n
    );
}

// The Strong Informant answers as its public mix says (so a Strong
// Vigilante can read its answers exactly), always within range.
#[test]
fn strong_informant_answers_as_its_public_mix() {
    let s = table(3, Cell(12));
    let s = probe(&s, Cell(0));
    let mut s = applied(&s, Action::Probe(Cell(4)));
    s.phase = Phase::Answer {
        cell: Cell(4),
        roll: 3,
    };
    let v = s.view(Seat(0));
    let w = bot::belief(&v, InformantModel::Pooled);
    let mut mu = [0.0; 9];
    for c in Cell::all() {
        mu[usize::from(c.distance(Cell(4)))] += w[c.index()];
    }
    let expected = bot::answer_chances(&mu, 3, InformantModel::Pooled)
        [usize::from(Cell(4).distance(Cell(12)))];
    let mut counts = [0u32; 15];
    let mut rng = Pcg32::seed_from_u64(6);
    let n = 20_000;
    for _ in 0..n {
        let Action::Answer(a) = bot::strong_answer(&v, &mut rng) else {
            panic!("not an answer")
        };
        assert!(v.allowed_answers().unwrap().contains(&a));
        counts[usize::from(a)] += 1;
    }
    for (a, (&count, &p)) in counts.iter().zip(&expected).enumerate() {
        let share = f64::from(count) / f64::from(n);
        assert!((share - p).abs() < 0.015, "answer {a}: {share} vs {p}");
    }
}

// A Strong Vigilante shoots a cell that must be the Joker, and never
// shoots when locked.
#[test]
fn strong_vigilante_shoots_a_certain_joker_unless_locked() {
    // Roll 1 each time: distance 0–1 from the centre, 2–4 from the top
    // left corner, 2–4 from the bottom right one: only the centre.
    let mut s = table(3, Cell(12));
    for (seat, cell, answer) in [(1, 12, 0), (2, 0, 3), (1, 24, 3)] {
        s.log.push(Event::Probe {
            round: 0,
            seat: Seat(seat),
            cell: Cell(cell),
            roll: 1,
            answer,
        });
    }
    s.current = Seat(2);
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.consistent_cells(), [Cell(12)].into_iter().collect());
    for level in Level::ALL {
        let a = bot::choose(&s.view(Seat(2)), level, 1);
        assert_eq!(a, Action::Shoot(Cell(12)), "{level:?}");
    }
    let mut locked = s.clone();
    locked.locks[2] = Lock::UntilAnotherShot;
    for seed in 0..20 {
        let a = bot::choose(&locked.view(Seat(2)), Level::Strong, seed);
        assert!(matches!(a, Action::Probe(_)), "{a:?}");
    }
}

/// How a round of bots went.
#[derive(Clone, Copy, Debug)]
struct RoundStats {
    /// The seat that shot the Joker.
    winner: Seat,
    probes: u32,
    shots: u32,
    /// The shots of seat 1.
    first_shots: u32,
}

/// Plays the first round of a game of computers of `levels` (seat 0 is the
/// Informant; seats 1.. the Vigilantes, in turn order).
fn bot_round(levels: &[Level], seed: u64, budget: u32) -> RoundStats {
    let kinds: Vec<SeatKind> = levels.iter().map(|&l| SeatKind::Computer(l)).collect();
    let mut s = State::new(&kinds, seed).unwrap();
    let mut bots: Vec<JokerBot> = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| JokerBot::new(l, seed * 8 + i as u64).with_budget(budget))
        .collect();
    while s.round() == 0 && !s.is_over() {
        let seat = s.to_act().unwrap();
        let a = bots[seat.index()].choose(&s.view(seat));
        s.apply(a).unwrap();
    }
    let log = s.log().iter().filter(|e| e.round() == Some(0));
    let mut stats = RoundStats {
        winner: Seat(0),
        probes: 0,
        shots: 0,
        first_shots: 0,
    };
    for e in log {
        match e {
            Event::Probe { .. } => stats.probes += 1,
            Event::Shot { seat, .. } => {
                stats.shots += 1;
                stats.first_shots += u32::from(*seat == Seat(1));
                if e.is_hit() {
                    stats.winner = *seat;
                }
            }
            _ => unreachable!("the log holds answers and shots"),
        }
    }
    stats
}

/// Plays `rounds` first rounds (seeds from `first`) on two threads.
fn bot_rounds(levels: &[Level], first: u64, rounds: u64, budget: u32) -> Vec<RoundStats> {
    let half = rounds / 2;
    std::thread::scope(|scope| {
        let a = scope.spawn(|| {
            (first..first + half)
                .map(|seed| bot_round(levels, seed, budget))
                .collect::<Vec<_>>()
        });
        let mut b: Vec<RoundStats> = (first + half..first + rounds)
            .map(|seed| bot_round(levels, seed, budget))
            .collect();
        let mut all = a.join().unwrap();
        all.append(&mut b);
        all
    })
}

/// The share of rounds a Strong Vigilante wins against a Simple rival,
/// with an Informant of `informant`'s level, each playing first in half
/// the rounds; with the hit rates of the Strong and the Simple, and the
/// average number of turns.
fn rival_rounds(informant: Level, rounds: u64, budget: u32) -> (f64, f64, f64, f64) {
    use Level::{Simple, Strong};
    let first = bot_rounds(&[informant, Strong, Simple], 0, rounds / 2, budget);
    let second = bot_rounds(&[informant, Simple, Strong], rounds, rounds / 2, budget);
    let n = (first.len() + second.len()) as f64;
    let wins = first.iter().filter(|r| r.winner == Seat(1)).count()
        + second.iter().filter(|r| r.winner == Seat(2)).count();
    let strong_shots: u32 = first.iter().map(|r| r.first_shots).sum::<u32>()
        + second.iter().map(|r| r.shots - r.first_shots).sum::<u32>();
    let simple_shots: u32 = first.iter().map(|r| r.shots - r.first_shots).sum::<u32>()
        + second.iter().map(|r| r.first_shots).sum::<u32>();
    let turns: u32 = first
        .iter()
        .chain(&second)
        .map(|r| r.probes + r.shots)
        .sum();
    (
        wins as f64 / n,
        wins as f64 / f64::from(strong_shots.max(1)),
        (n - wins as f64) / f64::from(simple_shots.max(1)),
        f64::from(turns) / n,
    )
}

/// The average turns (probes and shots) a lone Vigilante of `vigilante`'s
/// level needs against an Informant of `informant`'s level.
fn solo_turns(informant: Level, vigilante: Level, rounds: u64, budget: u32) -> (f64, f64, f64) {
    let stats = bot_rounds(&[informant, vigilante], 0, rounds, budget);
    let n = stats.len() as f64;
    let probes: u32 = stats.iter().map(|r| r.probes).sum();
    let shots: u32 = stats.iter().map(|r| r.shots).sum();
    (
        f64::from(probes) / n,
        f64::from(shots) / n,
        n / f64::from(shots),
    )
}

// Strong beats Simple in both roles, in a debug build with a small budget
// (the measurement is the ignored test `self_play_strong_vs_simple`): a
// Strong Vigilante wins most rounds against a Simple rival, and a Strong
// Informant makes a Simple Vigilante take longer.
#[test]
fn strong_beats_simple() {
    let (share, ..) = rival_rounds(Level::Simple, 200, 40_000);
    assert!(
        share > 0.62,
        "Strong Vigilante won {share:.3} of the rounds"
    );
    let (p1, s1, _) = solo_turns(Level::Simple, Level::Simple, 200, 40_000);
    let (p2, s2, _) = solo_turns(Level::Strong, Level::Simple, 200, 40_000);
    assert!(
        p2 + s2 > 1.5 * (p1 + s1),
        "{} vs {} turns",
        p2 + s2,
        p1 + s1
    );
}

// Self-play with the full budget, 2,000 rounds per pairing: a lone
// Vigilante against each Informant, and a Strong against a Simple
// Vigilante (each first in half the rounds). Run with
// `cargo test --release -p engine self_play -- --ignored --nocapture`.
#[test]
#[ignore]
fn self_play_strong_vs_simple() {
    use Level::{Simple, Strong};
    let rounds = 2_000;
    let budget = bot::STRONG_BUDGET;
    println!("Joker self-play, {rounds} rounds per pairing (first rounds of games, seeds 0..)");
    println!();
    println!("One Vigilante alone (2 players): turns to shoot the Joker");
    println!("| Informant | Vigilante | probes | shots | turns | hit rate |");
    println!("|---|---|---|---|---|---|");
    let mut turns = [[0.0; 2]; 2];
    for (i, informant) in [Simple, Strong].into_iter().enumerate() {
        for (j, vigilante) in [Simple, Strong].into_iter().enumerate() {
            let start = std::time::Instant::now();
            let (probes, shots, hits) = solo_turns(informant, vigilante, rounds, budget);
            turns[i][j] = probes + shots;
            println!(
                "| {informant:?} | {vigilante:?} | {probes:.2} | {shots:.2} | {:.2} | {:.1}% | ({:.1?})",
                probes + shots,
                hits * 100.0,
                start.elapsed()
            );
        }
    }
    println!();
    println!("Two rival Vigilantes (3 players), Strong against Simple");
    println!(
        "| Informant | Strong wins | Simple wins | Strong hit rate | Simple hit rate | turns |"
    );
    println!("|---|---|---|---|---|---|");
    let mut shares = [0.0; 2];
    for (i, informant) in [Simple, Strong].into_iter().enumerate() {
        let start = std::time::Instant::now();
        let (share, strong_hits, simple_hits, turns) = rival_rounds(informant, rounds, budget);
        shares[i] = share;
        println!(
            "| {informant:?} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {turns:.2} | ({:.1?})",
            share * 100.0,
            (1.0 - share) * 100.0,
            strong_hits * 100.0,
            simple_hits * 100.0,
            start.elapsed()
        );
    }
    println!();
    println!("Three Vigilantes (4 players), one Strong against two Simple (fair share 33.3%)");
    for informant in [Simple, Strong] {
        let mut wins = 0;
        let mut n = 0;
        for strong_seat in 1..=3 {
            let mut levels = vec![informant, Simple, Simple, Simple];
            levels[strong_seat] = Strong;
            let stats = bot_rounds(&levels, 10_000 * strong_seat as u64, rounds / 3, budget);
            n += stats.len();
            wins += stats
                .iter()
                .filter(|r| r.winner == Seat::new(strong_seat))
                .count();
        }
        println!(
            "| {informant:?} | Strong wins {:.1}% of {n} |",
            100.0 * wins as f64 / n as f64
        );
    }
    assert!(shares.iter().all(|&s| s > 0.6), "{shares:?}");
    assert!(
        turns[1][0] > 1.5 * turns[0][0] && turns[1][1] > 1.2 * turns[0][1],
        "{turns:?}"
    );
}

#[test]
fn a_seat_can_be_given_to_the_computer_mid_game() {
    let mut state = State::new(&[SeatKind::Person; 3], 7).unwrap();
    assert!(state.set_seat_kind(Seat::new(2), SeatKind::Computer(Level::Simple)));
    assert_eq!(
        state.seat_kind(Seat::new(2)),
        Some(SeatKind::Computer(Level::Simple))
    );
    assert!(
        !state.set_seat_kind(Seat::new(3), SeatKind::Person),
        "no fourth seat"
    );
    assert_eq!(state.validate(), Ok(()));
    assert_eq!(
        state.legal_actions(),
        State::new(&[SeatKind::Person; 3], 7)
            .unwrap()
            .legal_actions()
    );
}
