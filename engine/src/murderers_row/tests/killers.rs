//! One test per card of the table, what it kills, moves or wakes (with the Poisoner's undo ruling).

use super::*;

// 1. Swordsman: kill an active card at distance 1.
#[test]
fn card_swordsman_kills_an_active_neighbour_only() {
    let state = pos(&[a(Sniper), a(Swordsman), i(Tank), a(Medic)], &DECK);
    let next = applied(&state, act(Swordsman, Target::Card(Sniper)));
    assert_eq!(
        names(&next),
        vec![(Swordsman, false), (Tank, false), (Medic, true)]
    );
    assert_eq!(killed(&state, &next), vec![Sniper]);
    assert_eq!(
        refused(&state, act(Swordsman, Target::Card(Tank))),
        RuleError::BadTarget(Swordsman)
    );
    assert_eq!(
        refused(&state, act(Swordsman, Target::Card(Medic))),
        RuleError::BadTarget(Swordsman)
    );
    // No active neighbour: the Swordsman cannot be activated.
    let state = pos(&[i(Sniper), a(Swordsman), i(Tank), a(Medic)], &DECK);
    assert_eq!(
        refused(&state, act(Swordsman, Target::Card(Tank))),
        RuleError::NoLegalTarget(Swordsman)
    );
    assert!(state.legal_moves().iter().all(|m| m.card != Swordsman));
}

// 2. Executioner: kill an inactive card at distance 1.
#[test]
fn card_executioner_kills_an_inactive_neighbour_only() {
    let state = pos(&[a(Sniper), a(Executioner), i(Tank)], &DECK);
    let next = applied(&state, act(Executioner, Target::Card(Tank)));
    assert_eq!(names(&next), vec![(Sniper, true), (Executioner, false)]);
    assert_eq!(
        refused(&state, act(Executioner, Target::Card(Sniper))),
        RuleError::BadTarget(Executioner)
    );
}

// 3. Poisoner: the next card activated dies right after its own effect; the
// win check comes after that death.
#[test]
fn card_poisoner_kills_the_next_activated_card_after_its_effect() {
    let state = pos(&[a(Poisoner), a(Swordsman), a(Sniper), i(Tank)], &DECK);
    let next = applied(&state, act(Poisoner, Target::None));
    assert!(next.poison_pending());
    assert_eq!(next.row()[0], i(Poisoner));
    // The Swordsman kills the Sniper, then dies of the poison.
    let after = applied(&next, act(Swordsman, Target::Card(Sniper)));
    assert!(!after.poison_pending());
    assert_eq!(names(&after), vec![(Poisoner, false), (Tank, false)]);
    assert_eq!(killed(&next, &after), vec![Sniper, Swordsman]);
    // Two cards left, both inactive: lost.
    assert_eq!(after.status(), Status::Lost);

    // The poison death counts for the win: three cards, the Swordsman kills
    // one and dies: one card left.
    let state = State::from_parts(
        &[a(Swordsman), a(Sniper), i(Tank)],
        DECK.to_vec(),
        vec![],
        true,
        0,
    );
    let won = applied(&state, act(Swordsman, Target::Card(Sniper)));
    assert_eq!(names(&won), vec![(Tank, false)]);
    assert_eq!(won.status(), Status::Won);
}

// 3. Poisoner: "A second Poisoner effect while one is pending changes
// nothing" (the Copycat copying the Poisoner).
#[test]
fn card_poisoner_second_effect_while_pending_changes_nothing() {
    let state = State::from_parts(
        &[a(Copycat), a(Poisoner), a(Medic), i(Tank)],
        DECK.to_vec(),
        vec![],
        true,
        0,
    );
    // The Copycat is the next card: it copies the Poisoner (nothing new is
    // pending) and dies of the pending poison.
    let next = applied(&state, Action::copy(Poisoner, Target::None));
    assert!(!next.poison_pending());
    assert_eq!(
        names(&next),
        vec![(Poisoner, true), (Medic, true), (Tank, false)]
    );
}

// 3. Poisoner and 14. Air Strike: the poisoned Air Strike dies after its
// second kill is chosen (its effect is over only then).
#[test]
fn card_poisoner_kills_an_air_strike_after_its_choice() {
    let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
    let state = State::from_parts(&row, deck_top(&row, 2), vec![], true, 0);
    let next = applied(&state, act(AirStrike, Target::Random(Direction::Right)));
    assert!(next.poison_pending());
    assert_eq!(next.row().len(), 5);
    let done = applied(&next, Action::AlsoKill(Tank));
    assert!(!done.poison_pending());
    assert_eq!(names(&done), vec![(Medic, false), (Sniper, true)]);
    assert_eq!(killed(&state, &done), vec![Tank, Knight, AirStrike]);
}

