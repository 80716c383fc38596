//! The exact method of revival levels (step 5 of the solver's module doc):
//! the positions with the Medic and the Bugler alive, whose rows fall into
//! classes of equal value, solved as a Markov decision process on (class,
//! die deck) ([`Level`], [`Solver::extend_level`]), and the moves a level
//! plans ([`Solver::level_solution`]). Apart from the searches: it is exact
//! on the cycles with a chance step that stop them. Its value iteration is
//! in [`super::level_system`], the values of the positions out of a level in
//! [`super::exits`].

use super::bounds::card_sets;
use super::calls::Solver;
use super::exits::{Exit, ExitValues, Exits};
use super::graph::EPSILON;
use super::hasher::Map;
use super::level_system::{
    LevelSystem, CHANCE_CHOICE, LEAVE_CHOICE, NO_CHOICE, SHORTCUT_EVERY, SHORTCUT_FIRST,
};
use super::position::{action_at, draw, expand, key, Key, Node, Pips, FACES};
use super::Unsolved;
use crate::murderers_row::{legal_moves, play_move, Action, Direction, Killer, Move, Row, Target};

/// A position of a revival level: the Medic and the Bugler alive, one of
/// them active, no poison pending and no Air Strike choice (see [`Level`]).
pub(super) fn in_a_level(node: &Node) -> bool {
    node.choice.is_none() && !node.poison && level_row(&node.row, node.row.len())
}

/// Whether `row` is a row of a revival level of `n` cards: with both
/// revivers inactive no card can be made active again (the Copycat copies
/// only an active card), so no position repeats from there: such rows are
/// left to [`Solver::exact`], whose keys then forget the inactive cards'
/// identities.
fn level_row(row: &Row, n: usize) -> bool {
    let (alive, active) = card_sets(row);
    let revivers = 1 << Killer::Medic as u32 | 1 << Killer::Bugler as u32;
    row.len() == n
        && (2..=LEVEL_CARDS).contains(&n)
        && alive & revivers == revivers
        && active & revivers != 0
}

/// `row` read right to left (the same position mirrored: see [`reduce`]).
fn mirrored(row: &Row) -> Row {
    let mut m = *row;
    m.cells[..row.len()].reverse();
    m
}

/// The orientation of `row` a level holds: the smaller of the two.
fn canonical(row: &Row) -> Row {
    let m = mirrored(row);
    if m.cells < row.cells {
        m
    } else {
        *row
    }
}

/// The action of a mirrored position that is `action` here: a random
/// target's direction is turned round; cards are named, not placed.
fn mirrored_action(action: Action) -> Action {
    match action {
        Action::Activate {
            card,
            copying,
            target: Target::Random(direction),
        } => Action::Activate {
            card,
            copying,
            target: Target::Random(match direction {
                Direction::Left => Direction::Right,
                Direction::Right => Direction::Left,
            }),
        },
        other => other,
    }
}

/// The most cards of a position the method of revival levels is used on:
/// a level of seven cards has at most 645,120 rows (every arrangement and
/// active set); eight cards can have ten million.
pub(super) const LEVEL_CARDS: usize = 7;

/// The most rows a [`Level`] holds (every row of seven cards).
pub(super) const LEVEL_LIMIT: usize = 645_120;

/// The most values (classes × die decks) a [`Level`] holds: about 600 MB
/// at the peak natively with its working copies (deal 1612 after eight
/// random actions: 6.3 million values, 619 MB). Over this a level is
/// [`Unsolved`] ("too hard") at once rather than a wait with no end in
/// sight.
pub(super) const LEVEL_SLOTS: usize = 8_000_000;

/// The most sweeps of a level's value iteration (none came near it: it
/// stops when a sweep changes nothing).
pub(super) const LEVEL_SWEEPS: usize = 1_000_000;

/// An outcome code of a level's chance option: no die card of that face,
/// a class of the level, or a position out of the level.
const NO_FACE: u32 = u32::MAX;
pub(super) const EXIT: u32 = u32::MAX - 1;

