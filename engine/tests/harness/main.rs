//! One invariant harness for every game, written against the [`Game`] trait
//! only: random playouts from many seeds, checking step by step that
//!
//! - nothing panics;
//! - every legal action is part of the action space and applies with `Ok`;
//! - every other action of the action space is refused with `Err` and leaves
//!   the state exactly equal (`==`) to what it was;
//! - a finished game offers no action but take-backs (where its rules allow
//!   taking back the last move, e.g. Murderers' Row's undo after a loss) and
//!   refuses every other one;
//! - all cards (pieces) are conserved: the sorted `all_pieces()` never
//!   changes, and is the game's full deck;
//! - saving (serde_json) and loading gives back an equal state;
//! - every game ends within a bound, even with take-backs (undo) in the mix;
//! - `check` agrees with `legal_actions` (accepts exactly the legal actions)
//!   and with `apply` (a refused action's error is `check`'s);
//! - applying an action twice from equal states gives equal events and equal
//!   states (events are deterministic), and the events agree with the change
//!   of state (each game's [`Spec::events`] says how);
//! - every state reached passes the game's own `validate`;
//! - in the games with secrets, a seat's view is the same value for two
//!   states that differ only in what that seat may not know (the hidden
//!   cards dealt again, consistently with what the seat knows:
//!   [`Views::redeal`]).
//!
//! The harness runs under `cargo test` in a debug build, where saving,
//! loading and comparing states are slow, so one game in [`FULL_EVERY`] is
//! checked completely at every step, and the others more lightly: the cards
//! are counted and every legal action applied at every step, but at each
//! step only one illegal action in [`ILLEGAL_EVERY`] is tried (in turn, so
//! each is tried every few steps), and the game is saved and loaded at one
//! step in [`SAVE_EVERY`] (a different offset per game) and at the end.
//!
//! `cargo test` plays the first part of each game's seeds ([`Seeds`]); an
//! ignored test per game plays the rest, so that the whole count is one
//! command away and CI stays short:
//! `cargo test --release -p engine --test harness -- --include-ignored`.
//!
//! This file holds the shared checks; each game's [`Spec`] and tests are a
//! module of their own beside it (`dead_center.rs`, …), all in this one test
//! binary, `harness`. To add a game, write a [`Spec`] for it in a file of
//! its own here, declare it at the end of this file, and call [`run`] from
//! a test.

use engine::cards::{Card, Suit};
use engine::seats::Seat;
use engine::Game;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use std::collections::HashSet;
use std::ops::Range;

/// What the harness needs to know about a game beyond the [`Game`] trait.
struct Spec<G: Game> {
    /// Deals a game from a seed.
    deal: fn(u64) -> G,
    /// Every card the game holds, wherever it lies (e.g. 52 + jokers).
    deck: fn(&G) -> Vec<G::Piece>,
    /// A small number (below [`KEYS`]) naming each distinct piece, so that
    /// the multiset of pieces can be counted cheaply at every step.
    key: fn(&G::Piece) -> usize,
    /// Whether an action takes back earlier ones (undo). Take-backs are
    /// played now and then, at most `max_takebacks` times per game, so that
    /// random games still end.
    is_takeback: fn(&G::Action) -> bool,
    max_takebacks: u32,
    /// Every game must end within this many actions, take-backs included...
    max_actions: usize,
    /// ... unless the game can cycle forever under random play: then a game
    /// still running after `max_actions` is counted in
    /// [`Totals::unfinished`] and stopped.
    may_cycle: bool,
    /// Each step tries one illegal action in this many ([`ILLEGAL_EVERY`]
    /// unless the action space is large).
    illegal_every: usize,
    /// A computer player, if the game has one: at each step it chooses the
    /// action with probability 1 in [`BOT_ODDS`] (given the state and a
    /// seed; it must read only what the acting seat may see).
    bot: Option<fn(&G, u64) -> G::Action>,
    /// Game-specific invariants, checked at every step (e.g. clues
    /// conserved); panics with a message when one fails.
    check: Option<fn(&G)>,
    /// Whether the events of an action agree with the change it made:
    /// given the state before, the state after and the events, panics with
    /// a message when they do not (a kill event for a card still alive...).
    events: fn(&G, &G, &[G::Event]),
    /// For the games with secrets: what each seat may know.
    views: Option<Views<G>>,
}

/// How the harness reads a game's seat views (see [`Spec::views`]).
struct Views<G> {
    seats: fn(&G) -> usize,
    /// The seat's view, serialised (what would be sent to its device).
    view: fn(&G, Seat) -> String,
    /// `state` with everything `seat` may not know dealt again from `seed`,
    /// consistently with what it knows (the same public table, the same
    /// hand for that seat; the others' hands, the decks' order and the
    /// generator's state changed).
    redeal: fn(&G, Seat, u64) -> G,
}

