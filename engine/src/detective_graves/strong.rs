//! The Strong computer player: determinised Monte-Carlo search over what
//! its [`View`] cannot see (see [`strong_action`]).

use super::bot::{detective_chance, simple_action, worth};
use super::{Action, Card, Phase, Role, State, View};
use crate::game::Game;
use crate::seats::Seat;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use std::cmp::Ordering;
use std::mem::Discriminant;

/// What a Strong decision may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts in all (one candidate action from one sampled deal, played
    /// to the end of the case).
    pub playouts: u32,
    /// Actions simulated in all, over every playout: a playout from early
    /// in a case is long, so this bounds the time where the count of
    /// playouts alone would not.
    pub steps: u32,
}

/// The app's budget, also the one measured in self-play: natively about
/// 6 ms a decision on average and 25 ms at most (early in a case, where
/// playouts are long and the count of actions binds), so at most about
/// 60 ms in the browser (see the bench).
pub const BUDGET: Budget = Budget {
    playouts: 192,
    steps: 18_000,
};

/// Tunable weights of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// What winning the game is worth, in points, at the end of the last
    /// case (a draw is worth nothing, a loss the opposite).
    pub win: f64,
    /// The head start, in points, of the Simple player's choice: among
    /// near-equal candidates the search keeps the proven rule of thumb.
    pub prior: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            win: 4.0,
            prior: 0.25,
        }
    }
}

/// A playout that has not ended after this many actions is scored as it
/// stands (time tokens added back and forth could make one long).
const PLAYOUT_LIMIT: u32 = 3_000;

/// The Strong player's action with the app's budget.
pub fn strong_action(view: &View<'_>, rng: &mut impl Rng) -> Action {
    strong_action_with(view, BUDGET, Params::default(), rng)
}

/// The Strong player's action: always one of the legal actions when the
/// seat must act.
pub fn strong_action_with(
    view: &View<'_>,
    budget: Budget,
    params: Params,
    rng: &mut impl Rng,
) -> Action {
    let legal = view.legal_actions();
    let Some(&fallback) = legal.first() else {
        return Action::Pass;
    };
    if legal.len() == 1 {
        return fallback;
    }
    let simple = simple_action(view, rng);
    let pick = match view.phase() {
        Phase::Unmask => unmask(view, params),
        // The Detective's evidence leaves each of its identities equally
        // likely: any of them is as good a guess.
        Phase::Accuse => simple,
        _ => {
            let candidates = candidates(view, &legal, simple);
            search(view, &candidates, simple, budget, params, rng)
        }
    };
    if legal.contains(&pick) {
        pick
    } else {
        fallback
    }
}

/// For an action that differs from others of its kind only in a card
/// given up (an ability of a rank, the Park's payment, the Alley's room, a
/// pass's swap): its kind and that card.
fn given_up(action: Action) -> Option<((Discriminant<Action>, u8), Card)> {
    let kind = |rank: u8| (std::mem::discriminant(&action), rank);
    match action {
        Action::UseAbility(c) => Some((kind(c.rank), c)),
        Action::ParkDiscard(c) | Action::AlleyClear(c) | Action::PassSwap(c) => Some((kind(0), c)),
        _ => None,
    }
}

/// The root's candidate actions: the Simple choice, then the legal actions
/// with those of a kind of [`given_up`] merged into the one giving up the
/// card that adds least here.
fn candidates(view: &View<'_>, legal: &[Action], simple: Action) -> Vec<Action> {
    let mut out = vec![simple];
    for &action in legal {
        let pick = match given_up(action) {
            Some((kind, _)) => legal
                .iter()
                .filter_map(|&a| given_up(a).filter(|&(k, _)| k == kind).map(|(_, c)| (a, c)))
                .min_by_key(|&(_, c)| (worth(view, c), c))
                .map_or(action, |(a, _)| a),
            None => action,
        };
        if !out.contains(&pick) {
            out.push(pick);
        }
    }
    out
}

/// The searching seat's score at the end of a playout: its points less the
/// other's over the game so far, and once the game is over, `win` more for
/// a win (less for a loss).
fn score(state: &State, seat: Seat, params: Params) -> f64 {
    let other = Seat::new(1 - seat.index().min(1));
    let margin = f64::from(state.points(seat)) - f64::from(state.points(other));
    if !state.is_over() {
        return margin;
    }
    let winners = state.winners();
    let result = match (winners.contains(&seat), winners.len()) {
        (true, 1) => 1.0,
        (false, _) => -1.0,
        _ => 0.0,
    };
    margin + params.win * result
}

