//! The rulings: random distance, activation, the end, undo; the history, saves.

use super::*;

// Ruling "Random distance": the direction is chosen first (it is part of the
// action), then the top die card is revealed; revealed cards go to the
// discard; when the die deck is empty the discard is shuffled into a new one.
#[test]
fn ruling_random_distance_reveals_to_the_discard_and_reshuffles() {
    let row = [a(Grenadier), i(Tank), i(Knight), a(Medic), a(Arsonist)];
    let state = State::from_parts(&row, vec![Hangman], vec![Sniper, Bugler], false, 3);
    let next = applied(&state, act(Grenadier, Target::Random(Direction::Right)));
    // Hangman: 1 pip, kills the Tank; the deck was empty: reshuffled.
    assert_eq!(next.last_die(), Some(Hangman));
    assert_eq!(names(&next)[1], (Knight, false));
    assert!(next.die_discard().is_empty());
    assert_eq!(next.die_deck_contents(), vec![Sniper, Bugler, Hangman]);
    assert!(next.validate().is_ok());
}

// Ruling "Activation": after the effect resolves the acting card, if still
// alive, becomes inactive; an inactive card cannot be activated.
#[test]
fn ruling_activation_makes_the_card_inactive_and_inactive_cards_cannot_act() {
    let state = pos(&[a(Medic), i(Tank), a(Knight)], &DECK);
    let next = applied(&state, act(Medic, Target::Card(Tank)));
    assert!(!next.row()[0].active);
    assert_eq!(
        refused(&next, act(Medic, Target::Card(Medic))),
        RuleError::Inactive(Medic)
    );
    assert_eq!(
        refused(&next, act(Sniper, Target::Card(Tank))),
        RuleError::NotInRow(Sniper)
    );
}

// Ruling "End": exactly one card alive after a resolution wins; no legal
// activation and not exactly one alive (zero included) loses. The rule
// text's losing positions: an active Assassin and an active Tank; an active
// Swordsman and an inactive card; no card alive.
#[test]
fn ruling_end_losing_positions_of_the_rule_text() {
    assert_eq!(pos(&[a(Assassin), a(Tank)], &DECK).status(), Status::Lost);
    assert_eq!(pos(&[a(Tank), a(Assassin)], &DECK).status(), Status::Lost);
    assert_eq!(
        pos(&[a(Swordsman), i(Knight)], &DECK).status(),
        Status::Lost
    );
    assert_eq!(
        pos(&[i(Knight), a(Swordsman)], &DECK).status(),
        Status::Lost
    );
    assert_eq!(pos(&[], &DECK).status(), Status::Lost);
    // No card alive after an activation: lost, not won.
    let state = pos(&[a(MadBomber), a(Knight)], &DECK);
    let next = applied(&state, act(MadBomber, Target::None));
    assert!(next.row().is_empty());
    assert_eq!(next.status(), Status::Lost);
    // Nothing but taking the last activation back (ruling "Undo").
    assert_eq!(next.legal_actions(), vec![Action::Undo]);
    assert_eq!(
        refused(&next, act(Knight, Target::Card(MadBomber))),
        RuleError::GameOver
    );
    // One card: won.
    let state = pos(&[a(Swordsman), a(Knight)], &DECK);
    let next = applied(&state, act(Swordsman, Target::Card(Knight)));
    assert_eq!(next.status(), Status::Won);
}

// Ruling "Undo": any activation that revealed no die card may be taken back;
// one that revealed a die card cannot.
#[test]
fn ruling_undo_takes_back_activations_without_a_reveal() {
    let row = [
        a(Medic),
        i(Tank),
        a(Knight),
        a(Grenadier),
        a(Sniper),
        a(Hangman),
    ];
    let state = pos(&row, &deck_top(&row, 5));
    assert!(!legal(&state, Action::Undo));
    assert_eq!(refused(&state, Action::Undo), RuleError::NothingToUndo);
    let one = applied(&state, act(Medic, Target::Card(Tank)));
    let two = applied(&one, act(Knight, Target::Card(Sniper)));
    assert!(legal(&two, Action::Undo));
    let back = applied(&two, Action::Undo);
    assert_eq!(names(&back), names(&one));
    assert_eq!(back.dead(), one.dead());
    assert!(back.assisted());
    let back = applied(&back, Action::Undo);
    assert_eq!(names(&back), names(&state));
    // A reveal clears undo.
    let shot = applied(&one, act(Grenadier, Target::Random(Direction::Left)));
    assert!(!legal(&shot, Action::Undo));
    assert_eq!(refused(&shot, Action::Undo), RuleError::NothingToUndo);
}

