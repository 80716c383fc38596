//! The flow of a case, as the game moves itself on between the players'
//! choices: the deal, the draws (and the reshuffle of an empty deck), each
//! location's arrival, rounds and turns, a location's resolution, and the
//! case's scoring, the next case or the end of the game.

use super::{
    other, Card, CardSet, CaseResult, DrawFor, Event, Evidence, EvidenceAt, Identity, Location,
    Outcome, Phase, Role, Seat, Source, State, Turn, HAND, ROW,
};
use crate::cards::shuffle;
use rand::Rng;

impl State {
    pub(super) fn seat(&self, role: Role) -> Seat {
        self.seat_of(role)
    }

    pub(super) fn start_case(&mut self) {
        let case = self.case;
        self.detective = if case.is_multiple_of(2) {
            self.first_detective
        } else {
            other(self.first_detective)
        };
        if case == 0 || self.variant.life_is_pain || case.is_multiple_of(2) {
            let mut all = Location::ALL;
            shuffle(&mut all, &mut self.rng);
            self.row.copy_from_slice(&all[..ROW]);
        }
        for (i, location) in self.row.iter().enumerate() {
            self.tokens[i] = location.time();
            self.trumps[i] = location.trump();
        }
        self.outcomes = [Outcome::Open; ROW];
        for role in Role::ALL {
            let r = role.index();
            self.hands[r].clear();
            self.discards[r].clear();
            self.decks[r] = Card::deck(role);
            shuffle(&mut self.decks[r], &mut self.rng);
        }
        self.piles = Default::default();
        self.removed.clear();
        self.resolving = None;
        self.identity = Identity::ALL[self.rng.random_range(0..Identity::ALL.len())];
        let mut left: Vec<Evidence> = Evidence::left_by(self.identity).collect();
        shuffle(&mut left, &mut self.rng);
        self.evidence = [EvidenceAt::Box; 10];
        for (i, e) in left.iter().enumerate() {
            self.evidence[e.index()] = match i {
                0 => EvidenceAt::SetAside,
                i => EvidenceAt::Location(i as u8 - 1),
            };
        }
        self.log.push(Event::CaseStarted {
            case,
            detective: self.detective,
            row: self.row,
        });
        self.log.push(Event::IdentityDrawn {
            seat: self.seat(Role::Mastermind),
            identity: Some(self.identity),
        });
        for role in Role::ALL {
            self.draw(role, HAND as u8, DrawFor::Deal);
        }
        self.active = 0;
        self.lead = Role::Detective;
        self.passes = 0;
        self.turn = Turn::default();
        self.stakeout = None;
        self.phase = Phase::Mulligan;
        self.actor = Role::Detective;
    }

    /// Draws up to `n` cards from `role`'s deck, the discard pile shuffled
    /// into a new deck first when the hand and deck are empty, and logs it;
    /// returns how many were drawn.
    pub(super) fn draw(&mut self, role: Role, n: u8, why: DrawFor) -> u8 {
        self.refill(role);
        let r = role.index();
        let mut cards = CardSet::default();
        let mut count = 0;
        while count < n {
            let Some(card) = self.decks[r].pop() else {
                break;
            };
            self.hands[r].push(card);
            cards.insert(card);
            count += 1;
        }
        self.log.push(Event::Drew {
            seat: self.seat(role),
            count,
            from_discard: 0,
            why,
            cards: Some(cards),
        });
        count
    }

    /// How many cards a draw of `n` would give `role` now (after the
    /// reshuffle it may cause).
    pub(super) fn drawable(&self, role: Role, n: u8) -> u8 {
        let r = role.index();
        let deck = if self.hands[r].is_empty() && self.decks[r].is_empty() {
            self.discards[r].len()
        } else {
            self.decks[r].len()
        };
        n.min(deck.min(255) as u8)
    }

    /// No hand and no deck: the discard pile becomes the deck.
    pub(super) fn refill(&mut self, role: Role) {
        let r = role.index();
        if self.hands[r].is_empty() && self.decks[r].is_empty() && !self.discards[r].is_empty() {
            self.decks[r] = std::mem::take(&mut self.discards[r]);
            shuffle(&mut self.decks[r], &mut self.rng);
            self.log.push(Event::Reshuffled {
                seat: self.seat(role),
            });
        }
    }

    pub(super) fn start_location(&mut self, index: u8, lead: Role) {
        self.active = index;
        self.lead = lead;
        self.passes = 0;
        let i = usize::from(index);
        let location = self.row[i];
        self.log.push(Event::LocationStarted {
            index,
            location,
            lead: self.seat(lead),
        });
        match location {
            Location::BankVault => {
                for role in Role::ALL {
                    self.refill(role);
                    if let Some(card) = self.decks[role.index()].pop() {
                        self.piles[i][role.index()].push(card);
                        self.log.push(Event::Revealed {
                            seat: self.seat(role),
                            card,
                        });
                    }
                }
            }
            Location::Countryside => {
                for role in Role::ALL {
                    self.draw(role, 3, DrawFor::Countryside);
                }
            }
            Location::River if !self.hands[0].is_empty() => {
                self.phase = Phase::River;
                self.actor = Role::Detective;
                return;
            }
            Location::Slums => {
                self.phase = Phase::Slums;
                self.actor = Role::Detective;
                return;
            }
            _ => {}
        }
        self.start_round();
    }

    pub(super) fn start_round(&mut self) {
        if self.location() == Location::Museum {
            self.draws = [2, 2];
            self.museum_draws();
        } else {
            for role in [self.lead, self.lead.other()] {
                self.draw(role, 2, DrawFor::Round);
            }
            self.start_turn(self.lead, false);
        }
    }

