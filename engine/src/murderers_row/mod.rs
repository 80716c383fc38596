//! Murderers' Row: a solitaire game. Ten of the 18 cards (see [`CARDS`]) are
//! dealt face up in a row; the other eight are the die deck. Each turn an
//! active card is activated, its effect resolved, and it becomes inactive.
//! One card left alive wins; no legal activation (and not exactly one card
//! alive) loses. The cards are in [`cards`]; our rulings, where the
//! published rule text leaves room, in `docs/rulings.md`.
//!
//! Layout: the row is numbered left to right from 0; killing a card closes
//! the gap. A card is named by its [`Killer`] (every card is distinct), so an
//! action stays meaningful whatever the positions.
//!
//! The rules proper work on [`Row`], a small copyable value shared with the
//! solver ([`solver`]); [`State`] adds the die deck, its discard, the seeded
//! generator, the Air Strike's pending choice and undo.

pub mod advice;
pub mod cards;
pub mod difficulty;
pub mod odds;
pub mod sample;
pub mod solver;
#[cfg(test)]
mod tests;

pub use cards::{CardInfo, Killer, CARDS, CARD_COUNT};

use crate::cards::shuffle;
use crate::game::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Cards dealt into the row.
pub const ROW_SIZE: usize = 10;
/// The longest a row can be (every card in it; hand-built positions only).
pub const MAX_ROW: usize = CARD_COUNT;

const ACTIVE: u8 = 0x80;
const CARD_MASK: u8 = 0x1f;

/// A card in the row and whether it is active (face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    pub card: Killer,
    pub active: bool,
}

/// The living cards, left to right, each with its active flag, packed into
/// bytes (card index, plus 0x80 when active). Unused cells are 0, so that two
/// equal rows are equal values (the solver hashes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    len: u8,
    pub(crate) cells: [u8; MAX_ROW],
}

impl Row {
    /// A row of the given slots (at most [`MAX_ROW`]; more are ignored).
    pub fn new(slots: &[Slot]) -> Row {
        let mut row = Row {
            len: 0,
            cells: [0; MAX_ROW],
        };
        for slot in slots.iter().take(MAX_ROW) {
            row.cells[row.len as usize] =
                slot.card.index() as u8 | if slot.active { ACTIVE } else { 0 };
            row.len += 1;
        }
        row
    }

    pub fn len(&self) -> usize {
        usize::from(self.len).min(MAX_ROW)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn card(&self, i: usize) -> Killer {
        let index = usize::from(self.cells[i] & CARD_MASK);
        Killer::ALL[index % CARD_COUNT]
    }

    pub fn active(&self, i: usize) -> bool {
        self.cells[i] & ACTIVE != 0
    }

    pub fn slot(&self, i: usize) -> Slot {
        Slot {
            card: self.card(i),
            active: self.active(i),
        }
    }

    pub fn slots(&self) -> impl Iterator<Item = Slot> + '_ {
        (0..self.len()).map(|i| self.slot(i))
    }

    /// Where `card` is in the row, if it is alive.
    pub fn find(&self, card: Killer) -> Option<usize> {
        (0..self.len()).find(|&i| self.cells[i] & CARD_MASK == card.index() as u8)
    }

    fn set_active(&mut self, i: usize, active: bool) {
        if active {
            self.cells[i] |= ACTIVE;
        } else {
            self.cells[i] &= !ACTIVE;
        }
    }

    /// Removes the card at `i`; the cards to its right slide left.
    fn remove(&mut self, i: usize) {
        let n = self.len();
        if i >= n {
            return;
        }
        self.cells.copy_within(i + 1..n, i);
        self.cells[n - 1] = 0;
        self.len -= 1;
    }

    /// Removes the cards at the given positions (at most three, repeats
    /// allowed), all decided beforehand.
    fn remove_all(&mut self, positions: &[usize]) {
        let mut sorted = [0; 3];
        let sorted = &mut sorted[..positions.len().min(3)];
        sorted.copy_from_slice(&positions[..sorted.len()]);
        sorted.sort_unstable();
        for k in (0..sorted.len()).rev() {
            if k + 1 == sorted.len() || sorted[k] != sorted[k + 1] {
                self.remove(sorted[k]);
            }
        }
    }

    /// The positions next to `i` and `i` itself, as a list of up to three
    /// and its length: what a blast centred on `i` kills.
    fn blast(&self, i: usize, keep: impl Fn(usize) -> bool) -> ([usize; 3], usize) {
        let mut out = [i; 3];
        let mut len = 1;
        for j in self.neighbours(i).filter(|&j| keep(j)) {
            out[len] = j;
            len += 1;
        }
        (out, len)
    }

    /// The positions next to `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let n = self.len();
        [i.checked_sub(1), Some(i + 1).filter(|&j| j < n)]
            .into_iter()
            .flatten()
    }

    /// The position `distance` away from `from` in `direction`, if any.
    pub fn at_distance(&self, from: usize, direction: Direction, distance: u8) -> Option<usize> {
        let d = usize::from(distance);
        match direction {
            Direction::Left => from.checked_sub(d),
            Direction::Right => Some(from + d).filter(|&j| j < self.len()),
        }
    }
}

/// The side a random target is looked for on (chosen before the die card is
/// revealed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    Left,
    Right,
}

/// What an activation aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// No choice (Poisoner, Mad Bomber).
    None,
    /// One chosen card.
    Card(Killer),
    /// Two chosen cards (Gunslinger, Hangman, Bugler, Con Man), always in
    /// table order: build it with [`Target::pair`].
    Pair(Killer, Killer),
    /// A random target in the chosen direction (Arsonist, Grenadier, Air
    /// Strike).
    Random(Direction),
}

