//! What the Serial Killer table says, as plain functions of the engine's
//! events and a seat's view (tested natively): the log, the choice buttons'
//! labels, the turn banner, the graves' and players' descriptions.

use crate::seats::{computer_note, joined, kind_name, name_of};
use engine::cards::Card;
use engine::serial_killer::{
    role, Action, Event, Landing, Phase, ReshuffleCause, Role, Seat, SeatKind, SeatView, Tip,
};

/// "grave 3", for the grave at index 2.
pub fn grave_name(grave: u8) -> String {
    format!("grave {}", u16::from(grave) + 1)
}

/// The log's first lines: the draws for first player and who plays first
/// (in any seat's view).
pub fn opening_lines(view: &SeatView, names: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = view
        .first_draws()
        .iter()
        .map(|round| {
            let draws: Vec<String> = round
                .iter()
                .map(|&(seat, card)| format!("{} {}", name_of(names, seat), card.name()))
                .collect();
            format!("Draw for first player: {}.", draws.join(", "))
        })
        .collect();
    lines.push(format!(
        "{} draws highest and plays first.",
        name_of(names, view.first_player())
    ));
    lines
}

/// What an action did, as log lines, from its events alone (every one is
/// public) and the names at the table: the action itself, then every clue
/// lost or won back, every arrest, a reshuffle, the next turn or the end of
/// the game, in the order they happened.
pub fn log_lines(events: &[Event], names: &[String]) -> Vec<String> {
    let name = |seat: Seat| name_of(names, seat);
    events
        .iter()
        .map(|event| match event {
            Event::Drawn {
                seat,
                card,
                grave,
                landing,
            } => {
                let what = match landing {
                    Landing::Waiting => "",
                    Landing::Killed => ": a kill",
                    Landing::Missed => ": a missed opportunity",
                };
                format!(
                    "{} draws the {} for {}{what}.",
                    name(*seat),
                    card.name(),
                    grave_name(*grave)
                )
            }
            Event::Held { seat, card } => {
                format!("{} holds the {} face up.", name(*seat), card.name())
            }
            Event::Buried { seat, grave, .. } => format!(
                "{} buries a Jack in {} as a corpse.",
                name(*seat),
                grave_name(*grave)
            ),
            Event::Informed {
                seat, grave, tip, ..
            } => {
                let effect = match tip {
                    Tip::Discredit => "to discredit a clue".to_string(),
                    Tip::InformOn(other) => format!("to inform on {}", name(*other)),
                };
                format!(
                    "{} places an Ace on the victim in {} {effect}.",
                    name(*seat),
                    grave_name(*grave)
                )
            }
            Event::ClueLost { seat, clues, .. } => {
                format!(
                    "{} loses a clue to the police ({} left).",
                    name(*seat),
                    crate::words::count(usize::from(*clues), "clue", "clues")
                )
            }
            Event::ClueTakenBack { seat, clues } => format!(
                "{} takes a clue back from the police ({clues} left).",
                name(*seat)
            ),
            Event::Reshuffled { cause, .. } => match cause {
                ReshuffleCause::GravesClosed => {
                    "Every grave is closed: the graves are shuffled back into the victim stack."
                        .to_string()
                }
                ReshuffleCause::StackEmpty => {
                    "The victim stack is empty: the graves are shuffled back into it.".to_string()
                }
            },
            Event::TurnEnded { seat } => format!("{} ends the turn.", name(*seat)),
            Event::Arrested { seat, .. } => format!("{} is arrested!", name(*seat)),
            Event::TurnBegan { seat, .. } => format!("{}'s turn.", name(*seat)),
            Event::GameOver { winners } => {
                let winners: Vec<String> = winners.iter().map(|&s| name(s)).collect();
                let verb = if winners.len() == 1 {
                    "wins"
                } else {
                    "share the win"
                };
                format!("{} {verb}: still on the loose!", joined(&winners))
            }
        })
        .collect()
}

/// One button of the choice panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Act(Action),
    /// Draw the turn's cards one after another (`super::draw_all`).
    DrawAll,
    /// Use an Ace on this grave's victim: its effect is chosen next.
    AceOn(u8),
    /// Back from choosing an Ace's effect.
    CancelAce,
}

