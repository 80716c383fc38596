//! One test per clause of the published rule text and per Dead Center ruling
//! of `docs/rulings.md`. Each test's name says which clause it checks; the comment
//! above it quotes or paraphrases the clause.

use super::*;
use crate::cards::{JACK, KING, QUEEN};

mod all_actions;
mod attack;
mod end;
mod events;
mod legal_pile;
mod setup;
mod turn_order;
mod undo;
mod validate;
mod zombie_spaces;

fn h(rank: u8) -> Card {
    Card::new(rank, Suit::Hearts)
}
fn d(rank: u8) -> Card {
    Card::new(rank, Suit::Diamonds)
}
fn s(rank: u8) -> Card {
    Card::new(rank, Suit::Spades)
}
fn c(rank: u8) -> Card {
    Card::new(rank, Suit::Clubs)
}
const JOKER: Card = Card::Joker(0);

impl State {
    /// A hand-built position: one card on each pile, the given zombies, the
    /// deck (top card last) and the step to take. No undo record, turn 0.
    pub(crate) fn from_parts(
        tops: [Card; PILES],
        zombies: [Zombie; SPACES],
        deck: Vec<Card>,
        phase: Phase,
    ) -> State {
        State {
            variant: Variant::Standard,
            seed: 0,
            cabin: tops.map(|card| vec![card]),
            zombies,
            deck,
            phase,
            turns: 0,
            undoable: None,
            assisted: false,
            history: Vec::new(),
        }
    }

    /// Replaces the top of some piles (test positions only).
    fn with_tops(mut self, tops: &[(usize, Card)]) -> State {
        for &(pile, card) in tops {
            self.cabin[pile] = vec![card];
        }
        self
    }

    fn with_zombie(mut self, space: usize, zombie: Zombie) -> State {
        self.zombies[space] = zombie;
        self
    }
}

/// The twelve face cards, one per space: J, Q, K of clubs, diamonds, hearts, spades.
fn face_cards() -> [Card; ZOMBIES] {
    let mut faces = [JOKER; ZOMBIES];
    let mut i = 0;
    for suit in Suit::ALL {
        for rank in [JACK, QUEEN, KING] {
            faces[i] = Card::new(rank, suit);
            i += 1;
        }
    }
    faces
}

/// A board of aces, twos and a three: no two supports reach 10 anywhere.
const WEAK_BOARD: [Card; PILES] = [
    Card::new(1, Suit::Clubs),
    Card::new(1, Suit::Diamonds),
    Card::new(1, Suit::Hearts),
    Card::new(1, Suit::Spades),
    Card::new(2, Suit::Clubs),
    Card::new(2, Suit::Diamonds),
    Card::new(2, Suit::Hearts),
    Card::new(2, Suit::Spades),
    Card::new(3, Suit::Clubs),
];

fn all_face_up() -> [Zombie; SPACES] {
    face_cards().map(Zombie::FaceUp)
}

fn all_face_down() -> [Zombie; SPACES] {
    face_cards().map(Zombie::FaceDown)
}

/// Every zombie face up on a weak board, with `drawn` in hand and a few
/// cards left in the deck.
fn placing(drawn: Card) -> State {
    State::from_parts(
        WEAK_BOARD,
        all_face_up(),
        vec![c(4), d(4), h(4)],
        Phase::Place { drawn },
    )
}

/// A corner position: pile 0 holds 5♦ and 5♠ is in hand. The zombie above
/// column 0 (space 0, J♥) is supported by piles 3 and 6 (4♣ + 6♣ = 10); the
/// zombie left of row 0 (space 6, J♠) by piles 1 and 2 (A♦ + A♥ = 2).
fn corner_attack() -> State {
    placing(s(5))
        .with_tops(&[(0, d(5)), (3, c(4)), (6, c(6)), (1, d(1)), (2, h(1))])
        .with_zombie(0, Zombie::FaceUp(h(JACK)))
        .with_zombie(6, Zombie::FaceUp(s(JACK)))
}

/// Applies `action` to a copy of `state`, expects it refused, checks that
/// the copy is unchanged, and returns the error.
/// `check` says the same, without changing anything either.
fn refused(state: &State, action: Action) -> RuleError {
    let mut copy = state.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, state, "refusing {action:?} changed the state");
    assert_eq!(state.check(&action), Err(err), "check disagrees with apply");
    err
}

fn applied(state: &State, action: Action) -> State {
    events_of(state, action).0
}

/// Applies `action` to a copy of `state` (which `check` must accept) and
/// returns the new state and the events.
fn events_of(state: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(state.check(&action), Ok(()), "check refuses {action:?}");
    let mut next = state.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e:?}"));
    (next, events)
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

/// Eleven zombies dead and the Jack of hearts alive above column 0, killable
/// by playing 5♠ on pile 0.
fn last_zombie(deck: Vec<Card>) -> State {
    let mut state = corner_attack();
    state.zombies = face_cards().map(Zombie::Dead);
    state.zombies[0] = Zombie::FaceUp(h(JACK));
    state.deck = deck;
    state
}

/// Positions in every step of a turn.
fn sample_positions() -> Vec<State> {
    let corner = corner_attack();
    let attack = applied(&corner, Action::Place(0));
    let ended = applied(&attack, Action::Kill(0));
    let fresh = State::new(Variant::Standard, 8);
    let revealed = applied(&fresh, Action::Reveal(4));
    let won = applied(
        &applied(&last_zombie(vec![c(4)]), Action::Place(0)),
        Action::Kill(0),
    );
    let reveal_or_undo = applied(
        &placing(s(5))
            .with_tops(&[(0, d(5))])
            .with_zombie(10, Zombie::FaceDown(s(KING))),
        Action::Place(0),
    );
    let lost = applied(
        &State::from_parts(WEAK_BOARD, all_face_up(), Vec::new(), Phase::Draw),
        Action::Draw,
    );
    vec![
        fresh,
        revealed,
        corner,
        attack,
        ended,
        reveal_or_undo,
        won,
        lost,
    ]
}
