//! How hard a deal is for a player who does not see the hidden cards: the
//! share of [`PLAYS`] games that the hints' own rollout policy wins on the
//! deal's real cards when one reveal or placement in [`SLIP_ONE_IN`] is a
//! random legal one instead of its own. The policy never looks at the
//! face-down zombies or the order of the deck (it decides as the player
//! could), so the hidden cards only decide how its choices turn out; the
//! slips stand for the many ways a game can go and give a share rather than
//! one won-or-lost game. A deal that still lets such a careless player win
//! now and then forgives mistakes; one it never does leaves no room:
//! "hard: a careless player who cannot see the hidden cards (one move in
//! three at random) wins 1.1% of games on this deal".
//!
//! With perfect knowledge almost every deal is won (the solver: Standard
//! 100% of 116 deals, Nightmare 99%), so that does not tell deals apart.
//!
//! Measures tried (`cargo run --release -p engine --example dc_difficulty
//! -- compare all 150 20 9000 25`): Spearman rank correlation with the win
//! rate of a player following the hints on the deal, 20 games each with
//! other hint seeds, deals 0..150 of Standard / Hard / Nightmare; the
//! hints at 9,000 simulated turns instead of the app's 36,000 (67% of
//! Standard games won against 69%, 30 deals of 8 games, at a quarter of
//! the time; a budget of 3,000 won only 39%). The hint player's own
//! split-half reliability, 0.75 / 0.82 / 0.87, caps what any measure can
//! reach (at about its square root). Cost per deal natively, median:
//!
//! - the slipping policy, one move in three, 4,000 games (this): 0.66 /
//!   0.67 / 0.70, 30 ms (worst 65 ms); at 1,000 games 0.65 / 0.64 / 0.67,
//!   9 ms, at 250 games 0.54 / 0.58 / 0.58 (too few wins to rank by);
//!   slipping one in four 0.66 / 0.60 / 0.67 and one in two 0.62 / 0.64 /
//!   0.60 (4,000 games); one in five 0.65 / 0.56 / 0.64, one in ten 0.60 /
//!   0.45 / 0.58, one in twenty 0.54 / 0.36 / 0.53 (1,000 games). More
//!   slips rank better up to about one in three: a deal that forgives
//!   random mistakes also forgives the hint player's;
//! - the policy without slips (won or lost, one game): 0.32 / 0.14 / 0.25;
//! - the hint's own first estimate (sampled worlds: only the nine visible
//!   cards of the deal count): 0.03 / 0.09 / 0.10, 11 ms;
//! - a hint player at a small budget: 500 turns, 8 games 0.51 / 0.43 /
//!   0.50, 37 ms; 2,000 turns, 4 games 0.44 / 0.53 / 0.63, 70 ms (worst
//!   120 ms): dearer and noisier;
//! - the exact solver (first 25 deals, within 2 million positions a call):
//!   the best score 0.34 / 0.21 / 0.35 and fewer positions searched 0.14
//!   / 0.37 / -0.13 (0.4–0.6 s a deal, seconds at worst); along the best
//!   line the narrowest share of moves keeping the win or the best score
//!   could be had for only 4 to 8 deals of 25 within 3 s each: far too
//!   dear for a search of deals;
//! - a player picking uniformly among the legal moves (never Undo or Hint)
//!   won none of 2,000 games on any of the 450 deals, nor did the policy
//!   slipping every time: such a player ranks nothing.
//!
//! Levels: a deal is easy from 3.2% of games won, medium from 1.6%, hard
//! from 0.8%, fiendish below, each level halving the one above: the
//! quartiles of 1,000 Standard deals rounded (26%, 26%, 22%, 25% of them).
//! Hard and Nightmare deals are rated on the same scale, so more of them
//! are hard or fiendish (Hard: 16%, 22%, 24%, 38%; Nightmare: 11%, 16%,
//! 21%, 52%). On the 150 compared deals of each variant the hint player
//! won, on average, 78% / 72% / 64% / 41% of the easy / medium / hard /
//! fiendish Standard deals (Hard 81 / 67 / 58 / 39%, Nightmare 72 / 65 /
//! 53 / 35%). Natively a deal takes 27–29 ms (median), 54–80 ms at worst
//! over 1,000 deals of each variant.

use super::hint::RealGame;
use super::{State, Variant};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

pub use crate::difficulty::Level;