// Ruling "Undo" with the Poisoner: undo restores the pending poison.
#[test]
fn ruling_undo_restores_a_pending_poison() {
    let state = pos(
        &[a(Poisoner), a(Swordsman), a(Knight), i(Tank), a(Medic)],
        &DECK,
    );
    let poisoned = applied(&state, act(Poisoner, Target::None));
    let next = applied(&poisoned, act(Knight, Target::Card(Swordsman)));
    assert!(!next.poison_pending());
    let back = applied(&next, Action::Undo);
    assert!(back.poison_pending());
    assert_eq!(names(&back), names(&poisoned));
    let back = applied(&back, Action::Undo);
    assert_eq!(names(&back), names(&state));
    assert!(!back.poison_pending());
}

// Every state reached in random games passes `validate` (what a loaded save
// is checked with).
#[test]
fn random_games_stay_valid() {
    for seed in 0..200 {
        let mut state = State::new(seed);
        let mut n = seed;
        while !state.is_over() {
            assert!(state.validate().is_ok(), "seed {seed}: {state:?}");
            let actions = state.legal_actions();
            n = n
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = actions[(n >> 33) as usize % actions.len()];
            state.apply(action).unwrap();
        }
        assert!(state.validate().is_ok(), "seed {seed}");
    }
}

// 4. Sniper: kill any card at distance 4 or more.
#[test]
fn card_sniper_kills_at_distance_four_or_more() {
    let row = [
        a(Sniper),
        a(Tank),
        i(Medic),
        a(Knight),
        i(Hangman),
        a(Bugler),
    ];
    let state = pos(&row, &DECK);
    assert!(legal(&state, act(Sniper, Target::Card(Hangman))));
    assert!(legal(&state, act(Sniper, Target::Card(Bugler))));
    assert_eq!(
        refused(&state, act(Sniper, Target::Card(Knight))),
        RuleError::BadTarget(Sniper)
    );
    let next = applied(&state, act(Sniper, Target::Card(Hangman)));
    assert_eq!(next.row().len(), 5);
    let short = pos(&row[..4], &DECK);
    assert_eq!(
        refused(&short, act(Sniper, Target::Card(Knight))),
        RuleError::NoLegalTarget(Sniper)
    );
}

// 5. Gunslinger: kill two adjacent active cards other than itself, anywhere.
#[test]
fn card_gunslinger_kills_two_adjacent_active_others() {
    let row = [
        a(Gunslinger),
        a(Tank),
        a(Medic),
        i(Knight),
        a(Hangman),
        a(Sniper),
    ];
    let state = pos(&row, &DECK);
    let next = applied(&state, act(Gunslinger, Target::pair(Hangman, Sniper)));
    assert_eq!(next.row().len(), 4);
    assert!(legal(&state, act(Gunslinger, Target::pair(Tank, Medic))));
    // Not itself, not an inactive card, not a non-adjacent pair.
    for pair in [
        Target::pair(Gunslinger, Tank),
        Target::pair(Medic, Knight),
        Target::pair(Tank, Hangman),
    ] {
        assert_eq!(
            refused(&state, act(Gunslinger, pair)),
            RuleError::BadTarget(Gunslinger)
        );
    }
    // Pairs are written in table order only.
    assert_eq!(
        refused(&state, act(Gunslinger, Target::Pair(Hangman, Sniper))),
        RuleError::BadTarget(Gunslinger)
    );
}

// 6. Sentry Gun: kill an active card at distance exactly 2 and the card
// between them (mandatory, active or not).
#[test]
fn card_sentry_gun_kills_at_distance_two_and_the_card_between() {
    let state = pos(
        &[a(SentryGun), i(Tank), a(Medic), i(Knight), i(Hangman)],
        &DECK,
    );
    let next = applied(&state, act(SentryGun, Target::Card(Medic)));
    assert_eq!(
        names(&next),
        vec![(SentryGun, false), (Knight, false), (Hangman, false)]
    );
    let mut dead = killed(&state, &next);
    dead.sort();
    assert_eq!(dead, vec![Tank, Medic]);
    assert_eq!(
        refused(&state, act(SentryGun, Target::Card(Tank))),
        RuleError::BadTarget(SentryGun)
    );
    let state = pos(&[a(SentryGun), a(Tank), i(Medic), i(Knight)], &DECK);
    assert_eq!(
        refused(&state, act(SentryGun, Target::Card(Medic))),
        RuleError::NoLegalTarget(SentryGun)
    );
}

