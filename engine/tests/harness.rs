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

mod dead_center {
    use super::*;
    use engine::dead_center::{
        attack, can_place, Action, Event, LossReason, Phase, Space, State, Status, Support,
        Variant, ZombieView, PILES, SPACES,
    };

    /// 3,400 games per variant, 10,200 in all; `cargo test` plays 500 of
    /// each.
    const SEEDS: Seeds = Seeds {
        quick: 500,
        all: 3_400,
    };

    /// Undo and hints: at most this many per game.
    const MAX_TAKEBACKS: u32 = 6;

    fn spec(deal: fn(u64) -> State) -> Spec<State> {
        Spec {
            deal,
            deck: |state| Card::deck(state.variant().jokers()),
            key: card_key,
            // Neither undo nor a hint is a move of the game (a hint changes
            // nothing on the table), and both are legal again and again: so
            // both are played only now and then, and the games still end.
            // Undo, when legal, is listed before Hint, so both are played.
            is_takeback: |action| matches!(action, Action::Undo | Action::Hint),
            max_takebacks: MAX_TAKEBACKS,
            // At most 12 reveals + 33 draws, each followed by a placement and
            // a kill or end of turn, plus three actions per undo (a hint is
            // one).
            max_actions: 12 + 33 * 3 + MAX_TAKEBACKS as usize * 3,
            may_cycle: false,
            illegal_every: ILLEGAL_EVERY,
            bot: None,
            // The full check of a save at every step: cheap for this game.
            check: Some(|state| {
                if let Err(why) = state.validate() {
                    panic!("a reachable state fails validate: {why}: {state:?}")
                }
            }),
            events,
            views: None,
        }
    }

    /// What the events say the table became, built from the state before
    /// and the events alone, compared with the state after.
    #[derive(Debug, PartialEq)]
    struct Seen {
        piles: Vec<Vec<Card>>,
        zombies: Vec<ZombieView>,
        deck_len: usize,
        hand: Option<Card>,
        turns: u16,
        assisted: bool,
        status: Option<Status>,
    }

    impl Seen {
        fn of(state: &State) -> Seen {
            Seen {
                piles: (0..PILES).map(|p| state.pile(p).to_vec()).collect(),
                zombies: (0..SPACES).map(|s| state.zombie(s)).collect(),
                deck_len: state.deck_len(),
                hand: state.drawn(),
                turns: state.turns(),
                assisted: state.assisted(),
                status: Some(state.status()).filter(|_| state.is_over()),
            }
        }

        fn top(&self, pile: usize) -> Card {
            *self.piles[pile].last().expect("no pile is empty")
        }
    }

    /// The draw deck, top last, read from the saved form (the player may
    /// not see it; the harness checks that a card drawn was its top).
    fn deck(state: &State) -> Vec<Card> {
        let saved = serde_json::to_value(state).expect("a state saves");
        serde_json::from_value(saved["deck"].clone()).expect("the deck")
    }

