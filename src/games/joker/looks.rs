//! What the parts of the Joker table show: the turn banner, the die line,
//! each card's look and accessible name, each player's. Read from the view
//! of the Vigilante whose turn it is, which never holds the Joker's cell
//! while it is hidden. No components: tested natively.

use super::solo::{par_per_round, turns_in_round, SoloScore};
use super::words::{answer_meaning, die, points, team_name};
use crate::seats::{computer_note, kind_name, name_of};
use engine::cards::Card;
use engine::joker::{consistent, Cell, CellSet, Event, Lock, Phase, Seat, SeatView, Status, CELLS};

/// The turn banner: whose turn it is and what they are to do, as "Round 1
/// of 3 · Cy's turn (computer, Strong): probe or shoot a card."
pub fn turn_text(view: &SeatView, names: &[String]) -> (Seat, String) {
    let round = format!("Round {} of {}", view.round() + 1, view.rounds());
    // Alone against the computer Informant the round is played against
    // par: which turn this is, and the par, while playing (in as few words
    // as the banner's one line allows beside the table).
    let (turn, shoot) = match SoloScore::of(view) {
        Some(solo) => (
            format!(
                "'s turn {}, par {}",
                turns_in_round(view, view.round()) + 1,
                par_per_round(solo.level)
            ),
            ": probe or shoot.",
        ),
        None => ("'s turn".to_string(), ": probe or shoot a card."),
    };
    let (seat, head, tail) = match view.phase() {
        Phase::Over => return (view.current(), "The game is over.".to_string()),
        Phase::Turn if view.can_shoot(view.current()) => (view.current(), turn.as_str(), shoot),
        Phase::Turn => (
            view.current(),
            turn.as_str(),
            ": probe a card (no shooting this turn).",
        ),
        Phase::Answer { .. } => (view.informant(), ", the Informant", ", is answering."),
    };
    let kind = computer_note(view.seat_kind(seat));
    (
        seat,
        format!("{round} · {}{head}{kind}{tail}", name_of(names, seat)),
    )
}

/// Why the Vigilante whose turn it is may not shoot now (for the tap mode's
/// choice), or `None` when they may, or it is nobody's turn to shoot.
pub fn why_no_shot(view: &SeatView) -> Option<&'static str> {
    if !matches!(view.phase(), Phase::Turn) || view.can_shoot(view.current()) {
        return None;
    }
    Some(match view.lock(view.current()) {
        Lock::NextTurn => "Not this turn: you missed last time.",
        _ => "Not until another Vigilante has shot.",
    })
}

/// The die of the probe waiting for its answer, or the round's last answer;
/// `None` before the round's first probe.
pub fn probe_text(view: &SeatView, names: &[String]) -> Option<String> {
    if let Phase::Answer { cell, roll } = view.phase() {
        return Some(format!(
            "{} probes {cell}. Die: {}. The Informant may answer within {roll} of the true distance.",
            name_of(names, view.current()),
            die(roll)
        ));
    }
    view.round_log().iter().rev().find_map(|e| match *e {
        Event::Probe {
            seat,
            cell,
            roll,
            answer,
            ..
        } => Some(format!(
            "Last probe: {} at {cell}, die {}, answer {answer}: {}.",
            name_of(names, seat),
            die(roll),
            answer_meaning(answer, roll)
        )),
        _ => None,
    })
}

/// The grid as the table shows it: the round being played, or, while its
/// end is shown, the round that just ended, with the Joker's card face up
/// where it was shot (the next round's grid is dealt already).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    /// The shown round's public log.
    log: Vec<Event>,
    /// The cards face up: missed shots, and the Joker once shot.
    face_up: Vec<(Cell, Card)>,
    /// The probe waiting for its answer.
    pending: Option<Cell>,
    /// With the deduction aid on, in play: the cells every answer allows.
    possible: Option<CellSet>,
}

