//! The Simple computer player for Detective Graves, in both roles. It
//! reads only what its seat may know ([`Sight`]: the seat's [`SeatView`])
//! and a random generator of its own.
//!
//! Rules of thumb with a little chance. At each location it places cards
//! (its best suit plus trumps, highest first) until it leads by a small
//! random margin, gives up a location it cannot catch, and takes a pass
//! that resolves a location it leads. Abilities: draws when short of cards,
//! time up when behind and down when ahead, random discards against a full
//! hand, Cover-up when a target helps, a Stakeout now and then; a deuce
//! makes the suit that helps it most the trump. It mulligans a weak hand,
//! swaps a weak hand at the River, reveals itself as Mastermind when the
//! Detective's chance of naming it is above 3 in 4 (the reveal then costs
//! less than the expected accusation), and accuses one of the identities
//! its evidence leaves.
//!
//! The Strong player ([`super::strong`]) plays this one for both seats in
//! its playouts; [`super::players`] gives both to the app.

use super::view::SeatView;
use super::{
    possible_identities, Action, Card, Evidence, Identity, Location, Phase, Role, RuleError, Seat,
    Source, Suit,
};
use rand::Rng;

/// What the Simple player reads: one seat's knowledge, from its
/// [`SeatView`] (the app's computer player) or straight from a game the
/// Strong search simulates (where building a view at every step would cost
/// more than the decision). Every method gives what the seat may know, as
/// the view's method of the same name does.
pub trait Sight {
    fn seat(&self) -> Seat;
    fn role(&self) -> Role;
    /// Whether the seat must act now.
    fn to_act(&self) -> bool;
    fn phase(&self) -> Phase;
    fn hand(&self) -> &[Card];
    fn legal_actions(&self) -> Vec<Action>;
    fn check(&self, action: &Action) -> Result<(), RuleError>;
    fn location(&self) -> Location;
    fn active(&self) -> usize;
    fn trump(&self, index: usize) -> Option<Suit>;
    fn tokens(&self, index: usize) -> u8;
    fn pile(&self, index: usize, role: Role) -> &[Card];
    fn total(&self, index: usize, role: Role) -> u32;
    fn play_suit(&self) -> Option<Suit>;
    fn acted(&self) -> bool;
    fn passes(&self) -> u8;
    fn hand_size(&self, role: Role) -> usize;
    fn deck_size(&self, role: Role) -> usize;
    fn identity(&self) -> Option<Identity>;
    fn evidence_won(&self) -> Vec<Evidence>;
    fn evidence_count(&self, role: Role) -> usize;
    fn possible_identities(&self) -> Vec<Identity>;
}

impl Sight for SeatView {
    fn seat(&self) -> Seat {
        SeatView::seat(self)
    }
    fn role(&self) -> Role {
        SeatView::role(self)
    }
    fn to_act(&self) -> bool {
        SeatView::to_act(self)
    }
    fn phase(&self) -> Phase {
        SeatView::phase(self)
    }
    fn hand(&self) -> &[Card] {
        SeatView::hand(self)
    }
    fn legal_actions(&self) -> Vec<Action> {
        SeatView::legal_actions(self)
    }
    fn check(&self, action: &Action) -> Result<(), RuleError> {
        SeatView::check(self, action)
    }
    fn location(&self) -> Location {
        SeatView::location(self)
    }
    fn active(&self) -> usize {
        SeatView::active(self)
    }
    fn trump(&self, index: usize) -> Option<Suit> {
        SeatView::trump(self, index)
    }
    fn tokens(&self, index: usize) -> u8 {
        SeatView::tokens(self, index)
    }
    fn pile(&self, index: usize, role: Role) -> &[Card] {
        SeatView::pile(self, index, role)
    }
    fn total(&self, index: usize, role: Role) -> u32 {
        SeatView::total(self, index, role)
    }
    fn play_suit(&self) -> Option<Suit> {
        SeatView::play_suit(self)
    }
    fn acted(&self) -> bool {
        SeatView::acted(self)
    }
    fn passes(&self) -> u8 {
        SeatView::passes(self)
    }
    fn hand_size(&self, role: Role) -> usize {
        SeatView::hand_size(self, role)
    }
    fn deck_size(&self, role: Role) -> usize {
        SeatView::deck_size(self, role)
    }
    fn identity(&self) -> Option<Identity> {
        SeatView::identity(self)
    }
    fn evidence_won(&self) -> Vec<Evidence> {
        SeatView::evidence_won(self)
    }
    fn evidence_count(&self, role: Role) -> usize {
        SeatView::evidence_count(self, role)
    }
    fn possible_identities(&self) -> Vec<Identity> {
        SeatView::possible_identities(self)
    }
}

