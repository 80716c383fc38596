//! Detective Graves' rules: a test per clause of the published rule text
//! (`rule_…`), per component or ruling of `docs/rulings.md` (`spec_…`), per location (`location_…`) and card ability (`ability_…`),
//! and per ruling decided in the module's doc (`ruling_…`); then the errors,
//! the view, saves and the computer player.

use super::bot;
use super::data::DEUCE_TEXT;
use super::players::{self, GravesBot};
use super::strong;
use super::*;
use crate::game::Multiplayer;
use crate::seats::Bot;
use rand::{Rng, SeedableRng};
use Suit::{Briefcase, MagnifyingGlass, Notebook, QuestionMark, Shoeprint};

const D: Role = Role::Detective;
const M: Role = Role::Mastermind;

fn d(suit: Suit, rank: u8) -> Card {
    Card::new(D, suit, rank)
}

fn m(suit: Suit, rank: u8) -> Card {
    Card::new(M, suit, rank)
}

fn applied(s: &State, action: Action) -> State {
    let mut next = s.clone();
    next.apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    next
}

/// Applies the actions in order.
fn played(s: &State, actions: &[Action]) -> State {
    actions.iter().fold(s.clone(), |s, &a| applied(&s, a))
}

/// The error refusing `action` in `s`; checks that it changed nothing and
/// is not offered as legal.
fn refused(s: &State, action: Action) -> RuleError {
    let mut copy = s.clone();
    let err = copy
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(&copy, s, "refusing {action:?} changed the state");
    assert!(!err.to_string().is_empty());
    assert!(!s.legal_actions().contains(&action));
    err
}

/// Takes `card` out of whatever zone holds it.
fn take(s: &mut State, card: Card) {
    let r = card.deck.index();
    s.hands[r].retain(|&c| c != card);
    s.decks[r].retain(|&c| c != card);
    s.discards[r].retain(|&c| c != card);
    s.removed.retain(|&c| c != card);
    for pile in s.piles.iter_mut() {
        pile[r].retain(|&c| c != card);
    }
}

/// Makes `cards` the hand of `role` (the old hand goes under the deck).
fn set_hand(s: &mut State, role: Role, cards: &[Card]) {
    let r = role.index();
    let old = std::mem::take(&mut s.hands[r]);
    s.decks[r].splice(0..0, old);
    for &card in cards {
        take(s, card);
        s.hands[r].push(card);
    }
}

/// Makes `cards` the pile of `role` at the location at `index`.
fn set_pile(s: &mut State, index: usize, role: Role, cards: &[Card]) {
    let r = role.index();
    let old = std::mem::take(&mut s.piles[index][r]);
    s.decks[r].splice(0..0, old);
    for &card in cards {
        take(s, card);
        s.piles[index][r].push(card);
    }
}

/// Puts `cards` on top of `role`'s deck, the first to be drawn first.
fn set_top(s: &mut State, role: Role, cards: &[Card]) {
    for &card in cards.iter().rev() {
        take(s, card);
        s.decks[role.index()].push(card);
    }
}

/// Makes `cards` the discard pile of `role`, the last on top.
fn set_discard(s: &mut State, role: Role, cards: &[Card]) {
    for &card in cards {
        take(s, card);
        s.discards[role.index()].push(card);
    }
}

/// Locations that fill a row after the chosen ones: those with nothing on
/// arrival first.
const FILLER: [Location; 12] = [
    Location::Station,
    Location::Library,
    Location::Docks,
    Location::RecordOffice,
    Location::PalaceGrounds,
    Location::Park,
    Location::Alley,
    Location::Countryside,
    Location::River,
    Location::Slums,
    Location::Museum,
    Location::BankVault,
];

/// Puts `row` first in the row of a fresh game (the rest filled with other
/// locations, none with an arrival ability), before anyone has kept a hand.
fn set_row(s: &mut State, row: &[Location]) {
    let mut rest = FILLER.into_iter().filter(|l| !row.contains(l));
    for i in 0..ROW {
        let location = row
            .get(i)
            .copied()
            .or_else(|| rest.next())
            .expect("12 locations");
        s.row[i] = location;
        s.tokens[i] = location.time();
        s.trumps[i] = location.trump();
    }
}

/// Ends the location at `index` as if it had resolved, won by `winner`
/// (none: a tie), without play.
fn award(s: &mut State, index: usize, winner: Option<Role>) {
    let place = EvidenceAt::Location(index as u8);
    for e in s.evidence_in(place) {
        s.evidence[e.index()] = winner.map_or(EvidenceAt::Unseen, EvidenceAt::Won);
    }
    s.outcomes[index] = winner.map_or(Outcome::Tied, Outcome::Won);
    s.tokens[index] = 0;
}

/// A game of two people, seat 0 the first Detective, its row as dealt.
fn dealt(variant: Variant, seed: u64) -> State {
    State::new([SeatKind::Person; 2], Seat(0), variant, seed).unwrap()
}

/// [`dealt`], with a quiet row (no arrival ability: passing through it
/// wins nobody any evidence).
fn game(variant: Variant, seed: u64) -> State {
    let mut s = dealt(variant, seed);
    set_row(&mut s, &[]);
    s
}

/// A card of `role`'s hand that is no deuce (a deuce asks for a trump).
fn plain(s: &State, role: Role) -> Card {
    *s.hand(role).iter().find(|c| !c.is_deuce()).expect("a card")
}

/// A standard game (seat 0 the Detective) with `row` first in the row, both
/// hands kept: play is at the first location.
fn table(row: &[Location]) -> State {
    table_with(row, |_| {})
}

/// [`table`], with `setup` applied before the hands are kept (to stack a
/// deck before the first location's ability).
fn table_with(row: &[Location], setup: impl FnOnce(&mut State)) -> State {
    let mut s = game(Variant::default(), 7);
    set_row(&mut s, row);
    setup(&mut s);
    played(&s, &[Action::KeepHand, Action::KeepHand])
}

/// Passes (and declines every choice) until the case's unmasking.
fn skip_to_unmasking(s: &State) -> State {
    let case = s.case();
    let mut s = s.clone();
    while s.case() == case && !matches!(s.phase(), Phase::Unmask | Phase::Accuse | Phase::Over) {
        let action = match s.phase() {
            Phase::Mulligan | Phase::River => Action::KeepHand,
            Phase::Slums => Action::SlumsTime { here: 0, next: 0 },
            Phase::Draw => Action::Draw(Source::Deck),
            Phase::Play => Action::Pass,
            phase => panic!("unexpected {phase:?}"),
        };
        s = applied(&s, action);
    }
    s
}

/// The seat's log as JSON.
fn log_json(s: &State, seat: Seat) -> String {
    serde_json::to_string(&s.events_seen_by(seat)).unwrap()
}

// ------------------------------------------------------------ components ----

// "Each player's deck has 45 cards: five suits × nine ranks" (2–9 and A).
#[test]
fn spec_decks_of_45_cards_five_suits_nine_ranks() {
    for role in Role::ALL {
        let mut deck = Card::deck(role);
        assert_eq!(deck.len(), DECK_SIZE);
        deck.sort();
        deck.dedup();
        assert_eq!(deck.len(), 45);
        for suit in Suit::ALL {
            let ranks: Vec<u8> = deck
                .iter()
                .filter(|c| c.suit == suit)
                .map(|c| c.rank)
                .collect();
            assert_eq!(ranks, [2, 3, 4, 5, 6, 7, 8, 9, ACE]);
        }
    }
    let keys: std::collections::BTreeSet<usize> = Card::all().iter().map(|c| c.key()).collect();
    assert_eq!(keys.len(), 90);
    assert_eq!(keys.last(), Some(&89));
}

// "Aces count as value 10 in this game." / Record Office: "Ace Cards ...
// are value 12".
#[test]
fn rule_aces_are_worth_ten_twelve_at_the_record_office() {
    let ace = d(Notebook, ACE);
    assert_eq!(ace.value(false), 10);
    assert_eq!(ace.value(true), 12);
    assert_eq!(d(Notebook, 7).value(true), 7);
    assert_eq!(ace.rank_label(), "A");
    assert_eq!(ace.name(), "Ace of Notebook");
}

// The spec's table: 3–6 carry the decks' abilities; 7, 8, 9 and A none; a
// deuce changes the trump when placed.
#[test]
fn spec_ability_table() {
    use Ability::*;
    let expect = [
        (3, FreshLead, Accomplice),
        (4, Stakeout, CoverUp),
        (5, Overtime, SmokeAndMirrors),
        (6, Warrant, Bribe),
    ];
    for suit in Suit::ALL {
        for (rank, det, mm) in expect {
            assert_eq!(d(suit, rank).ability(), Some(det));
            assert_eq!(m(suit, rank).ability(), Some(mm));
        }
        for rank in [2, 7, 8, 9, ACE] {
            assert_eq!(d(suit, rank).ability(), None);
            assert_eq!(m(suit, rank).ability(), None);
        }
        assert!(d(suit, 2).is_deuce());
    }
    for ability in [FreshLead, Stakeout, Overtime, Warrant] {
        assert!(!ability.name().is_empty() && !ability.text().is_empty());
    }
    assert_eq!(CoverUp.name(), "Cover-up");
    assert_eq!(SmokeAndMirrors.name(), "Smoke and Mirrors");
    assert!(!DEUCE_TEXT.is_empty());
}

// "12 Large Sized Location Cards"; the second "Bank Vault" (7 turns,
// Notebooks) is The Docks.
#[test]
fn spec_twelve_locations_and_the_docks() {
    let names: std::collections::BTreeSet<&str> = Location::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names.len(), 12);
    let table = [
        (Location::BankVault, 5, Some(MagnifyingGlass)),
        (Location::Library, 5, Some(Briefcase)),
        (Location::PalaceGrounds, 5, Some(Shoeprint)),
        (Location::Docks, 7, Some(Notebook)),
        (Location::Countryside, 5, Some(Briefcase)),
        (Location::Alley, 5, None),
        (Location::River, 4, None),
        (Location::RecordOffice, 4, Some(MagnifyingGlass)),
        (Location::Park, 3, Some(Shoeprint)),
        (Location::Station, 5, Some(Notebook)),
        (Location::Slums, 4, Some(QuestionMark)),
        (Location::Museum, 3, Some(QuestionMark)),
    ];
    for (location, time, trump) in table {
        assert_eq!(location.time(), time, "{location:?}");
        assert_eq!(location.trump(), trump, "{location:?}");
        assert!(!location.ability_text().is_empty());
    }
    assert_eq!(Location::Docks.name(), "The Docks");
}

// "Ten evidence cards, one for each pair of identities": each clears two
// and leaves three viable; six are left by each identity.
#[test]
fn spec_ten_evidence_cards_one_per_pair() {
    let mut pairs = std::collections::BTreeSet::new();
    for e in Evidence::ALL {
        assert_ne!(e.cleared[0], e.cleared[1]);
        let mut pair = e.cleared;
        pair.sort();
        pairs.insert(pair);
        assert_eq!(e.viable().count(), 3);
        assert_eq!(Evidence::ALL[e.index()], e);
        assert!(e.text().starts_with("Clears "));
    }
    assert_eq!(pairs.len(), 10);
    for identity in Identity::ALL {
        assert_eq!(Evidence::left_by(identity).count(), 6);
        assert!(!identity.name().is_empty() && !identity.symbol().is_empty());
    }
}

// "Any two cleared pairs that do not overlap identify the Mastermind."
#[test]
fn spec_two_disjoint_cleared_pairs_identify_the_mastermind() {
    use Identity::*;
    let e = |a, b| Evidence { cleared: [a, b] };
    assert_eq!(possible_identities(&[]).len(), 5);
    assert_eq!(
        possible_identities(&[e(Professor, Countess)]),
        [Magician, Banker, Surgeon]
    );
    assert_eq!(
        possible_identities(&[e(Professor, Countess), e(Magician, Banker)]),
        [Surgeon]
    );
    // Overlapping pairs leave two.
    assert_eq!(
        possible_identities(&[e(Professor, Countess), e(Professor, Banker)]),
        [Magician, Surgeon]
    );
    // Any evidence left by a Mastermind keeps them possible.
    for identity in Identity::ALL {
        let left: Vec<Evidence> = Evidence::left_by(identity).collect();
        assert_eq!(possible_identities(&left), [identity]);
    }
}

// ------------------------------------------------------------------ setup ----

// "5 of them dealt out in a line ... a number of time tokens ... equal to
// the number of clocks".
#[test]
fn rule_setup_five_locations_with_their_time_tokens() {
    for seed in 0..30 {
        let s = game(Variant::default(), seed);
        let row = s.row();
        let mut distinct = row.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), ROW);
        for (i, location) in row.iter().enumerate() {
            assert_eq!(s.tokens(i), location.time());
            assert_eq!(s.trump(i), location.trump());
            assert_eq!(s.outcome(i), Outcome::Open);
        }
    }
}

// "deal one [identity] ... take each Evidence card that has ... their
// Mastermind symbol for a total of 6 ... 1 is secretly placed facedown
// under the Mastermind card and the remaining 5 are dealt facedown, 1 onto
// each Location."
#[test]
fn rule_setup_identity_and_six_evidence_cards() {
    let mut identities = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = game(Variant::default(), seed);
        identities.insert(s.identity());
        assert_eq!(s.evidence_in(EvidenceAt::SetAside).len(), 1);
        for i in 0..ROW {
            assert_eq!(s.evidence_in(EvidenceAt::Location(i as u8)).len(), 1);
        }
        assert_eq!(s.evidence_in(EvidenceAt::Box).len(), 4);
        for e in Evidence::ALL {
            let in_play = s.evidence_at(e) != EvidenceAt::Box;
            assert_eq!(in_play, !e.clears(s.identity()));
        }
        assert_eq!(s.validate(), Ok(()));
    }
    assert_eq!(identities.len(), 5, "every identity can be drawn");
}

// "Each player draws a starting hand of 5 cards, they may choose to
// mulligan"; spec: "once per player at the start of each case (hand to
// discard pile, draw 5)"; the Detective decides first.
#[test]
fn rule_setup_hands_of_five_and_the_mulligan() {
    let s = game(Variant::default(), 3);
    assert_eq!(s.phase(), Phase::Mulligan);
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(s.actor(), D);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND);
        assert_eq!(s.deck(role).len(), 40);
    }
    let old = s.hand(D).to_vec();
    let s = applied(&s, Action::Mulligan);
    assert_eq!(
        s.discard(D),
        old.as_slice(),
        "ruling: the hand goes to the discard"
    );
    assert_eq!(s.hand(D).len(), HAND);
    assert!(s.hand(D).iter().all(|c| !old.contains(c)));
    assert_eq!(s.deck(D).len(), 35);
    // Once each: now the Mastermind decides, then play starts.
    assert_eq!((s.phase(), s.actor()), (Phase::Mulligan, M));
    let s = applied(&s, Action::KeepHand);
    assert_ne!(s.phase(), Phase::Mulligan);
    assert_eq!(refused(&s, Action::Mulligan), RuleError::NotNow(s.phase()));
}

// "Play begins at the left most Location ... The Detective Player will be
// the first to start playing at this initial Location."
#[test]
fn rule_the_detective_leads_the_first_location() {
    let s = table(&[Location::Station]);
    assert_eq!(s.active(), 0);
    assert_eq!(s.lead(), D);
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
}

// ------------------------------------------------------------------ round ----

// Spec round (1): "both draw 2".
#[test]
fn spec_round_both_draw_two() {
    let s = table(&[Location::Station]);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND + 2);
        assert_eq!(s.deck(role).len(), 45 - HAND - 2);
    }
}

// Spec round (2): "the lead player plays or passes, then the other player".
#[test]
fn rule_lead_plays_then_the_other() {
    let s = table(&[Location::Station]);
    let card = s.hand(D)[0];
    let s = played(&s, &[Action::Place(card)]);
    assert_eq!(s.actor(), D, "a play goes on until it is ended");
    let s = applied(&s, Action::EndPlay);
    assert_eq!((s.phase(), s.actor()), (Phase::Play, M));
    let s = applied(&s, Action::Pass);
    // A new round: the lead again, after both drew.
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
    assert_eq!(s.tokens(0), 4);
}

