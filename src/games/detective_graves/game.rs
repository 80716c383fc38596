//! Detective Graves in the app without the view: the saved game (the
//! engine's state with the names at the table), and the words the table
//! uses for cards, choices and the log. Everything here reads a seat's
//! `SeatView` or the events as that seat learnt them, so that what it says
//! is what that seat may know.

use crate::seats::{name_of, SeatPlan};
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{
    Action, Card, DrawFor, Event, Identity, Location, Outcome, Phase, Role, RuleError, Seat,
    SeatKind, Source, State, Variant, ROW,
};
use engine::Game;
use serde::{Deserialize, Serialize};

/// The seat whose view shows nothing secret: the table as a spectator sees
/// it (no person at the table, or between two people).
pub const NOBODY: Seat = Seat(2);

/// The game in progress with the names at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DgGame {
    pub state: State,
    /// One per seat, in seat order.
    pub names: Vec<String>,
    /// Cases whose result the players have seen (the case-result screen
    /// shows until they go on, also after a reload).
    #[serde(default)]
    pub cases_seen: usize,
    /// Its result is in the statistics already.
    pub counted: bool,
}

impl DgGame {
    pub fn new(
        seats: &[SeatPlan],
        first_detective: Seat,
        variant: Variant,
        seed: u64,
    ) -> Result<DgGame, String> {
        let [a, b] = seats else {
            return Err("Detective Graves is for two players.".into());
        };
        let state = State::new([a.kind, b.kind], first_detective, variant, seed)
            .map_err(|e| e.to_string())?;
        Ok(DgGame {
            state,
            names: vec![a.name.clone(), b.name.clone()],
            cases_seen: 0,
            counted: false,
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        self.state.validate()?;
        if self.names.len() != 2 {
            return Err("the names do not match the two seats".into());
        }
        if self.cases_seen > self.state.results().len() {
            return Err("more cases seen than played".into());
        }
        crate::seats::check_names(&self.names)
    }

    pub fn name(&self, seat: Seat) -> String {
        name_of(&self.names, seat)
    }

    /// The person who must act now, if it is a person.
    pub fn person_to_act(&self) -> Option<Seat> {
        let seat = self.state.to_act()?;
        (self.state.seat_kind(seat) == Some(SeatKind::Person)).then_some(seat)
    }

    /// The people at the table.
    pub fn people(&self) -> Vec<Seat> {
        [Seat(0), Seat(1)]
            .into_iter()
            .filter(|&s| self.state.seat_kind(s) == Some(SeatKind::Person))
            .collect()
    }

    /// Whose eyes the table is drawn for, given who holds the device: with
    /// one person, always theirs; with two, the holder's (nobody's until
    /// one has taken it); with none, nobody's.
    pub fn viewer(&self, holder: Option<Seat>) -> Seat {
        match self.people().as_slice() {
            [one] => *one,
            [_, _] => holder.unwrap_or(NOBODY),
            _ => NOBODY,
        }
    }

    /// The finished case waiting for the players to go on, if any.
    pub fn unseen_case(&self) -> Option<usize> {
        (self.cases_seen < self.state.results().len()).then_some(self.cases_seen)
    }
}

/// "Detective" or "Mastermind".
pub fn role_word(role: Role) -> &'static str {
    match role {
        Role::Detective => "Detective",
        Role::Mastermind => "Mastermind",
    }
}

/// A card's full name with what it can do: "5 of Notebook, Overtime: add
/// or take away 1 time token here."
pub fn card_label(card: Card) -> String {
    let mut label = card.name();
    if let Some(ability) = card.ability() {
        label.push_str(&format!(", {}: {}", ability.name(), ability.text()));
    } else if card.is_deuce() {
        label.push_str(&format!(
            ", {}: {}",
            engine::detective_graves::data::DEUCE_NAME,
            engine::detective_graves::data::DEUCE_TEXT
        ));
    }
    label
}

/// What a choice button says, for the actions the table offers as buttons.
pub fn action_label(phase: Phase, action: Action) -> String {
    match action {
        Action::KeepHand if phase == Phase::River => "Keep my hand".into(),
        Action::KeepHand => "Keep this hand".into(),
        Action::Mulligan => "Mulligan: discard it and draw 5".into(),
        Action::RiverRedraw => "Swap my whole hand".into(),
        Action::SlumsTime { here, next } => {
            format!("Here {}, next location {}", signed(here), signed(next))
        }
        Action::Draw(Source::Deck) => "Draw from my deck".into(),
        Action::Draw(Source::Discard) => "Draw the top of my discard pile".into(),
        Action::Place(card) => format!("Place {}", card.name()),
        Action::UseAbility(card) => match card.ability() {
            Some(ability) => format!("Use {}: {}", card.name(), ability.name()),
            None => format!("Use {}", card.name()),
        },
        Action::ParkDiscard(card) => format!("Pay the Park with {}", card.name()),
        Action::AlleyClear(card) => format!("Clear {} from my Alley pile", card.name()),
        Action::TimeUp => "Add a time token".into(),
        Action::TimeDown => "Take away a time token".into(),
        Action::CoverUp(card) => format!("Cover up {}", card.name()),
        Action::Trump(suit) => format!("Make {} the trump", suit.name()),
        Action::KeepTrump => "Keep the trump as it is".into(),
        Action::EndPlay => "End my turn".into(),
        Action::Pass => "Pass".into(),
        Action::PassSwap(card) => format!("Pass, swapping {}", card.name()),
        Action::Reveal => "Reveal myself".into(),
        Action::StayHidden => "Stay hidden".into(),
        Action::Accuse(identity) => format!("Accuse {}", identity.name()),
    }
}

/// "+1", "0", "−1".
fn signed(n: i8) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// Places `cards` in order at the active location, on a copy: all of them,
/// or none with the reason the first refused one gives. A deuce or a
/// choice the engine asks for stops the placing there; the count placed is
/// returned with the new state.
pub fn place_cards(state: &State, cards: &[Card]) -> Result<(State, usize), String> {
    let mut next = state.clone();
    let mut placed = 0;
    for &card in cards {
        if !matches!(next.phase(), Phase::Play | Phase::MustPlace) {
            break;
        }
        next.apply(Action::Place(card))
            .map_err(|e| refusal(card, e))?;
        placed += 1;
    }
    Ok((next, placed))
}

/// Why `card` cannot go where it was sent, as a sentence naming it.
pub fn refusal(card: Card, error: RuleError) -> String {
    let why = error.to_string();
    if why.contains(&card.name()) {
        why
    } else {
        format!("{}: {why}", card.name())
    }
}

/// What a location shows of its outcome to this viewer.
pub fn outcome_text(view: &SeatView, names: &[String], index: usize) -> String {
    match view.outcome(index) {
        Outcome::Open if index == view.active() => "Active".into(),
        Outcome::Open if index < view.active() => String::new(),
        Outcome::Open => "Still to come".into(),
        Outcome::Won(role) => format!("Won by {}", name_of(names, view.seat_of(role))),
        Outcome::Tied => "A tie: its evidence went unseen".into(),
    }
}

/// The game so far, as the seat `me` may know it, oldest first: its
/// events (see [`event_lines`]).
pub fn log_lines(state: &State, me: Seat, names: &[String]) -> Vec<String> {
    event_lines(&state.events_seen_by(me), me, state.row(), names)
}

/// What `events` (as the seat `me` learnt them, oldest first) say, one line
/// each for those the log tells; `row` is the row of locations before the
/// first of them (each case's start gives its own).
pub fn event_lines(
    events: &[Event],
    me: Seat,
    mut row: [Location; ROW],
    names: &[String],
) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| event_line(event, me, &mut row, names))
        .collect()
}

