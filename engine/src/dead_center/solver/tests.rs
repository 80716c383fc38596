//! The solver's tests: best scores against brute force on small
//! positions, lines replayed with the engine's rules, limits, and reviews.

use super::*;
use crate::cards::{Card, Suit};
use crate::dead_center::{attack, Status, Variant};
use crate::game::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// The best score by plain exhaustive recursion over the engine's own
/// legal actions (never Undo or Hint): no memory, no pruning, nothing
/// shared with the solver. `None` when no line wins; `Err` when it has
/// visited `budget` positions (the position is then not used).
fn brute_force(state: &State, budget: &mut u64) -> Result<Option<u8>, ()> {
    *budget = budget.checked_sub(1).ok_or(())?;
    match state.status() {
        Status::Won { score } => return Ok(Some(score as u8)),
        Status::Lost(_) => return Ok(None),
        Status::Playing(_) => {}
    }
    let mut best = None;
    for action in state.legal_actions() {
        if matches!(action, Action::Undo | Action::Hint) {
            continue;
        }
        let mut next = state.clone();
        if next.apply(action).is_ok() {
            best = best.max(brute_force(&next, budget)?);
        }
    }
    Ok(best)
}

/// Random legal actions other than undo and asking for a hint, a kill
/// whenever there is one (so that positions keep zombies near death).
fn random_action(state: &State, rng: &mut Pcg32) -> Option<Action> {
    let mut actions = state.legal_actions();
    actions.retain(|&a| !matches!(a, Action::Undo | Action::Hint));
    if actions.iter().any(|a| matches!(a, Action::Kill(_))) {
        actions.retain(|a| matches!(a, Action::Kill(_)));
    }
    let n = actions.len();
    (n > 0).then(|| actions[rng.next_u32() as usize % n])
}

/// A small position from a real deal: `moves` random actions played
/// (stopping short of the end of the game), then only the top
/// `keep_deck` cards of the deck kept and `keep_alive` zombies left
/// alive, each chosen at random, half the time among those whose
/// supports would kill them now. Not a position play could reach (the
/// cards no longer make up a deck), but one the rules play on, small
/// enough for brute force.
fn reduced(
    variant: Variant,
    seed: u64,
    moves: usize,
    keep_deck: usize,
    keep_alive: usize,
    rng: &mut Pcg32,
) -> State {
    let mut state = State::new(variant, seed);
    for _ in 0..moves {
        let Some(action) = random_action(&state, rng) else {
            break;
        };
        let mut next = state.clone();
        next.apply(action).expect("a legal action");
        if next.is_over() {
            break;
        }
        state = next;
    }
    let cut = state.deck.len().saturating_sub(keep_deck);
    state.deck.drain(..cut);
    let alive: Vec<usize> = (0..SPACES)
        .filter(|&s| !matches!(state.zombies[s], Zombie::Dead(_)))
        .collect();
    let ready: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&s| zombie_card(&state, s).is_some_and(|z| attack(z, state.supports(s)).is_ok()))
        .collect();
    let mut keep = Vec::new();
    while keep.len() < keep_alive.min(alive.len()) {
        let from = if rng.next_u32().is_multiple_of(2) && !ready.is_empty() {
            &ready
        } else {
            &alive
        };
        let s = from[rng.next_u32() as usize % from.len()];
        if !keep.contains(&s) {
            keep.push(s);
        }
    }
    for s in alive {
        if let (false, Zombie::FaceDown(c) | Zombie::FaceUp(c)) =
            (keep.contains(&s), state.zombies[s])
        {
            state.zombies[s] = Zombie::Dead(c);
        }
    }
    state.undoable = None;
    if state.phase == Phase::Reveal && !state.any_face_down() {
        state.phase = Phase::Draw;
    }
    state
}

fn zombie_card(state: &State, s: usize) -> Option<Card> {
    match state.zombies[s] {
        Zombie::FaceDown(c) | Zombie::FaceUp(c) => Some(c),
        Zombie::Dead(_) => None,
    }
}

/// The solution's line replays with `apply`, and wins with exactly
/// the best score; an unwinnable answer has no line.
fn check_line(state: &State, solution: &Solution) {
    let mut game = state.clone();
    for &action in &solution.line {
        game.apply(action).expect("the line is legal");
    }
    match solution.best_score {
        Some(score) => {
            assert!(solution.winnable);
            assert_eq!(
                game.status(),
                Status::Won {
                    score: usize::from(score)
                }
            );
        }
        None => {
            assert!(!solution.winnable);
            assert!(solution.line.is_empty());
        }
    }
}