// Spec round (3): "if both passed in succession ... the location resolves
// now".
#[test]
fn spec_two_passes_in_a_row_resolve_at_once() {
    let s = table(&[Location::Station, Location::Docks]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(0), Outcome::Tied);
    assert_eq!(s.active(), 1);
    assert!(s.log().contains(&Event::Resolved {
        index: 0,
        totals: [0, 0],
        winner: None,
        evidence: None,
    }));
    // Passes do not carry over to the next location.
    let s = applied(&s, Action::Pass);
    assert_eq!((s.active(), s.actor()), (1, M));
}

// "...(across rounds too)": "if the second player passes and then the lead
// player passes in the following turn the Location is also finished."
#[test]
fn spec_two_passes_across_rounds_resolve() {
    let mut s = table(&[Location::Station, Location::Docks]);
    set_hand(&mut s, D, &[d(Notebook, 9), d(Shoeprint, 7)]);
    let s = played(
        &s,
        &[Action::Place(d(Notebook, 9)), Action::EndPlay, Action::Pass],
    );
    assert_eq!(s.active(), 0, "a play between the passes");
    assert_eq!(s.tokens(0), 4);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.outcome(0), Outcome::Won(D));
    assert_eq!(s.active(), 1);
}

// Spec round (4): "remove one time token; when none remain, the location
// resolves. So a location with T tokens lasts at most T rounds."
#[test]
fn spec_a_location_lasts_its_tokens_in_rounds() {
    let mut s = table(&[Location::Park, Location::Station]);
    let mut rounds = 0;
    while s.active() == 0 {
        // Each places one card (never both passing).
        for _ in 0..2 {
            let place = s
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Place(_)))
                .expect("a card to place");
            s = played(&s, &[place]);
            if s.phase() == Phase::ChooseTrump {
                s = applied(&s, Action::KeepTrump);
            }
            s = applied(&s, Action::EndPlay);
        }
        rounds += 1;
    }
    assert_eq!(rounds, Location::Park.time());
    let ends: Vec<u8> = s
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::RoundEnded { index: 0, tokens } => Some(*tokens),
            _ => None,
        })
        .collect();
    assert_eq!(ends, [2, 1, 0]);
}

// Spec play: "All non-trump cards placed in one play share one suit; trump
// cards may be added freely."
#[test]
fn spec_one_suit_per_play_and_trumps_free() {
    let mut s = table(&[Location::Station]);
    set_hand(
        &mut s,
        D,
        &[
            d(Shoeprint, 7),
            d(Shoeprint, 9),
            d(Notebook, 8),
            d(Briefcase, 9),
        ],
    );
    let s = played(&s, &[Action::Place(d(Shoeprint, 7))]);
    assert_eq!(
        refused(&s, Action::Place(d(Briefcase, 9))),
        RuleError::MixedSuits(Shoeprint)
    );
    // Notebook is the Station's trump.
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 8)),
            Action::Place(d(Shoeprint, 9)),
        ],
    );
    assert_eq!(s.pile(0, D).len(), 3);
    // The next play may pick another suit.
    let s = played(&s, &[Action::EndPlay, Action::Pass]);
    assert!(s.hand(D).contains(&d(Briefcase, 9)));
    applied(&s, Action::Place(d(Briefcase, 9)));
}

// Ruling: with an empty deck a pass may still discard; nothing is drawn.
#[test]
fn ruling_a_pass_swap_with_an_empty_deck_only_discards() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9), d(Shoeprint, 8)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let s = applied(&s, Action::PassSwap(d(Shoeprint, 9)));
    assert_eq!(s.hand(D), [d(Shoeprint, 8)]);
    assert_eq!(s.discard(D).last(), Some(&d(Shoeprint, 9)));
}

// "Apart from the restrictions above any number of cards may be played in
// a turn"; an empty play is a pass, not a play.
#[test]
fn spec_a_play_is_ended_explicitly() {
    let s = table(&[Location::Station]);
    assert_eq!(refused(&s, Action::EndPlay), RuleError::NothingPlayed);
    let mut s = s;
    let hand = [
        d(Shoeprint, 7),
        d(Shoeprint, 8),
        d(Shoeprint, 9),
        d(Shoeprint, ACE),
    ];
    set_hand(&mut s, D, &hand);
    let s = played(&s, &hand.map(Action::Place));
    assert_eq!(s.pile(0, D), hand);
    assert!(s.hand(D).is_empty());
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.actor(), M);
}

// "If a player passes, they cannot play any cards, however they may
// discard 1 card from hand and draw a replacement from their deck."
#[test]
fn rule_a_pass_may_swap_one_card() {
    let s = table(&[Location::Station]);
    let card = s.hand(D)[2];
    let top = *s.deck(D).last().unwrap();
    let s2 = applied(&s, Action::PassSwap(card));
    // The Mastermind's turn: the swap drew the deck's top.
    assert!(!s2.hand(D).contains(&card));
    assert!(s2.hand(D).contains(&top));
    assert_eq!(s2.hand(D).len(), HAND + 2);
    assert_eq!(s2.discard(D), [card]);
    assert_eq!(s2.actor(), M);
    // The discard is face down: only the passer sees which card it was.
    assert!(log_json(&s2, Seat(0)).contains(&serde_json::to_string(&card).unwrap()));
    let theirs = s2.events_seen_by(Seat(1));
    assert!(theirs.contains(&Event::Passed {
        seat: Seat(0),
        swapped: true,
        card: None
    }));
    // A plain pass keeps the hand.
    let s3 = applied(&s, Action::Pass);
    assert_eq!(s3.hand(D), s.hand(D));
}

// "Any special abilities on these cards are ignored unless the card says
// otherwise (for example when playing a deuce)."
#[test]
fn rule_placed_cards_have_no_ability() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 3), d(Shoeprint, 5)]);
    let before = s.hand(M).to_vec();
    let s = played(
        &s,
        &[
            Action::Place(d(Shoeprint, 3)),
            Action::Place(d(Shoeprint, 5)),
        ],
    );
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.hand(D).is_empty(), "no Fresh Lead draw");
    assert_eq!(s.hand(M), before.as_slice());
    assert_eq!(s.tokens(0), 5);
}

// "Players total up the value of all the cards ... Trumps count as double
// ... the player with the highest score wins that Location" and takes its
// evidence; the winner leads the next location.
#[test]
fn rule_resolution_totals_trumps_double_winner_takes_evidence_and_leads() {
    let mut s = table(&[Location::Station, Location::Alley]);
    // Station trump: Notebook. 7 trump = 14 against 10 + 3 = 13.
    set_pile(&mut s, 0, D, &[d(Notebook, 7)]);
    set_pile(&mut s, 0, M, &[m(Briefcase, ACE), m(MagnifyingGlass, 3)]);
    assert_eq!((s.total(0, D), s.total(0, M)), (14, 13));
    let evidence = s.evidence_in(EvidenceAt::Location(0))[0];
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(0), Outcome::Won(D));
    assert_eq!(s.evidence_at(evidence), EvidenceAt::Won(D));
    assert_eq!(s.view(Seat(0)).evidence_won(), [evidence]);
    assert_eq!(s.view(Seat(1)).evidence_won(), []);
    assert_eq!(s.view(Seat(1)).evidence_count(D), 1);
    assert_eq!(s.lead(), D);
    // The winner sees the card in the log; the other does not.
    let resolved = |seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|e| match e {
                Event::Resolved { evidence, .. } => Some(evidence),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(resolved(Seat(0)), Some(evidence));
    assert_eq!(resolved(Seat(1)), None);

    // The Mastermind wins the next one and leads the third.
    let mut s = s;
    set_pile(&mut s, 1, M, &[m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(1), Outcome::Won(M));
    assert_eq!(s.lead(), M);
    assert_eq!(s.active(), 2);
}

// Spec resolution: "Tie: the evidence is discarded unseen, and the lead
// stays with the player who led this location."
#[test]
fn spec_tie_discards_the_evidence_unseen_and_keeps_the_lead() {
    let mut s = table(&[Location::Station, Location::Alley, Location::Docks]);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.lead(), M);
    let mut s = s;
    set_pile(&mut s, 1, D, &[d(Shoeprint, 8)]);
    set_pile(&mut s, 1, M, &[m(Briefcase, 8)]);
    let evidence = s.evidence_in(EvidenceAt::Location(1))[0];
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.outcome(1), Outcome::Tied);
    assert_eq!(s.evidence_at(evidence), EvidenceAt::Unseen);
    assert_eq!(s.lead(), M, "the lead stays");
    for seat in [Seat(0), Seat(1)] {
        assert!(!s.view(seat).evidence_won().contains(&evidence));
    }
}

// "Cards from Evidence Piles are not discarded once the Location is
// resolved; they are left in play until the end of the Case".
#[test]
fn rule_piles_stay_until_the_case_ends() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Notebook, 7)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.pile(0, D), [d(Notebook, 7)]);
    let s = skip_to_unmasking(&s);
    assert_eq!(s.pile(0, D), [d(Notebook, 7)]);
    let s = played(&s, &[Action::StayHidden, Action::Accuse(Identity::Banker)]);
    assert_eq!(s.case(), 1);
    assert!(s.pile(0, D).is_empty(), "a new case starts with full decks");
    for role in Role::ALL {
        assert_eq!(s.hand(role).len() + s.deck(role).len(), 45);
    }
}

// Ruling: "Empty deck: no draw."
#[test]
fn ruling_an_empty_deck_gives_no_draw() {
    let mut s = table(&[Location::Station]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    assert!(s.deck(D).is_empty());
    let hand = s.hand(D).len();
    let s = played(&s, &[Action::Pass, Action::Place(plain(&s, M))]);
    let s = played(&s, &[Action::EndPlay]);
    assert_eq!(s.tokens(0), 4, "a new round");
    assert_eq!(s.hand(D).len(), hand, "nothing drawn");
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::Drew {
            seat: Seat(0),
            count: 0,
            from_discard: 0,
            why: DrawFor::Round,
            ..
        }
    )));
}

// Ruling: "A player with an empty hand and an empty deck shuffles their
// discard pile into a new deck", at once.
#[test]
fn ruling_no_hand_and_no_deck_reshuffles_the_discard_pile() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let discards = s.discard(D).len();
    let s = applied(&s, Action::Place(d(Shoeprint, 9)));
    assert!(s.hand(D).is_empty());
    assert!(s.discard(D).is_empty());
    assert_eq!(s.deck(D).len(), discards);
    assert!(s.log().contains(&Event::Reshuffled { seat: Seat(0) }));
}

// --------------------------------------------------------------- abilities ----

// "Cards with special abilities may be discarded from hand for their effect,
// ... revealed to the opponent, resolved in full and then placed (facedown)
// into the player's Discard Pile." Detective 3, Fresh Lead: draw 2.
#[test]
fn ability_fresh_lead_draws_two() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.hand(D).len(), 3);
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert_eq!(s.phase(), Phase::Play);
    // Revealed: the other player's log shows the card.
    assert!(s.events_seen_by(Seat(1)).contains(&Event::AbilityUsed {
        seat: Seat(0),
        card: d(Briefcase, 3)
    }));
    // Using an ability makes the turn a play.
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    applied(&s, Action::EndPlay);
}

// Mastermind 3, Accomplice: draw 2.
#[test]
fn ability_accomplice_draws_two() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 3)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 3))]);
    assert_eq!(s.hand(M).len(), 2);
    assert_eq!(s.discard(M), [m(Briefcase, 3)]);
}

// Detective 4, Stakeout: "look at the Mastermind's hand": the Detective
// only, for that turn.
#[test]
fn ability_stakeout_shows_the_mastermind_hand_to_the_detective_only() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 4), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 4)));
    let mut hand = s.hand(M).to_vec();
    hand.sort();
    let seen = s.view(Seat(0)).stakeout().expect("the Detective sees it");
    assert_eq!(seen, hand);
    assert_eq!(s.view(Seat(1)).stakeout(), None);
    let event = |seat: Seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|e| match e {
                Event::Stakeout { hand, .. } => Some(hand),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(event(Seat(0)).map(CardSet::cards), Some(hand));
    assert_eq!(event(Seat(1)), None);
    // Gone from the view once the turn ends.
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.view(Seat(0)).stakeout(), None);
}

// Detective 5, Overtime (and Mastermind 5, Smoke and Mirrors): "add or
// remove 1 time token at the active location".
#[test]
fn ability_overtime_and_smoke_and_mirrors_change_the_time() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 5)]);
    set_hand(&mut s, M, &[m(Briefcase, 5)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.phase(), Phase::ChooseTime);
    assert_eq!(
        refused(&s, Action::EndPlay),
        RuleError::NotNow(Phase::ChooseTime)
    );
    let s = applied(&s, Action::TimeUp);
    assert_eq!(s.tokens(0), 6);
    let s = played(&s, &[Action::UseAbility(d(Shoeprint, 5)), Action::TimeDown]);
    assert_eq!(s.tokens(0), 5);
    let s = played(
        &s,
        &[
            Action::EndPlay,
            Action::UseAbility(m(Briefcase, 5)),
            Action::TimeDown,
        ],
    );
    assert_eq!(s.tokens(0), 4);
    assert!(s.log().contains(&Event::Time {
        seat: Seat(1),
        delta: -1,
        tokens: 4
    }));
}

// Spec: "A removed last time token means the location resolves at the end
// of the current round" (ruling: the other player still has their turn).
#[test]
fn ruling_last_token_removed_resolves_at_the_end_of_the_round() {
    let mut s = table(&[Location::Station]);
    s.tokens[0] = 1;
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 7)]);
    let s = played(&s, &[Action::UseAbility(d(Briefcase, 5))]);
    let s = played(&s, &[Action::TimeDown, Action::EndPlay]);
    assert_eq!(s.tokens(0), 0);
    assert_eq!((s.active(), s.actor()), (0, M), "the round goes on");
    assert_eq!(s.outcome(0), Outcome::Open);
    let card = plain(&s, M);
    let s = played(&s, &[Action::Place(card), Action::EndPlay]);
    assert_ne!(s.outcome(0), Outcome::Open);
    assert_eq!(s.active(), 1);
}

// Ruling: "the box holds 28; no ability or the Slums may add one when all
// 28 are on the table."
#[test]
fn ruling_time_tokens_come_from_a_box_of_28() {
    let mut s = table(&[Location::Station]);
    s.tokens = [10, 5, 5, 5, 3];
    assert_eq!(s.supply(), 0);
    set_hand(&mut s, D, &[d(Briefcase, 5)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.legal_actions(), [Action::TimeDown]);
    assert_eq!(refused(&s, Action::TimeUp), RuleError::NoTokenLeft);
    // A location that resolves gives its tokens back.
    let s = played(&s, &[Action::TimeDown, Action::EndPlay, Action::Pass]);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.tokens(0), 0);
    assert_eq!(s.supply(), 28 - 18);
}

// Detective 6, Warrant: "the Mastermind discards 1 card at random"; seen
// by its owner only.
#[test]
fn ability_warrant_makes_the_mastermind_discard_at_random() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 6)]);
    let before = s.hand(M).to_vec();
    let s = applied(&s, Action::UseAbility(d(Briefcase, 6)));
    assert_eq!(s.hand(M).len(), before.len() - 1);
    let lost = s.discard(M)[0];
    assert!(before.contains(&lost) && !s.hand(M).contains(&lost));
    let lost_json = serde_json::to_string(&lost).unwrap();
    assert!(log_json(&s, Seat(1)).contains(&lost_json));
    assert!(s.events_seen_by(Seat(0)).contains(&Event::RandomDiscard {
        seat: Seat(1),
        card: None
    }));
    // Random from the state's generator: the same state discards the same.
    let again = {
        let mut t = table(&[Location::Station]);
        set_hand(&mut t, D, &[d(Briefcase, 6)]);
        applied(&t, Action::UseAbility(d(Briefcase, 6)))
    };
    assert_eq!(again.discard(M), [lost]);
}

