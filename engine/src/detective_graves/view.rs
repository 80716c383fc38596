//! What one seat of Detective Graves may know: its [`SeatView`], an owned
//! value (what the table draws, what the computer players decide from), and
//! events as that seat may learn them (the log the table shows is the
//! game's events so redacted, [`State::events_seen_by`]: it is not part of
//! the view, which would otherwise grow with every action). And the reverse: a game dealt again
//! in everything a seat cannot see ([`State::redeal`] from the game,
//! [`SeatView::determinise`] from the view alone), for the look-ahead bot
//! and for the tests that check that a view shows nothing more.
//!
//! Private to the Mastermind: the identity, their hand, the evidence they
//! won (and, in The Mastermind Knows All, the evidence on the locations).
//! Private to the Detective: their hand, the evidence they won, and for the
//! rest of the turn the Mastermind's hand as a Stakeout showed it. The
//! set-aside evidence card is seen by nobody. Everything else is public:
//! piles, trumps, time, sizes of hands, decks and discard piles, who won
//! which location, the results; and the events, with others' secrets
//! blanked.

use super::{
    other, pile_total, possible_identities, public_queries, Action, Card, CardSet, CaseResult,
    Event, Evidence, EvidenceAt, Identity, Location, Outcome, Phase, Role, RuleError, Seat,
    SeatKind, State, Status, Suit, Table, Turn, Variant, ROW, TIME_TOKENS,
};
use crate::cards::shuffle;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// What one seat may know: everything public plus its own secrets (see the
/// module's doc), never the other hand, the order of any deck or discard
/// pile, nor the set-aside evidence. Two games that differ only in what the
/// seat may not know give equal views. A seat other than 0 and 1 (a
/// spectator) sees the public part only. Its own struct: the public fields
/// under the state's names, which `public_queries!` (mod.rs) reads on both
/// types, then the seat's secrets (the pattern of every game's view: see
/// [`crate::Multiplayer::SeatView`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    seat: Seat,
    kinds: [SeatKind; 2],
    variant: Variant,
    first_detective: Seat,
    case: u8,
    detective: Seat,
    row: [Location; ROW],
    tokens: [u8; ROW],
    trumps: [Option<Suit>; ROW],
    outcomes: [Outcome; ROW],
    active: u8,
    lead: Role,
    actor: Role,
    phase: Phase,
    turn: Turn,
    passes: u8,
    /// Museum draws still owed this round, by role.
    draws: [u8; 2],
    /// By location index, then role.
    piles: [[Vec<Card>; 2]; ROW],
    removed: Vec<Card>,
    /// The ability card resolving (shown when it was used).
    resolving: Option<Card>,
    /// By role.
    hand_sizes: [usize; 2],
    deck_sizes: [usize; 2],
    discard_sizes: [usize; 2],
    results: Vec<CaseResult>,
    winners: Vec<Seat>,
    // This seat's secrets.
    hand: Vec<Card>,
    /// The Mastermind's, or everyone's once the game is over.
    identity: Option<Identity>,
    /// By role, the evidence won this case that this seat knows: its own,
    /// and the Detective's too for the Mastermind in The Mastermind Knows
    /// All (who saw it on the locations).
    evidence_known: [Vec<Evidence>; 2],
    /// The Mastermind's in The Mastermind Knows All.
    evidence_on: [Option<Evidence>; ROW],
    /// The Detective's look at the Mastermind's hand, this turn.
    stakeout: Option<CardSet>,
}

impl State {
    /// The seat's role, if it is one of the two players.
    fn role_seen_by(&self, seat: Seat) -> Option<Role> {
        (seat.index() < 2).then(|| self.role_of(seat))
    }

