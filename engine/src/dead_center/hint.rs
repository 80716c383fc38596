//! Suggests a move for Dead Center.
//!
//! Method: determinized Monte-Carlo. The player sees the cabin, the face-up
//! and dead zombies, the drawn card and the number of cards left to draw; the
//! unseen cards are exactly the variant's deck minus every visible card. The
//! unseen number cards (and jokers) are the draw deck in an unknown order, and
//! the unseen face cards lie on the face-down spaces in an unknown order.
//!
//! [`suggest`] samples worlds consistent with what the player sees (shuffling
//! those unseen cards), plays every candidate action in each world followed by
//! a greedy rollout policy to the end of the game, and picks the candidate that
//! wins most often (ties: the most zombies killed on average). Every candidate
//! is played in the same sampled worlds (common random numbers), so that the
//! comparison between them is not drowned in the luck of the deal.
//!
//! The budget is spent in two rounds (successive halving): every candidate is
//! played out in the same few worlds, then the three best in more worlds.
//!
//! The rollout policy never looks at the sampled hidden cards either: it
//! reveals the face-down space with the best expected attack (averaged over the
//! set of face cards still face down, which the player knows), and plays each
//! drawn card on the pile where it most improves a one-ply evaluation: each
//! zombie whose two supports are strong enough to kill it ("ready") counts
//! one, the others a fraction by how many number cards would make them ready in
//! one play, and a kill (of the hardest zombie the pile can kill) counts a
//! little more than one. Making another zombie ready is worth about as much as
//! killing one now, since a ready zombie can still be killed later: tuned
//! this way the policy wins about 31% of Standard deals on its own, 18% when
//! it kills at once whenever it can. Following the hints (the search on top of
//! it) wins far more; see the tests.
//!
//! The rollouts run on a compact copy of the position ([`Sim`]): the card
//! and face codes the solver uses too (`compact`), pile tops only (the
//! cards below a top never matter again) and lookup tables built once from
//! the public rule functions [`can_place`](super::can_place) and [`attack`].

use super::compact::{card_of, deck_code, face_code, face_of, placing, Placing, DECK_CODES, FACES};
use super::{attack, spaces_next_to, Action, Phase, Space, State, ZombieView, PILES, SPACES};
use crate::cards::{shuffle, Card, JACK, KING, QUEEN};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::sync::OnceLock;

/// A suggested action, with the kill planned after it when it is a placement.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: Action,
    /// For a placement: the zombie space the plan kills next, if any.
    pub then_kill: Option<u8>,
    /// Estimated chance of winning after following the hint, 0.0–1.0: the
    /// share of sampled deals the rollout policy wins after it. Following
    /// every later hint does better, so this is a cautious estimate.
    pub win_chance: f32,
    /// Estimated number of zombies dead (of 12) at the end of the game, as
    /// cautious as `win_chance`.
    pub avg_kills: f32,
    /// Sampled worlds the suggested action was played out in.
    pub samples: u32,
    /// A short sentence saying why, for the player.
    pub reason: String,
}

/// The work [`suggest`] does for one hint, in simulated turns (a rollout from
/// a position with `n` cards left to draw costs about `n + 1`). Natively, in a
/// release build, a turn takes 0.25–0.45 µs: a hint takes about 5 ms on
/// average and 17 ms at most (the first turns); in wasm about 1.5 times that.
pub const BUDGET: usize = 36_000;

/// Sampled worlds for the final estimate: never more (it is precise enough).
const MAX_WORLDS: usize = 800;
/// Candidates kept for the second round.
const FINALISTS: usize = 3;

/// The best action found for the player in `state`, or `None` when the game is over.
pub fn suggest(state: &State, seed: u64) -> Option<Hint> {
    suggest_with(state, seed, BUDGET)
}

/// [`suggest`] with another budget of simulated turns (see [`BUDGET`]);
/// smaller is faster and weaker. The same state, seed and budget always give
/// the same hint.
///
/// Every candidate is first played out in the same few sampled worlds; the
/// best [`FINALISTS`] are then played out in more worlds, and the best of
/// them over all its worlds is the hint.
pub fn suggest_with(state: &State, seed: u64, budget: usize) -> Option<Hint> {
    let tables = tables();
    let root = Root::of(state)?;
    let candidates = root.candidates(state, tables);
    if candidates.is_empty() {
        return None;
    }
    let rollouts = budget / (state.deck_len() + 1);
    let k = candidates.len();
    let (first, second) = if k <= FINALISTS {
        ((rollouts / k).clamp(1, MAX_WORLDS), 0)
    } else {
        let first = (rollouts / (2 * k)).clamp(1, MAX_WORLDS);
        let rest = rollouts.saturating_sub(first * k) / FINALISTS;
        (first, rest.min(MAX_WORLDS - first))
    };
    let mut rng = Pcg32::seed_from_u64(seed);
    let worlds: Vec<Sim> = (0..first + second).map(|_| root.sample(&mut rng)).collect();
    let (early, late) = worlds.split_at(first);

    let mut tallies: Vec<(usize, Tally)> = candidates
        .iter()
        .enumerate()
        .map(|(i, &m)| (i, root.tally(m, early, tables)))
        .collect();
    if !late.is_empty() {
        // Stable: among equals, the earlier candidate stays first.
        tallies.sort_by_key(|(_, t)| std::cmp::Reverse(t.cmp_key()));
        tallies.truncate(FINALISTS);
        for (i, tally) in &mut tallies {
            tally.add(root.tally(candidates[*i], late, tables));
        }
    }
    let mut best = tallies[0];
    for &(i, tally) in &tallies[1..] {
        if tally.beats(&best.1) {
            best = (i, tally);
        }
    }
    let (i, tally) = best;
    let candidate = candidates[i];
    let n = tally.worlds as f32;
    let win_chance = tally.wins as f32 / n;
    Some(Hint {
        action: candidate.action(),
        then_kill: match candidate {
            Move::Place(_, kill) => kill.map(|k| k as u8),
            _ => None,
        },
        win_chance,
        avg_kills: tally.dead as f32 / n,
        samples: tally.worlds,
        reason: reason(state, candidate, win_chance),
    })
}

/// Totals over the sampled worlds: wins, zombies dead at the end, and the
/// score of the wins (cards left to draw), the last tie-break.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    worlds: u32,
    wins: u32,
    dead: u32,
    score: u32,
}

impl Tally {
    /// Comparable between tallies over the same worlds.
    fn cmp_key(&self) -> (u32, u32, u32) {
        (self.wins, self.dead, self.score)
    }

    fn beats(&self, other: &Tally) -> bool {
        self.cmp_key() > other.cmp_key()
    }

