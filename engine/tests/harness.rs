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
//! - saving (serde_json) and loading gives back an equal state; for a game
//!   the app saves whole, the app's own codec (`engine::json`) writes the
//!   same text byte for byte and reads it back equal;
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
//! To add a game, write a [`Spec`] for it and call [`run`] from a test.

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

/// Transitional, until each game says what its actions did: no check.
fn transitional_no_event_check<G: Game>(_: &G, _: &G, _: &[G::Event]) {}

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

mod dead_center {
    use super::*;
    use engine::dead_center::{Action, State, Variant};

    /// 3,400 games per variant: 10,200 in all.
    const GAMES_PER_VARIANT: u64 = 3_400;

    fn spec(deal: fn(u64) -> State) -> Spec<State> {
        Spec {
            deal,
            deck: |state| Card::deck(state.variant().jokers()),
            key: card_key,
            is_takeback: |action| *action == Action::Undo,
            max_takebacks: 4,
            // At most 12 reveals + 33 draws, each followed by a placement and
            // a kill or end of turn, plus three actions per undo.
            max_actions: 12 + 33 * 3 + 4 * 3,
            may_cycle: false,
            illegal_every: ILLEGAL_EVERY,
            bot: None,
            check: None,
            events: transitional_no_event_check,
            views: None,
        }
    }

    fn check(variant: Variant, deal: fn(u64) -> State) {
        let totals = run(&spec(deal), 0..GAMES_PER_VARIANT);
        assert_eq!(totals.games, GAMES_PER_VARIANT);
        assert!(totals.takebacks > 0, "undo was never played");
        assert!(totals.longest > 40, "{variant:?}: {totals:?}");
        println!("{variant:?}: {totals:?}");
    }

    #[test]
    fn dead_center_standard_random_games() {
        check(Variant::Standard, |seed| {
            State::new(Variant::Standard, seed)
        });
    }

    #[test]
    fn dead_center_hard_random_games() {
        check(Variant::Hard, |seed| State::new(Variant::Hard, seed));
    }

    #[test]
    fn dead_center_nightmare_random_games() {
        check(Variant::Nightmare, |seed| {
            State::new(Variant::Nightmare, seed)
        });
    }
}

mod murderers_row {
    use super::*;
    use engine::murderers_row::{Action, Killer, State};

    /// 10,000 random deals.
    const GAMES: u64 = 10_000;

    /// Random play can cycle (the Medic and the Bugler revive each other, the
    /// Con Man swaps, the die deck is reshuffled), so no bound holds for
    /// every game; a game still running after this many actions is stopped
    /// and counted. With 10 cards and one kill needed per few activations a
    /// finished game is far shorter (see `longest` in the output).
    const MAX_ACTIONS: usize = 400;

    #[test]
    fn murderers_row_random_games() {
        let spec = Spec {
            deal: State::new,
            deck: |_| Killer::ALL.to_vec(),
            key: |card: &Killer| card.index(),
            is_takeback: |action| *action == Action::Undo,
            max_takebacks: 4,
            max_actions: MAX_ACTIONS,
            may_cycle: true,
            // About 1,600 actions in the space: try one in 40 per step.
            illegal_every: 40,
            bot: None,
            check: None,
            events: transitional_no_event_check,
            views: None,
            // The app saves this game as its deal and moves (tested there).
        };
        let totals = run(&spec, 0..GAMES);
        println!("Murderers' Row: {totals:?}");
        assert_eq!(totals.games, GAMES);
        assert!(totals.takebacks > 0, "undo was never played");
        // Cycling forever must stay rare under random play.
        assert!(totals.unfinished * 100 < GAMES, "{totals:?}");
    }
}

mod serial_killer {
    use super::*;
    use engine::seats::{Level, Seat, SeatKind};
    use engine::serial_killer::{bot, Phase, State, CLUES};

    /// 10,000 random deals with 2–6 players.
    const GAMES: u64 = 10_000;

    /// Random play can in principle go on (informants give clues back and
    /// the graves are reshuffled), so a game still running after this many
    /// actions is stopped and counted; real games are far shorter (see
    /// `longest` in the output).
    const MAX_ACTIONS: usize = 2_000;

