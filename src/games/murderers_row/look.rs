//! How each card of the row looks now: offered, chosen, what the move about
//! to be confirmed does to it, and whether it was used last. Worked out from
//! the game and the choice at hand, once per change, for the row's buttons.

use super::pick::{self, Pick, Stage};
use engine::murderers_row::{Action, Killer, State, Target};

/// How a card of the row looks now: everything the button shows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Look {
    pub offered: bool,
    pub acting: bool,
    pub chosen: bool,
    pub dies: bool,
    pub wakes: bool,
    pub moves: bool,
    /// The card of the last activation: the last move, marked.
    pub used_last: bool,
}

/// How every card of the row looks (worked out once per change).
pub fn looks(state: &State, stage: &Stage, pick: &Pick) -> Vec<(Killer, Look)> {
    let preview = match stage {
        Stage::Confirm(mv) => pick::preview(state, *mv),
        _ => None,
    };
    let offered = stage.offered(state);
    let used_last = state
        .history()
        .iter()
        .rev()
        .find_map(|action| match action {
            Action::Activate { card, .. } => Some(*card),
            _ => None,
        });
    state
        .row()
        .iter()
        .map(|slot| {
            let mut look = Look::of(&offered, preview.as_ref(), pick, slot.card);
            look.used_last = used_last == Some(slot.card);
            (slot.card, look)
        })
        .collect()
}

/// How every card looks in a replay: as at the table between moves, but
/// none offered, since nothing can be chosen there.
pub fn replay_looks(state: &State) -> Vec<(Killer, Look)> {
    let pick = Pick::default();
    let mut all = looks(state, &pick::stage(state, &pick), &pick);
    for (_, look) in &mut all {
        look.offered = false;
    }
    all
}

impl Look {
    fn of(offered: &[Killer], preview: Option<&pick::Preview>, pick: &Pick, card: Killer) -> Look {
        let previewed = |list: fn(&pick::Preview) -> &Vec<Killer>| {
            preview.is_some_and(|p| list(p).contains(&card))
        };
        Look {
            offered: offered.contains(&card),
            acting: pick.card == Some(card),
            chosen: pick.copying == Some(card)
                || pick.first == Some(card)
                || matches!(pick.target, Some(Target::Card(c)) if c == card)
                || matches!(pick.target, Some(Target::Pair(a, b)) if a == card || b == card),
            dies: previewed(|p| &p.dies),
            wakes: previewed(|p| &p.wakes),
            moves: previewed(|p| &p.moves),
            used_last: false,
        }
    }

    /// The notes that end the card's accessible name, and its classes.
    /// The first three are the badge's words (only the first that holds is
    /// shown), so they come right after the effect, as on the card.
    pub fn notes(self) -> [(bool, &'static str, &'static str); 7] {
        [
            (self.dies, ", will die", " dies"),
            (self.wakes, ", will wake", " wakes"),
            (self.moves, ", will move", " moves"),
            (self.acting, ", chosen to act", " acting"),
            (self.chosen, ", chosen", " chosen"),
            (self.offered && !self.acting, ", can be chosen", " offered"),
            (self.used_last, ", used last", " used-last"),
        ]
    }

    pub fn badge(self) -> &'static str {
        if self.dies {
            "✝ will die"
        } else if self.wakes {
            "↑ will wake"
        } else if self.moves {
            "⇄ will move"
        } else {
            ""
        }
    }

    /// The badge's sign alone, all a narrow card shows ("✝").
    pub fn mark(self) -> &'static str {
        self.badge().split_once(' ').map_or("", |(mark, _)| mark)
    }

    /// The badge's words after its sign, with their space (" will die").
    pub fn mark_words(self) -> &'static str {
        let badge = self.badge();
        badge.find(' ').map_or("", |space| &badge[space..])
    }
}

/// A row card's classes: its state, then one per note that holds.
pub fn card_class(active: bool, look: Option<Look>) -> String {
    let mut class = format!("mr-card {}", if active { "active" } else { "inactive" });
    if let Some(look) = look {
        for (on, _, name) in look.notes() {
            if on {
                class.push_str(name);
            }
        }
    }
    class
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::murderers_row::testing::short_row;
    use engine::murderers_row::Killer::*;
    use engine::murderers_row::Move;
    use engine::Game;

    #[test]
    fn a_badge_is_its_sign_then_its_words() {
        for (dies, wakes, moves) in [
            (true, false, false),
            (false, true, false),
            (false, false, true),
            (false, false, false),
        ] {
            let look = Look {
                dies,
                wakes,
                moves,
                ..Look::default()
            };
            assert_eq!(
                format!("{}{}", look.mark(), look.mark_words()),
                look.badge()
            );
            assert_eq!(look.mark().is_empty(), look.badge().is_empty());
            assert!(!look.mark().contains(' '));
        }
    }

    fn look_of(all: &[(Killer, Look)], card: Killer) -> Look {
        all.iter().find(|(c, _)| *c == card).unwrap().1
    }

    #[test]
    fn a_move_to_confirm_shows_what_it_does_to_each_card() {
        let state = short_row();
        let mv = Move {
            card: Medic,
            copying: None,
            target: Target::Card(Tank),
        };
        let pick = pick::of_action(mv.action());
        let all = looks(&state, &Stage::Confirm(mv), &pick);
        assert_eq!(all.len(), 3);
        let medic = look_of(&all, Medic);
        assert!(medic.acting && !medic.chosen);
        let tank = look_of(&all, Tank);
        assert!(tank.chosen && tank.wakes && !tank.dies);
        assert_eq!(tank.badge(), "↑ will wake");
        assert_eq!(
            card_class(false, Some(tank)),
            "mr-card inactive wakes chosen"
        );
        assert_eq!(look_of(&all, Knight), Look::default());
    }

    /// Issue 47: a replay's cards said "can be chosen".
    #[test]
    fn no_card_of_a_replay_is_offered() {
        let state = short_row();
        let at_the_table = looks(&state, &Stage::Card, &Pick::default());
        assert!(at_the_table.iter().any(|(_, look)| look.offered));
        let replayed = replay_looks(&state);
        assert_eq!(replayed.len(), at_the_table.len());
        assert!(replayed.iter().all(|(_, look)| !look.offered));
        assert!(replayed.iter().all(|(_, look)| !look
            .notes()
            .iter()
            .any(|(on, words, _)| *on && words.contains("can be chosen"))));
    }

    #[test]
    fn the_card_used_last_is_marked() {
        let mut state = short_row();
        state
            .apply(Action::activate(Medic, Target::Card(Tank)))
            .unwrap();
        let all = looks(&state, &Stage::Card, &Pick::default());
        let medic = look_of(&all, Medic);
        assert!(medic.used_last && !medic.offered, "face down once used");
        assert!(!look_of(&all, Tank).used_last);
        assert_eq!(card_class(false, Some(medic)), "mr-card inactive used-last");
        assert_eq!(card_class(true, None), "mr-card active");
    }
}