impl Target {
    /// The pair of `a` and `b` in its one accepted order (table order).
    pub fn pair(a: Killer, b: Killer) -> Target {
        Target::Pair(a.min(b), a.max(b))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Activate `card` (with the effect of the adjacent active card `copying`
    /// when `card` is the Copycat, `None` otherwise) aimed at `target`.
    Activate {
        card: Killer,
        copying: Option<Killer>,
        target: Target,
    },
    /// The Air Strike's second kill: which card next to its target dies, when
    /// the target has two neighbours (asked after the die card is revealed).
    AlsoKill(Killer),
    /// Take back the last activation, if it revealed no die card.
    Undo,
    /// Record that the player asked the solver for a hint: a win from now
    /// on counts as assisted. Legal while the game runs; it changes nothing
    /// else and is not a move of the game (it does not enter the history).
    Hint,
}

impl Action {
    pub fn activate(card: Killer, target: Target) -> Action {
        Action::Activate {
            card,
            copying: None,
            target,
        }
    }

    pub fn copy(copying: Killer, target: Target) -> Action {
        Action::Activate {
            card: Killer::Copycat,
            copying: Some(copying),
            target,
        }
    }

    /// Whether the action is a move of the game: an activation or the Air
    /// Strike's choice, what the history records and the solver weighs (not
    /// undo, not a hint).
    pub fn is_move(&self) -> bool {
        matches!(self, Action::Activate { .. } | Action::AlsoKill(_))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Choose a card to activate.
    Activate,
    /// The Air Strike (or the Copycat as one) hit `target`, which has a card
    /// on each side: choose which of them also dies.
    AirStrike {
        actor: Killer,
        target: Killer,
    },
    Won,
    Lost,
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// The Air Strike's second kill must be chosen first.
    ChooseAirStrikeFirst,
    /// `AlsoKill` with no Air Strike waiting.
    NoChoiceToMake,
    /// The card is not next to the Air Strike's target.
    NotNextToTarget(Killer),
    /// The card is dead or in the die deck.
    NotInRow(Killer),
    Inactive(Killer),
    /// The Copycat was activated without naming a card to copy.
    CopycatMustCopy,
    /// Only the Copycat copies.
    OnlyCopycatCopies,
    /// The Copycat can copy only an active card next to it, not a Copycat.
    CannotCopy(Killer),
    /// The effect's condition has no legal target: the card cannot be used.
    NoLegalTarget(Killer),
    /// No active card next to the Copycat has an effect usable from there.
    NothingToCopy,
    /// The chosen target does not meet the effect's condition.
    BadTarget(Killer),
    NothingToUndo,
}

/// The condition of `effect`, as a sentence for a refused target.
fn condition(effect: Killer) -> &'static str {
    match effect {
        Killer::Swordsman => "the Swordsman kills an active card next to it",
        Killer::Executioner => "the Executioner kills an inactive card next to it",
        Killer::Poisoner => "the Poisoner takes no target",
        Killer::Sniper => "the Sniper kills a card at distance 4 or more",
        Killer::Gunslinger => "the Gunslinger kills two adjacent active cards other than itself",
        Killer::SentryGun => "the Sentry Gun kills an active card at distance 2",
        Killer::Tank => "the Tank kills an inactive card at distance 2",
        Killer::Assassin => "the Assassin takes the place of an inactive card",
        Killer::Arsonist | Killer::Grenadier | Killer::AirStrike => {
            "a random target needs a direction: left or right"
        }
        Killer::Medic => "the Medic makes an inactive card active",
        Killer::ConMan => "the Con Man swaps two different living cards",
        Killer::Bugler => "the Bugler makes two adjacent inactive cards active",
        Killer::Copycat => "the Copycat copies an active card next to it",
        Killer::MadBomber => "the Mad Bomber takes no target",
        Killer::Knight => "the Knight takes the place of another active card",
        Killer::Hangman => "the Hangman kills two adjacent inactive cards",
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::GameOver => f.write_str("The game is over."),
            RuleError::ChooseAirStrikeFirst => {
                f.write_str("First choose which card next to the Air Strike's target also dies.")
            }
            RuleError::NoChoiceToMake => f.write_str("There is no Air Strike choice to make."),
            RuleError::NotNextToTarget(card) => {
                write!(f, "The {card} is not next to the Air Strike's target.")
            }
            RuleError::NotInRow(card) => write!(f, "The {card} is not alive in the row."),
            RuleError::Inactive(card) => {
                write!(f, "The {card} is inactive: only active cards can be used.")
            }
            RuleError::CopycatMustCopy => {
                f.write_str("Choose an active card next to the Copycat to copy.")
            }
            RuleError::OnlyCopycatCopies => f.write_str("Only the Copycat copies other cards."),
            RuleError::CannotCopy(card) => write!(
                f,
                "The Copycat can copy only an active card next to it (not the {card})."
            ),
            RuleError::NoLegalTarget(effect) => write!(
                f,
                "The {effect} cannot be used now: {}, and there is none.",
                condition(effect)
            ),
            RuleError::NothingToCopy => f.write_str(
                "The Copycat cannot be used now: no active card next to it has an effect it could use from its place.",
            ),
            RuleError::BadTarget(effect) => {
                let text = condition(effect);
                let mut chars = text.chars();
                let first = chars.next().map(|c| c.to_ascii_uppercase());
                write!(
                    f,
                    "Not a legal target: {}{}.",
                    first.unwrap_or(' '),
                    chars.as_str()
                )
            }
            RuleError::NothingToUndo => f.write_str(
                "Nothing to undo: an activation that revealed a die card cannot be taken back.",
            ),
        }
    }
}

// ---------------------------------------------------------------- events ----

/// What an action did: the public facts, in the order they happened. An
/// activation says which card acted ([`Event::Activated`]); for a random
/// target, the die card turned and what the shot reached; then what the
/// effect did (kills in the order of the dead pile, swaps, revivals); then
/// what became of the acting card (made inactive, or the poison's work);
/// then a new poison and the end of the game, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// `card` was activated, with the effect of `copying` (the Copycat's
    /// choice; `None` for every other card).
    Activated {
        card: Killer,
        copying: Option<Killer>,
    },
    /// A random target: the player chose `direction`, then the top die
    /// card, `card`, was turned over: its `pips` are the distance.
    DieTurned {
        direction: Direction,
        card: Killer,
        pips: u8,
    },
    /// The die deck ran out: the discard, `cards` cards (the one just
    /// turned included), was shuffled into a new die deck.
    DieReshuffled { cards: u8 },
    /// The random shot reached `hit` at `distance` from the acting card (the
    /// card itself at 0), or nothing: no card is that far.
    Shot { distance: u8, hit: Option<Killer> },
    /// The effect killed this card (it goes to the dead pile).
    Killed(Killer),
    /// The Con Man swapped these two cards' places.
    Swapped(Killer, Killer),
    /// `card` (the Assassin or the Knight, or the Copycat as one) took the
    /// place of `of`, which is killed (its [`Event::Killed`] follows).
    TookPlace { card: Killer, of: Killer },
    /// An inactive card was made active (the Medic, the Bugler).
    Woke(Killer),
    /// The Air Strike hit `target`, which has a card on each side: the
    /// player must choose which of them also dies (the activation goes on).
    AirStrikeChoice { target: Killer },
    /// The acting card, alive after its effect, was turned face down.
    MadeInactive(Killer),
    /// The pending poison was used up by the activation of `card`, which
    /// died of it (`died`), or had already died by its own effect.
    PoisonUsed { card: Killer, died: bool },
    /// A Poisoner effect: a poison now waits for the next card activated.
    PoisonPending,
    /// Undo took back `action` (an activation that turned no die card);
    /// `revived` are the cards it had killed, alive again, in the order
    /// they had died. The game counts as assisted.
    Undone {
        action: Action,
        revived: Vec<Killer>,
    },
    /// The player asked for a hint: the game counts as assisted.
    Hinted,
    /// One card is left alive.
    Won,
    /// No card can be activated, and not exactly one is alive.
    Lost,
}