/// One candidate from one sampled deal: its score.
fn evaluate(
    deal: &State,
    action: Action,
    seat: Seat,
    seed: u64,
    params: Params,
    steps: &mut u32,
) -> f64 {
    let mut state = deal.clone();
    if state.apply(action).is_err() {
        return f64::NEG_INFINITY;
    }
    let mut rng = Pcg32::seed_from_u64(seed);
    let case = state.case();
    let mut n = 0;
    while let Some(actor) = state.to_act() {
        if state.case() != case || n >= PLAYOUT_LIMIT {
            break;
        }
        let a = simple_action(&state.view(actor), &mut rng);
        if state.apply(a).is_err() {
            break;
        }
        n += 1;
    }
    *steps = steps.saturating_add(n + 1);
    score(&state, seat, params)
}

/// Successive halving over `candidates` with common random numbers: each
/// round samples new deals consistent with the view, plays every remaining
/// candidate from each (the same deal and the same playout generator for
/// all, so that their differences are the candidates'), and keeps the
/// better half by mean score; the Simple choice starts `prior` ahead.
fn search(
    view: &View<'_>,
    candidates: &[Action],
    simple: Action,
    budget: Budget,
    params: Params,
    rng: &mut impl Rng,
) -> Action {
    if candidates.len() <= 1 {
        return candidates.first().copied().unwrap_or(simple);
    }
    let seat = view.seat();
    let mut alive: Vec<(Action, f64)> = candidates
        .iter()
        .map(|&a| (a, if a == simple { params.prior } else { 0.0 }))
        .collect();
    let mut sums: Vec<f64> = vec![0.0; alive.len()];
    let mut samples = 0u32;
    let rounds = usize::BITS - (alive.len() - 1).leading_zeros();
    let per_round = (budget.playouts / rounds.max(1)).max(1);
    let mut playouts = 0u32;
    let mut steps = 0u32;
    'rounds: while alive.len() > 1 {
        let deals = (per_round / alive.len() as u32).max(1);
        for _ in 0..deals {
            if playouts + alive.len() as u32 > budget.playouts && samples > 0
                || steps >= budget.steps
            {
                break 'rounds;
            }
            let deal = view.determinise(rng);
            let seed = rng.next_u64();
            for (i, &(action, _)) in alive.iter().enumerate() {
                sums[i] += evaluate(&deal, action, seat, seed, params, &mut steps);
            }
            playouts += alive.len() as u32;
            samples += 1;
        }
        // Keep the better half (all of one sample set: comparable means).
        let mut order: Vec<usize> = (0..alive.len()).collect();
        let mean = |i: usize| sums[i] / f64::from(samples.max(1)) + alive[i].1;
        order.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
        order.truncate(alive.len().div_ceil(2));
        order.sort_unstable();
        alive = order.iter().map(|&i| alive[i]).collect();
        sums = order.iter().map(|&i| sums[i]).collect();
    }
    let mean = |i: usize| sums[i] / f64::from(samples.max(1)) + alive[i].1;
    (0..alive.len())
        .max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)))
        .map_or(simple, |i| alive[i].0)
}

/// The Mastermind's unmasking, worked out exactly: revealing gives the
/// Detective its points for sure; staying hidden, the Detective names the
/// identity with the chance of [`detective_chance`]. Each outcome is scored
/// as a playout's end would be (the margin, and the game's result when this
/// is the last case).
fn unmask(view: &View<'_>, params: Params) -> Action {
    let variant = view.variant();
    let me = view.seat();
    let them = view.seat_of(Role::Detective);
    let evidence = |role: Role| view.evidence_count(role) as u32 * variant.evidence_points();
    let base = [
        view.points(me) + evidence(Role::Mastermind),
        view.points(them) + evidence(Role::Detective),
    ];
    let correct = |seat: Seat| {
        view.results()
            .iter()
            .filter(|r| r.detective == seat && r.correct())
            .count()
    };
    let last = view.case() + 1 >= view.cases();
    // My score when the Detective gains `det` and I gain `mm`, the
    // Detective's accusation right or not.
    let value = |det: u32, mm: u32, right: bool| {
        let (mine, theirs) = (base[0] + mm, base[1] + det);
        let mut v = f64::from(mine) - f64::from(theirs);
        if last {
            let result = (mine, correct(me)).cmp(&(theirs, correct(them) + usize::from(right)));
            v += params.win
                * match result {
                    Ordering::Greater => 1.0,
                    Ordering::Less => -1.0,
                    Ordering::Equal => 0.0,
                };
        }
        v
    };
    let p = detective_chance(view);
    let (right, wrong) = variant.accusation_points();
    let reveal = value(variant.reveal_points(), 0, false);
    let hidden = p * value(right, 0, true) + (1.0 - p) * value(0, wrong, false);
    if reveal > hidden {
        Action::Reveal
    } else {
        Action::StayHidden
    }
}