impl Board {
    /// The round being played, with the deduction aid if `aid`; or the
    /// round that just ended if `ended` (and a round did end).
    pub fn of(view: &SeatView, aid: bool, ended: bool) -> Board {
        match view.round().checked_sub(1).filter(|_| ended) {
            Some(round) => {
                let log: Vec<Event> = view
                    .log()
                    .iter()
                    .filter(|e| e.round().map(usize::from) == Some(round))
                    .cloned()
                    .collect();
                let face_up = log
                    .iter()
                    .filter_map(|e| match *e {
                        Event::Shot { cell, card, .. } => Some((cell, card)),
                        _ => None,
                    })
                    .collect();
                Board {
                    log,
                    face_up,
                    pending: None,
                    possible: None,
                }
            }
            None => Board {
                log: view.round_log().to_vec(),
                face_up: view
                    .face_up()
                    .iter()
                    .filter_map(|c| Some((c, view.card(c)?)))
                    .collect(),
                pending: match view.phase() {
                    Phase::Answer { cell, .. } => Some(cell),
                    _ => None,
                },
                possible: aid.then(|| view.consistent_cells()),
            },
        }
    }

    fn card(&self, cell: Cell) -> Option<Card> {
        self.face_up
            .iter()
            .find_map(|&(c, card)| (c == cell).then_some(card))
    }

    /// With the deduction aid on, in play: how many face-down cells every
    /// answer allows.
    pub fn possible_count(&self) -> Option<usize> {
        self.possible.map(CellSet::len)
    }

    /// The probes of `cell`: their rolls and answers.
    fn probes_of(&self, cell: Cell) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.log.iter().filter_map(move |e| match *e {
            Event::Probe {
                cell: c,
                roll,
                answer,
                ..
            } if c == cell => Some((roll, answer)),
            _ => None,
        })
    }

    fn ruled_out(&self, cell: Cell) -> bool {
        self.possible.is_some_and(|p| !p.contains(cell)) && self.card(cell).is_none()
    }
}

/// A cell's accessible name on the public table: where it is, what is
/// known of it from the log, and the player's own marks.
pub fn cell_label(board: &Board, cell: Cell, marked: bool) -> String {
    let place = cell.to_string();
    // ASCII: Unicode case tables would cost this chunk 6 KB.
    let mut label = format!("{}{}", place[..1].to_ascii_uppercase(), &place[1..]);
    match board.card(cell) {
        Some(card) if card.is_joker() => {
            label.push_str(": the Joker, shot dead");
            return label;
        }
        Some(card) => {
            label.push_str(&format!(": the {}, shot and missed", card.name()));
            return label;
        }
        None => label.push_str(", face down"),
    }
    if board.pending == Some(cell) {
        label.push_str(", probed, waiting for the answer");
    }
    for (roll, answer) in board.probes_of(cell) {
        label.push_str(&format!(", probed: answer {answer} with die {roll}"));
    }
    if marked {
        label.push_str(", marked on your notepad");
    }
    if board.ruled_out(cell) {
        label.push_str(", ruled out by the answers");
    }
    label
}

/// How one card of the public grid looks: its classes, accessible name,
/// face (if shot) and the answers its probes got.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellLook {
    pub class: String,
    pub label: String,
    pub card: Option<Card>,
    pub probes: String,
}

