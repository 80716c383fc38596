//! The positions out of a revival level (its exits), valued by an exact
//! depth-first search ([`Solver::exact`]) once per level for every die deck
//! at once ([`Solver::every_deck`]), and where each exit's values are kept
//! ([`Exits`]). Apart from [`super::levels`]: a search below the levels,
//! not the levels' own method.

use super::bounds::card_sets;
use super::calls::Solver;
use super::hasher::Map;
use super::levels::{in_a_level, Level};
use super::position::{expand, key, kind_of, Key, Kind, Node, Pips, FACES};
use super::search::{Known, MAX_DEPTH, SURE};
use super::Unsolved;
use crate::murderers_row::Target;

/// Where the values of one position out of a level (an exit) are, for
/// every die deck of the level: many rows of a level lead to the same
/// exit (deal 1583 after five random moves: 177,864 rows, 245,872 exits),
/// so each is valued once per level extension ([`Exits`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Exit {
    /// Not an exit (a face that stays in the level or has no card).
    None,
    /// The same value with every deck.
    Same(f64),
    /// A position of a lower level: its class's values start at `base` in
    /// that level's values (one per deck, the same decks as here).
    Level { cards: u32, base: usize },
    /// One value per deck, from `at` in [`Exits::stored`].
    Stored(usize),
    /// One value per deck, from `at` in [`Exits::memo_values`].
    Memo(usize),
}

/// The values of a level extension's exits that are kept here
/// ([`Exit::Stored`]), the level's die decks, and the values of the
/// positions below the exits with every deck ([`Solver::every_deck`]; a
/// cache, emptied past [`MEMO_LIMIT`] values).
pub(super) struct Exits {
    pub(super) stored: Vec<f64>,
    pub(super) decks: Vec<Pips>,
    pub(super) next: Vec<[u16; FACES]>,
    pub(super) chances: Vec<[f64; FACES]>,
    pub(super) memo: Map<Key, Exit>,
    pub(super) memo_values: Vec<f64>,
}

/// The most values [`Exits::memo_values`] keeps (64 MB).
const MEMO_LIMIT: usize = 8_000_000;

/// An exit's values with each deck, borrowed.
#[derive(Clone, Copy)]
pub(super) enum ExitValues<'a> {
    Same(f64),
    Each(&'a [f64]),
}

impl ExitValues<'_> {
    pub(super) fn at(self, d: usize) -> f64 {
        match self {
            ExitValues::Same(v) => v,
            ExitValues::Each(values) => values[d],
        }
    }
}

impl Exits {
    pub(super) fn values<'a>(&'a self, levels: &'a Map<u32, Level>, exit: Exit) -> ExitValues<'a> {
        match exit {
            Exit::None => ExitValues::Same(0.0),
            Exit::Same(v) => ExitValues::Same(v),
            Exit::Level { cards, base } => match levels.get(&cards) {
                Some(level) => ExitValues::Each(&level.value[base..base + level.decks.len()]),
                None => ExitValues::Same(0.0),
            },
            Exit::Stored(at) => ExitValues::Each(&self.stored[at..]),
            Exit::Memo(at) => ExitValues::Each(&self.memo_values[at..]),
        }
    }
}