/// Marks an outcome code of a level extension that is an exit (see
/// [`Solver::extend_level`]).
const EXIT_BIT: u32 = 1 << 31;

/// The random activations of a level's class with the same outcomes in
/// the level, as its value iteration sees them: for each die face, the class
/// it stays in, or [`EXIT`] (out of the level), or [`NO_FACE`]; and the rows
/// and moves that have it, with where their outcome codes are (see
/// [`Solver::extend_level`]). The activations differ only in their exits,
/// so the best of them with each deck is the best for that deck.
pub(super) struct ChanceOption {
    class: u32,
    pub(super) faces: [u32; FACES],
    owners: Vec<(u32, u16, u32)>,
}

/// A revival level: positions with the same living cards, the Medic and the
/// Bugler among them (so that they may revive each other without end) and
/// one of them active, no poison pending and no Air Strike choice, reached
/// from its entry rows by activations that kill nobody.
///
/// Activations that kill nobody and reveal no die card (revivals, swaps)
/// do not depend on the die deck, and two positions each reached from the
/// other by such activations have the same value (each is at least the
/// other's). So the rows fall into classes (the strongly connected
/// components of those activations), and a position's value depends only on
/// its class and its die deck: the level is solved as a Markov decision
/// process on (class, deck) pairs, with the values of the positions out of
/// the level (a kill, a poison, an Air Strike choice: fewer cards, or a
/// poison whose next activation kills) known first, by [`Solver::exact`].
/// Its Bellman equations are solved by value iteration from 0 (rising to
/// the least fixed point: the optimal chances of winning), in place, until
/// a sweep changes nothing. Memory is linear in the rows plus the classes
/// times the decks, where the whole graph of such a position has millions
/// of positions (deal 1007 after four moves: 6.3 million, 1.5 GB).
///
/// A row and its mirror image have the same values: a level holds only the
/// smaller of the two ([`canonical`]), and a planned move is turned back
/// for the other ([`mirrored_action`]).
///
/// A row met later that the level does not hold extends it: the rows
/// reached from it that are new, their classes (which can reach the old
/// ones, never the other way) and their values, the old ones unchanged.
pub(super) struct Level {
    rows: Vec<Row>,
    index: Map<Row, u32>,
    /// Each row's class; a class comes after every class it can reach
    /// without a die card.
    class: Vec<u32>,
    classes: usize,
    /// Each row's moves that stay in the level without a die card: the row
    /// reached and the move's index in [`legal_moves`]' order.
    free_start: Vec<u32>,
    free: Vec<(u32, u16)>,
    /// Every die deck there can be (one when no card of the level draws).
    pub(super) decks: Vec<Pips>,
    deck_index: Map<Pips, u16>,
    /// The deck after a die card of each face (`u16::MAX`: none of it).
    next: Vec<[u16; FACES]>,
    /// The chance of each face with each deck.
    chances: Vec<[f64; FACES]>,
    /// The value of each class with each deck: `value[class * decks + deck]`.
    pub(super) value: Vec<f64>,
    /// The move that keeps it: a row of the class and the move's index
    /// (`u32::MAX`: none needed, the value is 0 whatever is played).
    plan: Vec<(u32, u16)>,
}

impl Level {
    fn new(cards: u32, full: Pips, deck: &Pips) -> Level {
        let random = 1 << Killer::Arsonist as u32
            | 1 << Killer::Grenadier as u32
            | 1 << Killer::AirStrike as u32;
        let decks = level_decks(&full, deck, cards & random != 0);
        let deck_index: Map<Pips, u16> = decks
            .iter()
            .enumerate()
            .map(|(i, d)| (*d, i as u16))
            .collect();
        let next = decks
            .iter()
            .map(|d| {
                std::array::from_fn(|f| {
                    if d[f] == 0 {
                        u16::MAX
                    } else {
                        let after = draw(*d, f, full);
                        deck_index.get(&after).copied().unwrap_or(u16::MAX)
                    }
                })
            })
            .collect();
        let chances = decks
            .iter()
            .map(|d| {
                let size: f64 = d.iter().map(|&c| f64::from(c)).sum();
                std::array::from_fn(|f| f64::from(d[f]) / size)
            })
            .collect();
        Level {
            rows: Vec::new(),
            index: Map::default(),
            class: Vec::new(),
            classes: 0,
            free_start: vec![0],
            free: Vec::new(),
            decks,
            deck_index,
            next,
            chances,
            value: Vec::new(),
            plan: Vec::new(),
        }
    }

