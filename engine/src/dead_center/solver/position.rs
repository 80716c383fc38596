//! A position at the start of a turn, the moves of a turn from it, and
//! the canonical form it is remembered by.

use super::rules::{rules, RELEVANT};
use super::{Solver, LOST};
use crate::dead_center::compact::KIND;
use crate::dead_center::{NEXT_TO, PILES, SUPPORT_PILES};

/// A position at the start of a turn: `i` cards drawn from the solver's deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) i: u8,
    pub(super) tops: [u8; PILES],
    pub(super) alive: u16,
}

impl Node {
    #[inline]
    pub(super) fn alive_count(&self) -> u8 {
        self.alive.count_ones() as u8
    }
}

/// One turn of a plan: where the drawn card goes and which zombie dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) pile: u8,
    pub(super) kill: Option<u8>,
}

/// A move from a position: the step, and the position after it (`None` when
/// its kill is the last: the game is won), with its bound.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub(super) step: Step,
    pub(super) next: Option<Node>,
    pub(super) bound: u8,
    /// The sum of the zombies' earliest deaths: a finer guess for ordering.
    pub(super) total: u16,
}

/// The moves of a turn: at most two kills on each pile.
#[derive(Clone, Copy)]
pub(super) struct Moves {
    pub(super) list: [Move; 2 * PILES],
    pub(super) len: usize,
}

impl Moves {
    #[inline]
    pub(super) fn as_slice(&self) -> &[Move] {
        &self.list[..self.len]
    }

    fn push(&mut self, m: Move) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Solver<'_> {
    /// The moves of a turn with `card` in hand: each legal pile, with each
    /// zombie of `attackable` that dies there, or no kill when none can.
    /// With `only` set the card is already on that pile (the kill step).
    /// A move that cannot finish by `budget` for want of turns gets that
    /// count as its bound, without the costlier bound.
    pub(super) fn moves(
        &mut self,
        from: Node,
        card: u8,
        attackable: u16,
        only: Option<usize>,
        next_i: u8,
        budget: u8,
    ) -> Moves {
        let empty = Move {
            step: Step {
                pile: 0,
                kill: None,
            },
            next: None,
            bound: LOST,
            total: 0,
        };
        let mut moves = Moves {
            list: [empty; 2 * PILES],
            len: 0,
        };
        let rules = rules();
        for p in 0..PILES {
            let legal = match only {
                Some(q) => p == q,
                None => rules.fits(card, from.tops[p]),
            };
            if !legal {
                continue;
            }
            let mut tops = from.tops;
            tops[p] = card;
            let after = Node {
                i: next_i,
                tops,
                alive: from.alive,
            };
            let mut killed = false;
            for &s in NEXT_TO[p] {
                if attackable >> s & 1 == 1 && self.kill_ok(s, &tops) {
                    killed = true;
                    let alive = from.alive & !(1 << s);
                    moves.push(self.make_move(p, Some(s), Node { alive, ..after }, budget));
                }
            }
            if !killed {
                moves.push(self.make_move(p, None, after, budget));
            }
        }
        moves
    }

    fn make_move(&mut self, pile: usize, kill: Option<usize>, next: Node, budget: u8) -> Move {
        let step = Step {
            pile: pile as u8,
            kill: kill.map(|s| s as u8),
        };
        if next.alive == 0 {
            return Move {
                step,
                next: None,
                bound: 0,
                total: 0,
            };
        }
        // One zombie dies per turn at most.
        let by_count = (next.i + next.alive_count()).saturating_sub(1);
        let (bound, total) = if by_count > budget {
            (by_count, 0)
        } else {
            self.bound(&next)
        };
        Move {
            step,
            next: Some(next),
            bound,
            total,
        }
    }

    fn kill_ok(&self, s: usize, tops: &[u8; PILES]) -> bool {
        let [q1, q2] = SUPPORT_PILES[s];
        rules().kill(self.zombies[s], tops[q1], tops[q2])
    }

    /// The same position with each top replaced by the first card of its
    /// kind where only its kind matters: its value and colour (what a card
    /// fits on, and what a Jack or Queen needs), unless it supports a
    /// living King (who needs the suit). Jokers are all alike. The piles
    /// next to no living zombie and supporting none only take cards: their
    /// tops are sorted, as such piles are interchangeable.
    pub(super) fn canonical(&self, node: &Node) -> Node {
        let mut tops = node.tops;
        let mut free = [0u8; PILES];
        let mut frees = 0;
        for (q, top) in tops.iter_mut().enumerate() {
            if node.alive & self.kings_on[q] == 0 {
                *top = KIND[usize::from(*top & 63)];
            }
            if node.alive & RELEVANT[q] == 0 {
                free[frees] = *top;
                frees += 1;
            }
        }
        if frees > 1 {
            free[..frees].sort_unstable();
            let mut sorted = free[..frees].iter();
            for (q, top) in tops.iter_mut().enumerate() {
                if node.alive & RELEVANT[q] == 0 {
                    *top = sorted.next().copied().unwrap_or(*top);
                }
            }
        }
        Node { tops, ..*node }
    }
}
