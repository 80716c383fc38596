//! The recorded winning line that the browser test plays through the UI must
//! stay a legal, winning line of the engine.

use engine::dead_center::{Action, State, Status, Variant};
use engine::Game;

#[derive(serde::Deserialize)]
struct Line {
    seed: u64,
    score: usize,
    actions: Vec<Action>,
}

#[test]
fn recorded_winning_line_for_the_browser_test_wins() {
    let line: Line =
        serde_json::from_str(include_str!("../../e2e/fixtures/dead-center-win.json")).unwrap();
    let mut state = State::new(Variant::Standard, line.seed);
    for (i, action) in line.actions.iter().enumerate() {
        assert!(!state.is_over(), "the game ended before action {i}");
        state
            .apply(*action)
            .unwrap_or_else(|e| panic!("action {i} {action:?} refused: {e}"));
    }
    assert_eq!(state.status(), Status::Won { score: line.score });
}
