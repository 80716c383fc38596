//! A revival level's value iteration ([`LevelSystem`]): the Bellman
//! equations of its new classes with every die deck, swept in place until a
//! sweep changes nothing, sped up by the epoch shortcut. Apart from
//! [`super::levels`], which builds a level and its plan: this is the
//! numerical part alone.

use super::hasher::Map;
use super::levels::{ChanceOption, EXIT, LEVEL_SWEEPS};
use super::position::FACES;

/// A choice of a level's class with a deck in [`LevelSystem::sweep`]: none
/// (the value is 0 whatever is played), leaving, or (below it) a free move
/// (an index of `moving`) or a chance option (`CHANCE_CHOICE` + an index of
/// `chance`).
pub(super) const NO_CHOICE: u32 = u32::MAX;
pub(super) const LEAVE_CHOICE: u32 = u32::MAX - 1;
pub(super) const CHANCE_CHOICE: u32 = 1 << 30;

/// The first sweep of a level's value iteration after which the epoch
/// shortcut is taken, and how often (see [`LevelSystem::shortcut`]).
pub(super) const SHORTCUT_FIRST: usize = 8;
pub(super) const SHORTCUT_EVERY: usize = 8;

/// The Bellman equations of a level's new classes with every die deck, as
/// its value iteration sees them. The values are laid out deck by deck
/// (`work[d * classes + c]`, the chance options' exits `exits[d * options +
/// o]`): a sweep reads one deck's values of many classes together, which
/// then sit side by side in memory (1.7 times faster on the largest level
/// of deal 1612 after eight random actions than class by class).
pub(super) struct LevelSystem<'a> {
    /// The first new class (the classes below are solved: `old_values`).
    pub(super) old: u32,
    pub(super) classes: usize,
    pub(super) decks: usize,
    /// The full die deck, when some card of the level draws.
    pub(super) full: Option<usize>,
    /// How many cards each deck holds.
    pub(super) sizes: Vec<u32>,
    pub(super) chances: &'a [[f64; FACES]],
    pub(super) next: &'a [[u16; FACES]],
    pub(super) old_values: &'a [f64],
    pub(super) moving: &'a [(u32, u32, (u32, u16))],
    pub(super) moving_start: &'a [u32],
    pub(super) chance: &'a [ChanceOption],
    pub(super) chance_start: &'a [u32],
    pub(super) exits: Vec<f64>,
    pub(super) leaving: Vec<f64>,
    pub(super) work: Vec<f64>,
}

