//! The Strong computer player for Detective Graves: a determinised
//! Monte-Carlo search over what its seat cannot see (see
//! [`strong_action`]), reading only the seat's [`SeatView`].
//!
//! For a decision with a choice it samples whole deals consistent with its
//! view ([`SeatView::determinise`]: the other hand, the order of both decks
//! and discard piles, and the identity and evidence it has not seen, the
//! set-aside card included), plays each candidate action on each deal and
//! then Simple players ([`super::bot`]) for both seats to the end of the
//! case, and takes the candidate with the best mean score: its points less
//! the other's over the game, plus a bonus for a won game (a malus for a
//! lost one) when the playout ends the game. Candidates are the legal
//! actions, those differing only in a card given up merged (an ability of a
//! rank, the Park's payment, the Alley's room, a pass's swap: the cheapest
//! is kept); the Simple choice starts slightly ahead. The budget is spent by
//! successive halving: each round plays the remaining candidates on new
//! deals (the same deals and playout generators for all of them, so that
//! their differences are theirs) and keeps the better half. It is counted
//! in playouts and simulated actions ([`BUDGET`]), not time, so that a seed
//! replays a decision. The unmasking is worked out exactly (the Detective's
//! chance of naming it, and whether the points or the tie-break then decide
//! the game); the accusation names one of the identities its evidence
//! leaves, each as likely.

use super::bot::{detective_chance, simple_action, worth, Sight};
use super::view::SeatView;
use super::{
    possible_identities, Action, Card, Evidence, Identity, Location, Phase, Role, RuleError, State,
    Suit,
};
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
pub fn strong_action(view: &SeatView, rng: &mut impl Rng) -> Action {
    strong_action_with(view, BUDGET, Params::default(), rng)
}

/// The Strong player's action: always one of the legal actions when the
/// seat must act. The whole search at once; [`Search`] runs it in slices.
pub fn strong_action_with(
    view: &SeatView,
    budget: Budget,
    params: Params,
    rng: &mut impl Rng,
) -> Action {
    let mut search = Search::new(view, budget, params, rng);
    loop {
        if let Some(action) = search.step(u32::MAX) {
            return action;
        }
    }
}

/// A Strong decision that can be worked on in slices (the browser runs it
/// a few milliseconds at a time so that the page never freezes): the
/// successive halving of [`strong_action_with`], with its place kept
/// between calls to [`Search::step`]. Slicing does not change the result:
/// the same view, budget and generator give the same action however the
/// work is cut.
///
/// It keeps only what the seat sees: a copy of the game determinised once
/// (its view is the seat's view, see [`SeatView::determinise`]), from which
/// each round's deals are sampled ([`State::redeal`]).
pub struct Search<R> {
    known: State,
    seat: Seat,
    legal: Vec<Action>,
    simple: Action,
    budget: Budget,
    params: Params,
    rng: R,
    /// The candidates still in, each with its head start, and the sum of
    /// its scores over the deals of this sample set.
    alive: Vec<(Action, f64)>,
    sums: Vec<f64>,
    samples: u32,
    per_round: u32,
    /// The deal being played, its playout seed and the next candidate to
    /// play on it.
    deal: Option<(State, u64)>,
    next: usize,
    /// Deals played in this round, and how many the round has.
    dealt: u32,
    deals: u32,
    playouts: u32,
    steps: u32,
    /// The answer, once known.
    done: Option<Action>,
}