/// What `card` adds to a pile at the active location now.
pub(super) fn worth(view: &impl Sight, card: Card) -> u32 {
    let aces_high = view.location() == Location::RecordOffice;
    let trump = view.trump(view.active()) == Some(card.suit);
    card.value(aces_high) * if trump { 2 } else { 1 }
}

/// Whether the seat to act may take `action` now.
fn allowed(view: &impl Sight, action: Action) -> bool {
    view.check(&action).is_ok()
}

/// The first of the legal actions (a pass when there is none).
fn first_legal(view: &impl Sight) -> Action {
    view.legal_actions()
        .first()
        .copied()
        .unwrap_or(Action::Pass)
}

/// The Simple bot's action: always one of the legal actions when the seat
/// must act. Legality is checked action by action (no list of all legal
/// actions is made but at the Slums): the bot is also the playout policy of
/// the Strong search, where its speed counts.
pub fn simple_action(view: &impl Sight, rng: &mut impl Rng) -> Action {
    if !view.to_act() {
        return Action::Pass;
    }
    let hand = view.hand();
    let pick = match view.phase() {
        Phase::Mulligan => {
            let total: u32 = hand.iter().map(|c| c.value(false)).sum();
            let weak = total < 25 || hand.iter().all(|c| c.rank < 7);
            if weak && rng.random_ratio(3, 4) || rng.random_ratio(1, 20) {
                Action::Mulligan
            } else {
                Action::KeepHand
            }
        }
        Phase::River => {
            let total: u32 = hand.iter().map(|c| c.value(false)).sum();
            if (total as usize) < 5 * hand.len() {
                Action::RiverRedraw
            } else {
                Action::KeepHand
            }
        }
        Phase::Slums => {
            if rng.random_ratio(1, 2) {
                Action::SlumsTime { here: 0, next: 0 }
            } else {
                let legal = view.legal_actions();
                legal
                    .get(rng.random_range(0..legal.len().max(1)))
                    .copied()
                    .unwrap_or(Action::Pass)
            }
        }
        Phase::Draw => {
            if rng.random_ratio(1, 4) {
                Action::Draw(Source::Discard)
            } else {
                Action::Draw(Source::Deck)
            }
        }
        Phase::Play => play(view, rng),
        Phase::MustPlace => best_place(view).unwrap_or_else(|| first_legal(view)),
        Phase::ChooseTime => {
            if margin(view) > 0 {
                Action::TimeDown
            } else {
                Action::TimeUp
            }
        }
        Phase::ChooseCoverUp => view
            .pile(view.active(), Role::Detective)
            .iter()
            .copied()
            .filter(|&c| allowed(view, Action::CoverUp(c)))
            .max_by_key(|&c| worth(view, c))
            .map_or_else(|| first_legal(view), Action::CoverUp),
        Phase::ChooseTrump => best_trump(view),
        Phase::Unmask => {
            if detective_chance(view) > 0.75 {
                Action::Reveal
            } else {
                Action::StayHidden
            }
        }
        Phase::Accuse => {
            let possible = view.possible_identities();
            let all = Identity::ALL.to_vec();
            let from = if possible.is_empty() { &all } else { &possible };
            Action::Accuse(from[rng.random_range(0..from.len())])
        }
        Phase::Over => Action::Pass,
    };
    if allowed(view, pick) {
        pick
    } else {
        first_legal(view)
    }
}

/// My total minus the other's at the active location.
fn margin(view: &impl Sight) -> i64 {
    let i = view.active();
    let me = view.role();
    i64::from(view.total(i, me)) - i64::from(view.total(i, me.other()))
}

/// The placement adding most, among the legal ones, preferring cards of the
/// suit whose placeable cards add most when the play has no suit yet.
fn best_place(view: &impl Sight) -> Option<Action> {
    let cards: Vec<Card> = view
        .hand()
        .iter()
        .copied()
        .filter(|&c| allowed(view, Action::Place(c)))
        .collect();
    let trump = view.trump(view.active());
    let suit = view.play_suit().or_else(|| {
        Suit::ALL
            .into_iter()
            .filter(|&s| Some(s) != trump)
            .max_by_key(|&s| {
                cards
                    .iter()
                    .filter(|c| c.suit == s)
                    .map(|&c| worth(view, c))
                    .sum::<u32>()
            })
    });
    cards
        .into_iter()
        .filter(|c| Some(c.suit) == trump || Some(c.suit) == suit || view.play_suit().is_none())
        .max_by_key(|&c| {
            let fits = Some(c.suit) == trump || Some(c.suit) == suit;
            (fits, worth(view, c))
        })
        .map(Action::Place)
}

