//! What happened at the Joker table, in words: the log worded from the
//! engine's events alone ([`event_line`]), a round's end and the game's.
//! No components: tested natively.

use super::game::RoundEnd;
use super::solo::{against_par, par_per_round, signed, turns_in_round, SoloScore};
use crate::seats::{joined, name_of};
use engine::joker::{Event, Seat, SeatView, MAX_DISTANCE};

pub(super) fn team_name(team: u8) -> &'static str {
    if team == 0 {
        "Team A"
    } else {
        "Team B"
    }
}

/// "1 point", "3 points".
pub(super) fn points(n: u32) -> String {
    counted(n, "point")
}

/// "1 turn", "7 turns".
fn turns(n: u32) -> String {
    counted(n, "turn")
}

/// `n` of `thing`, made plural by an s: "1 round", "3 rounds".
fn counted(n: u32, thing: &str) -> String {
    crate::words::count(n as usize, thing, &format!("{thing}s"))
}

/// A die's face: "⚂ 3".
pub fn die(roll: u8) -> String {
    let face = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]
        .get(usize::from(roll).wrapping_sub(1))
        .copied()
        .unwrap_or("");
    format!("{face} {roll}")
}

/// What a probe's answer says in public: the distances it allows (none
/// is longer than corner to corner).
pub(super) fn answer_meaning(answer: u8, roll: u8) -> String {
    let low = answer.saturating_sub(roll).min(MAX_DISTANCE);
    let high = answer.saturating_add(roll).min(MAX_DISTANCE);
    format!("the Joker is {low} to {high} steps from it")
}

/// Who scores a hit by `seat`: the seat, or its team.
fn scorer(view: &SeatView, names: &[String], seat: Seat) -> String {
    match view.team_of(seat) {
        Some(team) => team_name(team).to_string(),
        None => name_of(names, seat),
    }
}

/// What one event says, as a line of the log: from the event alone, with
/// the names and the game's setup (who informs each round, the teams, how
/// many players) read from any seat's view.
pub fn event_line(view: &SeatView, names: &[String], event: &Event) -> String {
    let who = |seat: Seat| name_of(names, seat);
    let informant = |round: u8| who(view.informant_of(usize::from(round)));
    match event {
        &Event::Asked {
            round,
            seat,
            cell,
            roll,
        } => format!(
            "{} probes {cell}; die {roll}; waiting for {}'s answer.",
            who(seat),
            informant(round)
        ),
        &Event::Probe {
            round,
            seat,
            cell,
            roll,
            answer,
        } => format!(
            "{} probes {cell}; die {roll}; {} answers {answer} ({}).",
            who(seat),
            informant(round),
            answer_meaning(answer, roll)
        ),
        &Event::Shot {
            seat, cell, card, ..
        } if card.is_joker() => format!(
            "{} shoots {cell}: the Joker! {} scores.",
            who(seat),
            scorer(view, names, seat)
        ),
        &Event::Shot {
            seat, cell, card, ..
        } => format!(
            "{0} shoots {cell}: the {1}, a miss. {0} cannot shoot {2}.",
            who(seat),
            card.name(),
            if view.players() == 2 {
                "on the next turn"
            } else {
                "until another Vigilante has shot"
            }
        ),
        &Event::NextRound { round, informant } => format!(
            "Round {}: {} is the Informant.",
            u32::from(round) + 1,
            who(informant)
        ),
        Event::GameOver { winners, score } => result_line(view, names, winners, *score),
    }
}

/// What `events` (those of one action, say) say, line by line.
pub fn what_happened(view: &SeatView, names: &[String], events: &[Event]) -> Vec<String> {
    events.iter().map(|e| event_line(view, names, e)).collect()
}

