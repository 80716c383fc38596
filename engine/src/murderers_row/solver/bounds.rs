//! The kill bounds: how many cards can still die from a position, so that
//! a position where fewer can die than must is lost at once ([`hopeless_by`]),
//! and the solver's cache of the bound ([`KillBounds`]). Apart because they
//! look at one position without searching, every method asks them, and the
//! tests check them against brute force.

use super::position::{Node, ACTIVE_BIT, CARD_BITS};
#[cfg(test)]
use super::search::CERTAIN;
use crate::murderers_row::{air_strike_kill, finish, Killer, Row, MAX_ROW};

/// How many cards one activation of `card`'s own effect can kill at most.
/// The Poisoner's kill lands on the next activation but is counted here, on
/// the Poisoner's; the Copycat is counted by what it can copy.
fn kills(card: Killer) -> u32 {
    match card {
        Killer::Medic | Killer::Bugler | Killer::ConMan | Killer::Copycat => 0,
        Killer::Poisoner
        | Killer::Swordsman
        | Killer::Executioner
        | Killer::Sniper
        | Killer::Assassin
        | Killer::Knight
        | Killer::Grenadier => 1,
        Killer::Gunslinger
        | Killer::SentryGun
        | Killer::Tank
        | Killer::Hangman
        | Killer::AirStrike => 2,
        Killer::Arsonist | Killer::MadBomber => 3,
    }
}

/// Whether a card of `row` can be made active again: only the Medic and the
/// Bugler revive (the Copycat only by copying one of them, which must then
/// be active), and only active cards act.
#[cfg(test)]
pub(super) fn revival_possible(row: &Row) -> bool {
    row.slots()
        .any(|s| s.active && matches!(s.card, Killer::Medic | Killer::Bugler))
}

/// Whether revivals can go around a cycle with no die draw: the Medic and
/// the Bugler both alive (each can make the other active again).
pub(super) fn revival_cycles_possible(row: &Row) -> bool {
    row.find(Killer::Medic).is_some() && row.find(Killer::Bugler).is_some()
}

/// An upper bound on how many cards can still die from `node` within
/// `moves` more activations (`u32::MAX`: any number).
///
/// Without revival every active card acts at most once and an inactive
/// card never acts again, so the bound is the sum of the best `moves`
/// activations of the active cards (a Copycat at most as much as the best
/// other active card, the only ones it can copy). With revival, any living
/// card may act, each activation killing at most as much as the best
/// living card. A pending poison adds one kill.
#[cfg(test)]
pub(super) fn kill_bound(node: &Node, moves: u32) -> u32 {
    let row = &node.row;
    let poison = u32::from(node.poison);
    if node.choice.is_some() {
        return u32::MAX;
    }
    if moves == u32::MAX {
        return certain_kill_bound(node);
    }
    let copy_value = |active_only: bool| {
        row.slots()
            .filter(|s| s.card != Killer::Copycat && (s.active || !active_only))
            .map(|s| kills(s.card))
            .max()
            .unwrap_or(0)
    };
    if revival_possible(row) {
        let best = row
            .slots()
            .map(|s| {
                if s.card == Killer::Copycat {
                    copy_value(false)
                } else {
                    kills(s.card)
                }
            })
            .max()
            .unwrap_or(0);
        return moves.saturating_mul(best).saturating_add(poison);
    }
    let mut each = [0u32; MAX_ROW];
    let mut count = 0;
    for s in row.slots().filter(|s| s.active) {
        each[count] = if s.card == Killer::Copycat {
            copy_value(true)
        } else {
            kills(s.card)
        };
        count += 1;
    }
    let each = &mut each[..count];
    each.sort_by(|a, b| b.cmp(a));
    let moves = usize::try_from(moves).unwrap_or(usize::MAX).min(count);
    each[..moves].iter().sum::<u32>() + poison
}

/// How many **active** cards one activation of `card`'s own effect must
/// kill: the Swordsman's, Sentry Gun's and Knight's target, the
/// Gunslinger's two.
fn active_victims(card: Killer) -> u32 {
    match card {
        Killer::Swordsman | Killer::SentryGun | Killer::Knight => 1,
        Killer::Gunslinger => 2,
        _ => 0,
    }
}

