//! Computer players for Joker, in both roles. They read only a
//! [`SeatView`] (the Informant's holds the Joker's cell; a Vigilante's does
//! not) and keep their own random generator.
//!
//! - [`Level::Simple`]: as Informant, a random answer among those allowed;
//!   as Vigilante, probes a random face-down card, and shoots a random cell
//!   consistent with the public log once few remain.
//! - [`Level::Strong`]: both roles reason about the *public belief*, the
//!   chance of each cell holding the Joker given the round's public log and
//!   a model of the Informant ([`InformantModel`]): a Simple computer or a
//!   person is taken to answer uniformly within the allowed range; a Strong
//!   computer to answer by [`pooled_answers`], which anyone can recompute
//!   from the public log (it is a public commitment, mixed so that reading
//!   it back tells as little as possible).
//!   - As Informant it gives the answer that tells the Vigilantes least:
//!     with the public belief's mass `μ(d)` of each distance `d` from the
//!     probe, it finds the mix of answers `q` that maximises
//!     `Σ_d μ(d) ln q(allowed(d))`, and answers `a` with chance
//!     `q(a) / q(allowed(D))` for the true distance `D`. This channel has
//!     the least mutual information between distance and answer allowed by
//!     the roll: answers are pooled on values many distances can give, and
//!     mixed where pooling alone would give the distance away.
//!   - As Vigilante it shoots the likeliest cell when its chance is worth
//!     the lock, by thresholds that depend on the race (tuned in self-play,
//!     see [`StrongParams`]): low when it is the only Vigilante (a shot is
//!     also a test of one cell), high when every rival is locked (none can
//!     shoot before it does: time to make sure), in between otherwise.
//!     Otherwise it probes: where the answer tells most (the largest
//!     expected mutual information between the Joker's cell and the
//!     answer, over the six rolls) when no rival can use it first; racing,
//!     the same less the free rivals' chance of a hit on their next turn
//!     (answers are public, and the next Vigilante reads them first); and
//!     while it is itself locked and a rival is free, where the answer
//!     gives the rivals least chance of a hit. A rival's chance is modelled
//!     from its seat kind: a Simple computer shoots a random consistent
//!     cell, anyone else the likeliest one.

use super::{
    allowed_answers, Action, Cell, CellSet, Event, Lock, Phase, SeatView, CELLS, DIE, MAX_ANSWER,
    MAX_DISTANCE,
};
use crate::seats::{Bot, Level, SeatKind};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Distances on the grid: 0–8.
const DISTANCES: usize = MAX_DISTANCE as usize + 1;
/// Answers that can ever be given: 0–14.
const ANSWERS: usize = MAX_ANSWER as usize + 1;

/// Rounds of the fixed-point iteration of [`pooled_answers`]. Fixed (not
/// budgeted), so that every reader of the public log computes exactly the
/// Informant's mix.
pub const POOLING_ROUNDS: u32 = 64;

/// Work a Strong Vigilante may spend weighing probes, in units of about one
/// floating-point operation: enough to weigh all 25 against a Strong
/// Informant, about 1 ms natively (0.1 ms against a Simple one; see the
/// bench `strong_decision`), far below the 10 ms
/// aimed at (50 ms in the browser). Counting work rather than reading a
/// clock keeps the bot deterministic (and there is no clock in the
/// browser's wasm). The rest of a decision, the belief (one pass per event
/// of the round's log, and one [`pooled_answers`] per probe against a
/// Strong Informant), is bounded by the log, as is the Strong Informant's
/// answer.
pub const STRONG_BUDGET: u32 = 2_000_000;

/// What weighing one probe costs against an Informant answering uniformly
/// (six rolls, each a few passes over distances and answers).
const PROBE_COST_UNIFORM: u32 = 6 * 6 * (DISTANCES * ANSWERS) as u32;
/// ... and against a Strong Informant (six rolls of [`pooled_answers`]).
const PROBE_COST_POOLED: u32 =
    PROBE_COST_UNIFORM + 6 * POOLING_ROUNDS * (DISTANCES * ANSWERS) as u32;

