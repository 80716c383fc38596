//! The score of a solo game played alone: one Vigilante against the
//! computer Informant, who always finds every Joker in the end, so what
//! tells a good game from a bad one is how many turns it took.
//!
//! Each round has a par of turns (probes and shots, the killing shot
//! included), set by the Informant's level from the computer Vigilantes'
//! play over 750 rounds: against the Simple Informant the Strong Vigilante
//! takes 7.9 turns on average and the Simple one 11.1, so par is 10;
//! against the Strong Informant they take 10.9 and 22.5, so par is 14.
//! Careful play beats par; probing at random does not. The score is par
//! less the turns taken, over the whole game: at or above 0 the game is
//! won, below it par wins. With rival Vigilantes the game is a race for
//! the Jokers instead, and has no par. Pure, tested natively.

use engine::joker::{Event, Level, SeatView};

/// The turns a round should take against an Informant of `level`.
pub fn par_per_round(level: Level) -> u32 {
    match level {
        Level::Simple => 10,
        Level::Strong => 14,
    }
}

/// A solo game's rounds played to their end so far, against par.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloScore {
    /// The rounds ended (a Joker shot each).
    pub jokers: u32,
    /// The turns those rounds took.
    pub turns: u32,
    /// Their par.
    pub par: u32,
    /// The Informant's level, which sets the par of a round.
    pub level: Level,
}

impl SoloScore {
    /// The rounds of a solo game played alone that have ended, against par;
    /// `None` for any other game.
    pub fn of(view: &SeatView) -> Option<SoloScore> {
        if !view.is_solo() || view.players() != 2 {
            return None;
        }
        let level = view.seat_kind(view.informant_of(0))?.level()?;
        let jokers = view.log().iter().filter(|e| e.is_hit()).count() as u32;
        let turns = view
            .log()
            .iter()
            .filter(|e| e.round().is_some_and(|r| u32::from(r) < jokers))
            .count() as u32;
        Some(SoloScore {
            jokers,
            turns,
            par: jokers * par_per_round(level),
            level,
        })
    }

    /// Par less the turns taken: above 0, under par.
    pub fn score(self) -> i32 {
        self.par as i32 - self.turns as i32
    }

    /// Whether the game, once over, is won: at par or under.
    pub fn won(self) -> bool {
        self.score() >= 0
    }
}

/// The turns round `round` took (or has taken so far).
pub fn turns_in_round(view: &SeatView, round: usize) -> u32 {
    view.log()
        .iter()
        .filter(|e| matches!(e, Event::Probe { .. } | Event::Shot { .. }))
        .filter(|e| e.round().map(usize::from) == Some(round))
        .count() as u32
}

/// A score as it is read: "+5", "0", "−3".
pub fn signed(score: i32) -> String {
    match score {
        1.. => format!("+{score}"),
        0 => "0".to_string(),
        _ => format!("−{}", score.unsigned_abs()),
    }
}

/// How a score stands against par: "5 under par", "level with par", "3
/// over par".
pub fn against_par(score: i32) -> String {
    match score {
        1.. => format!("{score} under par"),
        0 => "level with par".to_string(),
        _ => format!("{} over par", score.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::testing::{answer_lowest, blank, plans};
    use super::super::game::{JokerGame, Mode};
    use super::*;
    use engine::joker::{Action, SeatKind};
    use engine::Game;

    fn alone(level: Level, rounds: u8) -> JokerGame {
        let kinds = [SeatKind::Computer(level), SeatKind::Person];
        JokerGame::new(&plans(&kinds), &Mode::Solo { rounds }, 7).unwrap()
    }

    /// Ben probes `probes` times (the Informant answering the truth's
    /// lowest), then shoots the Joker.
    fn round_in(game: &mut JokerGame, probes: usize) {
        for _ in 0..probes {
            game.state.apply(Action::Probe(blank(game))).unwrap();
            answer_lowest(game);
        }
        let joker = game.state.joker();
        game.state.apply(Action::Shoot(joker)).unwrap();
    }

    #[test]
    fn the_score_is_par_less_the_turns_of_the_rounds_ended() {
        let mut game = alone(Level::Simple, 3);
        let score = |g: &JokerGame| SoloScore::of(&g.table_view()).unwrap();
        assert_eq!(score(&game).score(), 0, "nothing played yet");
        round_in(&mut game, 3); // 4 turns: 6 under par
        assert_eq!(turns_in_round(&game.table_view(), 0), 4);
        game.state.apply(Action::Probe(blank(&game))).unwrap();
        answer_lowest(&mut game);
        let so_far = score(&game);
        assert_eq!(
            (so_far.jokers, so_far.turns, so_far.par),
            (1, 4, 10),
            "a round under way does not count yet"
        );
        let miss = blank(&game);
        game.state.apply(Action::Shoot(miss)).unwrap();
        round_in(&mut game, 13); // 1 + 1 + 13 + 1 = 16 turns: 6 over par
        round_in(&mut game, 9); // 10 turns: level
        let end = score(&game);
        assert!(game.state.is_over());
        assert_eq!((end.jokers, end.turns, end.par), (3, 30, 30));
        assert_eq!(end.score(), 0);
        assert!(end.won(), "level with par wins");
    }

    #[test]
    fn the_strong_informant_s_par_is_longer_and_a_slow_game_is_lost() {
        let mut game = alone(Level::Strong, 1);
        round_in(&mut game, 15);
        let end = SoloScore::of(&game.table_view()).unwrap();
        assert_eq!((end.turns, end.par, end.score()), (16, 14, -2));
        assert!(!end.won());
    }

    #[test]
    fn only_a_solo_game_played_alone_has_a_score() {
        let rivals = [
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
            SeatKind::Computer(Level::Strong),
        ];
        let game = JokerGame::new(&plans(&rivals), &Mode::Solo { rounds: 1 }, 1).unwrap();
        assert_eq!(SoloScore::of(&game.table_view()), None);
        let two = [SeatKind::Person, SeatKind::Person];
        let game = JokerGame::new(&plans(&two), &Mode::Everyone, 1).unwrap();
        assert_eq!(SoloScore::of(&game.table_view()), None);
    }

    #[test]
    fn scores_read_with_their_sign_and_against_par() {
        assert_eq!(signed(5), "+5");
        assert_eq!(signed(0), "0");
        assert_eq!(signed(-3), "−3");
        assert_eq!(against_par(5), "5 under par");
        assert_eq!(against_par(0), "level with par");
        assert_eq!(against_par(-3), "3 over par");
    }
}