// ------------------------------------------------------------ the rules ----

/// One activation with every choice made before any die card is revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub card: Killer,
    pub copying: Option<Killer>,
    pub target: Target,
}

impl Move {
    pub fn action(self) -> Action {
        Action::Activate {
            card: self.card,
            copying: self.copying,
            target: self.target,
        }
    }
}

/// Every legal target of `effect` used by the card at `at`.
fn targets(row: &Row, at: usize, effect: Killer, out: &mut impl Extend<Target>) {
    let n = row.len();
    let card = |i: usize| Target::Card(row.card(i));
    let pair = |i: usize, j: usize| Target::pair(row.card(i), row.card(j));
    match effect {
        Killer::Swordsman | Killer::Executioner => {
            let want = effect == Killer::Swordsman;
            out.extend(
                row.neighbours(at)
                    .filter(|&i| row.active(i) == want)
                    .map(card),
            );
        }
        Killer::SentryGun | Killer::Tank => {
            let want = effect == Killer::SentryGun;
            let ends = [at.checked_sub(2), Some(at + 2).filter(|&j| j < n)];
            out.extend(
                ends.into_iter()
                    .flatten()
                    .filter(|&i| row.active(i) == want)
                    .map(card),
            );
        }
        Killer::Poisoner | Killer::MadBomber => out.extend([Target::None]),
        Killer::Sniper => out.extend((0..n).filter(|&i| at.abs_diff(i) >= 4).map(card)),
        Killer::Gunslinger => out.extend(
            (1..n)
                .filter(|&j| j - 1 != at && j != at && row.active(j - 1) && row.active(j))
                .map(|j| pair(j - 1, j)),
        ),
        Killer::Bugler | Killer::Hangman => out.extend(
            (1..n)
                .filter(|&j| !row.active(j - 1) && !row.active(j))
                .map(|j| pair(j - 1, j)),
        ),
        Killer::Assassin | Killer::Medic => {
            out.extend((0..n).filter(|&i| !row.active(i)).map(card));
        }
        Killer::Knight => out.extend((0..n).filter(|&i| i != at && row.active(i)).map(card)),
        Killer::ConMan => {
            for j in 1..n {
                out.extend((0..j).map(|i| pair(i, j)));
            }
        }
        Killer::Arsonist | Killer::Grenadier | Killer::AirStrike => {
            out.extend([
                Target::Random(Direction::Left),
                Target::Random(Direction::Right),
            ]);
        }
        Killer::Copycat => {}
    }
}

/// The cards the Copycat at `at` may copy: active neighbours, not a Copycat.
fn copyable(row: &Row, at: usize) -> impl Iterator<Item = usize> + '_ {
    row.neighbours(at)
        .filter(move |&i| row.active(i) && row.card(i) != Killer::Copycat)
}

/// Every legal activation of `row`, written into `out` (cleared first).
pub fn legal_moves(row: &Row, out: &mut Vec<Move>) {
    out.clear();
    for at in 0..row.len() {
        if !row.active(at) {
            continue;
        }
        let card = row.card(at);
        if card == Killer::Copycat {
            for source in copyable(row, at) {
                let copying = row.card(source);
                targets(row, at, copying, &mut Moves(out, card, Some(copying)));
            }
        } else {
            targets(row, at, card, &mut Moves(out, card, None));
        }
    }
}