    /// The Museum's draws, lead first: automatic while only one source holds
    /// cards, a choice ([`Phase::Draw`]) when both do.
    pub(super) fn museum_draws(&mut self) {
        for role in [self.lead, self.lead.other()] {
            let r = role.index();
            while self.draws[r] > 0 {
                self.refill(role);
                match (self.decks[r].is_empty(), self.discards[r].is_empty()) {
                    (false, false) => {
                        self.phase = Phase::Draw;
                        self.actor = role;
                        return;
                    }
                    (false, true) => self.museum_draw(role, Source::Deck),
                    (true, false) => self.museum_draw(role, Source::Discard),
                    (true, true) => self.draws[r] = 0,
                }
            }
        }
        self.start_turn(self.lead, false);
    }

    pub(super) fn museum_draw(&mut self, role: Role, source: Source) {
        let r = role.index();
        self.draws[r] = self.draws[r].saturating_sub(1);
        let pile = match source {
            Source::Deck => &mut self.decks[r],
            Source::Discard => &mut self.discards[r],
        };
        if let Some(card) = pile.pop() {
            self.hands[r].push(card);
            self.log.push(Event::Drew {
                seat: self.seat(role),
                count: 1,
                from_discard: u8::from(source == Source::Discard),
                why: DrawFor::Round,
                cards: Some(CardSet::from_iter([card])),
            });
        }
    }

    fn start_turn(&mut self, role: Role, second: bool) {
        self.actor = role;
        self.phase = Phase::Play;
        self.turn = Turn {
            second,
            ..Turn::default()
        };
        self.stakeout = None;
    }

    pub(super) fn end_turn(&mut self, passed: bool) {
        self.stakeout = None;
        if passed {
            self.passes += 1;
            if self.passes >= 2 {
                self.resolve();
                return;
            }
        } else {
            self.passes = 0;
        }
        if self.turn.second {
            self.end_round();
        } else {
            self.start_turn(self.lead.other(), true);
        }
    }

    fn end_round(&mut self) {
        let i = self.active();
        self.tokens[i] = self.tokens[i].saturating_sub(1);
        self.log.push(Event::RoundEnded {
            index: i as u8,
            tokens: self.tokens[i],
        });
        if self.tokens[i] == 0 {
            self.resolve();
        } else {
            self.start_round();
        }
    }

    fn resolve(&mut self) {
        let i = self.active();
        let totals = [
            self.total(i, Role::Detective),
            self.total(i, Role::Mastermind),
        ];
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Role::Detective),
            std::cmp::Ordering::Less => Some(Role::Mastermind),
            std::cmp::Ordering::Equal => None,
        };
        let evidence = self
            .evidence
            .iter()
            .position(|&p| p == EvidenceAt::Location(i as u8));
        if let Some(e) = evidence {
            self.evidence[e] = match winner {
                Some(role) => EvidenceAt::Won(role),
                None => EvidenceAt::Unseen,
            };
        }
        self.outcomes[i] = winner.map_or(Outcome::Tied, Outcome::Won);
        self.tokens[i] = 0;
        let by_seat = |role: Role| totals[role.index()];
        let seat0 = self.role_of(Seat(0));
        self.log.push(Event::Resolved {
            index: i as u8,
            totals: [by_seat(seat0), by_seat(seat0.other())],
            winner: winner.map(|r| self.seat(r)),
            evidence: winner.and(evidence.map(|e| Evidence::ALL[e])),
        });
        self.turn = Turn::default();
        self.stakeout = None;
        if i + 1 < ROW {
            self.start_location(i as u8 + 1, winner.unwrap_or(self.lead));
        } else if self.variant.reveal_allowed() {
            self.phase = Phase::Unmask;
            self.actor = Role::Mastermind;
        } else {
            self.phase = Phase::Accuse;
            self.actor = Role::Detective;
        }
    }

    /// Scores the case and starts the next one, or ends the game.
    pub(super) fn finish_case(&mut self, revealed: bool, accused: Option<Identity>) {
        let won = |role| {
            self.evidence
                .iter()
                .filter(|&&p| p == EvidenceAt::Won(role))
                .count() as u8
        };
        let evidence = [won(Role::Detective), won(Role::Mastermind)];
        let per = self.variant.evidence_points();
        let (right, wrong) = self.variant.accusation_points();
        let unmasking = if revealed {
            [self.variant.reveal_points(), 0]
        } else if accused == Some(self.identity) {
            [right, 0]
        } else {
            [0, wrong]
        };
        let result = CaseResult {
            detective: self.detective,
            identity: self.identity,
            evidence,
            revealed,
            accused,
            evidence_points: evidence.map(|n| u32::from(n) * per),
            unmasking_points: unmasking,
        };
        self.log.push(Event::Unmasked {
            seat: self.seat(Role::Mastermind),
            identity: self.identity,
            revealed,
            accused,
        });
        self.log.push(Event::CaseScored {
            case: self.case,
            points: [result.points(Seat(0)), result.points(Seat(1))],
        });
        self.results.push(result);
        if self.case() + 1 < self.cases() {
            self.case += 1;
            self.start_case();
        } else {
            self.phase = Phase::Over;
            self.winners = self.compute_winners();
            self.log.push(Event::GameEnded {
                winner: match self.winners.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                },
            });
        }
    }

    /// Most points; a tie goes to more correct accusations as Detective;
    /// still tied, both (a draw).
    pub(super) fn compute_winners(&self) -> Vec<Seat> {
        let key = |s: Seat| (self.points(s), self.correct_deductions(s));
        match key(Seat(0)).cmp(&key(Seat(1))) {
            std::cmp::Ordering::Greater => vec![Seat(0)],
            std::cmp::Ordering::Less => vec![Seat(1)],
            std::cmp::Ordering::Equal => vec![Seat(0), Seat(1)],
        }
    }
}