    fn add(&mut self, other: Tally) {
        self.worlds += other.worlds;
        self.wins += other.wins;
        self.dead += other.dead;
        self.score += other.score;
    }
}

/// A candidate action at the root, with its planned kill.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Reveal(usize),
    Draw,
    /// Play the drawn card on a pile, then kill this zombie (if any).
    Place(usize, Option<usize>),
    Kill(usize),
    EndTurn,
}

impl Move {
    fn action(self) -> Action {
        match self {
            Move::Reveal(s) => Action::Reveal(s as u8),
            Move::Draw => Action::Draw,
            Move::Place(p, _) => Action::Place(p as u8),
            Move::Kill(s) => Action::Kill(s as u8),
            Move::EndTurn => Action::EndTurn,
        }
    }
}

/// What the player knows at the root: the visible position and the cards
/// that are somewhere unseen.
struct Root {
    /// The position with the deck empty and the face-down spaces unfilled.
    base: Sim,
    phase: Phase,
    /// Unseen number cards and jokers (the draw deck, order unknown), in the
    /// deck's canonical order so that nothing of the real order leaks.
    unseen_numbers: Vec<u8>,
    /// Unseen face cards (face down, places unknown), canonical order.
    unseen_faces: Vec<u8>,
    /// The face-down spaces.
    hidden_spaces: Vec<usize>,
}

impl Root {
    /// Reads only what the player sees. `None` when the game is over.
    fn of(state: &State) -> Option<Root> {
        let phase = state.phase();
        if matches!(phase, Phase::Won | Phase::Lost(_)) {
            return None;
        }
        let mut seen: Vec<Card> = (0..PILES).flat_map(|p| state.pile(p).to_vec()).collect();
        seen.extend(state.drawn());
        let mut base = Sim {
            tops: std::array::from_fn(|p| deck_code(state.top(p))),
            face: [0; SPACES],
            status: [DEAD; SPACES],
            down_faces: 0,
            down: 0,
            alive: 0,
            deck: [0; DECK_MAX],
            deck_len: 0,
        };
        let mut hidden_spaces = Vec::new();
        for s in 0..SPACES {
            match state.zombie(s) {
                ZombieView::Hidden => {
                    hidden_spaces.push(s);
                    base.status[s] = DOWN;
                    base.down += 1;
                    base.alive += 1;
                }
                ZombieView::Alive(c) => {
                    seen.push(c);
                    base.face[s] = face_code(c);
                    base.status[s] = UP;
                    base.alive += 1;
                }
                ZombieView::Dead(c) => {
                    seen.push(c);
                    base.face[s] = face_code(c);
                }
            }
        }
        let (unseen_faces, unseen_numbers): (Vec<Card>, Vec<Card>) =
            Card::deck(state.variant().jokers())
                .into_iter()
                .filter(|c| !seen.contains(c))
                .partition(|c| c.is_face());
        let unseen_faces: Vec<u8> = unseen_faces.into_iter().map(face_code).collect();
        let mut unseen_numbers: Vec<u8> = unseen_numbers.into_iter().map(deck_code).collect();
        // A consistent state has exactly `deck_len` unseen number cards and one
        // unseen face per face-down space; stay safe if it does not.
        unseen_numbers.truncate(state.deck_len().min(DECK_MAX));
        base.down_faces = unseen_faces.iter().fold(0, |m, &f| m | 1 << f);
        Some(Root {
            base,
            phase,
            unseen_numbers,
            unseen_faces,
            hidden_spaces,
        })
    }

    /// A world consistent with what the player sees.
    fn sample(&self, rng: &mut Pcg32) -> Sim {
        let mut sim = self.base.clone();
        let mut deck = self.unseen_numbers.clone();
        shuffle(&mut deck, rng);
        sim.deck[..deck.len()].copy_from_slice(&deck);
        sim.deck_len = deck.len() as u8;
        let mut faces = self.unseen_faces.clone();
        shuffle(&mut faces, rng);
        for (&s, &f) in self.hidden_spaces.iter().zip(&faces) {
            sim.face[s] = f;
        }
        sim
    }

    /// The actions worth comparing: moves of the game only (never `Undo`,
    /// nor `Hint`, which changes nothing on the table). Killing is never
    /// worse than not killing (a dead zombie changes nothing else), so a
    /// placement next to a zombie it can kill is only paired with kills, and
    /// `EndTurn` is only suggested when nothing can be killed.
    fn candidates(&self, state: &State, t: &Tables) -> Vec<Move> {
        match self.phase {
            Phase::Reveal => self
                .hidden_spaces
                .iter()
                .map(|&s| Move::Reveal(s))
                .collect(),
            Phase::Draw => vec![Move::Draw],
            Phase::Place { drawn } => {
                let c = deck_code(drawn);
                let mut moves = Vec::new();
                for p in 0..PILES {
                    if !t.fits(c, self.base.tops[p]) {
                        continue;
                    }
                    let kills: Vec<usize> = t.adjacent[p]
                        .items()
                        .iter()
                        .copied()
                        .filter(|&s| self.base.killable(s, t))
                        .collect();
                    if kills.is_empty() {
                        moves.push(Move::Place(p, None));
                    }
                    moves.extend(kills.into_iter().map(|s| Move::Place(p, Some(s))));
                }
                moves
            }
            Phase::Attack { .. } => {
                let kills: Vec<Move> = state.killable().into_iter().map(Move::Kill).collect();
                if kills.is_empty() {
                    vec![Move::EndTurn]
                } else {
                    kills
                }
            }
            Phase::Won | Phase::Lost(_) => Vec::new(),
        }
    }

    /// Plays `candidate` in each of `worlds`.
    fn tally(&self, candidate: Move, worlds: &[Sim], t: &Tables) -> Tally {
        let mut tally = Tally::default();
        for world in worlds {
            let end = self.play_out(world.clone(), candidate, t);
            tally.worlds += 1;
            tally.wins += u32::from(end.won);
            tally.dead += u32::from(end.dead);
            tally.score += u32::from(end.score);
        }
        tally
    }

    /// Plays `candidate` in `world`, then the rollout policy to the end.
    fn play_out(&self, mut world: Sim, candidate: Move, t: &Tables) -> End {
        let alive = match candidate {
            Move::Reveal(s) => {
                world.reveal(s);
                world.draw_and_play(t) && world.finish(t)
            }
            Move::Draw => world.draw_and_play(t) && world.finish(t),
            Move::Place(p, kill) => {
                if let Phase::Place { drawn } = self.phase {
                    world.tops[p] = deck_code(drawn);
                }
                if let Some(s) = kill {
                    world.kill(s);
                }
                world.finish(t)
            }
            Move::Kill(s) => {
                world.kill(s);
                world.finish(t)
            }
            Move::EndTurn => world.finish(t),
        };
        let won = alive && world.alive == 0;
        End {
            won,
            dead: SPACES as u8 - world.alive,
            score: if won { world.deck_len } else { 0 },
        }
    }
}