/// Targets made into moves of `card` (copying the second card, if any) as
/// they are found, with no list in between.
struct Moves<'a>(&'a mut Vec<Move>, Killer, Option<Killer>);

impl Extend<Target> for Moves<'_> {
    fn extend<I: IntoIterator<Item = Target>>(&mut self, targets: I) {
        let (card, copying) = (self.1, self.2);
        self.0.extend(targets.into_iter().map(|target| Move {
            card,
            copying,
            target,
        }));
    }
}

/// Whether any target was found.
struct AnyTarget(bool);

impl Extend<Target> for AnyTarget {
    fn extend<I: IntoIterator<Item = Target>>(&mut self, targets: I) {
        self.0 |= targets.into_iter().next().is_some();
    }
}

/// Whether any card of `row` may be activated.
pub fn any_legal_move(row: &Row) -> bool {
    (0..row.len()).any(|at| {
        if !row.active(at) {
            return false;
        }
        let card = row.card(at);
        let mut any = AnyTarget(false);
        if card == Killer::Copycat {
            for source in copyable(row, at) {
                targets(row, at, row.card(source), &mut any);
            }
        } else {
            targets(row, at, card, &mut any);
        }
        any.0
    })
}

/// Checks that `mv` is legal in `row`; returns the acting card's position.
pub fn check_move(row: &Row, mv: Move) -> Result<usize, RuleError> {
    let at = row.find(mv.card).ok_or(RuleError::NotInRow(mv.card))?;
    if !row.active(at) {
        return Err(RuleError::Inactive(mv.card));
    }
    let effect = match (mv.card, mv.copying) {
        (Killer::Copycat, None) => return Err(RuleError::CopycatMustCopy),
        (Killer::Copycat, Some(source)) => {
            if !copyable(row, at).any(|i| row.card(i) == source) {
                return Err(RuleError::CannotCopy(source));
            }
            source
        }
        (_, Some(_)) => return Err(RuleError::OnlyCopycatCopies),
        (card, None) => card,
    };
    let mut legal = Vec::new();
    targets(row, at, effect, &mut legal);
    if legal.is_empty() {
        return Err(RuleError::NoLegalTarget(effect));
    }
    if !legal.contains(&mv.target) {
        return Err(RuleError::BadTarget(effect));
    }
    Ok(at)
}

/// How an activation's effect ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// The effect is over (the acting card has not yet been made inactive).
    Done,
    /// An Air Strike hit the card at this position, which has a card on each
    /// side: the player chooses which also dies.
    ChooseNeighbour(usize),
}

/// Resolves the effect of the legal move `mv` (checked by [`check_move`])
/// on `row`, with `die` the pips of the revealed die card for a random
/// target. Sets `*poison` if it is a Poisoner effect with none pending. The
/// acting card is left as it is: see [`finish`].
pub fn resolve_effect(row: &mut Row, mv: Move, die: u8, poison: &mut bool) -> Resolved {
    let Some(at) = row.find(mv.card) else {
        return Resolved::Done;
    };
    let effect = mv.copying.unwrap_or(mv.card);
    let find = |row: &Row, card: Killer| row.find(card).unwrap_or(usize::MAX);
    match (effect, mv.target) {
        (Killer::Poisoner, _) => *poison = true,
        (Killer::MadBomber, _) => {
            let (dead, len) = row.blast(at, |_| true);
            row.remove_all(&dead[..len]);
        }
        (Killer::SentryGun | Killer::Tank, Target::Card(t)) => {
            let t = find(row, t);
            if t < row.len() {
                row.remove_all(&[t, (t + at) / 2]);
            }
        }
        (Killer::Assassin | Killer::Knight, Target::Card(t)) => {
            let t = find(row, t);
            if t < row.len() {
                row.cells[t] = row.cells[at];
                row.remove(at);
            }
        }
        (Killer::Medic, Target::Card(t)) => {
            let t = find(row, t);
            if t < row.len() {
                row.set_active(t, true);
            }
        }
        (_, Target::Card(t)) => {
            let t = find(row, t);
            row.remove(t);
        }
        (Killer::ConMan, Target::Pair(a, b)) => {
            let (a, b) = (find(row, a), find(row, b));
            if a < row.len() && b < row.len() {
                row.cells.swap(a, b);
            }
        }
        (Killer::Bugler, Target::Pair(a, b)) => {
            for t in [find(row, a), find(row, b)] {
                if t < row.len() {
                    row.set_active(t, true);
                }
            }
        }
        (_, Target::Pair(a, b)) => {
            let (a, b) = (find(row, a), find(row, b));
            row.remove_all(&[a, b]);
        }
        (_, Target::Random(direction)) => {
            let Some(t) = row.at_distance(at, direction, die) else {
                return Resolved::Done;
            };
            match effect {
                Killer::Arsonist => {
                    if !row.active(t) {
                        let (dead, len) = row.blast(t, |i| !row.active(i));
                        row.remove_all(&dead[..len]);
                    }
                }
                Killer::AirStrike => {
                    let (dead, len) = row.blast(t, |_| true);
                    if len == 3 {
                        return Resolved::ChooseNeighbour(t);
                    }
                    row.remove_all(&dead[..len]);
                }
                _ => row.remove(t),
            }
        }
        (_, Target::None) => {}
    }
    Resolved::Done
}

/// The Air Strike's second kill: the target at `target` and its neighbour
/// `neighbour` die.
pub fn air_strike_kill(row: &mut Row, target: usize, neighbour: usize) {
    row.remove_all(&[target, neighbour]);
}