/// A bot, when the game has one, chooses the action with probability 1 in this.
const BOT_ODDS: u32 = 2;

/// A take-back, when legal and allowed, is played with probability 1 in this.
const TAKEBACK_ODDS: u32 = 8;
/// Games whose seed is a multiple of this get every check at every step.
const FULL_EVERY: u64 = 40;
/// The other games are saved and loaded at one step in this many.
const SAVE_EVERY: u64 = 48;
/// ... and try one illegal action in this many at each step.
const ILLEGAL_EVERY: usize = 5;
/// Seat views are compared across re-deals at one step in this many (and at
/// every step of a game checked in full).
const VIEWS_EVERY: u64 = 7;

#[derive(Debug, Default)]
struct Totals {
    games: u64,
    actions: u64,
    takebacks: u64,
    saves: u64,
    refusals: u64,
    longest: usize,
    unfinished: u64,
    /// Seat views compared with a re-deal's.
    redeals: u64,
}

/// A game's seeds: `0..all`, of which `cargo test` plays `0..quick` and the
/// game's ignored `…_all` test the rest.
struct Seeds {
    quick: u64,
    all: u64,
}

impl Seeds {
    fn quick(&self) -> Range<u64> {
        0..self.quick
    }

    fn rest(&self) -> Range<u64> {
        self.quick..self.all
    }
}

/// How many distinct piece keys [`Spec::key`] may return.
const KEYS: usize = 1280;

fn sorted<P: Ord>(mut cards: Vec<P>) -> Vec<P> {
    cards.sort_unstable();
    cards
}

/// How many of each card `cards` holds: the multiset as an array, cheaper to
/// compare at every step of a debug build than a sorted list.
fn counts<P>(cards: &[P], key: fn(&P) -> usize) -> Box<[u8; KEYS]> {
    let mut counts = Box::new([0u8; KEYS]);
    for card in cards {
        counts[key(card)] += 1;
    }
    counts
}

/// [`Spec::key`] for the standard deck.
fn card_key(card: &Card) -> usize {
    match *card {
        Card::Standard { rank, suit } => {
            let suit = Suit::ALL.iter().position(|&s| s == suit).unwrap_or(0);
            suit * 256 + usize::from(rank)
        }
        Card::Joker(n) => 1024 + usize::from(n),
    }
}