/// How a rollout ended.
struct End {
    won: bool,
    /// Zombies dead at the end.
    dead: u8,
    /// Cards left to draw after a win.
    score: u8,
}

/// A sentence about the suggested action.
fn reason(state: &State, m: Move, win_chance: f32) -> String {
    // Whole percent as an integer: float formatting would add ~10 KB of wasm.
    let percent = (win_chance * 100.0 + 0.5) as u32;
    let odds = format!("about {percent}% of sampled deals are won");
    match m {
        Move::Reveal(s) => {
            let [a, b] = state.supports(s);
            format!(
                "Reveal the zombie {}: its support cards are {a} and {b}; {odds}.",
                Space::of(s).describe()
            )
        }
        Move::Draw => format!("Draw the next card; {odds}."),
        Move::Place(p, kill) => {
            let Some(drawn) = state.drawn() else {
                return format!("Play on {}; {odds}.", pile_name(p));
            };
            let then = match kill.map(|s| (s, state.zombie(s))) {
                Some((s, ZombieView::Alive(z))) => {
                    format!(" and kill the {} {}", z.name(), Space::of(s).describe())
                }
                _ => String::new(),
            };
            // The living zombies this placement makes ready to be killed.
            let readied: Vec<String> = (0..SPACES)
                .filter_map(|s| match state.zombie(s) {
                    ZombieView::Alive(z) if Some(s) != kill => Some((s, z)),
                    _ => None,
                })
                .filter(|&(s, z)| {
                    let piles = Space::of(s).support_piles();
                    let after = piles.map(|q| if q == p { drawn } else { state.top(q) });
                    piles.contains(&p)
                        && attack(z, state.supports(s)).is_err()
                        && attack(z, after).is_ok()
                })
                .map(|(s, z)| format!("the {} {}", z.name(), Space::of(s).describe()))
                .collect();
            let setup = if readied.is_empty() {
                String::new()
            } else {
                format!(": it readies an attack on {}", readied.join(" and "))
            };
            format!("Play {drawn} on {}{then}{setup}; {odds}.", pile_name(p))
        }
        Move::Kill(s) => match state.zombie(s) {
            ZombieView::Alive(z) => {
                format!("Kill the {} {}; {odds}.", z.name(), Space::of(s).describe())
            }
            _ => format!("Kill the zombie {}; {odds}.", Space::of(s).describe()),
        },
        Move::EndTurn => format!("Nothing can be killed: end the turn; {odds}."),
    }
}

fn pile_name(p: usize) -> String {
    format!("the pile in row {}, column {}", p / 3 + 1, p % 3 + 1)
}

// ---------------------------------------------------------------------------
// Lookup tables.

/// The longest possible draw deck (40 number cards and 2 jokers, 9 dealt).
const DECK_MAX: usize = 40;

/// The rollout policy's evaluation of a position, in thousandths of a
/// zombie made ready.
#[derive(Clone, Copy, Debug)]
struct Weights {
    /// A zombie whose supports are strong enough to kill it.
    ready: i32,
    /// A kill.
    kill: i32,
    /// Times the share of number cards that would make a zombie ready in one play.
    one_away: i32,
    /// Per support card already of the suit or colour the zombie needs.
    matching: i32,
    /// A face-down zombie counts as this percentage of an average face.
    down_percent: i32,
    /// Extra for killing a Jack, a Queen, a King (the harder first).
    hardness: [i32; 3],
}

/// Tuned once by a sweep of the rollout policy alone over 40,000 sampled
/// Standard deals (800 deals, 50 samples each): 31.5% won, against 17.4%
/// with `kill: 3000` (kill whenever possible) and 29% to 31% for nearby
/// weights. `hint_strength` (an ignored test) checks the hints it makes.
const WEIGHTS: Weights = Weights {
    ready: 1000,
    kill: 1150,
    one_away: 1200,
    matching: 20,
    down_percent: 50,
    hardness: [50, 100, 150],
};

struct Tables {
    /// The placement rule.
    placing: Placing,
    /// `ready[f][a][b]`: supports `a` and `b` kill face `f`.
    ready: Vec<bool>,
    /// `value[f][a][b]`: how close supports `a` and `b` are to killing face `f`.
    value: Vec<i16>,
    /// `value_down[a][b]`: the average of `value` over the twelve faces.
    value_down: Vec<i16>,
    /// For each space: its two support piles.
    support: [[usize; 2]; SPACES],
    /// For each pile: the spaces it supports, each with its other support pile.
    supported_by: [Few<(usize, usize), 4>; PILES],
    /// For each pile: the spaces next to it.
    adjacent: [Few<usize, 2>; PILES],
    /// What killing each face gains over keeping it ready.
    kill_gain: [i32; FACES],
}

impl Tables {
    fn fits(&self, card: u8, top: u8) -> bool {
        self.placing.fits(card, top)
    }

    fn at(f: u8, a: u8, b: u8) -> usize {
        (f as usize * DECK_CODES + a as usize) * DECK_CODES + b as usize
    }

