//! What the table says, in words: moves, odds, the solver's answers, the
//! instruction for the choice at hand, previews, the end of a game and the
//! piles. Pure functions of the game and the choices, tested natively; the
//! components only place them.

use super::happened::{capitalised, the_cards};
use super::look::Look;
use super::pick::{self, Pick, Preview, Stage};
use engine::murderers_row::advice::{self, Answer, Decision, Hint};
use engine::murderers_row::difficulty::Difficulty;
use engine::murderers_row::{Action, Direction, Killer, Slot, State, Target};

/// An action in words, as the player would say it.
pub fn describe(action: Action) -> String {
    match action {
        Action::Activate {
            card,
            copying,
            target,
        } => {
            let who = match copying {
                Some(source) => format!("{card} (as the {source})"),
                None => card.to_string(),
            };
            match target {
                Target::None => who,
                Target::Card(c) => format!("{who} on the {c}"),
                Target::Pair(a, b) => format!("{who} on the {a} and the {b}"),
                Target::Random(Direction::Left) => format!("{who} to the left"),
                Target::Random(Direction::Right) => format!("{who} to the right"),
            }
        }
        Action::AlsoKill(card) => format!("the Air Strike also kills the {card}"),
        Action::Undo => "undo".to_string(),
        Action::Hint => "hint".to_string(),
    }
}

/// A probability as a whole percentage that never rounds a chance to a
/// certainty: "100%" only for a sure win, "0%" only for a sure loss.
pub fn percent(p: f64) -> String {
    if p >= 1.0 - advice::NEGLIGIBLE {
        "100%".to_string()
    } else if p <= advice::NEGLIGIBLE {
        "0%".to_string()
    } else {
        let whole = ((p * 100.0).round() as u32).clamp(1, 99);
        format!("{whole}%")
    }
}

/// A solver's answer that is not the one asked for, in a sentence.
pub fn unexpected(answer: Answer) -> String {
    match answer {
        Answer::Refused(why) => format!("The solver could not answer: {why}."),
        Answer::TooHard => "This position is too large for the solver to work out exactly within its limits; no guess is offered.".to_string(),
        _ => "The solver gave an unexpected answer.".to_string(),
    }
}

/// A deal's difficulty in a sentence, with its odds when they are not
/// certain: "Deal 77: hard — 3 of 14 first moves keep the win."
pub fn difficulty_text(seed: u64, difficulty: &Difficulty) -> String {
    let mut text = format!("Deal {seed}: {}.", difficulty.sentence());
    if !difficulty.certain() {
        text.push_str(&format!(
            " With perfect play it is won {} of the time (the die decides the rest).",
            percent(difficulty.win)
        ));
    } else {
        text.push_str(" It is a certain win with perfect play.");
    }
    text
}

/// The hint's sentence, when it names a best move.
pub fn hint_text(hint: &Hint) -> Option<String> {
    let best = hint.best?;
    let chance = percent(hint.win);
    Some(format!(
        "Hint: your chance of winning with perfect play is {chance} now. Best move: {}, which keeps {chance}.",
        describe(best)
    ))
}

/// "move 3" for the third activation.
fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The review's verdict in a sentence.
pub fn verdict(review: &[Decision]) -> String {
    let Some(first) = review.first() else {
        return String::new();
    };
    let start = format!(
        "This deal was {} with perfect play.",
        match percent(first.before).as_str() {
            "100%" => "a certain win".to_string(),
            p => format!("won {p} of the time"),
        }
    );
    match advice::first_mistake(review) {
        Some(d) => format!(
            "{start} Your {} move ({}) lost {}: your chance went from {} to {}.",
            ordinal(d.activation),
            describe(d.action),
            percent(d.lost()),
            percent(d.before),
            percent(d.chosen)
        ),
        None => format!("{start} Every move you made kept your best chance."),
    }
}

fn name(card: Option<Killer>) -> &'static str {
    card.map_or("", Killer::name)
}