/// Plays one random game from `seed`, checking every invariant at every step.
fn play<G: Game>(spec: &Spec<G>, seed: u64, totals: &mut Totals) {
    let mut rng = Pcg32::seed_from_u64(seed ^ 0x05EE_D0F6_A3E5);
    let mut state = (spec.deal)(seed);
    let cards = sorted(state.all_pieces());
    assert_eq!(cards, sorted((spec.deck)(&state)), "seed {seed}: the deal");
    let multiset = counts(&cards, spec.key);
    let space = state.action_space();
    let space_set: HashSet<&G::Action> = space.iter().collect();
    let mut takebacks = 0;
    let mut choices: Vec<G::Action> = Vec::new();
    let full = seed.is_multiple_of(FULL_EVERY);

    for step in 0.. {
        let at = || format!("seed {seed}, step {step}");
        if spec.may_cycle && step > spec.max_actions {
            totals.games += 1;
            totals.unfinished += 1;
            totals.actions += step as u64;
            totals.longest = totals.longest.max(step);
            return;
        }
        assert!(
            step <= spec.max_actions,
            "{}: no end after {} actions: {state:?}",
            at(),
            spec.max_actions
        );
        if full || state.is_over() {
            assert_eq!(sorted(state.all_pieces()), cards, "{}: cards", at());
        } else {
            assert!(
                counts(&state.all_pieces(), spec.key) == multiset,
                "{}: cards",
                at()
            );
        }
        if full || (step as u64 + seed).is_multiple_of(SAVE_EVERY) || state.is_over() {
            totals.saves += 1;
            let saved = serde_json::to_string(&state).expect("a state saves");
            let loaded: G = serde_json::from_str(&saved).expect("a saved state loads");
            assert_eq!(loaded, state, "{}: save and load", at());
        }

        if let Some(check) = spec.check {
            check(&state);
        }
        if full || (step as u64 + seed).is_multiple_of(SAVE_EVERY) || state.is_over() {
            if let Err(why) = state.validate() {
                panic!("{}: a reachable state fails validate: {why}", at());
            }
        }
        if let Some(views) = &spec.views {
            if full || (step as u64 + seed).is_multiple_of(VIEWS_EVERY) {
                for seat in (0..(views.seats)(&state)).map(|s| Seat(s as u8)) {
                    let view = (views.view)(&state, seat);
                    for redeal in 0..2 {
                        let other =
                            (views.redeal)(&state, seat, seed ^ (step as u64) << 8 ^ redeal);
                        totals.redeals += 1;
                        assert_eq!(
                            (views.view)(&other, seat),
                            view,
                            "{}: {seat:?}'s view changed with what it may not know",
                            at()
                        );
                    }
                }
            }
        }
        let legal = state.legal_actions();
        let moves = legal.iter().filter(|a| !(spec.is_takeback)(a)).count();
        assert_eq!(state.is_over(), moves == 0, "{}: {legal:?}", at());
        let legal_set: HashSet<&G::Action> = legal.iter().collect();
        for action in &legal {
            assert!(
                space_set.contains(action),
                "{}: {action:?} not in the space",
                at()
            );
            if let Err(e) = state.check(action) {
                panic!("{}: check refuses the legal {action:?}: {e}", at());
            }
            let mut next = state.clone();
            let events = match next.apply(action.clone()) {
                Ok(events) => events,
                Err(e) => panic!("{}: legal {action:?} refused: {e}", at()),
            };
            (spec.events)(&state, &next, &events);
            if full {
                let mut again = state.clone();
                let events_again = again.apply(action.clone()).expect("it applied once");
                assert_eq!(events_again, events, "{}: {action:?}'s events", at());
                assert_eq!(again, next, "{}: {action:?} twice", at());
            }
        }
        // A refused action leaves the copy equal to `state`, so one copy
        // serves for all of them.
        let mut probe = state.clone();
        let illegal = space.iter().filter(|a| !legal_set.contains(a));
        let stride = if full { 1 } else { spec.illegal_every };
        for action in illegal.skip(step % stride).step_by(stride) {
            totals.refusals += 1;
            let Err(refusal) = state.check(action) else {
                panic!("{}: check accepts the illegal {action:?}", at());
            };
            match probe.apply(action.clone()) {
                Ok(_) => panic!("{}: illegal {action:?} accepted", at()),
                Err(e) => {
                    assert!(!full || !e.to_string().is_empty(), "{}", at());
                    assert_eq!(e, refusal, "{}: apply and check disagree", at());
                }
            }
            assert_eq!(
                probe,
                state,
                "{}: refusing {action:?} changed the state",
                at()
            );
        }

        let takeback = legal.iter().find(|a| (spec.is_takeback)(a));
        if let Some(undo) = takeback.filter(|_| state.is_over()) {
            // Now and then, take back the move that ended the game.
            if takebacks < spec.max_takebacks && rng.next_u32() % TAKEBACK_ODDS == 0 {
                takebacks += 1;
                totals.takebacks += 1;
                state
                    .apply(undo.clone())
                    .expect("a legal take-back applies");
                continue;
            }
        }
        if state.is_over() {
            totals.games += 1;
            totals.actions += step as u64;
            totals.longest = totals.longest.max(step);
            return;
        }

        choices.clear();
        choices.extend(legal.iter().filter(|a| !(spec.is_takeback)(a)).cloned());
        let action = match takeback {
            Some(undo)
                if takebacks < spec.max_takebacks
                    && (choices.is_empty() || rng.next_u32() % TAKEBACK_ODDS == 0) =>
            {
                takebacks += 1;
                totals.takebacks += 1;
                undo.clone()
            }
            _ => {
                assert!(!choices.is_empty(), "{}: only take-backs are legal", at());
                match spec.bot {
                    Some(bot) if rng.next_u32() % BOT_ODDS == 0 => {
                        let choice = bot(&state, u64::from(rng.next_u32()));
                        assert!(
                            legal_set.contains(&choice),
                            "{}: bot chose {choice:?}",
                            at()
                        );
                        choice
                    }
                    _ => choices[rng.next_u32() as usize % choices.len()].clone(),
                }
            }
        };
        state.apply(action).expect("a legal action applies");
    }
}

/// Plays a random game from every seed of `seeds`, on a few threads.
fn run<G: Game>(spec: &Spec<G>, seeds: Range<u64>) -> Totals {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4)) as u64;
    let chunk = (seeds.end - seeds.start).div_ceil(threads);
    let parts: Vec<Totals> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let start = seeds.start + i * chunk;
                let end = (start + chunk).min(seeds.end);
                scope.spawn(move || {
                    let mut totals = Totals::default();
                    for seed in start..end {
                        play(spec, seed, &mut totals);
                    }
                    totals
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker panicked"))
            .collect()
    });
    let mut totals = Totals::default();
    for part in parts {
        totals.games += part.games;
        totals.actions += part.actions;
        totals.takebacks += part.takebacks;
        totals.saves += part.saves;
        totals.refusals += part.refusals;
        totals.longest = totals.longest.max(part.longest);
        totals.unfinished += part.unfinished;
        totals.redeals += part.redeals;
    }
    totals
}

// Each game's `Spec` and tests (test names keep the module: `joker::…`).
mod dead_center;
mod detective_graves;
mod joker;
mod murderers_row;
mod serial_killer;