/// What one event says to the seat `me`, if the log tells it: the draws
/// that are part of a deal, a mulligan, the River or a pass are told by
/// that line (or not at all), an ability card's going to the discard pile
/// and the game's end by the lines and screens around them. `row` is the
/// case's row of locations, updated when a case starts.
pub fn event_line(
    event: &Event,
    me: Seat,
    row: &mut [Location; ROW],
    names: &[String],
) -> Option<String> {
    let name = |seat: Seat| name_of(names, seat);
    let place = |row: &[Location; ROW], index: u8| {
        row.get(usize::from(index))
            .map_or("the location", |l| l.name())
    };
    {
        let line = match *event {
            Event::CaseStarted {
                case,
                detective,
                row: dealt,
            } => {
                *row = dealt;
                let other = Seat::new(1 - detective.index().min(1));
                format!(
                    "Case {}: {} is the Detective, {} the Mastermind. Locations: {}.",
                    case + 1,
                    name(detective),
                    name(other),
                    dealt.map(|l| l.name()).join(", ")
                )
            }
            Event::IdentityDrawn {
                seat,
                identity: Some(identity),
            } => format!(
                "{} draws {} as their secret identity.",
                name(seat),
                identity.name(),
            ),
            Event::IdentityDrawn { seat, .. } => {
                format!("{} draws a secret identity.", name(seat))
            }
            Event::Mulligan { seat, taken: true } => format!("{} takes a mulligan.", name(seat)),
            Event::Mulligan { seat, .. } => format!("{} keeps their hand.", name(seat)),
            Event::LocationStarted {
                index,
                location,
                lead,
            } => format!(
                "Location {}: {}. {} leads.",
                index + 1,
                location.name(),
                name(lead)
            ),
            Event::Revealed { seat, card } => format!(
                "The Bank Vault turns {} from {}'s deck into their pile.",
                card.name(),
                name(seat)
            ),
            Event::Drew {
                why: DrawFor::Deal | DrawFor::Mulligan | DrawFor::River | DrawFor::Swap,
                ..
            }
            | Event::AbilitySpent { .. }
            | Event::GameEnded { .. } => return None,
            Event::Drew {
                seat,
                count,
                from_discard,
                ..
            } => {
                let from = if from_discard > 0 {
                    format!(" ({from_discard} from the discard pile)")
                } else {
                    String::new()
                };
                format!("{} draws {}{from}.", name(seat), cards(count))
            }
            Event::RiverRedraw {
                seat,
                discarded,
                drew,
            } => format!(
                "{} swaps their hand at the River: {} out, {} in.",
                name(seat),
                cards(discarded),
                cards(drew)
            ),
            Event::SlumsTime { seat, here, next } if here == 0 && next == 0 => {
                format!("{} leaves the time at the Slums as it is.", name(seat))
            }
            Event::SlumsTime { seat, here, next } => format!(
                "{} changes the time: {} at the Slums, {} at the next location.",
                name(seat),
                signed(here),
                signed(next)
            ),
            Event::Placed { seat, card } => format!("{} places {}.", name(seat), card.name()),
            Event::TrumpChanged { seat, suit } => {
                format!("{} makes {} the trump here.", name(seat), suit.name())
            }
            Event::AbilityUsed { seat, card } => format!(
                "{} discards {} for {}.",
                name(seat),
                card.name(),
                card.ability().map_or("its ability", |a| a.name())
            ),
            Event::Stakeout {
                hand: Some(hand), ..
            } => format!(
                "Stakeout: the Mastermind's hand is {}.",
                list(hand.cards().into_iter().map(Card::name).collect())
            ),
            Event::Stakeout { seat, .. } => {
                format!("{} looks at the Mastermind's hand.", name(seat))
            }
            Event::Time {
                seat,
                delta,
                tokens,
            } => format!(
                "{} {} a time token: {} left here.",
                name(seat),
                if delta > 0 { "adds" } else { "takes away" },
                tokens
            ),
            Event::CoveredUp { seat, card } => format!(
                "{} covers up {}: it goes to the Detective's discard pile.",
                name(seat),
                card.name()
            ),
            Event::RandomDiscard {
                seat,
                card: Some(card),
            } => format!("{} discards {} at random.", name(seat), card.name()),
            Event::RandomDiscard { seat, .. } => {
                format!("{} discards a card at random.", name(seat))
            }
            Event::ParkDiscard {
                seat,
                card: Some(card),
            } => format!(
                "{} pays the Park with {}, face down.",
                name(seat),
                card.name()
            ),
            Event::ParkDiscard { seat, .. } => {
                format!("{} pays the Park with a card, face down.", name(seat))
            }
            Event::AlleyCleared { seat, card } => format!(
                "{} clears {} from their Alley pile.",
                name(seat),
                card.name()
            ),
            Event::Passed {
                seat,
                swapped: false,
                ..
            } => format!("{} passes.", name(seat)),
            Event::Passed {
                seat,
                card: Some(card),
                ..
            } => format!("{} passes, swapping {}.", name(seat), card.name()),
            Event::Passed { seat, .. } => format!("{} passes, swapping a card.", name(seat)),
            Event::Reshuffled { seat } => format!(
                "{} shuffles their discard pile into a new deck.",
                name(seat)
            ),
            Event::RoundEnded { index, tokens } => format!(
                "Time moves on at {}: {} left.",
                place(row, index),
                tokens_text(tokens)
            ),
            Event::Resolved {
                index,
                totals,
                winner,
                evidence,
            } => {
                let scores = format!(
                    "{} {}, {} {}",
                    name(Seat(0)),
                    totals[0],
                    name(Seat(1)),
                    totals[1]
                );
                let result = match (winner, evidence) {
                    (None, _) => "A tie: the evidence is discarded unseen.".to_string(),
                    (Some(w), Some(e)) if w == me => {
                        format!("{} wins the evidence: {}.", name(w), e.text())
                    }
                    (Some(w), Some(e)) => format!(
                        "{} wins the evidence ({} to you, who saw it there).",
                        name(w),
                        e.text()
                    ),
                    (Some(w), None) => format!("{} wins the evidence.", name(w)),
                };
                format!("{} resolves: {scores}. {result}", place(row, index))
            }
            Event::Unmasked {
                seat,
                identity,
                revealed: true,
                ..
            } => format!("{} reveals themselves: {}.", name(seat), identity.name()),
            Event::Unmasked {
                seat,
                identity,
                accused,
                ..
            } => {
                let detective = Seat::new(1 - seat.index().min(1));
                let named = accused.map_or("nobody", Identity::name);
                let verdict = if accused == Some(identity) {
                    "correct"
                } else {
                    "wrong"
                };
                format!(
                    "{} accuses {named}. {} was {}: {verdict}.",
                    name(detective),
                    name(seat),
                    identity.name()
                )
            }
            Event::CaseScored { case, points } => format!(
                "Case {} scores: {} {}, {} {}.",
                case + 1,
                name(Seat(0)),
                points[0],
                name(Seat(1)),
                points[1]
            ),
        };
        Some(line)
    }
}