impl Solver {
    /// The exact value of `node` with no bound to beat: a depth-first
    /// search with memory over positions out of revival levels (whose lines
    /// are finite: without the Medic and the Bugler both alive no position
    /// repeats, and a poison or an Air Strike choice leads to a kill), the
    /// positions of a level by the level's solution ([`Level`]). It
    /// terminates: every step leaves a level for fewer cards, or makes a
    /// line that cannot repeat one step longer. [`Unsolved`] only when the
    /// budget runs out or a level is over [`LEVEL_LIMIT`] rows.
    ///
    /// [`LEVEL_LIMIT`]: super::levels::LEVEL_LIMIT
    pub(super) fn exact(&mut self, node: &Node, depth: u32) -> Result<f64, Unsolved> {
        match kind_of(node) {
            Kind::Won => return Ok(1.0),
            Kind::Lost => return Ok(0.0),
            Kind::Open => {}
        }
        if in_a_level(node) {
            let slot = self.level_slot(node)?;
            let cards = card_sets(&node.row).0;
            return self
                .levels
                .get(&cards)
                .map(|l| l.value[slot])
                .ok_or(Unsolved);
        }
        if self.hopeless(node) {
            return Ok(0.0);
        }
        let k = key(node);
        if let Some((v, true)) = self.known.get(&k).map(|known| known.read()) {
            return Ok(v);
        }
        if depth >= MAX_DEPTH || !self.spend() {
            return Err(Unsolved);
        }
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(node, self.full, &mut self.moves, &mut actions);
        let mut best = 0.0f64;
        let mut result = Ok(());
        'actions: for outcomes in &actions {
            let mut v = 0.0;
            for (next, p) in outcomes {
                match self.exact(next, depth + 1) {
                    Ok(w) => v += p * w,
                    Err(e) => {
                        result = Err(e);
                        break 'actions;
                    }
                }
            }
            best = best.max(v);
            if best >= SURE {
                break;
            }
        }
        self.pool.push(actions);
        result?;
        let best = best.clamp(0.0, 1.0);
        self.known.insert(k, Known::exact(best));
        Ok(best)
    }

    /// Where the values of the exit `next` (its deck ignored) are, for
    /// every deck of the level.
    pub(super) fn exit(&mut self, exits: &mut Exits, next: &Node) -> Result<Exit, Unsolved> {
        if exits.memo_values.len() > MEMO_LIMIT {
            exits.memo.clear();
            exits.memo_values.clear();
        }
        Ok(match self.every_deck(exits, next, 1)? {
            Exit::Memo(at) => {
                let nd = exits.decks.len();
                let kept = exits.stored.len();
                exits
                    .stored
                    .extend_from_slice(&exits.memo_values[at..at + nd]);
                Exit::Stored(kept)
            }
            exit => exit,
        })
    }

    /// The exact values of `node` (its deck ignored) with every deck of a
    /// level (`exits.decks`), by the recursion of [`Solver::exact`] done
    /// for all the decks at once: a position below a level's exits is met
    /// with many decks (deal 5026 after five random moves: 9 million
    /// expansions one deck at a time), and its moves and outcomes are the
    /// same with each; only the die card's chances and the deck after it
    /// differ. The sums are taken in the same order as there. A position
    /// whose die deck no longer matters ([`reduce`]) is searched once, by
    /// [`Solver::exact`].
    fn every_deck(&mut self, exits: &mut Exits, node: &Node, depth: u32) -> Result<Exit, Unsolved> {
        match kind_of(node) {
            Kind::Won => return Ok(Exit::Same(1.0)),
            Kind::Lost => return Ok(Exit::Same(0.0)),
            Kind::Open => {}
        }
        let nd = exits.decks.len();
        let at = |deck: Pips| Node { deck, ..*node };
        let first = at(exits.decks[0]);
        let level = in_a_level(node);
        if !level && self.hopeless(node) {
            return Ok(Exit::Same(0.0));
        }
        if nd == 1 || key(&first) == key(&at(exits.decks[nd - 1])) {
            return Ok(Exit::Same(self.exact(&first, depth)?));
        }
        if level {
            let slot = self.level_slot(&first)?;
            let cards = card_sets(&node.row).0;
            return match self.levels.get(&cards) {
                // The same decks in the same order: both levels draw.
                Some(level) if level.decks == exits.decks => Ok(Exit::Level { cards, base: slot }),
                _ => Err(Unsolved),
            };
        }
        let k = key(&at([0; FACES]));
        if let Some(&exit) = exits.memo.get(&k) {
            return Ok(exit);
        }
        if depth >= MAX_DEPTH || !self.spend() {
            return Err(Unsolved);
        }
        let full = self.full;
        let mut actions = self.pool.pop().unwrap_or_default();
        expand(&at(full), full, &mut self.moves, &mut actions);
        // Which actions draw a die card (an Air Strike's choice does not).
        let random: Vec<bool> = if node.choice.is_some() {
            vec![false; actions.len()]
        } else {
            self.moves
                .iter()
                .map(|mv| matches!(mv.target, Target::Random(_)))
                .collect()
        };
        let faces: Vec<usize> = (0..FACES).filter(|&f| full[f] > 0).collect();
        let mut best = vec![0.0f64; nd];
        let mut sum = vec![0.0f64; nd];
        let mut result = Ok(());
        'actions: for (outcomes, &random) in actions.iter().zip(&random) {
            sum.iter_mut().for_each(|v| *v = 0.0);
            for (i, (next, _)) in outcomes.iter().enumerate() {
                let exit = match self.every_deck(exits, next, depth + 1) {
                    Ok(exit) => exit,
                    Err(e) => {
                        result = Err(e);
                        break 'actions;
                    }
                };
                let values = exits.values(&self.levels, exit);
                if random {
                    let f = faces[i];
                    for (d, v) in sum.iter_mut().enumerate() {
                        let p = exits.chances[d][f];
                        if p > 0.0 {
                            *v += p * values.at(usize::from(exits.next[d][f]));
                        }
                    }
                } else {
                    for (d, v) in sum.iter_mut().enumerate() {
                        *v += values.at(d);
                    }
                }
            }
            for (b, &v) in best.iter_mut().zip(&sum) {
                *b = b.max(v);
            }
        }
        self.pool.push(actions);
        result?;
        let kept = exits.memo_values.len();
        exits
            .memo_values
            .extend(best.iter().map(|v| v.clamp(0.0, 1.0)));
        exits.memo.insert(k, Exit::Memo(kept));
        Ok(Exit::Memo(kept))
    }
}
