//! Dead Center: a solitaire game. Nine number cards form a 3×3 cabin; twelve
//! face-card zombies lie face down around it. Each turn: reveal a zombie, play
//! the drawn card on a legal pile, then perhaps kill a zombie next to it.
//!
//! Every action, asking for a hint and undo included, goes through
//! [`Game::apply`], which says what happened as [`Event`]s.
//!
//! Layout: piles are numbered row by row, `row * 3 + col`. Zombie spaces are
//! numbered 0–2 above the columns, 3–5 below the columns, 6–8 left of the rows
//! and 9–11 right of the rows (see [`Space`]).

pub mod advice;
mod compact;
pub mod difficulty;
pub mod hint;
pub mod solver;
#[cfg(test)]
mod tests;

use crate::cards::{shuffle, Card, Colour, Suit, KING, QUEEN};
use crate::game::Game;
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const PILES: usize = 9;
pub const SPACES: usize = 12;
pub const ZOMBIES: usize = 12;

/// How many jokers are shuffled in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Two jokers.
    #[default]
    Standard,
    /// One joker (the designer's preferred game).
    Hard,
    /// No jokers.
    Nightmare,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Hard, Variant::Nightmare];

    pub fn jokers(self) -> u8 {
        match self {
            Variant::Standard => 2,
            Variant::Hard => 1,
            Variant::Nightmare => 0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Hard => "Hard",
            Variant::Nightmare => "Nightmare",
        }
    }

    /// The short name used in URLs and storage keys.
    pub fn slug(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Hard => "hard",
            Variant::Nightmare => "nightmare",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.slug() == slug)
    }
}

/// Which side of the cabin a zombie space lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Above,
    Below,
    Left,
    Right,
}

/// A zombie space: its side and the column (above/below) or row (left/right)
/// it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    pub side: Side,
    pub index: usize,
}

impl Space {
    pub fn of(space: usize) -> Space {
        let side = match space / 3 {
            0 => Side::Above,
            1 => Side::Below,
            2 => Side::Left,
            _ => Side::Right,
        };
        Space {
            side,
            index: space % 3,
        }
    }

    /// The cabin pile next to this space.
    pub fn adjacent_pile(self) -> usize {
        match self.side {
            Side::Above => self.index,
            Side::Below => 6 + self.index,
            Side::Left => 3 * self.index,
            Side::Right => 3 * self.index + 2,
        }
    }

    /// The three piles of the row or column through this space.
    pub fn line(self) -> [usize; 3] {
        match self.side {
            Side::Above | Side::Below => [self.index, 3 + self.index, 6 + self.index],
            Side::Left | Side::Right => [3 * self.index, 3 * self.index + 1, 3 * self.index + 2],
        }
    }

    /// The two piles whose top cards support an attack from the adjacent pile.
    pub fn support_piles(self) -> [usize; 2] {
        let adjacent = self.adjacent_pile();
        let [a, b, c] = self.line();
        match adjacent {
            p if p == a => [b, c],
            p if p == c => [a, b],
            _ => [a, c],
        }
    }

    pub fn describe(self) -> String {
        let n = self.index + 1;
        match self.side {
            Side::Above => format!("above column {n}"),
            Side::Below => format!("below column {n}"),
            Side::Left => format!("left of row {n}"),
            Side::Right => format!("right of row {n}"),
        }
    }
}

/// The zombie spaces next to each pile, in increasing order (see [`Space`]).
const NEXT_TO: [&[usize]; PILES] = [
    &[0, 6],
    &[1],
    &[2, 9],
    &[7],
    &[],
    &[10],
    &[3, 8],
    &[4],
    &[5, 11],
];

/// [`Space::adjacent_pile`] of each space, for the hot paths.
const ADJACENT_PILE: [usize; SPACES] = [0, 1, 2, 6, 7, 8, 0, 3, 6, 2, 5, 8];

/// [`Space::support_piles`] of each space, for the hot paths.
const SUPPORT_PILES: [[usize; 2]; SPACES] = [
    [3, 6],
    [4, 7],
    [5, 8],
    [0, 3],
    [1, 4],
    [2, 5],
    [1, 2],
    [4, 5],
    [7, 8],
    [0, 1],
    [3, 4],
    [6, 7],
];

/// The zombie spaces next to a pile (corners have two, edges one, the centre none).
pub fn spaces_next_to(pile: usize) -> impl Iterator<Item = usize> {
    NEXT_TO.get(pile).copied().unwrap_or(&[]).iter().copied()
}