/// [`kill_bound`] with no limit on the activations (`u32::MAX`: any
/// number).
///
/// Revivals. With both a Medic and a Bugler alive they may revive each
/// other without end: no bound. With only one of them (the reviver), it
/// cannot be revived (only they revive, and the Copycat copies only an
/// active card, so not one to be revived), so it acts at most once: one
/// revival for the Medic, two for the Bugler, and as many again by a
/// Copycat copying it, if the Copycat is active now (one revived later
/// finds the reviver inactive). Without an active reviver, none.
///
/// Every activation is then that of a card active now (each at most once:
/// acting makes it inactive) or of a revived card (one per revival), and
/// the revivals cost the reviver's activations (the Copycat's, when it
/// copies the reviver, is then not a kill). A card killed while active never
/// acts afterwards; the Swordsman, Sentry Gun, Knight and Gunslinger must
/// each kill one or two active cards other than the acting card (a Copycat
/// copying them too). So with `r` revivals, the killing activations plus the
/// active cards they kill plus the reviving activations are at most the
/// cards active now plus `r`. The bound is the most kills such a set of
/// activations can have (a small knapsack, for each `r`): each card active
/// now with its own kills (a Copycat one of the cards it may copy: the
/// active ones, or any living card with revivals), each revived card as one
/// of the living cards, plus a pending poison. A card also kills nothing in
/// a row too short for its condition (rows never grow): the Sniper below 5
/// cards, the Sentry Gun, Tank and Gunslinger below 3.
#[cfg(test)]
pub(super) fn certain_kill_bound(node: &Node) -> u32 {
    if node.choice.is_some() {
        return u32::MAX;
    }
    let (alive, active) = card_sets(&node.row);
    set_kill_bound(alive, active, node.row.len()).saturating_add(u32::from(node.poison))
}

/// The living and the active cards of `row` as sets (bit `i`: the card of
/// index `i`; each card is once at most).
pub(super) fn card_sets(row: &Row) -> (u32, u32) {
    let (mut alive, mut active) = (0u32, 0u32);
    for &cell in &row.cells[..row.len()] {
        let b = 1u32 << (cell & CARD_BITS);
        alive |= b;
        if cell & ACTIVE_BIT != 0 {
            active |= b;
        }
    }
    (alive, active)
}

/// [`certain_kill_bound`] without the poison: it depends only on the sets
/// of living and active cards and on the row's length (not on the order),
/// so the solver keeps it in a small cache ([`KillBounds`]).
fn set_kill_bound(alive: u32, active: u32, len: usize) -> u32 {
    const fn bit(card: Killer) -> u32 {
        1 << card as u32
    }
    let (medic, bugler, copycat) = (
        bit(Killer::Medic),
        bit(Killer::Bugler),
        bit(Killer::Copycat),
    );
    // Revivals per reviving activation, and how many such activations.
    let (per_revival, revivers) = if active & (medic | bugler) != 0 {
        if alive & medic != 0 && alive & bugler != 0 {
            return u32::MAX;
        }
        let per_revival = if alive & medic != 0 { 1 } else { 2 };
        (per_revival, 1 + u32::from(active & copycat != 0))
    } else {
        (1, 0)
    };
    let option = |card: u32| -> (u8, usize) {
        let card = Killer::ALL[card as usize];
        let short = match card {
            Killer::Sniper => len < 5,
            Killer::SentryGun | Killer::Tank | Killer::Gunslinger => len < 3,
            _ => false,
        };
        let k = if short { 0 } else { kills(card) as u8 };
        (k, 1 + active_victims(card) as usize)
    };
    // A Copycat's options copying one of `sources`: the best for each cost.
    let copies = |mut sources: u32| {
        let mut options = [(0u8, 1usize), (0, 2), (0, 3)];
        while sources != 0 {
            let (k, cost) = option(sources.trailing_zeros());
            sources &= sources - 1;
            options[cost - 1].0 = options[cost - 1].0.max(k);
        }
        options
    };
    let n_active = active.count_ones() as usize;
    let revivals = per_revival * revivers;
    // The best kills within each capacity, up to the largest needed.
    let top = n_active + revivals as usize;
    let mut best = [0u8; 2 * MAX_ROW];
    let add = |best: &mut [u8; 2 * MAX_ROW], options: &[(u8, usize)]| {
        for c in (1..=top).rev() {
            for &(k, cost) in options {
                if k > 0 && cost <= c {
                    best[c] = best[c].max(best[c - cost] + k);
                }
            }
        }
    };
    let mut cards = active & !copycat;
    while cards != 0 {
        let card = cards.trailing_zeros();
        cards &= cards - 1;
        add(&mut best, &[option(card)]);
    }
    if revivals == 0 {
        if active & copycat != 0 {
            add(&mut best, &copies(active & !copycat));
        }
        return u32::from(best[n_active]);
    }
    // With `r` revivals: `r` revived cards, each any living card (the
    // options of a Copycat revived are among them), and
    // `ceil(r / per_revival)` reviving activations; past the reviver's own,
    // the Copycat revives too and so kills nothing itself.
    let living = copies(alive & !copycat);
    let mut killing = best;
    if active & copycat != 0 {
        add(&mut killing, &living);
    }
    let mut reviving = best;
    let mut most = 0;
    for r in 0..=revivals {
        let acts = r.div_ceil(per_revival);
        if r > 0 {
            add(&mut killing, &living);
            add(&mut reviving, &living);
        }
        let table = if acts > 1 { &reviving } else { &killing };
        most = most.max(table[n_active + r as usize - acts as usize]);
    }
    u32::from(most)
}