// 7. Tank: kill an inactive card at distance exactly 2 and the card between.
#[test]
fn card_tank_kills_an_inactive_card_at_distance_two_and_the_card_between() {
    let state = pos(
        &[i(Sniper), a(Medic), a(Tank), a(Knight), i(Hangman)],
        &DECK,
    );
    let next = applied(&state, act(Tank, Target::Card(Sniper)));
    assert_eq!(
        names(&next),
        vec![(Tank, false), (Knight, true), (Hangman, false)]
    );
    assert!(legal(&state, act(Tank, Target::Card(Hangman))));
    assert_eq!(
        refused(&state, act(Tank, Target::Card(Medic))),
        RuleError::BadTarget(Tank)
    );
}

// 8. Assassin: choose any inactive card; it dies and the Assassin takes its
// place.
#[test]
fn card_assassin_takes_the_place_of_an_inactive_card() {
    let state = pos(
        &[a(Assassin), a(Medic), i(Tank), a(Knight), i(Hangman)],
        &DECK,
    );
    let next = applied(&state, act(Assassin, Target::Card(Hangman)));
    assert_eq!(
        names(&next),
        vec![
            (Medic, true),
            (Tank, false),
            (Knight, true),
            (Assassin, false)
        ]
    );
    assert_eq!(killed(&state, &next), vec![Hangman]);
    let next = applied(&state, act(Assassin, Target::Card(Tank)));
    assert_eq!(
        names(&next),
        vec![
            (Medic, true),
            (Assassin, false),
            (Knight, true),
            (Hangman, false)
        ]
    );
    assert_eq!(
        refused(&state, act(Assassin, Target::Card(Knight))),
        RuleError::BadTarget(Assassin)
    );
}

// 9. Arsonist: random target; if inactive, kill it and every inactive card
// adjacent to it (decided before removal); otherwise nothing happens.
#[test]
fn card_arsonist_burns_an_inactive_target_and_its_inactive_neighbours() {
    let row = [a(Arsonist), i(Tank), i(Medic), a(Knight), i(Hangman)];
    // Distance 2 to the right: the Medic (inactive); its inactive neighbour
    // the Tank burns too, the active Knight does not.
    let state = pos(&row, &deck_top(&row, 2));
    let next = applied(&state, act(Arsonist, Target::Random(Direction::Right)));
    assert_eq!(
        names(&next),
        vec![(Arsonist, false), (Knight, true), (Hangman, false)]
    );
    assert_eq!(next.last_die().map(Killer::pips), Some(2));
    // Distance 3: the Knight is active: nothing happens, but the Arsonist is
    // spent and the die card is discarded.
    let state = pos(&row, &deck_top(&row, 3));
    let next = applied(&state, act(Arsonist, Target::Random(Direction::Right)));
    assert_eq!(next.row().len(), 5);
    assert!(!next.row()[0].active);
    assert_eq!(next.die_discard().len(), 1);
    // To the left there is no card: nothing happens.
    let state = pos(&row, &deck_top(&row, 2));
    let next = applied(&state, act(Arsonist, Target::Random(Direction::Left)));
    assert_eq!(next.row().len(), 5);
}

// 10. Medic: make one inactive card active.
#[test]
fn card_medic_reactivates_an_inactive_card() {
    let state = pos(&[a(Medic), a(Tank), i(Knight)], &DECK);
    let next = applied(&state, act(Medic, Target::Card(Knight)));
    assert_eq!(
        names(&next),
        vec![(Medic, false), (Tank, true), (Knight, true)]
    );
    assert_eq!(
        refused(&state, act(Medic, Target::Card(Tank))),
        RuleError::BadTarget(Medic)
    );
    let state = pos(&[a(Medic), a(Tank), a(Knight)], &DECK);
    assert_eq!(
        refused(&state, act(Medic, Target::Card(Tank))),
        RuleError::NoLegalTarget(Medic)
    );
}

// 11. Con Man: swap any two living cards; the Con Man may be one of them.
#[test]
fn card_con_man_swaps_any_two_cards() {
    let state = pos(&[a(ConMan), i(Tank), a(Knight)], &DECK);
    let next = applied(&state, act(ConMan, Target::pair(Tank, Knight)));
    assert_eq!(
        names(&next),
        vec![(ConMan, false), (Knight, true), (Tank, false)]
    );
    let next = applied(&state, act(ConMan, Target::pair(ConMan, Knight)));
    assert_eq!(
        names(&next),
        vec![(Knight, true), (Tank, false), (ConMan, false)]
    );
    assert_eq!(
        refused(&state, act(ConMan, Target::pair(ConMan, Sniper))),
        RuleError::BadTarget(ConMan)
    );
    assert_eq!(
        refused(&state, act(ConMan, Target::Pair(Tank, Tank))),
        RuleError::BadTarget(ConMan)
    );
}