#[test]
fn best_score_matches_brute_force_on_reduced_positions() {
    // Per variant, this many positions of each answer: winnable and not.
    const EACH: usize = 60;
    const BUDGET: u64 = 100_000;
    let mut rng = Pcg32::seed_from_u64(28);
    let (mut face_down, mut mid_turn, mut visited, mut largest) = (0, 0, 0, (0, 0));
    for variant in Variant::ALL {
        let (mut won, mut lost) = (0, 0);
        for seed in 0..3000 {
            if won >= EACH && lost >= EACH {
                break;
            }
            let moves = rng.next_u32() as usize % 80;
            let keep_deck = rng.next_u32() as usize % 8;
            let keep_alive = 1 + rng.next_u32() as usize % 4;
            let state = reduced(variant, seed, moves, keep_deck, keep_alive, &mut rng);
            // The solver only picks which positions to check, so that
            // brute force runs on as many of each answer.
            let solution = solve(&state).expect("solved");
            // The same with the line bounds (and the wide beam) from the
            // first position searched: small searches never reach them.
            let mut lined = Solver::new(&state, Limits::default()).expect("a solver");
            lined.line_bounds_after = 0;
            let with_lines = lined.solve(&state).expect("solved");
            let count = if solution.winnable {
                &mut won
            } else {
                &mut lost
            };
            if *count >= EACH {
                continue;
            }
            let mut budget = BUDGET;
            let Ok(expected) = brute_force(&state, &mut budget) else {
                continue;
            };
            *count += 1;
            assert_eq!(
                solution.best_score, expected,
                "{variant:?} seed {seed} after {moves} moves, deck {keep_deck}, alive {keep_alive}"
            );
            assert_eq!(
                with_lines.best_score, expected,
                "{variant:?} seed {seed}, line bounds"
            );
            check_line(&state, &solution);
            check_line(&state, &with_lines);
            // Any win: found exactly when there is one, with or without
            // the beam, and its line wins with the score it says.
            for beam_width in [BEAM, 0] {
                let mut any = Solver::new(&state, Limits::default()).expect("a solver");
                any.beam_width = beam_width;
                let win = any.find_win(&state).expect("answered");
                assert_eq!(
                    win.is_some(),
                    expected.is_some(),
                    "{variant:?} seed {seed}, any win, beam {beam_width}"
                );
                if let (Some(win), Some(best)) = (win, expected) {
                    assert!(win.score <= best);
                    let mut game = state.clone();
                    for &action in &win.line {
                        game.apply(action).expect("the line is legal");
                    }
                    assert_eq!(
                        game.status(),
                        Status::Won {
                            score: usize::from(win.score)
                        }
                    );
                }
            }
            visited += BUDGET - budget;
            if expected.is_some() {
                largest = largest.max((state.deck_len(), state.zombies_left()));
                face_down += usize::from(state.any_face_down());
            }
            mid_turn += usize::from(matches!(
                state.phase,
                Phase::Place { .. } | Phase::Attack { .. }
            ));
        }
        assert_eq!((won, lost), (EACH, EACH), "{variant:?}");
    }
    eprintln!("{face_down} winnable with zombies face down, {mid_turn} mid-turn, {visited} brute-forced, largest winnable {largest:?}");
    // Enough of each kind to mean something.
    assert!(
        face_down >= 20,
        "{face_down} winnable with zombies face down"
    );
    assert!(mid_turn >= 50, "{mid_turn} in the middle of a turn");
}

/// Fresh deals that a small search answers (so the test stays quick):
/// per variant, the first `count` seeds from 0 solved within `nodes`.
fn quick_deals(count: usize, nodes: u64) -> Vec<(State, Solution)> {
    let limits = Limits {
        max_nodes: nodes,
        ..Limits::default()
    };
    let mut deals = Vec::new();
    for variant in Variant::ALL {
        let solved = (0..200u64).filter_map(|seed| {
            let state = State::new(variant, seed);
            let solution = Solver::new(&state, limits).ok()?.solve(&state).ok()?;
            Some((state, solution))
        });
        deals.extend(solved.take(count));
    }
    deals
}

#[test]
fn fresh_deals_lines_replay_and_win_with_the_best_score() {
    let deals = quick_deals(4, 40_000);
    assert_eq!(deals.len(), 12);
    for (state, solution) in &deals {
        assert!(solution.winnable, "deal {}", state.seed());
        check_line(state, solution);
        // Reveals come first, one per turn, as the rules ask.
        assert!(matches!(solution.line[0], Action::Reveal(_)));
        // The line bounds from the start give the same answer.
        let mut lined = Solver::new(state, Limits::default()).expect("a solver");
        lined.line_bounds_after = 0;
        let with_lines = lined.solve(state).expect("solved");
        assert_eq!(with_lines.best_score, solution.best_score);
        check_line(state, &with_lines);
    }
}

