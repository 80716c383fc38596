//! What an action did, in words, from its events alone (never by comparing
//! the game before and after): the table's message line, and the cards that
//! fall off the table.

use engine::murderers_row::{Event, Killer};

/// "the Medic", "the Medic and the Tank"...
pub fn the_cards(cards: &[Killer]) -> String {
    let names: Vec<String> = cards.iter().map(|c| format!("the {c}")).collect();
    match names.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `text` with its first letter a capital (our texts start in ASCII).
pub fn capitalised(mut text: String) -> String {
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The cards the events kill, in order of death (the dead pile's): the
/// effect's victims, then the acting card if the poison kills it.
pub fn died(events: &[Event]) -> Vec<Killer> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::Killed(card) | Event::PoisonUsed { card, died: true } => Some(card),
            _ => None,
        })
        .collect()
}

/// The message after an action: what the die showed and whom the shot hit,
/// who died, or the Air Strike's choice to make; `None` when there is
/// nothing to say (a hint).
pub fn what_happened(events: &[Event]) -> Option<String> {
    if events.iter().any(|e| matches!(e, Event::Undone { .. })) {
        return Some("Taken back.".to_string());
    }
    let died = died(events);
    let actor = events.iter().find_map(|e| match *e {
        Event::Activated { card, .. } => Some(card),
        _ => None,
    });
    let die = events.iter().find_map(|e| match *e {
        Event::DieTurned { card, pips, .. } => Some((card, pips)),
        _ => None,
    });
    let shot = events.iter().find_map(|e| match *e {
        Event::Shot { hit, .. } => Some(hit),
        _ => None,
    });
    let choice = events.iter().find_map(|e| match *e {
        Event::AirStrikeChoice { target } => Some(target),
        _ => None,
    });
    let mut text = String::new();
    if let (Some((die, pips)), Some(hit)) = (die, shot) {
        let hit = match hit {
            Some(c) if Some(c) == actor => "itself".to_string(),
            Some(c) => format!("the {c}"),
            None => "nothing: no card is that far".to_string(),
        };
        let pips = crate::words::count(usize::from(pips), "pip", "pips");
        text = format!("The die card is the {die}: {pips}, so the shot hit {hit}. ");
        if died.is_empty() && choice.is_none() {
            text.push_str("Nothing died.");
        }
    }
    if let Some(target) = choice {
        text.push_str(&format!(
            "The Air Strike hits the {target}: choose which card next to it also dies."
        ));
    } else if !died.is_empty() {
        text.push_str(&capitalised(the_cards(&died)));
        text.push_str(" died.");
    }
    (!text.is_empty()).then(|| text.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::murderers_row::testing::{a, i, short_row};
    use engine::murderers_row::{Action, Direction, Killer::*, State, Target};
    use engine::Game;

    /// The events of `action` played in `state`.
    fn events_of(state: &State, action: Action) -> Vec<Event> {
        state.clone().apply(action).expect("a legal action")
    }

    #[test]
    fn a_random_shot_says_what_the_die_showed_and_what_it_hit() {
        // The die deck's top card (last) is the Tank: 2 pips.
        let state = State::from_parts(
            &[a(Grenadier), a(Knight), a(Medic), a(Sniper)],
            vec![Swordsman, Tank],
            Vec::new(),
            false,
            1,
        );
        let shot = Action::activate(Grenadier, Target::Random(Direction::Right));
        assert_eq!(
            what_happened(&events_of(&state, shot)).unwrap(),
            "The die card is the Tank: 2 pips, so the shot hit the Medic. The Medic died."
        );
        let wide = Action::activate(Grenadier, Target::Random(Direction::Left));
        let text = what_happened(&events_of(&state, wide)).unwrap();
        assert!(
            text.ends_with("so the shot hit nothing: no card is that far. Nothing died."),
            "{text}"
        );
        // Distance 0: the shot hits the acting card itself.
        let state = State::from_parts(
            &[a(Knight), a(Grenadier), a(Medic)],
            vec![Tank, Gunslinger],
            Vec::new(),
            false,
            1,
        );
        let text = what_happened(&events_of(&state, wide)).unwrap();
        assert_eq!(
            text,
            "The die card is the Gunslinger: 0 pips, so the shot hit itself. The Grenadier died."
        );
    }

    #[test]
    fn an_air_strike_asks_for_its_second_kill_then_names_both() {
        // The top die card has 2 pips: the Air Strike hits the Knight.
        let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
        let state = State::from_parts(&row, vec![Swordsman, Poisoner], Vec::new(), false, 1);
        let strike = Action::activate(AirStrike, Target::Random(Direction::Right));
        assert_eq!(
            what_happened(&events_of(&state, strike)).unwrap(),
            "The die card is the Poisoner: 2 pips, so the shot hit the Knight. \
             The Air Strike hits the Knight: choose which card next to it also dies."
        );
        let mut choosing = state.clone();
        choosing.apply(strike).unwrap();
        assert_eq!(
            what_happened(&events_of(&choosing, Action::AlsoKill(Medic))).unwrap(),
            "The Knight and the Medic died."
        );
    }

    #[test]
    fn deaths_are_named_in_order_the_poisoned_card_last() {
        let state = State::from_parts(
            &[a(Swordsman), a(Sniper), i(Tank), a(Knight)],
            vec![Gunslinger, Arsonist],
            Vec::new(),
            true,
            0,
        );
        let events = events_of(&state, Action::activate(Swordsman, Target::Card(Sniper)));
        assert_eq!(died(&events), vec![Sniper, Swordsman]);
        assert_eq!(
            what_happened(&events).unwrap(),
            "The Sniper and the Swordsman died."
        );
        // The Knight takes the Sniper's place and dies of the poison.
        let events = events_of(&state, Action::activate(Knight, Target::Card(Sniper)));
        assert_eq!(
            what_happened(&events).unwrap(),
            "The Sniper and the Knight died."
        );
        // Nothing died and nothing random: nothing to say.
        let quiet = short_row();
        let events = events_of(&quiet, Action::activate(Medic, Target::Card(Tank)));
        assert_eq!(what_happened(&events), None);
        assert_eq!(what_happened(&events_of(&quiet, Action::Hint)), None);
    }

    #[test]
    fn undo_is_taken_back() {
        let state = short_row();
        let mut next = state.clone();
        next.apply(Action::activate(Knight, Target::Card(Medic)))
            .unwrap();
        let events = events_of(&next, Action::Undo);
        assert_eq!(what_happened(&events).unwrap(), "Taken back.");
        assert!(died(&events).is_empty());
    }

    #[test]
    fn card_lists_read_as_english() {
        assert_eq!(the_cards(&[]), "nothing");
        assert_eq!(the_cards(&[Medic]), "the Medic");
        assert_eq!(
            the_cards(&[Medic, Tank, Knight]),
            "the Medic, the Tank and the Knight"
        );
        assert_eq!(capitalised("the Medic".to_string()), "The Medic");
    }
}
