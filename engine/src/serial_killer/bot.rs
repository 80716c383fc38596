//! Computer players for Serial Killer. They read only a [`SeatView`] (which
//! hides the order of the victim stack) and keep their own random generator.
//!
//! - [`Level::Simple`]: draws when it must, otherwise picks a legal action
//!   at random (so it buries, holds and informs haphazardly).
//! - [`Level::Strong`]: flat Monte-Carlo search. For each distinct choice it
//!   plays many games to the end from that choice, each on a determinised
//!   copy of the table (the hidden stack order and later shuffles drawn at
//!   random), with every player following [`rules_action`], a set of rules
//!   of thumb, except seats known to be Simple computers, played as such.
//!   The same determinisations serve every choice, so that the comparison
//!   is not drowned in the luck of the draw. It plays the rules' choice
//!   unless another choice's average share of the win is clearly better.

use super::{
    role, Action, Phase, Quiet, Role, Seat, SeatView, State, Tip, ACE_BITS, CLUES, GRAVES,
    JACK_BITS,
};
use crate::seats::{Bot, Level, SeatKind};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// Actions a Strong decision may simulate in all, over the playouts of all
/// its choices: about 6 ms (at most 12 ms) of CPU natively in release (see
/// the bench `strong_decision`). Counting actions rather than
/// playouts keeps the time steady whether the game has far to go or not
/// (and the engine reads no clock: there is none in the browser's wasm).
pub const STRONG_BUDGET: u32 = 80_000;
/// A playout still running after this many actions (possible in principle,
/// as informants give clues back) is scored from the clues left.
const MAX_PLAYOUT_ACTIONS: u32 = 3_000;
/// What setting up one playout (copying and determinising the table) costs,
/// counted in actions, so that playouts that end at once (a choice that
/// ends the game) do not run the budget's time up.
const PLAYOUT_OVERHEAD: u32 = 30;

/// A computer player of a given level with its own generator.
#[derive(Clone, Debug)]
pub struct SerialKillerBot {
    level: Level,
    rng: Pcg32,
    /// Reused buffer for legal actions.
    actions: Vec<Action>,
    budget: u32,
}

impl SerialKillerBot {
    pub fn new(level: Level, seed: u64) -> SerialKillerBot {
        SerialKillerBot {
            level,
            rng: Pcg32::seed_from_u64(seed),
            actions: Vec::with_capacity(64),
            budget: STRONG_BUDGET,
        }
    }