/// A computer player of a given level with its own generator.
#[derive(Clone, Debug)]
pub struct JokerBot {
    level: Level,
    rng: Pcg32,
    budget: u32,
    params: StrongParams,
}

impl JokerBot {
    pub fn new(level: Level, seed: u64) -> JokerBot {
        JokerBot {
            level,
            rng: Pcg32::seed_from_u64(seed),
            budget: STRONG_BUDGET,
            params: StrongParams::default(),
        }
    }

    /// A Strong bot that may do `budget` units of work per decision instead
    /// of [`STRONG_BUDGET`] (for tests in debug builds); with less, it
    /// weighs fewer probes (at least one).
    pub fn with_budget(mut self, budget: u32) -> JokerBot {
        self.budget = budget;
        self
    }

    /// A Strong bot with other thresholds (for tuning).
    pub fn with_params(mut self, params: StrongParams) -> JokerBot {
        self.params = params;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot<SeatView> for JokerBot {
    type Action = Action;

    fn choose(&mut self, view: &SeatView) -> Action {
        match self.level {
            Level::Simple => simple_action(view, &mut self.rng),
            Level::Strong => strong_action_with(view, &self.params, self.budget, &mut self.rng),
        }
    }
}

/// One decision of a bot of `level`, seeded by `seed`: the entry point for
/// the UI. Whatever it returns when the seat need not act is refused.
pub fn choose(view: &SeatView, level: Level, seed: u64) -> Action {
    JokerBot::new(level, seed).choose(view)
}

/// A random cell of a non-empty set.
fn random_cell(cells: CellSet, rng: &mut impl Rng) -> Option<Cell> {
    (!cells.is_empty()).then(|| cells.nth(rng.random_range(0..cells.len())))?
}

/// Simple: a random allowed answer; a random probe, or a shot at a random
/// consistent cell once at most three remain (or one in five turns).
pub fn simple_action(view: &SeatView, rng: &mut impl Rng) -> Action {
    if let Phase::Answer { .. } = view.phase() {
        let allowed = view.allowed_answers().unwrap_or(0..=0);
        return Action::Answer(rng.random_range(allowed));
    }
    let consistent = view.consistent_cells();
    let shoot = view.can_shoot(view.seat()) && (consistent.len() <= 3 || rng.random_ratio(1, 5));
    match random_cell(consistent, rng) {
        Some(cell) if shoot => Action::Shoot(cell),
        _ => Action::Probe(random_cell(view.face_down(), rng).unwrap_or(Cell(0))),
    }
}

// ------------------------------------------------------------ belief ----

/// How a Vigilante takes the Informant's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InformantModel {
    /// Any allowed answer, each as likely: exact for a Simple computer, and
    /// the assumption that claims least about a person.
    Uniform,
    /// The Strong computer's mix ([`pooled_answers`]), recomputed from the
    /// public log.
    Pooled,
}

impl InformantModel {
    /// The model for the round's Informant, from its seat kind (public).
    pub fn of(view: &SeatView) -> InformantModel {
        match view.seat_kind(view.informant()) {
            Some(SeatKind::Computer(Level::Strong)) => InformantModel::Pooled,
            _ => InformantModel::Uniform,
        }
    }
}

/// The allowed answers of `distance` and `roll` as indices `lo..=hi`.
fn window(distance: usize, roll: u8) -> (usize, usize) {
    let range = allowed_answers(distance as u8, roll);
    (usize::from(*range.start()), usize::from(*range.end()))
}

/// The Strong Informant's mix of answers for a probe whose distances have
/// the public chances `mu` (by distance, 0–8) and a die showing `roll`: the
/// weights `q` over answers 0–14 that maximise `Σ_d mu[d] ln q(allowed(d))`
/// (`allowed(d)` = `max(0, d − roll) ..= d + roll`), by a fixed number of
/// rounds of the multiplicative (EM) fixed-point iteration from uniform
/// weights. Answering `a` with chance `q(a) / q(allowed(D))` for the true
/// distance `D` is then the channel from distance to answer with the least
/// mutual information the roll allows (`−Σ_d mu[d] ln q(allowed(d))`
/// nats): what the Vigilantes learn, even knowing this rule, is as little
/// as can be.
pub fn pooled_answers(mu: &[f64; DISTANCES], roll: u8) -> [f64; ANSWERS] {
    pool(mu, roll, POOLING_ROUNDS)
}

/// [`pooled_answers`] with `rounds` rounds of the iteration.
pub(super) fn pool(mu: &[f64; DISTANCES], roll: u8, rounds: u32) -> [f64; ANSWERS] {
    let mut q = [1.0 / ANSWERS as f64; ANSWERS];
    let windows: [(usize, usize); DISTANCES] = std::array::from_fn(|d| window(d, roll));
    for _ in 0..rounds {
        // Each distance shares its chance among its answers as q does.
        let mut gain = [0.0f64; ANSWERS + 1];
        for (d, &(lo, hi)) in windows.iter().enumerate() {
            if mu[d] <= 0.0 {
                continue;
            }
            let mass: f64 = q[lo..=hi].iter().sum();
            if mass > 0.0 {
                let share = mu[d] / mass;
                gain[lo] += share;
                gain[hi + 1] -= share;
            }
        }
        let mut running = 0.0;
        let mut total = 0.0;
        for (qa, g) in q.iter_mut().zip(gain) {
            running += g;
            *qa *= running.max(0.0);
            total += *qa;
        }
        if total <= 0.0 {
            break;
        }
        for qa in &mut q {
            *qa /= total;
        }
    }
    q
}

/// The chance of each answer (0–14) for each true distance (0–8) under
/// `model`, for a probe whose distances have the public chances `mu`.
pub fn answer_chances(
    mu: &[f64; DISTANCES],
    roll: u8,
    model: InformantModel,
) -> [[f64; ANSWERS]; DISTANCES] {
    let mut chances = [[0.0; ANSWERS]; DISTANCES];
    let q = match model {
        InformantModel::Uniform => None,
        InformantModel::Pooled => Some(pooled_answers(mu, roll)),
    };
    for (d, row) in chances.iter_mut().enumerate() {
        let (lo, hi) = window(d, roll);
        let uniform = 1.0 / (hi - lo + 1) as f64;
        let mass: f64 = q.map_or(0.0, |q| q[lo..=hi].iter().sum());
        for (a, chance) in row.iter_mut().enumerate().take(hi + 1).skip(lo) {
            *chance = match q {
                Some(q) if mass > 0.0 => q[a] / mass,
                _ => uniform,
            };
        }
    }
    chances
}

/// The chance of each distance from `probe` under the belief `weights`.
fn distance_chances(weights: &[f64; CELLS], probe: Cell) -> [f64; DISTANCES] {
    let mut mu = [0.0; DISTANCES];
    for cell in Cell::all() {
        mu[usize::from(cell.distance(probe))] += weights[cell.index()];
    }
    mu
}

fn normalise(weights: &mut [f64; CELLS]) -> bool {
    let total: f64 = weights.iter().sum();
    if total > 0.0 && total.is_finite() {
        for w in weights.iter_mut() {
            *w /= total;
        }
        true
    } else {
        false
    }
}

/// The chance of each cell holding the Joker, given the round's public log
/// in `view` and the Informant answering as `model` says: a uniform prior
/// over the 25 cells, each missed shot ruling its cell out, each answer
/// weighing each cell by the chance of that answer from that cell's
/// distance. Sums to 1, zero off the consistent cells. Should the log be
/// impossible under `model` (an Informant that did not play as modelled),
/// the uniform model is used, which every legal answer fits.
pub fn belief(view: &SeatView, model: InformantModel) -> [f64; CELLS] {
    belief_of(view.round_log(), model)
        .or_else(|| belief_of(view.round_log(), InformantModel::Uniform))
        .unwrap_or_else(|| {
            let consistent = view.consistent_cells();
            let share = 1.0 / consistent.len().max(1) as f64;
            std::array::from_fn(|i| {
                if consistent.contains(Cell(i as u8)) {
                    share
                } else {
                    0.0
                }
            })
        })
}

fn belief_of(log: &[Event], model: InformantModel) -> Option<[f64; CELLS]> {
    let mut weights = [1.0 / CELLS as f64; CELLS];
    for event in log {
        match *event {
            Event::Probe {
                cell: probe,
                roll,
                answer,
                ..
            } => {
                let chances = answer_chances(&distance_chances(&weights, probe), roll, model);
                for cell in Cell::all() {
                    let d = usize::from(cell.distance(probe));
                    weights[cell.index()] *=
                        chances[d].get(usize::from(answer)).copied().unwrap_or(0.0);
                }
            }
            Event::Shot { cell, .. } => {
                if let Some(w) = weights.get_mut(cell.index()) {
                    *w = 0.0;
                }
            }
            // Not in a log.
            Event::Asked { .. } | Event::NextRound { .. } | Event::GameOver { .. } => {}
        }
        if !normalise(&mut weights) {
            return None;
        }
    }
    Some(weights)
}

/// The mutual information (nats) between distance and answer, when the
/// distances have chances `mu` and the answers follow `chances`.
fn mutual_information(mu: &[f64; DISTANCES], chances: &[[f64; ANSWERS]; DISTANCES]) -> f64 {
    let mut marginal = [0.0; ANSWERS];
    for (m, row) in mu.iter().zip(chances) {
        for (p, c) in marginal.iter_mut().zip(row) {
            *p += m * c;
        }
    }
    let mut info = 0.0;
    for (m, row) in mu.iter().zip(chances) {
        if *m <= 0.0 {
            continue;
        }
        for (c, p) in row.iter().zip(&marginal) {
            if *c > 0.0 && *p > 0.0 {
                info += m * c * (c / p).ln();
            }
        }
    }
    info
}

// ------------------------------------------------------------ Strong ----

/// The Strong Vigilante's shooting thresholds: it shoots the likeliest cell
/// when its chance is at least the threshold of the situation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrongParams {
    /// The only Vigilante (two players), or no rival in the round (team
    /// mode): nothing to race, only turns to save.
    pub solo: f64,
    /// Rivals, but none can shoot before this bot shoots again (each is
    /// locked until another Vigilante shoots): time to make sure.
    pub safe: f64,
    /// A rival may shoot next.
    pub race: f64,
    /// Racing, a probe's score is what it tells less this many times the
    /// free rivals' chance of a hit on their next turn.
    pub caution: f64,
    /// Every probe of the round lowers the thresholds by this factor, so
    /// that every round ends even against an Informant who does not answer
    /// as modelled.
    pub patience: f64,
}