/// Room reserved in each cabin pile so that a game's placements rarely grow it.
const PILE_CAPACITY: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Zombie {
    FaceDown(Card),
    FaceUp(Card),
    Dead(Card),
}

/// What a player may see of a zombie space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZombieView {
    Hidden,
    Alive(Card),
    Dead(Card),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Choose a face-down zombie to turn over (the card is then drawn at once).
    Reveal,
    /// Draw the top card of the deck (only once every zombie is face up).
    Draw,
    /// Play the drawn card on a legal pile.
    Place {
        drawn: Card,
    },
    /// The card went on `pile`; a zombie next to it may be killed, or not.
    Attack {
        pile: u8,
    },
    Won,
    Lost(LossReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossReason {
    /// A card had to be drawn but the deck was empty.
    DeckEmpty,
    /// The drawn card could go on no pile.
    NoLegalPile { drawn: Card },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Reveal(u8),
    Draw,
    Place(u8),
    Kill(u8),
    /// Finish the turn without killing.
    EndTurn,
    /// Take back this turn's placement and kill (never a reveal or a draw).
    Undo,
    /// Ask for a hint: not a move of the game (nothing on the table changes),
    /// but from then on a win counts as assisted. Legal while the game runs.
    Hint,
}

impl Action {
    /// A move of the game, kept in the history: not an undo or a hint.
    pub fn is_move(self) -> bool {
        !matches!(self, Action::Undo | Action::Hint)
    }
}

/// A support card of a kill: the pile it tops and the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Support {
    pub pile: u8,
    pub card: Card,
}

/// What an action did, in the order it happened: what the app's log,
/// motion and sound are made from. Every card named here is public once
/// the event has happened (a solitaire has no other seat to hide it from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The face-down zombie at `space` was turned face up.
    Revealed { space: u8, zombie: Card },
    /// The top card of the deck was drawn into the hand.
    Drew { card: Card },
    /// The card in hand was played on `pile` (its new top).
    Placed { pile: u8, card: Card },
    /// The zombie at `space` was killed by the two support cards.
    Killed {
        space: u8,
        zombie: Card,
        supports: [Support; 2],
    },
    /// The turn is over; `turns` turns are now complete.
    TurnEnded { turns: u16 },
    /// This turn's placement (and its kill, if any) was taken back: `card`
    /// left `pile` for the hand, the zombie at `revived.0` (the card
    /// `revived.1`) is alive again, and a turn that had ended is open again
    /// when `turn_reopened`.
    Undone {
        pile: u8,
        card: Card,
        revived: Option<(u8, Card)>,
        turn_reopened: bool,
    },
    /// The player asked for a hint.
    HintAsked,
    /// From now on a win counts as assisted: the game's first undo or hint.
    Assisted,
    /// The twelfth zombie died: `score` cards were left in the deck.
    Won { score: usize, assisted: bool },
    /// The game is lost: the deck was empty when a card had to be drawn, or
    /// the card just drawn fits no pile.
    Lost { reason: LossReason },
}

/// The result of a game, or who must act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing(Phase),
    Won { score: usize },
    Lost(LossReason),
}

/// Why an attack on a zombie cannot kill it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackFailure {
    NotNextToPile,
    NotFaceUp,
    TooWeak { sum: u8 },
    KingNeedsSuit { suit: Suit },
    QueenNeedsColour { colour: Colour },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleError {
    GameOver,
    /// The action belongs to another step of the turn.
    WrongStep {
        expected: Phase,
    },
    NoSuchPile,
    NoSuchSpace,
    NotFaceDown,
    IllegalPile {
        card: Card,
        top: Card,
    },
    CannotKill {
        space: u8,
        why: AttackFailure,
    },
    NothingToUndo,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::GameOver => f.write_str("The game is over."),
            RuleError::WrongStep { expected } => f.write_str(match expected {
                Phase::Reveal => "First choose a face-down zombie to reveal.",
                Phase::Draw => "First draw a card from the deck.",
                Phase::Place { .. } => "First play the drawn card on a highlighted pile.",
                Phase::Attack { .. } => "Kill a highlighted zombie, or end the turn.",
                Phase::Won | Phase::Lost(_) => "The game is over.",
            }),
            RuleError::NoSuchPile => f.write_str("There is no such pile."),
            RuleError::NoSuchSpace => f.write_str("There is no such zombie space."),
            RuleError::NotFaceDown => f.write_str("That zombie is not face down."),
            RuleError::IllegalPile { card, top } => write!(f, "{}", placement_reason(card, top)),
            RuleError::CannotKill { why, .. } => write!(f, "{why}"),
            RuleError::NothingToUndo => {
                f.write_str("Nothing to undo: a reveal or a draw cannot be taken back.")
            }
        }
    }
}

