//! Dead Center in the harness: its [`Spec`] (one per variant), how its
//! events must agree with the change of state, and its tests.

use super::*;
use engine::dead_center::{
    attack, can_place, Action, Event, LossReason, Phase, Space, State, Status, Support, Variant,
    ZombieView, PILES, SPACES,
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