    /// Each event agrees with the change of state: replayed on what the
    /// player saw before, in order, they give exactly what the player sees
    /// after (the cabin, the zombies, the deck, the hand, the turns, the
    /// assist flag and the result), and each is possible where it happens
    /// (a card drawn is the deck's top, a card placed fits its pile, a kill
    /// names the real supports and they kill, an undo takes back what was
    /// played...).
    fn events(before: &State, after: &State, events: &[Event]) {
        assert!(!events.is_empty(), "an action with no event: {before:?}");
        let mut seen = Seen::of(before);
        let mut played: Option<u8> = None;
        let mut drawn = Vec::new();
        for (i, event) in events.iter().enumerate() {
            let at = || format!("event {i} {event:?} of {events:?}, before {before:?}");
            assert!(seen.status.is_none(), "{}: after the end", at());
            match *event {
                Event::Revealed { space, zombie } => {
                    let z = &mut seen.zombies[space as usize];
                    assert_eq!(*z, ZombieView::Hidden, "{}", at());
                    assert_eq!(before.phase(), Phase::Reveal, "{}", at());
                    *z = ZombieView::Alive(zombie);
                }
                Event::Drew { card } => {
                    assert_eq!(seen.hand, None, "{}", at());
                    assert!(seen.deck_len > 0, "{}", at());
                    seen.deck_len -= 1;
                    drawn.push(card);
                    seen.hand = Some(card);
                }
                Event::Placed { pile, card } => {
                    assert_eq!(seen.hand.take(), Some(card), "{}", at());
                    assert!(can_place(card, seen.top(pile as usize)), "{}", at());
                    seen.piles[pile as usize].push(card);
                    played = Some(pile);
                }
                Event::Killed {
                    space,
                    zombie,
                    supports,
                } => {
                    let pile = match before.phase() {
                        Phase::Attack { pile } => Some(pile),
                        _ => played,
                    };
                    let s = Space::of(space as usize);
                    assert_eq!(Some(s.adjacent_pile() as u8), pile, "{}", at());
                    let piles = s.support_piles();
                    for (k, Support { pile, card }) in supports.into_iter().enumerate() {
                        assert_eq!(pile as usize, piles[k], "{}", at());
                        assert_eq!(card, seen.top(pile as usize), "{}", at());
                    }
                    assert_eq!(attack(zombie, supports.map(|s| s.card)), Ok(()), "{}", at());
                    let z = &mut seen.zombies[space as usize];
                    assert_eq!(*z, ZombieView::Alive(zombie), "{}", at());
                    *z = ZombieView::Dead(zombie);
                }
                Event::TurnEnded { turns } => {
                    seen.turns += 1;
                    assert_eq!(turns, seen.turns, "{}", at());
                }
                Event::Undone {
                    pile,
                    card,
                    revived,
                    turn_reopened,
                } => {
                    assert!(before.legal_actions().contains(&Action::Undo), "{}", at());
                    assert_eq!(seen.hand, None, "{}", at());
                    let pile = &mut seen.piles[pile as usize];
                    assert!(pile.len() >= 2, "{}", at());
                    assert_eq!(pile.pop(), Some(card), "{}", at());
                    seen.hand = Some(card);
                    if let Some((space, zombie)) = revived {
                        let z = &mut seen.zombies[space as usize];
                        assert_eq!(*z, ZombieView::Dead(zombie), "{}", at());
                        *z = ZombieView::Alive(zombie);
                    }
                    if turn_reopened {
                        seen.turns -= 1;
                    }
                    // Only the current turn: the step before was the
                    // placement, at the turns count now restored.
                    assert_eq!(
                        turn_reopened,
                        matches!(before.phase(), Phase::Reveal | Phase::Draw),
                        "{}",
                        at()
                    );
                }
                Event::HintAsked => {
                    assert_eq!(
                        events.len() - i,
                        1 + usize::from(!seen.assisted),
                        "{}",
                        at()
                    );
                }
                Event::Assisted => {
                    assert!(!seen.assisted, "{}: said twice", at());
                    seen.assisted = true;
                }
                Event::Won { score, assisted } => {
                    assert!(seen
                        .zombies
                        .iter()
                        .all(|z| matches!(z, ZombieView::Dead(_))));
                    assert_eq!(score, seen.deck_len, "{}", at());
                    assert_eq!(assisted, seen.assisted, "{}", at());
                    seen.status = Some(Status::Won { score });
                }
                Event::Lost { reason } => {
                    match reason {
                        LossReason::DeckEmpty => {
                            assert!(seen.deck_len == 0 && seen.hand.is_none(), "{}", at())
                        }
                        LossReason::NoLegalPile { drawn } => {
                            assert_eq!(seen.hand, Some(drawn), "{}", at());
                            assert!((0..PILES).all(|p| !can_place(drawn, seen.top(p))));
                        }
                    }
                    seen.status = Some(Status::Lost(reason));
                }
            }
        }
        assert_eq!(
            seen,
            Seen::of(after),
            "the events {events:?} do not say what happened to {before:?}"
        );
        if !drawn.is_empty() {
            // The cards drawn were the deck's top, in order; the rest of
            // the deck is as it was.
            let mut deck = deck(before);
            let rest = deck.split_off(deck.len() - drawn.len());
            drawn.reverse();
            assert_eq!(rest, drawn, "{events:?}: not the deck's top");
            assert_eq!(deck, self::deck(after), "{events:?}: the deck");
        }
        // A hint leaves the step as it was; after a move, a kill may follow
        // exactly when the last event is a placement.
        let moved = events
            .iter()
            .any(|e| !matches!(e, Event::HintAsked | Event::Assisted));
        if moved {
            assert_eq!(
                matches!(after.phase(), Phase::Attack { .. }),
                matches!(events.last(), Some(Event::Placed { .. })),
                "{events:?}"
            );
        } else {
            assert_eq!(after.phase(), before.phase(), "{events:?}");
        }
    }

    fn check(variant: Variant, seeds: Range<u64>) {
        let start = std::time::Instant::now();
        let games = seeds.end - seeds.start;
        let deal: fn(u64) -> State = match variant {
            Variant::Standard => |seed| State::new(Variant::Standard, seed),
            Variant::Hard => |seed| State::new(Variant::Hard, seed),
            Variant::Nightmare => |seed| State::new(Variant::Nightmare, seed),
        };
        let totals = run(&spec(deal), seeds);
        assert_eq!(totals.games, games);
        assert!(totals.takebacks > 0, "undo and hints were never played");
        assert!(totals.longest > 40, "{variant:?}: {totals:?}");
        println!("{variant:?}: {totals:?} in {:.1?}", start.elapsed());
    }

    #[test]
    fn dead_center_standard_random_games() {
        check(Variant::Standard, SEEDS.quick());
    }

    #[test]
    fn dead_center_hard_random_games() {
        check(Variant::Hard, SEEDS.quick());
    }

    #[test]
    fn dead_center_nightmare_random_games() {
        check(Variant::Nightmare, SEEDS.quick());
    }

    #[test]
    #[ignore]
    fn dead_center_random_games_all() {
        for variant in [Variant::Standard, Variant::Hard, Variant::Nightmare] {
            check(variant, SEEDS.rest());
        }
    }
}

mod murderers_row {
    use super::*;
    use engine::murderers_row::{Action, Event, Killer, Phase, Slot, State, Target};

    fn at(row: &[Slot], card: Killer) -> usize {
        row.iter()
            .position(|s| s.card == card)
            .unwrap_or_else(|| panic!("the {card} is not in the row {row:?}"))
    }