    /// What `seat` may know.
    pub fn view(&self, seat: Seat) -> SeatView {
        let me = self.role_seen_by(seat);
        let sizes = |zones: &[Vec<Card>; 2]| [zones[0].len(), zones[1].len()];
        let knows_all = self.variant.knows_all && me == Some(Role::Mastermind);
        SeatView {
            seat,
            kinds: self.kinds,
            variant: self.variant,
            first_detective: self.first_detective,
            case: self.case,
            detective: self.detective,
            row: self.row,
            tokens: self.tokens,
            trumps: self.trumps,
            outcomes: self.outcomes,
            active: self.active,
            lead: self.lead,
            actor: self.actor,
            phase: self.phase,
            turn: self.turn,
            passes: self.passes,
            draws: self.draws,
            piles: self.piles.clone(),
            removed: self.removed.clone(),
            resolving: self.resolving,
            hand_sizes: sizes(&self.hands),
            deck_sizes: sizes(&self.decks),
            discard_sizes: sizes(&self.discards),
            results: self.results.clone(),
            winners: self.winners.clone(),
            hand: me.map_or_else(Vec::new, |role| self.hands[role.index()].clone()),
            identity: (me == Some(Role::Mastermind) || self.phase == Phase::Over)
                .then_some(self.identity),
            evidence_known: Role::ALL.map(|role| {
                if Some(role) == me || knows_all {
                    self.evidence_in(EvidenceAt::Won(role))
                } else {
                    Vec::new()
                }
            }),
            evidence_on: std::array::from_fn(|i| {
                let place = EvidenceAt::Location(i as u8);
                knows_all
                    .then(|| self.evidence_in(place).first().copied())
                    .flatten()
            }),
            stakeout: (me == Some(Role::Detective))
                .then_some(self.stakeout)
                .flatten(),
        }
    }

    /// `event`, an event of the case being played (one [`crate::Game::apply`]
    /// just returned), as `seat` may learn it.
    pub fn redact(&self, event: &Event, seat: Seat) -> Event {
        event.redacted(seat, self.seat_of(Role::Mastermind), self.variant.knows_all)
    }

    /// The game's events so far (its log) as `seat` learnt them, each
    /// redacted for it in its own case: what its table's log shows.
    pub fn events_seen_by(&self, seat: Seat) -> Vec<Event> {
        let knows_all = self.variant.knows_all;
        let mut mastermind = other(self.first_detective);
        self.log
            .iter()
            .map(|e| {
                if let Event::CaseStarted { detective, .. } = e {
                    mastermind = other(*detective);
                }
                e.redacted(seat, mastermind, knows_all)
            })
            .collect()
    }

    /// This game with everything `seat` may not know dealt again from
    /// `rng`, consistently with what it knows: the other hand (among the
    /// cards a Stakeout showed, while it shows them), the order and
    /// contents of the decks and discard piles among the cards the seat
    /// cannot locate, the evidence it has not seen (for the Detective, first
    /// an identity its evidence allows), the set-aside card for everyone,
    /// the secrets of the log it was not shown, and the generator. The
    /// seat's view of the result is its view of this game.
    pub fn redeal(&self, seat: Seat, rng: &mut impl RngCore) -> State {
        let me = self.role_seen_by(seat);
        let mut s = self.clone();
        s.rng = Pcg32::seed_from_u64(rng.next_u64());
        for role in Role::ALL {
            let r = role.index();
            let own = Some(role) == me;
            let mut pool: Vec<Card> = s.decks[r].iter().chain(&s.discards[r]).copied().collect();
            if !own {
                pool.extend(&s.hands[r]);
            }
            // Sorted first: only the set of cards counts, not where they were.
            pool.sort_unstable();
            shuffle(&mut pool, rng);
            if !own {
                let n = s.hands[r].len();
                let mut hand = Vec::with_capacity(n);
                // The Detective saw the Mastermind's hand this turn: it is
                // among those cards still (it can only have lost some).
                let seen = (me == Some(Role::Detective) && role == Role::Mastermind)
                    .then_some(s.stakeout)
                    .flatten();
                if let Some(seen) = seen {
                    pool.retain(|&c| {
                        let take = hand.len() < n && seen.contains(c);
                        if take {
                            hand.push(c);
                        }
                        !take
                    });
                }
                while hand.len() < n {
                    let Some(card) = pool.pop() else { break };
                    hand.push(card);
                }
                s.hands[r] = hand;
            }
            for zone in [&mut s.decks[r], &mut s.discards[r]] {
                let n = zone.len().min(pool.len());
                *zone = pool.split_off(pool.len() - n);
            }
        }
        s.redeal_evidence(me, rng);
        s.scramble_log(seat, rng);
        s
    }