impl fmt::Display for AttackFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AttackFailure::NotNextToPile => {
                f.write_str("Only a zombie next to the pile you just played on can be attacked.")
            }
            AttackFailure::NotFaceUp => f.write_str("That zombie cannot be attacked."),
            AttackFailure::TooWeak { sum } => {
                write!(
                    f,
                    "The support cards add up to {sum}; a kill needs 10 or more."
                )
            }
            AttackFailure::KingNeedsSuit { suit } => {
                write!(
                    f,
                    "A King dies only if both support cards are {}.",
                    suit.name()
                )
            }
            AttackFailure::QueenNeedsColour { colour } => write!(
                f,
                "A Queen dies only if both support cards are {}.",
                match colour {
                    Colour::Red => "red",
                    Colour::Black => "black",
                }
            ),
        }
    }
}

/// Whether `card` may be played on a pile whose top card is `top`: equal
/// value, or same colour and lower, or opposite colour and higher; a joker goes
/// anywhere and takes anything.
pub fn can_place(card: Card, top: Card) -> bool {
    match (card, top) {
        (Card::Standard { rank: c, suit: cs }, Card::Standard { rank: t, suit: ts }) => {
            // Non-short-circuit `&` and `|`: no branches to mispredict.
            let same = cs.colour() == ts.colour();
            (c == t) | (same & (t > c)) | (!same & (t < c))
        }
        _ => true,
    }
}

/// Why `card` cannot go on `top`, in words.
fn placement_reason(card: Card, top: Card) -> String {
    let same = card.colour() == top.colour();
    let how = if same {
        "on a card of the same colour it must be lower (or equal)"
    } else {
        "on a card of the other colour it must be higher (or equal)"
    };
    format!("{card} cannot go on {top}: {how}.")
}

/// The strength of an attack: the two supports' values, a joker counting 0.
pub fn support_sum(supports: [Card; 2]) -> u8 {
    supports.iter().map(|c| c.rank().unwrap_or(0)).sum()
}

/// Whether the two support cards kill `zombie`. A joker supports with value 0
/// and counts as every suit and colour.
pub fn attack(zombie: Card, supports: [Card; 2]) -> Result<(), AttackFailure> {
    let sum = support_sum(supports);
    // A joker (no suit, no colour) matches any suit and colour.
    let all_suit = |suit: Suit| supports.iter().all(|c| c.suit().is_none_or(|s| s == suit));
    let all_colour = |colour: Colour| {
        supports
            .iter()
            .all(|c| c.colour().is_none_or(|k| k == colour))
    };
    match zombie {
        Card::Standard { rank: KING, suit } if !all_suit(suit) => {
            Err(AttackFailure::KingNeedsSuit { suit })
        }
        Card::Standard {
            rank: QUEEN, suit, ..
        } if !all_colour(suit.colour()) => Err(AttackFailure::QueenNeedsColour {
            colour: suit.colour(),
        }),
        _ if sum < 10 => Err(AttackFailure::TooWeak { sum }),
        _ => Ok(()),
    }
}

/// What undo restores: the drawn card goes back into the player's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct TurnRecord {
    drawn: Card,
    pile: u8,
    killed: Option<u8>,
    ended: bool,
}

/// A game of Dead Center in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    variant: Variant,
    seed: u64,
    /// Each pile bottom to top; never empty.
    cabin: [Vec<Card>; PILES],
    zombies: [Zombie; SPACES],
    /// The draw deck; the top card is the last.
    deck: Vec<Card>,
    phase: Phase,
    /// Turns completed so far.
    turns: u16,
    /// This turn's placement and kill, while they may still be taken back.
    undoable: Option<TurnRecord>,
    /// Undo or hints were used: a win counts as assisted.
    assisted: bool,
    /// The moves that stand, in order (an undo takes its turn's placement
    /// and kill out; a hint is not a move): with the variant and seed they
    /// give the table again, which is what a review replays. Empty in a save
    /// from before it was kept (`serde(default)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    history: Vec<Action>,
}