    /// 2–6 players from the seed, seats of every kind.
    fn deal(seed: u64) -> State {
        let players = 2 + (seed % 5) as usize;
        let kinds: Vec<SeatKind> = (0..players)
            .map(|i| match (seed / 5 + i as u64) % 3 {
                0 => SeatKind::Person,
                1 => SeatKind::Computer(Level::Simple),
                _ => SeatKind::Computer(Level::Strong),
            })
            .collect();
        State::new(&kinds, seed).expect("2 to 6 players")
    }

    /// The Simple bot mostly; now and then Strong with a small budget (a
    /// full budget is too slow for a debug build).
    fn choose(state: &State, seed: u64) -> engine::serial_killer::Action {
        let view = state.view(state.current());
        let mut rng = Pcg32::seed_from_u64(seed);
        if seed.is_multiple_of(64) {
            bot::strong_action(&view, 300, &mut rng)
        } else {
            bot::simple_action(&view, &mut rng, &mut Vec::new())
        }
    }

    /// Clues are conserved between each player and the police (6 each), the
    /// arrested have none, and a finished game has a winner (or several).
    fn check(state: &State) {
        for seat in Seat::all(state.players()) {
            assert_eq!(state.clues(seat) + state.police(seat), CLUES, "{seat}");
            assert!(!state.is_arrested(seat) || state.clues(seat) == 0);
        }
        if state.is_over() {
            assert!(!state.winners().is_empty(), "no winner: {state:?}");
            assert!(state.at_large().count() <= 1);
        } else {
            assert!(state.at_large().count() >= 2);
            assert!(!state.is_arrested(state.current()));
        }
        // The full check of a save, at the turns' ends (cheaper than at
        // every step in a debug build).
        if matches!(state.phase(), Phase::Plays) || state.is_over() {
            assert_eq!(state.validate(), Ok(()));
        }
    }

    #[test]
    fn serial_killer_random_games() {
        let spec = Spec {
            deal,
            deck: |_| Card::deck(0),
            key: card_key,
            is_takeback: |_| false,
            max_takebacks: 0,
            max_actions: MAX_ACTIONS,
            may_cycle: true,
            // About 320 actions in the space: try one in 40 per step.
            illegal_every: 40,
            bot: Some(choose),
            check: Some(check),
            events: transitional_no_event_check,
            views: None,
        };
        let totals = run(&spec, 0..GAMES);
        println!("Serial Killer: {totals:?}");
        assert_eq!(totals.games, GAMES);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
    }
}

mod joker {
    use super::*;
    use engine::joker::{bot, Action, Lock, Phase, State, CELLS, JOKER};
    use engine::seats::{Level, Seat, SeatKind};

    /// 10,000 random deals with 2–4 players, teams one game in three.
    const GAMES: u64 = 10_000;

    /// Probes never end a round, so no bound holds for every game: a game
    /// still running after this many actions is stopped and counted (and
    /// must not happen: half the actions are the bot's, and the Simple bot
    /// shoots a turn in five when it may). Real games are far shorter (see
    /// `longest` in the output).
    const MAX_ACTIONS: usize = 3_000;

    /// 2–4 players from the seed, seats of every kind, one game in three in
    /// team mode (teams from the seed, neither empty) and one in nine in
    /// solo mode (seat 0 the Informant of 1–5 rounds).
    fn deal(seed: u64) -> State {
        let players = 2 + (seed % 3) as usize;
        let kinds: Vec<SeatKind> = (0..players)
            .map(|i| match (seed / 3 + i as u64) % 3 {
                0 => SeatKind::Person,
                1 => SeatKind::Computer(Level::Simple),
                _ => SeatKind::Computer(Level::Strong),
            })
            .collect();
        if seed % 9 == 4 {
            State::solo(&kinds, 1 + (seed / 9 % 5) as u8, seed).expect("a solo game")
        } else if (seed / 9).is_multiple_of(3) {
            let mut teams: Vec<u8> = (0..players).map(|i| ((seed >> i) & 1) as u8).collect();
            teams[0] = 0;
            teams[players - 1] = 1;
            State::with_teams(&kinds, &teams, seed).expect("two teams")
        } else {
            State::new(&kinds, seed).expect("2 to 4 players")
        }
    }