#[test]
fn the_best_reveal_keeps_the_best_score() {
    // Perfect knowledge: the zombies can be revealed in the order they
    // die, so the best reveal loses nothing; another may lose the kill
    // of a zombie still face down that only this turn's card makes.
    let mut rng = Pcg32::seed_from_u64(2828);
    let (mut checked, mut mattered) = (0, 0);
    for variant in Variant::ALL {
        for seed in 0..40 {
            let moves = rng.next_u32() as usize % 20;
            let state = reduced(variant, seed, moves, 9, 4, &mut rng);
            if state.phase != Phase::Reveal {
                continue;
            }
            let solution = solve(&state).expect("solved");
            let mut after = Vec::new();
            for (s, zombie) in state.zombies.iter().enumerate() {
                if let Zombie::FaceDown(_) = zombie {
                    let mut revealed = state.clone();
                    revealed.apply(Action::Reveal(s as u8)).expect("legal");
                    let best = solve(&revealed).expect("solved").best_score;
                    after.push((Action::Reveal(s as u8), best));
                }
            }
            let best_after = after.iter().map(|a| a.1).max().flatten();
            assert_eq!(best_after, solution.best_score, "{variant:?} seed {seed}");
            if let Some(&first) = solution.line.first() {
                assert!(after.contains(&(first, solution.best_score)));
            }
            checked += 1;
            mattered += usize::from(after.iter().any(|a| a.1 != best_after));
        }
    }
    assert!(checked >= 30, "{checked} positions checked");
    assert!(mattered >= 1, "no reveal ever mattered");
}

#[test]
fn a_tiny_table_gives_the_same_answers() {
    // Replacing entries costs time, never exactness.
    let tiny = Limits {
        table_entries: 16,
        max_nodes: 2_000_000,
    };
    let mut rng = Pcg32::seed_from_u64(16);
    for variant in Variant::ALL {
        for seed in 0..20 {
            let state = reduced(variant, seed, 30, 10, 3, &mut rng);
            let expected = solve(&state).expect("solved");
            let small = Solver::new(&state, tiny).and_then(|mut s| s.solve(&state));
            let small = small.expect("solved with a tiny table");
            assert_eq!(
                small.best_score, expected.best_score,
                "{variant:?} seed {seed}"
            );
            check_line(&state, &small);
        }
    }
    for (state, solution) in quick_deals(1, 20_000) {
        let small = Solver::new(&state, tiny).and_then(|mut s| s.solve(&state));
        assert_eq!(small.map(|s| s.best_score), Ok(solution.best_score));
    }
}

#[test]
fn finished_games_are_answered_at_once() {
    let mut won = State::new(Variant::Standard, 1);
    let solution = solve(&won).expect("solved");
    for &action in &solution.line {
        won.apply(action).expect("legal");
    }
    let again = solve(&won).expect("solved");
    assert_eq!(again.best_score, solution.best_score);
    assert!(again.line.is_empty());
    let mut lost = State::new(Variant::Standard, 1);
    let mut rng = Pcg32::seed_from_u64(1);
    while !lost.is_over() {
        let action = random_action(&lost, &mut rng).expect("a move");
        lost.apply(action).expect("legal");
    }
    if matches!(lost.status(), Status::Lost(_)) {
        let answer = solve(&lost).expect("solved");
        assert!(!answer.winnable && answer.line.is_empty() && answer.nodes == 0);
    }
}

#[test]
fn invalid_states_are_refused_without_panicking() {
    let deal = State::new(Variant::Hard, 5);
    let mut empty_pile = deal.clone();
    empty_pile.cabin[4].clear();
    assert!(matches!(solve(&empty_pile), Err(SolveError::Invalid(_))));
    let mut odd_joker = deal.clone();
    odd_joker.deck[0] = Card::Joker(200);
    assert!(matches!(solve(&odd_joker), Err(SolveError::Invalid(_))));
    let mut odd_zombie = deal.clone();
    odd_zombie.zombies[3] = Zombie::FaceDown(Card::new(20, Suit::Hearts));
    assert!(matches!(solve(&odd_zombie), Err(SolveError::Invalid(_))));
    let mut long_deck = deal.clone();
    long_deck.deck = vec![Card::new(5, Suit::Clubs); 80];
    assert!(matches!(solve(&long_deck), Err(SolveError::Invalid(_))));
    let mut no_pile = deal.clone();
    no_pile.phase = Phase::Attack { pile: 20 };
    assert!(matches!(solve(&no_pile), Err(SolveError::Invalid(_))));
    // A solver answers only for its own deal.
    let mut solver = Solver::new(&deal, Limits::default()).expect("a solver");
    let other = State::new(Variant::Hard, 6);
    assert_eq!(solver.solve(&other), Err(SolveError::OtherDeal));
}

