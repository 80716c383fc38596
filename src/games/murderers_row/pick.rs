//! Choosing an activation step by step on the table: the card, what the
//! Copycat copies, then the target (one card, a pair, or a direction), then
//! confirming. Every list offered here is read from the engine's legal
//! moves, so the table can only ever offer what the rules allow.

use engine::murderers_row::{
    Action, Direction, Event, Killer, Move, Phase, RuleError, State, Target,
};
use engine::Game;

/// The choices made so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    pub card: Option<Killer>,
    /// The card the Copycat copies.
    pub copying: Option<Killer>,
    /// The first card of a pair.
    pub first: Option<Killer>,
    pub target: Option<Target>,
}

/// What the player is asked to choose next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    Card,
    Copy(Vec<Killer>),
    Target(Vec<Killer>),
    FirstOfPair(Vec<Killer>),
    SecondOfPair(Vec<Killer>),
    Direction,
    Confirm(Move),
    /// The Air Strike hit a card with two neighbours: which one also dies.
    AlsoKill(Vec<Killer>),
    Over,
}

impl Stage {
    /// The cards this stage offers (highlighted on the table).
    pub fn offered(&self, state: &State) -> Vec<Killer> {
        match self {
            Stage::Card => {
                let mut cards: Vec<Killer> = state.legal_moves().iter().map(|m| m.card).collect();
                cards.dedup();
                cards
            }
            Stage::Copy(cards)
            | Stage::Target(cards)
            | Stage::FirstOfPair(cards)
            | Stage::SecondOfPair(cards)
            | Stage::AlsoKill(cards) => cards.clone(),
            Stage::Direction | Stage::Confirm(_) | Stage::Over => Vec::new(),
        }
    }
}

/// The effect a move uses: the copied card's, for the Copycat.
pub fn effect_of(pick: &Pick) -> Option<Killer> {
    pick.copying.or(pick.card)
}

fn push_unique(list: &mut Vec<Killer>, card: Killer) {
    if !list.contains(&card) {
        list.push(card);
    }
}

/// What `pick` asks for next in `state` (a pick that no longer fits the
/// position asks for a card again). Cards offered are in row order.
pub fn stage(state: &State, pick: &Pick) -> Stage {
    let row = state.packed_row();
    let in_row_order = |mut cards: Vec<Killer>| {
        cards.sort_by_key(|&c| row.find(c));
        cards
    };
    match next_stage(state, pick) {
        Stage::Copy(cards) => Stage::Copy(in_row_order(cards)),
        Stage::Target(cards) => Stage::Target(in_row_order(cards)),
        Stage::FirstOfPair(cards) => Stage::FirstOfPair(in_row_order(cards)),
        Stage::SecondOfPair(cards) => Stage::SecondOfPair(in_row_order(cards)),
        Stage::AlsoKill(cards) => Stage::AlsoKill(in_row_order(cards)),
        other => other,
    }
}

fn next_stage(state: &State, pick: &Pick) -> Stage {
    match state.phase() {
        Phase::Won | Phase::Lost => return Stage::Over,
        Phase::AirStrike { .. } => return Stage::AlsoKill(state.air_strike_options()),
        Phase::Activate => {}
    }
    let Some(card) = pick.card else {
        return Stage::Card;
    };
    let moves: Vec<Move> = state
        .legal_moves()
        .into_iter()
        .filter(|m| m.card == card)
        .collect();
    if moves.is_empty() {
        return Stage::Card;
    }
    if card == Killer::Copycat && pick.copying.is_none() {
        let mut sources = Vec::new();
        for source in moves.iter().filter_map(|m| m.copying) {
            push_unique(&mut sources, source);
        }
        return Stage::Copy(sources);
    }
    let moves: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.copying == pick.copying)
        .collect();
    if let Some(target) = pick.target {
        return match moves.iter().find(|m| m.target == target) {
            Some(&mv) => Stage::Confirm(mv),
            None => Stage::Card,
        };
    }
    let Some(first_move) = moves.first() else {
        return Stage::Card;
    };
    match first_move.target {
        Target::None => Stage::Confirm(*first_move),
        Target::Random(_) => Stage::Direction,
        Target::Card(_) => {
            let mut cards = Vec::new();
            for m in &moves {
                if let Target::Card(c) = m.target {
                    push_unique(&mut cards, c);
                }
            }
            Stage::Target(cards)
        }
        Target::Pair(..) => {
            let mut cards = Vec::new();
            for m in &moves {
                if let Target::Pair(a, b) = m.target {
                    match pick.first {
                        None => {
                            push_unique(&mut cards, a);
                            push_unique(&mut cards, b);
                        }
                        Some(first) if first == a => push_unique(&mut cards, b),
                        Some(first) if first == b => push_unique(&mut cards, a),
                        Some(_) => {}
                    }
                }
            }
            match pick.first {
                None => Stage::FirstOfPair(cards),
                Some(_) => Stage::SecondOfPair(cards),
            }
        }
    }
}