    /// The 25 cards of the deal: 24 distinct standard cards and the Joker.
    fn deck(state: &State) -> Vec<Card> {
        let mut cards: Vec<Card> = Card::deck(0)
            .into_iter()
            .filter(|card| state.all_pieces().contains(card))
            .collect();
        assert_eq!(cards.len(), CELLS - 1, "24 standard cards");
        cards.push(JOKER);
        cards
    }

    /// The bot of the seat to act: Simple mostly; now and then Strong with a
    /// small budget (a full one is slow in a debug build).
    fn choose(state: &State, seed: u64) -> Action {
        let view = state.view(state.to_act().expect("a seat to act"));
        let mut rng = Pcg32::seed_from_u64(seed);
        if seed.is_multiple_of(16) {
            bot::strong_action(&view, 20_000, &mut rng)
        } else {
            bot::simple_action(&view, &mut rng)
        }
    }

    /// The save checks out (every logged answer within its roll of the
    /// true distance, the locks, turn and points as the log leaves them);
    /// the Joker is face down and consistent with the log while the round
    /// runs; the Informant never holds the turn; a finished game has its
    /// winners.
    fn check(state: &State) {
        if !matches!(state.phase(), Phase::Answer { .. }) {
            assert_eq!(state.validate(), Ok(()));
        }
        if state.is_over() {
            assert!(!state.winners().is_empty());
            assert_eq!(state.round() + 1, state.rounds());
            return;
        }
        let joker = state.joker();
        assert!(!state.face_up().contains(joker));
        assert!(state.consistent_cells().contains(joker));
        assert_ne!(state.current(), state.informant());
        assert_eq!(state.lock(state.informant()), Lock::Free);
        if let Phase::Answer { cell, roll } = state.phase() {
            let allowed = state.allowed_answers().expect("a probe pending");
            let d = cell.distance(joker);
            assert_eq!(allowed, d.saturating_sub(roll)..=d + roll);
        }
        // With two or more Vigilantes someone can always shoot: a miss
        // frees every other Vigilante.
        assert!(state.players() == 2 || state.vigilantes().any(|s| state.can_shoot(s)));
        assert!(Seat::all(state.players())
            .all(|s| state.view(s).joker().is_some() == (s == state.informant())));
    }

    #[test]
    fn joker_random_games() {
        let spec = Spec {
            deal,
            deck,
            key: card_key,
            is_takeback: |_| false,
            max_takebacks: 0,
            max_actions: MAX_ACTIONS,
            may_cycle: true,
            // 68 actions in the space: try one in 10 per step.
            illegal_every: 10,
            bot: Some(choose),
            check: Some(check),
            events: transitional_no_event_check,
            views: None,
        };
        let totals = run(&spec, 0..GAMES);
        println!("Joker: {totals:?}");
        assert_eq!(totals.games, GAMES);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
    }
}

mod detective_graves {
    use super::*;
    use engine::detective_graves::{
        Action, Card as DgCard, Event, Evidence, EvidenceAt, Identity, Length, Location, Outcome,
        Phase, Piece, Role, State, Suit as DgSuit, Variant, ROW, TIME_TOKENS,
    };
    use engine::seats::{Level, Seat, SeatKind};
    use engine::Multiplayer;

    /// Random deals of every variant, 10,000 in all: `cargo test` plays the
    /// first 1,000 (every variant and seating among them; about 50 ms of CPU
    /// per game with every check, the events' ledger and the seat views
    /// under re-deals included, whatever the profile, as the engine is
    /// optimised in both), and the ignored test
    /// `detective_graves_random_games_all` the other 9,000 (about 8 minutes
    /// of CPU: `cargo test -p engine --test harness -- --ignored detective`).
    const GAMES: u64 = 10_000;
    const QUICK_GAMES: u64 = 1_000;