// Mastermind 6, Bribe: "the Detective discards 1 card at random".
#[test]
fn ability_bribe_makes_the_detective_discard_at_random() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 6)]);
    let s = applied(&s, Action::Pass);
    let before = s.hand(D).len();
    let s = applied(&s, Action::UseAbility(m(Briefcase, 6)));
    assert_eq!(s.hand(D).len(), before - 1);
    assert_eq!(s.discard(D).len(), 1);
}

// Mastermind 4, Cover-up: "move one non-trump card of value 6 or less from
// the Detective's evidence pile at the active location to the Detective's
// discard pile."
#[test]
fn ability_cover_up_removes_a_small_non_trump_card() {
    let mut s = table(&[Location::Station]);
    // Notebook is trump at the Station.
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 5), d(Shoeprint, 9), d(Notebook, 4)],
    );
    set_hand(&mut s, M, &[m(Briefcase, 4)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    assert_eq!(s.phase(), Phase::ChooseCoverUp);
    assert_eq!(s.legal_actions(), [Action::CoverUp(d(Shoeprint, 5))]);
    assert_eq!(
        refused(&s, Action::CoverUp(d(Shoeprint, 9))),
        RuleError::CoverUpTarget(d(Shoeprint, 9))
    );
    refused(&s, Action::CoverUp(d(Notebook, 4)));
    let s = applied(&s, Action::CoverUp(d(Shoeprint, 5)));
    assert_eq!(s.pile(0, D), [d(Shoeprint, 9), d(Notebook, 4)]);
    assert_eq!(s.discard(D), [d(Shoeprint, 5)]);
    assert_eq!(s.phase(), Phase::Play);
}

// Ruling: abilities may be used when they can do nothing; the card is spent.
#[test]
fn ruling_an_ability_without_effect_is_still_spent() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, M, &[m(Briefcase, 4), m(Shoeprint, 8)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    assert_eq!(s.phase(), Phase::Play, "no target: no choice");
    assert_eq!(s.discard(M), [m(Briefcase, 4)]);
    assert_eq!(refused(&s, Action::Pass), RuleError::AlreadyPlayed);
    // Fresh Lead on an empty deck draws nothing.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 8)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.hand(D), [d(Shoeprint, 8)]);
}

// Deuces: "when played to an evidence pile, its owner may change the
// active location's trump suit to any suit (optional ...)".
#[test]
fn ability_deuce_may_change_the_trump() {
    let mut s = table(&[Location::Station, Location::Alley]);
    set_hand(&mut s, D, &[d(Shoeprint, 2), d(Briefcase, 2)]);
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    assert_eq!(s.phase(), Phase::ChooseTrump);
    assert_eq!(s.legal_actions().len(), 6);
    let kept = applied(&s, Action::KeepTrump);
    assert_eq!(kept.trump(0), Some(Notebook));
    let s = applied(&s, Action::Trump(Shoeprint));
    assert_eq!(s.trump(0), Some(Shoeprint));
    assert_eq!(s.total(0, D), 4, "the deuce is now a trump");
    assert!(s.log().contains(&Event::TrumpChanged {
        seat: Seat(0),
        suit: Shoeprint
    }));
    // The printed trump of the next location is untouched.
    assert_eq!(s.trump(1), None);
}

// Ruling: each card is judged when placed, against the trump then; a new
// trump applies to later cards; resolution uses the trump in force.
#[test]
fn ruling_a_deuce_mid_play_changes_the_trump_for_later_cards() {
    let mut s = table(&[Location::Station]);
    set_hand(
        &mut s,
        D,
        &[
            d(Shoeprint, 2),
            d(Shoeprint, 7),
            d(Briefcase, 8),
            d(Notebook, 9),
        ],
    );
    let s = played(
        &s,
        &[Action::Place(d(Shoeprint, 2)), Action::Trump(Briefcase)],
    );
    // Briefcase is trump now: free. Notebook no longer is: off-suit.
    let s = applied(&s, Action::Place(d(Briefcase, 8)));
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 9))),
        RuleError::MixedSuits(Shoeprint)
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 7)));
    // 2 + 16 + 7.
    assert_eq!(s.total(0, D), 25);
    // A trump placed before a change stays placed and counts as it is then.
    let mut t = table(&[Location::Station]);
    set_hand(
        &mut t,
        D,
        &[d(Notebook, 9), d(Shoeprint, 2), d(Shoeprint, 8)],
    );
    let t = played(
        &t,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(Shoeprint, 2)),
            Action::Trump(Shoeprint),
            Action::Place(d(Shoeprint, 8)),
        ],
    );
    assert_eq!(t.total(0, D), 9 + 4 + 16);
}

// The play-cards clause ("all of the same suit and/or from the location's
// trump suit") with the deuce mid-play ruling, in the two plays a player
// asked about (issue 47). Ana places Notebooks at the Record Office
// (Magnifying Glass trump), then a Notebooks deuce makes Notebooks trump: the
// Notebooks, placed as non-trump, still set the play's suit, so a Briefcase
// is refused, with a refusal that says so. Ben, at the Station (Notebooks
// trump from the start), places Notebooks free and then any one other suit.
#[test]
fn rule_play_cards_one_suit_and_trumps_the_suit_set_before_a_deuce_stays() {
    let mut s = table(&[Location::RecordOffice]);
    set_hand(
        &mut s,
        D,
        &[d(Notebook, 9), d(Notebook, 2), d(Briefcase, 8)],
    );
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(Notebook, 2)),
            Action::Trump(Notebook),
        ],
    );
    assert_eq!(s.trump(0), Some(Notebook));
    let error = refused(&s, Action::Place(d(Briefcase, 8)));
    assert_eq!(error, RuleError::SuitSetBeforeTrump(Notebook));
    assert_eq!(
        error.to_string(),
        "This play's suit is Notebook, set by its cards placed before Notebook became trump: other suits go in only as trumps."
    );

    let mut t = table(&[Location::Station]);
    set_hand(
        &mut t,
        D,
        &[d(Notebook, 9), d(QuestionMark, 8), d(Briefcase, 7)],
    );
    let t = played(
        &t,
        &[
            Action::Place(d(Notebook, 9)),
            Action::Place(d(QuestionMark, 8)),
        ],
    );
    assert_eq!(
        refused(&t, Action::Place(d(Briefcase, 7))),
        RuleError::MixedSuits(QuestionMark)
    );
}

// -------------------------------------------------------------- locations ----

// The Bank Vault: "each player reveals the top card of their deck and
// places it into the evidence pile"; ruling: a deuce turned up changes no
// trump.
#[test]
fn location_bank_vault_turns_up_the_top_cards() {
    let s = table_with(&[Location::BankVault], |s| {
        set_top(s, D, &[d(Shoeprint, 2)]);
        set_top(s, M, &[m(Notebook, ACE)]);
    });
    assert_eq!(s.pile(0, D), [d(Shoeprint, 2)]);
    assert_eq!(s.pile(0, M), [m(Notebook, ACE)]);
    assert_eq!(s.trump(0), Some(MagnifyingGlass));
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.log().contains(&Event::Revealed {
        seat: Seat(0),
        card: d(Shoeprint, 2)
    }));
    // "If a player's deck is empty then no cards can be placed."
    let mut s = table(&[Location::Station, Location::BankVault]);
    let deck = s.decks[1].clone();
    set_discard(&mut s, M, &deck);
    assert!(s.deck(M).is_empty());
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!(s.active(), 1);
    assert!(s.pile(1, M).is_empty());
    assert_eq!(s.pile(1, D).len(), 1);
}

// The Library: "Special Abilities of Cards may not be used ... This
// includes the ability to change the trump suit".
#[test]
fn location_library_allows_no_abilities() {
    let mut s = table(&[Location::Library]);
    set_hand(&mut s, D, &[d(Shoeprint, 3), d(Shoeprint, 2)]);
    assert_eq!(
        refused(&s, Action::UseAbility(d(Shoeprint, 3))),
        RuleError::Library
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    assert_eq!(s.phase(), Phase::Play, "no trump choice");
    assert_eq!(s.trump(0), Some(Briefcase));
}

// The Palace Grounds: "Cards of Value 4 or lower may not be played ...
// [it] does not stop discarding of cards for special abilities".
#[test]
fn location_palace_grounds_take_nothing_below_five() {
    let mut s = table(&[Location::PalaceGrounds]);
    set_hand(
        &mut s,
        D,
        &[
            d(Notebook, 4),
            d(Notebook, 2),
            d(Notebook, 5),
            d(Briefcase, 3),
        ],
    );
    let err = refused(&s, Action::Place(d(Notebook, 4)));
    assert_eq!(err, RuleError::PalaceLow(d(Notebook, 4)));
    assert_eq!(err.to_string(), "The Palace Grounds take no card below 5.");
    refused(&s, Action::Place(d(Notebook, 2)));
    let s = played(
        &s,
        &[
            Action::Place(d(Notebook, 5)),
            Action::UseAbility(d(Briefcase, 3)),
        ],
    );
    assert_eq!(s.pile(0, D), [d(Notebook, 5)]);
}

// The Docks: "The Mastermind Player may not play a non-trump card ...
// unless he has a lower number of cards than Detective Graves"; trumps
// ignore the rule but count.
#[test]
fn location_docks_limit_the_mastermind_non_trump_cards() {
    let mut s = table(&[Location::Docks]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    set_hand(
        &mut s,
        M,
        &[
            m(Shoeprint, 7),
            m(Shoeprint, 8),
            m(Notebook, 6),
            m(Shoeprint, 9),
        ],
    );
    let s = played(&s, &[Action::Pass, Action::Place(m(Shoeprint, 7))]);
    assert_eq!(
        refused(&s, Action::Place(m(Shoeprint, 8))),
        RuleError::DocksLimit
    );
    // Notebook is the trump: allowed, and it counts.
    let s = applied(&s, Action::Place(m(Notebook, 6)));
    assert_eq!(s.pile(0, M).len(), 2);
    refused(&s, Action::Place(m(Shoeprint, 9)));
    // The Detective has no such limit.
    let s = played(&s, &[Action::EndPlay]);
    let cards: Vec<Card> = s.hand(D).to_vec();
    let suit = cards[0].suit;
    let same: Vec<Card> = cards.iter().copied().filter(|c| c.suit == suit).collect();
    played(
        &s,
        &same.iter().map(|&c| Action::Place(c)).collect::<Vec<_>>(),
    );
}

// The Countryside: "each player draws 3 cards ... This location ability
// works once."
#[test]
fn location_countryside_draws_three_on_arrival_only() {
    let s = table(&[Location::Countryside]);
    for role in Role::ALL {
        assert_eq!(s.hand(role).len(), HAND + 3 + 2);
    }
    let s = played(
        &s,
        &[Action::PassSwap(s.hand(D)[0]), Action::Place(plain(&s, M))],
    );
    let s = applied(&s, Action::EndPlay);
    assert_eq!(s.hand(D).len(), 10 + 2, "only the round's draw");
}

// The Alley: "a maximum of 3 cards in their evidence pile ... To play
// additional cards a player must first discard one of their evidence cards
// already in play" (from the Alley, as part of a play).
#[test]
fn location_alley_holds_three_cards_per_pile() {
    let mut s = table(&[Location::Alley]);
    let pile = [d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)];
    set_pile(&mut s, 0, D, &pile[..2]);
    set_hand(&mut s, D, &[pile[2], d(Shoeprint, 9), d(Shoeprint, 8)]);
    assert_eq!(s.trump(0), None);
    assert_eq!(
        refused(&s, Action::AlleyClear(pile[0])),
        RuleError::AlleyRoom
    );
    let s = applied(&s, Action::Place(pile[2]));
    assert_eq!(
        refused(&s, Action::Place(d(Shoeprint, 9))),
        RuleError::AlleyFull
    );
    let s = applied(&s, Action::AlleyClear(d(Shoeprint, 3)));
    assert_eq!(s.phase(), Phase::MustPlace);
    assert_eq!(
        refused(&s, Action::EndPlay),
        RuleError::NotNow(Phase::MustPlace)
    );
    let s = applied(&s, Action::Place(d(Shoeprint, 9)));
    assert_eq!(
        s.pile(0, D),
        [d(Shoeprint, 4), d(Shoeprint, 5), d(Shoeprint, 9)]
    );
    assert_eq!(s.discard(D), [d(Shoeprint, 3)]);
    // Only at the Alley.
    let mut t = table(&[Location::Station]);
    set_pile(&mut t, 0, D, &pile);
    assert_eq!(
        refused(&t, Action::AlleyClear(pile[0])),
        RuleError::NotHere(Location::Alley)
    );
}

// Ruling: clearing Alley room needs a card that could then be placed.
#[test]
fn ruling_alley_room_is_cleared_only_for_a_card_to_place() {
    let mut s = table(&[Location::Alley]);
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)],
    );
    set_hand(&mut s, D, &[d(Briefcase, 9)]);
    let s = played(&s, &[Action::Place(d(Briefcase, 9))][..0]);
    // The hand card could be placed after clearing: allowed.
    applied(&s, Action::AlleyClear(d(Shoeprint, 3)));
    let mut s = s;
    s.hands[0].clear();
    assert_eq!(
        refused(&s, Action::AlleyClear(d(Shoeprint, 3))),
        RuleError::NothingToPlace
    );
}

// The River: "Detective Graves may discard his entire hand to draw the
// same number of cards ... all or nothing".
#[test]
fn location_river_lets_the_detective_swap_the_whole_hand() {
    let s = table(&[Location::River]);
    assert_eq!((s.phase(), s.actor()), (Phase::River, D));
    let old = s.hand(D).to_vec();
    let swapped = applied(&s, Action::RiverRedraw);
    assert_eq!(swapped.discard(D), old.as_slice());
    assert!(old.iter().all(|c| !swapped.hand(D).contains(c)));
    assert_eq!(swapped.hand(D).len(), HAND + 2, "5 new, then the round's 2");
    assert_eq!(swapped.phase(), Phase::Play);
    let kept = applied(&s, Action::KeepHand);
    assert!(old.iter().all(|c| kept.hand(D).contains(c)));
    assert_eq!(
        refused(&s, Action::Mulligan),
        RuleError::NotNow(Phase::River)
    );
}

// Ruling: the River asks only a Detective with cards; the new hand is as
// large as the deck allows.
#[test]
fn ruling_river_without_a_hand_or_with_a_short_deck() {
    let mut s = table(&[Location::Station]);
    s.row[1] = Location::River;
    award(&mut s, 0, None);
    let hand = s.hands[0].clone();
    set_discard(&mut s, D, &hand);
    let mut empty = s.clone();
    empty.start_location(1, D);
    assert_eq!(empty.phase(), Phase::Play, "nothing to swap: no question");
    assert_eq!(empty.hand(D).len(), 2);
    let deck = s.decks[0].clone();
    set_hand(&mut s, D, &deck[..5]);
    set_discard(&mut s, D, &deck[5..deck.len() - 2]);
    assert_eq!(s.deck(D).len(), 2);
    s.start_location(1, D);
    assert_eq!(s.phase(), Phase::River);
    let s = applied(&s, Action::RiverRedraw);
    assert_eq!(
        s.hand(D).len(),
        2,
        "5 discarded, 2 drawn, none left for the round"
    );
    assert!(s.log().contains(&Event::RiverRedraw {
        seat: Seat(0),
        discarded: 5,
        drew: 2
    }));
}

// The Record Office: "Ace Cards played at this location are value 12 ...
// The Trump Ace is value 24 here."
#[test]
fn location_record_office_aces_are_worth_twelve() {
    let mut s = table(&[Location::RecordOffice]);
    set_pile(&mut s, 0, D, &[d(MagnifyingGlass, ACE), d(Shoeprint, ACE)]);
    assert_eq!(s.total(0, D), 24 + 12);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    assert_eq!(s.total(0, M), 9);
}