/// Ends an activation: the acting card, if still alive, dies if it was
/// poisoned (a poison pending when it was activated) and otherwise becomes
/// inactive.
pub fn finish(row: &mut Row, actor: Killer, poisoned: bool) {
    if let Some(i) = row.find(actor) {
        if poisoned {
            row.remove(i);
        } else {
            row.set_active(i, false);
        }
    }
}

/// Plays a whole activation on `row` with the poison flag `poison` and die
/// pips `die` (ignored unless the target is random). Returns the position of
/// the Air Strike's target when the player must choose its second kill (the
/// activation is then not finished: call [`air_strike_kill`] and [`finish`]
/// with `poisoned = *poison`, then clear `*poison`).
pub fn play_move(row: &mut Row, poison: &mut bool, mv: Move, die: u8) -> Option<usize> {
    let poisoned = *poison;
    let mut new_poison = false;
    match resolve_effect(row, mv, die, &mut new_poison) {
        Resolved::ChooseNeighbour(t) => return Some(t),
        Resolved::Done => {}
    }
    finish(row, mv.card, poisoned);
    // A second Poisoner effect while one is pending changes nothing; the
    // pending one is used up by this activation.
    *poison = new_poison && !poisoned;
    None
}

/// The result after a finished activation: won with one card alive, lost with
/// no legal activation, or still playing.
pub fn outcome(row: &Row) -> Phase {
    if row.len() == 1 {
        Phase::Won
    } else if any_legal_move(row) {
        Phase::Activate
    } else {
        Phase::Lost
    }
}

// ---------------------------------------------------------------- state ----

/// What undo restores: the position before an activation that revealed no
/// die card (the die deck, its discard and the generator are unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Snapshot {
    row: Row,
    dead: u8,
    poison: bool,
}

/// The result of a game, or what the player must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing(Phase),
    Won,
    Lost,
}

/// A game of Murderers' Row in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    seed: u64,
    rng: Pcg32,
    row: Row,
    /// Killed cards, in order of death.
    dead: Vec<Killer>,
    /// The die deck, face down; the top card is the last. Never empty in
    /// play: when the last card is revealed, the discard is shuffled into a
    /// new die deck.
    die_deck: Vec<Killer>,
    /// Revealed die cards, the latest last.
    die_discard: Vec<Killer>,
    /// The die card revealed by the last activation, if it revealed one.
    last_die: Option<Killer>,
    /// A Poisoner effect waits for the next activation.
    poison: bool,
    phase: Phase,
    activations: u16,
    /// The positions before each activation since the last die card was
    /// revealed, the latest last: what undo takes back.
    undo: Vec<Snapshot>,
    /// Undo or the solver's hints were used: a win counts as assisted.
    assisted: bool,
    /// Every action that stands (undone ones are removed), in order: with
    /// the seed it replays the game, for the review of a finished game.
    history: Vec<Action>,
}

impl State {
    /// Deals a new game: the 18 cards shuffled, 10 face up in the row and 8
    /// in the die deck. The same seed always deals the same game.
    pub fn new(seed: u64) -> State {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut cards = Killer::ALL;
        shuffle(&mut cards, &mut rng);
        let slots: Vec<Slot> = cards[..ROW_SIZE]
            .iter()
            .map(|&card| Slot { card, active: true })
            .collect();
        State {
            seed,
            rng,
            row: Row::new(&slots),
            dead: Vec::new(),
            die_deck: cards[ROW_SIZE..].to_vec(),
            die_discard: Vec::new(),
            last_die: None,
            poison: false,
            phase: Phase::Activate,
            activations: 0,
            undo: Vec::new(),
            assisted: false,
            history: Vec::new(),
        }
    }

    /// A hand-built position: the row, the die deck (top card last) and the
    /// discard; every other card is dead. For tests, puzzles and the solver.
    pub fn from_parts(
        row: &[Slot],
        die_deck: Vec<Killer>,
        die_discard: Vec<Killer>,
        poison: bool,
        seed: u64,
    ) -> State {
        let row = Row::new(row);
        let dead = Killer::ALL
            .into_iter()
            .filter(|&c| {
                row.find(c).is_none() && !die_deck.contains(&c) && !die_discard.contains(&c)
            })
            .collect();
        State {
            seed,
            rng: Pcg32::seed_from_u64(seed),
            row,
            dead,
            die_deck,
            die_discard,
            last_die: None,
            poison,
            phase: outcome(&row),
            activations: 0,
            undo: Vec::new(),
            assisted: false,
            history: Vec::new(),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Won => Status::Won,
            Phase::Lost => Status::Lost,
            phase => Status::Playing(phase),
        }
    }

    /// The living cards as a packed value (what the solver works on).
    pub fn packed_row(&self) -> Row {
        self.row
    }

    /// The living cards, left to right.
    pub fn row(&self) -> Vec<Slot> {
        self.row.slots().collect()
    }

    pub fn dead(&self) -> &[Killer] {
        &self.dead
    }

    /// How many cards the die deck holds (its order is hidden).
    pub fn die_deck_len(&self) -> usize {
        self.die_deck.len()
    }

    /// The cards in the die deck, in table order (the player knows which
    /// they are, not their order).
    pub fn die_deck_contents(&self) -> Vec<Killer> {
        let mut cards = self.die_deck.clone();
        cards.sort();
        cards
    }

    /// The die deck in its hidden order, the next card first: for a
    /// finished game's replay, when its player asks to see it.
    pub fn die_deck_order(&self) -> Vec<Killer> {
        self.die_deck.iter().rev().copied().collect()
    }

    pub fn die_discard(&self) -> &[Killer] {
        &self.die_discard
    }

    pub fn last_die(&self) -> Option<Killer> {
        self.last_die
    }

    pub fn poison_pending(&self) -> bool {
        self.poison
    }

