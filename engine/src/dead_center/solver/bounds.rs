//! The lower bounds on the turn the last zombie can die (see the
//! solver's documentation): the tables they read, built once per deal, the
//! cheap bound, the line bounds and the turns without a kill.

use super::position::Node;
use super::rules::{rules, LINES, NEXT_TO_MASK, SUPPORTED};
use super::{Solver, LOST};
use crate::cards::KING;
use crate::dead_center::compact::{card_of, CODES};
use crate::dead_center::{ADJACENT_PILE, PILES, SPACES, SUPPORT_PILES};

impl Solver<'_> {
    /// The tables of the bounds.
    pub(super) fn build_tables(&mut self) {
        let rules = rules();
        let n = self.deck.len();
        let w = n + 1;
        for (p, &c) in self.deck.iter().enumerate() {
            self.position[usize::from(c)] = p as u8 + 1;
        }
        for (s, &z) in self.zombies.iter().enumerate() {
            if card_of(usize::from(z)).rank() == Some(KING) {
                for q in SUPPORT_PILES[s] {
                    self.kings_on[q] |= 1 << s;
                }
            }
        }
        self.reach = vec![0; CODES * w];
        self.reach_codes = vec![0; CODES * w];
        for t in 0..CODES {
            for i in 0..n {
                // The cards that fit on some card the pile could show.
                let mut takes = rules.placing.takes[t];
                let (mut reach, mut codes) = (0u64, 0u64);
                for (p, &c) in self.deck.iter().enumerate().skip(i) {
                    if takes >> c & 1 == 1 {
                        reach |= 1 << p;
                        codes |= 1 << c;
                        takes |= rules.placing.takes[usize::from(c)];
                    }
                }
                self.reach[t * w + i] = reach;
                self.reach_codes[t * w + i] = codes;
            }
        }
        // Supports are interchangeable: `kills[z][b]` is the set of `a`.
        self.helpers = vec![0; SPACES * CODES * w];
        for s in 0..SPACES {
            let z = usize::from(self.zombies[s]);
            for t in 0..CODES {
                for i in 0..w {
                    let mut partners = 1u64 << t | self.reach_codes[t * w + i];
                    let mut helpers = 0;
                    while partners != 0 {
                        let b = partners.trailing_zeros() as usize;
                        partners &= partners - 1;
                        helpers |= rules.kills[z * CODES + b];
                    }
                    self.helpers[(s * CODES + t) * w + i] = helpers;
                }
            }
        }
        self.kill_with = vec![0; SPACES * CODES];
        for s in 0..SPACES {
            for a in 0..CODES as u8 {
                self.kill_with[s * CODES + usize::from(a)] = (0..n)
                    .filter(|&p| rules.kill(self.zombies[s], a, self.deck[p]))
                    .fold(0, |m, p| m | 1 << p);
            }
        }
    }

    /// A lower bound on the turn the last zombie can die ([`LOST`] when it
    /// cannot), and the sum of the zombies' earliest deaths (for ordering
    /// moves): see the module documentation.
    pub(super) fn bound(&mut self, node: &Node) -> (u8, u16) {
        let n = self.deck.len();
        let i = usize::from(node.i);
        if i >= n {
            return (LOST, 0);
        }
        let w = n + 1;
        let mut reaches = [0u64; PILES];
        for (r, &top) in reaches.iter_mut().zip(&node.tops) {
            *r = self.reach[usize::from(top & 63) * w + i];
        }
        let reach = |p: usize| reaches[p];
        // The first card that no pile can take ends the game.
        let placeable = reaches.iter().fold(0u64, |m, r| m | r);
        let end = ((!placeable >> i).trailing_zeros() as usize + i).min(n);
        let mut times = [0u8; SPACES];
        let mut count = 0;
        let mut add = |t: u8| {
            // Insertion into the sorted times.
            let mut j = count;
            while j > 0 && times[j - 1] > t {
                times[j] = times[j - 1];
                j -= 1;
            }
            if let Some(slot) = times.get_mut(j) {
                *slot = t;
                count += 1;
            }
        };
        let mut at = [0u8; PILES];
        let mut known = !self.lines.is_empty();
        for (p, a) in at.iter_mut().enumerate() {
            match self.pile_position(p, node.tops[p], i) {
                Some(position) => *a = position,
                None => known = false,
            }
        }
        if !known {
            let mut alive = node.alive & 0xFFF;
            while alive != 0 {
                let s = alive.trailing_zeros() as usize;
                alive &= alive - 1;
                let [q1, q2] = SUPPORT_PILES[s];
                let ready = self.ready(s, node, reach(q1), reach(q2));
                // Then a card that could go on the zombie's own pile.
                let next_to = reach(ADJACENT_PILE[s]) >> ready.min(63) << ready.min(63);
                if ready >= end || next_to == 0 {
                    return (LOST, 0);
                }
                add(next_to.trailing_zeros() as u8);
            }
        } else {
            for (line, &(piles, ends)) in LINES.iter().enumerate() {
                let alive = ends
                    .iter()
                    .enumerate()
                    .fold(0u8, |m, (k, &s)| m | (((node.alive >> s) & 1) as u8) << k);
                let at = piles.map(|p| at[p]);
                // Both alive: the first death is no sooner than either's
                // alone, the second no sooner than both together.
                let deaths = match alive {
                    0 => [LOST, LOST],
                    3 => [
                        self.line(line, 1, i, at).min(self.line(line, 2, i, at)),
                        self.line(line, 3, i, at),
                    ],
                    one => [self.line(line, one, i, at), LOST],
                };
                let dying = usize::from(alive.count_ones() as u8);
                for &t in &deaths[..dying] {
                    if t == LOST {
                        return (LOST, 0);
                    }
                    add(t);
                }
            }
        }
        // One kill per turn, each no sooner than its zombie allows.
        let mut finish = 0u8;
        for (k, &t) in times[..count].iter().enumerate() {
            finish = if k == 0 { t } else { t.max(finish + 1) };
        }
        // Turns without a kill: at least the changes of the piles next to
        // no living zombie.
        let Some(quiet) = self.quiet_turns(node) else {
            return (LOST, 0);
        };
        finish = finish.max((node.i + node.alive_count() + quiet).saturating_sub(1));
        if usize::from(finish) >= end {
            return (LOST, 0);
        }
        let total = times[..count].iter().map(|&t| u16::from(t)).sum();
        (finish, total)
    }

    /// How many turns must go by without a kill. A pile must change its
    /// top for each group of the zombies it supports that no one top could
    /// help kill (with a card the other support pile could show); a card
    /// played on it kills at most once per living zombie next to it, so
    /// the other changes are turns without a kill. `None` when some zombie
    /// could never be helped.
    fn quiet_turns(&self, node: &Node) -> Option<u8> {
        let w = self.deck.len() + 1;
        let i = usize::from(node.i);
        let mut quiet = 0;
        for q in 0..PILES {
            let needy = node.alive & SUPPORTED[q];
            if needy == 0 {
                continue;
            }
            // A change of a pile next to living zombies may be a kill, one
            // per zombie.
            let kills = (node.alive & NEXT_TO_MASK[q]).count_ones() as u8;
            // For each zombie it supports, the tops of `q` that would help.
            let mut good = [0u64; 4];
            let mut count = 0;
            let mut rest = needy;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let [a, b] = SUPPORT_PILES[s];
                let other = node.tops[if a == q { b } else { a }];
                if let Some(slot) = good.get_mut(count) {
                    *slot = self.helpers[(s * CODES + usize::from(other & 63)) * w + i];
                    count += 1;
                }
            }
            let top = node.tops[q] & 63;
            let now = (0..count).fold(0usize, |m, k| m | (((good[k] >> top) & 1) as usize) << k);
            let need = ((1usize << count) - 1) & !now;
            if need == 0 {
                continue;
            }
            let later = self.reach_codes[usize::from(top) * w + i];
            if (0..count).any(|k| need >> k & 1 == 1 && later & good[k] == 0) {
                return None;
            }
            if need.count_ones() <= u32::from(kills) {
                // However many changes, the kills may be all of them.
                continue;
            }
            // Which sets of them one later top could help together.
            let mut helpable = [false; 16];
            for (m, h) in helpable.iter_mut().enumerate().skip(1) {
                let common = (0..count)
                    .filter(|k| m >> k & 1 == 1)
                    .fold(later, |c, k| c & good[k]);
                *h = m & !need == 0 && common != 0;
            }
            // The fewest such sets that cover them all.
            let mut fewest = [u8::MAX; 16];
            fewest[0] = 0;
            for m in 1..16usize {
                if m & !need != 0 {
                    continue;
                }
                let mut g = m;
                while g != 0 {
                    if helpable[g] && fewest[m & !g] != u8::MAX {
                        fewest[m] = fewest[m].min(fewest[m & !g] + 1);
                    }
                    g = (g - 1) & m;
                }
            }
            match fewest[need] {
                u8::MAX => return None,
                changes => quiet += changes.saturating_sub(kills),
            }
        }
        Some(quiet)
    }

    /// The earliest turn from which the support piles of the zombie at `s`
    /// could show a killing pair: the tops now, or cards from positions
    /// `on1` (for the first pile) and `on2` (the second), each a support from
    /// the turn after it is played. `n` or more when never.
    fn ready(&self, s: usize, node: &Node, on1: u64, on2: u64) -> usize {
        let [q1, q2] = SUPPORT_PILES[s];
        let (a, b) = (node.tops[q1], node.tops[q2]);
        if rules().kill(self.zombies[s], a, b) {
            return usize::from(node.i);
        }
        let first = |m: u64| m.trailing_zeros() as usize + 1;
        let with = |c: u8| self.kill_with[s * CODES + usize::from(c & 63)];
        let mut ready = first(on2 & with(a)).min(first(on1 & with(b)));
        let mut rest = on1;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            if p + 1 >= ready {
                break;
            }
            rest &= rest - 1;
            let partners = on2 & with(self.deck[p]) & !(1 << p);
            if partners != 0 {
                ready = ready.min(p.max(partners.trailing_zeros() as usize) + 1);
            }
        }
        ready
    }

    /// The top of pile `p` at turn `i` by position: 0 for the solver's
    /// first top of the pile, `q + 1` for the card drawn at `q`.
    pub(super) fn pile_position(&self, p: usize, top: u8, i: usize) -> Option<u8> {
        let q = self.position[usize::from(top & 63)];
        if q != 0 && usize::from(q) <= i {
            Some(q)
        } else if self.initial.get(p) == Some(&top) {
            Some(0)
        } else {
            None
        }
    }

    fn top_at(&self, p: usize, position: u8) -> u8 {
        match position.checked_sub(1) {
            Some(q) => self.deck.get(usize::from(q)).copied().unwrap_or(0),
            None => self.initial[p],
        }
    }

    /// Where [`Solver::line`]'s value is kept: a block per line and living
    /// zombies, in it turn `i`'s (i + 1)³ positions (a top is never a card
    /// drawn later) after the turns before.
    fn line_index(&self, line: usize, alive: u8, i: usize, at: [u8; 3]) -> usize {
        let n = self.deck.len();
        let block = (n * (n + 1) / 2).pow(2);
        let before = (i * (i + 1) / 2).pow(2);
        let side = i + 1;
        let [a, b, c] = at.map(usize::from);
        (line * 3 + usize::from(alive) - 1) * block + before + (a * side + b) * side + c
    }

    /// The earliest turn by which the zombies `alive` of `line` (bit 0: the
    /// one at its first end, bit 1: at its last end) could all be dead if
    /// they were the only ones: the line's piles topped by the cards at
    /// positions `at` at turn `i`, every other card going anywhere else.
    /// Exact for that relaxation: it follows each pile's top, so supports
    /// last only until covered, a kill at one end covers a support of the
    /// other, and each card must fit its pile.
    fn line(&mut self, line: usize, alive: u8, i: usize, at: [u8; 3]) -> u8 {
        let n = self.deck.len();
        if i >= n {
            return LOST;
        }
        if !(1..=3).contains(&alive) || at.iter().any(|&a| usize::from(a) > i) {
            // Not a position of the table (never asked): no bound.
            return i as u8;
        }
        let index = self.line_index(line, alive, i, at);
        match self.lines.get(index).copied() {
            Some(0) | None => {}
            Some(u8::MAX) => return LOST,
            Some(known) => return known - 1,
        }
        let rules = rules();
        let (piles, ends) = LINES[line];
        let tops = [0, 1, 2].map(|k| self.top_at(piles[k], at[k]));
        let card = self.deck[i];
        let now = i as u8;
        // Elsewhere, or on one of the three piles.
        let mut best = self.line(line, alive, i + 1, at);
        for k in 0..3 {
            if best <= now || !rules.fits(card, tops[k]) {
                continue;
            }
            let mut next = at;
            next[k] = now + 1;
            // A card at an end may kill its zombie, the other two piles
            // supporting.
            let end = match k {
                0 => Some((1u8, ends[0], tops[1], tops[2])),
                2 => Some((2u8, ends[1], tops[0], tops[1])),
                _ => None,
            };
            let mut left = alive;
            if let Some((bit, space, a, b)) = end {
                if alive & bit != 0 && rules.kill(self.zombies[space], a, b) {
                    left &= !bit;
                }
            }
            best = if left == 0 {
                now
            } else {
                best.min(self.line(line, left, i + 1, next))
            };
        }
        if let Some(slot) = self.lines.get_mut(index) {
            *slot = if best == LOST { u8::MAX } else { best + 1 };
        }
        best
    }

    /// Builds the line bounds' table (empty until now) once a search has
    /// grown large enough to pay for it.
    pub(super) fn use_line_bounds(&mut self) {
        if self.lines.is_empty() {
            let n = self.deck.len();
            // Zeroed: the pages are only touched as the bounds need them.
            self.lines = vec![0; LINES.len() * 3 * (n * (n + 1) / 2).pow(2)];
        }
    }
}