/// The suit that helps most as trump here, or keeping it.
fn best_trump(view: &impl Sight) -> Action {
    let i = view.active();
    let me = view.role();
    let aces_high = view.location() == Location::RecordOffice;
    let gap = |trump: Option<Suit>| {
        let total = |role: Role| -> i64 {
            view.pile(i, role)
                .iter()
                .map(|c| {
                    let v = i64::from(c.value(aces_high));
                    if Some(c.suit) == trump {
                        2 * v
                    } else {
                        v
                    }
                })
                .sum()
        };
        total(me) - total(me.other())
    };
    let now = gap(view.trump(i));
    Suit::ALL
        .into_iter()
        .map(|s| (gap(Some(s)), s))
        .filter(|&(g, _)| g > now)
        .max()
        .map_or(Action::KeepTrump, |(_, s)| Action::Trump(s))
}

/// A step of a turn.
fn play(view: &impl Sight, rng: &mut impl Rng) -> Action {
    let i = view.active();
    let me = view.role();
    let them = me.other();
    let hand = view.hand();
    let margin = margin(view);
    let tokens = view.tokens(i);
    let has = |a: Action| allowed(view, a);
    // The other just passed: passing now resolves the location, won.
    if view.passes() == 1 && margin > 0 && has(Action::Pass) {
        return Action::Pass;
    }
    // An ability, now and then, when it helps.
    if !view.acted() || rng.random_ratio(1, 3) {
        for &card in hand {
            if !has(Action::UseAbility(card)) {
                continue;
            }
            let useful = match card.rank {
                3 => hand.len() <= 4 && view.deck_size(me) > 0,
                4 if me == Role::Detective => rng.random_ratio(1, 10),
                4 => {
                    margin < 10
                        && view
                            .pile(i, Role::Detective)
                            .iter()
                            .any(|c| view.trump(i) != Some(c.suit) && c.rank <= 6)
                }
                5 => (margin > 0 && tokens > 1 || margin < 0) && rng.random_ratio(1, 3),
                6 => view.hand_size(them) >= 4 && rng.random_ratio(1, 2),
                _ => false,
            };
            if useful {
                return Action::UseAbility(card);
            }
        }
    }
    // Place until ahead by a small margin; give up what cannot be caught.
    let reach: i64 = hand.iter().map(|&c| i64::from(worth(view, c))).sum();
    let target = 1 + rng.random_range(0..8);
    let hopeless = margin + reach < 0;
    let resolves_now = view.passes() == 1;
    let keep = if tokens <= 1 || resolves_now { 0 } else { 1 };
    let want = !hopeless && margin < target && hand.len() > keep;
    if want {
        if let Some(place) = best_place(view) {
            return place;
        }
        // Pay the Park, or make room in the Alley.
        let mut cheapest = hand.to_vec();
        cheapest.sort_by_key(|&c| worth(view, c));
        if let Some(&card) = cheapest.iter().find(|&&c| has(Action::ParkDiscard(c))) {
            return Action::ParkDiscard(card);
        }
        let pile = view.pile(i, me);
        if let Some(&card) = pile.iter().min_by_key(|&&c| worth(view, c)) {
            let better = hand.iter().any(|&c| worth(view, c) > worth(view, card));
            if better && has(Action::AlleyClear(card)) {
                return Action::AlleyClear(card);
            }
        }
    }
    if has(Action::EndPlay) {
        return Action::EndPlay;
    }
    // Pass, swapping the weakest card now and then.
    let weakest = hand.iter().copied().min_by_key(|c| c.value(false));
    match weakest {
        Some(card) if view.deck_size(me) > 0 && rng.random_ratio(1, 2) => Action::PassSwap(card),
        _ => Action::Pass,
    }
}

/// The Mastermind's estimate of the Detective's chance to name them: the
/// Detective's won cards are any of the right number among those the
/// Mastermind has not seen placed elsewhere, and the Detective names one of
/// the identities they leave, each as likely.
pub fn detective_chance(view: &impl Sight) -> f64 {
    let Some(identity) = view.identity() else {
        return 0.0;
    };
    let mine = view.evidence_won();
    // The set-aside card is among them: nobody has seen it.
    let unknown: Vec<Evidence> = Evidence::left_by(identity)
        .filter(|e| !mine.contains(e))
        .collect();
    let k = view.evidence_count(Role::Detective);
    if k > unknown.len() {
        return 1.0;
    }
    let mut sum = 0.0;
    let mut count = 0u32;
    for mask in 0u32..(1 << unknown.len()) {
        if mask.count_ones() as usize != k {
            continue;
        }
        let won: Vec<Evidence> = unknown
            .iter()
            .enumerate()
            .filter(|(j, _)| mask & (1 << j) != 0)
            .map(|(_, &e)| e)
            .collect();
        sum += 1.0 / possible_identities(&won).len().max(1) as f64;
        count += 1;
    }
    sum / f64::from(count.max(1))
}