/// The buttons for the player to act, in order, with their labels: the
/// engine's legal actions (while two cards or more are still to be drawn,
/// "Draw all" before the single draw), an Ace's grave chosen before its
/// effect.
pub fn choices(state: &SeatView, ace_grave: Option<u8>, names: &[String]) -> Vec<(Choice, String)> {
    let legal = state.legal_actions();
    let held_or_drawn = match state.phase() {
        Phase::Drawn { card, .. } => format!("the drawn {}", card.name()),
        _ => "a held Ace".to_string(),
    };
    if let Some(chosen) = ace_grave {
        let mut out: Vec<(Choice, String)> = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Inform { grave, tip } if grave == chosen => {
                    let label = match tip {
                        Tip::Discredit => "Take one of my clues back".to_string(),
                        Tip::InformOn(seat) => {
                            format!("Inform on {}", name_of(names, seat))
                        }
                    };
                    Some((Choice::Act(a), label))
                }
                _ => None,
            })
            .collect();
        if !out.is_empty() {
            out.push((Choice::CancelAce, "Back".to_string()));
            return out;
        }
    }
    let mut out = Vec::new();
    let mut ace_graves = Vec::new();
    for &action in &legal {
        let label = match action {
            Action::Draw => {
                let left = cards_to_draw(state);
                if left > 1 {
                    out.push((Choice::DrawAll, format!("Draw all {left} cards")));
                }
                match state.phase() {
                    Phase::Draw { grave } => format!("Draw a card for {}", grave_name(grave)),
                    _ => "Draw a card".to_string(),
                }
            }
            Action::Hold => match state.phase() {
                Phase::Drawn { card, .. } => format!("Hold the {}", card.name()),
                _ => "Hold".to_string(),
            },
            Action::Bury { grave } => match state.phase() {
                Phase::Drawn { .. } => format!("Bury the Jack in {}", grave_name(grave)),
                _ => format!("Bury a held Jack in {}", grave_name(grave)),
            },
            Action::Inform { grave, .. } => {
                if !ace_graves.contains(&grave) {
                    ace_graves.push(grave);
                    out.push((
                        Choice::AceOn(grave),
                        format!("Use {held_or_drawn} on the victim in {}", grave_name(grave)),
                    ));
                }
                continue;
            }
            Action::EndTurn => "End turn".to_string(),
        };
        out.push((Choice::Act(action), label));
    }
    out
}

/// A row of the choice panel: one button, or the buttons that do one thing
/// to a choice of graves, shown as "Grave 1", "Grave 2"… under a caption
/// saying what (each button keeps its whole label as its accessible name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelRow {
    /// The choice's place in the list (its key is the place + 1).
    One(usize, Choice, String),
    Graves {
        /// "Bury the Jack in", without the grave.
        caption: String,
        /// Place in the list, choice, grave and whole label, in order.
        buttons: Vec<(usize, Choice, u8, String)>,
    },
}

/// The grave a choice acts on, when it is one of several graves offered.
fn grave_of(choice: Choice) -> Option<u8> {
    match choice {
        Choice::AceOn(grave) | Choice::Act(Action::Bury { grave }) => Some(grave),
        _ => None,
    }
}

/// Groups the choices for the panel: neighbouring choices whose labels say
/// the same thing of different graves become one row of grave buttons, so
/// that seven long buttons (a Jack to bury in any of six graves, or hold)
/// take two short rows.
pub fn panel_rows(choices: &[(Choice, String)]) -> Vec<PanelRow> {
    let mut rows: Vec<PanelRow> = Vec::new();
    for (i, (choice, label)) in choices.iter().enumerate() {
        let split = grave_of(*choice).and_then(|grave| {
            let lead = label.strip_suffix(&grave_name(grave))?;
            Some((grave, lead.trim_end().to_string()))
        });
        let Some((grave, lead)) = split else {
            rows.push(PanelRow::One(i, *choice, label.clone()));
            continue;
        };
        let button = (i, *choice, grave, label.clone());
        match rows.last_mut() {
            Some(PanelRow::Graves { caption, buttons }) if *caption == lead => buttons.push(button),
            _ => rows.push(PanelRow::Graves {
                caption: lead,
                buttons: vec![button],
            }),
        }
    }
    rows
}