    /// The events of one action agree with the change it made: played on
    /// the state before (its row, dead pile, history, poison, die deck and
    /// discard, phase, counts), they give the state after. An undo's
    /// restored row is checked against a replay of the moves that stand.
    fn events(before: &State, after: &State, events: &[Event]) {
        let fail = |what: &str| -> ! {
            panic!("{what}: events {events:?}\nbefore {before:?}\nafter {after:?}")
        };
        let mut row = before.row();
        let mut dead = before.dead().to_vec();
        let mut history = before.history().to_vec();
        let mut poison = before.poison_pending();
        // Whose activation this is, and the effect it uses.
        let (mut actor, mut effect) = (None, None);
        let mut die = None;
        let mut reshuffled = None;
        let mut taken = None;
        let mut choice = None;
        let mut end = None;
        let (mut activated, mut undone, mut hinted) = (false, false, false);
        let choosing = matches!(before.phase(), Phase::AirStrike { .. });
        if let (Phase::AirStrike { actor: a, target }, false) =
            (before.phase(), events == [Event::Hinted])
        {
            // An Air Strike's choice: its activation is under way.
            let Some(&Action::AlsoKill(second)) = after.history().last() else {
                fail("no Air Strike choice in the history");
            };
            // Both die, in the order of the row (the dead pile's).
            let (t, n) = (at(&row, target), at(&row, second));
            let kills = [
                Event::Killed(row[t.min(n)].card),
                Event::Killed(row[t.max(n)].card),
            ];
            if t.abs_diff(n) != 1 || !events.starts_with(&kills) {
                fail("the Air Strike's two kills");
            }
            history.push(Action::AlsoKill(second));
            actor = Some(a);
        }
        for (i, event) in events.iter().enumerate() {
            match *event {
                Event::Activated { card, copying } => {
                    if i != 0 || activated {
                        fail("an activation is not the first event");
                    }
                    activated = true;
                    let Some(&Action::Activate {
                        card: c,
                        copying: k,
                        target,
                    }) = after.history().last()
                    else {
                        fail("no activation in the history");
                    };
                    if (c, k) != (card, copying) || !row[at(&row, card)].active {
                        fail("not the activation played, or an inactive card");
                    }
                    history.push(Action::Activate {
                        card,
                        copying,
                        target,
                    });
                    actor = Some(card);
                    effect = Some(copying.unwrap_or(card));
                }
                Event::DieTurned {
                    direction,
                    card,
                    pips,
                } => {
                    let aimed = matches!(history.last(),
                        Some(Action::Activate { target: Target::Random(d), .. }) if *d == direction);
                    if !aimed || pips != card.pips() || die.is_some() {
                        fail("a die card turned for another direction, or the wrong pips");
                    }
                    if !before.die_deck_contents().contains(&card) {
                        fail("the die card turned was not in the die deck");
                    }
                    die = Some(card);
                }
                Event::DieReshuffled { cards } => {
                    if die.is_none() {
                        fail("a reshuffle with no die card turned");
                    }
                    reshuffled = Some(usize::from(cards));
                }
                Event::Shot { distance, hit } => {
                    let Some(card) = die else {
                        fail("a shot with no die card");
                    };
                    let from = at(&row, actor.unwrap_or_else(|| fail("no actor")));
                    let reached = match history.last() {
                        Some(Action::Activate {
                            target: Target::Random(engine::murderers_row::Direction::Left),
                            ..
                        }) => from.checked_sub(usize::from(distance)),
                        _ => Some(from + usize::from(distance)).filter(|&j| j < row.len()),
                    };
                    if distance != card.pips() || hit != reached.map(|j| row[j].card) {
                        fail("the shot did not hit what the die card says");
                    }
                }
                Event::Killed(card) => {
                    if taken == Some(card) {
                        taken = None;
                    } else {
                        row.remove(at(&row, card));
                    }
                    dead.push(card);
                }
                Event::Swapped(x, y) => {
                    if effect != Some(Killer::ConMan) {
                        fail("a swap by another effect than the Con Man's");
                    }
                    let (i, j) = (at(&row, x), at(&row, y));
                    row.swap(i, j);
                }
                Event::TookPlace { card, of } => {
                    if actor != Some(card)
                        || !matches!(effect, Some(Killer::Assassin | Killer::Knight))
                    {
                        fail("a place taken by another card than the acting one");
                    }
                    let (from, to) = (at(&row, card), at(&row, of));
                    row[to] = row[from];
                    row.remove(from);
                    taken = Some(of);
                }
                Event::Woke(card) => {
                    let j = at(&row, card);
                    if row[j].active || !matches!(effect, Some(Killer::Medic | Killer::Bugler)) {
                        fail("an active card woken, or not by a Medic or a Bugler");
                    }
                    row[j].active = true;
                }
                Event::AirStrikeChoice { target } => {
                    if effect != Some(Killer::AirStrike) {
                        fail("an Air Strike choice for another effect");
                    }
                    choice = Some(target);
                }
                Event::MadeInactive(card) => {
                    let j = at(&row, card);
                    if actor != Some(card) || !row[j].active || poison {
                        fail("another card made inactive, or a poisoned one");
                    }
                    row[j].active = false;
                }
                Event::PoisonUsed { card, died } => {
                    if actor != Some(card) || !poison {
                        fail("a poison used with none pending, or on another card");
                    }
                    poison = false;
                    if died {
                        row.remove(at(&row, card));
                        dead.push(card);
                    } else if row.iter().any(|s| s.card == card) {
                        fail("the poisoned card lives on");
                    }
                }
                Event::PoisonPending => {
                    if effect != Some(Killer::Poisoner) || poison {
                        fail("a new poison from another effect, or while one was pending");
                    }
                    poison = true;
                }
                Event::Undone {
                    action,
                    ref revived,
                } => {
                    if events.len() != 1 || history.pop() != Some(action) {
                        fail("undo took back another action than the last");
                    }
                    let keep = dead.len().checked_sub(revived.len());
                    let Some(keep) = keep.filter(|&k| dead[k..] == revived[..]) else {
                        fail("the revived cards are not the last dead");
                    };
                    dead.truncate(keep);
                    undone = true;
                }
                Event::Hinted => {
                    if events.len() != 1 {
                        fail("a hint with other events");
                    }
                    hinted = true;
                }
                Event::Won | Event::Lost => {
                    if i + 1 != events.len() {
                        fail("the game's end is not the last event");
                    }
                    end = Some(event.clone());
                }
            }
        }
        if events.is_empty() {
            fail("no events");
        }
        if history != after.history() {
            fail("the history");
        }
        if dead != after.dead() {
            fail("the dead pile");
        }
        let assisted = before.assisted() || undone || hinted;
        if after.assisted() != assisted {
            fail("assisted");
        }
        // The die deck and discard, and the last die card.
        let mut deck = before.die_deck_contents();
        let mut discard = before.die_discard().to_vec();
        if let Some(card) = die {
            deck.retain(|&c| c != card);
            discard.push(card);
            if let Some(cards) = reshuffled {
                deck.append(&mut discard);
                deck.sort();
                if deck.len() != cards {
                    fail("the reshuffled die deck's size");
                }
            }
        }
        if after.die_deck_contents() != deck || after.die_discard() != discard {
            fail("the die deck or its discard");
        }
        let last_die = match (die, activated) {
            (Some(card), _) => Some(card),
            (None, true) => None,
            (None, false) => before.last_die(),
        };
        if after.last_die() != last_die {
            fail("the last die card");
        }
        let finished = u16::from((activated && choice.is_none()) || (choosing && !hinted));
        let activations = before.activations() + finished - u16::from(undone);
        if after.activations() != activations {
            fail("the count of activations");
        }
        if undone {
            // The position before the activation taken back: what its moves
            // give when replayed from the deal.
            let replayed =
                State::restore(after.seed(), after.history(), true).expect("the moves replay");
            if replayed.row() != after.row()
                || replayed.poison_pending() != after.poison_pending()
                || replayed.phase() != after.phase()
                || after.phase() != Phase::Activate
            {
                fail("undo did not restore the position before the activation");
            }
            return;
        }
        if row != after.row() {
            fail("the row");
        }
        if poison != after.poison_pending() {
            fail("the poison");
        }
        let phase = match (end, choice) {
            (Some(Event::Won), _) => Phase::Won,
            (Some(_), _) => Phase::Lost,
            (None, Some(target)) => Phase::AirStrike {
                actor: actor.unwrap_or_else(|| fail("no actor")),
                target,
            },
            (None, None) if hinted => before.phase(),
            (None, None) => Phase::Activate,
        };
        if after.phase() != phase {
            fail("the phase");
        }
        if let Phase::AirStrike { target, .. } = phase {
            let j = at(&row, target);
            if j == 0 || j + 1 == row.len() {
                fail("an Air Strike choice with a card missing on one side");
            }
        }
    }