// Ruling "Undo": "any activation that revealed no die card" includes the
// one that ended the game, lost or won; the game then goes on.
#[test]
fn ruling_undo_takes_back_the_activation_that_ended_the_game() {
    let state = pos(&[a(Knight), a(MadBomber), a(Swordsman)], &DECK);
    let lost = applied(&state, act(MadBomber, Target::None));
    assert_eq!(lost.status(), Status::Lost);
    assert!(lost.can_undo());
    let back = applied(&lost, Action::Undo);
    assert_eq!(names(&back), names(&state));
    assert_eq!(back.status(), Status::Playing(Phase::Activate));
    assert!(back.assisted());
    assert!(back.history().is_empty());
    let state = pos(&[a(Swordsman), a(Knight)], &DECK);
    let won = applied(&state, act(Swordsman, Target::Card(Knight)));
    assert_eq!(won.status(), Status::Won);
    let back = applied(&won, Action::Undo);
    assert_eq!(names(&back), names(&state));
    // A game ended by a die reveal stays ended.
    let row = [a(Grenadier), a(Knight)];
    let state = pos(&row, &deck_top(&row, 1));
    let over = applied(&state, act(Grenadier, Target::Random(Direction::Right)));
    assert_eq!(over.status(), Status::Won);
    assert!(over.legal_actions().is_empty());
    assert_eq!(refused(&over, Action::Undo), RuleError::NothingToUndo);
}

// A game is its seed and the actions that stand: replaying them gives every
// position, and undone actions leave the record.
#[test]
fn history_replays_the_game_and_forgets_undone_actions() {
    let mut undos = 0;
    for seed in 0..20 {
        let mut state = State::new(seed);
        let mut rng = Pcg32::seed_from_u64(seed);
        while !state.is_over() && state.activations() < 40 {
            let legal = state.legal_actions();
            let action = if legal.contains(&Action::Undo) && rng.next_u32() % 3 == 0 {
                undos += 1;
                Action::Undo
            } else {
                let moves: Vec<Action> = legal.into_iter().filter(|a| *a != Action::Undo).collect();
                moves[rng.next_u32() as usize % moves.len()]
            };
            state.apply(action).unwrap();
        }
        assert!(!state.history().contains(&Action::Undo));
        let positions = State::replay(seed, state.history()).unwrap();
        assert_eq!(positions.len(), state.history().len() + 1);
        let mut last = positions.last().unwrap().clone();
        last.assisted = state.assisted;
        assert_eq!(last, state);
        assert!(state.validate_replay().is_ok());
        if !state.history().is_empty() {
            let mut forged = state.clone();
            forged.history.pop();
            assert!(forged.validate_replay().is_err());
        }
    }
    assert!(undos > 0);
}

// "A card whose condition has no legal target cannot be activated": the
// table says why, card by card.
#[test]
fn why_a_card_cannot_be_activated() {
    let row = [a(Swordsman), i(Knight), a(Copycat), a(Sniper), a(Medic)];
    let state = pos(&row, &DECK);
    assert_eq!(state.why_not_activate(Medic), None);
    assert_eq!(
        state.why_not_activate(Swordsman),
        Some(RuleError::NoLegalTarget(Swordsman))
    );
    assert_eq!(
        state.why_not_activate(Knight),
        Some(RuleError::Inactive(Knight))
    );
    assert_eq!(
        state.why_not_activate(Hangman),
        Some(RuleError::NotInRow(Hangman))
    );
    // The Copycat's active neighbours: the Sniper (no card 4 away from the
    // Copycat) only; the Knight is inactive.
    assert_eq!(
        state.why_not_activate(Copycat),
        Some(RuleError::NothingToCopy)
    );
    let lonely = pos(
        &[i(Knight), a(Copycat), i(Tank), a(Sniper), a(Medic)],
        &DECK,
    );
    assert_eq!(
        lonely.why_not_activate(Copycat),
        Some(RuleError::NoLegalTarget(Copycat))
    );
    for card in [Medic, Swordsman, Knight, Copycat] {
        let listed = state.legal_moves().iter().any(|m| m.card == card);
        assert_eq!(listed, state.why_not_activate(card).is_none());
    }
}

// "All games": a saved game resumes exactly; a bad save is refused.
#[test]
fn save_and_load_and_validate() {
    let mut state = State::new(9);
    let moves = state.legal_actions();
    state.apply(moves[0]).unwrap();
    let saved = serde_json::to_string(&state).unwrap();
    let loaded: State = serde_json::from_str(&saved).unwrap();
    assert_eq!(loaded, state);
    assert!(loaded.validate().is_ok());
    let mut bad = state.clone();
    bad.dead.push(Swordsman);
    assert!(bad.validate().is_err());
}