/// The cards still to be drawn this turn (the one waiting for a decision
/// counts as drawn).
pub fn cards_to_draw(view: &SeatView) -> usize {
    match view.phase() {
        Phase::Draw { .. } => view
            .turn_targets()
            .len()
            .saturating_sub(usize::from(view.drawn_this_turn())),
        _ => 0,
    }
}

/// The turn banner's sentence for the seat `view` belongs to: whose turn it
/// is (a computer said so) and what they are to do.
pub fn turn_text(view: &SeatView, names: &[String]) -> String {
    let seat = view.current();
    let what = match view.phase() {
        Phase::Draw { grave } => format!("draw a card for {}.", grave_name(grave)),
        Phase::Drawn { card, grave } if role(card) == Role::Corpse => format!(
            "bury the {} in {} or hold it.",
            card.name(),
            grave_name(grave)
        ),
        Phase::Drawn { card, .. } => {
            format!("use the {} as an informant or hold it.", card.name())
        }
        Phase::Plays => "play held cards, or end the turn.".to_string(),
        Phase::Over => return "The game is over.".to_string(),
    };
    let kind = computer_note(view.seat_kind(seat));
    format!("{}'s turn{kind}: {what}", name_of(names, seat))
}

/// What the choice panel says while no person at this device is to act.
pub fn waiting_text(view: &SeatView, names: &[String]) -> String {
    match view.seat_kind(view.current()) {
        Some(SeatKind::Computer(_)) => "The computer is playing…".to_string(),
        _ => format!("Waiting for {}…", name_of(names, view.current())),
    }
}

/// "K♥": a card in two characters or three.
pub fn short(card: Card) -> String {
    let suit = card
        .suit()
        .map_or(String::new(), |s| s.symbol().to_string());
    format!("{}{suit}", card.rank_label())
}

/// A pile's size under its top card, and the victim under an informant.
pub fn depth_text(pile: &[Card], open: bool) -> String {
    let state = if open { "open" } else { "closed" };
    if let [.., victim, ace] = pile {
        if role(*ace) == Role::Informant {
            return format!("{} cards · Ace on {}", pile.len(), short(*victim));
        }
    }
    match pile.len() {
        0 => "empty · open".to_string(),
        1 => format!("1 card · {state}"),
        n => format!("{n} cards · {state}"),
    }
}

/// A grave's accessible name: every card in it, top first.
pub fn grave_label(i: usize, pile: &[Card], open: bool, target: bool) -> String {
    let mut label = format!("Grave {}, {}", i + 1, if open { "open" } else { "closed" });
    if pile.is_empty() {
        label.push_str(", empty");
    } else {
        let cards: Vec<String> = pile.iter().rev().map(|c| c.name()).collect();
        label.push_str(&format!(
            ", {} cards, top first: {}",
            pile.len(),
            cards.join(", ")
        ));
    }
    if target {
        label.push_str(", the grave this card is for");
    }
    label
}

/// One player's panel as the table shows it, from the view of the seat to
/// act (everything in it is public).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerPanel {
    pub name: String,
    pub kind: Option<SeatKind>,
    /// Played on another device than this one.
    pub own_device: bool,
    pub clues: u8,
    pub police: u8,
    pub arrested: bool,
    pub held: Vec<Card>,
    /// The seat to act now.
    pub current: bool,
    pub winner: bool,
}

impl PlayerPanel {
    pub fn of(view: &SeatView, seat: Seat, names: &[String]) -> PlayerPanel {
        PlayerPanel {
            name: name_of(names, seat),
            kind: view.seat_kind(seat),
            own_device: false,
            clues: view.clues(seat),
            police: view.police(seat),
            arrested: view.is_arrested(seat),
            held: view.held(seat),
            current: view.to_act() && view.current() == seat,
            winner: view.winners().contains(&seat),
        }
    }

    /// "Person", "Person, on their own device" or "Computer (Simple)".
    pub fn kind_text(&self) -> String {
        kind_name(self.kind, self.own_device)
    }

    /// "3 clues · police 2", beside the counters.
    pub fn clues_text(&self) -> String {
        format!(
            " {} clue{} · police {}",
            self.clues,
            self.plural(),
            self.police
        )
    }