impl Default for StrongParams {
    fn default() -> StrongParams {
        StrongParams {
            solo: 0.12,
            safe: 0.97,
            race: 0.25,
            caution: 30.0,
            patience: 0.98,
        }
    }
}

/// Strong with the full budget and the tuned thresholds.
pub fn strong_action(view: &SeatView, budget: u32, rng: &mut impl Rng) -> Action {
    strong_action_with(view, &StrongParams::default(), budget, rng)
}

/// Strong with the given thresholds.
pub fn strong_action_with(
    view: &SeatView,
    params: &StrongParams,
    budget: u32,
    rng: &mut impl Rng,
) -> Action {
    match view.phase() {
        Phase::Answer { .. } if view.is_informant() => strong_answer(view, rng),
        Phase::Turn if view.must_act() => strong_vigilante(view, params, budget, rng),
        _ => simple_action(view, rng),
    }
}

/// The Strong Informant: an answer drawn from [`pooled_answers`]' mix over
/// the allowed range.
pub fn strong_answer(view: &SeatView, rng: &mut impl Rng) -> Action {
    let (Phase::Answer { cell, roll }, Some(allowed)) = (view.phase(), view.allowed_answers())
    else {
        return simple_action(view, rng);
    };
    let weights = belief(view, InformantModel::Pooled);
    let q = pooled_answers(&distance_chances(&weights, cell), roll);
    let (lo, hi) = (usize::from(*allowed.start()), usize::from(*allowed.end()));
    let mass: f64 = q[lo..=hi].iter().sum();
    if mass > 0.0 && mass.is_finite() {
        let mut x = rng.random::<f64>() * mass;
        for (a, &qa) in q.iter().enumerate().take(hi + 1).skip(lo) {
            if x < qa {
                return Action::Answer(a as u8);
            }
            x -= qa;
        }
        // Rounding: the last answer with any weight.
        if let Some(a) = (lo..=hi).rev().find(|&a| q[a] > 0.0) {
            return Action::Answer(a as u8);
        }
    }
    Action::Answer(rng.random_range(allowed))
}