    pub fn activations(&self) -> u16 {
        self.activations
    }

    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// Whether the last activation can be taken back: it revealed no die
    /// card. That holds after the game ended too (the ruling allows taking
    /// back any such activation), but not during an Air Strike's choice,
    /// whose activation revealed one.
    pub fn can_undo(&self) -> bool {
        !matches!(self.phase, Phase::AirStrike { .. })
            && !self.undo.is_empty()
            && !self.history.is_empty()
    }

    /// The actions that stand since the deal, in order.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The deal of `seed` with `actions` played in order: every position,
    /// from the deal to the last one. Fails if an action is refused.
    pub fn replay(seed: u64, actions: &[Action]) -> Result<Vec<State>, RuleError> {
        let mut state = State::new(seed);
        let mut positions = Vec::with_capacity(actions.len() + 1);
        for &action in actions {
            let next = {
                let mut next = state.clone();
                next.apply(action)?;
                next
            };
            positions.push(std::mem::replace(&mut state, next));
        }
        positions.push(state);
        Ok(positions)
    }

    /// A saved game: the deal of `seed` with `history` played in order, and
    /// whether undo or hints were used (`assisted`, which the history does
    /// not show: undone actions and hints leave no trace in it). Fails if an
    /// action is refused.
    pub fn restore(seed: u64, history: &[Action], assisted: bool) -> Result<State, RuleError> {
        let mut state = State::new(seed);
        for &action in history {
            state.apply(action)?;
        }
        state.assisted |= assisted;
        Ok(state)
    }