    /// Deals again the evidence `me` has not seen (and, for the Detective
    /// before the game's end, the identity among those its evidence
    /// allows).
    fn redeal_evidence(&mut self, me: Option<Role>, rng: &mut impl RngCore) {
        let knows_all = self.variant.knows_all && me == Some(Role::Mastermind);
        // In The Mastermind Knows All the Mastermind saw every location's
        // card (and so knows what was won); the set-aside card and those
        // discarded unseen after a tie stay unseen by all.
        let hidden = |p: EvidenceAt| match p {
            EvidenceAt::Box => false,
            EvidenceAt::SetAside | EvidenceAt::Unseen => true,
            EvidenceAt::Location(_) => !knows_all,
            EvidenceAt::Won(role) => Some(role) != me && !knows_all,
        };
        if me != Some(Role::Mastermind) && self.phase != Phase::Over {
            let mine = me.map_or_else(Vec::new, |role| self.evidence_in(EvidenceAt::Won(role)));
            let possible = possible_identities(&mine);
            if !possible.is_empty() {
                self.identity = possible[(rng.next_u64() % possible.len() as u64) as usize];
            }
        }
        // Sorted: which card lies in which slot is what is hidden.
        let mut slots: Vec<EvidenceAt> = self
            .evidence
            .iter()
            .copied()
            .filter(|&p| hidden(p))
            .collect();
        slots.sort_unstable();
        let known: Vec<Evidence> = Evidence::ALL
            .into_iter()
            .filter(|e| {
                let p = self.evidence[e.index()];
                p != EvidenceAt::Box && !hidden(p)
            })
            .collect();
        let mut pool: Vec<Evidence> = Evidence::left_by(self.identity)
            .filter(|e| !known.contains(e))
            .collect();
        shuffle(&mut pool, rng);
        for place in self.evidence.iter_mut() {
            if *place == EvidenceAt::Box || hidden(*place) {
                *place = EvidenceAt::Box;
            }
        }
        for (e, slot) in pool.into_iter().zip(slots) {
            self.evidence[e.index()] = slot;
        }
    }

    /// Replaces every secret of the log that `seat` was not shown by
    /// another value (a card, a hand, an identity, an evidence card): the
    /// seat's view must not change. Written apart from [`Event::redacted`]
    /// on purpose, so that a test comparing views catches either being
    /// wrong.
    fn scramble_log(&mut self, seat: Seat, rng: &mut impl RngCore) {
        let knows_all = self.variant.knows_all;
        let mut mastermind = other(self.first_detective);
        let all = Card::all();
        let mut pick = |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
        for e in self.log.iter_mut() {
            match e {
                Event::CaseStarted { detective, .. } => mastermind = other(*detective),
                Event::IdentityDrawn {
                    seat: owner,
                    identity: Some(identity),
                } if *owner != seat => {
                    *identity = Identity::ALL[(identity.index() + 1 + pick(4)) % 5];
                }
                Event::Drew {
                    seat: owner,
                    cards: Some(cards),
                    ..
                }
                | Event::Stakeout {
                    seat: owner,
                    hand: Some(cards),
                } if *owner != seat => {
                    let n = cards.len();
                    let start = pick(all.len());
                    let other_cards: CardSet = (0..all.len())
                        .map(|k| all[(start + k) % all.len()])
                        .filter(|&c| !cards.contains(c))
                        .take(n.max(1))
                        .collect();
                    *cards = other_cards;
                }
                Event::RandomDiscard {
                    seat: owner,
                    card: Some(card),
                }
                | Event::ParkDiscard {
                    seat: owner,
                    card: Some(card),
                }
                | Event::Passed {
                    seat: owner,
                    card: Some(card),
                    ..
                } if *owner != seat => {
                    let k = all.iter().position(|c| c == card).unwrap_or(0);
                    *card = all[(k + 1 + pick(all.len() - 1)) % all.len()];
                }
                Event::Resolved {
                    winner,
                    evidence: Some(evidence),
                    ..
                } if *winner != Some(seat) && !(knows_all && seat == mastermind) => {
                    let k = evidence.index();
                    *evidence = Evidence::ALL[(k + 1 + pick(9)) % 10];
                }
                _ => {}
            }
        }
    }
}

impl SeatView {
    public_queries!();