/// The public log of the game, as lines: the first round's Informant, then
/// every event of the game so far (each probe with its roll and answer,
/// every shot, each next round, the probe waiting for its answer and the
/// result), worded by [`event_line`] from the view's history of events.
pub fn log_lines(view: &SeatView, names: &[String]) -> Vec<String> {
    let mut lines = vec![format!(
        "Round 1: {} is the Informant.",
        name_of(names, view.informant_of(0))
    )];
    lines.extend(what_happened(view, names, &view.history()));
    lines
}

/// "Ana wins with 2 points." / "Team A wins with 3 points." / "Ana and Ben
/// share the win with 1 point." Alone against the computer Informant:
/// "Ana found the 3 Jokers in 25 turns, 5 under par: a win."
fn result_line(view: &SeatView, names: &[String], winners: &[Seat], score: u32) -> String {
    if let Some(solo) = SoloScore::of(view) {
        let who = view.vigilantes().next().map(|s| name_of(names, s));
        let jokers = match solo.jokers {
            1 => "the Joker".to_string(),
            n => format!("the {n} Jokers"),
        };
        let outcome = if solo.won() { "a win" } else { "par wins" };
        return format!(
            "{} found {jokers} in {}, {}: {outcome}.",
            who.unwrap_or_default(),
            turns(solo.turns),
            against_par(solo.score())
        );
    }
    if winners.is_empty() {
        return "The game is over.".to_string();
    }
    let mut who: Vec<String> = match view.teams() {
        Some(_) => winners
            .iter()
            .filter_map(|&s| view.team_of(s))
            .map(|t| team_name(t).to_string())
            .collect(),
        None => winners.iter().map(|&s| name_of(names, s)).collect(),
    };
    who.dedup();
    let verb = if who.len() == 1 {
        "wins"
    } else {
        "share the win"
    };
    format!("{} {verb} with {}.", joined(&who), points(score))
}

/// The end dialog's title: the result as the game's last event says it.
pub fn end_title(view: &SeatView, names: &[String]) -> String {
    view.history()
        .last()
        .filter(|e| matches!(e, Event::GameOver { .. }))
        .map_or_else(
            || "The game is over.".to_string(),
            |end| event_line(view, names, end),
        )
}

/// "Jokers shot: Ana: 2, Ben: 1."
pub fn jokers_shot(view: &SeatView, names: &[String]) -> String {
    let scores: Vec<String> = Seat::all(view.players())
        .map(|s| format!("{}: {}", name_of(names, s), view.points(s)))
        .collect();
    format!("Jokers shot: {}.", scores.join(", "))
}

/// The end dialog's detail of a solo game played alone: "Score +5: par 30
/// (10 turns a round against the Simple Informant), 25 turns. Best of 3
/// rounds: +7."
pub fn solo_detail(solo: SoloScore, rounds: u32, best: Option<i32>) -> String {
    let best = best.map_or_else(String::new, |best| {
        format!(" Best of {}: {}.", counted(rounds, "round"), signed(best))
    });
    format!(
        "Score {}: par {} ({} a round against the {} Informant), {}.{best}",
        signed(solo.score()),
        solo.par,
        turns(par_per_round(solo.level)),
        solo.level.name(),
        turns(solo.turns)
    )
}

/// What the round-over dialog says about `events` when they end a round
/// (a hit, then the next round): who shot the Joker, who scores, the
/// round that begins and its Informant; alone against par, the round's
/// turns and the game's score so far. `None` for any other events (the
/// game's last hit included: the end dialog says that).
pub fn round_over_text(view: &SeatView, names: &[String], events: &[Event]) -> Option<String> {
    let end = RoundEnd::from_events(events)?;
    let par = SoloScore::of(view).map_or_else(String::new, |solo| {
        format!(
            " That round took {}, par {}: {} so far.",
            turns(turns_in_round(
                view,
                usize::from(end.round.saturating_sub(1))
            )),
            par_per_round(solo.level),
            against_par(solo.score())
        )
    });
    Some(format!(
        "{} shot the Joker at {}: {} scores. Round {} of {}: {} is the Informant.{par}",
        name_of(names, end.shooter),
        end.cell,
        scorer(view, names, end.shooter),
        u32::from(end.round) + 1,
        view.rounds(),
        name_of(names, end.informant)
    ))
}