/// Games played per deal: enough that a share of 1% is 40 wins.
pub const PLAYS: u32 = 4_000;

/// One reveal or placement in this many is a random legal one.
pub const SLIP_ONE_IN: u32 = 3;

/// The least share of games won for easy, medium and hard, in thousandths.
const FLOORS: [u32; 3] = [32, 16, 8];

/// A deal's difficulty and what it was worked out from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difficulty {
    pub level: Level,
    /// The games won...
    pub wins: u32,
    /// ...of this many.
    pub plays: u32,
}

impl Difficulty {
    /// The share of its games the careless player won, 0.0–1.0. (Not a
    /// field: a float in the worker's answers would bring float parsing
    /// into the page's code.)
    pub fn win_share(&self) -> f32 {
        self.wins as f32 / self.plays.max(1) as f32
    }

    /// The difficulty in a sentence: "hard: a careless player who cannot
    /// see the hidden cards (one move in three at random) wins 1.1% of
    /// games on this deal".
    pub fn sentence(&self) -> String {
        let who = format!(
            "{}: a careless player who cannot see the hidden cards (one move in {} at random)",
            self.level.name(),
            in_words(SLIP_ONE_IN)
        );
        if self.wins == 0 {
            return format!("{who} never wins this deal in {} games", self.plays);
        }
        // Tenths of a percent in integers: float formatting would add to
        // the wasm.
        let plays = u64::from(self.plays.max(1));
        let tenths = (u64::from(self.wins) * 1000 + plays / 2) / plays;
        if tenths == 0 {
            format!("{who} wins under 0.1% of games on this deal")
        } else {
            format!(
                "{who} wins {}.{}% of games on this deal",
                tenths / 10,
                tenths % 10
            )
        }
    }
}

fn in_words(n: u32) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        _ => n.to_string(),
    }
}

/// The level of a deal the careless player won in `wins` of `plays` games.
pub fn level_of(wins: u32, plays: u32) -> Level {
    let thousandths = u64::from(wins) * 1000;
    let reaches = |floor: &u32| thousandths >= u64::from(*floor) * u64::from(plays.max(1));
    match FLOORS.iter().position(reaches) {
        Some(0) => Level::Easy,
        Some(1) => Level::Medium,
        Some(_) => Level::Hard,
        None => Level::Fiendish,
    }
}

/// The difficulty of the deal of `variant` and `seed`: always the same.
pub fn rate(variant: Variant, seed: u64) -> Difficulty {
    let deal = State::new(variant, seed);
    // A fresh deal is at the start of a turn: never `None`.
    rate_position(&deal).unwrap_or(Difficulty {
        level: Level::Fiendish,
        wins: 0,
        plays: 0,
    })
}

/// The difficulty of the game from `state` on, when a turn is to begin (a
/// reveal or a draw due); `None` at another step or when it is over.
pub fn rate_position(state: &State) -> Option<Difficulty> {
    // The games' random numbers come from the deal, not the clock.
    let seed = state.seed() ^ ((state.variant() as u64) << 60) ^ 0xd1ff_1c17;
    let wins = policy_wins(state, PLAYS, 1000 / SLIP_ONE_IN, seed)?;
    Some(Difficulty {
        level: level_of(wins, PLAYS),
        wins,
        plays: PLAYS,
    })
}

/// How many of `plays` games the hints' rollout policy wins on the real
/// cards of `state`, each reveal and placement with probability `slip` in
/// 1,000 a random legal one instead; `None` unless a turn is to begin.
/// The same arguments give the same count. [`rate`] with other numbers:
/// the example `dc_difficulty` compares them.
pub fn policy_wins(state: &State, plays: u32, slip: u32, seed: u64) -> Option<u32> {
    let game = RealGame::of(state)?;
    let mut rng = Pcg32::seed_from_u64(seed);
    Some((0..plays).filter(|_| game.play(slip, &mut rng)).count() as u32)
}