/// The pick after tapping `card`, or why that tap does nothing.
pub fn tap(state: &State, pick: Pick, card: Killer) -> Result<Pick, String> {
    let current = stage(state, &pick);
    let refuse = |e: RuleError| Err(e.to_string());
    let bad_target = || match effect_of(&pick) {
        Some(effect) => refuse(RuleError::BadTarget(effect)),
        None => Err(String::new()),
    };
    let offered = current.offered(state);
    match current {
        Stage::Over => refuse(RuleError::GameOver),
        Stage::AlsoKill(_) => refuse(RuleError::ChooseAirStrikeFirst),
        Stage::Card => match state.why_not_activate(card) {
            None => Ok(Pick {
                card: Some(card),
                ..Pick::default()
            }),
            Some(why) => refuse(why),
        },
        // Tapping the acting card again puts it back (unless it is a
        // choice here: the Con Man may swap itself).
        _ if pick.card == Some(card) && !offered.contains(&card) => Ok(Pick::default()),
        Stage::Copy(_) if offered.contains(&card) => Ok(Pick {
            copying: Some(card),
            ..pick
        }),
        Stage::Copy(_) => refuse(RuleError::CannotCopy(card)),
        Stage::Target(_) if offered.contains(&card) => Ok(Pick {
            target: Some(Target::Card(card)),
            ..pick
        }),
        Stage::FirstOfPair(_) if offered.contains(&card) => Ok(Pick {
            first: Some(card),
            ..pick
        }),
        Stage::SecondOfPair(_) if pick.first == Some(card) => Ok(Pick {
            first: None,
            ..pick
        }),
        Stage::SecondOfPair(_) if offered.contains(&card) => Ok(Pick {
            target: pick.first.map(|first| Target::pair(first, card)),
            ..pick
        }),
        // While a direction or a confirmation is awaited, another card
        // starts a new choice.
        Stage::Direction | Stage::Confirm(_) => tap(state, Pick::default(), card),
        Stage::Target(_) | Stage::FirstOfPair(_) | Stage::SecondOfPair(_) => bad_target(),
    }
}

/// The pick with its random target aimed to `direction`.
pub fn aim(pick: Pick, direction: Direction) -> Pick {
    Pick {
        target: Some(Target::Random(direction)),
        ..pick
    }
}

/// The pick that ends in `action` (to show a hint's move ready to confirm).
pub fn of_action(action: Action) -> Pick {
    match action {
        Action::Activate {
            card,
            copying,
            target,
        } => Pick {
            card: Some(card),
            copying,
            first: None,
            target: Some(target),
        },
        Action::AlsoKill(_) | Action::Undo | Action::Hint => Pick::default(),
    }
}

/// What a move would do, read from the events of playing it on a copy of
/// the game. Random moves are not previewed (the die decides).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preview {
    pub dies: Vec<Killer>,
    pub wakes: Vec<Killer>,
    /// Cards whose place in the row changes.
    pub moves: Vec<Killer>,
    /// A poison will wait for the next card activated.
    pub poisons: bool,
}

pub fn preview(state: &State, mv: Move) -> Option<Preview> {
    if matches!(mv.target, Target::Random(_)) {
        return None;
    }
    let events = state.clone().apply(mv.action()).ok()?;
    let dies = super::happened::died(&events);
    let wakes = events
        .iter()
        .filter_map(|e| match *e {
            Event::Woke(card) => Some(card),
            _ => None,
        })
        .collect();
    // The living cards' order once the events have played out: only the
    // Knight and the Assassin (taking a place) and the Con Man (swapping)
    // can change it.
    let mut order: Vec<Killer> = state.row().iter().map(|s| s.card).collect();
    let place = |order: &[Killer], card: Killer| order.iter().position(|&c| c == card);
    for event in &events {
        match *event {
            Event::Swapped(x, y) => {
                if let (Some(i), Some(j)) = (place(&order, x), place(&order, y)) {
                    order.swap(i, j);
                }
            }
            Event::TookPlace { card, of } => {
                if let (Some(from), Some(to)) = (place(&order, card), place(&order, of)) {
                    order[to] = card;
                    order.remove(from);
                }
            }
            _ => {}
        }
    }
    order.retain(|c| !dies.contains(c));
    let survivors = state
        .row()
        .into_iter()
        .map(|s| s.card)
        .filter(|c| !dies.contains(c));
    let moves = match events.iter().find_map(|e| match *e {
        Event::Swapped(x, y) => Some(vec![x, y]),
        Event::TookPlace { card, .. } => Some(vec![card]),
        _ => None,
    }) {
        Some(moved) if order.iter().copied().ne(survivors) => moved,
        _ => Vec::new(),
    };
    Some(Preview {
        dies,
        wakes,
        moves,
        poisons: events.contains(&Event::PoisonPending),
    })
}