    /// Random play can add time tokens (Overtime, Smoke and Mirrors) about
    /// as often as it takes them, so no bound holds for every game: a game
    /// still running after this many actions is stopped and counted (and
    /// must not happen). Real games are far shorter (see `longest`).
    const MAX_ACTIONS: usize = 6_000;

    /// Variants from the seed: The Mastermind Knows All one game in three,
    /// Life Is Pain one in two, a single case one in five, otherwise one or
    /// two pairs of cases; seats of every kind; either seat first Detective.
    fn deal(seed: u64) -> State {
        let length = match seed % 5 {
            0 => Length::SingleCase,
            1 => Length::CasePairs(2),
            _ => Length::CasePairs(1),
        };
        let variant = Variant {
            knows_all: seed.is_multiple_of(3),
            length,
            life_is_pain: (seed / 2).is_multiple_of(2),
        };
        let kind = |i: u64| match (seed / 7 + i) % 3 {
            0 => SeatKind::Person,
            1 => SeatKind::Computer(Level::Simple),
            _ => SeatKind::Computer(Level::Strong),
        };
        let first = Seat::new((seed / 11 % 2) as usize);
        State::new([kind(0), kind(1)], first, variant, seed).expect("a valid variant")
    }

    fn deck(_: &State) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = DgCard::all().into_iter().map(Piece::Card).collect();
        pieces.extend(Evidence::ALL.map(Piece::Evidence));
        pieces
    }

    fn key(piece: &Piece) -> usize {
        match piece {
            Piece::Card(card) => card.key(),
            Piece::Evidence(e) => 90 + e.index(),
        }
    }

    /// The computer player of the seat to act, as the app asks it: from
    /// that seat's view and the game's own bot seed. The Simple level
    /// mostly; the Strong one (with the app's budget) one decision in 128.
    fn choose(state: &State, seed: u64) -> Action {
        let seat = state.to_act().expect("a seat to act");
        let level = if seed.is_multiple_of(128) {
            Level::Strong
        } else {
            Level::Simple
        };
        State::bot_action(&Multiplayer::view(state, seat), level, state.bot_seed())
    }

    /// The save checks out; time tokens stay within the box; locations
    /// resolve in order (every one left of the active one resolved, every
    /// one right of it open, all five before the unmasking); six evidence
    /// cards in play per case; each case ends and its points add up
    /// (evidence points plus unmasking points); views show only their own
    /// hand.
    fn check(state: &State) {
        assert_eq!(state.validate(), Ok(()));
        let tokens: u32 = (0..ROW).map(|i| u32::from(state.tokens(i))).sum();
        assert!(tokens <= u32::from(TIME_TOKENS));
        let variant = state.variant();
        let over = state.is_over();
        let unmasking = matches!(state.phase(), Phase::Unmask | Phase::Accuse);
        if !over {
            let active = state.active();
            for i in 0..ROW {
                let open = state.outcome(i) == Outcome::Open;
                if i < active || unmasking {
                    assert!(!open, "location {i} never resolved");
                } else if i > active {
                    assert!(open && state.tokens(i) >= 1, "location {i} ahead");
                } else {
                    assert!(open, "the active location is resolved");
                }
            }
            let in_play = Evidence::ALL
                .iter()
                .filter(|&&e| state.evidence_at(e) != EvidenceAt::Box)
                .count();
            assert_eq!(in_play, 6);
            assert_eq!(state.results().len(), state.case());
        } else {
            assert_eq!(state.results().len(), state.cases());
            assert!(!state.winners().is_empty());
        }
        let (right, wrong) = variant.accusation_points();
        for seat in [Seat(0), Seat(1)] {
            let mut total = 0;
            for r in state.results() {
                let role = r.role_of(seat).index();
                assert_eq!(
                    r.evidence_points[role],
                    u32::from(r.evidence[role]) * variant.evidence_points()
                );
                let unmasking = match (r.revealed, r.correct()) {
                    (true, _) => [variant.reveal_points(), 0],
                    (false, true) => [right, 0],
                    (false, false) => [0, wrong],
                };
                assert!(!r.revealed || variant.reveal_allowed());
                assert_eq!(r.unmasking_points, unmasking);
                assert!(r.evidence[0] + r.evidence[1] <= ROW as u8);
                total += r.evidence_points[role] + r.unmasking_points[role];
            }
            assert_eq!(state.points(seat), total);
            let view = state.view(seat);
            assert_eq!(view.hand(), state.hand(state.role_of(seat)));
        }
        if let Some(seat) = state.to_act() {
            assert_eq!(state.seat_of(state.actor()), seat);
            assert_eq!(state.role_of(seat), state.actor());
        }
    }

    /// A set of cards as bits of their keys (0–89): the zones of a
    /// [`Ledger`], cheap to copy and compare at every step.
    fn bits<'a>(cards: impl IntoIterator<Item = &'a DgCard>) -> u128 {
        cards.into_iter().fold(0, |set, c| set | 1 << c.key())
    }

    fn bit(card: DgCard) -> u128 {
        1 << card.key()
    }

    /// What events move: every zone of both decks as sets, the time, the
    /// trumps, the outcomes, the evidence, the case. Read from a state, or
    /// carried forward event by event ([`follow`]).
    #[derive(Clone, Debug, PartialEq)]
    struct Ledger {
        case: usize,
        detective: Seat,
        row: [Location; ROW],
        active: usize,
        hands: [u128; 2],
        decks: [u128; 2],
        discards: [u128; 2],
        piles: [[u128; 2]; ROW],
        removed: u128,
        resolving: Option<DgCard>,
        tokens: [u8; ROW],
        trumps: [Option<DgSuit>; ROW],
        outcomes: [Outcome; ROW],
        evidence: [EvidenceAt; 10],
        identity: Identity,
        results: usize,
        winners: Vec<Seat>,
    }

    fn ledger(s: &State) -> Ledger {
        let zone = |f: &dyn Fn(Role) -> u128| [f(Role::Detective), f(Role::Mastermind)];
        Ledger {
            case: s.case(),
            detective: s.seat_of(Role::Detective),
            row: s.row(),
            active: s.active(),
            hands: zone(&|r| bits(s.hand(r))),
            decks: zone(&|r| bits(s.deck(r))),
            discards: zone(&|r| bits(s.discard(r))),
            piles: std::array::from_fn(|i| zone(&|r| bits(s.pile(i, r)))),
            removed: bits(s.removed()),
            resolving: s.resolving(),
            tokens: std::array::from_fn(|i| s.tokens(i)),
            trumps: std::array::from_fn(|i| s.trump(i)),
            outcomes: std::array::from_fn(|i| s.outcome(i)),
            evidence: Evidence::ALL.map(|e| s.evidence_at(e)),
            identity: s.identity(),
            results: s.results().len(),
            winners: s.winners().to_vec(),
        }
    }

    /// Moves `card` out of `from` (where it must be).
    fn take(from: &mut u128, card: DgCard, what: &str) {
        assert!(*from & bit(card) != 0, "{card:?} is not in the {what}");
        *from &= !bit(card);
    }

    /// The ledger of `before` carried through `events`, asserting on the
    /// way what each event says of the state it meets; then it must be the
    /// ledger of `after`. `after` only gives what no event says: the
    /// evidence dealt for a new case.
    fn follow(before: &State, after: &State, events: &[Event]) {
        let mut l = ledger(before);
        let role = |l: &Ledger, seat: Seat| {
            if seat == l.detective {
                Role::Detective
            } else {
                Role::Mastermind
            }
        };
        // A River swap says how many its draw brings.
        let mut river_draw: Option<u8> = None;
        for (k, event) in events.iter().enumerate() {
            let at = || format!("event {k} of {events:?}");
            match *event {
                Event::CaseStarted {
                    case,
                    detective,
                    row,
                } => {
                    assert_eq!(usize::from(case), l.results, "{}", at());
                    l.case = usize::from(case);
                    l.detective = detective;
                    l.row = row;
                    l.active = 0;
                    for r in Role::ALL {
                        let i = r.index();
                        l.hands[i] = 0;
                        l.discards[i] = 0;
                        l.decks[i] = bits(&DgCard::deck(r));
                    }
                    l.piles = [[0; 2]; ROW];
                    l.removed = 0;
                    l.resolving = None;
                    l.tokens = row.map(|loc| loc.time());
                    l.trumps = row.map(|loc| loc.trump());
                    l.outcomes = [Outcome::Open; ROW];
                    l.evidence = Evidence::ALL.map(|e| after.evidence_at(e));
                }
                Event::IdentityDrawn { seat, identity } => {
                    assert_eq!(role(&l, seat), Role::Mastermind, "{}", at());
                    l.identity = identity.expect("the whole log names it");
                }
                Event::Mulligan { seat, taken } => {
                    let r = role(&l, seat).index();
                    if taken {
                        l.discards[r] |= l.hands[r];
                        l.hands[r] = 0;
                    }
                }
                Event::LocationStarted {
                    index,
                    location,
                    lead: _,
                } => {
                    let index = usize::from(index);
                    assert!(index == l.active + 1 || index == 0, "{}", at());
                    assert_eq!(l.row[index], location, "{}", at());
                    l.active = index;
                }
                Event::Revealed { seat, card } => {
                    let r = role(&l, seat).index();
                    take(&mut l.decks[r], card, "deck");
                    l.piles[l.active][r] |= bit(card);
                }
                Event::Drew {
                    seat,
                    count,
                    from_discard,
                    why: _,
                    cards,
                } => {
                    let r = role(&l, seat).index();
                    let cards = cards.expect("the whole log has the cards");
                    assert_eq!(cards.len(), usize::from(count), "{}", at());
                    if let Some(n) = river_draw.take() {
                        assert_eq!(n, count, "the River's count: {}", at());
                    }
                    for card in cards.cards() {
                        if from_discard > 0 {
                            assert_eq!(count, 1, "{}", at());
                            take(&mut l.discards[r], card, "discard pile");
                        } else {
                            take(&mut l.decks[r], card, "deck");
                        }
                        l.hands[r] |= bit(card);
                    }
                }
                Event::RiverRedraw {
                    seat,
                    discarded,
                    drew,
                } => {
                    let r = role(&l, seat).index();
                    assert_eq!(l.hands[r].count_ones(), u32::from(discarded), "{}", at());
                    l.discards[r] |= l.hands[r];
                    l.hands[r] = 0;
                    river_draw = Some(drew);
                }
                Event::SlumsTime {
                    seat: _,
                    here,
                    next,
                } => {
                    let i = l.active;
                    l.tokens[i] = l.tokens[i].saturating_add_signed(here);
                    if let Some(t) = l.tokens.get_mut(i + 1) {
                        *t = t.saturating_add_signed(next);
                    }
                }
                Event::Placed { seat, card } => {
                    let r = role(&l, seat).index();
                    take(&mut l.hands[r], card, "hand");
                    l.piles[l.active][r] |= bit(card);
                }
                Event::TrumpChanged { seat: _, suit } => l.trumps[l.active] = Some(suit),
                Event::AbilityUsed { seat, card } => {
                    let r = role(&l, seat).index();
                    assert_eq!(card.deck, role(&l, seat), "{}", at());
                    assert!(card.ability().is_some(), "{}", at());
                    take(&mut l.hands[r], card, "hand");
                    assert_eq!(l.resolving, None, "{}", at());
                    l.resolving = Some(card);
                }
                Event::AbilitySpent {
                    seat,
                    card,
                    removed,
                } => {
                    let r = role(&l, seat).index();
                    assert_eq!(l.resolving, Some(card), "{}", at());
                    l.resolving = None;
                    assert_eq!(removed, l.row[l.active] == Location::Museum, "{}", at());
                    if removed {
                        l.removed |= bit(card);
                    } else {
                        l.discards[r] |= bit(card);
                    }
                }
                Event::Stakeout { seat, hand } => {
                    assert_eq!(role(&l, seat), Role::Detective, "{}", at());
                    let hand = hand.expect("the whole log has the hand");
                    assert_eq!(bits(&hand.cards()), l.hands[1], "{}", at());
                }
                Event::Time {
                    seat: _,
                    delta,
                    tokens,
                } => {
                    let i = l.active;
                    assert_eq!(
                        Some(tokens),
                        l.tokens[i].checked_add_signed(delta),
                        "{}",
                        at()
                    );
                    l.tokens[i] = tokens;
                }
                Event::CoveredUp { seat, card } => {
                    assert_eq!(role(&l, seat), Role::Mastermind, "{}", at());
                    take(&mut l.piles[l.active][0], card, "Detective's pile");
                    l.discards[0] |= bit(card);
                }
                Event::RandomDiscard { seat, card } | Event::ParkDiscard { seat, card } => {
                    let r = role(&l, seat).index();
                    let card = card.expect("the whole log has the card");
                    take(&mut l.hands[r], card, "hand");
                    l.discards[r] |= bit(card);
                }
                Event::AlleyCleared { seat, card } => {
                    let r = role(&l, seat).index();
                    take(&mut l.piles[l.active][r], card, "Alley pile");
                    l.discards[r] |= bit(card);
                }
                Event::Passed {
                    seat,
                    swapped,
                    card,
                } => {
                    let r = role(&l, seat).index();
                    assert_eq!(swapped, card.is_some(), "{}", at());
                    if let Some(card) = card {
                        take(&mut l.hands[r], card, "hand");
                        l.discards[r] |= bit(card);
                    }
                }
                Event::Reshuffled { seat } => {
                    let r = role(&l, seat).index();
                    assert_eq!((l.hands[r], l.decks[r]), (0, 0), "{}", at());
                    assert_ne!(l.discards[r], 0, "{}", at());
                    l.decks[r] = l.discards[r];
                    l.discards[r] = 0;
                }
                Event::RoundEnded { index, tokens } => {
                    let i = usize::from(index);
                    assert_eq!(i, l.active, "{}", at());
                    assert_eq!(tokens, l.tokens[i].saturating_sub(1), "{}", at());
                    l.tokens[i] = tokens;
                }
                Event::Resolved {
                    index,
                    totals,
                    winner,
                    evidence,
                } => {
                    let i = usize::from(index);
                    assert_eq!(i, l.active, "{}", at());
                    let aces_high = l.row[i] == Location::RecordOffice;
                    let total = |r: Role| -> u32 {
                        DgCard::all()
                            .into_iter()
                            .filter(|c| l.piles[i][r.index()] & bit(*c) != 0)
                            .map(|c| {
                                let trump = if Some(c.suit) == l.trumps[i] { 2 } else { 1 };
                                c.value(aces_high) * trump
                            })
                            .sum()
                    };
                    let by_seat = [Seat(0), Seat(1)].map(|s| total(role(&l, s)));
                    assert_eq!(totals, by_seat, "{}", at());
                    let expected = match by_seat[0].cmp(&by_seat[1]) {
                        std::cmp::Ordering::Greater => Some(Seat(0)),
                        std::cmp::Ordering::Less => Some(Seat(1)),
                        std::cmp::Ordering::Equal => None,
                    };
                    assert_eq!(winner, expected, "{}", at());
                    let here = Evidence::ALL
                        .into_iter()
                        .find(|e| l.evidence[e.index()] == EvidenceAt::Location(index))
                        .expect("an evidence card on the location");
                    assert_eq!(evidence, winner.map(|_| here), "{}", at());
                    let winner = winner.map(|s| role(&l, s));
                    l.evidence[here.index()] = winner.map_or(EvidenceAt::Unseen, EvidenceAt::Won);
                    l.outcomes[i] = winner.map_or(Outcome::Tied, Outcome::Won);
                    l.tokens[i] = 0;
                }
                Event::Unmasked {
                    seat,
                    identity,
                    revealed: _,
                    accused: _,
                } => {
                    assert_eq!(role(&l, seat), Role::Mastermind, "{}", at());
                    assert_eq!(identity, l.identity, "{}", at());
                }
                Event::CaseScored { case, points } => {
                    let case = usize::from(case);
                    assert_eq!(case, l.results, "{}", at());
                    let result = after.results()[case];
                    assert_eq!(points, [Seat(0), Seat(1)].map(|s| result.points(s)));
                    l.results += 1;
                }
                Event::GameEnded { winner } => {
                    l.winners = after.winners().to_vec();
                    let one = match l.winners.as_slice() {
                        [one] => Some(*one),
                        _ => None,
                    };
                    assert_eq!(winner, one, "{}", at());
                }
            }
        }
        assert_eq!(river_draw, None, "a River swap without its draw");
        assert_eq!(
            ledger(after),
            l,
            "the events do not tell the change: {events:?}"
        );
    }

    /// The events of an action: the log's new entries, telling the change
    /// of state (see [`follow`]); each as a seat learns it hides nothing
    /// of what its view shows after.
    fn events(before: &State, after: &State, events: &[Event]) {
        assert_eq!(
            &after.log()[before.log().len()..],
            events,
            "the events are the log's new entries"
        );
        follow(before, after, events);
        // Redaction agrees with the log each seat's table shows.
        for seat in [Seat(0), Seat(1)] {
            let redacted: Vec<Event> = events
                .iter()
                .map(|e| Multiplayer::redact(after, e, seat))
                .collect();
            let seen = after.events_seen_by(seat);
            assert_eq!(&seen[before.log().len()..], redacted, "{seat:?}");
        }
    }

    fn spec() -> Spec<State> {
        Spec {
            deal,
            deck,
            key,
            is_takeback: |_| false,
            max_takebacks: 0,
            max_actions: MAX_ACTIONS,
            may_cycle: true,
            // About 580 actions in the space: try one in 40 per step.
            illegal_every: 40,
            bot: Some(choose),
            check: Some(check),
            events,
            views: Some(Views {
                // The two players, and a spectator (the table between two
                // people's turns): seat 2 sees the public part only.
                seats: |_| 3,
                // What is sent to the seat's device: its view, and the
                // game's events as it learnt them (its table's log).
                view: |state, seat| {
                    let sent = (Multiplayer::view(state, seat), state.events_seen_by(seat));
                    serde_json::to_string(&sent).expect("a view saves")
                },
                redeal: |state, seat, seed| state.redeal(seat, &mut Pcg32::seed_from_u64(seed)),
            }),
        }
    }

    fn check_games(seeds: std::ops::Range<u64>) {
        let start = std::time::Instant::now();
        let games = seeds.end - seeds.start;
        let totals = run(&spec(), seeds);
        println!("Detective Graves: {totals:?} in {:.1?}", start.elapsed());
        assert_eq!(totals.games, games);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
        assert!(totals.redeals > 0);
    }

    #[test]
    fn detective_graves_random_games() {
        check_games(0..QUICK_GAMES);
    }

    #[test]
    #[ignore]
    fn detective_graves_random_games_all() {
        check_games(QUICK_GAMES..GAMES);
    }

    // The set-aside card, the drawn cards and the other evidence as a
    // redeal leaves them: a view shows none of them, so a redeal that
    // changes them (almost always) leaves every view equal.
    #[test]
    fn detective_graves_redeal_changes_what_a_seat_cannot_see() {
        let mut changed = [false; 3];
        for seed in 0..30 {
            let state = deal(seed);
            for seat in [Seat(0), Seat(1)] {
                let other = state.redeal(seat, &mut Pcg32::seed_from_u64(seed));
                let them = state.role_of(seat).other();
                changed[0] |= other.hand(them) != state.hand(them);
                let aside = |s: &State| {
                    Evidence::ALL
                        .into_iter()
                        .find(|&e| s.evidence_at(e) == EvidenceAt::SetAside)
                };
                changed[1] |= aside(&other) != aside(&state);
                changed[2] |= other.log() != state.log();
                assert_eq!(other.view(seat), state.view(seat));
                assert_eq!(other.events_seen_by(seat), state.events_seen_by(seat));
            }
        }
        assert_eq!(changed, [true; 3]);
    }
}
