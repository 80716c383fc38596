//! Detective Graves in the harness: its [`Spec`] (every variant and
//! seating, its bots, its invariants, the events' ledger, seat views under
//! re-deals) and its tests.

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