    /// 10,000 random deals; `cargo test` plays the first 5,000.
    const SEEDS: Seeds = Seeds {
        quick: 5_000,
        all: 10_000,
    };

    /// Random play can cycle (the Medic and the Bugler revive each other, the
    /// Con Man swaps, the die deck is reshuffled), so no bound holds for
    /// every game; a game still running after this many actions is stopped
    /// and counted. With 10 cards and one kill needed per few activations a
    /// finished game is far shorter (see `longest` in the output).
    const MAX_ACTIONS: usize = 400;

    fn check_games(seeds: Range<u64>) {
        let start = std::time::Instant::now();
        let games = seeds.end - seeds.start;
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
            events,
            views: None,
            // The app saves this game as its deal and moves (tested there).
        };
        let totals = run(&spec, seeds);
        println!("Murderers' Row: {totals:?} in {:.1?}", start.elapsed());
        assert_eq!(totals.games, games);
        assert!(totals.takebacks > 0, "undo was never played");
        // Cycling forever must stay rare under random play.
        assert!(totals.unfinished * 100 < games, "{totals:?}");
    }

    #[test]
    fn murderers_row_random_games() {
        check_games(SEEDS.quick());
    }

    #[test]
    #[ignore]
    fn murderers_row_random_games_all() {
        check_games(SEEDS.rest());
    }
}

mod serial_killer {
    use super::*;
    use engine::seats::{Level, Seat, SeatKind};
    use engine::serial_killer::{
        grave_is_open, role, Action, ClueCause, Event, Landing, Phase, ReshuffleCause, Role, State,
        Tip, CLUES,
    };
    use engine::Multiplayer;

    /// 10,000 random deals with 2–6 players; `cargo test` plays 1,500.
    const SEEDS: Seeds = Seeds {
        quick: 1_500,
        all: 10_000,
    };

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

