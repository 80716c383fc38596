//! Setup: the deal (ruling "Setup") and the card table's pips.

use super::*;

// Ruling "Setup": shuffle 18, deal 10 face up (active) in a row; the other 8
// are the die deck. The same seed deals the same game.
#[test]
fn ruling_setup_deals_ten_active_and_eight_die_cards() {
    let state = State::new(42);
    assert_eq!(state.row().len(), 10);
    assert!(state.row().iter().all(|s| s.active));
    assert_eq!(state.die_deck_len(), 8);
    assert!(state.die_discard().is_empty() && state.dead().is_empty());
    let mut all = state.all_pieces();
    all.sort();
    assert_eq!(all, Killer::ALL);
    assert_eq!(State::new(42), state);
    assert_ne!(State::new(43).row(), state.row());
    assert_eq!(state.status(), Status::Playing(Phase::Activate));
    assert!(state.validate().is_ok());
}

// The card table: pips 0×2, 1×3, 2×4, 3×4, 4×3, 5×2, in Killer order.
#[test]
fn card_table_has_the_published_pips() {
    let mut count = [0; 6];
    for (n, info) in CARDS.iter().enumerate() {
        assert_eq!(info.killer.index(), n);
        assert_eq!(Killer::from_index(n), Some(info.killer));
        count[info.pips as usize] += 1;
        assert!(!info.effect.is_empty() && !info.name.is_empty());
    }
    assert_eq!(count, [2, 3, 4, 4, 3, 2]);
    assert_eq!(Swordsman.pips(), 4);
    assert_eq!(AirStrike.name(), "Air Strike");
}
