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
    use engine::dead_center::{
        attack, can_place, Action, Event, LossReason, Phase, Space, State, Status, Support,
        Variant, ZombieView, PILES, SPACES,
    };

    /// 3,400 games per variant: 10,200 in all.
    const GAMES_PER_VARIANT: u64 = 3_400;

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

    fn check(variant: Variant, deal: fn(u64) -> State) {
        let start = std::time::Instant::now();
        let totals = run(&spec(deal), 0..GAMES_PER_VARIANT);
        assert_eq!(totals.games, GAMES_PER_VARIANT);
        assert!(totals.takebacks > 0, "undo and hints were never played");
        assert!(totals.longest > 40, "{variant:?}: {totals:?}");
        println!("{variant:?}: {totals:?} in {:.1?}", start.elapsed());
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
        bot, Action, Card as DgCard, Evidence, EvidenceAt, Length, Outcome, Phase, Piece, State,
        Variant, ROW, TIME_TOKENS,
    };
    use engine::seats::{Level, Seat, SeatKind};

    /// Random deals of every variant, 10,000 in all: `cargo test` plays the
    /// first 1,000 (every variant and seating among them; about 25 ms of CPU
    /// per game with every check, whatever the profile, as the engine is
    /// optimised in both), and the ignored test
    /// `detective_graves_random_games_all` the other 9,000 (a few minutes:
    /// `cargo test -p engine --test harness -- --ignored detective`).
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

    fn choose(state: &State, seed: u64) -> Action {
        let view = state.view(state.to_act().expect("a seat to act"));
        bot::simple_action(&view, &mut Pcg32::seed_from_u64(seed))
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
            events: transitional_no_event_check,
            views: None,
        }
    }

    fn check_games(seeds: std::ops::Range<u64>) {
        let start = std::time::Instant::now();
        let games = seeds.end - seeds.start;
        let totals = run(&spec(), seeds);
        println!("Detective Graves: {totals:?} in {:.1?}", start.elapsed());
        assert_eq!(totals.games, games);
        assert_eq!(totals.unfinished, 0, "{totals:?}");
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
}
