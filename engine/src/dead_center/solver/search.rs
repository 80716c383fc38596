//! The search: iterative deepening on the turn of the last kill, the beam
//! searches for a good line, and the plan of a finish found again.

use super::position::{Moves, Node, Step};
use super::{SolveError, Solver, FIRST_WIN_BEAM, LOST, WIDE_BEAM};
use std::collections::HashSet;

/// When the last zombie dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Finish {
    /// In the turn under way (or already).
    Now,
    /// In the turn that draws the card at this position of the deck.
    At(u8),
    Lost,
}

impl Solver<'_> {
    /// The best finish from `here` (at the start of a turn, or with the
    /// turn under way's `moves`), and the plan that gets it.
    pub(super) fn best_of(
        &mut self,
        here: Node,
        moves: Option<Moves>,
    ) -> Result<(Finish, Vec<Step>), SolveError> {
        let mut starts = Vec::new();
        let mut first = Vec::new();
        match moves {
            None if here.alive == 0 => return Ok((Finish::Now, Vec::new())),
            None => {
                let (bound, _) = self.bound(&here);
                starts.push((here, bound));
            }
            Some(moves) => {
                for m in moves.as_slice() {
                    match m.next {
                        None => return Ok((Finish::Now, vec![m.step])),
                        Some(next) => {
                            starts.push((next, m.bound));
                            first.push(m.step);
                        }
                    }
                }
            }
        }
        let (finish, k, known) = self.deepen(&starts)?;
        let (Finish::At(_), Some(&(start, _))) = (finish, starts.get(k)) else {
            return Ok((Finish::Lost, Vec::new()));
        };
        let mut plan: Vec<Step> = first.get(k).copied().into_iter().collect();
        let finish = match known {
            Some(steps) => {
                plan.extend(steps);
                finish
            }
            None => {
                let (steps, finish) = self.plan(start, finish)?;
                plan.extend(steps);
                finish
            }
        };
        Ok((finish, plan))
    }

    /// The earliest finish over some positions (the moves of one turn, or
    /// one position), which of them gets it, and its steps if known.
    /// Iterative deepening: ask for a finish by the lowest bound, then by
    /// the lowest bound the failures proved, and so on; the first success
    /// is the optimum, and no search runs with a budget looser than the
    /// answer. A line found by [`Solver::beam`] stops the deepening below it.
    #[allow(clippy::type_complexity)]
    fn deepen(
        &mut self,
        starts: &[(Node, u8)],
    ) -> Result<(Finish, usize, Option<Vec<Step>>), SolveError> {
        let last = (self.deck.len() as u8).saturating_sub(1);
        let start = self.nodes;
        let mut found = match self.beam_width {
            0 => None,
            width => self.beam(starts, width),
        };
        let mut widened = false;
        let mut budget = starts.iter().map(|&(_, b)| b).min().unwrap_or(LOST);
        if self.first_win {
            // Wider beams first: most wins the first misses, they find
            // sooner than a search through every turn.
            let mut width = self.beam_width;
            while found.is_none() && width > 0 && width < FIRST_WIN_BEAM {
                width *= 8;
                found = self.beam(starts, width);
            }
            if let Some((finish, k, steps)) = found {
                return Ok((Finish::At(finish), k, Some(steps)));
            }
            // Any finish will do: one search, with all the turns there are.
            budget = budget.max(last);
        }
        while budget <= last && budget < found.as_ref().map_or(LOST, |f| f.0) {
            if !widened && self.beam_width > 0 && self.nodes - start > self.line_bounds_after {
                // A long search: a wider beam, with the line bounds by now,
                // may find a better line.
                widened = true;
                if let Some(better) = self.beam(starts, WIDE_BEAM) {
                    if found.as_ref().is_none_or(|f| better.0 < f.0) {
                        found = Some(better);
                    }
                }
                continue;
            }
            let mut next_budget = LOST;
            for (k, &(node, bound)) in starts.iter().enumerate() {
                let v = self.search(node, bound, budget);
                self.check_aborted()?;
                if v <= budget {
                    return Ok((Finish::At(v), k, None));
                }
                next_budget = next_budget.min(v);
            }
            budget = next_budget;
        }
        Ok(match found {
            Some((finish, k, steps)) => (Finish::At(finish), k, Some(steps)),
            None => (Finish::Lost, 0, None),
        })
    }

    /// A beam search: from `starts`, turn by turn, only the `width` most
    /// promising positions (lowest bound, then lowest sum of the zombies'
    /// earliest deaths). The first win found: its turn, start and steps.
    fn beam(&mut self, starts: &[(Node, u8)], width: usize) -> Option<(u8, usize, Vec<Step>)> {
        struct Entry {
            node: Node,
            parent: usize,
            step: Step,
            order: (u8, u16),
        }
        let mut layer: Vec<Entry> = starts
            .iter()
            .enumerate()
            .filter(|&(_, &(_, bound))| bound != LOST)
            .map(|(k, &(node, bound))| Entry {
                node,
                parent: k,
                step: Step {
                    pile: 0,
                    kill: None,
                },
                order: (bound, 0),
            })
            .collect();
        // Each turn's entries after the first: (parent, step).
        let mut layers: Vec<Vec<(usize, Step)>> = Vec::new();
        let mut seen = HashSet::new();
        while !layer.is_empty() {
            let mut next = Vec::new();
            let mut won = None;
            for (index, entry) in layer.iter().enumerate() {
                let node = entry.node;
                let Some(&card) = self.deck.get(usize::from(node.i)) else {
                    continue;
                };
                self.count_node();
                let moves = self.moves(node, card, node.alive, None, node.i + 1, LOST - 1);
                for m in moves.as_slice() {
                    match m.next {
                        None => {
                            won = Some((index, m.step, node.i));
                            break;
                        }
                        Some(after) if m.bound != LOST => next.push(Entry {
                            node: after,
                            parent: index,
                            step: m.step,
                            order: (m.bound, m.total),
                        }),
                        Some(_) => {}
                    }
                }
                if won.is_some() {
                    break;
                }
            }
            if let Some((mut index, step, finish)) = won {
                let mut steps = vec![step];
                let parent_of_layer = |index: usize| layer.get(index).map(|e| (e.parent, e.step));
                let (mut parent, mut up) = parent_of_layer(index)?;
                for earlier in layers.iter().rev() {
                    steps.push(up);
                    index = parent;
                    (parent, up) = *earlier.get(index)?;
                }
                steps.reverse();
                return Some((finish, parent, steps));
            }
            next.sort_by_key(|e| e.order);
            seen.clear();
            next.retain(|e| seen.insert(self.canonical(&e.node).key()));
            next.truncate(width);
            layers.push(layer.iter().map(|e| (e.parent, e.step)).collect());
            layer = next;
        }
        None
    }

    fn check_aborted(&self) -> Result<(), SolveError> {
        if self.aborted {
            Err(SolveError::Unfinished { nodes: self.nodes })
        } else {
            Ok(())
        }
    }

    /// The steps from `node` that finish at `finish` (or sooner, when any
    /// win will do), found again in the table (or searched again where it
    /// forgot), and when they finish.
    fn plan(&mut self, mut node: Node, finish: Finish) -> Result<(Vec<Step>, Finish), SolveError> {
        let Finish::At(mut f) = finish else {
            return Ok((Vec::new(), finish));
        };
        let mut plan = Vec::new();
        loop {
            let card = *self
                .deck
                .get(usize::from(node.i))
                .ok_or(SolveError::LineRefused)?;
            let moves = self.moves(node, card, node.alive, None, node.i + 1, f);
            let mut chosen = None;
            for m in moves.as_slice() {
                match m.next {
                    None if node.i == f => {
                        chosen = Some((m.step, None));
                        break;
                    }
                    Some(next) if m.bound <= f && node.i < f => {
                        let v = self.search(next, m.bound, f);
                        self.check_aborted()?;
                        // Looking for the best, `v` is `f`; for any win
                        // (first_win), it may be sooner.
                        if v <= f {
                            f = v;
                            chosen = Some((m.step, Some(next)));
                            break;
                        }
                    }
                    _ => {}
                }
            }
            match chosen {
                Some((step, Some(next))) => {
                    plan.push(step);
                    node = next;
                }
                Some((step, None)) => {
                    plan.push(step);
                    return Ok((plan, Finish::At(f)));
                }
                None => return Err(SolveError::LineRefused),
            }
        }
    }

    /// The earliest turn at which the last zombie can die from `node`, if
    /// it is at most `budget`; otherwise a lower bound above `budget`
    /// ([`LOST`] when it cannot be won). `bound` is [`Solver::bound`] of it.
    fn search(&mut self, node: Node, bound: u8, mut budget: u8) -> u8 {
        if bound > budget {
            return bound;
        }
        let key = self.canonical(&node).key();
        let mut lower = bound;
        if let Some((v, exact)) = self.table.get(key) {
            if exact || v > budget {
                return v;
            }
            lower = lower.max(v);
        }
        self.count_node();
        if self.nodes > self.give_up_at {
            self.aborted = true;
            return LOST;
        }
        if self.lines.is_empty() && self.nodes >= self.line_bounds_after {
            self.use_line_bounds();
        }
        let Some(&card) = self.deck.get(usize::from(node.i)) else {
            return LOST;
        };
        let mut moves = self.moves(node, card, node.alive, None, node.i + 1, budget);
        let moves = &mut moves.list[..moves.len];
        if moves.iter().any(|m| m.next.is_none()) {
            // The last zombie dies this turn: nothing finishes sooner.
            self.table.put(key, node.i, true);
            return node.i;
        }
        // Closest to done first: the lowest bound, then the fewest alive,
        // then the soonest deaths.
        moves.sort_unstable_by_key(|m| {
            let alive = m.next.map_or(0, |n| n.alive_count());
            (m.bound, alive, m.total)
        });
        let mut best = LOST;
        let mut failed = LOST;
        for m in moves.iter() {
            let Some(next) = m.next else { continue };
            if m.bound > budget {
                failed = failed.min(m.bound);
                break;
            }
            let v = self.search(next, m.bound, budget);
            if self.aborted {
                return LOST;
            }
            if v <= budget {
                best = v;
                if v <= lower || self.first_win {
                    break;
                }
                budget = v.saturating_sub(1);
            } else {
                failed = failed.min(v);
            }
        }
        if best != LOST {
            // A first win is not proved the best: nothing is kept of it.
            if !self.first_win {
                self.table.put(key, best, true);
            }
            best
        } else {
            let v = failed.max(lower);
            self.table.put(key, v, v == LOST);
            v
        }
    }
}