    /// The index of `deck` (any, when the deck never matters here).
    fn deck(&self, deck: &Pips) -> Option<usize> {
        if self.decks.len() == 1 {
            return Some(0);
        }
        self.deck_index.get(deck).map(|&d| usize::from(d))
    }

    /// The index of `row` (in either orientation), if the level holds it.
    fn row(&self, row: &Row) -> Option<u32> {
        self.index.get(&canonical(row)).copied()
    }

    fn slot(&self, row: &Row, deck: &Pips) -> Option<usize> {
        let r = self.row(row)? as usize;
        Some(self.class[r] as usize * self.decks.len() + self.deck(deck)?)
    }

    /// The chance of each face with deck `d`, and the deck after it.
    fn draws(&self, d: usize) -> impl Iterator<Item = (usize, f64, usize)> + '_ {
        let deck = &self.decks[d];
        (0..FACES)
            .filter(move |&f| deck[f] > 0)
            .map(move |f| (f, self.chances[d][f], usize::from(self.next[d][f])))
    }
}

/// The outcomes of `mv` from the level row `row`, for each die face (one,
/// face 0, for a move that draws no die card): the node reached, its die
/// deck left to be set.
fn level_outcomes(row: &Row, mv: Move, full: &Pips, out: &mut Vec<(usize, Node)>) {
    out.clear();
    let random = matches!(mv.target, Target::Random(_));
    for (face, &count) in full.iter().enumerate() {
        if random && count == 0 || !random && face > 0 {
            continue;
        }
        let mut next = *row;
        let mut poison = false;
        let node = match play_move(&mut next, &mut poison, mv, face as u8) {
            Some(t) => Node {
                row: next,
                poison: false,
                deck: [0; FACES],
                choice: Some((mv.card, t as u8)),
            },
            None => Node {
                row: next,
                poison,
                deck: [0; FACES],
                choice: None,
            },
        };
        out.push((face, node));
    }
}

/// Every die deck there can be: each non-empty part of the die cards (an
/// emptied deck is shuffled again at once), or only `deck` when no card of
/// the level draws a die card.
fn level_decks(full: &Pips, deck: &Pips, random: bool) -> Vec<Pips> {
    if !random {
        return vec![*deck];
    }
    let mut decks = vec![[0u8; FACES]];
    for (f, &count) in full.iter().enumerate() {
        let mut more = Vec::with_capacity(decks.len() * (usize::from(count) + 1));
        for d in &decks {
            for c in 0..=count {
                let mut e = *d;
                e[f] = c;
                more.push(e);
            }
        }
        decks = more;
    }
    decks.retain(|d| d.iter().any(|&c| c > 0));
    // Smallest first: a die card leads to a smaller deck (but for the
    // shuffle of an emptied one), so a sweep of the value iteration in this
    // order meets the decks after a draw already updated.
    decks.sort_by_key(|d| d.iter().map(|&c| u32::from(c)).sum::<u32>());
    decks
}

