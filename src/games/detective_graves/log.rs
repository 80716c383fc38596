//! Detective Graves' log: what happened, one line an event, as the seat
//! reading it learnt it (its secrets and no one else's).

use super::words::{signed, tokens_text};
use crate::seats::name_of;
use engine::detective_graves::{Card, DrawFor, Event, Identity, Location, Seat, ROW};

/// The game so far, as the seat `me` may know it, oldest first: its
/// events (see [`event_lines`]).
#[cfg(test)]
pub fn log_lines(
    state: &engine::detective_graves::State,
    me: Seat,
    names: &[String],
) -> Vec<String> {
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
    crate::words::count(n.into(), "card", "cards")
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
    use crate::games::detective_graves::game::tests::{plans, play_until};
    use crate::games::detective_graves::game::DgGame;
    use engine::detective_graves::{Role, SeatKind, Variant};

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
        play_until(&mut game.state, |_| false);
        let end = log_lines(&game.state, detective, &game.names).join("\n");
        assert!(end.contains("Case 1: Ana is the Detective"), "{end}");
        assert!(end.contains("Case 2: Ben is the Detective"), "{end}");
        assert!(end.contains(" resolves: "), "{end}");
        assert!(end.contains("Case 2 scores: "), "{end}");
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
}
