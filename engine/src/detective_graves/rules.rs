//! The rules of an action: [`Table`], what they read (the public table and
//! the acting role's hand), borrowed from the game or from a seat's view,
//! and the check and the legal actions both judge with.

use super::{
    Action, Card, Identity, Location, Phase, Role, RuleError, Source, Suit, Turn, ALLEY_LIMIT, ROW,
    TIME_TOKENS,
};

/// What the rules of an action read: the public table and the acting
/// role's hand. Borrowed from a [`State`](super::State), or from a seat's
/// view (which holds the hand only when that seat acts), so that the game
/// and a view judge an action with the same code.
#[derive(Clone, Copy)]
pub(super) struct Table<'a> {
    pub(super) phase: Phase,
    pub(super) actor: Role,
    pub(super) row: &'a [Location; ROW],
    pub(super) active: usize,
    pub(super) tokens: &'a [u8; ROW],
    pub(super) trumps: &'a [Option<Suit>; ROW],
    pub(super) piles: &'a [[Vec<Card>; 2]; ROW],
    pub(super) turn: Turn,
    /// Whether the actor's deck, and discard pile, are empty.
    pub(super) deck_empty: bool,
    pub(super) discard_empty: bool,
    /// The actor's hand: `None` for a reader who may not see it.
    pub(super) hand: Option<&'a [Card]>,
}