/// Whether `node` cannot be won within `moves` more activations: fewer
/// cards can die than must (all but one).
#[cfg(test)]
pub(super) fn hopeless(node: &Node, moves: u32) -> bool {
    if node.choice.is_some() && moves != CERTAIN {
        return false;
    }
    hopeless_by(node, &|n| kill_bound(n, moves))
}

/// [`hopeless`] with `bound` giving the kills possible from a position with
/// no choice pending. An Air Strike's choice is hopeless if both its
/// outcomes are.
pub(super) fn hopeless_by(node: &Node, bound: &impl Fn(&Node) -> u32) -> bool {
    if let Some((actor, t)) = node.choice {
        let t = usize::from(t);
        let sides = [
            t.checked_sub(1),
            Some(t + 1).filter(|&n| n < node.row.len()),
        ];
        return sides.into_iter().flatten().all(|n| {
            let mut row = node.row;
            air_strike_kill(&mut row, t, n);
            finish(&mut row, actor, node.poison);
            let next = Node {
                row,
                poison: false,
                deck: node.deck,
                choice: None,
            };
            row.len() != 1 && hopeless_by(&next, bound)
        });
    }
    let need = node.row.len().saturating_sub(1) as u32;
    bound(node) < need
}

/// A cache of [`set_kill_bound`] by the sets of living and active cards and
/// the row's length class: swaps and revivals make many positions with the
/// same sets, and the bound is asked of every successor. Direct-mapped: a
/// slot holds one key and its bound, and a new key takes the slot.
pub(super) struct KillBounds(Box<[std::cell::Cell<u64>]>);

impl KillBounds {
    const SLOTS: usize = 1 << 15;

    pub(super) fn new() -> KillBounds {
        KillBounds((0..Self::SLOTS).map(|_| std::cell::Cell::new(0)).collect())
    }

    /// [`certain_kill_bound`] of `node` (no choice pending).
    pub(super) fn of(&self, node: &Node) -> u32 {
        let len = node.row.len();
        let (alive, active) = card_sets(&node.row);
        // Only the Sniper's (5) and the Sentry Gun's, Tank's and
        // Gunslinger's (3) thresholds read the length.
        let class: u64 = match len {
            0..3 => 0,
            3..5 => 1,
            _ => 2,
        };
        let key = (u64::from(alive) | u64::from(active) << 18 | class << 36) + 1;
        let slot = &self.0[(key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 49) as usize];
        let entry = slot.get();
        let bound = if entry >> 8 == key {
            (entry & 0xff) as u32
        } else {
            // Bounds are far below 255; 255 stands for "any number".
            let bound = set_kill_bound(alive, active, len).min(255);
            slot.set(key << 8 | u64::from(bound));
            bound
        };
        if bound == 255 {
            u32::MAX
        } else {
            bound + u32::from(node.poison)
        }
    }
}