// The Park: "to play a non-trump card of value 6 or higher ... a player
// must first discard a card ... facedown without revealing what it was".
#[test]
fn location_park_charges_a_discard_for_big_non_trump_cards() {
    let mut s = table(&[Location::Park]);
    // Shoeprint is trump at the Park.
    set_hand(
        &mut s,
        D,
        &[
            d(Notebook, 7),
            d(Briefcase, 3),
            d(Shoeprint, 8),
            d(Notebook, 5),
        ],
    );
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 7))),
        RuleError::ParkCost(d(Notebook, 7))
    );
    // Trumps and small cards cost nothing.
    let s = played(
        &s,
        &[
            Action::Place(d(Shoeprint, 8)),
            Action::Place(d(Notebook, 5)),
        ],
    );
    let s = applied(&s, Action::ParkDiscard(d(Briefcase, 3)));
    assert_eq!(s.phase(), Phase::MustPlace);
    assert_eq!(s.legal_actions(), [Action::Place(d(Notebook, 7))]);
    let s = applied(&s, Action::Place(d(Notebook, 7)));
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert_eq!(s.pile(0, D).len(), 3);
    // Unseen by the other player.
    assert!(s.events_seen_by(Seat(1)).contains(&Event::ParkDiscard {
        seat: Seat(0),
        card: None
    }));
    assert!(s.events_seen_by(Seat(0)).contains(&Event::ParkDiscard {
        seat: Seat(0),
        card: Some(d(Briefcase, 3))
    }));
}

// Ruling: the Park discard needs a card to pay for, which must follow.
#[test]
fn ruling_park_discard_pays_for_the_next_card_only() {
    let mut s = table(&[Location::Park]);
    set_hand(
        &mut s,
        D,
        &[d(Notebook, 5), d(Briefcase, 3), d(Notebook, 9)],
    );
    assert_eq!(
        refused(&s, Action::ParkDiscard(d(Notebook, 9))),
        RuleError::NothingToPlace,
        "the only big card cannot pay for itself"
    );
    let s = applied(&s, Action::ParkDiscard(d(Briefcase, 3)));
    assert_eq!(
        refused(&s, Action::Place(d(Notebook, 5))),
        RuleError::ParkPaid(d(Notebook, 5))
    );
    let mut t = table(&[Location::Station]);
    set_hand(&mut t, D, &[d(Notebook, 5), d(Notebook, 9)]);
    assert_eq!(
        refused(&t, Action::ParkDiscard(d(Notebook, 5))),
        RuleError::NotHere(Location::Park)
    );
}

// The Station: "Location Ability: None".
#[test]
fn location_station_has_no_special_rule() {
    let s = table(&[Location::Station]);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.tokens(0), 5);
    let hand = s.hand(D).to_vec();
    let card = hand
        .iter()
        .copied()
        .find(|c| c.rank <= 4)
        .unwrap_or(hand[0]);
    applied(&s, Action::Place(card));
}

// The Slums: "Detective Graves may add or take away 1 time token from the
// slums and the location immediately following it ... none, 1 or both";
// spec: "tokens never go below 1 through its ability".
#[test]
fn location_slums_change_the_time_here_and_next() {
    let s = table(&[Location::Slums, Location::Station]);
    assert_eq!((s.phase(), s.actor()), (Phase::Slums, D));
    assert_eq!(s.legal_actions().len(), 9);
    let t = applied(&s, Action::SlumsTime { here: -1, next: 1 });
    assert_eq!((t.tokens(0), t.tokens(1)), (3, 6));
    assert_eq!(t.phase(), Phase::Play);
    let t = applied(&s, Action::SlumsTime { here: 1, next: -1 });
    assert_eq!((t.tokens(0), t.tokens(1)), (5, 4));
    refused(&s, Action::SlumsTime { here: 2, next: 0 });
    let mut low = s.clone();
    low.tokens[0] = 1;
    assert_eq!(
        refused(&low, Action::SlumsTime { here: -1, next: 0 }),
        RuleError::SlumsTime
    );
}

// Ruling: at the fifth location the Slums change only themselves.
#[test]
fn ruling_slums_last_in_the_row_change_only_themselves() {
    let mut s = table(&[Location::Station]);
    s.row[4] = Location::Slums;
    s.trumps[4] = Location::Slums.trump();
    s.tokens[4] = 4;
    for i in 0..4 {
        award(&mut s, i, None);
    }
    s.start_location(4, D);
    assert_eq!(s.phase(), Phase::Slums);
    assert_eq!(s.legal_actions().len(), 3);
    refused(&s, Action::SlumsTime { here: 0, next: 1 });
    let s = applied(&s, Action::SlumsTime { here: 1, next: 0 });
    assert_eq!(s.tokens(4), 5);
}

// The Museum: "players may draw the top of their discard pile instead of
// drawing from their deck. Any cards played for their special ability are
// removed from the game."
#[test]
fn location_museum_draws_from_the_discard_and_removes_ability_cards() {
    let mut s = table(&[Location::Museum]);
    assert_eq!(s.phase(), Phase::Play, "nothing discarded yet: no choice");
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    set_discard(&mut s, D, &[d(Notebook, 8), d(Notebook, ACE)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(s.removed(), [d(Briefcase, 3)]);
    assert_eq!(s.discard(D).len(), 2, "not to the discard");
    assert_eq!(s.all_pieces().len(), 100);
    let m_card = plain(&s, M);
    let s = played(
        &s,
        &[Action::EndPlay, Action::Place(m_card), Action::EndPlay],
    );
    // New round: the Detective (lead) chooses each draw.
    assert_eq!((s.phase(), s.actor()), (Phase::Draw, D));
    let s = applied(&s, Action::Draw(Source::Discard));
    assert!(
        s.hand(D).contains(&d(Notebook, ACE)),
        "the top of the discard"
    );
    let s = applied(&s, Action::Draw(Source::Deck));
    assert_eq!(s.discard(D), [d(Notebook, 8)]);
    // The Mastermind's discard is empty: its draws need no choice.
    assert_eq!((s.phase(), s.actor()), (Phase::Play, D));
    assert!(s.log().contains(&Event::Drew {
        seat: Seat(0),
        count: 1,
        from_discard: 1,
        why: DrawFor::Round,
        cards: Some(CardSet::from_iter([d(Notebook, ACE)])),
    }));
}

// Ruling: the pass's replacement comes from the deck, also at the Museum;
// the Museum's cards come back when the case ends.
#[test]
fn ruling_museum_pass_draws_from_the_deck_and_removed_cards_return() {
    let mut s = table(&[Location::Museum]);
    set_discard(&mut s, D, &[d(Notebook, ACE)]);
    let top = *s.deck(D).last().unwrap();
    let card = s.hand(D)[0];
    let s = applied(&s, Action::PassSwap(card));
    assert!(s.hand(D).contains(&top));
    let mut s = s;
    set_hand(&mut s, M, &[m(Briefcase, 3)]);
    let s = applied(&s, Action::UseAbility(m(Briefcase, 3)));
    assert_eq!(s.removed(), [m(Briefcase, 3)]);
    let s = played(&s, &[Action::EndPlay]);
    let s = skip_to_unmasking(&s);
    let s = played(&s, &[Action::Reveal]);
    assert!(s.removed().is_empty());
    assert_eq!(s.hand(M).len() + s.deck(M).len(), 45);
}

// --------------------------------------------------------------- unmasking ----

// "Each piece of Evidence collected by a Player is worth 2 points"; "the
// Mastermind Player has the opportunity to 'reveal prematurely' ... the
// Detective Player scores 2 points."
#[test]
fn rule_reveal_gives_the_detective_two() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, M, &[m(Shoeprint, 9)]);
    let s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.actor()), (Phase::Unmask, M));
    let s = applied(&s, Action::Reveal);
    let r = s.results()[0];
    assert!(r.revealed && r.accused.is_none() && !r.correct());
    assert_eq!(r.evidence, [0, 1]);
    assert_eq!(r.evidence_points, [0, 2]);
    assert_eq!(r.unmasking_points, [2, 0]);
    assert_eq!((s.points(Seat(0)), s.points(Seat(1))), (2, 2));
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::Unmasked {
            revealed: true,
            accused: None,
            ..
        }
    )));
}

// "if The Detective Player was correct then he/she scores 3 points; if the
// deduction was wrong then the Mastermind Player scores 1 point."
#[test]
fn rule_accusation_right_three_wrong_one() {
    let s = skip_to_unmasking(&table(&[Location::Station]));
    let s = applied(&s, Action::StayHidden);
    assert_eq!((s.phase(), s.actor()), (Phase::Accuse, D));
    let identity = s.identity();
    let right = applied(&s, Action::Accuse(identity));
    assert_eq!(right.results()[0].unmasking_points, [3, 0]);
    assert_eq!(right.points(Seat(0)), 3);
    assert_eq!(right.correct_deductions(Seat(0)), 1);
    let other = Identity::ALL.into_iter().find(|&i| i != identity).unwrap();
    let wrong = applied(&s, Action::Accuse(other));
    assert_eq!(wrong.results()[0].unmasking_points, [0, 1]);
    assert_eq!(wrong.points(Seat(1)), 1);
}

// Ruling: the Detective may name any identity, even one their evidence
// clears.
#[test]
fn ruling_any_identity_may_be_accused() {
    let mut s = table(&[Location::Station]);
    let e = s.evidence_in(EvidenceAt::Location(0))[0];
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    assert_eq!(s.evidence_at(e), EvidenceAt::Won(D));
    assert_eq!(s.legal_actions().len(), 5);
    applied(&s, Action::Accuse(e.cleared[0]));
}

// "a second Case is played using the same Locations as the first Case in
// the same order, but with the Mastermind and Detective Players swapping
// roles", fresh identity and evidence.
#[test]
fn rule_second_case_swaps_roles_on_the_same_locations() {
    let s = game(Variant::default(), 11);
    let row = s.row();
    let s = skip_to_unmasking(&s);
    let s = applied(&s, Action::Reveal);
    assert_eq!(s.case(), 1);
    assert_eq!(s.row(), row);
    assert_eq!(s.role_of(Seat(1)), D);
    assert_eq!(s.seat_of(M), Seat(0));
    assert_eq!((s.phase(), s.to_act()), (Phase::Mulligan, Some(Seat(1))));
    for (i, location) in row.iter().enumerate() {
        assert_eq!(s.tokens(i), location.time());
        assert_eq!(s.outcome(i), Outcome::Open);
    }
    assert_eq!(s.evidence_in(EvidenceAt::Box).len(), 4);
    assert!(s.log().iter().any(|e| matches!(
        e,
        Event::CaseStarted {
            case: 1,
            detective: Seat(1),
            ..
        }
    )));
    let s = skip_to_unmasking(&s);
    let s = applied(&s, Action::Reveal);
    assert!(s.is_over());
    assert_eq!(s.results().len(), 2);
}

// "At the end of the second Case, the Player with the highest score wins.
// If the scores are tied, then the Player who had Detective Graves
// correctly deduce ... wins, if both players achieved this then the game is
// a draw"; ruling: neither is a draw too.
#[test]
fn rule_end_highest_total_then_correct_deductions() {
    let s = game(Variant::default(), 5);
    let identity_0 = s.identity();
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    // Case 1: seat 0 the Detective names the Mastermind: 3 points.
    let s = applied(&s, Action::Accuse(identity_0));
    let identity_1 = s.identity();
    let s = played(&skip_to_unmasking(&s), &[Action::StayHidden]);
    let wrong = Identity::ALL
        .into_iter()
        .find(|&i| i != identity_1)
        .unwrap();
    // Seat 1 right too: 3 each, both deduced: a draw.
    let both = applied(&s, Action::Accuse(identity_1));
    assert_eq!(
        both.status(),
        Status::Over {
            winners: vec![Seat(0), Seat(1)]
        }
    );
    // Seat 1 wrong: seat 0 scores 1 more as Mastermind, 4 to 0.
    let one = applied(&s, Action::Accuse(wrong));
    assert_eq!((one.points(Seat(0)), one.points(Seat(1))), (4, 0));
    assert_eq!(one.winners(), [Seat(0)]);
    // Equal points: the one correct deduction wins.
    let mut tied = one.clone();
    tied.results[1].evidence_points = [4, 0];
    assert_eq!(tied.points(Seat(0)), tied.points(Seat(1)));
    assert_eq!(tied.compute_winners(), [Seat(0)]);
    // Equal points and neither deduced: a draw.
    let wrong_0 = Identity::ALL
        .into_iter()
        .find(|&i| i != identity_0)
        .unwrap();
    tied.results[0].accused = Some(wrong_0);
    assert_eq!(tied.correct_deductions(Seat(0)), 0);
    assert_eq!(tied.compute_winners(), [Seat(0), Seat(1)]);
}

// Ruling: a premature reveal is not a correct deduction.
#[test]
fn ruling_a_reveal_is_no_deduction() {
    let s = skip_to_unmasking(&game(Variant::default(), 2));
    let s = applied(&s, Action::Reveal);
    assert_eq!(s.correct_deductions(Seat(0)), 0);
}

// ---------------------------------------------------------------- variants ----

// The Mastermind Knows All: "the Mastermind Player is allowed to peek at
// each location's evidence card at any time ... may not deliberately Reveal".
#[test]
fn variant_the_mastermind_knows_all() {
    let variant = Variant {
        knows_all: true,
        ..Variant::default()
    };
    let s = game(variant, 4);
    let mm = s.view(Seat(1));
    let det = s.view(Seat(0));
    for i in 0..ROW {
        assert_eq!(
            mm.evidence_on(i),
            Some(s.evidence_in(EvidenceAt::Location(i as u8))[0])
        );
        assert_eq!(det.evidence_on(i), None);
    }
    // The evidence the Detective wins stays known to the Mastermind.
    let mut s = played(&s, &[Action::KeepHand, Action::KeepHand]);
    let e = s.evidence_in(EvidenceAt::Location(0))[0];
    let card = plain(&s, D);
    set_hand(&mut s, D, &[card]);
    let s = played(&s, &[Action::Place(card), Action::EndPlay, Action::Pass]);
    let s = applied(&s, Action::Pass);
    assert_eq!(s.evidence_at(e), EvidenceAt::Won(D));
    let seen = |seat: Seat| {
        s.events_seen_by(seat)
            .to_vec()
            .into_iter()
            .find_map(|ev| match ev {
                Event::Resolved { evidence, .. } => Some(evidence),
                _ => None,
            })
    };
    assert_eq!(seen(Seat(1)), Some(Some(e)));
    assert_eq!(seen(Seat(0)), Some(Some(e)));
    assert_eq!(s.view(Seat(1)).evidence_known(D), [e]);
    assert_eq!(s.view(Seat(0)).evidence_known(D), [e]);
    assert_eq!(s.view(Seat(1)).evidence_won(), []);
    let s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.actor()), (Phase::Accuse, D), "no reveal");
    assert_eq!(
        refused(&s, Action::Reveal),
        RuleError::NotNow(Phase::Accuse)
    );
    // Without the variant, the Mastermind sees no location's evidence.
    let plain = game(Variant::default(), 4);
    assert!((0..ROW).all(|i| plain.view(Seat(1)).evidence_on(i).is_none()));
    // Nor the evidence the Detective won.
    let mut plain = played(&plain, &[Action::KeepHand, Action::KeepHand]);
    set_pile(&mut plain, 0, D, &[d(Shoeprint, 9)]);
    let plain = played(&plain, &[Action::Pass, Action::Pass]);
    assert_eq!(plain.view(Seat(0)).evidence_known(D).len(), 1);
    assert!(plain.view(Seat(1)).evidence_known(D).is_empty());
}

