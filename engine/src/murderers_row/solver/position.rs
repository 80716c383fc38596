//! Positions as the player knows them ([`Node`]: the row, a pending
//! poison or Air Strike choice, the die deck as pips), their actions and
//! outcomes ([`expand`]), and their keys ([`key`]: positions with equal
//! keys have equal values). Apart because every method of the solver (the
//! graph method, the searches, the revival levels) works on them.

#[cfg(test)]
use super::bounds::revival_possible;
use crate::murderers_row::{
    air_strike_kill, any_legal_move, finish, legal_moves, outcome, play_move, Action, Killer, Move,
    Phase, Row, State, Target,
};

/// Die faces: 0 to 5 pips.
pub(super) const FACES: usize = 6;

/// A die deck as a multiset of pips: how many cards of each face.
pub(super) type Pips = [u8; FACES];

/// A position as the player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    pub(super) row: Row,
    pub(super) poison: bool,
    pub(super) deck: Pips,
    /// An Air Strike waiting for its second kill: the acting card and the
    /// target's position.
    pub(super) choice: Option<(Killer, u8)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Won,
    Lost,
    Open,
}

fn pips_of(cards: &[Killer]) -> Pips {
    let mut pips = [0; FACES];
    for card in cards {
        pips[usize::from(card.pips()).min(FACES - 1)] += 1;
    }
    pips
}

/// Where the die deck goes after revealing a card with `face` pips.
pub(super) fn draw(deck: Pips, face: usize, full: Pips) -> Pips {
    let mut next = deck;
    next[face] -= 1;
    if next.iter().all(|&n| n == 0) {
        full
    } else {
        next
    }
}

/// The successors of `node`'s actions, one list of (node, probability) per
/// action, in the order of [`legal_moves`] (or of the two neighbours, left
/// first, for an Air Strike choice).
pub(super) fn expand(
    node: &Node,
    full: Pips,
    moves: &mut Vec<Move>,
    out: &mut Vec<Vec<(Node, f64)>>,
) {
    // The lists of an earlier call are cleared and reused: no allocation
    // once the vectors have grown.
    let mut used = 0;
    let mut next_list = |out: &mut Vec<Vec<(Node, f64)>>| {
        if used == out.len() {
            out.push(Vec::new());
        }
        used += 1;
        let list = &mut out[used - 1];
        list.clear();
        used - 1
    };
    if let Some((actor, t)) = node.choice {
        let t = usize::from(t);
        let sides = [
            t.checked_sub(1),
            Some(t + 1).filter(|&n| n < node.row.len()),
        ];
        for n in sides.into_iter().flatten() {
            let mut row = node.row;
            air_strike_kill(&mut row, t, n);
            finish(&mut row, actor, node.poison);
            let i = next_list(out);
            out[i].push((
                Node {
                    row,
                    poison: false,
                    deck: node.deck,
                    choice: None,
                },
                1.0,
            ));
        }
        out.truncate(used);
        return;
    }
    legal_moves(&node.row, moves);
    let size: u32 = node.deck.iter().map(|&n| u32::from(n)).sum();
    for &mv in moves.iter() {
        let at = next_list(out);
        let successors = &mut out[at];
        let mut step = |die: u8, deck: Pips, p: f64| {
            let mut row = node.row;
            let mut poison = node.poison;
            let next = match play_move(&mut row, &mut poison, mv, die) {
                Some(t) => Node {
                    row,
                    poison: node.poison,
                    deck,
                    choice: Some((mv.card, t as u8)),
                },
                None => Node {
                    row,
                    poison,
                    deck,
                    choice: None,
                },
            };
            successors.push((next, p));
        };
        if matches!(mv.target, Target::Random(_)) {
            for face in 0..FACES {
                if node.deck[face] > 0 {
                    let p = f64::from(node.deck[face]) / f64::from(size);
                    step(face as u8, draw(node.deck, face, full), p);
                }
            }
        } else {
            step(0, node.deck, 1.0);
        }
    }
    out.truncate(used);
}

/// Whether `node` is won: one card left and no choice pending.
pub(super) fn won(node: &Node) -> bool {
    node.choice.is_none() && node.row.len() == 1
}

/// Whether `node` is lost now: no choice pending and no card may act (the
/// row has more than one card, or none).
pub(super) fn stuck(node: &Node) -> bool {
    node.choice.is_none() && node.row.len() != 1 && !any_legal_move(&node.row)
}

pub(super) fn kind_of(node: &Node) -> Kind {
    if node.choice.is_some() {
        return Kind::Open;
    }
    match outcome(&node.row) {
        Phase::Won => Kind::Won,
        Phase::Lost => Kind::Lost,
        _ => Kind::Open,
    }
}

/// A position's key: positions with equal keys have equal values, so the
/// graph keeps one of them. Three exact reductions:
///
/// - the row read right to left is the same position mirrored (distances
///   are not directional and either direction may be chosen);
/// - when no card can ever become active again (no active Medic nor Bugler,
///   so no revival now, and none later since only they revive and only an
///   active card acts or is copied), an inactive card is only an inactive
///   card: its identity never matters again (no effect reads the identity
///   of an inactive card, only its place and state), so it is forgotten;
/// - when no card with a random target can ever act (none alive, or all
///   inactive with no revival possible), the die deck never matters again.
#[cfg(test)]
pub(super) fn reduce(node: &Node) -> Node {
    let k = forget(node);
    let m = mirror(&k);
    if packed(&m) < packed(&k) {
        m
    } else {
        k
    }
}