/// What the round-over dialog says, while a new round has had no action
/// yet after a hit ended the last one (so also after a reload): the
/// engine keeps that round's end ([`SeatView::round_end`]).
pub fn round_over_note(view: &SeatView, names: &[String]) -> Option<String> {
    let events = view.round_end()?;
    round_over_text(view, names, &events)
}

#[cfg(test)]
mod tests {
    use super::super::game::testing::{answer_lowest, blank, bot_action, plans, play};
    use super::super::game::{JokerGame, Mode};
    use super::*;
    use engine::joker::{Action, Cell, Level, Phase, SeatKind, CELLS};
    use engine::Game;

    fn people(n: usize) -> JokerGame {
        JokerGame::new(&plans(&vec![SeatKind::Person; n]), &Mode::Everyone, 5).unwrap()
    }

    #[test]
    fn the_log_tells_each_round_probe_shot_and_the_result() {
        let mut game = people(3);
        assert_eq!(
            log_lines(&game.table_view(), &game.names),
            ["Round 1: Ana is the Informant."]
        );
        play(&mut game);
        let log = log_lines(&game.table_view(), &game.names).join("\n");
        for round in 1..=3 {
            assert!(log.contains(&format!("Round {round}: ")), "{log}");
        }
        assert!(log.contains("Ben is the Informant") && log.contains("Cy is the Informant"));
        assert_eq!(log.matches("the Joker!").count(), 3, "{log}");
        assert!(log.contains(" answers "), "{log}");
        assert!(log.contains("with ") && log.contains(" point"), "{log}");
        assert_eq!(game.validate(), Ok(()));
    }

    #[test]
    fn a_solo_game_has_one_informant_and_the_vigilante_wins() {
        let solo = [SeatKind::Computer(Level::Strong), SeatKind::Person];
        let mut game = JokerGame::new(&plans(&solo), &Mode::Solo { rounds: 3 }, 2).unwrap();
        play(&mut game);
        let log = log_lines(&game.table_view(), &game.names).join("\n");
        assert_eq!(log.matches("Ana is the Informant").count(), 3, "{log}");
        let solo = game.solo_score().unwrap();
        let result = format!(
            "Ben found the 3 Jokers in {} turns, {}: {}.",
            solo.turns,
            super::against_par(solo.score()),
            if solo.won() { "a win" } else { "par wins" }
        );
        assert!(log.ends_with(&result), "{log}");
        assert_eq!(end_title(&game.table_view(), &game.names), result);
        assert_eq!(
            jokers_shot(&game.table_view(), &game.names),
            "Jokers shot: Ana: 0, Ben: 3."
        );
        assert_eq!(
            solo_detail(solo, 3, Some(4)),
            format!(
                "Score {}: par 42 (14 turns a round against the Strong Informant), {} turns. Best of 3 rounds: +4.",
                signed(solo.score()),
                solo.turns
            )
        );
    }

    /// Alone against the computer Informant, a round's end tells its turns
    /// against par; with rivals, it does not.
    #[test]
    fn a_round_s_end_alone_tells_its_turns_against_par() {
        let alone = [SeatKind::Computer(Level::Simple), SeatKind::Person];
        let mut game = JokerGame::new(&plans(&alone), &Mode::Solo { rounds: 2 }, 3).unwrap();
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap();
        game.state.apply(Action::Probe(blank(&game))).unwrap();
        answer_lowest(&mut game);
        let joker = game.state.joker();
        let events = game.state.apply(Action::Shoot(joker)).unwrap();
        let note = round_over_text(&game.table_view(), &game.names, &events).unwrap();
        assert!(
            note.ends_with("Round 2 of 2: Ana is the Informant. That round took 3 turns, par 10: 7 under par so far."),
            "{note}"
        );
        let rivals = [
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Person,
        ];
        let mut game = JokerGame::new(&plans(&rivals), &Mode::Solo { rounds: 2 }, 3).unwrap();
        let joker = game.state.joker();
        let events = game.state.apply(Action::Shoot(joker)).unwrap();
        let note = round_over_text(&game.table_view(), &game.names, &events).unwrap();
        assert!(note.ends_with("Ana is the Informant."), "{note}");
    }