/// "1 card", "3 cards".
fn cards(n: u8) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// "1 time token", "no time token".
pub fn tokens_text(n: u8) -> String {
    match n {
        0 => "no time token".into(),
        1 => "1 time token".into(),
        n => format!("{n} time tokens"),
    }
}

/// "a, b and c".
fn list(items: Vec<String>) -> String {
    match items.split_last() {
        None => "empty".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::detective_graves::{Length, Level};
    use engine::Multiplayer;

    fn plans(kinds: [SeatKind; 2]) -> Vec<SeatPlan> {
        ["Ana", "Ben"]
            .iter()
            .zip(kinds)
            .map(|(name, kind)| SeatPlan {
                name: name.to_string(),
                kind,
            })
            .collect()
    }

    fn play_to_end(game: &mut DgGame) {
        let mut step = 0;
        while let Some(seat) = game.state.to_act() {
            let view = game.state.view(seat);
            let action = State::bot_action(&view, Level::Simple, game.state.bot_seed());
            game.state.apply(action).unwrap();
            step += 1;
            assert!(step < 100_000);
        }
    }

    #[test]
    fn a_game_needs_two_seats_and_round_trips() {
        let people = [SeatKind::Person; 2];
        assert!(DgGame::new(&plans(people)[..1], Seat(0), Variant::default(), 1).is_err());
        let game = DgGame::new(&plans(people), Seat(1), Variant::default(), 1).unwrap();
        assert_eq!(game.state.role_of(Seat(1)), Role::Detective);
        let text = crate::codec::to_string(&game).unwrap();
        let back: DgGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.validate(), Ok(()));
        let mut bad = game.clone();
        bad.names.pop();
        assert!(bad.validate().is_err());
        let mut bad = game;
        bad.cases_seen = 1;
        assert!(bad.validate().is_err());
    }

    #[test]
    fn the_viewer_is_the_one_person_or_the_holder() {
        let solo = DgGame::new(
            &plans([SeatKind::Computer(Level::Simple), SeatKind::Person]),
            Seat(0),
            Variant::default(),
            2,
        )
        .unwrap();
        assert_eq!(solo.viewer(None), Seat(1));
        assert_eq!(solo.viewer(Some(Seat(0))), Seat(1));
        let two = DgGame::new(
            &plans([SeatKind::Person; 2]),
            Seat(0),
            Variant::default(),
            2,
        )
        .unwrap();
        assert_eq!(two.viewer(None), NOBODY);
        assert_eq!(two.viewer(Some(Seat(1))), Seat(1));
        // Nobody's view holds no hand and no identity.
        let view = two.state.view(NOBODY);
        assert!(view.hand().is_empty() && view.identity().is_none());
    }

    #[test]
    fn the_log_keeps_each_seats_secrets() {
        let mut game = DgGame::new(
            &plans([SeatKind::Person; 2]),
            Seat(0),
            Variant::default(),
            3,
        )
        .unwrap();
        let identity = game.state.identity();
        let secret = format!("draws {}", identity.name());
        let mastermind = game.state.seat_of(Role::Mastermind);
        let detective = game.state.seat_of(Role::Detective);
        let theirs = log_lines(&game.state, mastermind, &game.names).join("\n");
        assert!(theirs.contains(&secret), "{theirs}");
        let mine = log_lines(&game.state, detective, &game.names).join("\n");
        assert!(!mine.contains(identity.name()), "{mine}");
        assert!(mine.contains("draws a secret identity"));
        play_to_end(&mut game);
        let end = log_lines(&game.state, detective, &game.names).join("\n");
        assert!(end.contains("Case 1: Ana is the Detective"), "{end}");
        assert!(end.contains("Case 2: Ben is the Detective"), "{end}");
        assert!(end.contains(" resolves: "), "{end}");
        assert!(end.contains("Case 2 scores: "), "{end}");
    }

    #[test]
    fn placing_is_all_or_nothing_with_the_reason() {
        let mut game = DgGame::new(
            &plans([SeatKind::Person; 2]),
            Seat(0),
            Variant {
                length: Length::SingleCase,
                ..Variant::default()
            },
            9,
        )
        .unwrap();
        // Keep both hands, then reach the first turn of play.
        while game.state.phase() != Phase::Play {
            let action = game.state.legal_actions()[0];
            game.state.apply(action).unwrap();
        }
        let hand = game
            .state
            .view(game.state.to_act().unwrap())
            .hand()
            .to_vec();
        let before = game.state.clone();
        // A card not in hand is refused by name, and nothing is placed.
        let stranger = engine::detective_graves::Card::all()
            .into_iter()
            .find(|c| !hand.contains(c))
            .unwrap();
        let cards = [hand[0], stranger];
        let err = place_cards(&game.state, &cards).unwrap_err();
        assert!(err.contains(&stranger.name()), "{err}");
        assert_eq!(game.state, before);
        // A legal card is placed on the copy only.
        let legal = hand
            .iter()
            .copied()
            .find(|&c| game.state.check(&Action::Place(c)).is_ok());
        if let Some(card) = legal {
            let (next, placed) = place_cards(&game.state, &[card]).unwrap();
            assert_eq!(placed, 1);
            assert_ne!(next, game.state);
        }
    }

    // The log's lines are a pure function of the events as the seat learnt
    // them: the draws that belong to a deal, a mulligan, the River or a
    // pass, an ability card's going to the discard pile and the game's end
    // have no line of their own; the others read as before.
    #[test]
    fn what_happened_is_worded_from_the_events_alone() {
        use engine::detective_graves::{CardSet, Suit};
        let names = vec!["Ana".to_string(), "Ben".to_string()];
        let row = [Location::Station; ROW];
        let card = Card::new(Role::Detective, Suit::Notebook, 3);
        let drew = |why| Event::Drew {
            seat: Seat(0),
            count: 2,
            from_discard: 0,
            why,
            cards: Some(CardSet::from_iter([card])),
        };
        let events = [
            Event::IdentityDrawn {
                seat: Seat(1),
                identity: Some(Identity::Banker),
            },
            Event::IdentityDrawn {
                seat: Seat(1),
                identity: None,
            },
            drew(DrawFor::Deal),
            drew(DrawFor::Mulligan),
            drew(DrawFor::River),
            drew(DrawFor::Swap),
            drew(DrawFor::Round),
            drew(DrawFor::Ability),
            Event::AbilitySpent {
                seat: Seat(0),
                card,
                removed: false,
            },
            Event::GameEnded {
                winner: Some(Seat(0)),
            },
        ];
        assert_eq!(
            event_lines(&events, Seat(0), row, &names),
            [
                "Ben draws The Banker as their secret identity.",
                "Ben draws a secret identity.",
                "Ana draws 2 cards.",
                "Ana draws 2 cards.",
            ]
        );
    }

    #[test]
    fn choice_labels_name_what_they_do() {
        assert_eq!(
            action_label(Phase::Slums, Action::SlumsTime { here: 1, next: -1 }),
            "Here +1, next location −1"
        );
        assert_eq!(
            action_label(Phase::Accuse, Action::Accuse(Identity::Countess)),
            "Accuse The Countess"
        );
        assert_eq!(action_label(Phase::River, Action::KeepHand), "Keep my hand");
    }
}