impl LevelSystem<'_> {
    fn value(&self, to: u32, d: usize) -> f64 {
        if to >= self.old {
            self.work[d * self.classes + (to - self.old) as usize]
        } else {
            self.old_values[to as usize * self.decks + d]
        }
    }

    fn moves(&self, c: usize) -> std::ops::Range<usize> {
        self.moving_start[c] as usize..self.moving_start[c + 1] as usize
    }

    fn options(&self, c: usize) -> std::ops::Range<usize> {
        self.chance_start[c] as usize..self.chance_start[c + 1] as usize
    }

    /// The value of chance option `o` with deck `d`.
    fn chance_value(&self, o: usize, d: usize) -> f64 {
        let (chances, next) = (&self.chances[d], &self.next[d]);
        let mut q = self.exits[d * self.chance.len() + o];
        for (f, &to) in self.chance[o].faces.iter().enumerate() {
            if to < EXIT && chances[f] > 0.0 {
                q += chances[f] * self.value(to, usize::from(next[f]));
            }
        }
        q
    }

    /// One sweep of value iteration, in place, the smallest decks first and
    /// the sinks first with each (the old classes' values are final: they
    /// cannot reach the new ones): it meets every value it reads already
    /// updated, but after the shuffle of an emptied deck. Whether a value
    /// rose; each value's best option in `choice` when asked.
    pub(super) fn sweep(&mut self, mut choice: Option<&mut [u32]>) -> bool {
        let mut changed = false;
        for d in 0..self.decks {
            for c in 0..self.classes {
                let at = d * self.classes + c;
                let (mut best, mut chosen) = (self.leaving[at], LEAVE_CHOICE);
                if best < 0.0 {
                    (best, chosen) = (0.0, NO_CHOICE);
                }
                for m in self.moves(c) {
                    let q = self.value(self.moving[m].1, d);
                    if q > best {
                        (best, chosen) = (q, m as u32);
                    }
                }
                for o in self.options(c) {
                    let q = self.chance_value(o, d);
                    if q > best {
                        (best, chosen) = (q, CHANCE_CHOICE + o as u32);
                    }
                }
                if let Some(choice) = choice.as_deref_mut() {
                    choice[at] = chosen;
                }
                let best = best.min(1.0);
                if best > self.work[at] {
                    self.work[at] = best;
                    changed = true;
                }
            }
        }
        changed
    }

    /// The epoch shortcut. A sweep goes once through the die deck, so where
    /// the best play goes round it many times before leaving the level
    /// (deal 1612 after eight random actions: 1,681 sweeps), value
    /// iteration is slow. With the choices of the last sweep fixed, the
    /// values with the full deck are an affine function of themselves:
    /// from each class with the full deck, the chances of reaching each
    /// class again when the deck is next shuffled, and the part of the
    /// value that leaves before (a sparse matrix, found by following the
    /// choices through one pass of the deck). Iterating that small system
    /// is far cheaper than a sweep. Its values are those of fixed play,
    /// reached from below from values that were below the optimum, so they
    /// stay below it: they only lift the values the sweeps go on from,
    /// whose end (a sweep that changes nothing) is unchanged.
    pub(super) fn shortcut(&mut self, choice: &[u32]) {
        let Some(full) = self.full else { return };
        let n = self.classes;
        // The classes a shuffle can lead to (a face of a chance option).
        let mut target = vec![u32::MAX; n];
        let mut targets = Vec::new();
        for option in self.chance {
            for &to in &option.faces {
                if to < EXIT && to >= self.old && target[(to - self.old) as usize] == u32::MAX {
                    target[(to - self.old) as usize] = targets.len() as u32;
                    targets.push(to - self.old);
                }
            }
        }
        // Row by row: the part that leaves, and the chances of each target.
        let mut base = Vec::with_capacity(targets.len());
        let mut start = vec![0u32];
        let mut entries: Vec<(u32, f64)> = Vec::new();
        let mut mass: Map<(u32, u32), f64> = Map::default();
        let mut queue = std::collections::BinaryHeap::new();
        let mut row: Map<u32, f64> = Map::default();
        for &t in &targets {
            let mut leaves = 0.0;
            mass.clear();
            row.clear();
            // Larger decks first, then the classes that reach others first.
            let key = |d: usize, c: u32| (self.sizes[d], c, d as u32);
            mass.insert((full as u32, t), 1.0);
            queue.push(key(full, t));
            while let Some((_, c, d)) = queue.pop() {
                let Some(m) = mass.remove(&(d, c)) else {
                    continue;
                };
                let d = d as usize;
                let at = d * n + c as usize;
                // Class `to` with deck `e` reached with chance `p` (after a
                // die card when `drawn`).
                let mut arrive = |to: u32, e: usize, p: f64, drawn: bool, leaves: &mut f64| {
                    if to < self.old {
                        *leaves += p * self.old_values[to as usize * self.decks + e];
                    } else if drawn && e == full {
                        *row.entry(target[(to - self.old) as usize]).or_insert(0.0) += p;
                    } else {
                        let slot = mass.entry((e as u32, to - self.old)).or_insert(0.0);
                        if *slot == 0.0 {
                            queue.push(key(e, to - self.old));
                        }
                        *slot += p;
                    }
                };
                match choice[at] {
                    NO_CHOICE => {}
                    LEAVE_CHOICE => leaves += m * self.leaving[at],
                    k if k >= CHANCE_CHOICE => {
                        let o = (k - CHANCE_CHOICE) as usize;
                        leaves += m * self.exits[d * self.chance.len() + o];
                        let (chances, next) = (&self.chances[d], &self.next[d]);
                        for (f, &to) in self.chance[o].faces.iter().enumerate() {
                            if to < EXIT && chances[f] > 0.0 {
                                arrive(to, usize::from(next[f]), m * chances[f], true, &mut leaves);
                            }
                        }
                    }
                    k => arrive(self.moving[k as usize].1, d, m, false, &mut leaves),
                }
            }
            base.push(leaves);
            entries.extend(row.iter().map(|(&to, &p)| (to, p)));
            start.push(entries.len() as u32);
        }
        let mut x: Vec<f64> = targets
            .iter()
            .map(|&t| self.work[full * n + t as usize])
            .collect();
        for _ in 0..LEVEL_SWEEPS {
            let mut changed = false;
            for i in 0..targets.len() {
                let mut y = base[i];
                for &(to, p) in &entries[start[i] as usize..start[i + 1] as usize] {
                    y += p * x[to as usize];
                }
                let y = y.min(1.0);
                if y > x[i] {
                    x[i] = y;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (i, &t) in targets.iter().enumerate() {
            self.work[full * n + t as usize] = x[i];
        }
    }
}
