//! The invariants of every state the rules can reach, for
//! [`Game::validate`]: cards, evidence, locations, phase.

use super::{
    other, Ability, Card, Evidence, EvidenceAt, Length, Location, Outcome, Phase, Piece, Role,
    State, MAX_CASE_PAIRS, ROW, TIME_TOKENS,
};
use crate::game::Game;

impl State {
    /// The invariants of a state the rules can reach, for
    /// [`Game::validate`].
    pub(super) fn check_invariants(&self) -> Result<(), String> {
        if self.detective.index() > 1 || self.first_detective.index() > 1 {
            return Err("the seats are not two".into());
        }
        if let Length::CasePairs(n) = self.variant.length {
            if !(1..=MAX_CASE_PAIRS).contains(&n) {
                return Err("the number of cases is out of range".into());
            }
        }
        if usize::from(self.active) >= ROW || self.case() >= self.cases() {
            return Err("the active location or case is out of range".into());
        }
        let detective_of = |case: usize| {
            if case.is_multiple_of(2) {
                self.first_detective
            } else {
                other(self.first_detective)
            }
        };
        if self.detective != detective_of(self.case())
            || self
                .results
                .iter()
                .enumerate()
                .any(|(k, r)| r.detective != detective_of(k))
        {
            return Err("the roles do not swap from case to case".into());
        }
        self.check_cards()?;
        self.check_evidence()?;
        self.check_locations()?;
        self.check_phase()?;
        if self.results.len() != self.case() + usize::from(self.phase == Phase::Over) {
            return Err("the results do not match the cases played".into());
        }
        Ok(())
    }

    /// Every card once, each role's zones holding its own deck's cards, no
    /// player without hand and deck but with a discard pile.
    fn check_cards(&self) -> Result<(), String> {
        let mut pieces = self.all_pieces();
        pieces.sort();
        let mut all: Vec<Piece> = Card::all().into_iter().map(Piece::Card).collect();
        all.extend(Evidence::ALL.map(Piece::Evidence));
        all.sort();
        if pieces != all {
            return Err("the cards are not the two decks, each card once".into());
        }
        for role in Role::ALL {
            let r = role.index();
            let own = |cards: &[Card]| cards.iter().all(|c| c.deck == role);
            if !own(&self.hands[r])
                || !own(&self.decks[r])
                || !own(&self.discards[r])
                || !self.piles.iter().all(|p| own(&p[r]))
            {
                return Err("a card is in the other deck's zone".into());
            }
            if self.hands[r].is_empty() && self.decks[r].is_empty() && !self.discards[r].is_empty()
            {
                return Err(
                    "a player has neither hand nor deck but has not reshuffled their discard pile"
                        .into(),
                );
            }
        }
        Ok(())
    }

    /// Six evidence cards in play, the six the identity leaves: one set
    /// aside, one on each open location, one won or discarded unseen for
    /// each resolved location, as it ended.
    fn check_evidence(&self) -> Result<(), String> {
        if self.evidence_in(EvidenceAt::SetAside).len() != 1 {
            return Err("not exactly one evidence card is set aside".into());
        }
        for i in 0..ROW {
            let here = self.evidence_in(EvidenceAt::Location(i as u8)).len();
            if here > 1 {
                return Err("two evidence cards lie at one location".into());
            }
            if (here == 1) != (self.outcomes[i] == Outcome::Open) {
                return Err("a location's evidence does not match its outcome".into());
            }
        }
        let count = |outcome: Outcome| self.outcomes.iter().filter(|&&o| o == outcome).count();
        if self.evidence_in(EvidenceAt::Won(Role::Detective)).len()
            != count(Outcome::Won(Role::Detective))
            || self.evidence_in(EvidenceAt::Won(Role::Mastermind)).len()
                != count(Outcome::Won(Role::Mastermind))
            || self.evidence_in(EvidenceAt::Unseen).len() != count(Outcome::Tied)
        {
            return Err("the evidence won does not match the locations' outcomes".into());
        }
        let mut in_play: Vec<Evidence> = Evidence::ALL
            .into_iter()
            .filter(|e| self.evidence[e.index()] != EvidenceAt::Box)
            .collect();
        in_play.sort();
        let mut left: Vec<Evidence> = Evidence::left_by(self.identity).collect();
        left.sort();
        if in_play != left {
            return Err("the evidence in play does not fit the Mastermind's identity".into());
        }
        Ok(())
    }

