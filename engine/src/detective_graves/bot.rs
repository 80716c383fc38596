//! Computer players for Detective Graves, in both roles. They read only a
//! [`View`] and keep their own random generator.
//!
//! - [`Level::Simple`]: rules of thumb with a little chance. At each location
//!   it places cards (its best suit plus trumps, highest first) until it
//!   leads by a small random margin, gives up a location it cannot catch, and
//!   takes a pass that resolves a location it leads. Abilities: draws when
//!   short of cards, time up when behind and down when ahead, random discards
//!   against a full hand, Cover-up when a target helps, a Stakeout now and
//!   then; a deuce makes the suit that helps it most the trump. It mulligans
//!   a weak hand, swaps a weak hand at the River, reveals itself as
//!   Mastermind when the Detective's chance of naming it is above 3 in 4
//!   (the reveal then costs less than the expected accusation), and accuses
//!   one of the identities its evidence leaves.
//! - [`Level::Strong`]: a determinised Monte-Carlo search
//!   ([`strong::strong_action`]). For a decision with a choice it samples
//!   whole deals consistent with its view ([`View::determinise`]: the other
//!   hand, the order of both decks and discard piles, and the identity and
//!   evidence it has not seen), plays each candidate action on each deal
//!   and then Simple players for both seats to the end of the case, and
//!   takes the candidate with the best mean score: its points less the
//!   other's over the game, plus a bonus for a won game (a malus for a lost
//!   one) when the playout ends the game. Candidates are the legal actions,
//!   those differing only in a card given up merged (an ability of a rank,
//!   the Park's payment, the Alley's room, a pass's swap: the cheapest is
//!   kept); the Simple choice starts slightly ahead. The budget is spent by
//!   successive halving: each round plays the remaining candidates on new
//!   deals (the same deals and playout generators for all of them, so that
//!   their differences are theirs) and keeps the better half. It is counted
//!   in playouts and simulated actions ([`strong::BUDGET`]), not time, so
//!   that a seed replays a decision. The unmasking is worked out exactly
//!   (the Detective's chance of naming it, and whether the points or the
//!   tie-break then decide the game); the accusation names one of the
//!   identities its evidence leaves, each as likely.

use super::strong;
use super::{
    possible_identities, Action, Card, Evidence, Identity, Location, Phase, Role, Source, Suit,
    View,
};
use crate::seats::{Bot, Level};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// A computer player of a given level with its own generator.
#[derive(Clone, Debug)]
pub struct GravesBot {
    level: Level,
    rng: Pcg32,
}

impl GravesBot {
    pub fn new(level: Level, seed: u64) -> GravesBot {
        GravesBot {
            level,
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot<View<'_>> for GravesBot {
    type Action = Action;

    fn choose(&mut self, view: &View<'_>) -> Action {
        match self.level {
            Level::Simple => simple_action(view, &mut self.rng),
            Level::Strong => strong::strong_action(view, &mut self.rng),
        }
    }
}

/// One decision of a bot of `level`, seeded by `seed`: the entry point for
/// the UI. Whatever it returns when the seat need not act is refused.
pub fn choose(view: &View<'_>, level: Level, seed: u64) -> Action {
    GravesBot::new(level, seed).choose(view)
}

/// The Strong decision [`choose`] makes for `seed`, as a search to be worked
/// on in slices ([`strong::Search::step`]) so that the page never freezes.
pub fn strong_search(view: &View<'_>, seed: u64) -> strong::Search<Pcg32> {
    strong::Search::new(
        view,
        strong::BUDGET,
        strong::Params::default(),
        Pcg32::seed_from_u64(seed),
    )
}

/// What `card` adds to a pile at the active location now.
pub(super) fn worth(view: &View<'_>, card: Card) -> u32 {
    let aces_high = view.location() == Location::RecordOffice;
    let trump = view.trump(view.active()) == Some(card.suit);
    card.value(aces_high) * if trump { 2 } else { 1 }
}

/// Whether the seat to act may take `action` now.
fn allowed(view: &View<'_>, action: Action) -> bool {
    view.check(action).is_ok()
}

/// The first of the legal actions (a pass when there is none).
fn first_legal(view: &View<'_>) -> Action {
    view.legal_actions()
        .first()
        .copied()
        .unwrap_or(Action::Pass)
}

/// The Simple bot's action: always one of the legal actions when the seat
/// must act. Legality is checked action by action (no list of all legal
/// actions is made but at the Slums): the bot is also the playout policy of
/// the Strong search, where its speed counts.
pub fn simple_action(view: &View<'_>, rng: &mut impl Rng) -> Action {
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
fn margin(view: &View<'_>) -> i64 {
    let i = view.active();
    let me = view.role();
    i64::from(view.total(i, me)) - i64::from(view.total(i, me.other()))
}

/// The placement adding most, among the legal ones, preferring cards of the
/// suit whose placeable cards add most when the play has no suit yet.
fn best_place(view: &View<'_>) -> Option<Action> {
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
fn best_trump(view: &View<'_>) -> Action {
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
fn play(view: &View<'_>, rng: &mut impl Rng) -> Action {
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
pub fn detective_chance(view: &View<'_>) -> f64 {
    let Some(identity) = view.identity() else {
        return 0.0;
    };
    let mine = view.evidence_won();
    let set_aside = view.set_aside();
    let unknown: Vec<Evidence> = Evidence::left_by(identity)
        .filter(|e| !mine.contains(e) && Some(*e) != set_aside)
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