/// What the player is asked to do at `stage`, with `pick` made so far;
/// `won` says how a game that is over ended.
pub fn instruction(stage: &Stage, pick: &Pick, won: bool) -> String {
    let effect = pick::effect_of(pick);
    let card = pick.card;
    match stage {
        Stage::Card => "Choose an active card to use.".to_string(),
        Stage::Copy(_) => "Choose the active card next to the Copycat to copy.".to_string(),
        Stage::Target(_) => format!(
            "{}: choose a highlighted card. {}",
            name(card),
            effect.map_or("", |e| e.info().effect)
        ),
        Stage::FirstOfPair(_) => format!(
            "{}: choose the first card of the pair. {}",
            name(card),
            effect.map_or("", |e| e.info().effect)
        ),
        Stage::SecondOfPair(_) => format!("{}: choose the second card of the pair.", name(card)),
        Stage::Direction => format!(
            "{}: choose a direction; then a die card is turned over and its pips say how far the shot goes.",
            name(card)
        ),
        Stage::Confirm(mv) => format!("{}?", describe(mv.action())),
        Stage::AlsoKill(_) => "Choose which card next to the Air Strike's target also dies.".to_string(),
        Stage::Over if won => "You won: one card is left.".to_string(),
        Stage::Over => "No card can be used: the game is lost.".to_string(),
    }
}