// 12. Bugler: make two adjacent inactive cards active.
#[test]
fn card_bugler_reactivates_two_adjacent_inactive_cards() {
    let state = pos(&[a(Bugler), i(Tank), i(Knight), a(Medic), i(Sniper)], &DECK);
    let next = applied(&state, act(Bugler, Target::pair(Tank, Knight)));
    assert_eq!(
        names(&next),
        vec![
            (Bugler, false),
            (Tank, true),
            (Knight, true),
            (Medic, true),
            (Sniper, false)
        ]
    );
    assert_eq!(
        refused(&state, act(Bugler, Target::pair(Knight, Sniper))),
        RuleError::BadTarget(Bugler)
    );
    let state = pos(&[a(Bugler), i(Tank), a(Knight), i(Sniper)], &DECK);
    assert_eq!(
        refused(&state, act(Bugler, Target::pair(Tank, Sniper))),
        RuleError::NoLegalTarget(Bugler)
    );
}

// 13. Grenadier: random target: kill it; distance 0 is the Grenadier itself.
#[test]
fn card_grenadier_kills_the_random_target_even_itself() {
    let row = [a(Tank), a(Grenadier), i(Knight), a(Medic)];
    let state = pos(&row, &deck_top(&row, 2));
    let next = applied(&state, act(Grenadier, Target::Random(Direction::Right)));
    assert_eq!(
        names(&next),
        vec![(Tank, true), (Grenadier, false), (Knight, false)]
    );
    let state = pos(&row, &deck_top(&row, 0));
    let next = applied(&state, act(Grenadier, Target::Random(Direction::Left)));
    assert_eq!(
        names(&next),
        vec![(Tank, true), (Knight, false), (Medic, true)]
    );
    assert_eq!(killed(&state, &next), vec![Grenadier]);
}

// 14. Air Strike: random target: kill it and one adjacent card, the player
// choosing (after the reveal) when there are two, none when there are none.
#[test]
fn card_air_strike_kills_the_target_and_a_chosen_neighbour() {
    let row = [a(AirStrike), i(Tank), a(Knight), i(Medic), a(Sniper)];
    let state = pos(&row, &deck_top(&row, 2));
    let next = applied(&state, act(AirStrike, Target::Random(Direction::Right)));
    assert_eq!(
        next.phase(),
        Phase::AirStrike {
            actor: AirStrike,
            target: Knight
        }
    );
    assert_eq!(next.air_strike_options(), vec![Tank, Medic]);
    assert_eq!(
        next.legal_actions(),
        vec![
            Action::AlsoKill(Tank),
            Action::AlsoKill(Medic),
            Action::Hint
        ]
    );
    assert_eq!(
        refused(&next, Action::AlsoKill(Sniper)),
        RuleError::NotNextToTarget(Sniper)
    );
    assert_eq!(
        refused(&next, act(Sniper, Target::Card(AirStrike))),
        RuleError::ChooseAirStrikeFirst
    );
    let done = applied(&next, Action::AlsoKill(Medic));
    assert_eq!(
        names(&done),
        vec![(AirStrike, false), (Tank, false), (Sniper, true)]
    );
    // One neighbour: no choice. Distance 4 hits the Sniper at the end.
    let state = pos(&row, &deck_top(&row, 4));
    let next = applied(&state, act(AirStrike, Target::Random(Direction::Right)));
    assert_eq!(
        names(&next),
        vec![(AirStrike, false), (Tank, false), (Knight, true)]
    );
    // Not on an Air Strike's turn: nothing to choose.
    assert_eq!(
        refused(&state, Action::AlsoKill(Tank)),
        RuleError::NoChoiceToMake
    );
}