/// Where this Vigilante stands in the race for the Joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Situation {
    Solo,
    Safe,
    Race,
}

fn situation(view: &SeatView) -> Situation {
    let me = view.seat();
    let mut rivals = view
        .vigilantes()
        .filter(|&s| !view.same_side(s, me))
        .peekable();
    if rivals.peek().is_none() {
        Situation::Solo
    } else if rivals.all(|s| view.lock(s) == Lock::UntilAnotherShot) {
        Situation::Safe
    } else {
        Situation::Race
    }
}

/// What a probe would bring, averaged over the roll and the answer.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProbeOutlook {
    /// The expected mutual information (nats) between the Joker's cell and
    /// the answer: what the answer tells.
    pub info: f64,
    /// The chance that a Simple computer Vigilante, playing next, shoots
    /// and hits after the answer: it shoots a random cell consistent with
    /// the log, always once at most three remain, else one time in five.
    pub simple_hazard: f64,
    /// The chance that a Vigilante who shoots the likeliest cell after the
    /// answer, if its chance is at least a threshold, hits.
    pub sharp_hazard: f64,
}

/// [`ProbeOutlook`] of probing `probe` under the belief `weights`, with
/// `consistent` the cells consistent with the log, and `threshold` the
/// chance at which a sharp rival shoots.
pub fn probe_outlook(
    weights: &[f64; CELLS],
    consistent: CellSet,
    probe: Cell,
    model: InformantModel,
    threshold: f64,
) -> ProbeOutlook {
    let mu = distance_chances(weights, probe);
    let mut count = [0u32; DISTANCES];
    let mut top = [0.0f64; DISTANCES];
    for cell in Cell::all() {
        let d = usize::from(cell.distance(probe));
        if consistent.contains(cell) {
            count[d] += 1;
        }
        top[d] = top[d].max(weights[cell.index()]);
    }
    let mut outlook = ProbeOutlook::default();
    for roll in 1..=DIE {
        let chances = answer_chances(&mu, roll, model);
        outlook.info += mutual_information(&mu, &chances);
        for a in 0..ANSWERS {
            let chance: f64 = mu.iter().zip(&chances).map(|(m, row)| m * row[a]).sum();
            if chance <= 0.0 {
                continue;
            }
            let left: u32 = (0..DISTANCES)
                .filter(|&d| a.abs_diff(d) <= usize::from(roll))
                .map(|d| count[d])
                .sum();
            if left > 0 {
                let shoots = if left <= 3 { 1.0 } else { 0.2 };
                outlook.simple_hazard += chance * shoots / f64::from(left);
            }
            let hit = (0..DISTANCES)
                .map(|d| top[d] * chances[d][a])
                .fold(0.0, f64::max);
            if hit >= threshold * chance {
                outlook.sharp_hazard += hit;
            }
        }
    }
    let rolls = f64::from(DIE);
    outlook.info /= rolls;
    outlook.simple_hazard /= rolls;
    outlook.sharp_hazard /= rolls;
    outlook
}