    fn build(w: &Weights) -> Tables {
        let placing = *placing();
        // `fits[top]`: bit `c` set when card `c` may be played on `top`.
        let fits = &placing.takes;
        let numbers: Vec<usize> = (0..DECK_CODES).filter(|&c| !card_of(c).is_face()).collect();
        let mut ready = vec![false; FACES * DECK_CODES * DECK_CODES];
        // `with[f][b]`: the cards `x` such that supports `x` and `b` kill `f`.
        let mut with = vec![0u64; FACES * DECK_CODES];
        for f in 0..FACES {
            for a in 0..DECK_CODES {
                for b in 0..DECK_CODES {
                    let ok = attack(face_of(f), [card_of(a), card_of(b)]).is_ok();
                    ready[Tables::at(f as u8, a as u8, b as u8)] = ok;
                    if ok {
                        with[f * DECK_CODES + b] |= 1 << a;
                    }
                }
            }
        }
        let number_mask = numbers.iter().fold(0u64, |m, &c| m | 1 << c);
        let mut value = vec![0; FACES * DECK_CODES * DECK_CODES];
        for f in 0..FACES {
            let zombie = face_of(f);
            let matching = |c: Card| -> i32 {
                let ok = c.is_joker()
                    || match zombie.rank() {
                        Some(KING) => c.suit() == zombie.suit(),
                        Some(QUEEN) => c.colour() == zombie.colour(),
                        _ => true,
                    };
                i32::from(ok)
            };
            for a in 0..DECK_CODES {
                for b in 0..DECK_CODES {
                    let i = Tables::at(f as u8, a as u8, b as u8);
                    value[i] = if ready[i] {
                        w.ready as i16
                    } else {
                        // Number cards that, played on one support, make it ready.
                        let one = (fits[a] & with[f * DECK_CODES + b])
                            | (fits[b] & with[f * DECK_CODES + a]);
                        let share = (one & number_mask).count_ones() as i32;
                        (w.one_away * share / numbers.len() as i32
                            + w.matching * (matching(card_of(a)) + matching(card_of(b))))
                            as i16
                    };
                }
            }
        }
        let value_down = (0..DECK_CODES * DECK_CODES)
            .map(|ab| {
                let sum: i32 = (0..FACES)
                    .map(|f| i32::from(value[f * DECK_CODES * DECK_CODES + ab]))
                    .sum();
                (sum * w.down_percent / 100 / FACES as i32) as i16
            })
            .collect();
        let support = std::array::from_fn(|s| Space::of(s).support_piles());
        let supported_by = std::array::from_fn(|p| {
            Few::of((0..SPACES).filter_map(|s| match support[s] {
                [x, y] if x == p => Some((s, y)),
                [x, y] if y == p => Some((s, x)),
                _ => None,
            }))
        });
        let adjacent = std::array::from_fn(|p| Few::of(spaces_next_to(p)));
        let kill_gain = std::array::from_fn(|f| {
            let rank = face_of(f).rank().unwrap_or(JACK);
            w.kill - w.ready + w.hardness[(rank - JACK) as usize]
        });
        Tables {
            placing,
            ready,
            value,
            value_down,
            support,
            supported_by,
            adjacent,
            kill_gain,
        }
    }
}

/// Up to `N` items without a heap allocation.
#[derive(Clone, Copy, Debug)]
struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    fn of(from: impl IntoIterator<Item = T>) -> Self {
        let mut few = Few {
            items: [T::default(); N],
            len: 0,
        };
        for item in from {
            few.items[few.len] = item;
            few.len += 1;
        }
        few
    }

    fn items(&self) -> &[T] {
        &self.items[..self.len]
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::build(&WEIGHTS))
}

// ---------------------------------------------------------------------------
// The rollout simulator.

const DOWN: u8 = 0;
const UP: u8 = 1;
const DEAD: u8 = 2;

/// A position for rollouts: pile tops, zombies, and the draw deck (top last).
#[derive(Clone, Debug)]
struct Sim {
    tops: [u8; PILES],
    /// Face index of the zombie on each space (meaningless while unfilled).
    face: [u8; SPACES],
    status: [u8; SPACES],
    /// The set of faces still face down (known to the player as a set).
    down_faces: u16,
    down: u8,
    alive: u8,
    deck: [u8; DECK_MAX],
    deck_len: u8,
}

impl Sim {
    fn killable(&self, s: usize, t: &Tables) -> bool {
        let [a, b] = t.support[s];
        self.status[s] == UP && t.ready[Tables::at(self.face[s], self.tops[a], self.tops[b])]
    }

    fn reveal(&mut self, s: usize) {
        self.status[s] = UP;
        self.down -= 1;
        self.down_faces &= !(1 << self.face[s]);
    }

    fn kill(&mut self, s: usize) {
        self.status[s] = DEAD;
        self.alive -= 1;
    }

    /// How promising space `s` is with supports `a` and `b`, as far as the
    /// player can tell (a face-down zombie counts as an average face).
    fn value(&self, s: usize, a: u8, b: u8, t: &Tables) -> i32 {
        match self.status[s] {
            UP => t.value[Tables::at(self.face[s], a, b)].into(),
            DOWN => t.value_down[a as usize * DECK_CODES + b as usize].into(),
            _ => 0,
        }
    }

    /// The rollout's reveal: the face-down space whose supports promise most,
    /// averaged over the faces still face down.
    fn choose_reveal(&self, t: &Tables) -> usize {
        let mut best = (i32::MIN, 0);
        for s in 0..SPACES {
            if self.status[s] != DOWN {
                continue;
            }
            let [a, b] = t.support[s];
            let (a, b) = (self.tops[a], self.tops[b]);
            let mut faces = self.down_faces;
            let mut total = 0;
            while faces != 0 {
                let f = faces.trailing_zeros() as u8;
                faces &= faces - 1;
                total += i32::from(t.value[Tables::at(f, a, b)]);
            }
            if total > best.0 {
                best = (total, s);
            }
        }
        best.1
    }