    /// The legal activations (not the Air Strike choice nor undo).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.phase == Phase::Activate {
            legal_moves(&self.row, &mut moves);
        }
        moves
    }

    /// Why `card` cannot be activated now, or `None` if it can.
    pub fn why_not_activate(&self, card: Killer) -> Option<RuleError> {
        match self.phase {
            Phase::Won | Phase::Lost => return Some(RuleError::GameOver),
            Phase::AirStrike { .. } => return Some(RuleError::ChooseAirStrikeFirst),
            Phase::Activate => {}
        }
        if self.legal_moves().iter().any(|m| m.card == card) {
            return None;
        }
        let Some(at) = self.row.find(card) else {
            return Some(RuleError::NotInRow(card));
        };
        Some(if !self.row.active(at) {
            RuleError::Inactive(card)
        } else if card == Killer::Copycat {
            match copyable(&self.row, at).next() {
                Some(_) => RuleError::NothingToCopy,
                None => RuleError::NoLegalTarget(Killer::Copycat),
            }
        } else {
            RuleError::NoLegalTarget(card)
        })
    }

    /// The cards the pending Air Strike may also kill.
    pub fn air_strike_options(&self) -> Vec<Killer> {
        match self.phase {
            Phase::AirStrike { target, .. } => match self.row.find(target) {
                Some(t) => self.row.neighbours(t).map(|i| self.row.card(i)).collect(),
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// Reveals the top die card (reshuffling the discard into a new die deck
    /// when the deck runs out): the card, and the size of the new die deck
    /// if there was a reshuffle. `None` with no die deck (a hand-built
    /// position only: the shot then has distance 0).
    fn reveal(&mut self) -> Option<(Killer, Option<u8>)> {
        let card = self.die_deck.pop()?;
        self.die_discard.push(card);
        self.last_die = Some(card);
        self.undo.clear();
        let mut reshuffled = None;
        if self.die_deck.is_empty() {
            self.die_deck.append(&mut self.die_discard);
            shuffle(&mut self.die_deck, &mut self.rng);
            reshuffled = Some(self.die_deck.len().min(255) as u8);
        }
        Some((card, reshuffled))
    }

    /// Records the cards that left the row between `before` and now as
    /// dead, left to right, each with its [`Event::Killed`].
    fn bury(&mut self, before: &Row, events: &mut Vec<Event>) {
        for slot in before.slots() {
            if self.row.find(slot.card).is_none() {
                self.dead.push(slot.card);
                events.push(Event::Killed(slot.card));
            }
        }
    }

    /// Ends an activation whose effect is over: the acting card is made
    /// inactive or dies of a pending poison, a new poison waits if the
    /// effect was a Poisoner's, and the game may end.
    fn end_activation(&mut self, actor: Killer, new_poison: bool, events: &mut Vec<Event>) {
        let poisoned = self.poison;
        let alive = self.row.find(actor).is_some();
        finish(&mut self.row, actor, poisoned);
        if poisoned {
            events.push(Event::PoisonUsed {
                card: actor,
                died: alive,
            });
            if alive {
                self.dead.push(actor);
            }
        } else if alive {
            events.push(Event::MadeInactive(actor));
        }
        self.poison = new_poison && !poisoned;
        if self.poison {
            events.push(Event::PoisonPending);
        }
        self.activations = self.activations.saturating_add(1);
        self.phase = outcome(&self.row);
        match self.phase {
            Phase::Won => events.push(Event::Won),
            Phase::Lost => events.push(Event::Lost),
            Phase::Activate | Phase::AirStrike { .. } => {}
        }
    }

    /// What an effect did besides its kills (those come from [`State::bury`]):
    /// swaps, a place taken, revivals. `before` is the row before it.
    fn effect_events(before: &Row, mv: Move, events: &mut Vec<Event>) {
        let effect = mv.copying.unwrap_or(mv.card);
        match (effect, mv.target) {
            (Killer::ConMan, Target::Pair(a, b)) => events.push(Event::Swapped(a, b)),
            (Killer::Assassin | Killer::Knight, Target::Card(of)) => {
                events.push(Event::TookPlace { card: mv.card, of })
            }
            (Killer::Medic, Target::Card(card)) => events.push(Event::Woke(card)),
            (Killer::Bugler, Target::Pair(a, b)) => {
                let (first, second) = if before.find(a) <= before.find(b) {
                    (a, b)
                } else {
                    (b, a)
                };
                events.extend([Event::Woke(first), Event::Woke(second)]);
            }
            _ => {}
        }
    }

    /// Applies a checked action ([`Game::check`] accepted it): this cannot
    /// fail.
    fn perform(&mut self, action: Action) -> Vec<Event> {
        let mut events = Vec::new();
        match action {
            Action::Hint => {
                self.assisted = true;
                events.push(Event::Hinted);
                return events;
            }
            Action::Undo => {
                let (Some(snapshot), Some(undone)) = (self.undo.pop(), self.history.pop()) else {
                    return events;
                };
                let keep = usize::from(snapshot.dead).min(self.dead.len());
                let revived = self.dead.split_off(keep);
                self.row = snapshot.row;
                self.poison = snapshot.poison;
                self.activations = self.activations.saturating_sub(1);
                self.assisted = true;
                self.phase = outcome(&self.row);
                events.push(Event::Undone {
                    action: undone,
                    revived,
                });
                return events;
            }
            Action::AlsoKill(card) => {
                let Phase::AirStrike { actor, target } = self.phase else {
                    return events;
                };
                let (Some(t), Some(n)) = (self.row.find(target), self.row.find(card)) else {
                    return events;
                };
                let before = self.row;
                air_strike_kill(&mut self.row, t, n);
                // The effect's own kills are buried before the acting card's
                // poison death, so that the dead pile reads in order.
                self.bury(&before, &mut events);
                self.end_activation(actor, false, &mut events);
            }
            Action::Activate {
                card,
                copying,
                target,
            } => {
                let mv = Move {
                    card,
                    copying,
                    target,
                };
                events.push(Event::Activated { card, copying });
                let before = self.row;
                let die = if let Target::Random(direction) = target {
                    let pips = match self.reveal() {
                        Some((die, reshuffled)) => {
                            events.push(Event::DieTurned {
                                direction,
                                card: die,
                                pips: die.pips(),
                            });
                            if let Some(cards) = reshuffled {
                                events.push(Event::DieReshuffled { cards });
                            }
                            die.pips()
                        }
                        None => 0,
                    };
                    let hit = before
                        .find(card)
                        .and_then(|at| before.at_distance(at, direction, pips))
                        .map(|i| before.card(i));
                    events.push(Event::Shot {
                        distance: pips,
                        hit,
                    });
                    pips
                } else {
                    self.undo.push(Snapshot {
                        row: self.row,
                        dead: self.dead.len().min(255) as u8,
                        poison: self.poison,
                    });
                    self.last_die = None;
                    0
                };
                let mut new_poison = false;
                let resolved = resolve_effect(&mut self.row, mv, die, &mut new_poison);
                State::effect_events(&before, mv, &mut events);
                match resolved {
                    Resolved::ChooseNeighbour(t) => {
                        let target = self.row.card(t);
                        self.phase = Phase::AirStrike {
                            actor: card,
                            target,
                        };
                        events.push(Event::AirStrikeChoice { target });
                    }
                    Resolved::Done => {
                        self.bury(&before, &mut events);
                        self.end_activation(card, new_poison, &mut events);
                    }
                }
            }
        }
        self.history.push(action);
        events
    }

    /// Checks that a saved game is what its deal and its history give (so a
    /// save edited by hand is refused). The hint flag is not replayed.
    pub fn validate_replay(&self) -> Result<(), String> {
        let positions = State::replay(self.seed, &self.history)
            .map_err(|e| format!("its moves cannot be replayed ({e})"))?;
        let mut last = positions
            .last()
            .cloned()
            .unwrap_or_else(|| State::new(self.seed));
        last.assisted = self.assisted;
        if last == *self {
            Ok(())
        } else {
            Err("it is not what its deal and moves give".into())
        }
    }

    /// Checks a state read from outside (a save): a well-formed row, the 18
    /// cards each exactly once, a die deck, a phase that matches the row, an
    /// Air Strike choice that follows its activation, the last die card
    /// where it went, the count of activations and the undo record as the
    /// history leaves them, each undo position made of the same cards.
    pub fn validate(&self) -> Result<(), String> {
        if !well_formed(&self.row) {
            return Err("the row is malformed".into());
        }
        let mut cards = self.all_pieces();
        cards.sort();
        if cards != Killer::ALL {
            return Err("the cards are not the 18 cards once each".into());
        }
        if self.die_deck.is_empty() {
            return Err("the die deck is empty".into());
        }
        let expected = match self.phase {
            Phase::AirStrike { target, actor } => {
                let ok = self.row.find(actor).is_some()
                    && self
                        .row
                        .find(target)
                        .is_some_and(|t| t > 0 && t + 1 < self.row.len());
                if !ok {
                    return Err("the Air Strike's choice does not match the row".into());
                }
                let activated = match self.history.last() {
                    Some(&Action::Activate {
                        card,
                        copying,
                        target: Target::Random(_),
                    }) => card == actor && copying.unwrap_or(card) == Killer::AirStrike,
                    _ => false,
                };
                if !activated || self.last_die.is_none() {
                    return Err("the Air Strike's choice follows no Air Strike".into());
                }
                self.phase
            }
            _ => outcome(&self.row),
        };
        if expected != self.phase {
            return Err("the phase does not match the row".into());
        }
        if let Some(die) = self.last_die {
            let placed = match self.die_discard.last() {
                Some(&top) => top == die,
                None => self.die_deck.contains(&die),
            };
            if !placed {
                return Err("the last die card is not where it went".into());
            }
        }
        let activations = self
            .history
            .iter()
            .filter(|a| matches!(a, Action::Activate { .. }))
            .count()
            .saturating_sub(usize::from(matches!(self.phase, Phase::AirStrike { .. })));
        if usize::from(self.activations) != activations || !self.history.iter().all(Action::is_move)
        {
            return Err("the activations do not match the history".into());
        }
        // Undo can take back the activations since the last die card turned.
        let undoable = self
            .history
            .iter()
            .rev()
            .take_while(|a| {
                matches!(a, Action::Activate { target, .. } if !matches!(target, Target::Random(_)))
            })
            .count();
        if self.undo.len() != undoable {
            return Err("the undo record does not match the history".into());
        }
        let mut alive_or_dead: Vec<Killer> = self.row.slots().map(|s| s.card).collect();
        alive_or_dead.extend_from_slice(&self.dead);
        alive_or_dead.sort();
        for snapshot in &self.undo {
            let d = usize::from(snapshot.dead);
            if !well_formed(&snapshot.row) || d > self.dead.len() {
                return Err("the undo record does not match the game".into());
            }
            let mut then: Vec<Killer> = snapshot.row.slots().map(|s| s.card).collect();
            then.extend_from_slice(&self.dead[..d]);
            then.sort();
            if then != alive_or_dead {
                return Err("the undo record does not match the game".into());
            }
        }
        Ok(())
    }
}

/// Whether `row` is a value [`Row::new`] can make: at most [`MAX_ROW`]
/// cells in use, each a card with at most its active flag, and 0 beyond.
fn well_formed(row: &Row) -> bool {
    let n = usize::from(row.len);
    n <= MAX_ROW
        && row.cells[..n]
            .iter()
            .all(|&c| usize::from(c & CARD_MASK) < CARD_COUNT && c & !(CARD_MASK | ACTIVE) == 0)
        && row.cells[n..].iter().all(|&c| c == 0)
}

impl Game for State {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type Piece = Killer;

    /// Every activation with a target of the right shape for its effect (and
    /// a few of the wrong shape), every Air Strike choice, undo and the hint.
    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![Action::Undo, Action::Hint];
        all.extend(Killer::ALL.into_iter().map(Action::AlsoKill));
        let mut pairs = Vec::new();
        for (j, &b) in Killer::ALL.iter().enumerate() {
            pairs.extend(Killer::ALL[..j].iter().map(|&a| Target::pair(a, b)));
        }
        let cards: Vec<Target> = Killer::ALL.into_iter().map(Target::Card).collect();
        let random = [
            Target::Random(Direction::Left),
            Target::Random(Direction::Right),
        ];
        let shape = |effect: Killer| -> Vec<Target> {
            let mut targets = vec![Target::None];
            match effect {
                Killer::Poisoner | Killer::MadBomber => targets.push(Target::Card(effect)),
                Killer::Arsonist | Killer::Grenadier | Killer::AirStrike => targets.extend(random),
                Killer::Gunslinger | Killer::ConMan | Killer::Bugler | Killer::Hangman => {
                    targets.extend(pairs.iter().copied())
                }
                Killer::Copycat => targets.extend(random),
                _ => targets.extend(cards.iter().copied()),
            }
            targets
        };
        for card in Killer::ALL {
            all.extend(
                shape(card)
                    .into_iter()
                    .map(|target| Action::activate(card, target)),
            );
        }
        // Only the Copycat copies.
        all.push(Action::Activate {
            card: Killer::MadBomber,
            copying: Some(Killer::MadBomber),
            target: Target::None,
        });
        for source in Killer::ALL {
            all.extend(
                shape(source)
                    .into_iter()
                    .map(|target| Action::copy(source, target)),
            );
        }
        all
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut actions: Vec<Action> = match self.phase {
            Phase::Activate => self.legal_moves().into_iter().map(Move::action).collect(),
            Phase::AirStrike { .. } => self
                .air_strike_options()
                .into_iter()
                .map(Action::AlsoKill)
                .collect(),
            Phase::Won | Phase::Lost => Vec::new(),
        };
        if self.can_undo() {
            actions.push(Action::Undo);
        }
        if !self.is_over() {
            actions.push(Action::Hint);
        }
        actions
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        match *action {
            Action::Undo => {
                if self.can_undo() {
                    Ok(())
                } else {
                    Err(RuleError::NothingToUndo)
                }
            }
            _ if self.is_over() => Err(RuleError::GameOver),
            Action::Hint => Ok(()),
            Action::AlsoKill(card) => {
                let Phase::AirStrike { target, .. } = self.phase else {
                    return Err(RuleError::NoChoiceToMake);
                };
                let next_to_target = match (self.row.find(target), self.row.find(card)) {
                    (Some(t), Some(n)) => t.abs_diff(n) == 1,
                    _ => false,
                };
                if next_to_target {
                    Ok(())
                } else {
                    Err(RuleError::NotNextToTarget(card))
                }
            }
            Action::Activate {
                card,
                copying,
                target,
            } => {
                if let Phase::AirStrike { .. } = self.phase {
                    return Err(RuleError::ChooseAirStrikeFirst);
                }
                check_move(
                    &self.row,
                    Move {
                        card,
                        copying,
                        target,
                    },
                )
                .map(drop)
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(&action)?;
        Ok(self.perform(action))
    }

    fn validate(&self) -> Result<(), String> {
        State::validate(self)
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Won | Phase::Lost)
    }

    fn all_pieces(&self) -> Vec<Killer> {
        let mut cards: Vec<Killer> = self.row.slots().map(|s| s.card).collect();
        cards.extend_from_slice(&self.dead);
        cards.extend_from_slice(&self.die_deck);
        cards.extend_from_slice(&self.die_discard);
        cards
    }
}