    /// The panel's accessible name: everything it shows.
    pub fn label(&self) -> String {
        let status = if self.winner {
            " · winner"
        } else if self.arrested {
            " · arrested"
        } else if self.current {
            " · to play"
        } else {
            ""
        };
        let held = if self.held.is_empty() {
            "nothing held".to_string()
        } else {
            let cards: Vec<String> = self.held.iter().map(|c| c.name()).collect();
            format!("holds {}", cards.join(", "))
        };
        format!(
            "{}, {}: {} clue{}, police hold {}, {held}{status}",
            self.name,
            self.kind_text(),
            self.clues,
            self.plural(),
            self.police
        )
    }

    fn plural(&self) -> &'static str {
        if self.clues == 1 {
            ""
        } else {
            "s"
        }
    }
}

/// The police pile's caption, with every clue the players have lost.
pub fn police_pile_text(clues: u32) -> String {
    match clues {
        1 => "Police investigation pile: 1 clue".to_string(),
        n => format!("Police investigation pile: {n} clues"),
    }
}

/// The end dialog's title.
pub fn end_title(winners: &[String]) -> String {
    match winners {
        [one] => format!("{one} wins!"),
        _ => format!("{} share the win!", joined(winners)),
    }
}

/// The game's log as a seat is shown it (`view`, the names and `events`,
/// every event so far), worded: the first-player draw, then each event;
/// for a game an earlier version saved with its log's lines and no moves,
/// those lines (`earlier`) instead of the draw.
pub fn log_text(
    earlier: &[String],
    view: &SeatView,
    events: &[Event],
    names: &[String],
) -> Vec<String> {
    let mut log = match earlier {
        [] => opening_lines(view, names),
        lines => lines.to_vec(),
    };
    log.extend(log_lines(events, names));
    log
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::Suit;
    use engine::seats::Level;
    use engine::serial_killer::{ClueCause, State};
    use engine::Game;

    fn names() -> Vec<String> {
        vec!["Ana".into(), "Ben".into(), "Cy".into()]
    }

    fn lines(events: &[Event]) -> Vec<String> {
        log_lines(events, &names())
    }

    #[test]
    fn the_log_says_where_each_drawn_card_went() {
        let king = Card::new(13, Suit::Spades);
        let drawn = |card, landing| Event::Drawn {
            seat: Seat(1),
            card,
            grave: 2,
            landing,
        };
        assert_eq!(
            lines(&[
                drawn(king, Landing::Killed),
                drawn(Card::new(7, Suit::Hearts), Landing::Missed),
                drawn(Card::new(11, Suit::Clubs), Landing::Waiting),
            ]),
            [
                "Ben draws the King of spades for grave 3: a kill.",
                "Ben draws the 7 of hearts for grave 3: a missed opportunity.",
                "Ben draws the Jack of clubs for grave 3.",
            ]
        );
    }

    #[test]
    fn the_log_says_what_jacks_and_aces_did_and_the_clues_they_moved() {
        let ace = Card::new(1, Suit::Hearts);
        let jack = Card::new(11, Suit::Clubs);
        assert_eq!(
            lines(&[
                Event::Held {
                    seat: Seat(0),
                    card: jack
                },
                Event::Buried {
                    seat: Seat(0),
                    card: jack,
                    grave: 5,
                    from_hand: true
                },
                Event::Informed {
                    seat: Seat(0),
                    card: ace,
                    grave: 0,
                    tip: Tip::InformOn(Seat(2)),
                    from_hand: false
                },
                Event::ClueLost {
                    seat: Seat(2),
                    clues: 1,
                    cause: ClueCause::InformedOn { by: Seat(0) }
                },
                Event::Informed {
                    seat: Seat(0),
                    card: ace,
                    grave: 1,
                    tip: Tip::Discredit,
                    from_hand: true
                },
                Event::ClueTakenBack {
                    seat: Seat(0),
                    clues: 4
                },
                Event::ClueLost {
                    seat: Seat(0),
                    clues: 3,
                    cause: ClueCause::NoVictim
                },
            ]),
            [
                "Ana holds the Jack of clubs face up.",
                "Ana buries a Jack in grave 6 as a corpse.",
                "Ana places an Ace on the victim in grave 1 to inform on Cy.",
                "Cy loses a clue to the police (1 clue left).",
                "Ana places an Ace on the victim in grave 2 to discredit a clue.",
                "Ana takes a clue back from the police (4 left).",
                "Ana loses a clue to the police (3 clues left).",
            ]
        );
    }

    #[test]
    fn the_log_tells_reshuffles_arrests_turns_and_the_end() {
        assert_eq!(
            lines(&[
                Event::Reshuffled {
                    cause: ReshuffleCause::GravesClosed,
                    stack: 50
                },
                Event::Reshuffled {
                    cause: ReshuffleCause::StackEmpty,
                    stack: 48
                },
                Event::TurnEnded { seat: Seat(2) },
                Event::Arrested {
                    seat: Seat(1),
                    returned: vec![]
                },
                Event::TurnBegan {
                    seat: Seat(0),
                    graves: vec![0, 3]
                },
                Event::GameOver {
                    winners: vec![Seat(0)]
                },
                Event::GameOver {
                    winners: vec![Seat(0), Seat(2)]
                },
            ]),
            [
                "Every grave is closed: the graves are shuffled back into the victim stack.",
                "The victim stack is empty: the graves are shuffled back into it.",
                "Cy ends the turn.",
                "Ben is arrested!",
                "Ana's turn.",
                "Ana wins: still on the loose!",
                "Ana and Cy share the win: still on the loose!",
            ]
        );
    }

    #[test]
    fn grave_choices_share_one_caption_and_keep_their_keys() {
        let list = vec![
            (
                Choice::Act(Action::Hold),
                "Hold the Jack of clubs".to_string(),
            ),
            (
                Choice::Act(Action::Bury { grave: 0 }),
                "Bury the Jack in grave 1".to_string(),
            ),
            (
                Choice::Act(Action::Bury { grave: 4 }),
                "Bury the Jack in grave 5".to_string(),
            ),
            (
                Choice::AceOn(2),
                "Use a held Ace on the victim in grave 3".to_string(),
            ),
            (Choice::Act(Action::EndTurn), "End turn".to_string()),
        ];
        let rows = panel_rows(&list);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], PanelRow::One(0, list[0].0, list[0].1.clone()));
        let PanelRow::Graves { caption, buttons } = &rows[1] else {
            panic!("{rows:?}")
        };
        assert_eq!(caption, "Bury the Jack in");
        let places: Vec<(usize, u8)> = buttons.iter().map(|b| (b.0, b.2)).collect();
        assert_eq!(places, vec![(1, 0), (2, 4)]);
        assert_eq!(buttons[1].3, "Bury the Jack in grave 5");
        assert!(
            matches!(&rows[2], PanelRow::Graves { caption, buttons } if caption == "Use a held Ace on the victim in" && buttons.len() == 1)
        );
        assert_eq!(rows[3], PanelRow::One(4, list[4].0, list[4].1.clone()));
    }

    #[test]
    fn an_ace_asks_for_its_grave_then_its_effect() {
        // Find a position where an Ace can be used.
        for seed in 0..200 {
            let mut state =
                State::new(&[SeatKind::Person, SeatKind::Computer(Level::Simple)], seed).unwrap();
            for _ in 0..400 {
                if state.is_over() {
                    break;
                }
                let list = choices(&state.view(state.current()), None, &names());
                if let Some((Choice::AceOn(g), label)) =
                    list.iter().find(|(c, _)| matches!(c, Choice::AceOn(_)))
                {
                    assert!(label.contains("on the victim in grave"), "{label}");
                    let effects = choices(&state.view(state.current()), Some(*g), &names());
                    assert!(effects
                        .iter()
                        .any(|(_, l)| l.starts_with("Inform on ") || l.starts_with("Take one")));
                    assert_eq!(effects.last().unwrap().0, Choice::CancelAce);
                    return;
                }
                let action = state.legal_actions()[0];
                state.apply(action).unwrap();
            }
        }
        panic!("no Ace came up");
    }

    #[test]
    fn labels_name_the_grave_and_the_card() {
        let state = State::new(&[SeatKind::Person, SeatKind::Person], 3).unwrap();
        let list = choices(&state.view(state.current()), None, &names());
        assert_eq!(
            list,
            [
                (Choice::DrawAll, "Draw all 6 cards".to_string()),
                (
                    Choice::Act(Action::Draw),
                    "Draw a card for grave 1".to_string()
                ),
            ]
        );
        assert!(grave_label(0, &[], true, true).contains("the grave this card is for"));
    }

    /// Draw all counts down with the draws and gives way to the single draw
    /// for the last card; a drawn Jack or Ace offers neither.
    #[test]
    fn draw_all_is_offered_while_two_cards_or_more_are_to_be_drawn() {
        let mut state = State::new(&[SeatKind::Person, SeatKind::Person], 3).unwrap();
        let mut seen_last_draw = false;
        while !state.is_over() && !seen_last_draw {
            let view = state.view(state.current());
            let list = choices(&view, None, &names());
            let draw_all = list.iter().find(|(c, _)| *c == Choice::DrawAll);
            match (view.phase(), cards_to_draw(&view)) {
                (Phase::Draw { .. }, 1) => {
                    assert_eq!(draw_all, None);
                    seen_last_draw = true;
                }
                (Phase::Draw { .. }, left) => {
                    assert_eq!(list[0], (Choice::DrawAll, format!("Draw all {left} cards")));
                }
                _ => assert_eq!(draw_all, None),
            }
            let action = state.legal_actions()[0];
            state.apply(action).unwrap();
        }
        assert!(seen_last_draw);
    }

    #[test]
    fn the_banner_says_whose_turn_and_what_to_do() {
        let state = State::new(&[SeatKind::Computer(Level::Simple), SeatKind::Person], 3).unwrap();
        let view = state.view(state.current());
        let who = name_of(&names(), state.current());
        let kind = computer_note(state.seat_kind(state.current()));
        assert_eq!(
            turn_text(&view, &names()),
            format!("{who}'s turn{kind}: draw a card for grave 1.")
        );
    }

    #[test]
    fn graves_say_their_cards_top_first_and_the_victim_under_an_ace() {
        let king = Card::new(13, Suit::Hearts);
        let ace = Card::new(1, Suit::Spades);
        let seven = Card::new(7, Suit::Clubs);
        assert_eq!(short(king), format!("K{}", Suit::Hearts.symbol()));
        assert_eq!(depth_text(&[], true), "empty · open");
        assert_eq!(depth_text(&[seven], true), "1 card · open");
        assert_eq!(depth_text(&[seven, king], false), "2 cards · closed");
        assert_eq!(
            depth_text(&[seven, king, ace], false),
            format!("3 cards · Ace on {}", short(king))
        );
        assert_eq!(grave_label(1, &[], true, false), "Grave 2, open, empty");
        assert_eq!(
            grave_label(0, &[seven, king], false, false),
            "Grave 1, closed, 2 cards, top first: King of hearts, 7 of clubs"
        );
    }

    #[test]
    fn a_player_panel_says_everything_it_shows() {
        let mut panel = PlayerPanel {
            name: "Ana".into(),
            kind: Some(SeatKind::Computer(Level::Simple)),
            own_device: false,
            clues: 1,
            police: 5,
            arrested: false,
            held: vec![Card::new(11, Suit::Clubs)],
            current: true,
            winner: false,
        };
        assert_eq!(panel.clues_text(), " 1 clue · police 5");
        assert_eq!(
            panel.label(),
            format!(
                "Ana, Computer ({}): 1 clue, police hold 5, holds Jack of clubs · to play",
                Level::Simple.name()
            )
        );
        panel.kind = Some(SeatKind::Person);
        panel.clues = 0;
        panel.held.clear();
        panel.arrested = true;
        assert_eq!(
            panel.label(),
            "Ana, Person: 0 clues, police hold 5, nothing held · arrested"
        );
        panel.winner = true;
        assert!(panel.label().ends_with(" · winner"));
        panel.own_device = true;
        assert!(panel
            .label()
            .starts_with("Ana, Person, on their own device: 0 clues"));
    }

    #[test]
    fn the_police_pile_and_the_end_title_agree_in_number() {
        assert_eq!(police_pile_text(1), "Police investigation pile: 1 clue");
        assert_eq!(police_pile_text(0), "Police investigation pile: 0 clues");
        assert_eq!(end_title(&["Ana".into()]), "Ana wins!");
        assert_eq!(
            end_title(&["Ana".into(), "Cy".into()]),
            "Ana and Cy share the win!"
        );
    }
}