    /// The computer player of the seat to act, from its view and the
    /// game's bot seed: Simple mostly, Strong one time in 64.
    fn choose(state: &State, seed: u64) -> Action {
        let seat = state.to_act().expect("a seat to act");
        let level = if seed.is_multiple_of(64) {
            Level::Strong
        } else {
            Level::Simple
        };
        State::bot_action(&state.view(seat), level, state.bot_seed())
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

    /// The public table as the events tell it, event by event from the
    /// state before; it must end as the state after.
    struct Told {
        graves: Vec<Vec<Card>>,
        clues: Vec<u8>,
        held: Vec<Vec<Card>>,
        arrested: Vec<bool>,
        stack: usize,
        known_bottom: Vec<Card>,
        /// Who acts (none once the game is over).
        current: Option<Seat>,
        /// The graves of the turn (a card to draw for each), and how many
        /// were drawn for.
        targets: Vec<u8>,
        drawn: usize,
        /// The drawn Jack or Ace waiting, and its grave.
        waiting: Option<(Card, u8)>,
        winners: Vec<Seat>,
    }

    /// The events of an action agree with the change of state: replayed on
    /// the public table before, one by one (each checked against the table
    /// as it stands then), they give the public table after.
    fn events(before: &State, after: &State, events: &[Event]) {
        let seats: Vec<Seat> = Seat::all(before.players()).collect();
        let mut told = Told {
            graves: before.graves().to_vec(),
            clues: seats.iter().map(|&s| before.clues(s)).collect(),
            held: seats.iter().map(|&s| before.held(s)).collect(),
            arrested: seats.iter().map(|&s| before.is_arrested(s)).collect(),
            stack: before.stack_len(),
            known_bottom: before.stack_known_bottom().to_vec(),
            current: Some(before.current()),
            targets: before.turn_targets(),
            drawn: usize::from(before.drawn_this_turn()),
            waiting: match before.phase() {
                Phase::Drawn { card, grave } => Some((card, grave)),
                _ => None,
            },
            winners: Vec::new(),
        };
        assert!(!events.is_empty(), "an action says what it did");
        let mut turn_ended = false;
        let mut penalty = false;
        let mut reshuffles = 0;
        let mut informant: Option<(Seat, Tip)> = None;
        for (i, event) in events.iter().enumerate() {
            let at = || format!("event {i} of {events:?}, before {before:?}");
            // The clue an informant moves is told right after it.
            let tip = informant.take();
            match event.clone() {
                Event::Drawn {
                    seat,
                    card,
                    grave,
                    landing,
                } => {
                    assert_eq!(Some(seat), told.current, "{}", at());
                    assert_eq!(told.waiting, None, "{}", at());
                    assert_eq!(told.targets.get(told.drawn), Some(&grave), "{}", at());
                    told.drawn += 1;
                    assert!(told.stack > 0, "{}", at());
                    told.stack -= 1;
                    told.known_bottom.truncate(told.stack);
                    let g = usize::from(grave);
                    match (landing, role(card)) {
                        (Landing::Missed, Role::Number) | (Landing::Killed, Role::Victim) => {
                            told.graves[g].push(card)
                        }
                        (Landing::Waiting, Role::Corpse | Role::Informant) => {
                            told.waiting = Some((card, grave))
                        }
                        _ => panic!("{}: the {card:?} cannot land {landing:?}", at()),
                    }
                }
                Event::Held { seat, card } => {
                    assert_eq!(Some(seat), told.current, "{}", at());
                    assert_eq!(told.waiting.take().map(|w| w.0), Some(card), "{}", at());
                    told.held[seat.index()].push(card);
                }
                Event::Buried {
                    seat,
                    card,
                    grave,
                    from_hand,
                } => {
                    assert_eq!(Some(seat), told.current, "{}", at());
                    assert_eq!(role(card), Role::Corpse, "{}", at());
                    if from_hand {
                        assert_eq!(before.phase(), Phase::Plays, "{}", at());
                        let hand = &mut told.held[seat.index()];
                        let k = hand.iter().position(|&c| c == card).expect("held");
                        hand.remove(k);
                    } else {
                        assert_eq!(told.waiting.take(), Some((card, grave)), "{}", at());
                    }
                    let g = usize::from(grave);
                    assert!(grave_is_open(&told.graves[g]), "{}", at());
                    told.graves[g].push(card);
                }
                Event::Informed {
                    seat,
                    card,
                    grave,
                    tip,
                    from_hand,
                } => {
                    assert_eq!(Some(seat), told.current, "{}", at());
                    assert_eq!(role(card), Role::Informant, "{}", at());
                    if from_hand {
                        assert_eq!(before.phase(), Phase::Plays, "{}", at());
                        let hand = &mut told.held[seat.index()];
                        let k = hand.iter().position(|&c| c == card).expect("held");
                        hand.remove(k);
                    } else {
                        assert_eq!(told.waiting.take().map(|w| w.0), Some(card), "{}", at());
                    }
                    let pile = &mut told.graves[usize::from(grave)];
                    assert_eq!(
                        pile.last().map(|&c| role(c)),
                        Some(Role::Victim),
                        "{}",
                        at()
                    );
                    pile.push(card);
                    informant = Some((seat, tip));
                }
                Event::ClueLost { seat, clues, cause } => {
                    match cause {
                        ClueCause::NoVictim => {
                            assert_eq!(Some(seat), told.current, "{}", at());
                            assert!(!penalty, "{}", at());
                            penalty = true;
                        }
                        ClueCause::InformedOn { by } => {
                            assert_eq!(tip, Some((by, Tip::InformOn(seat))), "{}", at())
                        }
                    }
                    let had = &mut told.clues[seat.index()];
                    assert_eq!(*had, clues + 1, "{}", at());
                    *had = clues;
                }
                Event::ClueTakenBack { seat, clues } => {
                    assert_eq!(tip, Some((seat, Tip::Discredit)), "{}", at());
                    let had = &mut told.clues[seat.index()];
                    assert_eq!(*had + 1, clues, "{}", at());
                    assert!(clues <= CLUES, "{}", at());
                    *had = clues;
                }
                Event::Reshuffled { cause, stack } => {
                    match cause {
                        ReshuffleCause::GravesClosed => {
                            assert!(told.graves.iter().all(|g| !grave_is_open(g)), "{}", at())
                        }
                        ReshuffleCause::StackEmpty => {
                            assert_eq!(told.stack, 0, "{}", at());
                            assert!(told.drawn < told.targets.len(), "{}", at());
                        }
                    }
                    for grave in &mut told.graves {
                        told.stack += grave.len();
                        grave.clear();
                    }
                    told.known_bottom.clear();
                    assert_eq!(usize::from(stack), told.stack, "{}", at());
                    reshuffles += 1;
                }
                Event::TurnEnded { seat } => {
                    assert_eq!(before.phase(), Phase::Plays, "{}", at());
                    assert_eq!(Some(seat), told.current, "{}", at());
                    assert!(!turn_ended, "{}", at());
                    turn_ended = true;
                }
                Event::Arrested { seat, returned } => {
                    assert!(turn_ended && told.current.is_some(), "{}", at());
                    let i = seat.index();
                    assert!(told.clues[i] == 0 && !told.arrested[i], "{}", at());
                    assert_eq!(returned, told.held[i], "{}", at());
                    told.held[i].clear();
                    told.arrested[i] = true;
                    told.stack += returned.len();
                    told.known_bottom.splice(0..0, returned);
                }
                Event::TurnBegan { seat, graves } => {
                    assert!(turn_ended && told.current.is_some(), "{}", at());
                    assert!(!told.arrested[seat.index()], "{}", at());
                    let open: Vec<u8> = (0..told.graves.len() as u8)
                        .filter(|&g| grave_is_open(&told.graves[usize::from(g)]))
                        .collect();
                    assert_eq!(graves, open, "{}", at());
                    told.current = Some(seat);
                    told.targets = graves;
                    told.drawn = 0;
                }
                Event::GameOver { winners } => {
                    assert!(turn_ended && told.current.is_some(), "{}", at());
                    told.current = None;
                    told.winners = winners;
                }
            }
        }
        let at = format!("{events:?} from {before:?} to {after:?}");
        assert_eq!(told.graves, after.graves().to_vec(), "graves: {at}");
        for &seat in &seats {
            let i = seat.index();
            assert_eq!(told.clues[i], after.clues(seat), "clues: {at}");
            assert_eq!(told.arrested[i], after.is_arrested(seat), "arrests: {at}");
            let mut held = told.held[i].clone();
            held.sort();
            assert_eq!(held, sorted(after.held(seat)), "held: {at}");
        }
        assert_eq!(told.stack, after.stack_len(), "stack: {at}");
        assert_eq!(told.known_bottom, after.stack_known_bottom(), "{at}");
        assert_eq!(told.current, after.to_act(), "who acts: {at}");
        assert_eq!(told.winners, after.winners(), "winners: {at}");
        let next = told.targets.get(told.drawn).copied();
        let phase = match (told.current, told.waiting, next) {
            (None, ..) => Phase::Over,
            (Some(_), Some((card, grave)), _) => Phase::Drawn { card, grave },
            (Some(_), None, Some(grave)) => Phase::Draw { grave },
            (Some(_), None, None) => Phase::Plays,
        };
        assert_eq!(phase, after.phase(), "phase: {at}");
        assert_eq!(told.targets, after.turn_targets(), "{at}");
        assert_eq!(told.drawn, usize::from(after.drawn_this_turn()), "{at}");
        assert_eq!(after.reshuffles(), before.reshuffles() + reshuffles, "{at}");
        assert_eq!(
            after.turns(),
            before.turns() + u32::from(turn_ended),
            "{at}"
        );
        // The penalty is told exactly when this action ended the draws of a
        // turn without a kill.
        let draws_ended =
            !matches!(before.phase(), Phase::Plays) && matches!(after.phase(), Phase::Plays);
        assert_eq!(penalty, draws_ended && !after.killed_this_turn(), "{at}");
    }

    fn check_games(seeds: Range<u64>) {
        let start = std::time::Instant::now();
        let games = seeds.end - seeds.start;
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
            events,
            // Everything is public but the victim stack's order, which a
            // re-deal shuffles again (with the generator).
            views: Some(Views {
                seats: |state| state.seat_count(),
                view: |state, seat| serde_json::to_string(&state.view(seat)).expect("a view"),
                redeal: |state, _, seed| state.redeal(seed),
            }),
        };
        let totals = run(&spec, seeds);
        println!("Serial Killer: {totals:?} in {:.1?}", start.elapsed());
        assert_eq!(totals.games, games);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
        assert!(totals.redeals > 0);
    }