    /// The rollout's placement of card `c`: the pile (and kill) that scores
    /// best, or `None` when it fits no pile.
    fn choose_place(&self, c: u8, t: &Tables) -> Option<(usize, Option<usize>)> {
        let mut best: Option<(i32, usize, Option<usize>)> = None;
        for p in 0..PILES {
            let old = self.tops[p];
            if !t.fits(c, old) {
                continue;
            }
            let mut score = 0;
            for &(s, other) in t.supported_by[p].items() {
                if self.status[s] == DEAD {
                    continue;
                }
                let other = self.tops[other];
                score += self.value(s, c, other, t) - self.value(s, old, other, t);
            }
            let (gain, kill) = self.best_kill(p, t);
            score += gain;
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, p, kill));
            }
        }
        best.map(|(_, p, k)| (p, k))
    }

    /// The policy's kill after a card goes on pile `p` (the supports of
    /// the zombies next to a pile are other piles): the one whose death
    /// gains most, with that gain (0 and `None` when none can die).
    fn best_kill(&self, p: usize, t: &Tables) -> (i32, Option<usize>) {
        let mut best = (0, None);
        for &s in t.adjacent[p].items() {
            if self.killable(s, t) {
                let g = t.kill_gain[self.face[s] as usize];
                if g > best.0 {
                    best = (g, Some(s));
                }
            }
        }
        best
    }

    /// Draws and plays one card with the rollout policy; `false` when the
    /// game is lost (empty deck, or no pile for the card).
    fn draw_and_play(&mut self, t: &Tables) -> bool {
        self.draw_and_play_with(|sim, c| sim.choose_place(c, t))
    }

    /// Draws one card and plays it where `choose` says.
    fn draw_and_play_with(
        &mut self,
        choose: impl FnOnce(&Sim, u8) -> Option<(usize, Option<usize>)>,
    ) -> bool {
        if self.deck_len == 0 {
            return false;
        }
        self.deck_len -= 1;
        let c = self.deck[self.deck_len as usize];
        let Some((p, kill)) = choose(self, c) else {
            return false;
        };
        self.tops[p] = c;
        if let Some(s) = kill {
            self.kill(s);
        }
        true
    }

    /// Plays whole turns with the rollout policy until the game ends; `true`
    /// when it is won.
    fn finish(&mut self, t: &Tables) -> bool {
        loop {
            if self.alive == 0 {
                return true;
            }
            if self.down > 0 {
                let s = self.choose_reveal(t);
                self.reveal(s);
            }
            if !self.draw_and_play(t) {
                return false;
            }
        }
    }

    /// [`Sim::finish`] by a fallible player: each reveal and each placement
    /// is, with probability `slip` in 1,000, a uniformly random legal one
    /// instead of the policy's (a random placement still makes the
    /// policy's kill there, since killing is never worse).
    fn finish_slipping(&mut self, t: &Tables, slip: u32, rng: &mut Pcg32) -> bool {
        let slips = |rng: &mut Pcg32| rng.next_u32() % 1000 < slip;
        loop {
            if self.alive == 0 {
                return true;
            }
            if self.down > 0 {
                let s = if slips(rng) {
                    let k = rng.next_u32() as usize % usize::from(self.down);
                    (0..SPACES)
                        .filter(|&s| self.status[s] == DOWN)
                        .nth(k)
                        .unwrap_or_default()
                } else {
                    self.choose_reveal(t)
                };
                self.reveal(s);
            }
            let slipped = slips(rng);
            let played = self.draw_and_play_with(|sim, c| {
                if !slipped {
                    return sim.choose_place(c, t);
                }
                let fits = |p: &usize| t.fits(c, sim.tops[*p]);
                let n = (0..PILES).filter(fits).count();
                let p = (0..PILES)
                    .filter(fits)
                    .nth(rng.next_u32() as usize % n.max(1))?;
                Some((p, sim.best_kill(p, t).1))
            });
            if !played {
                return false;
            }
        }
    }
}

/// A game on the real hidden cards of a position, for the rollout policy
/// to play again and again: how [`super::difficulty`] rates a deal. The
/// hints never use it (they never see those cards).
pub(crate) struct RealGame(Sim);

impl RealGame {
    /// `None` unless `state` is at the start of a turn (a reveal or a draw
    /// is due).
    pub(crate) fn of(state: &State) -> Option<RealGame> {
        if !matches!(state.phase(), Phase::Reveal | Phase::Draw) {
            return None;
        }
        let mut sim = Root::of(state)?.base;
        let deck = &state.deck[..state.deck.len().min(DECK_MAX)];
        for (slot, &card) in sim.deck.iter_mut().zip(deck) {
            *slot = deck_code(card);
        }
        sim.deck_len = deck.len() as u8;
        for (face, zombie) in sim.face.iter_mut().zip(&state.zombies) {
            if let super::Zombie::FaceDown(card) = *zombie {
                *face = face_code(card);
            }
        }
        Some(RealGame(sim))
    }