    /// The seat's role, if it is one of the two players.
    fn me(&self) -> Option<Role> {
        (self.seat.index() < 2).then(|| self.role_of(self.seat))
    }

    /// What the rules of the next action read: the hand only when this
    /// seat acts.
    fn table(&self) -> Table<'_> {
        let r = self.actor.index();
        Table {
            phase: self.phase,
            actor: self.actor,
            row: &self.row,
            active: self.active(),
            tokens: &self.tokens,
            trumps: &self.trumps,
            piles: &self.piles,
            turn: self.turn,
            deck_empty: self.deck_sizes[r] == 0,
            discard_empty: self.discard_sizes[r] == 0,
            hand: self.to_act().then_some(self.hand.as_slice()),
        }
    }

    /// The seat looking.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat looking's role in this case.
    pub fn role(&self) -> Role {
        self.role_of(self.seat)
    }

    /// Whether the seat looking must act now.
    pub fn to_act(&self) -> bool {
        self.acting() == Some(self.seat)
    }

    /// The seat looking's legal actions: empty unless it must act.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.to_act() {
            self.table().legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Whether this seat may take `action` now, or why not: what the game's
    /// [`crate::Game::check`] says (a seat that need not act is told so).
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.table().check(*action)
    }

    // The queries on public fields are `public_queries!` (mod.rs), above;
    // here, the seat's own secrets and what it knows of the hidden zones.

    /// The seat looking's hand.
    pub fn hand(&self) -> &[Card] {
        &self.hand
    }

    pub fn hand_size(&self, role: Role) -> usize {
        self.hand_sizes[role.index()]
    }

    pub fn deck_size(&self, role: Role) -> usize {
        self.deck_sizes[role.index()]
    }

    pub fn discard_size(&self, role: Role) -> usize {
        self.discard_sizes[role.index()]
    }

    /// The Mastermind's identity, for the Mastermind (and for all once the
    /// game is over).
    pub fn identity(&self) -> Option<Identity> {
        self.identity
    }

    /// The evidence this seat won in this case.
    pub fn evidence_won(&self) -> Vec<Evidence> {
        self.me()
            .map_or_else(Vec::new, |role| self.evidence_known[role.index()].clone())
    }

    /// The evidence `role` won in this case as far as this seat knows it:
    /// its own, and the Detective's for the Mastermind in The Mastermind
    /// Knows All; empty otherwise.
    pub fn evidence_known(&self, role: Role) -> &[Evidence] {
        &self.evidence_known[role.index()]
    }

    /// How many evidence cards `role` won in this case (public).
    pub fn evidence_count(&self, role: Role) -> usize {
        self.outcomes
            .iter()
            .filter(|&&o| o == Outcome::Won(role))
            .count()
    }

    /// The evidence face down on the location at `index`: only for the
    /// Mastermind in The Mastermind Knows All.
    pub fn evidence_on(&self, index: usize) -> Option<Evidence> {
        self.evidence_on.get(index).copied().flatten()
    }

    /// The identities this seat cannot rule out: for the Detective, those
    /// its won evidence leaves; for the Mastermind, its own.
    pub fn possible_identities(&self) -> Vec<Identity> {
        match self.identity {
            Some(identity) => vec![identity],
            None => possible_identities(&self.evidence_won()),
        }
    }

    /// The Mastermind's hand as the Detective's Stakeout showed it, during
    /// the rest of that turn (the Detective only).
    pub fn stakeout(&self) -> Option<Vec<Card>> {
        self.stakeout.map(CardSet::cards)
    }

    /// The suit of the current play's non-trump cards, once one is placed.
    pub fn play_suit(&self) -> Option<Suit> {
        self.turn.suit
    }

    /// Whether the current turn has placed or used something (it can no
    /// longer be a pass).
    pub fn acted(&self) -> bool {
        self.turn.acted
    }

    /// Whether the current turn is the round's second.
    pub fn second_turn(&self) -> bool {
        self.turn.second
    }

    /// Passes in a row at this location (a second one resolves it).
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// A whole game consistent with this view, its hidden parts drawn from
    /// `rng` ([`State::redeal`] of a game built from the view alone, with a
    /// fresh generator and no log): what look-ahead bots play on. Depends only on the
    /// view and `rng`; its view for this seat is this view.
    pub fn determinise(&self, rng: &mut impl RngCore) -> State {
        self.skeleton().redeal(self.seat, rng)
    }

    /// [`determinise`](Self::determinise) with a generator seeded from
    /// `seed`, for callers that have none (the app's dry runs on a guest
    /// device, which has only this view).
    pub fn determinised(&self, seed: u64) -> State {
        self.determinise(&mut Pcg32::seed_from_u64(seed))
    }

    /// A game with this view: the hidden cards and evidence placed in a
    /// fixed order (any would do, [`State::redeal`] deals them again).
    fn skeleton(&self) -> State {
        let me = self.me();
        let mut hands: [Vec<Card>; 2] = Default::default();
        let mut decks: [Vec<Card>; 2] = Default::default();
        let mut discards: [Vec<Card>; 2] = Default::default();
        for role in Role::ALL {
            let r = role.index();
            let own = Some(role) == me;
            let located: Vec<Card> = self
                .piles
                .iter()
                .flat_map(|p| p[r].iter())
                .chain(&self.removed)
                .chain(&self.resolving)
                .chain(if own { self.hand.iter() } else { [].iter() })
                .copied()
                .collect();
            let mut unlocated: Vec<Card> = Card::deck(role)
                .into_iter()
                .filter(|c| !located.contains(c))
                .collect();
            let mut take = |n: usize| -> Vec<Card> {
                let n = n.min(unlocated.len());
                unlocated.split_off(unlocated.len() - n)
            };
            hands[r] = if own {
                self.hand.clone()
            } else {
                take(self.hand_sizes[r])
            };
            decks[r] = take(self.deck_sizes[r]);
            discards[r] = take(self.discard_sizes[r]);
        }
        let identity = self.identity.unwrap_or_else(|| {
            possible_identities(&self.evidence_won())
                .first()
                .copied()
                .unwrap_or(Identity::Professor)
        });
        // The evidence: one set aside, one per open location, one per
        // resolved location as it ended; the seat's own cards (and what the
        // Mastermind saw in The Mastermind Knows All) where they are.
        let mut evidence = [EvidenceAt::Box; 10];
        let mut slots = vec![EvidenceAt::SetAside];
        for (i, outcome) in self.outcomes.iter().enumerate() {
            slots.push(match *outcome {
                Outcome::Open => EvidenceAt::Location(i as u8),
                Outcome::Won(role) => EvidenceAt::Won(role),
                Outcome::Tied => EvidenceAt::Unseen,
            });
        }
        let mut known: Vec<(Evidence, EvidenceAt)> = Vec::new();
        for role in Role::ALL {
            let won = &self.evidence_known[role.index()];
            known.extend(won.iter().map(|&e| (e, EvidenceAt::Won(role))));
        }
        for (i, e) in self.evidence_on.iter().enumerate() {
            if let Some(e) = e {
                known.push((*e, EvidenceAt::Location(i as u8)));
            }
        }
        for &(e, place) in &known {
            if let Some(k) = slots.iter().position(|&p| p == place) {
                slots.remove(k);
                evidence[e.index()] = place;
            }
        }
        let rest = Evidence::left_by(identity).filter(|e| evidence[e.index()] == EvidenceAt::Box);
        for (e, slot) in rest.collect::<Vec<_>>().into_iter().zip(slots) {
            evidence[e.index()] = slot;
        }
        State {
            seed: 0,
            rng: Pcg32::seed_from_u64(0),
            kinds: self.kinds,
            variant: self.variant,
            first_detective: self.first_detective,
            case: self.case,
            detective: self.detective,
            row: self.row,
            tokens: self.tokens,
            trumps: self.trumps,
            outcomes: self.outcomes,
            active: self.active,
            lead: self.lead,
            actor: self.actor,
            phase: self.phase,
            turn: self.turn,
            passes: self.passes,
            draws: self.draws,
            stakeout: self.stakeout,
            hands,
            decks,
            discards,
            piles: self.piles.clone(),
            removed: self.removed.clone(),
            identity,
            evidence,
            results: self.results.clone(),
            log: Vec::new(),
            winners: self.winners.clone(),
            resolving: self.resolving,
            actions: 0,
        }
    }
}