    #[test]
    fn serial_killer_random_games() {
        check_games(SEEDS.quick());
    }

    #[test]
    #[ignore]
    fn serial_killer_random_games_all() {
        check_games(SEEDS.rest());
    }
}

mod joker {
    use super::*;
    use engine::joker::{Action, Event, Lock, Phase, State, CELLS, JOKER};
    use engine::seats::{Level, Seat, SeatKind};
    use engine::Multiplayer;

    /// 10,000 random deals with 2–4 players, teams one game in three;
    /// `cargo test` plays 1,500.
    const SEEDS: Seeds = Seeds {
        quick: 1_500,
        all: 10_000,
    };

    /// Probes never end a round, so no bound holds for every game: a game
    /// still running after this many actions is stopped and counted (and
    /// must not happen: half the actions are the bot's, and the Simple bot
    /// shoots a turn in five when it may). Real games are far shorter (see
    /// `longest` in the output).
    const MAX_ACTIONS: usize = 3_000;

    /// One action in this many (by a hash of the state and the action) has
    /// its events checked against the whole history and against states the
    /// seats cannot tell apart ([`what_if`]): the costly part of
    /// [`events`].
    const WHAT_IF_EVERY: u64 = 256;

    /// How many times [`what_if`] compared the events of two states a
    /// seat cannot tell apart.
    static WHAT_IFS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

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