impl State {
    /// Deals a new game. The same variant and seed always deal the same game.
    pub fn new(variant: Variant, seed: u64) -> State {
        let mut rng = Pcg32::seed_from_u64(seed);
        // `Card::deck` split into face cards and the rest, both in deck order,
        // without allocating more than the draw deck.
        let jokers = variant.jokers();
        let mut faces = [Card::Joker(0); ZOMBIES];
        let mut deck = Vec::with_capacity(40 + usize::from(jokers));
        let mut f = 0;
        for suit in Suit::ALL {
            for rank in 1..=KING {
                let card = Card::new(rank, suit);
                if card.is_face() {
                    faces[f] = card;
                    f += 1;
                } else {
                    deck.push(card);
                }
            }
        }
        deck.extend((0..jokers).map(Card::Joker));
        shuffle(&mut deck, &mut rng);
        shuffle(&mut faces, &mut rng);
        // The first nine shuffled cards are the cabin, the rest the deck.
        let cabin = std::array::from_fn(|i| {
            let mut pile = Vec::with_capacity(PILE_CAPACITY);
            pile.push(deck[i]);
            pile
        });
        deck.drain(..PILES);
        State {
            variant,
            seed,
            cabin,
            zombies: faces.map(Zombie::FaceDown),
            deck,
            phase: Phase::Reveal,
            turns: 0,
            undoable: None,
            assisted: false,
            history: Vec::new(),
        }
    }

    /// The game dealt by `variant` and `seed` with `history` played in
    /// order, and whether undo or hints were used (`assisted`, which the
    /// history does not show); or what is wrong with the history.
    pub fn restore(
        variant: Variant,
        seed: u64,
        history: &[Action],
        assisted: bool,
    ) -> Result<State, String> {
        let mut state = State::new(variant, seed);
        for (index, &action) in history.iter().enumerate() {
            if !action.is_move() {
                return Err(format!("move {} of the history is not a move", index + 1));
            }
            state
                .apply(action)
                .map_err(|e| format!("move {} of the history is refused: {e}", index + 1))?;
        }
        state.assisted = assisted;
        Ok(state)
    }

    /// Whether the moves are being kept: from the deal on. A game saved
    /// before the history was kept (none, and moves made) keeps none from
    /// here either: a history that began in the middle of a game would not
    /// give its table again, and the save would be refused at its next load.
    fn keeps_history(&self) -> bool {
        !self.history.is_empty()
            || (self.turns == 0
                && self.phase == Phase::Reveal
                && self
                    .zombies
                    .iter()
                    .all(|z| matches!(z, Zombie::FaceDown(_))))
    }