/// Where a shot by `actor` may land ([`pick::reach`]): "0: itself (1 in 8)
/// · 1: the Medic (2 in 8)".
pub fn reach_text(actor: Killer, reach: &[(u8, Option<Killer>, usize)]) -> String {
    let total: usize = reach.iter().map(|r| r.2).sum();
    reach
        .iter()
        .map(|&(d, card, count)| {
            let hit = match card {
                Some(c) if c == actor => "itself".to_string(),
                Some(c) => format!("the {c}"),
                None => "nothing".to_string(),
            };
            format!("{d}: {hit} ({count} in {total})")
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What a move about to be confirmed will do.
pub fn preview_text(p: &Preview) -> String {
    let mut parts = Vec::new();
    if !p.dies.is_empty() {
        parts.push(format!("{} will die", the_cards(&p.dies)));
    }
    if !p.wakes.is_empty() {
        parts.push(format!("{} will become active", the_cards(&p.wakes)));
    }
    if !p.moves.is_empty() {
        parts.push(format!("{} will move", the_cards(&p.moves)));
    }
    if p.poisons {
        parts.push("the next card used will die after its effect".to_string());
    }
    if parts.is_empty() {
        "Nothing else changes.".to_string()
    } else {
        capitalised(parts.join("; ")) + "."
    }
}

/// How far the card at `position` is from the chosen card at `chosen`, as
/// the card shows it: the effects count places along the row, so the
/// distance is drawn on each other card while a card is chosen ("←2" for a
/// card two places to its left). `None` for the chosen card itself.
pub fn distance_mark(chosen: usize, position: usize) -> Option<String> {
    match position.cmp(&chosen) {
        std::cmp::Ordering::Less => Some(format!("←{}", chosen - position)),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!("{}→", position - chosen)),
    }
}

/// The same distance, said at the end of the card's accessible name.
pub fn distance_said(chosen: usize, position: usize) -> Option<String> {
    let (places, side) = match position.cmp(&chosen) {
        std::cmp::Ordering::Less => (chosen - position, "left"),
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => (position - chosen, "right"),
    };
    let places = crate::words::count(places, "place", "places");
    Some(format!(". {places} to the {side} of the chosen card"))
}

/// A row card's accessible name: what the card shows, in the same order
/// (place, name, state, effect, badge: WCAG 2.5.3), then the die's pips.
pub fn card_label(position: usize, slot: Slot, look: Option<Look>) -> String {
    let info = slot.card.info();
    let state_word = if slot.active { "Active" } else { "Inactive" };
    let mut label = format!(
        "{}. {}, {state_word}: {}",
        position + 1,
        info.name,
        info.short
    );
    if let Some(look) = look {
        let mut badge_said = false;
        for (i, (on, note, _)) in look.notes().into_iter().enumerate() {
            // Of dying, waking and moving only the first is shown and
            // said: a card that dies in the end neither wakes nor moves.
            if on && (i >= 3 || !badge_said) {
                label.push_str(note);
                badge_said |= i < 3;
            }
        }
    }
    label.push_str(match info.pips {
        0 => ". No pips",
        1 => ". 1 pip",
        2 => ". 2 pips",
        3 => ". 3 pips",
        4 => ". 4 pips",
        _ => ". 5 pips",
    });
    label
}

/// The end dialog's title.
pub fn end_title(won: bool) -> &'static str {
    if won {
        "You won!"
    } else {
        "The row is stuck: you lost"
    }
}

/// The end dialog's first line.
pub fn end_detail(won: bool, assisted: bool) -> String {
    if won {
        format!(
            "One card is left alive.{}",
            if assisted {
                " Undo or hints were used, so this win is counted as assisted."
            } else {
                ""
            }
        )
    } else {
        "No card can be used, and more than one card is alive (or none is).".to_string()
    }
}

/// The die deck: how many, and their pips in order (not the deck's).
pub fn die_deck_text(state: &State) -> String {
    let mut pips: Vec<String> = state
        .die_deck_contents()
        .iter()
        .map(|c| c.pips().to_string())
        .collect();
    pips.sort();
    format!(
        "{} cards, order hidden (pips {})",
        state.die_deck_len(),
        pips.join(", ")
    )
}

/// The die cards turned over so far, with their pips.
pub fn die_discard_text(state: &State) -> String {
    let cards = state.die_discard().iter();
    listed(
        cards.map(|c| format!("{} ({})", c.name(), c.pips())),
        "empty",
    )
}

/// The dead, in order of death.
pub fn dead_text(state: &State) -> String {
    listed(
        state.dead().iter().map(|c| c.name().to_string()),
        "none yet",
    )
}

/// `items` separated by commas, or `none` when there are none.
fn listed(items: impl Iterator<Item = String>, none: &str) -> String {
    let items: Vec<String> = items.collect();
    if items.is_empty() {
        none.to_string()
    } else {
        items.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::murderers_row::testing::a;
    use engine::murderers_row::difficulty::Level;
    use engine::murderers_row::Killer::*;
    use engine::murderers_row::Move;

    #[test]
    fn distances_from_the_chosen_card_count_places_along_the_row() {
        assert_eq!(distance_mark(4, 2).as_deref(), Some("←2"));
        assert_eq!(distance_mark(4, 9).as_deref(), Some("5→"));
        assert_eq!(distance_mark(4, 4), None);
        assert_eq!(
            distance_said(0, 1).as_deref(),
            Some(". 1 place to the right of the chosen card")
        );
        assert_eq!(
            distance_said(7, 4).as_deref(),
            Some(". 3 places to the left of the chosen card")
        );
        assert_eq!(distance_said(3, 3), None);
    }

    #[test]
    fn percentages_never_round_a_chance_to_a_certainty() {
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.999), "99%");
        assert_eq!(percent(0.001), "1%");
        assert_eq!(percent(0.404), "40%");
    }

    #[test]
    fn actions_read_as_sentences() {
        assert_eq!(
            describe(Action::copy(Sniper, Target::Card(Medic))),
            "Copycat (as the Sniper) on the Medic"
        );
        assert_eq!(
            describe(Action::activate(Grenadier, Target::Random(Direction::Left))),
            "Grenadier to the left"
        );
        assert_eq!(ordinal(3), "3rd");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
    }

    #[test]
    fn the_review_names_the_first_costly_move() {
        let d = |activation, before, chosen| Decision {
            activation,
            action: Action::activate(MadBomber, Target::None),
            before,
            chosen,
            after: chosen,
        };
        let text = verdict(&[
            d(1, 1.0, 1.0),
            d(2, 1.0, 1.0),
            d(3, 1.0, 0.6),
            d(4, 0.6, 0.0),
        ]);
        assert!(text.contains("a certain win"), "{text}");
        assert!(
            text.contains("Your 3rd move (Mad Bomber) lost 40%"),
            "{text}"
        );
        let text = verdict(&[d(1, 0.5, 0.5)]);
        assert!(text.contains("won 50% of the time"), "{text}");
        assert!(
            text.contains("Every move you made kept your best chance"),
            "{text}"
        );
    }

    #[test]
    fn solver_answers_read_as_sentences() {
        let hint = Hint {
            win: 0.5,
            best: Some(Action::activate(Medic, Target::Card(Tank))),
        };
        assert_eq!(
            hint_text(&hint).unwrap(),
            "Hint: your chance of winning with perfect play is 50% now. Best move: Medic on the Tank, which keeps 50%."
        );
        assert_eq!(
            hint_text(&Hint {
                win: 0.0,
                best: None
            }),
            None
        );
        assert_eq!(
            unexpected(Answer::Refused("busy".to_string())),
            "The solver could not answer: busy."
        );
        let hard = Difficulty {
            level: Level::Hard,
            keeping: 1,
            moves: 18,
            decision: 2,
            win: 0.75,
        };
        assert_eq!(
            difficulty_text(77, &hard),
            "Deal 77: hard — at its narrowest, 1 of 18 moves keeps the best chance. With perfect play it is won 75% of the time (the die decides the rest)."
        );
        let easy = Difficulty {
            level: Level::Easy,
            keeping: 3,
            moves: 9,
            decision: 1,
            win: 1.0,
        };
        assert!(difficulty_text(5, &easy).ends_with(" It is a certain win with perfect play."));
    }

    #[test]
    fn the_instruction_follows_the_choice() {
        let none = Pick::default();
        assert_eq!(
            instruction(&Stage::Card, &none, false),
            "Choose an active card to use."
        );
        let sniper = Pick {
            card: Some(Sniper),
            ..Pick::default()
        };
        assert_eq!(
            instruction(&Stage::Target(vec![Medic]), &sniper, false),
            "Sniper: choose a highlighted card. Kill any card at distance 4 or more."
        );
        let mv = Move {
            card: Medic,
            copying: None,
            target: Target::Card(Tank),
        };
        assert_eq!(
            instruction(&Stage::Confirm(mv), &none, false),
            "Medic on the Tank?"
        );
        assert_eq!(
            instruction(&Stage::Over, &none, true),
            "You won: one card is left."
        );
        assert_eq!(
            instruction(&Stage::Over, &none, false),
            "No card can be used: the game is lost."
        );
    }

    #[test]
    fn shots_and_previews_read_as_sentences() {
        let reach = [(0, Some(Grenadier), 1), (1, Some(Medic), 2), (2, None, 1)];
        assert_eq!(
            reach_text(Grenadier, &reach),
            "0: itself (1 in 4) · 1: the Medic (2 in 4) · 2: nothing (1 in 4)"
        );
        let preview = Preview {
            dies: vec![Tank],
            wakes: vec![Medic, Knight],
            moves: Vec::new(),
            poisons: true,
        };
        assert_eq!(
            preview_text(&preview),
            "The Tank will die; the Medic and the Knight will become active; the next card used will die after its effect."
        );
        assert_eq!(preview_text(&Preview::default()), "Nothing else changes.");
    }

    #[test]
    fn a_card_says_what_it_shows_then_its_notes_and_pips() {
        let plain = card_label(0, a(Medic), None);
        assert_eq!(
            plain,
            "1. Medic, Active: Makes 1 inactive card active. 4 pips"
        );
        let look = Look {
            dies: true,
            wakes: true,
            offered: true,
            ..Look::default()
        };
        let inactive = Slot {
            card: Sniper,
            active: false,
        };
        assert_eq!(
            card_label(2, inactive, Some(look)),
            "3. Sniper, Inactive: Kills at distance 4+, will die, can be chosen. 3 pips"
        );
    }

    #[test]
    fn the_end_and_the_piles_read_as_sentences() {
        assert_eq!(end_title(true), "You won!");
        assert!(end_detail(true, true).ends_with("counted as assisted."));
        assert_eq!(end_detail(true, false), "One card is left alive.");
        assert!(end_detail(false, false).starts_with("No card can be used"));
        let state = State::from_parts(
            &[a(Medic), a(Knight)],
            vec![Tank, Gunslinger],
            vec![Sniper],
            false,
            0,
        );
        assert_eq!(die_deck_text(&state), "2 cards, order hidden (pips 0, 2)");
        assert_eq!(die_discard_text(&state), "Sniper (3)");
        assert!(
            dead_text(&state).contains("Poisoner"),
            "{}",
            dead_text(&state)
        );
        let fresh = State::new(4);
        assert_eq!(die_discard_text(&fresh), "empty");
        assert_eq!(dead_text(&fresh), "none yet");
    }
}
