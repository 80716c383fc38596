//! Serial Killer in the harness: its [`Spec`] (deals of 2–6 players, its
//! bots, clues conserved, the events against the public table) and its tests.

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