/// What the die can hit from `actor` towards `direction`: each distance
/// 0–5 with the card there (if any) and how many die cards show it.
pub fn reach(
    state: &State,
    actor: Killer,
    direction: Direction,
) -> Vec<(u8, Option<Killer>, usize)> {
    let row = state.packed_row();
    let Some(at) = row.find(actor) else {
        return Vec::new();
    };
    let deck = state.die_deck_contents();
    (0..=5u8)
        .map(|d| {
            let count = deck.iter().filter(|c| c.pips() == d).count();
            let card = row.at_distance(at, direction, d).map(|i| row.card(i));
            (d, card, count)
        })
        .filter(|&(_, _, count)| count > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::murderers_row::testing::{a, i};
    use engine::murderers_row::Killer::*;
    use engine::murderers_row::Slot;

    fn pos(row: &[Slot]) -> State {
        State::from_parts(row, vec![Gunslinger, Tank, Sniper], Vec::new(), false, 1)
    }

    #[test]
    fn a_card_then_its_target_then_confirm() {
        let state = pos(&[a(Swordsman), a(Knight), i(Medic), a(Hangman)]);
        let start = Pick::default();
        assert_eq!(stage(&state, &start), Stage::Card);
        assert!(Stage::Card.offered(&state).contains(&Swordsman));
        let p = tap(&state, start, Swordsman).unwrap();
        assert_eq!(stage(&state, &p), Stage::Target(vec![Knight]));
        // The Medic is inactive: not a target of the Swordsman.
        let why = tap(&state, p, Medic).unwrap_err();
        assert!(why.contains("Not a legal target"), "{why}");
        let p = tap(&state, p, Knight).unwrap();
        let Stage::Confirm(mv) = stage(&state, &p) else {
            panic!("confirm expected")
        };
        assert_eq!(
            mv.action(),
            Action::activate(Swordsman, Target::Card(Knight))
        );
        let shown = preview(&state, mv).unwrap();
        assert_eq!(shown.dies, vec![Knight]);
        // Tapping the acting card again puts it back.
        let p = tap(&state, tap(&state, start, Swordsman).unwrap(), Swordsman).unwrap();
        assert_eq!(p, Pick::default());
    }

    #[test]
    fn a_card_that_cannot_act_says_why() {
        let state = pos(&[a(Swordsman), i(Knight), a(Medic)]);
        let why = tap(&state, Pick::default(), Knight).unwrap_err();
        assert!(why.contains("inactive"), "{why}");
        let why = tap(&state, Pick::default(), Swordsman).unwrap_err();
        assert!(why.contains("cannot be used now"), "{why}");
    }

    #[test]
    fn pairs_are_chosen_one_card_at_a_time() {
        let state = pos(&[a(Hangman), i(Knight), i(Medic), a(Sniper), i(Tank)]);
        let p = tap(&state, Pick::default(), Hangman).unwrap();
        assert_eq!(stage(&state, &p), Stage::FirstOfPair(vec![Knight, Medic]));
        let p = tap(&state, p, Medic).unwrap();
        assert_eq!(stage(&state, &p), Stage::SecondOfPair(vec![Knight]));
        let p = tap(&state, p, Knight).unwrap();
        let Stage::Confirm(mv) = stage(&state, &p) else {
            panic!("confirm expected")
        };
        assert_eq!(preview(&state, mv).unwrap().dies.len(), 2);
    }

    #[test]
    fn the_copycat_chooses_whom_to_copy_first() {
        let state = pos(&[
            a(Sniper),
            a(Copycat),
            a(Swordsman),
            i(Tank),
            a(Knight),
            a(Medic),
        ]);
        let p = tap(&state, Pick::default(), Copycat).unwrap();
        // The Sniper is copyable: the Medic is 4 away from the Copycat.
        assert_eq!(stage(&state, &p), Stage::Copy(vec![Sniper, Swordsman]));
        let why = tap(&state, p, Tank).unwrap_err();
        assert!(why.contains("can copy only"), "{why}");
        let p = tap(&state, p, Swordsman).unwrap();
        // As the Swordsman, from the Copycat's place.
        assert_eq!(stage(&state, &p), Stage::Target(vec![Sniper, Swordsman]));
    }

    #[test]
    fn random_targets_ask_for_a_direction_and_show_the_reach() {
        let state = pos(&[a(Grenadier), a(Knight), a(Medic)]);
        let p = tap(&state, Pick::default(), Grenadier).unwrap();
        assert_eq!(stage(&state, &p), Stage::Direction);
        let p = aim(p, Direction::Right);
        assert!(matches!(stage(&state, &p), Stage::Confirm(_)));
        // Die deck: Gunslinger 0, Tank 2, Sniper 3.
        let reach = reach(&state, Grenadier, Direction::Right);
        assert_eq!(
            reach,
            vec![(0, Some(Grenadier), 1), (2, Some(Medic), 1), (3, None, 1)]
        );
    }

    #[test]
    fn no_target_moves_go_straight_to_confirm_with_their_preview() {
        let state = pos(&[a(Knight), a(MadBomber), a(Medic), a(Sniper)]);
        let p = tap(&state, Pick::default(), MadBomber).unwrap();
        let Stage::Confirm(mv) = stage(&state, &p) else {
            panic!("confirm expected")
        };
        let shown = preview(&state, mv).unwrap();
        assert_eq!(shown.dies, vec![Knight, MadBomber, Medic]);
    }

    #[test]
    fn a_hint_becomes_a_pick_ready_to_confirm() {
        let state = pos(&[a(Swordsman), a(Knight), i(Medic)]);
        let action = Action::activate(Knight, Target::Card(Swordsman));
        let p = of_action(action);
        assert_eq!(
            stage(&state, &p),
            Stage::Confirm(Move {
                card: Knight,
                copying: None,
                target: Target::Card(Swordsman)
            })
        );
        let shown = preview(
            &state,
            Move {
                card: Knight,
                copying: None,
                target: Target::Card(Swordsman),
            },
        )
        .unwrap();
        assert_eq!(shown.dies, vec![Swordsman]);
        // Next to its target, the Knight keeps its order among the living.
        assert!(shown.moves.is_empty());
        let state = pos(&[a(Knight), i(Medic), a(Swordsman)]);
        let far = Move {
            card: Knight,
            copying: None,
            target: Target::Card(Swordsman),
        };
        assert_eq!(preview(&state, far).unwrap().moves, vec![Knight]);
    }

    /// The preview reads the events: who dies, who wakes, who moves (only
    /// when the living cards' order changes), whether a poison will wait.
    #[test]
    fn the_preview_says_who_dies_wakes_and_moves_and_the_poison() {
        let mv = |card, target| Move {
            card,
            copying: None,
            target,
        };
        let state = pos(&[a(ConMan), i(Knight), a(Medic), a(Poisoner)]);
        // A pair is named in table order.
        let swap = preview(&state, mv(ConMan, Target::pair(Knight, Poisoner))).unwrap();
        assert_eq!(swap.moves, vec![Poisoner, Knight]);
        assert!(swap.dies.is_empty() && swap.wakes.is_empty() && !swap.poisons);
        let wake = preview(&state, mv(Medic, Target::Card(Knight))).unwrap();
        assert_eq!(wake.wakes, vec![Knight]);
        assert!(wake.moves.is_empty());
        assert!(preview(&state, mv(Poisoner, Target::None)).unwrap().poisons);
        // A poisoned Con Man swapping itself with its neighbour dies: the
        // living keep their order, so nothing is said to move.
        let poisoned = State::from_parts(
            &[a(ConMan), a(Tank), a(Medic), i(Knight)],
            vec![Gunslinger, Arsonist],
            Vec::new(),
            true,
            7,
        );
        let shown = preview(&poisoned, mv(ConMan, Target::pair(ConMan, Tank))).unwrap();
        assert_eq!(shown.dies, vec![ConMan]);
        assert!(shown.moves.is_empty(), "{shown:?}");
        // Across a card, the order changes.
        let shown = preview(&poisoned, mv(ConMan, Target::pair(ConMan, Medic))).unwrap();
        assert_eq!(shown.moves, vec![Medic, ConMan]);
    }
}