    /// A Strong bot that simulates `budget` actions per decision instead of
    /// [`STRONG_BUDGET`] (for tests in debug builds).
    pub fn with_budget(mut self, budget: u32) -> SerialKillerBot {
        self.budget = budget;
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot<SeatView> for SerialKillerBot {
    type Action = Action;

    fn choose(&mut self, view: &SeatView) -> Action {
        match self.level {
            Level::Simple => simple_action(view, &mut self.rng, &mut self.actions),
            Level::Strong => strong_action(view, self.budget, &mut self.rng),
        }
    }
}

/// One decision of a bot of `level`, seeded by `seed`: the entry point for
/// the UI ([`crate::Multiplayer::bot_action`]). `EndTurn` if the game is
/// over (it will be refused).
pub fn choose(view: &SeatView, level: Level, seed: u64) -> Action {
    SerialKillerBot::new(level, seed).choose(view)
}

/// Simple: a random legal action (the draw when one is due).
pub fn simple_action(view: &SeatView, rng: &mut impl RngCore, actions: &mut Vec<Action>) -> Action {
    view.legal_actions_into(actions);
    pick(view.phase(), actions, rng)
}

/// [`simple_action`] in a playout, from the game itself.
fn simple(state: &State, rng: &mut impl RngCore, actions: &mut Vec<Action>) -> Action {
    state.legal_actions_into(actions);
    pick(state.phase(), actions, rng)
}

/// Simple's pick among the legal `actions`: the draw when one is due (no
/// chance spent), else one at random.
fn pick(phase: Phase, actions: &[Action], rng: &mut impl RngCore) -> Action {
    if let Phase::Draw { .. } = phase {
        return Action::Draw;
    }
    if actions.is_empty() {
        return Action::EndTurn;
    }
    actions[(rng.next_u32() as usize) % actions.len()]
}

// The rules of thumb read a `State`: a seat's view made a game without
// secrets ([`SeatView::skeleton`]) for a decision, a determinised copy of
// it in the playouts, where building a view at every step would be slow.

/// The opponent at large with the fewest clues (ties: the next clockwise).
fn weakest_opponent(view: &State, me: Seat) -> Option<Seat> {
    let players = view.players();
    view.at_large()
        .filter(|&s| s != me && view.clues(s) > 0)
        .min_by_key(|&s| (view.clues(s), (s.index() + players - me.index()) % players))
}

fn first_free_victim(view: &State) -> Option<u8> {
    view.free_victims().next()
}

fn first_open_grave(view: &State) -> Option<u8> {
    (0..GRAVES as u8).find(|&g| view.is_open(usize::from(g)))
}

/// The rules of thumb every player follows in Strong's playouts (tuned by
/// self-play: each rule beat its alternatives over 40,000 games):
///
/// - hold a drawn Jack (burying it at the end of the turn is never worse:
///   the turn's graves are fixed when it begins);
/// - use a drawn Ace at once if there is a victim for it: to arrest an
///   opponent down to one clue, else to take back a clue if the police hold
///   one, else (with one opponent left) to inform on them; otherwise hold
///   it;
/// - at the end of the turn, the same for held Aces;
/// - bury a held Jack while two or more graves are open (fewer draws for the
///   next player, without closing the last grave, which would reopen all
///   six for them);
/// - end the turn.
pub fn rules_action(view: &SeatView) -> Action {
    rules(&view.skeleton())
}

fn rules(view: &State) -> Action {
    let me = view.current();
    match view.phase() {
        Phase::Draw { .. } => Action::Draw,
        Phase::Over => Action::EndTurn,
        Phase::Drawn { card, .. } => {
            if role(card) == Role::Informant {
                if let Some(action) = rules_inform(view, me) {
                    return action;
                }
            }
            Action::Hold
        }
        Phase::Plays => {
            let held = view.held_mask(me);
            if held & ACE_BITS != 0 {
                if let Some(action) = rules_inform(view, me) {
                    return action;
                }
            }
            if held & JACK_BITS != 0 && view.open_graves() >= 2 {
                if let Some(grave) = first_open_grave(view) {
                    return Action::Bury { grave };
                }
            }
            Action::EndTurn
        }
    }
}

/// The rules' use of an Ace, if one is to be used now.
fn rules_inform(view: &State, me: Seat) -> Option<Action> {
    let grave = first_free_victim(view)?;
    let weakest = weakest_opponent(view, me);
    let tip = match weakest {
        Some(s) if view.clues(s) == 1 => Tip::InformOn(s),
        _ if view.clues(me) < CLUES => Tip::Discredit,
        // Head to head a clue off the opponent is as good as one back, and
        // an Ace kept for later may find no victim.
        Some(s) if view.at_large().count() == 2 => Tip::InformOn(s),
        _ => return None,
    };
    Some(Action::Inform { grave, tip })
}

/// The distinct choices of the player to act: equivalent actions (another
/// victim to put the informant on, another open grave for a held Jack) are
/// represented once.
pub fn distinct_choices(view: &SeatView) -> Vec<Action> {
    choices_of(&view.skeleton())
}

fn choices_of(view: &State) -> Vec<Action> {
    let me = view.current();
    let mut choices = Vec::new();
    let push_informs = |choices: &mut Vec<Action>| {
        if let Some(grave) = first_free_victim(view) {
            choices.extend(view.legal_tips().map(|tip| Action::Inform { grave, tip }));
        }
    };
    match view.phase() {
        Phase::Draw { .. } => choices.push(Action::Draw),
        Phase::Over => {}
        Phase::Drawn { card, grave } => {
            choices.push(Action::Hold);
            match role(card) {
                Role::Corpse => choices.push(Action::Bury { grave }),
                _ => push_informs(&mut choices),
            }
        }
        Phase::Plays => {
            let held = view.held_mask(me);
            if held & JACK_BITS != 0 {
                if let Some(grave) = first_open_grave(view) {
                    choices.push(Action::Bury { grave });
                }
            }
            if held & ACE_BITS != 0 {
                push_informs(&mut choices);
            }
            choices.push(Action::EndTurn);
        }
    }
    choices
}

/// Plays `state` to the end, every player on [`rules_action`] except the
/// Simple computers (on [`simple_action`], with `rng`), and returns `seat`'s
/// share of the win (1, 1/k when shared by k, or 0) and the number of
/// actions played. (The players' choices read only what is public: a
/// playout's state is a determinised one, its secrets made up.)
pub fn playout(state: &mut State, seat: Seat, rng: &mut impl RngCore) -> (f64, u32) {
    let mut buffer = Vec::new();
    let mut actions = 0;
    while actions < MAX_PLAYOUT_ACTIONS && state.in_progress() {
        let current = state.current();
        // Seats known to be Simple computers are played as such; everyone
        // else (people, Strong computers) by the rules of thumb.
        let action = match state.seat_kind(current) {
            Some(SeatKind::Computer(Level::Simple)) if current != seat => {
                simple(state, rng, &mut buffer)
            }
            _ => rules(state),
        };
        if state.apply_into(action, &mut Quiet).is_err() {
            break;
        }
        actions += 1;
    }
    let share = if !state.in_progress() {
        let winners = state.winners();
        if winners.contains(&seat) {
            1.0 / winners.len() as f64
        } else {
            0.0
        }
    } else {
        // Unfinished (never seen): the share of the clues left.
        let total: u32 = state.at_large().map(|s| u32::from(state.clues(s))).sum();
        f64::from(state.clues(seat)) / f64::from(total.max(1))
    };
    (share, actions)
}

/// How sure Strong must be (in standard errors of the paired difference)
/// before it departs from the rules of thumb: a mild preference for them,
/// as most differences between choices are small next to the luck of the
/// draw (0.5 did better than 0 and 2 in self-play).
const DEPART_Z: f64 = 0.5;

/// Strong: for each distinct choice, the average win share over
/// determinised playouts, the same determinisations for every choice, as
/// many rounds (one playout per choice) as `budget` simulated actions allow,
/// at least one. It plays the rules' choice unless another does better by a
/// clear margin.
pub fn strong_action(view: &SeatView, budget: u32, rng: &mut impl RngCore) -> Action {
    let table = view.skeleton();
    let choices = choices_of(&table);
    match choices.len() {
        0 => return Action::EndTurn,
        1 => return choices[0],
        _ => {}
    }
    let me = view.current();
    let rules = rules(&table);
    let default = choices.iter().position(|&c| c == rules).unwrap_or(0);
    let mut results = vec![0.0f64; choices.len()];
    // Sums and sums of squares of each choice's result minus the default's.
    let mut sums = vec![0.0f64; choices.len()];
    let mut squares = vec![0.0f64; choices.len()];
    let mut spent = 0u32;
    let mut rounds = 0u32;
    while rounds == 0 || spent < budget {
        // One determinisation, shared by every choice.
        let seed = rng.next_u64();
        for (choice, result) in choices.iter().zip(results.iter_mut()) {
            let mut rollout_rng = Pcg32::seed_from_u64(seed);
            let mut sample = table.redeal_with(&mut rollout_rng);
            *result = if sample.apply_into(*choice, &mut Quiet).is_ok() {
                let (share, actions) = playout(&mut sample, me, &mut rollout_rng);
                spent = spent.saturating_add(actions + PLAYOUT_OVERHEAD);
                share
            } else {
                0.0
            };
        }
        for i in 0..choices.len() {
            let d = results[i] - results[default];
            sums[i] += d;
            squares[i] += d * d;
        }
        rounds += 1;
    }
    let n = f64::from(rounds);
    let mut best = default;
    let mut best_mean = 0.0;
    for i in 0..choices.len() {
        let mean = sums[i] / n;
        let variance = (squares[i] / n - mean * mean).max(0.0);
        let error = (variance / n).sqrt();
        if mean > best_mean && mean > DEPART_Z * error {
            best = i;
            best_mean = mean;
        }
    }
    choices[best]
}