    #[test]
    fn the_round_over_dialog_shows_until_the_next_round_s_first_action_and_only_once() {
        let mut game = people(3);
        assert_eq!(
            round_over_note(&game.table_view(), &game.names),
            None,
            "no round has ended"
        );
        let mut steps = 0;
        while game.state.round() == 0 {
            game.state.apply(bot_action(&game)).unwrap();
            assert_eq!(
                round_over_note(&game.table_view(), &game.names).is_some(),
                game.state.round() == 1
            );
            steps += 1;
            assert!(steps < 100_000);
        }
        // The round's end is shown, also to a reloaded page.
        let note =
            round_over_note(&game.table_view(), &game.names).expect("the round's end is shown");
        assert!(
            note.contains("shot the Joker") && note.contains("Round 2 of 3"),
            "{note}"
        );
        // The next round's first probe logs nothing until answered: it is
        // not another hit, and the dialog is over.
        let joker = game.state.joker();
        let cell = (0..CELLS as u8).map(Cell).find(|&c| c != joker).unwrap();
        game.state.apply(Action::Probe(cell)).unwrap();
        assert!(game.state.log().last().unwrap().is_hit());
        assert_eq!(round_over_note(&game.table_view(), &game.names), None);
    }

    /// Applies `action`; returns what its events say.
    fn said(game: &mut JokerGame, action: Action) -> Vec<String> {
        let events = game.state.apply(action).unwrap();
        what_happened(&game.table_view(), &game.names, &events)
    }

    #[test]
    fn every_event_kind_has_its_line() {
        let mut game = people(3);
        let cell = blank(&game);
        let asked = said(&mut game, Action::Probe(cell));
        let Phase::Answer { roll, .. } = game.state.phase() else {
            panic!("no answer pending");
        };
        assert_eq!(
            asked,
            [format!(
                "Ben probes {cell}; die {roll}; waiting for Ana's answer."
            )]
        );
        let answer = *game.state.allowed_answers().unwrap().start();
        assert_eq!(
            said(&mut game, Action::Answer(answer)),
            [format!(
                "Ben probes {cell}; die {roll}; Ana answers {answer} ({}).",
                answer_meaning(answer, roll)
            )]
        );
        let miss = blank(&game);
        let missed = said(&mut game, Action::Shoot(miss));
        let card = game.state.card_if_face_up(miss).unwrap();
        assert_eq!(
            missed,
            [format!(
                "Cy shoots {miss}: the {}, a miss. Cy cannot shoot until another Vigilante has shot.",
                card.name()
            )]
        );
        let joker = game.state.joker();
        assert_eq!(
            said(&mut game, Action::Shoot(joker)),
            [
                format!("Ben shoots {joker}: the Joker! Ben scores."),
                "Round 2: Ben is the Informant.".to_string()
            ]
        );
        let joker = game.state.joker();
        said(&mut game, Action::Shoot(joker)); // Cy scores
        let joker = game.state.joker();
        assert_eq!(
            said(&mut game, Action::Shoot(joker)),
            [
                format!("Ana shoots {joker}: the Joker! Ana scores."),
                "Ana, Ben and Cy share the win with 1 point.".to_string()
            ]
        );
    }