#[test]
fn a_node_limit_gives_unfinished_and_the_solver_stays_usable() {
    let state = State::new(Variant::Standard, 0);
    let limits = Limits {
        max_nodes: 50,
        ..Limits::default()
    };
    let mut solver = Solver::new(&state, limits).expect("a solver");
    assert!(matches!(
        solver.solve(&state),
        Err(SolveError::Unfinished { .. })
    ));
    // What it learnt before giving up is sound: a later, smaller
    // question of the same game still gets the exact answer.
    let mut rng = Pcg32::seed_from_u64(3);
    let mut later = state.clone();
    for _ in 0..75 {
        match random_action(&later, &mut rng) {
            Some(a) if !later.is_over() => {
                later.apply(a).expect("legal");
            }
            _ => break,
        }
    }
    let fresh = solve(&later).map(|s| s.best_score);
    let mut patient = Solver::new(&state, Limits::default()).expect("a solver");
    let _ = Solver::solve(&mut solver, &state);
    solver.max_nodes = u64::MAX;
    assert_eq!(solver.solve(&later).map(|s| s.best_score), fresh);
    assert_eq!(patient.solve(&later).map(|s| s.best_score), fresh);
}

#[test]
fn review_follows_the_best_score_through_a_game() {
    let (state, solution) = quick_deals(1, 20_000).remove(0);
    let (variant, seed) = (state.variant(), state.seed());
    // The solver's own line never loses a card of the score.
    let review = super::review(variant, seed, &solution.line).expect("reviewed");
    assert_eq!(review.values.len(), solution.line.len() + 1);
    assert!(review.values.iter().all(|&v| v == solution.best_score));
    assert_eq!(review.first_drop(), None);
    assert_eq!(review.first_losing_move(), None);
    // The line's first two thirds, then random play: each value is
    // what a fresh solver says of that position, and the first drop is
    // where it falls.
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut game = state.clone();
    let mut actions = Vec::new();
    let mut values = vec![solution.best_score];
    let kept = solution.line.len() * 2 / 3;
    for &action in &solution.line[..kept] {
        game.apply(action).expect("legal");
        actions.push(action);
        values.push(solution.best_score);
    }
    while !game.is_over() {
        let action = random_action(&game, &mut rng).expect("a move");
        game.apply(action).expect("legal");
        actions.push(action);
        values.push(solve(&game).expect("solved").best_score);
    }
    let review = super::review(variant, seed, &actions).expect("reviewed");
    assert_eq!(review.values, values);
    let drop = values.windows(2).position(|w| w[1] < w[0]);
    assert_eq!(review.first_drop(), drop);
    assert!(drop.is_some(), "random play keeps the best score");
    assert_eq!(
        first_losing_move(variant, seed, &actions),
        Ok(review.first_losing_move())
    );
    // An illegal action is named.
    let mut wrong = actions.clone();
    wrong.insert(1, Action::Draw);
    assert_eq!(
        super::review(variant, seed, &wrong),
        Err(ReviewError::Illegal { index: 1 })
    );
}

#[test]
fn first_losing_move_is_the_last_fall_from_winnable() {
    let review = |values: &[Option<u8>]| Review {
        values: values.to_vec(),
    };
    // Never winnable, or winnable to the end: no losing move.
    assert_eq!(review(&[None, None]).first_losing_move(), None);
    assert_eq!(review(&[Some(3), Some(3)]).first_losing_move(), None);
    assert_eq!(review(&[Some(3), Some(2)]).first_drop(), Some(0));
    // Lost by action 1.
    assert_eq!(
        review(&[Some(3), Some(3), None, None]).first_losing_move(),
        Some(1)
    );
    // Lost by action 0, taken back by an undo (action 1), lost again
    // by action 2: that is the move that lost the game.
    let undone = review(&[Some(3), None, Some(3), None]);
    assert_eq!(undone.first_losing_move(), Some(2));
    assert_eq!(undone.first_drop(), Some(0));
}