// The Single Case: "Evidence is worth 3 points each. The Mastermind may not
// reveal intentionally. The deduction is worth 4 points ... if correct and
// 4 points to the Mastermind if incorrect."
#[test]
fn variant_the_single_case() {
    let variant = Variant {
        length: Length::SingleCase,
        ..Variant::default()
    };
    assert_eq!(variant.cases(), 1);
    let mut s = played(&game(variant, 9), &[Action::KeepHand, Action::KeepHand]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = skip_to_unmasking(&s);
    assert_eq!(s.phase(), Phase::Accuse);
    let identity = s.identity();
    let right = applied(&s, Action::Accuse(identity));
    assert!(right.is_over());
    assert_eq!(right.results()[0].evidence_points, [3, 0]);
    assert_eq!(right.points(Seat(0)), 3 + 4);
    let wrong = Identity::ALL.into_iter().find(|&i| i != identity).unwrap();
    let wrong = applied(&s, Action::Accuse(wrong));
    assert_eq!(wrong.points(Seat(1)), 4);
    assert_eq!(wrong.winners(), [Seat(1)]);
}

// The Long Haul: "multiple cases ... the locations should be shuffled and
// randomised after each pair of cases".
#[test]
fn variant_the_long_haul() {
    let variant = Variant {
        length: Length::CasePairs(2),
        ..Variant::default()
    };
    assert_eq!(variant.cases(), 4);
    let mut reshuffled = false;
    for seed in 0..6 {
        let mut s = game(variant, seed);
        let mut rows = Vec::new();
        while !s.is_over() {
            rows.push(s.row());
            s = applied(&skip_to_unmasking(&s), Action::Reveal);
        }
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], rows[1]);
        assert_eq!(rows[2], rows[3]);
        reshuffled |= rows[1] != rows[2];
        assert_eq!(s.results()[2].detective, Seat(0));
        assert_eq!(s.results()[3].detective, Seat(1));
    }
    assert!(reshuffled);
    for n in [0, MAX_CASE_PAIRS + 1] {
        let bad = Variant {
            length: Length::CasePairs(n),
            ..Variant::default()
        };
        assert_eq!(
            State::new([SeatKind::Person; 2], Seat(0), bad, 1).unwrap_err(),
            RuleError::CasePairs(n)
        );
    }
}

// Life Is Pain: "At the start of each Case the locations are randomised".
#[test]
fn variant_life_is_pain() {
    let variant = Variant {
        life_is_pain: true,
        ..Variant::default()
    };
    let changed = (0..6).any(|seed| {
        let s = game(variant, seed);
        let row = s.row();
        let s = applied(&skip_to_unmasking(&s), Action::Reveal);
        s.row() != row
    });
    assert!(changed);
}

// ---------------------------------------------------- errors, view, saves ----

#[test]
fn new_game_needs_seat_zero_or_one() {
    assert_eq!(
        State::new([SeatKind::Person; 2], Seat(2), Variant::default(), 1).unwrap_err(),
        RuleError::NoSuchSeat(Seat(2))
    );
    let s = State::new([SeatKind::Person; 2], Seat(1), Variant::default(), 1).unwrap();
    assert_eq!(s.seat_of(D), Seat(1));
    assert_eq!(s.to_act(), Some(Seat(1)));
}

#[test]
fn every_error_has_a_message() {
    let card = d(Notebook, 4);
    let errors = [
        RuleError::GameOver,
        RuleError::NoSuchSeat(Seat(3)),
        RuleError::CasePairs(0),
        RuleError::NotNow(Phase::Play),
        RuleError::NotInHand(card),
        RuleError::NotInPile(card),
        RuleError::PalaceLow(card),
        RuleError::MixedSuits(Notebook),
        RuleError::AlleyFull,
        RuleError::AlleyRoom,
        RuleError::NothingToPlace,
        RuleError::DocksLimit,
        RuleError::ParkCost(card),
        RuleError::ParkPaid(card),
        RuleError::NotHere(Location::Park),
        RuleError::NoAbility(card),
        RuleError::Library,
        RuleError::NoTokenToRemove,
        RuleError::NoTokenLeft,
        RuleError::SlumsTime,
        RuleError::CoverUpTarget(card),
        RuleError::AlreadyPlayed,
        RuleError::NothingPlayed,
        RuleError::EmptyDeck,
        RuleError::EmptyDiscard,
    ];
    for e in errors {
        let text = e.to_string();
        assert!(text.ends_with('.') && text.len() > 10, "{e:?}: {text}");
    }
}

/// States along games of random actions, for the checks below.
fn sample_states(games: u64, every: usize) -> Vec<State> {
    let mut states = Vec::new();
    for seed in 0..games {
        let variant = Variant {
            knows_all: seed % 2 == 0,
            ..Variant::default()
        };
        let mut s = game(variant, seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        for step in 0.. {
            if step % every == 0 {
                states.push(s.clone());
            }
            if s.is_over() {
                break;
            }
            let action = if step % 2 == 0 {
                let legal = s.legal_actions();
                legal[rng.random_range(0..legal.len())]
            } else {
                bot::simple_action(&s.view(s.to_act().unwrap()), &mut rng)
            };
            s.apply(action).unwrap();
        }
    }
    states
}

// An illegal action is refused and changes nothing; every legal action
// applies.
#[test]
fn illegal_actions_leave_the_state_unchanged() {
    for s in sample_states(6, 17) {
        let legal = s.legal_actions();
        assert_eq!(legal.is_empty(), s.is_over());
        for action in s.action_space() {
            let mut copy = s.clone();
            match copy.apply(action) {
                Ok(_) => assert!(legal.contains(&action), "{action:?} was not offered"),
                Err(e) => {
                    assert!(!legal.contains(&action), "{action:?}: {e}");
                    assert_eq!(copy, s, "{action:?}");
                }
            }
        }
    }
}

// Hidden information: a seat's view serialises its own hand and the
// public facts only; never the other hand, the identity (to the
// Detective) nor the evidence on the locations.
#[test]
fn view_hides_the_other_seats_secrets() {
    let s = table(&[Location::Station]);
    let json = |seat: Seat| serde_json::to_string(&s.view(seat)).unwrap();
    let card_json = |c: &Card| serde_json::to_string(c).unwrap();
    let det = json(Seat(0));
    let mm = json(Seat(1));
    for card in s.hand(M) {
        assert!(
            !det.contains(&card_json(card)),
            "{card:?} in the Detective's view"
        );
        assert!(mm.contains(&card_json(card)));
    }
    for card in s.hand(D) {
        assert!(
            !mm.contains(&card_json(card)),
            "{card:?} in the Mastermind's view"
        );
        assert!(det.contains(&card_json(card)));
    }
    let identity = serde_json::to_string(&s.identity()).unwrap();
    assert!(
        !det.contains(&identity),
        "the identity in the Detective's view"
    );
    assert!(mm.contains(&identity));
    // No evidence at all in the Detective's view, nor the set-aside card in
    // the Mastermind's.
    assert!(!det.contains("cleared"));
    let set_aside = serde_json::to_string(&s.evidence_in(EvidenceAt::SetAside)[0]).unwrap();
    assert!(!mm.contains(&set_aside));
    for i in 0..ROW {
        let e = serde_json::to_string(&s.evidence_in(EvidenceAt::Location(i as u8))[0]).unwrap();
        assert!(
            !mm.contains(&e),
            "location evidence in the Mastermind's view"
        );
    }
    // Nor the deck order: only sizes.
    let view = s.view(Seat(0));
    assert_eq!(view.deck_size(M), s.deck(M).len());
    assert_eq!(view.discard_size(D), s.discard(D).len());
    assert!(format!("{view:?}").contains("hand"));
    assert!(view.identity().is_none());
    assert_eq!(s.view(Seat(1)).identity(), Some(s.identity()));
    // A seat that is not at the table sees no secret at all.
    let stranger = serde_json::to_string(&s.view(Seat(5))).unwrap();
    assert!(!stranger.contains(&identity) && !stranger.contains("cleared"));
    for card in s.hand(D).iter().chain(s.hand(M)) {
        assert!(!stranger.contains(&card_json(card)));
    }
}

// A saved game loads back equal, and a view is the same after the trip.
#[test]
fn saves_round_trip() {
    for s in sample_states(3, 29) {
        let text = serde_json::to_string(&s).unwrap();
        let back: State = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.validate(), Ok(()));
        let v = serde_json::to_string(&s.view(Seat(0))).unwrap();
        assert_eq!(serde_json::to_string(&back.view(Seat(0))).unwrap(), v);
    }
    let mut broken = game(Variant::default(), 1);
    broken.hands[0].push(d(Notebook, 9));
    assert!(broken.validate().is_err());
}

// The same seed deals the same game.
#[test]
fn a_seed_replays_the_deal() {
    let a = game(Variant::default(), 99);
    let b = game(Variant::default(), 99);
    assert_eq!(a, b);
    assert_ne!(a, game(Variant::default(), 100));
    assert_eq!(a.seed(), 99);
}

// A determinised copy looks the same from the seat (its whole view is
// unchanged), keeps the public facts, and differs only in hidden parts.
#[test]
fn determinise_keeps_the_view() {
    let mut rng = Pcg32::seed_from_u64(5);
    let mut differed = false;
    for s in sample_states(4, 13) {
        for seat in [Seat(0), Seat(1)] {
            let view = s.view(seat);
            let sample = view.determinise(&mut rng);
            assert_eq!(sample.validate(), Ok(()));
            assert_eq!(
                serde_json::to_string(&sample.view(seat)).unwrap(),
                serde_json::to_string(&view).unwrap()
            );
            if !sample.is_over() {
                let other = view.role().other();
                differed |= sample.hand(other) != s.hand(other);
                if view.role() == D {
                    let identity = sample.identity();
                    assert!(view.possible_identities().contains(&identity));
                    assert!(sample
                        .evidence_in(EvidenceAt::Won(D))
                        .iter()
                        .all(|e| !e.clears(identity)));
                }
                assert_eq!(
                    sample.evidence_in(EvidenceAt::Box).len(),
                    4,
                    "six evidence cards in play"
                );
            }
        }
    }
    assert!(differed);
}

// --------------------------------------------------- rulings of the spec ----

/// Applies `action`, checked first; returns the new state and the events.
fn events_of(s: &State, action: Action) -> (State, Vec<Event>) {
    assert_eq!(s.check(&action), Ok(()), "{action:?}");
    let mut next = s.clone();
    let events = next
        .apply(action)
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
    assert_eq!(next.validate(), Ok(()), "after {action:?}");
    assert_eq!(
        &next.log()[s.log().len()..],
        events,
        "the log's new entries"
    );
    (next, events)
}

/// Every place of the ten evidence cards, with the set-aside card changed
/// for one not in play (a game the rules cannot reach, but one whose views
/// must not differ: nobody has seen the card).
fn other_set_aside(s: &State) -> State {
    let mut t = s.clone();
    let aside = t.evidence_in(EvidenceAt::SetAside)[0];
    let spare = t.evidence_in(EvidenceAt::Box)[0];
    t.evidence[aside.index()] = EvidenceAt::Box;
    t.evidence[spare.index()] = EvidenceAt::SetAside;
    t
}

// Spec: "The set-aside evidence card is seen by nobody, the Mastermind
// included ..., in every variant and after the case too." No view holds it
// (changing it changes no view, at the deal and at the game's end), the
// log no longer names it, and the bots, reading views only, sample it.
#[test]
fn ruling_the_set_aside_card_is_seen_by_nobody_in_every_variant_and_after_the_case() {
    let variants = [
        Variant::default(),
        Variant {
            knows_all: true,
            ..Variant::default()
        },
        Variant {
            length: Length::SingleCase,
            ..Variant::default()
        },
        Variant {
            length: Length::CasePairs(2),
            life_is_pain: true,
            knows_all: true,
        },
    ];
    for (k, variant) in variants.into_iter().enumerate() {
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let mut s = State::new(kinds, Seat(0), variant, k as u64).unwrap();
        let mut checked = 0;
        loop {
            if (s.phase() == Phase::Mulligan && s.actor() == D) || s.is_over() {
                let aside = s.evidence_in(EvidenceAt::SetAside)[0];
                let t = other_set_aside(&s);
                for seat in [Seat(0), Seat(1), Seat(2)] {
                    assert_eq!(s.view(seat), t.view(seat), "{variant:?} {seat:?}");
                    // At the first deal no other case's evidence is in
                    // the log: the card is nowhere in the view.
                    let json = serde_json::to_string(&s.view(seat)).unwrap();
                    assert!(
                        checked > 0 || !json.contains(&serde_json::to_string(&aside).unwrap()),
                        "{variant:?}: the set-aside card in {seat:?}'s view"
                    );
                }
                checked += 1;
            }
            let Some(seat) = s.to_act() else { break };
            let action = State::bot_action(&s.view(seat), Level::Simple, s.bot_seed());
            s.apply(action).unwrap();
        }
        assert_eq!(
            checked,
            variant.cases() + 1,
            "every case's deal and the end"
        );
    }
    // The log of the deal names the identity (to the Mastermind) and no
    // set-aside card.
    let s = dealt(Variant::default(), 3);
    assert_eq!(
        s.log()[1],
        Event::IdentityDrawn {
            seat: Seat(1),
            identity: Some(s.identity())
        }
    );
    // The Strong player's samples put any unseen card aside: it has no
    // idea which.
    let view = s.view(Seat(1));
    let asides: std::collections::HashSet<Evidence> = (0..40)
        .map(|k| {
            view.determinise(&mut Pcg32::seed_from_u64(k))
                .evidence_in(EvidenceAt::SetAside)[0]
        })
        .collect();
    assert_eq!(asides.len(), 6);
    // Nor do the Mastermind's odds of being named depend on it.
    let t = other_set_aside(&s);
    assert_eq!(
        bot::detective_chance(&s.view(Seat(1))),
        bot::detective_chance(&t.view(Seat(1)))
    );
}

// Spec: "the card is revealed, its effect resolves in full, and only then
// does the card go to the discard pile": a Fresh Lead (or Accomplice)
// drawing from a reshuffled discard pile never draws itself.
#[test]
fn ruling_an_ability_card_is_discarded_after_its_effect_and_never_drawn_by_it() {
    for (role, card) in [(D, d(Briefcase, 3)), (M, m(Briefcase, 3))] {
        let mut s = table(&[Location::Station]);
        if role == M {
            s = applied(&s, Action::Pass);
        }
        let r = role.index();
        set_hand(&mut s, role, &[card]);
        // The deck is empty, the discard pile holds one card (the rest of
        // the deck lies in the pile here).
        let deck = s.decks[r].clone();
        set_discard(&mut s, role, &deck[..1]);
        s.piles[0][r].append(&mut s.decks[r]);
        let (t, _) = events_of(&s, Action::UseAbility(card));
        assert_eq!(
            t.hand(role),
            [deck[0]],
            "{role:?} drew the pile's card, not itself"
        );
        assert_eq!(t.discard(role), [card]);
        assert!(t.deck(role).is_empty());
    }
    // With a choice to make, the card waits, set apart, until it is made.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, _) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.resolving(), Some(d(Briefcase, 5)));
    assert!(s.discard(D).is_empty());
    assert!(
        s.view(Seat(1)).resolving() == Some(d(Briefcase, 5)),
        "shown"
    );
    let (s, _) = events_of(&s, Action::TimeUp);
    assert_eq!(
        (s.resolving(), s.discard(D)),
        (None, &[d(Briefcase, 5)][..])
    );
    // At the Museum it leaves the game after its effect, not before.
    let mut s = table(&[Location::Museum]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, _) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert!(s.removed().is_empty());
    let (s, _) = events_of(&s, Action::TimeDown);
    assert_eq!(s.removed(), [d(Briefcase, 5)]);
}

// Spec: "whenever a player must draw ... and their deck is empty while
// their hand is empty, the discard pile is shuffled into a new deck first,
// so a pass's swap never leaves a player with no cards when cards remain in
// their discard pile."
#[test]
fn ruling_a_pass_swap_reshuffles_before_its_draw() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck[..2]);
    s.piles[0][0].append(&mut s.decks[0]);
    let (s, events) = events_of(&s, Action::PassSwap(d(Shoeprint, 9)));
    assert_eq!(s.hand(D).len(), 1, "the swap drew from the reshuffled pile");
    assert_eq!(s.deck(D).len(), 2);
    assert!(matches!(
        events[..3],
        [
            Event::Passed { swapped: true, .. },
            Event::Reshuffled { seat: Seat(0) },
            Event::Drew {
                count: 1,
                why: DrawFor::Swap,
                ..
            },
        ]
    ));
}