    /// The moves that stand, in order (see [`State::restore`]).
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// Whether the history gives this table again: false only for a game
    /// saved before the history was kept (then it cannot be reviewed).
    pub fn history_complete(&self) -> bool {
        State::restore(self.variant, self.seed, &self.history, self.assisted)
            .is_ok_and(|replayed| replayed == *self)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn turns(&self) -> u16 {
        self.turns
    }

    pub fn assisted(&self) -> bool {
        self.assisted
    }

    pub fn pile(&self, pile: usize) -> &[Card] {
        &self.cabin[pile]
    }

    pub fn top(&self, pile: usize) -> Card {
        // Piles start with one card and only grow (undo removes only what a
        // turn added), so a pile is never empty.
        self.cabin[pile][self.cabin[pile].len() - 1]
    }

    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The deck in its hidden order, the next card first: for a finished
    /// game's replay, when its player asks to see it.
    pub fn deck_order(&self) -> Vec<Card> {
        self.deck.iter().rev().copied().collect()
    }

    /// The card in hand waiting to be played, if any.
    pub fn drawn(&self) -> Option<Card> {
        match self.phase {
            Phase::Place { drawn } => Some(drawn),
            Phase::Lost(LossReason::NoLegalPile { drawn }) => Some(drawn),
            _ => None,
        }
    }

    /// A zombie space as the player may see it (a face-down card stays hidden).
    pub fn zombie(&self, space: usize) -> ZombieView {
        match self.zombies[space] {
            Zombie::FaceDown(_) => ZombieView::Hidden,
            Zombie::FaceUp(c) => ZombieView::Alive(c),
            Zombie::Dead(c) => ZombieView::Dead(c),
        }
    }

    /// Whether play has begun (a reveal or more) and the game is not over:
    /// abandoning it now would throw that play away.
    pub fn in_progress(&self) -> bool {
        !self.is_over() && (self.turns > 0 || self.phase != Phase::Reveal)
    }

    pub fn zombies_left(&self) -> usize {
        self.zombies
            .iter()
            .filter(|z| !matches!(z, Zombie::Dead(_)))
            .count()
    }

    fn any_face_down(&self) -> bool {
        self.zombies
            .iter()
            .any(|z| matches!(z, Zombie::FaceDown(_)))
    }

    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Won => Status::Won {
                score: self.deck.len(),
            },
            Phase::Lost(reason) => Status::Lost(reason),
            phase => Status::Playing(phase),
        }
    }

    /// The piles the drawn card may go on.
    pub fn legal_piles(&self) -> Vec<usize> {
        match self.phase {
            Phase::Place { drawn } => (0..PILES)
                .filter(|&p| can_place(drawn, self.top(p)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The two support cards for an attack on the zombie at `space`.
    pub fn supports(&self, space: usize) -> [Card; 2] {
        Space::of(space).support_piles().map(|p| self.top(p))
    }

    /// Whether the zombie at `space` can be killed from `pile` now, and if not, why.
    pub fn check_attack(&self, pile: usize, space: usize) -> Result<(), AttackFailure> {
        if ADJACENT_PILE.get(space) != Some(&pile) {
            return Err(AttackFailure::NotNextToPile);
        }
        match self.zombies[space] {
            Zombie::FaceUp(zombie) => attack(zombie, SUPPORT_PILES[space].map(|p| self.top(p))),
            _ => Err(AttackFailure::NotFaceUp),
        }
    }

    /// The zombies that can be killed this turn.
    pub fn killable(&self) -> Vec<usize> {
        match self.phase {
            Phase::Attack { pile } => self.killable_from(pile as usize),
            _ => Vec::new(),
        }
    }

    fn killable_from(&self, pile: usize) -> Vec<usize> {
        self.killable_iter(pile).collect()
    }

    fn killable_iter(&self, pile: usize) -> impl Iterator<Item = usize> + '_ {
        spaces_next_to(pile).filter(move |&s| self.check_attack(pile, s).is_ok())
    }

    /// [`Game::legal_actions`] written into `actions` (cleared first), so
    /// that a caller playing many moves can reuse one buffer. The moves of
    /// the step come first; then `Undo` when legal, and `Hint` last while
    /// the game runs (so that both are easy to leave out).
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        match self.phase {
            Phase::Reveal => {
                // Written without a branch per space, as for the piles below.
                let mut reveals = [Action::Draw; SPACES];
                let mut n = 0;
                for (s, zombie) in self.zombies.iter().enumerate() {
                    reveals[n] = Action::Reveal(s as u8);
                    n += usize::from(matches!(zombie, Zombie::FaceDown(_)));
                }
                actions.extend_from_slice(&reveals[..n]);
            }
            Phase::Draw => actions.push(Action::Draw),
            Phase::Place { drawn } => {
                // Written without a branch per pile: the outcomes are random.
                let mut places = [Action::Draw; PILES];
                let mut n = 0;
                for (p, place) in (0..PILES as u8).enumerate() {
                    places[n] = Action::Place(place);
                    n += usize::from(can_place(drawn, self.top(p)));
                }
                actions.extend_from_slice(&places[..n]);
            }
            Phase::Attack { pile } => {
                actions.extend(
                    self.killable_iter(pile as usize)
                        .map(|s| Action::Kill(s as u8)),
                );
                actions.push(Action::EndTurn);
            }
            Phase::Won | Phase::Lost(_) => {}
        }
        if self.can_undo() {
            actions.push(Action::Undo);
        }
        if !self.is_over() {
            actions.push(Action::Hint);
        }
    }

    fn can_undo(&self) -> bool {
        self.undoable.is_some()
            && matches!(
                self.phase,
                Phase::Reveal | Phase::Draw | Phase::Attack { .. }
            )
    }

    /// Draws the top card; the game is lost if the deck is empty or the card
    /// fits no pile.
    fn draw(&mut self, events: &mut Vec<Event>) {
        self.undoable = None;
        let Some(drawn) = self.deck.pop() else {
            self.lose(LossReason::DeckEmpty, events);
            return;
        };
        events.push(Event::Drew { card: drawn });
        let fits = (0..PILES).fold(false, |fits, p| fits | can_place(drawn, self.top(p)));
        if fits {
            self.phase = Phase::Place { drawn };
        } else {
            self.lose(LossReason::NoLegalPile { drawn }, events);
        }
    }

    fn lose(&mut self, reason: LossReason, events: &mut Vec<Event>) {
        self.phase = Phase::Lost(reason);
        events.push(Event::Lost { reason });
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.turns = self.turns.saturating_add(1);
        if let Some(record) = self.undoable.as_mut() {
            record.ended = true;
        }
        // With the deck empty the game is lost at the next turn's draw, not
        // here: until then this turn's placement and kill may be undone.
        self.phase = if self.any_face_down() {
            Phase::Reveal
        } else {
            Phase::Draw
        };
        events.push(Event::TurnEnded { turns: self.turns });
    }

    /// A win from now on counts as assisted (said once, the first time).
    fn assist(&mut self, events: &mut Vec<Event>) {
        if !self.assisted {
            self.assisted = true;
            events.push(Event::Assisted);
        }
    }

    /// Carries out an action [`Game::check`] accepted; cannot fail.
    fn perform(&mut self, action: Action) -> Vec<Event> {
        let mut events = Vec::with_capacity(4);
        if action.is_move() && self.keeps_history() {
            self.history.push(action);
        }
        match action {
            Action::Hint => {
                events.push(Event::HintAsked);
                self.assist(&mut events);
            }
            Action::Undo => {
                let Some(record) = self.undoable.take() else {
                    return events;
                };
                // The turn's placement and whatever followed it (a kill, an
                // end of turn) leave the history.
                while let Some(undone) = self.history.pop() {
                    if matches!(undone, Action::Place(_)) {
                        break;
                    }
                }
                let pile = record.pile as usize;
                self.cabin[pile].pop();
                let revived = record.killed.and_then(|space| {
                    let slot = &mut self.zombies[space as usize];
                    let Zombie::Dead(zombie) = *slot else {
                        return None;
                    };
                    *slot = Zombie::FaceUp(zombie);
                    Some((space, zombie))
                });
                if record.ended {
                    self.turns = self.turns.saturating_sub(1);
                }
                self.phase = Phase::Place {
                    drawn: record.drawn,
                };
                events.push(Event::Undone {
                    pile: record.pile,
                    card: record.drawn,
                    revived,
                    turn_reopened: record.ended,
                });
                self.assist(&mut events);
            }
            Action::Reveal(space) => {
                let slot = &mut self.zombies[space as usize];
                if let Zombie::FaceDown(zombie) = *slot {
                    *slot = Zombie::FaceUp(zombie);
                    events.push(Event::Revealed { space, zombie });
                }
                self.draw(&mut events);
            }
            Action::Draw => self.draw(&mut events),
            Action::Place(pile) => {
                let Phase::Place { drawn } = self.phase else {
                    return events;
                };
                self.cabin[pile as usize].push(drawn);
                self.undoable = Some(TurnRecord {
                    drawn,
                    pile,
                    killed: None,
                    ended: false,
                });
                self.phase = Phase::Attack { pile };
                events.push(Event::Placed { pile, card: drawn });
                if self.killable_iter(pile as usize).next().is_none() {
                    self.end_turn(&mut events);
                }
            }
            Action::Kill(space) => {
                let slot = &mut self.zombies[space as usize];
                let Zombie::FaceUp(zombie) = *slot else {
                    return events;
                };
                *slot = Zombie::Dead(zombie);
                let supports = SUPPORT_PILES[space as usize].map(|p| Support {
                    pile: p as u8,
                    card: self.top(p),
                });
                events.push(Event::Killed {
                    space,
                    zombie,
                    supports,
                });
                if let Some(record) = self.undoable.as_mut() {
                    record.killed = Some(space);
                }
                if self.zombies_left() == 0 {
                    self.undoable = None;
                    self.phase = Phase::Won;
                    events.push(Event::Won {
                        score: self.deck.len(),
                        assisted: self.assisted,
                    });
                } else {
                    self.end_turn(&mut events);
                }
            }
            Action::EndTurn => self.end_turn(&mut events),
        }
        events
    }

    /// Checks a state read from outside (a save) for consistency, and says
    /// what is wrong with it:
    ///
    /// - conservation: every card of the variant (52 and its jokers) exactly
    ///   once, in the cabin, the deck, the hand or a zombie space;
    /// - the table: no cabin pile empty, the twelve face cards on the zombie
    ///   spaces (so none in the cabin), every pile a legal build (each card
    ///   could be played on the one below it), as many cards played as turns
    ///   taken, as many zombies revealed as turns begun (one per turn until
    ///   all twelve are up), no more zombies dead than cards played;
    /// - the phase: won exactly when every zombie is dead, a reveal only
    ///   while a zombie is face down and a draw only once none is, the card
    ///   in hand fitting a pile (or, in a loss for that, fitting none), a
    ///   loss for an empty deck only with the deck empty, the kill step only
    ///   on an existing pile just played with a zombie there to kill;
    /// - the undo record: only while its turn may be taken back, its card
    ///   the top of its pile (with a card under it), its kill a dead zombie
    ///   next to that pile.
    pub fn validate(&self) -> Result<(), String> {
        let mut cards = self.all_pieces();
        cards.sort();
        let mut expected = Card::deck(self.variant.jokers());
        expected.sort();
        if cards != expected {
            return Err("the cards do not make up one deck".into());
        }
        self.validate_table()?;
        self.validate_phase()?;
        self.validate_undo()?;
        self.validate_history()
    }

    /// A history, when there is one, gives this table again. (A save from
    /// before the history was kept has none, and is still good.)
    fn validate_history(&self) -> Result<(), String> {
        if self.history.is_empty() {
            return Ok(());
        }
        let replayed = State::restore(self.variant, self.seed, &self.history, self.assisted)?;
        if replayed == *self {
            Ok(())
        } else {
            Err("the history does not give this table".into())
        }
    }

    fn validate_table(&self) -> Result<(), String> {
        if self.cabin.iter().any(|p| p.is_empty()) {
            return Err("a cabin pile is empty".into());
        }
        let zombie_card = |z: &Zombie| match *z {
            Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => c,
        };
        // With the cards conserved, the twelve face cards on the twelve
        // spaces leave none for the cabin, the deck or the hand.
        if self.zombies.iter().any(|z| !zombie_card(z).is_face()) {
            return Err("a zombie space holds a number card".into());
        }
        for (p, pile) in self.cabin.iter().enumerate() {
            if let Some(w) = pile.windows(2).find(|w| !can_place(w[1], w[0])) {
                return Err(format!(
                    "pile {} is not a legal build: {} cannot lie on {}",
                    p + 1,
                    w[1],
                    w[0]
                ));
            }
        }
        let turns = usize::from(self.turns);
        let played: usize = self.cabin.iter().map(|p| p.len() - 1).sum();
        let playing = matches!(self.phase, Phase::Attack { .. } | Phase::Won);
        if played != turns + usize::from(playing) {
            return Err(format!(
                "{played} cards were played in {turns} turns: one per turn"
            ));
        }
        let revealed = self
            .zombies
            .iter()
            .filter(|z| !matches!(z, Zombie::FaceDown(_)))
            .count();
        let begun = turns + usize::from(!matches!(self.phase, Phase::Reveal | Phase::Draw));
        if revealed != begun.min(ZOMBIES) {
            return Err(format!(
                "{revealed} zombies are revealed after {turns} turns: one per turn"
            ));
        }
        let dead = ZOMBIES - self.zombies_left();
        if dead > played {
            return Err(format!(
                "{dead} zombies are dead but only {played} cards were played"
            ));
        }
        Ok(())
    }

    fn validate_phase(&self) -> Result<(), String> {
        let won = self.zombies_left() == 0;
        if won != (self.phase == Phase::Won) {
            return Err("the phase does not match the zombies left".into());
        }
        let fits = |card: Card| (0..PILES).any(|p| can_place(card, self.top(p)));
        match self.phase {
            Phase::Reveal if !self.any_face_down() => {
                Err("a reveal is due but no zombie is face down".into())
            }
            Phase::Draw if self.any_face_down() => {
                Err("a draw is due but a zombie is still face down".into())
            }
            Phase::Place { drawn } if !fits(drawn) => {
                Err(format!("the {drawn} in hand fits no pile"))
            }
            Phase::Lost(LossReason::NoLegalPile { drawn }) if fits(drawn) => {
                Err(format!("the game is lost though the {drawn} fits a pile"))
            }
            Phase::Lost(LossReason::DeckEmpty) if !self.deck.is_empty() => {
                Err("the game is lost for an empty deck that is not empty".into())
            }
            Phase::Attack { pile } if pile as usize >= PILES => {
                Err("the attacking pile does not exist".into())
            }
            Phase::Attack { pile } if self.killable_iter(pile as usize).next().is_none() => {
                Err("the kill step with no zombie to kill".into())
            }
            _ => Ok(()),
        }
    }

    fn validate_undo(&self) -> Result<(), String> {
        let Some(record) = self.undoable else {
            return match self.phase {
                Phase::Attack { .. } => Err("the kill step without the card just played".into()),
                _ => Ok(()),
            };
        };
        let bad = || Err("the undo record does not match the cabin".to_string());
        let pile = self.cabin.get(record.pile as usize);
        if pile.is_none_or(|p| p.len() < 2 || p.last() != Some(&record.drawn)) {
            return bad();
        }
        if let Some(space) = record.killed {
            let dead = matches!(self.zombies.get(space as usize), Some(Zombie::Dead(_)));
            if !dead || ADJACENT_PILE[space as usize] != record.pile as usize {
                return bad();
            }
        }
        let in_step = match self.phase {
            Phase::Reveal | Phase::Draw => record.ended,
            Phase::Attack { pile } => {
                !record.ended && record.killed.is_none() && pile == record.pile
            }
            _ => false,
        };
        if in_step {
            Ok(())
        } else {
            Err("the undo record does not match the step of the turn".into())
        }
    }
}

impl Game for State {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    type Piece = Card;

    fn action_space(&self) -> Vec<Action> {
        let mut all = vec![Action::Draw, Action::EndTurn, Action::Undo, Action::Hint];
        all.extend((0..SPACES as u8 + 1).map(Action::Reveal));
        all.extend((0..PILES as u8 + 1).map(Action::Place));
        all.extend((0..SPACES as u8 + 1).map(Action::Kill));
        all
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.legal_actions_into(&mut actions);
        actions
    }

    fn check(&self, action: &Action) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let wrong_step = Err(RuleError::WrongStep {
            expected: self.phase,
        });
        match *action {
            Action::Hint => Ok(()),
            Action::Undo if self.can_undo() => Ok(()),
            Action::Undo => Err(RuleError::NothingToUndo),
            Action::Reveal(_) if self.phase != Phase::Reveal => wrong_step,
            Action::Reveal(space) => match self.zombies.get(space as usize) {
                None => Err(RuleError::NoSuchSpace),
                Some(Zombie::FaceDown(_)) => Ok(()),
                Some(_) => Err(RuleError::NotFaceDown),
            },
            Action::Draw if self.phase != Phase::Draw => wrong_step,
            Action::Draw => Ok(()),
            Action::Place(pile) => {
                let Phase::Place { drawn } = self.phase else {
                    return wrong_step;
                };
                let top = *self
                    .cabin
                    .get(pile as usize)
                    .and_then(|p| p.last())
                    .ok_or(RuleError::NoSuchPile)?;
                if can_place(drawn, top) {
                    Ok(())
                } else {
                    Err(RuleError::IllegalPile { card: drawn, top })
                }
            }
            Action::Kill(space) => {
                let Phase::Attack { pile } = self.phase else {
                    return wrong_step;
                };
                if space as usize >= SPACES {
                    return Err(RuleError::NoSuchSpace);
                }
                self.check_attack(pile as usize, space as usize)
                    .map_err(|why| RuleError::CannotKill { space, why })
            }
            Action::EndTurn if matches!(self.phase, Phase::Attack { .. }) => Ok(()),
            Action::EndTurn => wrong_step,
        }
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(&action)?;
        Ok(self.perform(action))
    }

    fn validate(&self) -> Result<(), String> {
        State::validate(self)
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Won | Phase::Lost(_))
    }

    fn all_pieces(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.cabin.iter().flatten().copied().collect();
        cards.extend(self.deck.iter().copied());
        cards.extend(self.zombies.iter().map(|z| match *z {
            Zombie::FaceDown(c) | Zombie::FaceUp(c) | Zombie::Dead(c) => c,
        }));
        if let Some(drawn) = self.drawn() {
            cards.push(drawn);
        }
        cards
    }
}