    /// Plays the game to its end with the rollout policy, slipping to a
    /// random reveal or placement with probability `slip` in 1,000 each
    /// time (see [`Sim::finish_slipping`]); whether it is won.
    pub(crate) fn play(&self, slip: u32, rng: &mut Pcg32) -> bool {
        self.0.clone().finish_slipping(tables(), slip, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::dead_center::{can_place, Variant, Zombie};
    use crate::game::Game;
    use rand::RngCore;
    use serde_json::json;

    const VARIANTS: [Variant; 3] = Variant::ALL;

    /// Random legal actions other than undo and asking for a hint.
    fn random_action(state: &State, rng: &mut Pcg32) -> Action {
        let mut actions = state.legal_actions();
        actions.retain(|&a| !matches!(a, Action::Undo | Action::Hint));
        actions[(rng.next_u32() as usize) % actions.len()]
    }

    /// Reads the hidden deck and face-down cards of `state` (tests only: the
    /// hint itself must never do this). Goes through the saved form.
    fn hidden(state: &State) -> (Vec<Card>, [Option<Card>; SPACES]) {
        let v = serde_json::to_value(state).unwrap();
        let deck: Vec<Card> = serde_json::from_value(v["deck"].clone()).unwrap();
        let zombies: Vec<Zombie> = serde_json::from_value(v["zombies"].clone()).unwrap();
        let faces = std::array::from_fn(|s| match zombies[s] {
            Zombie::FaceDown(c) => Some(c),
            _ => None,
        });
        (deck, faces)
    }

    /// The simulator's copy of `state` with its real hidden cards.
    fn true_world(state: &State) -> Sim {
        let (deck, faces) = hidden(state);
        let mut sim = Root::of(state).unwrap().base;
        for (slot, &card) in sim.deck.iter_mut().zip(&deck) {
            *slot = deck_code(card);
        }
        sim.deck_len = deck.len() as u8;
        for (s, face) in faces.iter().enumerate() {
            if let Some(card) = face {
                sim.face[s] = face_code(*card);
            }
        }
        sim
    }

    /// The same position with the draw deck reordered and the face-down
    /// zombies permuted: everything the player sees is unchanged.
    fn reshuffled(state: &State, rng: &mut Pcg32) -> State {
        let mut v = serde_json::to_value(state).unwrap();
        let (mut deck, faces) = hidden(state);
        shuffle(&mut deck, rng);
        let spaces: Vec<usize> = (0..SPACES).filter(|&s| faces[s].is_some()).collect();
        let mut cards: Vec<Card> = spaces.iter().filter_map(|&s| faces[s]).collect();
        shuffle(&mut cards, rng);
        v["deck"] = serde_json::to_value(&deck).unwrap();
        for (&s, &c) in spaces.iter().zip(&cards) {
            v["zombies"][s] = serde_json::to_value(Zombie::FaceDown(c)).unwrap();
        }
        // The deal's history no longer gives this table: drop it, as in a
        // save from before histories were kept.
        v.as_object_mut().unwrap().remove("history");
        let other: State = serde_json::from_value(v).unwrap();
        other.validate().unwrap();
        other
    }

    /// A hand-built position: pile tops, zombies, the phase, and how many
    /// cards are left to draw. Every other number card is buried under the
    /// centre pile, so the position holds one deck; it is only what the
    /// player sees that matters here, not whether play could reach it
    /// (`State::validate` would refuse the buried pile and the turn count).
    fn position(
        tops: [Card; PILES],
        zombies: [Zombie; SPACES],
        phase: Phase,
        deck_len: usize,
    ) -> State {
        let mut v = serde_json::to_value(State::new(Variant::Standard, 1)).unwrap();
        let mut used: Vec<Card> = tops.to_vec();
        used.extend(zombies.iter().map(|z| match *z {
            Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => c,
        }));
        if let Phase::Place { drawn } = phase {
            used.push(drawn);
        }
        let rest: Vec<Card> = Card::deck(2)
            .into_iter()
            .filter(|c| !c.is_face() && !used.contains(c))
            .collect();
        let (deck, buried) = rest.split_at(deck_len);
        let cabin: Vec<Vec<Card>> = (0..PILES)
            .map(|p| {
                let mut pile = if p == 4 { buried.to_vec() } else { Vec::new() };
                pile.push(tops[p]);
                pile
            })
            .collect();
        v["cabin"] = serde_json::to_value(cabin).unwrap();
        v["zombies"] = serde_json::to_value(zombies).unwrap();
        v["deck"] = serde_json::to_value(deck).unwrap();
        v["phase"] = serde_json::to_value(phase).unwrap();
        v["undoable"] = json!(null);
        let state: State = serde_json::from_value(v).unwrap();
        let mut cards = state.all_pieces();
        cards.sort();
        let mut deck = Card::deck(2);
        deck.sort();
        assert_eq!(cards, deck, "one deck");
        state
    }

    fn c(rank: u8, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};

    /// The zombies not named are dead, in a fixed arrangement.
    fn zombies_with(alive: &[(usize, Zombie)]) -> [Zombie; SPACES] {
        let mut faces: Vec<Card> = Card::deck(0).into_iter().filter(|c| c.is_face()).collect();
        faces.retain(|f| {
            !alive.iter().any(|(_, z)| match *z {
                Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => c == *f,
            })
        });
        let mut rest = faces.into_iter();
        std::array::from_fn(|s| match alive.iter().find(|(space, _)| *space == s) {
            Some(&(_, z)) => z,
            None => Zombie::Dead(rest.next().unwrap()),
        })
    }

    #[test]
    fn tables_follow_the_rules() {
        let t = tables();
        for a in Card::deck(2) {
            for b in Card::deck(2) {
                assert_eq!(t.fits(deck_code(a), deck_code(b)), can_place(a, b));
            }
        }
        let faces: Vec<Card> = Card::deck(2).into_iter().filter(|c| c.is_face()).collect();
        let numbers: Vec<Card> = Card::deck(2).into_iter().filter(|c| !c.is_face()).collect();
        for &zombie in &faces {
            for &a in &numbers {
                for &b in &numbers {
                    let at = Tables::at(face_code(zombie), deck_code(a), deck_code(b));
                    assert_eq!(t.ready[at], attack(zombie, [a, b]).is_ok());
                    if t.ready[at] {
                        assert_eq!(i32::from(t.value[at]), WEIGHTS.ready);
                    }
                }
            }
        }
        for s in 0..SPACES {
            assert_eq!(t.support[s], Space::of(s).support_piles());
        }
    }

    /// The rollout simulator, fed the real hidden cards, plays exactly the
    /// game the real rules play with the same choices.
    #[test]
    fn simulator_matches_the_rules() {
        let t = tables();
        let mut rng = Pcg32::seed_from_u64(7);
        for game in 0..60u64 {
            let variant = VARIANTS[game as usize % 3];
            let mut state = State::new(variant, game);
            let mut sim = true_world(&state);
            // Mix the policy's choices with random ones to cover more ground.
            loop {
                match state.phase() {
                    Phase::Won => {
                        assert_eq!(sim.alive, 0);
                        break;
                    }
                    Phase::Lost(_) => {
                        assert!(sim.alive > 0);
                        break;
                    }
                    Phase::Reveal => {
                        let s = if rng.next_u32() % 2 == 0 {
                            sim.choose_reveal(t)
                        } else {
                            let Action::Reveal(s) = random_action(&state, &mut rng) else {
                                unreachable!()
                            };
                            s as usize
                        };
                        sim.reveal(s);
                        state.apply(Action::Reveal(s as u8)).unwrap();
                    }
                    Phase::Draw => {
                        state.apply(Action::Draw).unwrap();
                    }
                    Phase::Place { drawn } => {
                        assert!(sim.deck_len > 0);
                        sim.deck_len -= 1;
                        assert_eq!(sim.deck[sim.deck_len as usize], deck_code(drawn));
                        let (p, kill) = sim.choose_place(deck_code(drawn), t).unwrap();
                        sim.tops[p] = deck_code(drawn);
                        state.apply(Action::Place(p as u8)).unwrap();
                        match kill {
                            Some(s) => {
                                state.apply(Action::Kill(s as u8)).unwrap();
                                sim.kill(s);
                            }
                            None => {
                                if matches!(state.phase(), Phase::Attack { .. }) {
                                    state.apply(Action::EndTurn).unwrap();
                                }
                            }
                        }
                    }
                    Phase::Attack { .. } => unreachable!("the policy ends its turns"),
                }
                for s in 0..SPACES {
                    let seen = match sim.status[s] {
                        DOWN => ZombieView::Hidden,
                        UP => ZombieView::Alive(face_of(sim.face[s] as usize)),
                        _ => ZombieView::Dead(face_of(sim.face[s] as usize)),
                    };
                    assert_eq!(state.zombie(s), seen);
                }
                for p in 0..PILES {
                    assert_eq!(deck_code(state.top(p)), sim.tops[p]);
                }
            }
            // Replay from the start with the policy only: the simulator's
            // verdict matches the real game's.
            let mut state = State::new(variant, game);
            let mut sim2 = true_world(&state);
            let sim_won = sim2.clone().finish(t);
            while !state.is_over() {
                let action = match state.phase() {
                    Phase::Reveal => {
                        let s = sim2.choose_reveal(t);
                        sim2.reveal(s);
                        Action::Reveal(s as u8)
                    }
                    Phase::Draw => Action::Draw,
                    Phase::Place { drawn } => {
                        sim2.deck_len -= 1;
                        let (p, kill) = sim2.choose_place(deck_code(drawn), t).unwrap();
                        sim2.tops[p] = deck_code(drawn);
                        if let Some(s) = kill {
                            sim2.kill(s);
                        }
                        Action::Place(p as u8)
                    }
                    Phase::Attack { .. } => {
                        let last_kill = (0..SPACES).find(|&s| {
                            sim2.status[s] == DEAD
                                && matches!(state.zombie(s), ZombieView::Alive(_))
                        });
                        last_kill.map_or(Action::EndTurn, |s| Action::Kill(s as u8))
                    }
                    _ => unreachable!(),
                };
                state.apply(action).unwrap();
            }
            assert_eq!(state.phase() == Phase::Won, sim_won, "game {game}");
        }
    }

    /// The real game the difficulty measure replays is the true world:
    /// without slips the policy wins it exactly when the simulator fed the
    /// real cards does, and slipping every time is another player.
    #[test]
    fn real_game_is_the_true_world() {
        let t = tables();
        let mut rng = Pcg32::seed_from_u64(17);
        let mut differs = 0;
        for game in 0..60u64 {
            let state = State::new(VARIANTS[game as usize % 3], 400 + game);
            let real = RealGame::of(&state).unwrap();
            let won = true_world(&state).finish(t);
            assert_eq!(real.play(0, &mut rng), won, "game {game}");
            differs += u32::from(real.play(1000, &mut rng) != won);
        }
        assert!(differs > 0);
        let mut placing = State::new(Variant::Standard, 1);
        placing.apply(Action::Reveal(0)).unwrap();
        assert!(RealGame::of(&placing).is_none());
    }

    #[test]
    fn no_hint_when_the_game_is_over() {
        let mut rng = Pcg32::seed_from_u64(3);
        let mut state = State::new(Variant::Nightmare, 3);
        while !state.is_over() {
            state.apply(random_action(&state, &mut rng)).unwrap();
        }
        assert_eq!(suggest_with(&state, 0, 10), None);
    }

    /// Asking for a hint is not a move of the game: the hint never suggests
    /// it, and a position after it gets the same hint as before.
    #[test]
    fn asking_for_a_hint_is_not_a_move() {
        let mut rng = Pcg32::seed_from_u64(13);
        for game in 0..6u64 {
            let mut state = State::new(VARIANTS[game as usize % 3], 300 + game);
            while !state.is_over() {
                let hint = suggest_with(&state, game, 1_000).expect("a hint while playing");
                assert_ne!(hint.action, Action::Hint);
                assert!(state.legal_actions().contains(&Action::Hint));
                let mut asked = state.clone();
                asked.apply(Action::Hint).unwrap();
                assert_eq!(suggest_with(&asked, game, 1_000), Some(hint));
                state.apply(random_action(&state, &mut rng)).unwrap();
            }
        }
    }

    /// Hints are legal in every phase of many random games.
    #[test]
    fn hints_are_always_legal() {
        let mut rng = Pcg32::seed_from_u64(11);
        let mut phases = [0usize; 4];
        for game in 0..24u64 {
            let mut state = State::new(VARIANTS[game as usize % 3], 100 + game);
            while !state.is_over() {
                let hint = suggest_with(&state, game, 1_500).expect("a hint while playing");
                let legal = state.legal_actions();
                assert!(legal.contains(&hint.action), "{hint:?} not in {legal:?}");
                assert!((0.0..=1.0).contains(&hint.win_chance));
                assert!((0.0..=12.0).contains(&hint.avg_kills));
                assert!(!hint.reason.is_empty());
                let i = match state.phase() {
                    Phase::Reveal => 0,
                    Phase::Draw => 1,
                    Phase::Place { .. } => 2,
                    _ => 3,
                };
                phases[i] += 1;
                if let Some(k) = hint.then_kill {
                    let Action::Place(p) = hint.action else {
                        panic!("a planned kill without a placement")
                    };
                    let mut after = state.clone();
                    after.apply(hint.action).unwrap();
                    assert_eq!(after.phase(), Phase::Attack { pile: p });
                    assert!(after.legal_actions().contains(&Action::Kill(k)));
                }
                // Follow the hint half the time, play randomly otherwise.
                let action = if rng.next_u32() % 2 == 0 {
                    hint.action
                } else {
                    random_action(&state, &mut rng)
                };
                state.apply(action).unwrap();
            }
        }
        assert!(
            phases.iter().all(|&n| n > 0),
            "every phase seen: {phases:?}"
        );
    }

    /// Two positions that look the same get the same hint, whatever the
    /// order of the deck and the places of the face-down zombies.
    #[test]
    fn hints_ignore_hidden_cards() {
        let mut rng = Pcg32::seed_from_u64(5);
        let mut checked = 0;
        for game in 0..12u64 {
            let mut state = State::new(VARIANTS[game as usize % 3], 200 + game);
            while !state.is_over() {
                if rng.next_u32() % 4 == 0 {
                    let other = reshuffled(&state, &mut rng);
                    if hidden(&other) != hidden(&state) {
                        let a = suggest_with(&state, game, 3_000);
                        let b = suggest_with(&other, game, 3_000);
                        assert_eq!(a, b);
                        checked += 1;
                    }
                }
                state.apply(random_action(&state, &mut rng)).unwrap();
            }
        }
        assert!(checked > 20);
    }

    #[test]
    fn kills_a_king_rather_than_a_jack() {
        // Pile 0 was just played. Above it, the King of spades with supports
        // 4♠ and 6♠ (piles 3, 6); left of it, the Jack of hearts with supports
        // 9♦ and 5♣ (piles 1, 2). Both can be killed. Four more zombies are
        // alive and ten cards are left: the Jack is much easier to make ready
        // again than the King (in 4,000 sampled worlds the rollouts win 80%
        // after killing the King, 64% after killing the Jack).
        let tops = [
            c(3, H),
            c(9, D),
            c(5, C),
            c(4, S),
            c(2, D),
            c(7, C),
            c(6, S),
            c(8, H),
            c(1, C),
        ];
        let zombies = zombies_with(&[
            (0, Zombie::FaceUp(c(KING, S))),
            (6, Zombie::FaceUp(c(JACK, H))),
            (4, Zombie::FaceUp(c(QUEEN, D))),
            (11, Zombie::FaceUp(c(KING, C))),
            (3, Zombie::FaceUp(c(QUEEN, C))),
            (8, Zombie::FaceUp(c(JACK, D))),
        ]);
        let state = position(tops, zombies, Phase::Attack { pile: 0 }, 10);
        assert_eq!(state.killable(), vec![0, 6]);
        for seed in 0..4 {
            let hint = suggest(&state, seed).unwrap();
            assert_eq!(hint.action, Action::Kill(0), "{hint:?}");
            assert!(hint.win_chance > 0.6 && hint.win_chance < 0.95, "{hint:?}");
        }
    }

    #[test]
    fn kills_a_lone_king() {
        // Only the King of spades can be killed: the hint kills it rather
        // than ending the turn.
        let tops = [
            c(3, H),
            c(4, D),
            c(1, C),
            c(4, S),
            c(2, D),
            c(7, C),
            c(6, S),
            c(8, H),
            c(5, C),
        ];
        let zombies = zombies_with(&[
            (0, Zombie::FaceUp(c(KING, S))),
            (6, Zombie::FaceUp(c(JACK, H))),
            (5, Zombie::FaceDown(c(QUEEN, D))),
        ]);
        let state = position(tops, zombies, Phase::Attack { pile: 0 }, 10);
        assert_eq!(state.killable(), vec![0]);
        let hint = suggest(&state, 0).unwrap();
        assert_eq!(hint.action, Action::Kill(0), "{hint:?}");
        assert_eq!(hint.then_kill, None);
    }

    #[test]
    fn places_where_the_last_zombie_dies() {
        // One zombie left: the Queen of clubs below column 3 (pile 8), with
        // supports 6♠ and 5♣ (piles 2, 5). The drawn 7♥ fits piles 8 (on
        // 4♠), 0 and 4, but only pile 8 kills.
        let tops = [
            c(2, C),
            c(9, H),
            c(6, S),
            c(10, D),
            c(3, D),
            c(5, C),
            c(8, D),
            c(9, C),
            c(4, S),
        ];
        let zombies = zombies_with(&[(5, Zombie::FaceUp(c(QUEEN, C)))]);
        let drawn = c(7, H);
        let state = position(tops, zombies, Phase::Place { drawn }, 5);
        assert!(state.legal_piles().len() > 1);
        let hint = suggest(&state, 9).unwrap();
        assert_eq!(hint.action, Action::Place(8));
        assert_eq!(hint.then_kill, Some(5));
        assert_eq!(hint.win_chance, 1.0);
    }

    #[test]
    fn places_where_a_kill_is_made() {
        // Three zombies left. The drawn 4♠ fits piles 0, 2, 5, 6 and 7, but
        // only pile 2 kills (the King of hearts right of row 1, with 3♥ and
        // 7♥); pile 0 would even bury the 3♥ it needs.
        let tops = [
            c(3, H),
            c(7, H),
            c(5, C),
            c(6, D),
            c(2, S),
            c(1, D),
            c(9, S),
            c(4, C),
            c(10, D),
        ];
        let zombies = zombies_with(&[
            (9, Zombie::FaceUp(c(KING, H))),
            (3, Zombie::FaceUp(c(JACK, S))),
            (5, Zombie::FaceUp(c(QUEEN, S))),
        ]);
        let drawn = c(4, S);
        let state = position(tops, zombies, Phase::Place { drawn }, 10);
        assert!(state.legal_piles().contains(&2) && state.legal_piles().len() > 1);
        let hint = suggest(&state, 4).unwrap();
        assert_eq!(hint.action, Action::Place(2), "{hint:?}");
        assert_eq!(hint.then_kill, Some(9));
        assert!(
            hint.reason
                .contains("kill the King of hearts right of row 1"),
            "{hint:?}"
        );
    }

    /// The rollout policy alone (no search) beats random play clearly.
    #[test]
    fn rollout_policy_beats_random_play() {
        let t = tables();
        let games = 300u64;
        let mut policy_wins = 0;
        let mut random_wins = 0;
        let mut rng = Pcg32::seed_from_u64(1);
        for game in 0..games {
            let mut state = State::new(Variant::Standard, game);
            while !state.is_over() {
                state.apply(random_action(&state, &mut rng)).unwrap();
            }
            random_wins += u32::from(state.phase() == Phase::Won);
            let state = State::new(Variant::Standard, game);
            policy_wins += u32::from(true_world(&state).finish(t));
        }
        println!("rollout policy {policy_wins}/{games}, random {random_wins}/{games}");
        assert!(
            policy_wins >= random_wins + 15,
            "{policy_wins} vs {random_wins}"
        );
    }

    /// Plays `games` Standard games following the hints, and the same deals
    /// with random play; returns the wins of each.
    fn hint_play_vs_random(games: u64, budget: usize) -> (u32, u32) {
        let mut hint_wins = 0;
        let mut random_wins = 0;
        let mut rng = Pcg32::seed_from_u64(2);
        for game in 0..games {
            let mut state = State::new(Variant::Standard, 1_000 + game);
            while !state.is_over() {
                state.apply(random_action(&state, &mut rng)).unwrap();
            }
            random_wins += u32::from(state.phase() == Phase::Won);
            let mut state = State::new(Variant::Standard, 1_000 + game);
            let mut turn = 0;
            while !state.is_over() {
                let hint = suggest_with(&state, game * 1_000 + turn, budget).unwrap();
                state.apply(hint.action).unwrap();
                turn += 1;
            }
            hint_wins += u32::from(state.phase() == Phase::Won);
        }
        (hint_wins, random_wins)
    }

    /// A small version of the strength measurement that runs by default.
    #[test]
    fn hint_play_beats_random_play() {
        let (hints, random) = hint_play_vs_random(12, 3_000);
        println!("12 Standard games, small hints: hints won {hints}, random {random}");
        assert!(hints >= random + 3, "{hints} vs {random}");
    }

    /// A game played by following the hints: each one is legal and says
    /// why, with a chance and a count in range.
    #[test]
    fn hints_followed_through_a_game_are_legal_and_say_why() {
        let mut state = State::new(Variant::Standard, 42);
        let mut hints = 0;
        while !state.is_over() {
            let hint = suggest_with(&state, 1, 3_000).expect("a hint while the game runs");
            assert!(
                !hint.reason.trim().is_empty(),
                "{:?} with no reason",
                hint.action
            );
            assert!(
                (0.0..=1.0).contains(&hint.win_chance),
                "{}",
                hint.win_chance
            );
            assert!(
                (0.0..=SPACES as f64).contains(&f64::from(hint.avg_kills)),
                "{}",
                hint.avg_kills
            );
            state.apply(hint.action).expect("a hint is legal");
            hints += 1;
        }
        assert!(hints > 10, "{hints} hints");
    }

    /// The full measurement (slow in debug):
    /// `cargo test -p engine --release -- --ignored --nocapture hint_strength`.
    #[test]
    #[ignore]
    fn hint_strength() {
        // HINT_GAMES=… and HINT_BUDGET=… measure other numbers.
        let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
        let games = env("HINT_GAMES").unwrap_or(100);
        let budget = env("HINT_BUDGET").unwrap_or(BUDGET as u64) as usize;
        let started = std::time::Instant::now();
        let (hints, random) = hint_play_vs_random(games, budget);
        println!(
            "{games} Standard games, budget {budget}: hints won {hints}, random play won {random} ({:.1?})",
            started.elapsed()
        );
        assert!(
            hints as u64 >= random as u64 + games / 5,
            "{hints} vs {random}"
        );
    }
}