// Spec: the reshuffle before a draw, for the mulligan too: a player whose
// deck ran out reshuffles the discarded hand and draws from it.
#[test]
fn ruling_a_mulligan_reshuffles_before_its_draw() {
    let mut s = dealt(Variant::default(), 5);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    assert_eq!(s.validate(), Ok(()));
    let (s, events) = events_of(&s, Action::Mulligan);
    assert_eq!(s.hand(D).len(), HAND);
    assert_eq!(s.deck(D).len() + s.discard(D).len(), 40);
    assert!(matches!(
        events[..3],
        [
            Event::Mulligan { taken: true, .. },
            Event::Reshuffled { seat: Seat(0) },
            Event::Drew {
                count: 5,
                why: DrawFor::Mulligan,
                ..
            },
        ]
    ));
}

// Spec: the reshuffle before the round's draws and an ability's: checked
// before the draw, the card being resolved staying apart.
#[test]
fn ruling_the_reshuffle_comes_before_the_round_and_ability_draws() {
    // The round's draw: the Detective placed their last card with an empty
    // deck (reshuffled at once, after the action), and draws next round.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::Place(d(Shoeprint, 9)));
    assert!(matches!(
        events[..],
        [Event::Placed { .. }, Event::Reshuffled { seat: Seat(0) }]
    ));
    let s = played(&s, &[Action::EndPlay, Action::Pass]);
    assert_eq!(s.hand(D).len(), 2, "the round's two from the new deck");
    // Fresh Lead as the last card, deck empty: the pile is reshuffled
    // without it, then it is spent.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 3)));
    assert!(matches!(
        events[..],
        [
            Event::AbilityUsed { .. },
            Event::Reshuffled { .. },
            Event::Drew {
                count: 2,
                why: DrawFor::Ability,
                ..
            },
            Event::AbilitySpent { removed: false, .. },
        ]
    ));
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert!(!s.deck(D).contains(&d(Briefcase, 3)));
}

// ------------------------------------------------------------------ events ----

/// Whether `events` hold one matching `pattern`.
macro_rules! has {
    ($events:expr, $pattern:pat) => {
        $events.iter().any(|e| matches!(e, $pattern))
    };
}

// Each case opens with its row and Detective.
#[test]
fn event_case_started() {
    let s = dealt(Variant::default(), 2);
    assert_eq!(
        s.log()[0],
        Event::CaseStarted {
            case: 0,
            detective: Seat(0),
            row: s.row()
        }
    );
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let row = s.row();
    let (_, events) = events_of(&s, Action::Accuse(Identity::Banker));
    assert!(events.contains(&Event::CaseStarted {
        case: 1,
        detective: Seat(1),
        row
    }));
}

// The identity, the Mastermind's only.
#[test]
fn event_identity_drawn() {
    let s = dealt(Variant::default(), 2);
    let drawn = Event::IdentityDrawn {
        seat: Seat(1),
        identity: Some(s.identity()),
    };
    assert_eq!(s.log()[1], drawn);
    assert_eq!(s.redact(&drawn, Seat(1)), drawn);
    assert_eq!(
        s.redact(&drawn, Seat(0)),
        Event::IdentityDrawn {
            seat: Seat(1),
            identity: None
        }
    );
}

// A kept hand, or a mulligan and its new hand (the cards its owner's only).
#[test]
fn event_mulligan() {
    let s = dealt(Variant::default(), 2);
    let (kept, events) = events_of(&s, Action::KeepHand);
    assert_eq!(
        events,
        [Event::Mulligan {
            seat: Seat(0),
            taken: false
        }]
    );
    let (s, events) = events_of(&kept, Action::Mulligan);
    // The new hand, before the first location's draws.
    let hand: CardSet = s.hand(M)[..HAND].iter().copied().collect();
    assert_eq!(
        events[..2],
        [
            Event::Mulligan {
                seat: Seat(1),
                taken: true
            },
            Event::Drew {
                seat: Seat(1),
                count: 5,
                from_discard: 0,
                why: DrawFor::Mulligan,
                cards: Some(hand)
            }
        ]
    );
    assert!(matches!(
        s.redact(&events[1], Seat(0)),
        Event::Drew {
            count: 5,
            cards: None,
            ..
        }
    ));
}

// Play moves to a location, led by its lead.
#[test]
fn event_location_started() {
    let mut s = game(Variant::default(), 2);
    set_row(&mut s, &[Location::Library]);
    let (_, events) = events_of(&applied(&s, Action::KeepHand), Action::KeepHand);
    assert!(events.contains(&Event::LocationStarted {
        index: 0,
        location: Location::Library,
        lead: Seat(0)
    }));
}

// The Bank Vault's cards, face up.
#[test]
fn event_revealed() {
    let mut s = game(Variant::default(), 2);
    set_row(&mut s, &[Location::BankVault]);
    set_top(&mut s, D, &[d(Shoeprint, 7)]);
    let (_, events) = events_of(&applied(&s, Action::KeepHand), Action::KeepHand);
    assert!(events.contains(&Event::Revealed {
        seat: Seat(0),
        card: d(Shoeprint, 7)
    }));
}

// The round's draws: the count for all, the cards for the drawer.
#[test]
fn event_drew() {
    let s = applied(&game(Variant::default(), 2), Action::KeepHand);
    let (s, events) = events_of(&s, Action::KeepHand);
    let drew: Vec<Event> = events
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::Drew { .. }))
        .collect();
    assert_eq!(drew.len(), 2);
    for e in drew {
        let Event::Drew {
            seat,
            count,
            cards,
            why,
            ..
        } = e
        else {
            unreachable!()
        };
        assert_eq!((count, why), (2, DrawFor::Round));
        let cards = cards.unwrap().cards();
        assert!(cards.iter().all(|c| s.hand(s.role_of(seat)).contains(c)));
        assert_eq!(s.redact(&e, seat), e);
        assert!(matches!(
            s.redact(&e, other(seat)),
            Event::Drew {
                count: 2,
                cards: None,
                ..
            }
        ));
    }
}

// The River: the whole hand out, as many in.
#[test]
fn event_river_redraw() {
    let s = table(&[Location::River]);
    let (_, events) = events_of(&s, Action::RiverRedraw);
    assert_eq!(
        events[0],
        Event::RiverRedraw {
            seat: Seat(0),
            discarded: 5,
            drew: 5
        }
    );
    assert!(matches!(
        events[1],
        Event::Drew {
            count: 5,
            why: DrawFor::River,
            ..
        }
    ));
}

// The Slums' time.
#[test]
fn event_slums_time() {
    let s = table(&[Location::Slums, Location::Station]);
    let (_, events) = events_of(&s, Action::SlumsTime { here: -1, next: 1 });
    assert_eq!(
        events[0],
        Event::SlumsTime {
            seat: Seat(0),
            here: -1,
            next: 1
        }
    );
}

// A card into a pile.
#[test]
fn event_placed() {
    let s = table(&[Location::Station]);
    let card = plain(&s, D);
    let (_, events) = events_of(&s, Action::Place(card));
    assert_eq!(
        events,
        [Event::Placed {
            seat: Seat(0),
            card
        }]
    );
}

// A deuce's new trump (keeping it says nothing).
#[test]
fn event_trump_changed() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 2)]);
    let s = applied(&s, Action::Place(d(Shoeprint, 2)));
    let (_, events) = events_of(&s, Action::Trump(Briefcase));
    assert_eq!(
        events,
        [Event::TrumpChanged {
            seat: Seat(0),
            suit: Briefcase
        }]
    );
    assert_eq!(events_of(&s, Action::KeepTrump).1, []);
}

// An ability card shown, its effect, then the card spent.
#[test]
fn event_ability_used() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3), d(Shoeprint, 9)]);
    let (_, events) = events_of(&s, Action::UseAbility(d(Briefcase, 3)));
    assert_eq!(
        events[0],
        Event::AbilityUsed {
            seat: Seat(0),
            card: d(Briefcase, 3)
        }
    );
    assert!(has!(
        events[1..2],
        Event::Drew {
            count: 2,
            why: DrawFor::Ability,
            ..
        }
    ));
    assert_eq!(
        events[2],
        Event::AbilitySpent {
            seat: Seat(0),
            card: d(Briefcase, 3),
            removed: false
        }
    );
}

// The ability card's end: to the discard pile once its choice is made, or
// out of the game at the Museum.
#[test]
fn event_ability_spent() {
    let mut s = table(&[Location::Museum]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert!(!has!(events, Event::AbilitySpent { .. }));
    let (_, events) = events_of(&s, Action::TimeUp);
    assert_eq!(
        events[1],
        Event::AbilitySpent {
            seat: Seat(0),
            card: d(Briefcase, 5),
            removed: true
        }
    );
}

// The Stakeout's look, the Detective's only.
#[test]
fn event_stakeout() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 4), d(Shoeprint, 9)]);
    let hand: CardSet = s.hand(M).iter().copied().collect();
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 4)));
    let look = Event::Stakeout {
        seat: Seat(0),
        hand: Some(hand),
    };
    assert_eq!(events[1], look);
    assert_eq!(
        s.redact(&look, Seat(1)),
        Event::Stakeout {
            seat: Seat(0),
            hand: None
        }
    );
}

// A time token more or less.
#[test]
fn event_time() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let s = applied(&s, Action::UseAbility(d(Briefcase, 5)));
    let (_, events) = events_of(&s, Action::TimeDown);
    assert_eq!(
        events[0],
        Event::Time {
            seat: Seat(0),
            delta: -1,
            tokens: 4
        }
    );
}

// Cover-up's card, from the Detective's pile to their discard.
#[test]
fn event_covered_up() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 5)]);
    set_hand(&mut s, M, &[m(Briefcase, 4), m(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::UseAbility(m(Briefcase, 4))]);
    let (_, events) = events_of(&s, Action::CoverUp(d(Shoeprint, 5)));
    assert_eq!(
        events,
        [
            Event::CoveredUp {
                seat: Seat(1),
                card: d(Shoeprint, 5)
            },
            Event::AbilitySpent {
                seat: Seat(1),
                card: m(Briefcase, 4),
                removed: false
            }
        ]
    );
}

// Warrant's (or Bribe's) random discard, face down: its owner's only.
#[test]
fn event_random_discard() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 6), d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 6)));
    let lost = s.discard(M)[0];
    let discard = Event::RandomDiscard {
        seat: Seat(1),
        card: Some(lost),
    };
    assert_eq!(events[1], discard);
    assert_eq!(s.redact(&discard, Seat(1)), discard);
    assert_eq!(
        s.redact(&discard, Seat(0)),
        Event::RandomDiscard {
            seat: Seat(1),
            card: None
        }
    );
}

// The Park's payment, face down.
#[test]
fn event_park_discard() {
    let mut s = table(&[Location::Park]);
    set_hand(&mut s, D, &[d(Notebook, 7), d(Briefcase, 3)]);
    let (s, events) = events_of(&s, Action::ParkDiscard(d(Briefcase, 3)));
    let paid = Event::ParkDiscard {
        seat: Seat(0),
        card: Some(d(Briefcase, 3)),
    };
    assert_eq!(events, [paid]);
    assert_eq!(
        s.redact(&paid, Seat(1)),
        Event::ParkDiscard {
            seat: Seat(0),
            card: None
        }
    );
}

// Room made in the Alley, face up.
#[test]
fn event_alley_cleared() {
    let mut s = table(&[Location::Alley]);
    set_pile(
        &mut s,
        0,
        D,
        &[d(Shoeprint, 3), d(Shoeprint, 4), d(Shoeprint, 5)],
    );
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let (s, events) = events_of(&s, Action::AlleyClear(d(Shoeprint, 4)));
    let cleared = Event::AlleyCleared {
        seat: Seat(0),
        card: d(Shoeprint, 4),
    };
    assert_eq!(events, [cleared]);
    assert_eq!(s.redact(&cleared, Seat(1)), cleared);
}

// A pass, and a swap's card face down, its replacement drawn.
#[test]
fn event_passed() {
    let s = table(&[Location::Station]);
    let (_, events) = events_of(&s, Action::Pass);
    assert_eq!(
        events,
        [Event::Passed {
            seat: Seat(0),
            swapped: false,
            card: None
        }]
    );
    let card = s.hand(D)[0];
    let (t, events) = events_of(&s, Action::PassSwap(card));
    let swap = Event::Passed {
        seat: Seat(0),
        swapped: true,
        card: Some(card),
    };
    assert_eq!(events[0], swap);
    assert!(matches!(
        events[1],
        Event::Drew {
            count: 1,
            why: DrawFor::Swap,
            ..
        }
    ));
    assert_eq!(
        t.redact(&swap, Seat(1)),
        Event::Passed {
            seat: Seat(0),
            swapped: true,
            card: None
        }
    );
}

// A discard pile becomes the deck.
#[test]
fn event_reshuffled() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::Place(d(Shoeprint, 9)));
    assert_eq!(events[1], Event::Reshuffled { seat: Seat(0) });
    assert_eq!(s.deck(D).len(), deck.len());
}

// A round's end: a token less.
#[test]
fn event_round_ended() {
    let s = table(&[Location::Station]);
    let s = played(&s, &[Action::Pass, Action::Place(plain(&s, M))]);
    let (_, events) = events_of(&s, Action::EndPlay);
    assert_eq!(
        events[0],
        Event::RoundEnded {
            index: 0,
            tokens: 4
        }
    );
}

// A location resolves: totals, winner, and the evidence to the winner only.
#[test]
fn event_resolved() {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let evidence = s.evidence_in(EvidenceAt::Location(0))[0];
    let s = applied(&s, Action::Pass);
    let (s, events) = events_of(&s, Action::Pass);
    let resolved = Event::Resolved {
        index: 0,
        totals: [9, 0],
        winner: Some(Seat(0)),
        evidence: Some(evidence),
    };
    assert_eq!(events[1], resolved);
    assert_eq!(s.redact(&resolved, Seat(0)), resolved);
    assert!(matches!(
        s.redact(&resolved, Seat(1)),
        Event::Resolved {
            winner: Some(Seat(0)),
            evidence: None,
            ..
        }
    ));
}

// The identity made public, by a reveal or the accusation.
#[test]
fn event_unmasked() {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let identity = s.identity();
    let (_, events) = events_of(&s, Action::Accuse(identity));
    assert_eq!(
        events[0],
        Event::Unmasked {
            seat: Seat(1),
            identity,
            revealed: false,
            accused: Some(identity)
        }
    );
}

// A case's points.
#[test]
fn event_case_scored() {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let (t, events) = events_of(&s, Action::Accuse(s.identity()));
    assert_eq!(
        events[1],
        Event::CaseScored {
            case: 0,
            points: [3, 0]
        }
    );
    assert_eq!(t.points(Seat(0)), 3);
}

// The game's end, with its winner.
#[test]
fn event_game_ended() {
    let variant = Variant {
        length: Length::SingleCase,
        ..Variant::default()
    };
    let s = played(&game(variant, 4), &[Action::KeepHand, Action::KeepHand]);
    let s = skip_to_unmasking(&s);
    let (t, events) = events_of(&s, Action::Accuse(s.identity()));
    assert!(t.is_over());
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winner: Some(Seat(0))
        })
    );
}

// --------------------------------------------------------------- validate ----

/// A valid game in play at the second location (the first one won by the
/// Detective), for the corruptions below.
fn midgame() -> State {
    let mut s = table(&[Location::Station]);
    set_pile(&mut s, 0, D, &[d(Shoeprint, 9)]);
    let s = played(&s, &[Action::Pass, Action::Pass]);
    assert_eq!((s.active(), s.outcome(0)), (1, Outcome::Won(D)));
    assert_eq!(s.validate(), Ok(()));
    s
}

