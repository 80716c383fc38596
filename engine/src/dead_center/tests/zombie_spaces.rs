//! The zombie spaces: where they are, which piles they are next to, and the support piles.

use super::*;

// Ruling "Zombie spaces": 3 above the cabin (one per column), 3 below, 3 left
// (one per row), 3 right, each next to the cabin pile beside it.
#[test]
fn ruling_zombie_spaces_three_above_below_left_right() {
    // (side, index, adjacent pile) for spaces 0..12; piles are row * 3 + col.
    let expected = [
        (Side::Above, 0, 0),
        (Side::Above, 1, 1),
        (Side::Above, 2, 2),
        (Side::Below, 0, 6),
        (Side::Below, 1, 7),
        (Side::Below, 2, 8),
        (Side::Left, 0, 0),
        (Side::Left, 1, 3),
        (Side::Left, 2, 6),
        (Side::Right, 0, 2),
        (Side::Right, 1, 5),
        (Side::Right, 2, 8),
    ];
    for (space, (side, index, pile)) in expected.into_iter().enumerate() {
        let sp = Space::of(space);
        assert_eq!((sp.side, sp.index), (side, index), "space {space}");
        assert_eq!(sp.adjacent_pile(), pile, "space {space}");
    }
}

// Rule "Kill a Zombie": "The four corners of the 9x9 grid have two adjacent
// zombies each, the edges have one, and the center has none."
#[test]
fn rule_corners_have_two_adjacent_zombies_edges_one_centre_none() {
    let counts: Vec<usize> = (0..PILES).map(|p| spaces_next_to(p).count()).collect();
    assert_eq!(counts, [2, 1, 2, 1, 0, 1, 2, 1, 2]);
    assert_eq!(spaces_next_to(0).collect::<Vec<_>>(), [0, 6]);
    assert_eq!(spaces_next_to(8).collect::<Vec<_>>(), [5, 11]);
    assert_eq!(spaces_next_to(4).count(), 0);
    assert_eq!(spaces_next_to(PILES).count(), 0);
}

// The tables used on the hot paths agree with the layout of the spaces.
#[test]
fn spaces_next_to_matches_the_space_layout() {
    for pile in 0..PILES {
        let expected: Vec<usize> = (0..SPACES)
            .filter(|&s| Space::of(s).adjacent_pile() == pile)
            .collect();
        assert_eq!(spaces_next_to(pile).collect::<Vec<_>>(), expected);
    }
    for space in 0..SPACES {
        assert_eq!(ADJACENT_PILE[space], Space::of(space).adjacent_pile());
        assert_eq!(SUPPORT_PILES[space], Space::of(space).support_piles());
    }
}

// Ruling "Attack": the line is the row (left/right zombies) or column
// (top/bottom zombies) through the pile; the supports are the other two
// piles of that line.
#[test]
fn ruling_support_piles_are_the_other_two_of_the_row_or_column() {
    let expected: [[usize; 2]; SPACES] = [
        [3, 6],
        [4, 7],
        [5, 8],
        [0, 3],
        [1, 4],
        [2, 5],
        [1, 2],
        [4, 5],
        [7, 8],
        [0, 1],
        [3, 4],
        [6, 7],
    ];
    for (space, supports) in expected.into_iter().enumerate() {
        let sp = Space::of(space);
        let mut got = sp.support_piles();
        got.sort();
        assert_eq!(got, supports, "space {space}");
        let mut line = vec![sp.adjacent_pile(), got[0], got[1]];
        line.sort();
        assert_eq!(line, sp.line().to_vec(), "space {space}");
    }
}

// Rule "Play a card": "Cards you play on a pile become the new top card of
// that pile" — so the supports are the top cards of the support piles.
#[test]
fn rule_supports_are_the_top_cards_of_their_piles() {
    let mut state = corner_attack();
    state.cabin[3] = vec![c(9), c(4)];
    state.cabin[6] = vec![c(10), c(6)];
    assert_eq!(state.supports(0), [c(4), c(6)]);
    assert_eq!(state.supports(6), [d(1), h(1)]);
}
