//! Joker's rules, a test per clause of `rules/joker.md` and per ruling of
//! the Joker section of `RULINGS.md`; names say which.

use super::*;

#[test]
fn setup_grid_is_25_distinct_cards_with_one_joker() {
    let state = State::with_players(3, 1).unwrap();
    assert_eq!(state.validate(), Ok(()));
    assert_eq!(
        state.all_pieces().iter().filter(|c| c.is_joker()).count(),
        1
    );
}