impl Table<'_> {
    fn location(&self) -> Location {
        self.row[self.active]
    }

    fn hand(&self) -> &[Card] {
        self.hand.unwrap_or(&[])
    }

    pub(super) fn is_trump(&self, card: Card) -> bool {
        self.trumps[self.active] == Some(card.suit)
    }

    pub(super) fn supply(&self) -> u8 {
        let on_table: u32 = self.tokens.iter().map(|&t| u32::from(t)).sum();
        TIME_TOKENS.saturating_sub(on_table.min(255) as u8)
    }

    fn hand_has(&self, card: Card) -> Result<(), RuleError> {
        if self.hand().contains(&card) {
            Ok(())
        } else {
            Err(RuleError::NotInHand(card))
        }
    }

    fn at(&self, location: Location) -> Result<(), RuleError> {
        if self.location() == location {
            Ok(())
        } else {
            Err(RuleError::NotHere(location))
        }
    }

    /// Whether the actor may place `card` now, card by card: the Palace's
    /// floor, the play's suit, the Alley's room (unless `room` is assumed),
    /// the Docks' count, the Park's cost (unless `paid`).
    fn placement(&self, card: Card, room: bool, paid: bool) -> Result<(), RuleError> {
        let pile = &self.piles[self.active];
        let trump = self.is_trump(card);
        match self.location() {
            Location::PalaceGrounds if card.value(false) <= 4 => {
                return Err(RuleError::PalaceLow(card))
            }
            Location::Alley if !room && pile[self.actor.index()].len() >= ALLEY_LIMIT => {
                return Err(RuleError::AlleyFull)
            }
            Location::Docks
                if self.actor == Role::Mastermind && !trump && pile[1].len() >= pile[0].len() =>
            {
                return Err(RuleError::DocksLimit)
            }
            Location::Park if !paid && !trump && card.rank >= 6 => {
                return Err(RuleError::ParkCost(card))
            }
            _ => {}
        }
        match self.turn.suit {
            Some(suit) if !trump && card.suit != suit => {
                Err(if self.trumps[self.active] == Some(suit) {
                    RuleError::SuitSetBeforeTrump(suit)
                } else {
                    RuleError::MixedSuits(suit)
                })
            }
            _ => Ok(()),
        }
    }

    /// A card the Park's discard can pay for: non-trump, 6 or more, and
    /// otherwise placeable.
    fn park_payable(&self, card: Card) -> bool {
        !self.is_trump(card) && card.rank >= 6 && self.placement(card, false, true).is_ok()
    }

    /// The cards Cover-up may take now.
    pub(super) fn cover_up_targets(&self) -> impl Iterator<Item = Card> + '_ {
        self.piles[self.active][0]
            .iter()
            .copied()
            .filter(|&c| !self.is_trump(c) && c.rank <= 6)
    }

    /// A Slums change of `delta` at the location at `index`: −1, 0 or +1,
    /// never below 1 token, nothing beyond the row.
    fn slums_ok(&self, delta: i8, index: usize) -> bool {
        match delta {
            0 => true,
            1 => index < ROW,
            -1 => index < ROW && self.tokens[index] >= 2,
            _ => false,
        }
    }

    /// Why `action` is refused now, if it is.
    pub(super) fn check(&self, action: Action) -> Result<(), RuleError> {
        use Action as A;
        let phase = self.phase;
        if phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        let Some(hand) = self.hand else {
            return Err(RuleError::NotYourTurn);
        };
        let need = |p: Phase| {
            if phase == p {
                Ok(())
            } else {
                Err(RuleError::NotNow(phase))
            }
        };
        let i = self.active;
        match action {
            A::KeepHand => {
                if !matches!(phase, Phase::Mulligan | Phase::River) {
                    return Err(RuleError::NotNow(phase));
                }
            }
            A::Mulligan => need(Phase::Mulligan)?,
            A::RiverRedraw => need(Phase::River)?,
            A::SlumsTime { here, next } => {
                need(Phase::Slums)?;
                let ups = u8::from(here == 1) + u8::from(next == 1);
                if !self.slums_ok(here, i) || !self.slums_ok(next, i + 1) || self.supply() < ups {
                    return Err(RuleError::SlumsTime);
                }
            }
            A::Draw(source) => {
                need(Phase::Draw)?;
                match source {
                    Source::Deck if self.deck_empty => return Err(RuleError::EmptyDeck),
                    Source::Discard if self.discard_empty => return Err(RuleError::EmptyDiscard),
                    _ => {}
                }
            }
            A::Place(card) => match phase {
                Phase::Play => {
                    self.hand_has(card)?;
                    self.placement(card, false, false)?;
                }
                Phase::MustPlace => {
                    self.hand_has(card)?;
                    if self.location() == Location::Park {
                        if !self.park_payable(card) {
                            return Err(RuleError::ParkPaid(card));
                        }
                    } else {
                        self.placement(card, false, false)?;
                    }
                }
                _ => return Err(RuleError::NotNow(phase)),
            },
            A::UseAbility(card) => {
                need(Phase::Play)?;
                self.hand_has(card)?;
                if card.ability().is_none() {
                    return Err(RuleError::NoAbility(card));
                }
                if self.location() == Location::Library {
                    return Err(RuleError::Library);
                }
            }
            A::ParkDiscard(card) => {
                need(Phase::Play)?;
                self.at(Location::Park)?;
                self.hand_has(card)?;
                if !hand.iter().any(|&c| c != card && self.park_payable(c)) {
                    return Err(RuleError::NothingToPlace);
                }
            }
            A::AlleyClear(card) => {
                need(Phase::Play)?;
                self.at(Location::Alley)?;
                let pile = &self.piles[i][self.actor.index()];
                if !pile.contains(&card) {
                    return Err(RuleError::NotInPile(card));
                }
                if pile.len() < ALLEY_LIMIT {
                    return Err(RuleError::AlleyRoom);
                }
                if !hand.iter().any(|&c| self.placement(c, true, false).is_ok()) {
                    return Err(RuleError::NothingToPlace);
                }
            }
            A::TimeUp => {
                need(Phase::ChooseTime)?;
                if self.supply() == 0 {
                    return Err(RuleError::NoTokenLeft);
                }
            }
            A::TimeDown => {
                need(Phase::ChooseTime)?;
                if self.tokens[i] == 0 {
                    return Err(RuleError::NoTokenToRemove);
                }
            }
            A::CoverUp(card) => {
                need(Phase::ChooseCoverUp)?;
                if !self.cover_up_targets().any(|c| c == card) {
                    return Err(RuleError::CoverUpTarget(card));
                }
            }
            A::Trump(_) | A::KeepTrump => need(Phase::ChooseTrump)?,
            A::EndPlay => {
                need(Phase::Play)?;
                if !self.turn.acted {
                    return Err(RuleError::NothingPlayed);
                }
            }
            A::Pass | A::PassSwap(_) => {
                need(Phase::Play)?;
                if self.turn.acted {
                    return Err(RuleError::AlreadyPlayed);
                }
                if let A::PassSwap(card) = action {
                    self.hand_has(card)?;
                }
            }
            A::Reveal | A::StayHidden => need(Phase::Unmask)?,
            A::Accuse(_) => need(Phase::Accuse)?,
        }
        Ok(())
    }

    /// The actions [`Table::check`] accepts now.
    pub(super) fn legal_actions(&self) -> Vec<Action> {
        let mut candidates = Vec::new();
        let hand = self.hand();
        match self.phase {
            Phase::Over => {}
            Phase::Mulligan => candidates.extend([Action::KeepHand, Action::Mulligan]),
            Phase::River => candidates.extend([Action::KeepHand, Action::RiverRedraw]),
            Phase::Slums => {
                for here in -1..=1 {
                    for next in -1..=1 {
                        candidates.push(Action::SlumsTime { here, next });
                    }
                }
            }
            Phase::Draw => {
                candidates.extend([Action::Draw(Source::Deck), Action::Draw(Source::Discard)])
            }
            Phase::Play => {
                candidates.extend(hand.iter().map(|&c| Action::Place(c)));
                candidates.extend(hand.iter().map(|&c| Action::UseAbility(c)));
                candidates.extend(hand.iter().map(|&c| Action::ParkDiscard(c)));
                candidates.extend(
                    self.piles[self.active][self.actor.index()]
                        .iter()
                        .map(|&c| Action::AlleyClear(c)),
                );
                candidates.extend([Action::EndPlay, Action::Pass]);
                candidates.extend(hand.iter().map(|&c| Action::PassSwap(c)));
            }
            Phase::MustPlace => candidates.extend(hand.iter().map(|&c| Action::Place(c))),
            Phase::ChooseTime => candidates.extend([Action::TimeUp, Action::TimeDown]),
            Phase::ChooseCoverUp => candidates.extend(self.cover_up_targets().map(Action::CoverUp)),
            Phase::ChooseTrump => {
                candidates.push(Action::KeepTrump);
                candidates.extend(Suit::ALL.map(Action::Trump));
            }
            Phase::Unmask => candidates.extend([Action::Reveal, Action::StayHidden]),
            Phase::Accuse => candidates.extend(Identity::ALL.map(Action::Accuse)),
        }
        candidates.retain(|&a| self.check(a).is_ok());
        candidates
    }
}