    /// Five different locations, resolved in order from the left: those
    /// left of the active one resolved (all five at the unmasking), the
    /// others open, untouched and with time left; at most 28 time tokens.
    fn check_locations(&self) -> Result<(), String> {
        let mut row = self.row.to_vec();
        row.sort_by_key(|l| Location::ALL.iter().position(|m| m == l));
        row.dedup();
        if row.len() != ROW {
            return Err("a location is twice in the row".into());
        }
        let unmasking = matches!(self.phase, Phase::Unmask | Phase::Accuse | Phase::Over);
        let active = self.active();
        if unmasking && active != ROW - 1 {
            return Err("the unmasking comes before the fifth location".into());
        }
        for i in 0..ROW {
            let open = self.outcomes[i] == Outcome::Open;
            if (i < active || unmasking) && open {
                return Err("a location before the active one is still open".into());
            }
            if i >= active && !unmasking && !open {
                return Err("a location not yet played is resolved".into());
            }
            if !open && self.tokens[i] != 0 {
                return Err("a resolved location keeps time tokens".into());
            }
            if i > active
                && (self.tokens[i] == 0
                    || self.trumps[i] != self.row[i].trump()
                    || self.piles[i].iter().any(|p| !p.is_empty()))
            {
                return Err("a location not yet reached has been played".into());
            }
        }
        let on_table: u32 = self.tokens.iter().map(|&t| u32::from(t)).sum();
        if on_table > u32::from(TIME_TOKENS) {
            return Err("more than 28 time tokens are on the table".into());
        }
        Ok(())
    }

    /// The phase agrees with the table: the location a choice belongs to,
    /// whose choice it is, the card being resolved, the end.
    fn check_phase(&self) -> Result<(), String> {
        let at = |location: Location| self.location() == location;
        let actor = self.actor;
        let r = actor.index();
        let pile = &self.piles[self.active()][r];
        let ok = match self.phase {
            Phase::Mulligan => {
                self.active == 0
                    && self.piles.iter().flatten().all(Vec::is_empty)
                    && self.removed.is_empty()
            }
            Phase::River => at(Location::River) && actor == Role::Detective,
            Phase::Slums => at(Location::Slums) && actor == Role::Detective,
            Phase::Draw => {
                at(Location::Museum)
                    && self.draws[r] > 0
                    && !self.decks[r].is_empty()
                    && !self.discards[r].is_empty()
            }
            Phase::Play => true,
            Phase::MustPlace => at(Location::Park) || at(Location::Alley),
            Phase::ChooseTime => self.resolving.is_none_or(|c| {
                c.deck == actor
                    && matches!(
                        c.ability(),
                        Some(Ability::Overtime | Ability::SmokeAndMirrors)
                    )
            }),
            Phase::ChooseCoverUp => {
                actor == Role::Mastermind
                    && self.table().cover_up_targets().next().is_some()
                    && self
                        .resolving
                        .is_none_or(|c| c.deck == actor && c.ability() == Some(Ability::CoverUp))
            }
            Phase::ChooseTrump => {
                !at(Location::Library) && pile.last().is_some_and(|c| c.is_deuce())
            }
            Phase::Unmask => self.variant.reveal_allowed() && actor == Role::Mastermind,
            Phase::Accuse => actor == Role::Detective,
            Phase::Over => self.winners == self.compute_winners(),
        };
        if !ok {
            return Err(format!(
                "the phase ({}) does not match the table",
                self.phase.prompt()
            ));
        }
        if self.resolving.is_some()
            && !matches!(self.phase, Phase::ChooseTime | Phase::ChooseCoverUp)
        {
            return Err("an ability card is still resolving outside its choice".into());
        }
        if self.stakeout.is_some() && actor != Role::Detective {
            return Err("a Stakeout's look outlasts the Detective's turn".into());
        }
        if self.phase != Phase::Over && !self.winners.is_empty() {
            return Err("the game has winners before its end".into());
        }
        // Two passes resolve the location at once (and start the next with
        // none): two remain only after the fifth.
        let unmasking = matches!(self.phase, Phase::Unmask | Phase::Accuse | Phase::Over);
        if self.passes > 2
            || (self.passes == 2 && !unmasking)
            || (!self.turn.acted && self.turn.suit.is_some())
        {
            return Err("the turn's record does not match the play".into());
        }
        Ok(())
    }
}