/// [`reduce`] without the mirror image: the forgotten identities and die
/// deck only.
#[cfg(test)]
fn forget(node: &Node) -> Node {
    let mut k = *node;
    let row = &node.row;
    let revivable = revival_possible(row);
    let random_may_act = row
        .slots()
        .any(|s| s.card.is_random() && (s.active || revivable));
    if !random_may_act {
        k.deck = [0; FACES];
    }
    if !revivable {
        for i in 0..row.len() {
            if !row.active(i) {
                k.row.cells[i] = 0;
            }
        }
    }
    k
}

/// The position read right to left.
#[cfg(test)]
fn mirror(k: &Node) -> Node {
    let n = k.row.len();
    let mut m = *k;
    m.row.cells[..n].reverse();
    m.choice = k.choice.map(|(actor, t)| (actor, (n - 1) as u8 - t));
    m
}

/// The row, poison and Air Strike choice packed into 128 bits: each row
/// cell in 6 bits (its card and active flag, plus one so that no cell is
/// 0), the poison and the choice in the bits above.
#[cfg(test)]
fn packed(k: &Node) -> u128 {
    let mut row = 0u128;
    for i in 0..k.row.len() {
        let cell = k.row.cells[i];
        let cell = u128::from((cell & CARD_BITS) | ((cell & ACTIVE_BIT) >> 2)) + 1;
        row |= cell << (6 * i);
    }
    row |= u128::from(k.poison) << 108;
    if let Some((actor, t)) = k.choice {
        let choice = 1 | (actor.index() as u128) << 1 | u128::from(t) << 6;
        row |= choice << 109;
    }
    row
}

/// A position's key packed into 24 bytes, for fast hashing and comparing:
/// the reduced position ([`reduce`]) as [`packed`] (the smaller of the two
/// orientations), the die deck's counts in the last word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key(pub(super) [u64; 3]);

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

pub(super) fn key(node: &Node) -> Key {
    // [`forget`], [`packed`] and [`mirror`] in one pass over the row.
    let row = &node.row;
    let n = row.len();
    let cells = &row.cells[..n];
    let (mut alive, mut active) = (0u32, 0u32);
    for &cell in cells {
        let b = 1u32 << (cell & CARD_BITS);
        alive |= b;
        if cell & ACTIVE_BIT != 0 {
            active |= b;
        }
    }
    let revivers = 1 << Killer::Medic as u32 | 1 << Killer::Bugler as u32;
    let random = 1 << Killer::Arsonist as u32
        | 1 << Killer::Grenadier as u32
        | 1 << Killer::AirStrike as u32;
    let revivable = active & revivers != 0;
    let random_may_act = (if revivable { alive } else { active }) & random != 0;
    let (mut forward, mut backward) = (0u128, 0u128);
    for (i, &cell) in cells.iter().enumerate() {
        let cell = if revivable || cell & ACTIVE_BIT != 0 {
            cell
        } else {
            0
        };
        let cell = u128::from((cell & CARD_BITS) | ((cell & ACTIVE_BIT) >> 2)) + 1;
        forward |= cell << (6 * i);
        backward |= cell << (6 * (n - 1 - i));
    }
    let poison = u128::from(node.poison) << 108;
    forward |= poison;
    backward |= poison;
    if let Some((actor, t)) = node.choice {
        let choice = |t: u8| (1 | (actor.index() as u128) << 1 | u128::from(t) << 6) << 109;
        forward |= choice(t);
        backward |= choice((n - 1) as u8 - t);
    }
    let row = forward.min(backward);
    let mut deck = 0u64;
    if random_may_act {
        for (f, &count) in node.deck.iter().enumerate() {
            deck |= u64::from(count) << (8 * f);
        }
    }
    Key([row as u64, (row >> 64) as u64, deck])
}

/// [`key`] by its definition, for the tests.
#[cfg(test)]
pub(super) fn slow_key(node: &Node) -> Key {
    let k = forget(node);
    let row = packed(&k).min(packed(&mirror(&k)));
    let mut deck = 0u64;
    for (f, &count) in k.deck.iter().enumerate() {
        deck |= u64::from(count) << (8 * f);
    }
    Key([row as u64, (row >> 64) as u64, deck])
}

/// The bits of a row cell: the card's index and the active flag (see
/// [`Row`]).
pub(super) const CARD_BITS: u8 = 0x1f;
pub(super) const ACTIVE_BIT: u8 = 0x80;

/// The root position of `state`, and the pips of all its die cards.
pub(super) fn root(state: &State) -> (Node, Pips) {
    let deck = pips_of(&state.die_deck);
    let discard = pips_of(&state.die_discard);
    let full = std::array::from_fn(|f| deck[f] + discard[f]);
    let choice = match state.phase {
        Phase::AirStrike { actor, target } => state.row.find(target).map(|t| (actor, t as u8)),
        _ => None,
    };
    let node = Node {
        row: state.row,
        poison: state.poison,
        deck,
        choice,
    };
    (node, full)
}

/// The action of `node` with index `k` (in [`expand`]'s order).
pub(super) fn action_at(node: &Node, k: usize) -> Option<Action> {
    match node.choice {
        Some((_, t)) => {
            let t = usize::from(t);
            let sides = [
                t.checked_sub(1),
                Some(t + 1).filter(|&n| n < node.row.len()),
            ];
            let n = sides.into_iter().flatten().nth(k)?;
            Some(Action::AlsoKill(node.row.card(n)))
        }
        None => {
            let mut moves = Vec::new();
            legal_moves(&node.row, &mut moves);
            moves.get(k).map(|mv| mv.action())
        }
    }
}