/// How a Vigilante picks its probe.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ProbeGoal {
    /// What tells most.
    Learn,
    /// What tells most, less `caution` times the free rivals' chance of a
    /// hit on their next turn.
    Race { caution: f64 },
    /// Locked with a rival free: what gives the rivals least chance to hit.
    Stall,
}

/// The Strong Vigilante: shoot the likeliest cell if its chance is worth
/// it, else probe where the answer tells most.
pub fn strong_vigilante(
    view: &SeatView,
    params: &StrongParams,
    budget: u32,
    rng: &mut impl Rng,
) -> Action {
    let model = InformantModel::of(view);
    let weights = belief(view, model);
    let face_down = view.face_down();
    // The likeliest cells (ties broken at random).
    let best = face_down
        .iter()
        .map(|c| weights[c.index()])
        .fold(0.0f64, f64::max);
    let likeliest: CellSet = face_down
        .iter()
        .filter(|c| weights[c.index()] >= best * (1.0 - 1e-9) && best > 0.0)
        .collect();
    let situation = situation(view);
    let can_shoot = view.can_shoot(view.seat());
    if can_shoot {
        let threshold = match situation {
            Situation::Solo => params.solo,
            Situation::Safe => params.safe,
            Situation::Race => params.race,
        };
        let probes = view
            .round_log()
            .iter()
            .filter(|e| matches!(e, Event::Probe { .. }))
            .count();
        let threshold = threshold * params.patience.powi(probes.min(1_000) as i32);
        if best >= threshold || best >= 1.0 - 1e-9 {
            if let Some(cell) = random_cell(likeliest, rng) {
                return Action::Shoot(cell);
            }
        }
    }
    let goal = match situation {
        Situation::Race if !can_shoot => ProbeGoal::Stall,
        Situation::Race => ProbeGoal::Race {
            caution: params.caution,
        },
        _ => ProbeGoal::Learn,
    };
    Action::Probe(best_probe(
        view,
        &weights,
        goal,
        model,
        params.race,
        budget,
        rng,
    ))
}