    /// The computer of the seat to act, from that seat's view and the
    /// state's own bot seed: Simple mostly, Strong one time in 16 (chosen
    /// by the harness's seed).
    fn choose(state: &State, seed: u64) -> Action {
        let seat = state.to_act().expect("a seat to act");
        let level = if seed.is_multiple_of(16) {
            Level::Strong
        } else {
            Level::Simple
        };
        State::bot_action(&state.view(seat), level, state.bot_seed())
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

    /// The action whose events these are: a probe's `Asked`, an answer's
    /// `Probe`, a shot's `Shot` come first.
    fn action_of(events: &[Event]) -> Action {
        match events.first() {
            Some(&Event::Asked { cell, .. }) => Action::Probe(cell),
            Some(&Event::Probe { answer, .. }) => Action::Answer(answer),
            Some(&Event::Shot { cell, .. }) => Action::Shoot(cell),
            _ => panic!("no action starts with {events:?}"),
        }
    }

    /// The events agree with the change of state: each kind with what it
    /// says (the phase, the turn, the log, the face-up cards, the points,
    /// the round, the result), every seat learns each whole, and, for one
    /// action in [`WHAT_IF_EVERY`], the history grew by exactly these
    /// events and [`what_if`] finds no secret in them.
    fn events(before: &State, after: &State, events: &[Event]) {
        let fail =
            |why: &str| -> ! { panic!("{why}: {events:?}\nbefore: {before:?}\nafter: {after:?}") };
        let logged = before.log().len();
        let new_log = after.log().get(logged..).unwrap_or_default();
        let same_round = |round: u8| usize::from(round) == before.round();
        match events {
            [Event::Asked {
                round,
                seat,
                cell,
                roll,
            }] => {
                if before.phase() != Phase::Turn
                    || after.phase()
                        != (Phase::Answer {
                            cell: *cell,
                            roll: *roll,
                        })
                    || *seat != before.current()
                    || after.current() != *seat
                    || !same_round(*round)
                    || after.log().len() != logged
                    || after.face_up() != before.face_up()
                {
                    fail("a probe asked, not as the state says");
                }
            }
            [event @ Event::Probe {
                round,
                seat,
                cell,
                roll,
                answer,
            }] => {
                if before.phase()
                    != (Phase::Answer {
                        cell: *cell,
                        roll: *roll,
                    })
                    || !before.allowed_answers().is_some_and(|a| a.contains(answer))
                    || *seat != before.current()
                    || !same_round(*round)
                    || new_log != [event.clone()]
                    || after.phase() != Phase::Turn
                    || after.current() != before.next_vigilante(*seat)
                    || after.face_up() != before.face_up()
                {
                    fail("an answer, not as the state says");
                }
            }
            [event @ Event::Shot {
                round,
                seat,
                cell,
                card,
            }] => {
                let mut face_up = before.face_up();
                face_up.insert(*cell);
                if event.is_hit()
                    || before.phase() != Phase::Turn
                    || *seat != before.current()
                    || !before.can_shoot(*seat)
                    || !same_round(*round)
                    || before.face_up().contains(*cell)
                    || after.card_if_face_up(*cell) != Some(*card)
                    || after.face_up() != face_up
                    || new_log != [event.clone()]
                    || after.can_shoot(*seat)
                    || after.current() != before.next_vigilante(*seat)
                    || after.points(*seat) != before.points(*seat)
                    || after.round() != before.round()
                {
                    fail("a miss, not as the state says");
                }
            }
            [event @ Event::Shot {
                round, seat, cell, ..
            }, end] => {
                if !event.is_hit()
                    || before.phase() != Phase::Turn
                    || *seat != before.current()
                    || !before.can_shoot(*seat)
                    || !same_round(*round)
                    || before.joker() != *cell
                    || new_log != [event.clone()]
                    || after.points(*seat) != before.points(*seat) + 1
                {
                    fail("a hit, not as the state says");
                }
                match end {
                    Event::NextRound { round, informant } => {
                        if usize::from(*round) != before.round() + 1
                            || after.round() != usize::from(*round)
                            || after.informant() != *informant
                            || after.phase() != Phase::Turn
                            || !after.face_up().is_empty()
                        {
                            fail("a next round, not as the state says");
                        }
                    }
                    Event::GameOver { winners, score } => {
                        if !after.is_over()
                            || before.round() + 1 != before.rounds()
                            || after.winners() != winners
                            || winners.first().map(|&w| after.score(w)) != Some(*score)
                        {
                            fail("the game's end, not as the state says");
                        }
                    }
                    _ => fail("a hit not followed by the round's end"),
                }
            }
            _ => fail("events of no action"),
        }
        for seat in Seat::all(before.players()) {
            for event in events {
                if after.redact(event, seat) != *event {
                    fail("an event redacted: the events hold no secret");
                }
            }
        }
        let mut hash = before.bot_seed() ^ 0x5EED;
        for byte in format!("{:?}", events[0]).bytes() {
            hash = hash.rotate_left(5) ^ u64::from(byte);
        }
        if !hash
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .is_multiple_of(WHAT_IF_EVERY)
        {
            return;
        }
        let mut history = before.history();
        if matches!(history.last(), Some(Event::Asked { .. })) {
            history.pop();
        }
        history.extend_from_slice(events);
        if after.history() != history {
            fail("the history did not grow by these events");
        }
        what_if(before, after, events, hash);
    }

    /// `state` changed through its serialised form (the harness cannot
    /// reach the state's fields): `edit` gets the JSON object.
    fn edited(state: &State, edit: impl FnOnce(&mut serde_json::Value)) -> State {
        let mut json = serde_json::to_value(state).expect("a state serialises");
        edit(&mut json);
        serde_json::from_value(json).expect("an edited state reads back")
    }

    /// Nothing a seat may not know is in the events as redacted for it:
    /// the same action from a state the seat cannot tell apart, when it
    /// leaves the seat the same view (but for the log, where the events
    /// themselves go), gives it the same events. Two such states: the
    /// generator re-seeded (the rolls and grids to come), for every seat;
    /// and the Joker moved to another cell that fits the log (not the one
    /// acted on; the generator kept, so that the roll is the same), for
    /// every seat but the round's Informant.
    fn what_if(before: &State, after: &State, events: &[Event], hash: u64) {
        let action = action_of(events);
        let acted_on = match action {
            Action::Probe(cell) | Action::Shoot(cell) => Some(cell),
            Action::Answer(_) => None,
        };
        let reseeded = edited(before, |json| {
            json["rng"] = serde_json::to_value(Pcg32::seed_from_u64(hash)).expect("a generator");
        });
        let joker = before.joker();
        let elsewhere = before
            .consistent_cells()
            .iter()
            .filter(|&c| c != joker && Some(c) != acted_on)
            .nth((hash >> 32) as usize % 25);
        let moved = elsewhere.map(|cell| {
            edited(before, |json| {
                let grid = json["grid"].as_array_mut().expect("a grid");
                grid.swap(joker.index(), cell.index());
            })
        });
        for seat in Seat::all(before.players()) {
            let seen = |state: &State| {
                let mut view = serde_json::to_value(state.view(seat)).expect("a view");
                view.as_object_mut().expect("a view object").remove("log");
                view
            };
            let informant = before.informant() == seat;
            let others = std::iter::once(&reseeded).chain(moved.iter().filter(|_| !informant));
            for other in others {
                let mut other_after = other.clone();
                let Ok(other_events) = other_after.apply(action) else {
                    continue; // an answer the other Joker does not allow
                };
                if seen(&other_after) != seen(after) {
                    continue; // the seat learns the difference anyway
                }
                WHAT_IFS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let redacted = |state: &State, events: &[Event]| -> Vec<Event> {
                    events.iter().map(|e| state.redact(e, seat)).collect()
                };
                assert_eq!(
                    redacted(&other_after, &other_events),
                    redacted(after, events),
                    "{seat:?} learns from {action:?}'s events what it may not know"
                );
            }
        }
    }

    fn check_games(seeds: Range<u64>) {
        let games = seeds.end - seeds.start;
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
            events,
            views: Some(Views {
                seats: |state| state.players(),
                view: |state, seat| {
                    serde_json::to_string(&state.view(seat)).expect("a view serialises")
                },
                redeal: |state, seat, seed| state.redeal(seat, seed),
            }),
        };
        let start = std::time::Instant::now();
        let totals = run(&spec, seeds);
        let what_ifs = WHAT_IFS.load(std::sync::atomic::Ordering::Relaxed);
        println!(
            "Joker: {totals:?}, {what_ifs} what-ifs, in {:.1?}",
            start.elapsed()
        );
        assert_eq!(totals.games, games);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
        assert!(totals.redeals > 10 * games, "{totals:?}");
        assert!(what_ifs > games, "{what_ifs} what-ifs");
    }

    #[test]
    fn joker_random_games() {
        check_games(SEEDS.quick());
    }

    #[test]
    #[ignore]
    fn joker_random_games_all() {
        check_games(SEEDS.rest());
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
    /// first 250 (every variant and seating among them; about 70 ms of CPU
    /// per game with every check, the events' ledger and the seat views
    /// under re-deals included, whatever the profile, as the engine is
    /// optimised in both), and the ignored test
    /// `detective_graves_random_games_all` the other 9,750 (about 11 minutes
    /// of CPU: `cargo test -p engine --test harness -- --ignored detective`).
    const SEEDS: Seeds = Seeds {
        quick: 250,
        all: 10_000,
    };

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

    fn check_games(seeds: Range<u64>) {
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
        check_games(SEEDS.quick());
    }

    #[test]
    #[ignore]
    fn detective_graves_random_games_all() {
        check_games(SEEDS.rest());
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