/// [`policy_wins`] as a share of `plays`.
pub fn policy_share(state: &State, plays: u32, slip: u32, seed: u64) -> Option<f32> {
    let wins = policy_wins(state, plays, slip, seed)?;
    Some(wins as f32 / plays.max(1) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dead_center::hint::suggest_with;
    use crate::dead_center::{Action, Status};
    use crate::game::Game;
    use rand::RngCore;

    #[test]
    fn issue_28_difficulty_is_deterministic_and_saved_whole() {
        for variant in Variant::ALL {
            for seed in [0u64, 7, 28] {
                let d = rate(variant, seed);
                assert_eq!(rate(variant, seed), d);
                assert_eq!(d.plays, PLAYS);
                assert_eq!(d.win_share(), d.wins as f32 / PLAYS as f32);
                let json = serde_json::to_string(&d).unwrap();
                assert_eq!(serde_json::from_str::<Difficulty>(&json).unwrap(), d);
            }
        }
        // Deals differ: the measure reads the deal, not only its variant.
        let shares: std::collections::HashSet<u32> = (0..8)
            .map(|seed| rate(Variant::Standard, seed).wins)
            .collect();
        assert!(shares.len() > 4, "{shares:?}");
    }

    #[test]
    fn issue_28_difficulty_levels_follow_the_share_of_wins() {
        assert_eq!(level_of(128, 4000), Level::Easy);
        assert_eq!(level_of(127, 4000), Level::Medium);
        assert_eq!(level_of(64, 4000), Level::Medium);
        assert_eq!(level_of(63, 4000), Level::Hard);
        assert_eq!(level_of(32, 4000), Level::Hard);
        assert_eq!(level_of(31, 4000), Level::Fiendish);
        assert_eq!(level_of(0, 4000), Level::Fiendish);
        assert_eq!(level_of(0, 0), Level::Fiendish);
        // On real deals: more wins never means a harder level.
        let mut rated: Vec<Difficulty> = (0..24).map(|s| rate(Variant::Standard, s)).collect();
        rated.sort_by_key(|d| d.wins);
        assert!(rated.windows(2).all(|w| w[0].level >= w[1].level));
        let d = Difficulty {
            level: Level::Hard,
            wins: 44,
            plays: 4000,
        };
        assert_eq!(
            d.sentence(),
            "hard: a careless player who cannot see the hidden cards (one move in three at random) wins 1.1% of games on this deal"
        );
        let none = Difficulty { wins: 0, ..d };
        assert!(none
            .sentence()
            .ends_with("never wins this deal in 4000 games"));
        let few = Difficulty { wins: 1, ..d };
        assert!(few
            .sentence()
            .ends_with("wins under 0.1% of games on this deal"));
    }

    /// Cheap enough for the app to try several deals in a search: the
    /// native release build takes about 30 ms a deal (the example's
    /// `levels`); this allows for a debug build and a busy machine.
    #[test]
    fn issue_28_difficulty_cost() {
        let start = std::time::Instant::now();
        for seed in 0..5 {
            rate(Variant::Nightmare, seed);
        }
        let each = start.elapsed() / 5;
        assert!(each < std::time::Duration::from_millis(400), "{each:?}");
        // Mid-game, when a turn is to begin, and not at another step.
        let mut state = State::new(Variant::Standard, 3);
        state.apply(Action::Reveal(0)).unwrap();
        assert_eq!(rate_position(&state), None);
    }

    /// Games following the hints (a small budget, other seeds each game).
    fn hint_wins(variant: Variant, seed: u64, games: u64) -> u32 {
        let mut wins = 0;
        for game in 0..games {
            let mut state = State::new(variant, seed);
            let mut rng = Pcg32::seed_from_u64(game);
            while !state.is_over() {
                let hint = suggest_with(&state, rng.next_u64(), 4_000).unwrap();
                state.apply(hint.action).unwrap();
            }
            wins += u32::from(matches!(state.status(), Status::Won { .. }));
        }
        wins
    }

    /// What the measure is for: among the first Standard deals, those it
    /// calls easy are won more often by a player following the hints than
    /// those it calls fiendish.
    #[test]
    fn issue_28_difficulty_easy_deals_are_won_more_by_the_hint_player() {
        let pick = |level: Level| -> Vec<u64> {
            (0..40)
                .filter(|&s| rate(Variant::Standard, s).level == level)
                .take(3)
                .collect()
        };
        let (easy, fiendish) = (pick(Level::Easy), pick(Level::Fiendish));
        assert_eq!((easy.len(), fiendish.len()), (3, 3));
        let wins = |deals: &[u64]| -> u32 {
            deals
                .iter()
                .map(|&s| hint_wins(Variant::Standard, s, 4))
                .sum()
        };
        let (e, f) = (wins(&easy), wins(&fiendish));
        assert!(
            e > f,
            "easy {easy:?} won {e} of 12, fiendish {fiendish:?} {f}"
        );
    }
}