impl<R: Rng> Search<R> {
    /// Starts a decision for the seat of `view`. Decisions with one legal
    /// action, the unmasking and the accusation are answered at once.
    pub fn new(view: &SeatView, budget: Budget, params: Params, rng: R) -> Search<R> {
        let legal = view.legal_actions();
        // Any generator would do: only the seat's view of the copy is read.
        let known = view.determinise(&mut Pcg32::seed_from_u64(0));
        let mut search = Search {
            known,
            seat: view.seat(),
            simple: Action::Pass,
            legal,
            budget,
            params,
            rng,
            alive: Vec::new(),
            sums: Vec::new(),
            samples: 0,
            per_round: 1,
            deal: None,
            next: 0,
            dealt: 0,
            deals: 0,
            playouts: 0,
            steps: 0,
            done: None,
        };
        let Some(&fallback) = search.legal.first() else {
            search.done = Some(Action::Pass);
            return search;
        };
        if search.legal.len() == 1 {
            search.done = Some(fallback);
            return search;
        }
        search.simple = simple_action(view, &mut search.rng);
        match view.phase() {
            Phase::Unmask => search.finish(unmask(view, params)),
            // The Detective's evidence leaves each of its identities
            // equally likely: any of them is as good a guess.
            Phase::Accuse => search.finish(search.simple),
            _ => {
                let candidates = candidates(view, &search.legal, search.simple);
                if candidates.len() <= 1 {
                    search.finish(candidates.first().copied().unwrap_or(search.simple));
                } else {
                    search.sums = vec![0.0; candidates.len()];
                    search.alive = candidates
                        .iter()
                        .map(|&a| {
                            (
                                a,
                                if a == search.simple {
                                    params.prior
                                } else {
                                    0.0
                                },
                            )
                        })
                        .collect();
                    let rounds = usize::BITS - (candidates.len() - 1).leading_zeros();
                    search.per_round = (budget.playouts / rounds.max(1)).max(1);
                    search.deals = search.round_deals();
                }
            }
        }
        search
    }

    /// The answer if the decision is made, `None` while the search goes on.
    pub fn answer(&self) -> Option<Action> {
        self.done
    }

    /// Works on the decision until about `max_steps` more actions have
    /// been simulated (at least one playout is played), then returns the
    /// answer if it is made.
    pub fn step(&mut self, max_steps: u32) -> Option<Action> {
        let stop = self.steps.saturating_add(max_steps);
        while self.done.is_none() {
            if self.deal.is_some() {
                self.play_next();
                if self.steps >= stop {
                    break;
                }
                continue;
            }
            if self.alive.len() <= 1 {
                let best = self.best();
                self.finish(best);
                break;
            }
            if self.dealt >= self.deals {
                self.halve();
                continue;
            }
            if self.playouts + self.alive.len() as u32 > self.budget.playouts && self.samples > 0
                || self.steps >= self.budget.steps
            {
                let best = self.best();
                self.finish(best);
                break;
            }
            let deal = self.known.redeal(self.seat, &mut self.rng);
            self.deal = Some((deal, self.rng.next_u64()));
        }
        self.done
    }

    /// The number of deals of a round for the candidates alive.
    fn round_deals(&self) -> u32 {
        (self.per_round / self.alive.len() as u32).max(1)
    }

    /// Successive halving with common random numbers: each deal consistent
    /// with the view is played by every remaining candidate in turn (the
    /// same deal and the same playout generator for all, so that their
    /// differences are the candidates'). This plays the next one.
    fn play_next(&mut self) {
        let Some((deal, seed)) = &self.deal else {
            return;
        };
        let i = self.next;
        if let Some(&(action, _)) = self.alive.get(i) {
            self.sums[i] += evaluate(deal, action, self.seat, *seed, self.params, &mut self.steps);
        }
        self.next += 1;
        if self.next >= self.alive.len() {
            self.deal = None;
            self.next = 0;
            self.playouts += self.alive.len() as u32;
            self.samples += 1;
            self.dealt += 1;
        }
    }

    /// The mean score of candidate `i` with its head start.
    fn mean(&self, i: usize) -> f64 {
        self.sums[i] / f64::from(self.samples.max(1)) + self.alive[i].1
    }

    /// Ends a round: keeps the better half by mean (all of one sample set,
    /// so the means compare).
    fn halve(&mut self) {
        let mut order: Vec<usize> = (0..self.alive.len()).collect();
        order.sort_by(|&a, &b| self.mean(b).total_cmp(&self.mean(a)).then(a.cmp(&b)));
        order.truncate(self.alive.len().div_ceil(2));
        order.sort_unstable();
        self.alive = order.iter().map(|&i| self.alive[i]).collect();
        self.sums = order.iter().map(|&i| self.sums[i]).collect();
        self.dealt = 0;
        self.deals = self.round_deals();
    }