// 15. Copycat: use an adjacent active card's effect from here; the copied
// card stays active; no copying a Copycat; legal only if the copied effect is
// legal from here.
#[test]
fn card_copycat_copies_an_adjacent_active_card_from_its_own_place() {
    let state = pos(&[i(Tank), a(Copycat), a(Swordsman), a(Knight)], &DECK);
    // The Copycat as Executioner? The Executioner is not here; as the
    // Swordsman it kills an active card next to the Copycat: the Swordsman.
    let next = applied(&state, Action::copy(Swordsman, Target::Card(Swordsman)));
    assert_eq!(
        names(&next),
        vec![(Tank, false), (Copycat, false), (Knight, true)]
    );
    // The Knight is not next to the Copycat.
    assert_eq!(
        refused(&state, Action::copy(Knight, Target::Card(Swordsman))),
        RuleError::CannotCopy(Knight)
    );
    // The Tank is inactive.
    assert_eq!(
        refused(&state, Action::copy(Tank, Target::Card(Knight))),
        RuleError::CannotCopy(Tank)
    );
    // The copied Swordsman stays active after the Copycat copies it to kill
    // ... nothing else: Knight is at distance 2 from the Copycat.
    assert_eq!(
        refused(&state, Action::copy(Swordsman, Target::Card(Knight))),
        RuleError::BadTarget(Swordsman)
    );
    assert_eq!(
        refused(&state, act(Copycat, Target::None)),
        RuleError::CopycatMustCopy
    );
    assert_eq!(
        refused(
            &state,
            Action::Activate {
                card: Swordsman,
                copying: Some(Knight),
                target: Target::Card(Knight)
            }
        ),
        RuleError::OnlyCopycatCopies
    );
    // Distances from the Copycat: a Sniper copied needs a card 4 away from
    // the Copycat.
    let state = pos(
        &[a(Copycat), a(Sniper), i(Tank), i(Knight), i(Medic)],
        &DECK,
    );
    let next = applied(&state, Action::copy(Sniper, Target::Card(Medic)));
    assert_eq!(
        names(&next),
        vec![
            (Copycat, false),
            (Sniper, true),
            (Tank, false),
            (Knight, false)
        ]
    );
    // From the Copycat the copied Sniper has no target 4 away: not legal.
    let state = pos(
        &[
            a(Executioner),
            i(Tank),
            a(Copycat),
            a(Sniper),
            i(Knight),
            i(Medic),
        ],
        &DECK,
    );
    assert_eq!(
        refused(&state, Action::copy(Sniper, Target::Card(Medic))),
        RuleError::NoLegalTarget(Sniper)
    );
    assert!(state.legal_moves().iter().all(|m| m.card != Copycat));
}

// 16. Mad Bomber: kill this card and every card adjacent to it.
#[test]
fn card_mad_bomber_kills_itself_and_its_neighbours() {
    let state = pos(&[i(Tank), a(MadBomber), a(Knight), a(Sniper)], &DECK);
    let next = applied(&state, act(MadBomber, Target::None));
    assert_eq!(names(&next), vec![(Sniper, true)]);
    assert_eq!(next.status(), Status::Won);
    assert_eq!(killed(&state, &next), vec![Tank, MadBomber, Knight]);
    // At the end of a row: one neighbour.
    let state = pos(&[a(MadBomber), a(Knight), a(Sniper), a(Tank)], &DECK);
    let next = applied(&state, act(MadBomber, Target::None));
    assert_eq!(names(&next), vec![(Sniper, true), (Tank, true)]);
}

// 17. Knight: choose any other active card; it dies and the Knight takes its
// place.
#[test]
fn card_knight_takes_the_place_of_another_active_card() {
    let state = pos(&[a(Knight), i(Tank), a(Sniper), a(Medic)], &DECK);
    let next = applied(&state, act(Knight, Target::Card(Sniper)));
    assert_eq!(
        names(&next),
        vec![(Tank, false), (Knight, false), (Medic, true)]
    );
    assert_eq!(
        refused(&state, act(Knight, Target::Card(Tank))),
        RuleError::BadTarget(Knight)
    );
    assert_eq!(
        refused(&state, act(Knight, Target::Card(Knight))),
        RuleError::BadTarget(Knight)
    );
}

// 18. Hangman: kill two adjacent inactive cards anywhere in the row.
#[test]
fn card_hangman_kills_two_adjacent_inactive_cards() {
    let state = pos(
        &[a(Hangman), a(Sniper), i(Tank), i(Knight), i(Medic)],
        &DECK,
    );
    let next = applied(&state, act(Hangman, Target::pair(Knight, Medic)));
    assert_eq!(
        names(&next),
        vec![(Hangman, false), (Sniper, true), (Tank, false)]
    );
    assert_eq!(
        refused(&state, act(Hangman, Target::pair(Sniper, Tank))),
        RuleError::BadTarget(Hangman)
    );
    assert_eq!(
        refused(&state, act(Hangman, Target::pair(Tank, Medic))),
        RuleError::BadTarget(Hangman)
    );
}