/// The probe that best serves `goal`, among as many face-down cells as
/// `budget` allows (taken in random order; at least one).
fn best_probe(
    view: &SeatView,
    weights: &[f64; CELLS],
    goal: ProbeGoal,
    model: InformantModel,
    threshold: f64,
    budget: u32,
    rng: &mut impl Rng,
) -> Cell {
    let cost = match model {
        InformantModel::Uniform => PROBE_COST_UNIFORM,
        InformantModel::Pooled => PROBE_COST_POOLED,
    };
    let me = view.seat();
    // The free rivals, Simple computers and others.
    let (mut simple, mut sharp) = (0.0, 0.0);
    for rival in view.vigilantes() {
        if view.same_side(rival, me) || view.lock(rival) != Lock::Free {
            continue;
        }
        match view.seat_kind(rival) {
            Some(SeatKind::Computer(Level::Simple)) => simple += 1.0,
            _ => sharp += 1.0,
        }
    }
    let consistent = view.consistent_cells();
    let mut cells: Vec<Cell> = view.face_down().iter().collect();
    // A random order: ties go to a random cell, and a small budget weighs a
    // random sample.
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
    let affordable = (budget / cost).max(1) as usize;
    let mut best = (f64::NEG_INFINITY, cells.first().copied().unwrap_or(Cell(0)));
    for &cell in cells.iter().take(affordable) {
        let outlook = probe_outlook(weights, consistent, cell, model, threshold);
        let hazard = simple * outlook.simple_hazard + sharp * outlook.sharp_hazard;
        let score = match goal {
            ProbeGoal::Learn => outlook.info,
            ProbeGoal::Race { caution } => outlook.info - caution * hazard,
            ProbeGoal::Stall => -hazard,
        };
        if score > best.0 + 1e-12 {
            best = (score, cell);
        }
    }
    best.1
}