    /// The candidate with the best mean (the Simple choice if none).
    fn best(&self) -> Action {
        (0..self.alive.len())
            .max_by(|&a, &b| self.mean(a).total_cmp(&self.mean(b)).then(b.cmp(&a)))
            .map_or(self.simple, |i| self.alive[i].0)
    }

    /// Records the answer: `pick` if legal, else the first legal action.
    fn finish(&mut self, pick: Action) {
        let fallback = self.legal.first().copied().unwrap_or(Action::Pass);
        self.done = Some(if self.legal.contains(&pick) {
            pick
        } else {
            fallback
        });
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
fn candidates(view: &SeatView, legal: &[Action], simple: Action) -> Vec<Action> {
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
        let a = simple_action(&Peek::new(&state, actor), &mut rng);
        if state.apply(a).is_err() {
            break;
        }
        n += 1;
    }
    *steps = steps.saturating_add(n + 1);
    score(&state, seat, params)
}

/// The Mastermind's unmasking, worked out exactly: revealing gives the
/// Detective its points for sure; staying hidden, the Detective names the
/// identity with the chance of [`detective_chance`]. Each outcome is scored
/// as a playout's end would be (the margin, and the game's result when this
/// is the last case).
fn unmask(view: &SeatView, params: Params) -> Action {
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

/// A seat's sight of a game the search simulates: what the seat's view
/// would show, read from the game itself (building a view at every step
/// of a playout would cost more than the decision).
struct Peek<'a> {
    state: &'a State,
    seat: Seat,
    role: Role,
}

impl Peek<'_> {
    fn new(state: &State, seat: Seat) -> Peek<'_> {
        Peek {
            state,
            seat,
            role: state.role_of(seat),
        }
    }
}

impl Sight for Peek<'_> {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn role(&self) -> Role {
        self.role
    }
    fn to_act(&self) -> bool {
        self.state.to_act() == Some(self.seat)
    }
    fn phase(&self) -> Phase {
        self.state.phase
    }
    fn hand(&self) -> &[Card] {
        self.state.hand(self.role)
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.to_act() {
            self.state.legal_actions()
        } else {
            Vec::new()
        }
    }
    fn check(&self, action: &Action) -> Result<(), RuleError> {
        match self.state.phase {
            Phase::Over => Err(RuleError::GameOver),
            _ if !self.to_act() => Err(RuleError::NotYourTurn),
            _ => self.state.check(action),
        }
    }
    fn location(&self) -> Location {
        self.state.location()
    }
    fn active(&self) -> usize {
        self.state.active()
    }
    fn trump(&self, index: usize) -> Option<Suit> {
        self.state.trump(index)
    }
    fn tokens(&self, index: usize) -> u8 {
        self.state.tokens(index)
    }
    fn pile(&self, index: usize, role: Role) -> &[Card] {
        self.state.pile(index, role)
    }
    fn total(&self, index: usize, role: Role) -> u32 {
        self.state.total(index, role)
    }
    fn play_suit(&self) -> Option<Suit> {
        self.state.turn.suit
    }
    fn acted(&self) -> bool {
        self.state.turn.acted
    }
    fn passes(&self) -> u8 {
        self.state.passes
    }
    fn hand_size(&self, role: Role) -> usize {
        self.state.hand(role).len()
    }
    fn deck_size(&self, role: Role) -> usize {
        self.state.deck(role).len()
    }
    fn identity(&self) -> Option<Identity> {
        (self.role == Role::Mastermind || self.state.phase == Phase::Over)
            .then_some(self.state.identity)
    }
    fn evidence_won(&self) -> Vec<Evidence> {
        self.state.evidence_in(super::EvidenceAt::Won(self.role))
    }
    fn evidence_count(&self, role: Role) -> usize {
        self.state.evidence_in(super::EvidenceAt::Won(role)).len()
    }
    fn possible_identities(&self) -> Vec<Identity> {
        match self.identity() {
            Some(identity) => vec![identity],
            None => possible_identities(&self.evidence_won()),
        }
    }
}

/// The Simple player's choice from a game the search simulates, for the
/// tests: the same as from the seat's view.
#[cfg(test)]
pub(super) fn simple_in_playout(state: &State, seat: Seat, rng: &mut impl Rng) -> Action {
    simple_action(&Peek::new(state, seat), rng)
}