/// `cell` as the table shows it on `board`, with the marks of `notes` (the
/// notepad of the person whose turn it is).
pub fn cell_look(board: &Board, cell: Cell, notes: Option<CellSet>) -> CellLook {
    let marked = notes.is_some_and(|n| n.contains(cell));
    let card = board.card(cell);
    let probes: Vec<String> = board
        .probes_of(cell)
        .map(|(roll, answer)| format!("{answer}±{roll}"))
        .collect();
    let mut class = "card-slot jk-cell".to_string();
    for (on, name) in [
        (board.pending == Some(cell), " pending"),
        (marked, " marked"),
        (board.ruled_out(cell), " ruled-out"),
        (card.is_some_and(|c| c.is_joker()), " found"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    CellLook {
        class,
        label: cell_label(board, cell, marked),
        card,
        probes: probes.join(" "),
    }
}

/// How one player shows in the players' list.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLook {
    pub name: String,
    /// The Informant of the round (none once the game is over).
    pub informant: bool,
    pub acting: bool,
    pub locked: bool,
    pub winner: bool,
    /// "Computer (Simple) · Vigilante".
    pub kind_and_role: String,
    /// "2 points", or with teams "Team A: 3 points (2 shot by Ana)".
    pub score: String,
    /// The accessible name: all of the above in one sentence.
    pub label: String,
}

/// `own_device`: the seat is played on another device than this one.
pub fn player_look(v: &SeatView, names: &[String], seat: Seat, own_device: bool) -> PlayerLook {
    let name = name_of(names, seat);
    let informant = v.informant() == seat && !matches!(v.status(), Status::Over { .. });
    let acting = v.to_act() == Some(seat);
    let locked = v.lock(seat) != Lock::Free;
    let winner = v.winners().contains(&seat);
    let kind = kind_name(v.seat_kind(seat), own_device);
    // A solo game's Informant is the same seat every round, so it stays
    // the Informant at the end too.
    let role = if informant || (v.is_solo() && v.informant() == seat) {
        "Informant"
    } else {
        "Vigilante"
    };
    let score = match v.team_of(seat).map(team_name) {
        Some(team) => format!(
            "{team}: {} ({} shot by {name})",
            points(v.score(seat)),
            v.points(seat)
        ),
        None => points(v.points(seat)),
    };
    let mut status = Vec::new();
    if acting {
        status.push("to play");
    }
    if locked {
        status.push("cannot shoot yet");
    }
    if winner {
        status.push("winner");
    }
    let label = format!(
        "{name}, {kind}, {role}: {score}{}",
        status.iter().map(|s| format!(", {s}")).collect::<String>()
    );
    PlayerLook {
        name,
        informant,
        acting,
        locked,
        winner,
        kind_and_role: format!("{kind} · {role}"),
        score,
        label,
    }
}

/// What the Informant's private screen shows while a probe waits for its
/// answer, read from the Informant's own view (the only one that holds the
/// Joker's cell).
#[derive(Clone, Debug, PartialEq)]
pub struct Desk {
    /// "Ana, you are the Informant".
    pub title: String,
    /// The probe, where the Joker is and the true distance.
    pub probe: String,
    /// The die and the answers it allows.
    pub die: String,
    /// The small grid's accessible name.
    pub grid_label: String,
    /// Each cell of the small grid, in order: its class and mark.
    pub cells: Vec<(&'static str, &'static str)>,
    /// Each answer the die allows, with how many cells it leaves open.
    pub answers: Vec<(u8, usize)>,
}

/// The Informant's screen, from the Informant's `view`; `None` unless an
/// answer waits (or the view is another seat's).
pub fn informant_desk(view: &SeatView, names: &[String]) -> Option<Desk> {
    let joker = view.joker()?;
    let distance = view.true_distance()?;
    let allowed = view.allowed_answers()?;
    let Phase::Answer { cell: probed, roll } = view.phase() else {
        return None;
    };
    let possible = view.consistent_cells();
    let answers: Vec<(u8, usize)> = allowed
        .map(|a| {
            let left = possible
                .iter()
                .filter(|&c| consistent(c, probed, roll, a))
                .count();
            (a, left)
        })
        .collect();
    let (low, high) = (
        answers.first().map_or(0, |a| a.0),
        answers.last().map_or(0, |a| a.0),
    );
    let face_up = view.face_up();
    let cells = (0..CELLS as u8)
        .map(Cell)
        .map(|cell| {
            if cell == joker {
                ("jk-mini-cell joker", "★")
            } else if cell == probed {
                ("jk-mini-cell probed", "?")
            } else if face_up.contains(cell) {
                ("jk-mini-cell up", "")
            } else {
                ("jk-mini-cell", "")
            }
        })
        .collect();
    Some(Desk {
        title: format!(
            "{}, you are the Informant",
            name_of(names, view.informant())
        ),
        probe: format!(
            "{} probes {probed}. The Joker is at {joker}: the true distance is {distance}.",
            name_of(names, view.current())
        ),
        die: format!(
            "The die shows {}: you may answer any number from {low} to {high}.",
            die(roll)
        ),
        grid_label: format!("The grid: the Joker at {joker}, the probed card at {probed}"),
        cells,
        answers,
    })
}

#[cfg(test)]
mod tests {
    use super::super::game::testing::{answer_lowest, blank, plans, play};
    use super::super::game::{JokerGame, Mode};
    use super::super::words::log_lines;
    use super::*;
    use engine::joker::{Action, Level, SeatKind};
    use engine::Game;

    #[test]
    fn the_public_table_never_names_the_joker() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 11).unwrap();
        game.state.apply(Action::Probe(Cell(0))).unwrap();
        let view = game.table_view();
        assert!(view.joker().is_none() && view.allowed_answers().is_none());
        let joker = game.state.joker();
        let board = Board::of(&game.table_view(), false, false);
        let label = cell_label(&board, joker, false);
        assert!(!label.to_lowercase().contains("joker"), "{label}");
        let look = cell_look(&board, joker, None);
        assert!(look.card.is_none() && !look.class.contains("found"));
        let aided = Board {
            possible: Some(CellSet::EMPTY),
            ..Board::of(&game.table_view(), true, false)
        };
        let pending = cell_label(&aided, Cell(0), true);
        assert!(pending.contains("waiting for the answer"), "{pending}");
        assert!(pending.contains("marked") && pending.contains("ruled out"));
        assert!(log_lines(&game.table_view(), &game.names)
            .last()
            .unwrap()
            .contains("waiting for Ana's answer"));
    }

    /// The banner, the die line and the probed card, from a probe to its
    /// answer.
    #[test]
    fn a_probe_shows_in_the_banner_the_die_line_and_on_its_card() {
        let kinds = [
            SeatKind::Computer(Level::Strong),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Everyone, 3).unwrap();
        assert_eq!(
            turn_text(&game.table_view(), &game.names),
            (
                Seat(1),
                "Round 1 of 3 · Ben's turn: probe or shoot a card.".to_string()
            )
        );
        assert_eq!(probe_text(&game.table_view(), &game.names), None);
        let cell = blank(&game);
        game.state.apply(Action::Probe(cell)).unwrap();
        let Phase::Answer { roll, .. } = game.state.phase() else {
            panic!("no answer pending");
        };
        assert_eq!(
            turn_text(&game.table_view(), &game.names),
            (
                Seat(0),
                "Round 1 of 3 · Ana, the Informant (computer, Strong), is answering.".to_string()
            )
        );
        assert_eq!(
            probe_text(&game.table_view(), &game.names).unwrap(),
            format!(
                "Ben probes {cell}. Die: {}. The Informant may answer within {roll} of the true distance.",
                die(roll)
            )
        );
        let look = cell_look(&Board::of(&game.table_view(), false, false), cell, None);
        assert_eq!(look.class, "card-slot jk-cell pending");
        assert!(look.probes.is_empty() && look.card.is_none());
        let answer = *game.state.allowed_answers().unwrap().end();
        game.state.apply(Action::Answer(answer)).unwrap();
        assert_eq!(
            probe_text(&game.table_view(), &game.names).unwrap(),
            format!(
                "Last probe: Ben at {cell}, die {}, answer {answer}: {}.",
                die(roll),
                answer_meaning(answer, roll)
            )
        );
        let mut notes = CellSet::EMPTY;
        notes.insert(cell);
        let look = cell_look(
            &Board::of(&game.table_view(), true, false),
            cell,
            Some(notes),
        );
        assert_eq!(look.probes, format!("{answer}±{roll}"));
        assert!(look.class.contains(" marked"), "{}", look.class);
        assert!(look
            .label
            .contains(&format!(", probed: answer {answer} with die {roll}")));
    }

    /// A miss locks the shooter out: the tap mode says why, and after
    /// another Vigilante's shot it may shoot again.
    #[test]
    fn a_miss_says_why_shooting_is_not_possible_until_another_shot() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 3).unwrap();
        assert_eq!(why_no_shot(&game.table_view()), None);
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap();
        // The next Vigilante may shoot; the one who missed may not, once it
        // is their turn again (after the other's probe and its answer).
        assert_eq!(why_no_shot(&game.table_view()), None);
        let cell = blank(&game);
        game.state.apply(Action::Probe(cell)).unwrap();
        assert_eq!(
            why_no_shot(&game.table_view()),
            None,
            "the Informant answers: no shot to choose"
        );
        let answer = *game.state.allowed_answers().unwrap().end();
        game.state.apply(Action::Answer(answer)).unwrap();
        assert_eq!(
            why_no_shot(&game.table_view()),
            Some("Not until another Vigilante has shot.")
        );
    }

    /// While a round's end is shown, the grid is the round that ended: the
    /// Joker's card face up where it was shot, the misses and the answers;
    /// after it, the next round's grid, all face down.
    #[test]
    fn a_round_s_end_shows_the_joker_where_it_was_shot() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 3).unwrap();
        let probed = blank(&game);
        game.state.apply(Action::Probe(probed)).unwrap();
        answer_lowest(&mut game);
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap();
        let joker = game.state.joker();
        game.state.apply(Action::Shoot(joker)).unwrap();
        let ended = Board::of(&game.table_view(), true, true);
        let found = cell_look(&ended, joker, None);
        assert_eq!(found.card, Some(engine::joker::JOKER));
        assert!(found.class.ends_with(" found"), "{}", found.class);
        assert!(
            found.label.ends_with(": the Joker, shot dead"),
            "{}",
            found.label
        );
        assert!(cell_look(&ended, miss, None)
            .label
            .ends_with("shot and missed"));
        assert!(!cell_look(&ended, probed, None).probes.is_empty());
        assert_eq!(ended.possible_count(), None, "no aid on a finished round");
        let next = Board::of(&game.table_view(), true, false);
        assert!(Cell::all().all(|c| cell_look(&next, c, None).card.is_none()));
        assert_eq!(next.possible_count(), Some(CELLS));
    }

    #[test]
    fn each_player_shows_kind_role_score_and_state() {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Teams(vec![0, 1, 0, 1]), 7).unwrap();
        let ana = player_look(&game.table_view(), &game.names, Seat(0), false);
        assert_eq!(
            ana.label,
            "Ana, Person, Informant: Team A: 0 points (0 shot by Ana)"
        );
        assert!(ana.informant && !ana.acting);
        let ben = player_look(&game.table_view(), &game.names, Seat(1), false);
        assert_eq!(ben.kind_and_role, "Computer (Simple) · Vigilante");
        assert_eq!(
            ben.label,
            "Ben, Computer (Simple), Vigilante: Team B: 0 points (0 shot by Ben), to play"
        );
        let joker = game.state.joker();
        game.state.apply(Action::Shoot(joker)).unwrap();
        assert_eq!(
            player_look(&game.table_view(), &game.names, Seat(3), false).score,
            "Team B: 1 point (0 shot by Di)"
        );
        assert_eq!(
            player_look(&game.table_view(), &game.names, Seat(1), false).score,
            "Team B: 1 point (1 shot by Ben)"
        );
        let mut solo = JokerGame::new(&plans(&[SeatKind::Person; 2]), &Mode::Everyone, 5).unwrap();
        let miss = blank(&solo);
        solo.state.apply(Action::Shoot(miss)).unwrap();
        assert_eq!(
            turn_text(&solo.table_view(), &solo.names).1,
            "Round 1 of 2 · Ben's turn: probe a card (no shooting this turn)."
        );
        let ben = player_look(&solo.table_view(), &solo.names, Seat(1), false);
        assert!(ben.locked, "{ben:?}");
        assert_eq!(
            ben.label,
            "Ben, Person, Vigilante: 0 points, to play, cannot shoot yet"
        );
        play(&mut solo);
        let winner = Seat::all(2)
            .find(|s| solo.state.winners().contains(s))
            .unwrap();
        let look = player_look(&solo.table_view(), &solo.names, winner, false);
        assert!(look.winner && !look.informant && look.label.ends_with(", winner"));
    }

    /// Issue 47: a solo game showed its par only at the end; its banner
    /// now says which turn of the round this is, and the round's par.
    #[test]
    fn a_solo_game_s_banner_counts_the_round_s_turns_against_par() {
        let kinds = [SeatKind::Computer(Level::Simple), SeatKind::Person];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Solo { rounds: 2 }, 2).unwrap();
        let banner = |g: &JokerGame| turn_text(&g.table_view(), &g.names).1;
        assert_eq!(
            banner(&game),
            "Round 1 of 2 · Ben's turn 1, par 10: probe or shoot."
        );
        game.state.apply(Action::Probe(blank(&game))).unwrap();
        answer_lowest(&mut game);
        assert_eq!(
            banner(&game),
            "Round 1 of 2 · Ben's turn 2, par 10: probe or shoot."
        );
        let joker = game.state.joker();
        game.state.apply(Action::Shoot(joker)).unwrap();
        assert_eq!(
            banner(&game),
            "Round 2 of 2 · Ben's turn 1, par 10: probe or shoot."
        );
        let people = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 2).unwrap();
        assert!(banner(&people).contains("'s turn: "), "no par in a race");
    }

    /// Issue 47: at a solo game's end its computer Informant was listed as
    /// a Vigilante.
    #[test]
    fn a_solo_game_s_informant_is_the_informant_to_the_end() {
        let seats = [SeatKind::Computer(Level::Simple), SeatKind::Person];
        let mut solo = JokerGame::new(&plans(&seats), &Mode::Solo { rounds: 1 }, 3).unwrap();
        play(&mut solo);
        assert!(solo.state.is_over());
        let informant = player_look(&solo.table_view(), &solo.names, Seat(0), false);
        assert_eq!(informant.kind_and_role, "Computer (Simple) · Informant");
        assert!(!informant.informant, "no round's highlight once over");
        let vigilante = player_look(&solo.table_view(), &solo.names, Seat(1), false);
        assert!(vigilante.kind_and_role.ends_with("· Vigilante"));
    }

    /// The Informant's screen shows the Joker, the probed card, and each
    /// answer the die allows with the cells it leaves open.
    #[test]
    fn the_informant_s_screen_shows_the_joker_and_the_answers_allowed() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 11).unwrap();
        assert_eq!(
            informant_desk(&game.informant_view(), &game.names),
            None,
            "no answer waits"
        );
        let cell = blank(&game);
        game.state.apply(Action::Probe(cell)).unwrap();
        let desk = informant_desk(&game.informant_view(), &game.names).unwrap();
        let joker = game.state.joker();
        assert_eq!(desk.title, "Ana, you are the Informant");
        assert!(desk
            .probe
            .starts_with(&format!("Ben probes {cell}. The Joker is at {joker}")));
        let allowed: Vec<u8> = game.state.allowed_answers().unwrap().collect();
        assert_eq!(
            desk.answers.iter().map(|a| a.0).collect::<Vec<_>>(),
            allowed
        );
        let truth = game.state.view(Seat(0)).true_distance().unwrap();
        let left = |answer: u8| desk.answers.iter().find(|a| a.0 == answer).unwrap().1;
        assert!(left(truth) >= 1, "the true answer leaves the Joker's cell");
        assert!(desk.die.ends_with(&format!(
            "you may answer any number from {} to {}.",
            allowed[0],
            allowed[allowed.len() - 1]
        )));
        assert_eq!(desk.cells[joker.index()], ("jk-mini-cell joker", "★"));
        assert_eq!(desk.cells[cell.index()], ("jk-mini-cell probed", "?"));
        assert_eq!(desk.cells.iter().filter(|c| c.1.is_empty()).count(), 23);
    }
}