/// `s` changed by `corrupt` must be refused, for a reason saying `why`.
fn refuses(corrupt: impl FnOnce(&mut State), why: &str) {
    let mut s = midgame();
    corrupt(&mut s);
    match s.validate() {
        Ok(()) => panic!("accepted: {why}"),
        Err(e) => assert!(e.contains(why), "{e:?} is not about {why:?}"),
    }
}

#[test]
fn validate_refuses_an_identity_the_evidence_does_not_fit() {
    refuses(
        |s| {
            s.identity = Identity::ALL
                .into_iter()
                .find(|&i| i != s.identity)
                .unwrap()
        },
        "does not fit the Mastermind's identity",
    );
}

#[test]
fn validate_refuses_two_evidence_cards_at_one_location() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::Location(3))[0];
            s.evidence[e.index()] = EvidenceAt::Location(2);
        },
        "two evidence cards",
    );
}

#[test]
fn validate_refuses_no_evidence_set_aside() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::SetAside)[0];
            s.evidence[e.index()] = EvidenceAt::Box;
        },
        "set aside",
    );
}

#[test]
fn validate_refuses_the_fourth_location_active_while_earlier_ones_are_open() {
    refuses(|s| s.active = 3, "before the active one is still open");
}

#[test]
fn validate_refuses_evidence_won_without_its_location() {
    refuses(
        |s| {
            let e = s.evidence_in(EvidenceAt::Location(2))[0];
            s.evidence[e.index()] = EvidenceAt::Won(M);
        },
        "does not match its outcome",
    );
}

#[test]
fn validate_refuses_a_card_lost_or_doubled() {
    refuses(
        |s| {
            s.decks[0].pop();
        },
        "each card once",
    );
    refuses(
        |s| {
            let card = s.hands[1][0];
            s.hands[1].push(card);
        },
        "each card once",
    );
}

#[test]
fn validate_refuses_a_card_in_the_other_decks_zone() {
    refuses(
        |s| {
            let card = s.hands[1].pop().unwrap();
            s.hands[0].push(card);
        },
        "other deck's zone",
    );
}

#[test]
fn validate_refuses_a_hand_and_deck_empty_beside_a_discard_pile() {
    refuses(
        |s| {
            let cards: Vec<Card> = s.hands[0].drain(..).chain(s.decks[0].drain(..)).collect();
            s.discards[0].extend(cards);
        },
        "has not reshuffled",
    );
}

#[test]
fn validate_refuses_a_location_twice_in_the_row() {
    refuses(|s| s.row[3] = s.row[4], "twice in the row");
}

#[test]
fn validate_refuses_a_location_played_before_it_is_reached() {
    refuses(
        |s| {
            s.trumps[3] = Some(Briefcase)
                .filter(|&t| Some(t) != s.row[3].trump())
                .or(Some(Shoeprint))
        },
        "not yet reached",
    );
    refuses(
        |s| {
            let card = s.decks[0].pop().unwrap();
            s.piles[4][0].push(card);
        },
        "not yet reached",
    );
}

#[test]
fn validate_refuses_time_on_a_resolved_location_or_beyond_the_box() {
    refuses(|s| s.tokens[0] = 2, "keeps time tokens");
    refuses(|s| s.tokens[1] = 20, "more than 28");
}

#[test]
fn validate_refuses_a_choice_away_from_its_location_or_player() {
    refuses(|s| s.phase = Phase::Draw, "does not match the table");
    refuses(|s| s.phase = Phase::ChooseTrump, "does not match the table");
    refuses(
        |s| {
            s.phase = Phase::ChooseCoverUp;
            s.actor = D;
        },
        "does not match the table",
    );
    refuses(|s| s.phase = Phase::Mulligan, "does not match the table");
}

#[test]
fn validate_refuses_an_ability_card_resolving_outside_its_choice() {
    refuses(
        |s| {
            let card = s.hands[0].pop().unwrap();
            s.resolving = Some(card);
        },
        "still resolving",
    );
}

#[test]
fn validate_refuses_roles_that_do_not_swap() {
    refuses(|s| s.detective = Seat(1), "do not swap");
}

#[test]
fn validate_refuses_winners_or_unmasking_before_the_end() {
    refuses(|s| s.winners = vec![Seat(0)], "winners before its end");
    refuses(|s| s.phase = Phase::Accuse, "before the fifth location");
    refuses(|s| s.passes = 2, "the turn's record");
}

#[test]
fn validate_refuses_results_that_do_not_match_the_cases() {
    refuses(|s| s.case = 1, "do not swap");
    let mut s = midgame();
    s.results.push(CaseResult {
        detective: Seat(0),
        identity: Identity::Banker,
        evidence: [0, 0],
        revealed: false,
        accused: None,
        evidence_points: [0, 0],
        unmasking_points: [0, 1],
    });
    assert!(s.validate().unwrap_err().contains("results"));
}

// ------------------------------------------------------- check and views ----

// `check` is a dry run: it accepts exactly the legal actions, refuses the
// others with the error `apply` gives, and changes nothing; a seat's view
// judges its own actions the same way (and refuses any other seat's).
#[test]
fn check_agrees_with_apply_and_with_the_seat_views() {
    for s in sample_states(4, 23) {
        let legal = s.legal_actions();
        let acting = s.to_act();
        let views = [Seat(0), Seat(1)].map(|seat| s.view(seat));
        for action in s.action_space() {
            let checked = s.check(&action);
            let mut copy = s.clone();
            let applied = copy.apply(action);
            assert_eq!(checked.is_ok(), legal.contains(&action), "{action:?}");
            match applied {
                Ok(_) => assert!(checked.is_ok()),
                Err(e) => {
                    assert_eq!(checked, Err(e));
                    assert_eq!(copy, s);
                }
            }
            for view in &views {
                let expected = if Some(view.seat()) == acting {
                    checked
                } else if s.is_over() {
                    Err(RuleError::GameOver)
                } else {
                    Err(RuleError::NotYourTurn)
                };
                assert_eq!(view.check(&action), expected, "{action:?}");
            }
        }
        for view in &views {
            let expected = if Some(view.seat()) == acting {
                legal.clone()
            } else {
                Vec::new()
            };
            assert_eq!(view.legal_actions(), expected);
        }
    }
}

// The Simple player decides the same from a seat's view (the app) as
// straight from the game the Strong search simulates.
#[test]
fn simple_bot_decides_the_same_from_the_view_and_in_playouts() {
    for (k, s) in sample_states(4, 3).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let seed = k as u64;
        assert_eq!(
            bot::simple_action(&s.view(seat), &mut Pcg32::seed_from_u64(seed)),
            strong::simple_in_playout(&s, seat, &mut Pcg32::seed_from_u64(seed)),
            "state {k}"
        );
    }
}

// The bot seed comes from the game's seed and the actions applied, and
// moves with every action; a save written before it was kept loads at 0.
#[test]
fn bot_seed_moves_with_every_action_and_old_saves_load() {
    let s = dealt(Variant::default(), 8);
    assert_eq!(s.bot_seed(), crate::game::bot_seed(8, 0));
    let t = applied(&s, Action::KeepHand);
    assert_eq!(t.actions_applied(), 1);
    assert_ne!(t.bot_seed(), s.bot_seed());
    let mut json: serde_json::Value = serde_json::to_value(&t).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("actions");
    fields.remove("resolving");
    let old: State = serde_json::from_value(json).unwrap();
    assert_eq!(old.actions_applied(), 0);
    assert_eq!(old.validate(), Ok(()));
    // An old log naming the set-aside card still loads (the name unread).
    let text = serde_json::to_string(&t).unwrap().replacen(
        "\"identity\":\"",
        "\"set_aside\":{\"cleared\":[\"Banker\",\"Surgeon\"]},\"identity\":\"",
        1,
    );
    assert!(text.contains("set_aside"));
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);
}

// A redeal for a seat keeps its view and deals again what it cannot see.
#[test]
fn redeal_keeps_the_seat_view_and_changes_the_rest() {
    let mut differed = [false; 2];
    for (k, s) in sample_states(4, 13).into_iter().enumerate() {
        for seat in [Seat(0), Seat(1)] {
            let t = s.redeal(seat, &mut Pcg32::seed_from_u64(k as u64));
            assert_eq!(t.view(seat), s.view(seat));
            let them = s.role_of(seat).other();
            differed[seat.index()] |= t.hand(them) != s.hand(them);
        }
    }
    assert_eq!(differed, [true; 2]);
}

// ------------------------------------------------------------------- bots ----

// The Simple bot plays either role to the end with legal actions only,
// and accuses an identity its evidence leaves possible.
#[test]
fn simple_bot_plays_both_roles_to_the_end() {
    for seed in 0..40 {
        let variant = Variant {
            knows_all: seed % 3 == 0,
            length: if seed % 4 == 0 {
                Length::SingleCase
            } else {
                Length::CasePairs(1)
            },
            life_is_pain: seed % 2 == 0,
        };
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let mut s = State::new(kinds, Seat::new(seed as usize % 2), variant, seed).unwrap();
        let mut bots = [
            GravesBot::new(Level::Simple, seed),
            GravesBot::new(Level::Simple, seed + 1),
        ];
        let mut steps = 0;
        while let Some(seat) = s.to_act() {
            let view = s.view(seat);
            let action = bots[seat.index()].choose(&view);
            assert!(view.legal_actions().contains(&action), "{action:?}");
            if let Action::Accuse(identity) = action {
                assert!(view.possible_identities().contains(&identity));
            }
            s.apply(action).unwrap();
            steps += 1;
            assert!(steps < 5_000);
        }
        assert_eq!(s.results().len(), variant.cases());
        assert!(!s.winners().is_empty());
    }
    // A seat that need not act gets an action that is refused.
    let s = game(Variant::default(), 1);
    let action = State::bot_action(&s.view(Seat(1)), Level::Simple, 3);
    assert!(s.clone().apply(action).is_err() || s.to_act() == Some(Seat(1)));
}

// The Mastermind's estimate of being named: certain when the Detective won
// every card it cannot place, small when the Detective won nothing.
#[test]
fn simple_bot_estimates_the_detective_chance() {
    let mut s = table(&[Location::Station]);
    assert!((bot::detective_chance(&s.view(Seat(1))) - 0.2).abs() < 1e-9);
    assert_eq!(bot::detective_chance(&s.view(Seat(0))), 0.0);
    for i in 0..ROW {
        award(&mut s, i, Some(D));
    }
    assert_eq!(bot::detective_chance(&s.view(Seat(1))), 1.0);
}

/// A small search budget: the legality checks below need many decisions,
/// not strong ones.
const QUICK: strong::Budget = strong::Budget {
    playouts: 12,
    steps: 1_500,
};

// The Strong bot plays either role to the end of games of every variant,
// against Simple or Strong, with legal actions only, and accuses an
// identity its evidence leaves possible.
#[test]
fn strong_bot_plays_both_roles_to_the_end() {
    let mut decisions = [0u32; 2];
    for seed in 0..8u64 {
        let variant = Variant {
            knows_all: seed % 4 < 2,
            length: match seed % 4 {
                0 => Length::SingleCase,
                3 => Length::CasePairs(2),
                _ => Length::CasePairs(1),
            },
            life_is_pain: seed % 2 == 0,
        };
        let strong_seat = Seat::new(seed as usize / 2 % 2);
        let both_strong = seed % 3 == 0;
        let kinds = [SeatKind::Computer(Level::Strong); 2];
        let mut s = State::new(kinds, Seat::new(seed as usize % 2), variant, seed).unwrap();
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(seat) = s.to_act() {
            let view = s.view(seat);
            let action = if seat == strong_seat || both_strong {
                decisions[view.role().index()] += 1;
                strong::strong_action_with(&view, QUICK, strong::Params::default(), &mut rng)
            } else {
                bot::simple_action(&view, &mut rng)
            };
            assert!(view.legal_actions().contains(&action), "{action:?}");
            if let Action::Accuse(identity) = action {
                assert!(view.possible_identities().contains(&identity));
            }
            s.apply(action).unwrap();
            steps += 1;
            assert!(steps < 5_000);
        }
        assert_eq!(s.results().len(), variant.cases());
        assert!(!s.winners().is_empty());
    }
    assert!(decisions.iter().all(|&n| n > 200), "{decisions:?}");
    // A seat that need not act gets an action that is refused.
    let s = game(Variant::default(), 1);
    let action = State::bot_action(&s.view(Seat(1)), Level::Strong, 3);
    assert!(s.clone().apply(action).is_err());
}

// A determinised copy depends on nothing but the seat's view and the
// generator: from two games the seat cannot tell apart, the same generator
// samples the same deal (so a search may keep a determinised copy instead
// of the game itself).
#[test]
fn determinise_reads_only_the_view() {
    for (k, s) in sample_states(4, 11).into_iter().enumerate() {
        for seat in [Seat(0), Seat(1)] {
            let view = s.view(seat);
            let twin = view.determinise(&mut Pcg32::seed_from_u64(k as u64 + 100));
            let a = view.determinise(&mut Pcg32::seed_from_u64(k as u64));
            let b = twin
                .view(seat)
                .determinise(&mut Pcg32::seed_from_u64(k as u64));
            assert_eq!(a, b, "state {k}, {seat:?}");
        }
    }
}

// The search worked in slices, however small, reaches the same decision
// as the search done at once.
#[test]
fn strong_search_in_slices_decides_as_at_once() {
    let mut searched = 0;
    for (k, s) in sample_states(3, 17).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let view = s.view(seat);
        let mut rng = Pcg32::seed_from_u64(k as u64);
        let whole = strong::strong_action_with(&view, QUICK, strong::Params::default(), &mut rng);
        let mut search = strong::Search::new(
            &view,
            QUICK,
            strong::Params::default(),
            Pcg32::seed_from_u64(k as u64),
        );
        let mut calls = 0;
        let sliced = loop {
            calls += 1;
            if let Some(action) = search.step(1 + k as u32 % 40) {
                break action;
            }
        };
        assert_eq!(sliced, whole, "state {k}");
        assert_eq!(search.answer(), Some(whole));
        searched += usize::from(calls > 2);
    }
    assert!(searched >= 5, "{searched} decisions took several slices");
}

// With the app's budget, on positions of both roles: a legal action, the
// same one for the same seed (a saved game replays its computer's moves).
#[test]
fn strong_bot_is_legal_and_deterministic_for_a_seed() {
    let mut roles = [0u32; 2];
    let mut differs = false;
    for (k, s) in sample_states(3, 19).into_iter().enumerate() {
        let Some(seat) = s.to_act() else { continue };
        let view = s.view(seat);
        let legal = view.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        roles[view.role().index()] += 1;
        let seed = k as u64;
        let action = State::bot_action(&view, Level::Strong, seed);
        assert!(legal.contains(&action), "{action:?}");
        // The app's sliced search decides the same.
        let mut search = players::strong_search(&view, seed);
        assert_eq!(
            std::iter::repeat_with(|| search.step(500)).flatten().next(),
            Some(action)
        );
        assert_eq!(State::bot_action(&view, Level::Strong, seed), action);
        let mut a = GravesBot::new(Level::Strong, seed);
        let mut b = GravesBot::new(Level::Strong, seed);
        assert_eq!(a.choose(&view), b.choose(&view));
        assert_eq!(a.choose(&view), b.choose(&view));
        differs |= bot::simple_action(&view, &mut Pcg32::seed_from_u64(seed)) != action;
    }
    assert!(roles.iter().all(|&n| n >= 5), "{roles:?}");
    // The search does not merely repeat the Simple player's choice.
    assert!(differs);
}