/// Strongly connected components of the nodes `first..` of a graph given
/// as adjacency lists (`start`, `edges`; edges to nodes below `first` are
/// ignored): each node's component (indexed from `first`), numbered in
/// reverse topological order (a component after every one it reaches), and
/// how many. Iterative Tarjan.
fn strong_components(first: usize, start: &[u32], edges: &[(u32, u16)]) -> (Vec<u32>, usize) {
    const UNSEEN: u32 = u32::MAX;
    let n = start.len() - 1 - first;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut component = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    let mut found = 0u32;
    for root in 0..n {
        if order[root] != UNSEEN {
            continue;
        }
        let mut dfs: Vec<(u32, u32)> = vec![(root as u32, start[first + root])];
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        while let Some(&mut (v, ref mut e)) = dfs.last_mut() {
            let v = v as usize;
            if *e < start[first + v + 1] {
                let to = edges[*e as usize].0 as usize;
                *e += 1;
                if to < first {
                    continue;
                }
                let w = to - first;
                if order[w] == UNSEEN {
                    order[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    dfs.push((w as u32, start[first + w]));
                } else if component[w] == UNSEEN {
                    low[v] = low[v].min(order[w]);
                }
            } else {
                dfs.pop();
                if let Some(&(parent, _)) = dfs.last() {
                    let parent = parent as usize;
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == order[v] {
                    while let Some(w) = stack.pop() {
                        component[w as usize] = found;
                        if w as usize == v {
                            break;
                        }
                    }
                    found += 1;
                }
            }
        }
    }
    (component, found as usize)
}

impl Solver {
    /// The value of `node` (not over) and an action achieving it, by
    /// [`Solver::exact`]: the first action of the best value, or the level's
    /// plan for a position of a revival level.
    pub(super) fn exact_root(&mut self, node: &Node) -> Result<(f64, Option<Action>), Unsolved> {
        if in_a_level(node) {
            return self.level_solution(node);
        }
        let mut actions = Vec::new();
        expand(node, self.full, &mut self.moves, &mut actions);
        let mut best = (-1.0f64, 0);
        for (i, outcomes) in actions.iter().enumerate() {
            let mut v = 0.0;
            for (next, p) in outcomes {
                v += p * self.exact(next, 1)?;
            }
            if v > best.0 + EPSILON {
                best = (v, i);
            }
        }
        Ok((best.0.clamp(0.0, 1.0), action_at(node, best.1)))
    }

    /// The value of the level position `node` and the move that keeps it
    /// (on towards the row of its class whose planned move may leave or
    /// draws a die card, so that following the moves never goes round a
    /// cycle for ever), extending its level first if need be.
    fn level_solution(&mut self, node: &Node) -> Result<(f64, Option<Action>), Unsolved> {
        let slot = self.level_slot(node)?;
        let cards = card_sets(&node.row).0;
        let Some(level) = self.levels.get(&cards) else {
            return Err(Unsolved);
        };
        let value = level.value[slot];
        let (owner, mv) = level.plan[slot];
        if owner == u32::MAX {
            return Ok((value, action_at(node, 0)));
        }
        // The level holds the row in one orientation: its moves are found
        // there, and turned back.
        let Some(here) = level.row(&node.row) else {
            return Err(Unsolved);
        };
        let held = Node {
            row: level.rows[here as usize],
            ..*node
        };
        let turned = held.row != node.row;
        let action = |k: u16| {
            action_at(&held, usize::from(k)).map(|a| if turned { mirrored_action(a) } else { a })
        };
        if owner == here {
            return Ok((value, action(mv)));
        }
        // The first free move of a shortest path to the owner within the
        // class.
        let class = level.class[here as usize];
        let mut parent: Map<u32, (u32, u16)> = Map::default();
        let mut queue = std::collections::VecDeque::from([here]);
        parent.insert(here, (u32::MAX, 0));
        while let Some(r) = queue.pop_front() {
            if r == owner {
                break;
            }
            let r = r as usize;
            let range = level.free_start[r] as usize..level.free_start[r + 1] as usize;
            for &(to, m) in &level.free[range] {
                if level.class[to as usize] == class && !parent.contains_key(&to) {
                    parent.insert(to, (r as u32, m));
                    queue.push_back(to);
                }
            }
        }
        let mut at = owner;
        let mut first = mv;
        while let Some(&(from, m)) = parent.get(&at) {
            if from == u32::MAX {
                break;
            }
            first = m;
            at = from;
        }
        Ok((value, action(first)))
    }

    /// Where the value of the level position `node` is in its level
    /// (`levels[living cards].value`), extending the level first if need be.
    pub(super) fn level_slot(&mut self, node: &Node) -> Result<usize, Unsolved> {
        let cards = card_sets(&node.row).0;
        let held = self
            .levels
            .get(&cards)
            .is_some_and(|level| level.row(&node.row).is_some());
        if !held {
            let mut level = match self.levels.remove(&cards) {
                Some(level) => level,
                None => Level::new(cards, self.full, &node.deck),
            };
            // On failure the level is dropped (the values below stay known).
            if let Err(cut) = self.extend_level(&mut level, node.row) {
                self.level_cut |= self.left == 0;
                return Err(cut);
            }
            self.levels.insert(cards, level);
        }
        self.levels
            .get(&cards)
            .and_then(|level| level.slot(&node.row, &node.deck))
            .ok_or(Unsolved)
    }

    /// Adds to `level` the rows reached from `entry` that it does not hold
    /// yet, and solves their classes (see [`Level`]).
    fn extend_level(&mut self, level: &mut Level, entry: Row) -> Result<(), Unsolved> {
        let full = self.full;
        let n = entry.len();
        let in_level =
            |next: &Node| next.choice.is_none() && !next.poison && level_row(&next.row, n);
        let entry = canonical(&entry);
        let first = level.rows.len();
        level.index.insert(entry, first as u32);
        level.rows.push(entry);
        // The new rows, their free moves (no die card) that stay, and the
        // outcome of every move with every die face, as a code: a row of
        // the level, an exit (`EXIT_BIT` and its index in `exit_nodes`), or
        // `NO_FACE`; one code for a move that draws no die card, one per
        // face for one that does. Rows are kept in one orientation of the
        // two mirror images (the smaller), which have the same values.
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        let mut codes: Vec<u32> = Vec::new();
        let mut code_start = vec![0usize];
        let mut exit_index: Map<Key, u32> = Map::default();
        let mut exit_nodes: Vec<Node> = Vec::new();
        let mut i = first;
        while i < level.rows.len() {
            if level.rows.len() > LEVEL_LIMIT || !self.spend() {
                return Err(Unsolved);
            }
            let row = level.rows[i];
            legal_moves(&row, &mut moves);
            for (m, &mv) in moves.iter().enumerate() {
                level_outcomes(&row, mv, &full, &mut outcomes);
                let random = matches!(mv.target, Target::Random(_));
                let at = codes.len();
                codes.extend(std::iter::repeat_n(NO_FACE, if random { FACES } else { 1 }));
                for &(f, next) in &outcomes {
                    let code = if in_level(&next) {
                        let canonical = canonical(&next.row);
                        let rows = &mut level.rows;
                        let id = *level.index.entry(canonical).or_insert_with(|| {
                            rows.push(canonical);
                            (rows.len() - 1) as u32
                        });
                        if !random {
                            level.free.push((id, m as u16));
                        }
                        id
                    } else {
                        let bare = Node {
                            deck: [0; FACES],
                            ..next
                        };
                        EXIT_BIT
                            | *exit_index.entry(key(&bare)).or_insert_with(|| {
                                exit_nodes.push(bare);
                                (exit_nodes.len() - 1) as u32
                            })
                    };
                    codes[at + if random { f } else { 0 }] = code;
                }
            }
            code_start.push(codes.len());
            level.free_start.push(level.free.len() as u32);
            i += 1;
        }
        drop(exit_index);
        let (local, new_classes) = strong_components(first, &level.free_start, &level.free);
        if (level.classes + new_classes) * level.decks.len() > LEVEL_SLOTS {
            return Err(Unsolved);
        }
        let old = level.classes as u32;
        level.class.extend(local.iter().map(|&c| old + c));
        level.classes += new_classes;
        let nd = level.decks.len();
        let slots = level.classes * nd;
        level.value.resize(slots, 0.0);
        // The options of each new class: leaving without a die card (the
        // best value per deck, `leaving[d * new_classes + c]`), moving to
        // another class without one, drawing (`chance`, the best value that
        // leaves per option and deck in `option_exits[o * nd + d]`). Which
        // row and move has each best is found again for the plan only,
        // where it is chosen: keeping it for every deck would take more
        // memory than the values.
        let mut leaving = vec![-1.0f64; new_classes * nd];
        let mut moving: Map<(u32, u32), (u32, u16)> = Map::default();
        let mut merged: Map<(u32, [u32; FACES]), usize> = Map::default();
        let mut chance: Vec<ChanceOption> = Vec::new();
        let mut option_exits: Vec<f64> = Vec::new();
        let mut exits = Exits {
            stored: Vec::new(),
            decks: level.decks.clone(),
            next: level.next.clone(),
            chances: level.chances.clone(),
            memo: Map::default(),
            memo_values: Vec::new(),
        };
        let mut exit_of: Vec<Option<Exit>> = vec![None; exit_nodes.len()];
        for r in first..level.rows.len() {
            let row = level.rows[r];
            let c = level.class[r];
            let cr = (c - old) as usize;
            legal_moves(&row, &mut moves);
            let mut at = code_start[r - first];
            for (m, &mv) in moves.iter().enumerate() {
                let owner = (r as u32, m as u16);
                let random = matches!(mv.target, Target::Random(_));
                let width = if random { FACES } else { 1 };
                let code_at = at;
                at += width;
                // The class of each face's outcome, or `EXIT`, and the exits
                // valued.
                let mut faces = [NO_FACE; FACES];
                let mut out = [Exit::None; FACES];
                for (f, &code) in codes[code_at..code_at + width].iter().enumerate() {
                    if code == NO_FACE {
                        continue;
                    }
                    if code & EXIT_BIT == 0 {
                        faces[f] = level.class[code as usize];
                        continue;
                    }
                    let e = (code & !EXIT_BIT) as usize;
                    let exit = match exit_of[e] {
                        Some(exit) => exit,
                        None => {
                            let exit = self.exit(&mut exits, &exit_nodes[e])?;
                            exit_of[e] = Some(exit);
                            exit
                        }
                    };
                    faces[f] = EXIT;
                    out[f] = exit;
                }
                if !random {
                    if faces[0] == NO_FACE {
                        continue;
                    }
                    if faces[0] != EXIT {
                        if faces[0] != c {
                            moving.entry((c, faces[0])).or_insert(owner);
                        }
                        continue;
                    }
                    let values = exits.values(&self.levels, out[0]);
                    for d in 0..nd {
                        let v = values.at(d);
                        let best = &mut leaving[d * new_classes + cr];
                        if v > *best + EPSILON || *best < 0.0 {
                            *best = v;
                        }
                    }
                    continue;
                }
                let o = *merged.entry((c, faces)).or_insert_with(|| {
                    chance.push(ChanceOption {
                        class: c,
                        faces,
                        owners: Vec::new(),
                    });
                    option_exits.extend(std::iter::repeat_n(-1.0, nd));
                    chance.len() - 1
                });
                chance[o].owners.push((r as u32, m as u16, code_at as u32));
                let values: [ExitValues; FACES] =
                    std::array::from_fn(|f| exits.values(&self.levels, out[f]));
                for (d, best) in option_exits[o * nd..(o + 1) * nd].iter_mut().enumerate() {
                    let mut part = 0.0;
                    for (f, p, e) in level.draws(d) {
                        if faces[f] == EXIT {
                            part += p * values[f].at(e);
                        }
                    }
                    if part > *best + EPSILON || *best < 0.0 {
                        *best = part;
                    }
                }
            }
        }
        drop(merged);
        let mut moving: Vec<(u32, u32, (u32, u16))> =
            moving.into_iter().map(|((c, to), o)| (c, to, o)).collect();
        moving.sort_unstable_by_key(|&(c, to, _)| (c, to));
        // The chance options by class, their exits deck by deck.
        let mut order: Vec<usize> = (0..chance.len()).collect();
        order.sort_by_key(|&o| chance[o].class);
        let options = chance.len();
        let mut sorted_exits = vec![0.0; options * nd];
        for d in 0..nd {
            for (i, &o) in order.iter().enumerate() {
                sorted_exits[d * options + i] = option_exits[o * nd + d];
            }
        }
        drop(option_exits);
        let chance: Vec<ChanceOption> = order
            .iter()
            .map(|&o| ChanceOption {
                class: chance[o].class,
                faces: chance[o].faces,
                owners: std::mem::take(&mut chance[o].owners),
            })
            .collect();
        drop(order);
        let group = |keys: &mut dyn Iterator<Item = u32>| {
            let mut start = vec![0u32; new_classes + 1];
            for c in keys {
                start[(c - old) as usize + 1] += 1;
            }
            for c in 0..new_classes {
                start[c + 1] += start[c];
            }
            start
        };
        let moving_start = group(&mut moving.iter().map(|m| m.0));
        let chance_start = group(&mut chance.iter().map(|o| o.class));
        // Value iteration from 0 until a sweep changes nothing, with the
        // epoch shortcut now and then (see [`LevelSystem`]).
        let mut system = LevelSystem {
            old,
            classes: new_classes,
            decks: nd,
            full: level.deck(&full).filter(|_| nd > 1),
            sizes: level
                .decks
                .iter()
                .map(|d| d.iter().map(|&c| u32::from(c)).sum())
                .collect(),
            chances: &level.chances,
            next: &level.next,
            old_values: &level.value,
            moving: &moving,
            moving_start: &moving_start,
            chance: &chance,
            chance_start: &chance_start,
            exits: sorted_exits,
            leaving,
            work: vec![0.0; nd * new_classes],
        };
        let mut choice = vec![NO_CHOICE; nd * new_classes];
        for sweep in 0..LEVEL_SWEEPS {
            let shortcut =
                system.full.is_some() && sweep >= SHORTCUT_FIRST && sweep % SHORTCUT_EVERY == 0;
            if !system.sweep(shortcut.then_some(&mut choice[..])) {
                break;
            }
            if shortcut {
                system.shortcut(&choice);
            }
        }
        drop(choice);
        let LevelSystem {
            work,
            exits: option_exits,
            leaving,
            ..
        } = system;
        for c in 0..new_classes {
            for d in 0..nd {
                level.value[(old as usize + c) * nd + d] = work[d * new_classes + c];
            }
        }
        drop(work);
        level.plan.resize(slots, (u32::MAX, 0));
        // The plan: among the options that keep the value, one that may
        // leave the level, else one that may get closer to such a one (by
        // rounds), so that following the plan leaves the level. First the
        // option chosen for each new class and deck (`chosen[c * nd + d]`:
        // [`LEAVE_CHOICE`], an index into `moving`, or [`CHANCE_CHOICE`]
        // plus an option's), then the row and move that has it.
        let first_slot = old as usize * nd;
        // How many planned moves at most until one that may leave the level
        // (`u32::MAX`: not known yet), for the new classes; an old class
        // counts as 0 (its plan leaves, and it cannot come back).
        let mut rank = vec![u32::MAX; new_classes * nd];
        let mut chosen = vec![NO_CHOICE; new_classes * nd];
        let keeps = |q: f64, v: f64| q >= v - EPSILON;
        let option_value = |o: usize, d: usize| {
            let (chances, next) = (&level.chances[d], &level.next[d]);
            let mut q = option_exits[d * options + o];
            for f in 0..FACES {
                let to = chance[o].faces[f];
                if to < EXIT && chances[f] > 0.0 {
                    q += chances[f] * level.value[to as usize * nd + usize::from(next[f])];
                }
            }
            q
        };
        for round in 0u32.. {
            let mut changed = false;
            for c in 0..new_classes {
                for d in 0..nd {
                    let at = c * nd + d;
                    if rank[at] != u32::MAX {
                        continue;
                    }
                    let v = level.value[first_slot + at];
                    let closer =
                        |to: usize| round > 0 && (to < first_slot || rank[to - first_slot] < round);
                    let mut pick = NO_CHOICE;
                    let left = leaving[d * new_classes + c];
                    if round == 0 && left >= 0.0 && keeps(left, v) {
                        pick = LEAVE_CHOICE;
                    }
                    let (from, until) = (moving_start[c] as usize, moving_start[c + 1] as usize);
                    for (m, &(_, to, _)) in moving[from..until].iter().enumerate() {
                        let to = to as usize * nd + d;
                        if pick == NO_CHOICE && closer(to) && keeps(level.value[to], v) {
                            pick = (from + m) as u32;
                        }
                    }
                    let (from, until) = (chance_start[c] as usize, chance_start[c + 1] as usize);
                    for (o, option) in chance[from..until].iter().enumerate() {
                        let o = from + o;
                        if pick != NO_CHOICE {
                            break;
                        }
                        let progress = level.draws(d).any(|(f, _, e)| match option.faces[f] {
                            NO_FACE => false,
                            EXIT => round == 0,
                            to => closer(to as usize * nd + e),
                        });
                        if progress && keeps(option_value(o, d), v) {
                            pick = CHANCE_CHOICE + o as u32;
                        }
                    }
                    if pick != NO_CHOICE {
                        chosen[at] = pick;
                        rank[at] = round;
                        changed = true;
                    }
                }
            }
            if !changed && round > 0 {
                break;
            }
        }
        drop(rank);
        // The rows of each new class, in order.
        let mut class_rows = vec![0u32; level.rows.len() - first];
        let class_start = group(&mut (first..level.rows.len()).map(|r| level.class[r]));
        let mut fill = class_start.clone();
        for r in first..level.rows.len() {
            let c = (level.class[r] - old) as usize;
            class_rows[fill[c] as usize] = r as u32;
            fill[c] += 1;
        }
        drop(fill);
        let mut best: Vec<(f64, (u32, u16))> = Vec::new();
        for c in 0..new_classes {
            let slots = c * nd..(c + 1) * nd;
            // Leaving: the first row and move of the best value, per deck
            // (the rule that chose the value above).
            if chosen[slots.clone()].contains(&LEAVE_CHOICE) {
                best.clear();
                best.resize(nd, (-1.0, (u32::MAX, 0)));
                for &r in &class_rows[class_start[c] as usize..class_start[c + 1] as usize] {
                    let r = r as usize;
                    legal_moves(&level.rows[r], &mut moves);
                    let mut at = code_start[r - first];
                    for (m, mv) in moves.iter().enumerate() {
                        let random = matches!(mv.target, Target::Random(_));
                        let code = codes[at];
                        at += if random { FACES } else { 1 };
                        if random || code == NO_FACE || code & EXIT_BIT == 0 {
                            continue;
                        }
                        let exit = exit_of[(code & !EXIT_BIT) as usize].unwrap_or(Exit::None);
                        let values = exits.values(&self.levels, exit);
                        for (d, b) in best.iter_mut().enumerate() {
                            let v = values.at(d);
                            if v > b.0 + EPSILON || b.0 < 0.0 {
                                *b = (v, (r as u32, m as u16));
                            }
                        }
                    }
                }
                for d in 0..nd {
                    if chosen[c * nd + d] == LEAVE_CHOICE {
                        level.plan[first_slot + c * nd + d] = best[d].1;
                    }
                }
            }
            // Drawing: likewise among the option's rows and moves.
            for d in 0..nd {
                let pick = chosen[c * nd + d];
                if pick == NO_CHOICE || pick == LEAVE_CHOICE {
                    continue;
                }
                if pick < CHANCE_CHOICE {
                    level.plan[first_slot + c * nd + d] = moving[pick as usize].2;
                    continue;
                }
                let option = &chance[(pick - CHANCE_CHOICE) as usize];
                let mut b = (-1.0f64, (u32::MAX, 0u16));
                for &(r, m, code_at) in &option.owners {
                    let mut part = 0.0;
                    for (f, p, e) in level.draws(d) {
                        if option.faces[f] != EXIT {
                            continue;
                        }
                        let code = codes[code_at as usize + f];
                        let exit = exit_of[(code & !EXIT_BIT) as usize].unwrap_or(Exit::None);
                        part += p * exits.values(&self.levels, exit).at(e);
                    }
                    if part > b.0 + EPSILON || b.0 < 0.0 {
                        b = (part, (r, m));
                    }
                }
                level.plan[first_slot + c * nd + d] = b.1;
            }
        }
        Ok(())
    }
}