    /// The log is the lines of the events every action returned (an answer
    /// standing for its probe's line), whatever the mode: nothing else is
    /// read to write it.
    #[test]
    fn the_log_is_the_lines_of_the_events_every_action_returned() {
        let kinds = [SeatKind::Person; 4];
        for mode in [
            Mode::Everyone,
            Mode::Teams(vec![0, 1, 1, 0]),
            Mode::Solo { rounds: 2 },
        ] {
            let mut game = JokerGame::new(&plans(&kinds), &mode, 9).unwrap();
            let mut lines = log_lines(&game.table_view(), &game.names);
            while !game.state.is_over() {
                let action = bot_action(&game);
                if matches!(action, Action::Answer(_)) {
                    lines.pop(); // the probe's line while it waited
                }
                lines.extend(said(&mut game, action));
                assert_eq!(log_lines(&game.table_view(), &game.names), lines);
            }
            assert!(lines.last().unwrap().contains(" with "), "{lines:?}");
        }
    }

    /// The round-over dialog says the same from the hit's events (as the
    /// action is played) and from the state (after a reload).
    #[test]
    fn a_round_s_end_is_worded_from_its_events_and_the_same_after_a_reload() {
        let people = [SeatKind::Person; 3];
        let mut game = JokerGame::new(&plans(&people), &Mode::Teams(vec![0, 1, 1]), 4).unwrap();
        let cell = blank(&game);
        let events = game.state.apply(Action::Probe(cell)).unwrap();
        assert_eq!(
            round_over_text(&game.table_view(), &game.names, &events),
            None
        );
        let answer = *game.state.allowed_answers().unwrap().start();
        game.state.apply(Action::Answer(answer)).unwrap(); // Ben's probe
        let joker = game.state.joker();
        let events = game.state.apply(Action::Shoot(joker)).unwrap();
        let note = round_over_text(&game.table_view(), &game.names, &events);
        assert_eq!(
            note.as_deref(),
            Some(format!(
                "Cy shot the Joker at {joker}: Team B scores. Round 2 of 3: Ben is the Informant."
            ))
            .as_deref()
        );
        let text = crate::codec::to_string(&game).unwrap();
        let reloaded: JokerGame = crate::codec::from_str(&text).unwrap();
        assert_eq!(
            round_over_note(&reloaded.table_view(), &reloaded.names),
            note
        );
    }

    /// A shot the rules refuse is refused before its question, in the
    /// engine's words.
    #[test]
    fn a_refused_shot_is_worded_by_the_engine() {
        let mut game = JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 6).unwrap();
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap(); // Ben misses
        let refusal = game.state.check(&Action::Shoot(miss)).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            format!("The card at {miss} is face up: only face-down cards can be probed or shot.")
        );
        // Cy probes; Ben's turn again.
        let cell = blank(&game);
        game.state.apply(Action::Probe(cell)).unwrap();
        answer_lowest(&mut game);
        assert_eq!(game.state.current(), Seat(1));
        let refusal = game.state.check(&Action::Shoot(blank(&game))).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "You missed and cannot shoot until another Vigilante has shot: probe instead."
        );
    }

    #[test]
    fn one_turn_is_said_in_the_singular() {
        assert_eq!(turns(1), "1 turn");
        assert_eq!(counted(1, "round"), "1 round");
        assert_eq!(points(0), "0 points");
        let kinds = [SeatKind::Computer(Level::Simple), SeatKind::Person];
        let mut game = JokerGame::new(&plans(&kinds), &Mode::Solo { rounds: 1 }, 2).unwrap();
        let joker = game.state.joker();
        game.state.apply(Action::Shoot(joker)).unwrap();
        assert_eq!(
            end_title(&game.table_view(), &game.names),
            "Ben found the Joker in 1 turn, 9 under par: a win."
        );
        assert_eq!(
            solo_detail(game.solo_score().unwrap(), 1, Some(9)),
            "Score +9: par 10 (10 turns a round against the Simple Informant), 1 turn. Best of 1 round: +9."
        );
    }

    #[test]
    fn a_die_shows_its_face_and_number() {
        assert_eq!(die(1), "⚀ 1");
        assert_eq!(die(6), "⚅ 6");
    }
}