// At the last location's last turn, behind with a deuce just placed and two
// Notebooks in hand: only making Notebooks the trump wins the location
// (the Simple player doubles the deuce's own suit, which is not enough).
#[test]
fn strong_bot_makes_its_hand_suit_the_trump_to_win() {
    let quiet = [
        Location::Station,
        Location::Library,
        Location::Docks,
        Location::RecordOffice,
        Location::Alley,
    ];
    for seed in 0..4u64 {
        let mut s = game(Variant::default(), seed);
        set_row(&mut s, &quiet);
        let mut s = played(&s, &[Action::KeepHand, Action::KeepHand]);
        // Ties everywhere up to the Alley, the last location.
        while s.active() < ROW - 1 {
            s = applied(&s, Action::Pass);
        }
        assert_eq!((s.location(), s.lead(), s.actor()), (Location::Alley, D, D));
        s.tokens[ROW - 1] = 1;
        set_pile(
            &mut s,
            ROW - 1,
            D,
            &[d(Shoeprint, 9), d(Shoeprint, 8), d(Shoeprint, 7)],
        );
        set_hand(
            &mut s,
            M,
            &[m(Briefcase, 2), m(Notebook, 9), m(Notebook, 8)],
        );
        let s = played(&s, &[Action::Pass, Action::Place(m(Briefcase, 2))]);
        assert_eq!((s.phase(), s.actor()), (Phase::ChooseTrump, M));
        let view = s.view(Seat(1));
        let simple = bot::simple_action(&view, &mut Pcg32::seed_from_u64(seed));
        assert_eq!(simple, Action::Trump(Briefcase));
        assert_eq!(
            State::bot_action(&view, Level::Strong, seed),
            Action::Trump(Notebook)
        );
    }
}

/// The last case's unmasking of a standard game, seat 0 the Mastermind:
/// in the first case (all locations tied) seat 0 named the wrong identity
/// (1 point to seat 1); in this one the Detective won `detective` evidence
/// cards and the Mastermind `mastermind` (all others tied).
fn last_unmasking(detective: usize, mastermind: usize) -> State {
    let s = played(&skip_to_unmasking(&table(&[])), &[Action::StayHidden]);
    let wrong = Identity::ALL
        .into_iter()
        .find(|&i| i != s.identity())
        .unwrap();
    let s = applied(&s, Action::Accuse(wrong));
    assert_eq!((s.case(), s.points(Seat(0)), s.points(Seat(1))), (1, 0, 1));
    let mut s = skip_to_unmasking(&s);
    assert_eq!((s.phase(), s.to_act()), (Phase::Unmask, Some(Seat(0))));
    for (k, e) in s.evidence_in(EvidenceAt::Unseen).into_iter().enumerate() {
        let winner = if k < detective {
            D
        } else if k < detective + mastermind {
            M
        } else {
            continue;
        };
        s.evidence[e.index()] = EvidenceAt::Won(winner);
        s.outcomes[k] = Outcome::Won(winner);
    }
    assert_eq!(s.validate(), Ok(()));
    s
}

// The last case's unmasking, ahead by 3 points (6 to 3) with one evidence
// card won by the Detective, who names the Mastermind with a chance of 1 in
// 3. Staying hidden is worth more points on average (the Simple player
// stays), but a right accusation would tie the points and give the game to
// the Detective on the tie-break: revealing wins the game for sure. Ahead
// by 5 (the Detective won nothing), staying hidden cannot lose the game.
#[test]
fn strong_bot_reveals_itself_to_secure_the_game() {
    let s = last_unmasking(1, 3);
    let view = s.view(Seat(0));
    assert!((bot::detective_chance(&view) - 1.0 / 3.0).abs() < 1e-9);
    let simple = bot::simple_action(&view, &mut Pcg32::seed_from_u64(1));
    assert_eq!(simple, Action::StayHidden);
    assert_eq!(State::bot_action(&view, Level::Strong, 1), Action::Reveal);
    assert_eq!(applied(&s, Action::Reveal).winners(), [Seat(0)]);
    let named = played(&s, &[Action::StayHidden, Action::Accuse(s.identity())]);
    assert_eq!(named.winners(), [Seat(1)]);

    let s = last_unmasking(0, 3);
    let view = s.view(Seat(0));
    assert_eq!(
        State::bot_action(&view, Level::Strong, 1),
        Action::StayHidden
    );
    let named = played(&s, &[Action::StayHidden, Action::Accuse(s.identity())]);
    assert_eq!(named.winners(), [Seat(0)]);
}

// Self-play of the Simple bot against itself, both roles: neither role is
// hopeless (each wins at least a quarter of the locations and of the
// cases; measured: 44% and 54% of locations, 60% and 40% of cases), and
// the unmasking happens both ways (reveals, right and wrong accusations).
// The table: `cargo test --release -p engine self_play_simple_vs_simple -- --nocapture`.
#[test]
fn self_play_simple_vs_simple() {
    let games = 2_000u64;
    let start = std::time::Instant::now();
    let (mut locations, mut det_locations, mut mm_locations) = (0u32, 0u32, 0u32);
    let (mut cases, mut det_cases, mut mm_cases) = (0u32, 0u32, 0u32);
    let (mut reveals, mut accusations, mut correct) = (0u32, 0u32, 0u32);
    let mut first_wins = 0u32;
    let mut draws = 0u32;
    let mut actions = 0u64;
    for seed in 0..games {
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let first = Seat::new(seed as usize % 2);
        let mut s = State::new(kinds, first, Variant::default(), seed).unwrap();
        let mut bots = [
            GravesBot::new(Level::Simple, 2 * seed),
            GravesBot::new(Level::Simple, 2 * seed + 1),
        ];
        while let Some(seat) = s.to_act() {
            let action = bots[seat.index()].choose(&s.view(seat));
            s.apply(action).unwrap();
            actions += 1;
        }
        for e in s.log() {
            if let Event::Resolved { winner, .. } = e {
                locations += 1;
                let _ = winner;
            }
        }
        for r in s.results() {
            cases += 1;
            det_locations += u32::from(r.evidence[0]);
            mm_locations += u32::from(r.evidence[1]);
            let det = r.points(r.detective);
            let mm = r.points(r.mastermind());
            det_cases += u32::from(det > mm);
            mm_cases += u32::from(mm > det);
            reveals += u32::from(r.revealed);
            accusations += u32::from(r.accused.is_some());
            correct += u32::from(r.correct());
        }
        match s.winners() {
            [w] if *w == first => first_wins += 1,
            [_] => {}
            _ => draws += 1,
        }
    }
    let pct = |n: u32, d: u32| 100.0 * f64::from(n) / f64::from(d.max(1));
    println!("Detective Graves self-play, Simple vs Simple, {games} standard games (seeds 0..)");
    println!("| | Detective | Mastermind | tie |");
    println!("|---|---|---|---|");
    println!(
        "| locations won | {:.1}% | {:.1}% | {:.1}% |",
        pct(det_locations, locations),
        pct(mm_locations, locations),
        pct(locations - det_locations - mm_locations, locations)
    );
    println!(
        "| cases won (more points in the case) | {:.1}% | {:.1}% | {:.1}% |",
        pct(det_cases, cases),
        pct(mm_cases, cases),
        pct(cases - det_cases - mm_cases, cases)
    );
    println!(
        "Unmasking: reveals {:.1}% of cases; accusations right {:.1}% of {accusations}",
        pct(reveals, cases),
        pct(correct, accusations)
    );
    println!(
        "Games: first Detective wins {:.1}%, draws {:.1}%; {:.0} actions per game ({:.1?})",
        pct(first_wins, games as u32),
        pct(draws, games as u32),
        actions as f64 / games as f64,
        start.elapsed()
    );
    assert_eq!(cases, 2 * games as u32, "two cases a game");
    for (role, won, of) in [
        ("Detective, locations", det_locations, locations),
        ("Mastermind, locations", mm_locations, locations),
        ("Detective, cases", det_cases, cases),
        ("Mastermind, cases", mm_cases, cases),
    ] {
        assert!(4 * won >= of, "{role}: {won} of {of}");
    }
    assert!(reveals > 0, "no case unmasked by a reveal");
    assert!(
        0 < correct && correct < accusations,
        "{correct} of {accusations} accusations right"
    );
}

/// Counts over standard games between two levels, A and B.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u32,
    /// A's games won, drawn, lost.
    results: [u32; 3],
    /// The first Detective's games won, drawn, lost.
    first_detective: [u32; 3],
    /// By A's role in the case (Detective, Mastermind): cases A won, lost,
    /// tied (more points in the case).
    cases: [[u32; 3]; 2],
    /// By A's role in the case: A's points, then B's.
    points: [[u32; 2]; 2],
    /// Decisions of Strong players, and their wall time in microseconds.
    strong_decisions: u64,
    strong_micros: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        for k in 0..3 {
            self.results[k] += other.results[k];
            self.first_detective[k] += other.first_detective[k];
            for role in 0..2 {
                self.cases[role][k] += other.cases[role][k];
            }
        }
        for role in 0..2 {
            for side in 0..2 {
                self.points[role][side] += other.points[role][side];
            }
        }
        self.strong_decisions += other.strong_decisions;
        self.strong_micros += other.strong_micros;
    }

    /// Cases won, lost, tied by the Detective, whoever played it.
    fn detective_cases(&self) -> [u32; 3] {
        let c = &self.cases;
        [c[0][0] + c[1][1], c[0][1] + c[1][0], c[0][2] + c[1][2]]
    }
}

/// Won, drawn or lost, as an index of [`Tally::results`].
fn game_result(s: &State, seat: Seat) -> usize {
    match s.winners() {
        [w] if *w == seat => 0,
        [_] => 2,
        _ => 1,
    }
}

/// One standard game of `levels[0]` (A) against `levels[1]` (B): A sits at
/// seat `seed % 2`, and seat `seed / 2 % 2` is the first Detective.
fn level_game(levels: [Level; 2], seed: u64) -> Tally {
    let a = Seat::new(seed as usize % 2);
    let b = Seat::new(1 - a.index());
    let mut kinds = [SeatKind::Computer(levels[1]); 2];
    kinds[a.index()] = SeatKind::Computer(levels[0]);
    let first = Seat::new(seed as usize / 2 % 2);
    let mut s = State::new(kinds, first, Variant::default(), seed).unwrap();
    let mut bots = [0, 1].map(|i| GravesBot::new(kinds[i].level().unwrap(), 2 * seed + i as u64));
    let mut t = Tally {
        games: 1,
        ..Tally::default()
    };
    while let Some(seat) = s.to_act() {
        let bot = &mut bots[seat.index()];
        let start = std::time::Instant::now();
        let action = bot.choose(&s.view(seat));
        if bot.level() == Level::Strong {
            t.strong_decisions += 1;
            t.strong_micros += start.elapsed().as_micros() as u64;
        }
        s.apply(action).unwrap();
    }
    for r in s.results() {
        let role = r.role_of(a).index();
        let (pa, pb) = (r.points(a), r.points(b));
        let k = match pa.cmp(&pb) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 2,
        };
        t.cases[role][k] += 1;
        t.points[role][0] += pa;
        t.points[role][1] += pb;
    }
    t.results[game_result(&s, a)] += 1;
    t.first_detective[game_result(&s, first)] += 1;
    t
}

/// [`level_game`] for each of `seeds`, on two threads.
fn level_games(levels: [Level; 2], seeds: std::ops::Range<u64>) -> Tally {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|thread| {
                let seeds = seeds.clone();
                scope.spawn(move || {
                    let mut total = Tally::default();
                    for seed in seeds.skip(thread).step_by(2) {
                        total.add(&level_game(levels, seed));
                    }
                    total
                })
            })
            .collect();
        let mut total = Tally::default();
        for handle in handles {
            total.add(&handle.join().unwrap());
        }
        total
    })
}

// Self-play of the Strong bot (the app's budget) against the Simple bot
// and against itself, standard games: the Strong player's cases by its
// role and its games, then the game's balance (Detective against
// Mastermind) between equal players, Simple's for comparison. Run with
// `cargo test --release -p engine detective_graves::tests::self_play_strong
// -- --ignored --nocapture` (two threads, about an hour).
#[test]
#[ignore]
fn self_play_strong_vs_simple_and_strong() {
    use Level::{Simple, Strong};
    let games = 1_000u64;
    let pct = |n: u32, d: u32| 100.0 * f64::from(n) / f64::from(d.max(1));
    let per_case = |points: u32, n: u32| f64::from(points) / f64::from(n.max(1));
    let budget = strong::BUDGET;
    println!(
        "Detective Graves self-play, {games} standard games per pairing, \
         Strong's budget {} playouts and {} simulated actions per decision",
        budget.playouts, budget.steps
    );
    println!();
    let start = std::time::Instant::now();
    let t = level_games([Strong, Simple], 0..games);
    println!("Strong against Simple (seeds 0..{games}): cases by the Strong player's role");
    println!("| Strong as | cases | won | lost | tied | Strong's points | Simple's points |");
    println!("|---|---|---|---|---|---|---|");
    let mut strong_wins = [0.0; 2];
    for (role, name) in ["Detective", "Mastermind"].into_iter().enumerate() {
        let c = t.cases[role];
        let n = c.iter().sum::<u32>();
        strong_wins[role] = pct(c[0], n);
        println!(
            "| {name} | {n} | {:.1}% | {:.1}% | {:.1}% | {:.2} | {:.2} |",
            pct(c[0], n),
            pct(c[1], n),
            pct(c[2], n),
            per_case(t.points[role][0], n),
            per_case(t.points[role][1], n),
        );
    }
    println!(
        "Games: Strong won {:.1}%, drew {:.1}%, lost {:.1}%; {:.0} Strong decisions \
         per game, {:.2} ms each (wall time); {:.1?}",
        pct(t.results[0], t.games),
        pct(t.results[1], t.games),
        pct(t.results[2], t.games),
        t.strong_decisions as f64 / f64::from(t.games.max(1)),
        t.strong_micros as f64 / 1e3 / t.strong_decisions.max(1) as f64,
        start.elapsed()
    );
    let strong_record = t.results;
    println!();
    println!(
        "Equal players (seeds {games}..{}): the Detective against the Mastermind",
        2 * games
    );
    println!(
        "| players | cases | Detective won | Mastermind won | tied | Detective's points \
         | Mastermind's points | games won by the first Detective | drawn |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut simple_wins = [0.0; 2];
    for level in [Strong, Simple] {
        let start = std::time::Instant::now();
        let t = level_games([level, level], games..2 * games);
        let c = t.detective_cases();
        let n = c.iter().sum::<u32>();
        let detective = t.points[0][0] + t.points[1][1];
        let mastermind = t.points[0][1] + t.points[1][0];
        println!(
            "| {level:?} | {n} | {:.1}% | {:.1}% | {:.1}% | {:.2} | {:.2} | {:.1}% | {:.1}% | ({:.1?})",
            pct(c[0], n),
            pct(c[1], n),
            pct(c[2], n),
            per_case(detective, n),
            per_case(mastermind, n),
            pct(t.first_detective[0], t.games),
            pct(t.first_detective[1], t.games),
            start.elapsed()
        );
        if level == Simple {
            simple_wins = [pct(c[0], n), pct(c[1], n)];
        }
    }
    // Stronger than Simple in both roles: more cases won than a Simple
    // player wins in that role against Simple, and more games won than
    // lost.
    assert!(
        strong_wins[0] > simple_wins[0] && strong_wins[1] > simple_wins[1],
        "{strong_wins:?} {simple_wins:?}"
    );
    assert!(strong_record[0] > strong_record[2], "{strong_record:?}");
}

#[test]
fn a_seat_can_be_given_to_the_computer_mid_game() {
    let mut state = State::new([SeatKind::Person; 2], Seat(0), Variant::default(), 7).unwrap();
    let before = state.view(Seat(0));
    assert!(state.set_seat_kind(Seat(1), SeatKind::Computer(Level::Simple)));
    assert_eq!(
        state.seat_kind(Seat(1)),
        Some(SeatKind::Computer(Level::Simple))
    );
    assert!(
        !state.set_seat_kind(Seat(2), SeatKind::Person),
        "no third seat"
    );
    assert_eq!(state.validate(), Ok(()));
    // Nothing else changed: the hands and the board are as they were.
    assert_eq!(state.view(Seat(0)).hand(), before.hand());
}
