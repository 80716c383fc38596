//! What an action accepted by the rules changes: [`State::execute`], and
//! the effects of the ability cards.

use super::{Ability, Action, Card, CardSet, DrawFor, Event, Location, Phase, Role, State, HAND};
use rand::Rng;

impl State {
    /// Applies an action [`Game::check`](crate::Game::check) accepted:
    /// cannot fail.
    pub(super) fn execute(&mut self, action: Action) {
        use Action as A;
        let role = self.actor;
        let r = role.index();
        let seat = self.seat(role);
        let i = self.active();
        match action {
            A::KeepHand | A::Mulligan if self.phase == Phase::Mulligan => {
                let taken = action == A::Mulligan;
                self.log.push(Event::Mulligan { seat, taken });
                if taken {
                    let hand = std::mem::take(&mut self.hands[r]);
                    self.discards[r].extend(hand);
                    self.draw(role, HAND as u8, DrawFor::Mulligan);
                }
                if role == Role::Detective {
                    self.actor = Role::Mastermind;
                } else {
                    self.start_location(0, Role::Detective);
                }
            }
            // The River's keep.
            A::KeepHand | A::Mulligan => self.start_round(),
            A::RiverRedraw => {
                let hand = std::mem::take(&mut self.hands[r]);
                let discarded = hand.len().min(255) as u8;
                self.discards[r].extend(hand);
                let drew = self.drawable(role, discarded);
                self.log.push(Event::RiverRedraw {
                    seat,
                    discarded,
                    drew,
                });
                self.draw(role, discarded, DrawFor::River);
                self.start_round();
            }
            A::SlumsTime { here, next } => {
                for (index, delta) in [(i, here), (i + 1, next)] {
                    if let Some(t) = self.tokens.get_mut(index) {
                        *t = t.saturating_add_signed(delta);
                    }
                }
                self.log.push(Event::SlumsTime { seat, here, next });
                self.start_round();
            }
            A::Draw(source) => {
                self.museum_draw(role, source);
                self.museum_draws();
            }
            A::Place(card) => {
                self.hands[r].retain(|&c| c != card);
                if !self.table().is_trump(card) {
                    self.turn.suit = Some(card.suit);
                }
                self.piles[i][r].push(card);
                self.turn.acted = true;
                self.log.push(Event::Placed { seat, card });
                self.phase = if card.is_deuce() && self.location() != Location::Library {
                    Phase::ChooseTrump
                } else {
                    Phase::Play
                };
            }
            A::UseAbility(card) => {
                // Revealed and set apart while its effect resolves.
                self.hands[r].retain(|&c| c != card);
                self.resolving = Some(card);
                self.turn.acted = true;
                self.log.push(Event::AbilityUsed { seat, card });
                self.ability(card);
                if self.phase == Phase::Play {
                    self.spend();
                }
            }
            A::ParkDiscard(card) => {
                self.hands[r].retain(|&c| c != card);
                self.discards[r].push(card);
                self.log.push(Event::ParkDiscard {
                    seat,
                    card: Some(card),
                });
                self.phase = Phase::MustPlace;
            }
            A::AlleyClear(card) => {
                self.piles[i][r].retain(|&c| c != card);
                self.discards[r].push(card);
                self.log.push(Event::AlleyCleared { seat, card });
                self.phase = Phase::MustPlace;
            }
            A::TimeUp | A::TimeDown => {
                let delta = if action == A::TimeUp { 1 } else { -1 };
                self.tokens[i] = self.tokens[i].saturating_add_signed(delta);
                self.log.push(Event::Time {
                    seat,
                    delta,
                    tokens: self.tokens[i],
                });
                self.phase = Phase::Play;
                self.spend();
            }
            A::CoverUp(card) => {
                self.piles[i][0].retain(|&c| c != card);
                self.discards[0].push(card);
                self.log.push(Event::CoveredUp { seat, card });
                self.phase = Phase::Play;
                self.spend();
            }
            A::Trump(suit) => {
                self.trumps[i] = Some(suit);
                self.log.push(Event::TrumpChanged { seat, suit });
                self.phase = Phase::Play;
            }
            A::KeepTrump => self.phase = Phase::Play,
            A::EndPlay => self.end_turn(false),
            A::Pass | A::PassSwap(_) => {
                let card = match action {
                    A::PassSwap(c) => Some(c),
                    _ => None,
                };
                self.log.push(Event::Passed {
                    seat,
                    swapped: card.is_some(),
                    card,
                });
                if let Some(c) = card {
                    self.hands[r].retain(|&h| h != c);
                    self.discards[r].push(c);
                    // A passer left with neither hand nor deck shuffles the
                    // discard pile (this card included) into a new deck
                    // before drawing.
                    self.draw(role, 1, DrawFor::Swap);
                }
                self.end_turn(true);
            }
            A::Reveal => self.finish_case(true, None),
            A::StayHidden => {
                self.phase = Phase::Accuse;
                self.actor = Role::Detective;
            }
            A::Accuse(identity) => self.finish_case(false, Some(identity)),
        }
        for role in Role::ALL {
            self.refill(role);
        }
    }

    /// The effect of an ability card just taken from the actor's hand: done
    /// at once, or awaiting a choice ([`Phase::ChooseTime`],
    /// [`Phase::ChooseCoverUp`]).
    fn ability(&mut self, card: Card) {
        let role = self.actor;
        let them = role.other();
        match card.ability() {
            Some(Ability::FreshLead | Ability::Accomplice) => {
                self.draw(role, 2, DrawFor::Ability);
            }
            Some(Ability::Stakeout) => {
                let hand: CardSet = self.hands[them.index()].iter().copied().collect();
                self.stakeout = Some(hand);
                self.log.push(Event::Stakeout {
                    seat: self.seat(role),
                    hand: Some(hand),
                });
            }
            Some(Ability::Overtime | Ability::SmokeAndMirrors)
                if self.supply() > 0 || self.tokens[self.active()] > 0 =>
            {
                self.phase = Phase::ChooseTime
            }
            Some(Ability::Warrant | Ability::Bribe) => {
                let hand = &mut self.hands[them.index()];
                if !hand.is_empty() {
                    let lost = hand.remove(self.rng.random_range(0..hand.len()));
                    self.discards[them.index()].push(lost);
                    self.log.push(Event::RandomDiscard {
                        seat: self.seat(them),
                        card: Some(lost),
                    });
                }
            }
            Some(Ability::CoverUp) if self.table().cover_up_targets().next().is_some() => {
                self.phase = Phase::ChooseCoverUp
            }
            _ => {}
        }
    }

    /// The ability card whose effect has resolved goes to its owner's
    /// discard pile, or out of the game at the Museum.
    fn spend(&mut self) {
        let Some(card) = self.resolving.take() else {
            return;
        };
        let removed = self.location() == Location::Museum;
        if removed {
            self.removed.push(card);
        } else {
            self.discards[card.deck.index()].push(card);
        }
        self.log.push(Event::AbilitySpent {
            seat: self.seat(card.deck),
            card,
            removed,
        });
    }
}
