//! `validate`: one test per kind of damage to a save; the status and a game begun.

use super::*;

// A save that does not make up one consistent game is refused, never a
// panic: one test per kind of damage, each fed a state reached by real play
// and then corrupted.

/// The first state, in random games from seed 0 on, that `wanted` accepts.
fn reached(wanted: impl Fn(&State) -> bool) -> State {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
    for seed in 0..2_000 {
        let mut state = State::new(Variant::ALL[seed as usize % 3], seed);
        loop {
            if wanted(&state) {
                assert_eq!(state.validate(), Ok(()), "a reached state");
                return state;
            }
            if state.is_over() {
                break;
            }
            let mut actions = state.legal_actions();
            actions.retain(|a| !matches!(a, Action::Hint | Action::Undo));
            let pick = actions[rng.next_u32() as usize % actions.len()];
            state.apply(pick).unwrap();
        }
    }
    panic!("no such state in 2,000 games")
}

/// `state` (valid) changed by `damage`: refused, with a reason.
fn damaged(state: &State, damage: impl FnOnce(&mut State)) -> String {
    assert_eq!(state.validate(), Ok(()));
    let mut bad = state.clone();
    damage(&mut bad);
    bad.validate().expect_err("a damaged state must be refused")
}

/// The end of the recorded winning line the browser test plays (random
/// play seldom wins).
fn recorded_win() -> State {
    #[derive(serde::Deserialize)]
    struct Line {
        seed: u64,
        actions: Vec<Action>,
    }
    let line: Line = serde_json::from_str(include_str!(
        "../../../../e2e/fixtures/dead-center-win.json"
    ))
    .unwrap();
    let mut state = State::new(Variant::Standard, line.seed);
    for action in line.actions {
        state.apply(action).unwrap();
    }
    assert_eq!(state.phase(), Phase::Won);
    state
}

fn mid_game() -> State {
    reached(|s| s.turns() >= 5 && s.phase() == Phase::Reveal)
}

fn all_revealed() -> State {
    reached(|s| s.phase() == Phase::Draw && s.deck_len() > 0)
}

fn killing() -> State {
    reached(|s| matches!(s.phase(), Phase::Attack { .. }))
}

fn after_a_kill() -> State {
    reached(|s| {
        s.undoable.is_some_and(|r| r.killed.is_some()) && matches!(s.phase(), Phase::Reveal)
    })
}

#[test]
fn validate_accepts_every_state_of_real_games() {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(2);
    for seed in 0..60 {
        let mut state = State::new(Variant::ALL[seed as usize % 3], seed);
        let mut undos = 0;
        while !state.is_over() {
            assert_eq!(state.validate(), Ok(()));
            let mut actions = state.legal_actions();
            if undos >= 3 {
                actions.retain(|&a| a != Action::Undo);
            }
            let pick = actions[rng.next_u32() as usize % actions.len()];
            undos += usize::from(pick == Action::Undo);
            state.apply(pick).unwrap();
        }
        assert_eq!(state.validate(), Ok(()));
    }
}

// Conservation: a card twice (and so another missing).
#[test]
fn validate_refuses_a_card_twice() {
    let why = damaged(&mid_game(), |s| s.deck[0] = s.deck[1]);
    assert_eq!(why, "the cards do not make up one deck");
}

// Conservation: a card missing.
#[test]
fn validate_refuses_a_card_missing() {
    let why = damaged(&mid_game(), |s| {
        s.deck.pop();
    });
    assert_eq!(why, "the cards do not make up one deck");
}

// Conservation: the jokers are the variant's (2, 1 or 0).
#[test]
fn validate_refuses_jokers_of_another_variant() {
    let standard = State::new(Variant::Standard, 3);
    for other in [Variant::Hard, Variant::Nightmare] {
        let why = damaged(&standard, |s| s.variant = other);
        assert_eq!(why, "the cards do not make up one deck");
    }
    let nightmare = State::new(Variant::Nightmare, 3);
    let why = damaged(&nightmare, |s| s.deck.push(JOKER));
    assert_eq!(why, "the cards do not make up one deck");
}

// The table: no cabin pile is ever empty.
#[test]
fn validate_refuses_an_empty_pile() {
    let why = damaged(&State::new(Variant::Standard, 4), |s| {
        let card = s.cabin[2].pop().unwrap();
        s.deck.push(card);
    });
    assert_eq!(why, "a cabin pile is empty");
}

// The table: the zombies are the twelve face cards, and no face card is in
// the cabin.
#[test]
fn validate_refuses_a_face_card_out_of_place() {
    let good = State::new(Variant::Standard, 2);
    let why = damaged(&good, |s| {
        let Zombie::FaceDown(face) = s.zombies[0] else {
            unreachable!()
        };
        let number = s.deck[0];
        s.deck[0] = face;
        s.zombies[0] = Zombie::FaceDown(number);
    });
    assert_eq!(why, "a zombie space holds a number card");
    // A face card in the cabin: with the cards conserved, its number card is
    // then on a zombie space.
    let why = damaged(&good, |s| {
        let Zombie::FaceDown(face) = s.zombies[0] else {
            unreachable!()
        };
        let number = s.cabin[0][0];
        s.cabin[0][0] = face;
        s.zombies[0] = Zombie::FaceDown(number);
    });
    assert_eq!(why, "a zombie space holds a number card");
}

// The table: each card of a pile could have been played on the one below it.
#[test]
fn validate_refuses_a_pile_that_is_no_legal_build() {
    let state = reached(|s| s.turns() >= 3 && s.cabin.iter().any(|p| p.len() >= 2));
    let why = damaged(&state, |s| {
        let p = s.cabin.iter().position(|p| p.len() >= 2).unwrap();
        let below = s.cabin[p][s.cabin[p].len() - 2];
        // Swap the top with a deck card that cannot lie on the card below.
        let i = s
            .deck
            .iter()
            .position(|&c| !can_place(c, below))
            .expect("some card does not fit");
        let top = s.cabin[p].len() - 1;
        std::mem::swap(&mut s.cabin[p][top], &mut s.deck[i]);
    });
    assert!(why.contains("is not a legal build"), "{why}");
}

// The table: one card played per turn.
#[test]
fn validate_refuses_turns_that_do_not_match_the_cards_played() {
    let why = damaged(&mid_game(), |s| s.turns += 1);
    assert!(why.contains("cards were played in"), "{why}");
    let why = damaged(&mid_game(), |s| {
        // A card moved from the deck onto a pile it may lie on.
        let i = (0..s.deck.len())
            .find(|&i| (0..PILES).any(|p| can_place(s.deck[i], s.top(p))))
            .unwrap();
        let card = s.deck.remove(i);
        let p = (0..PILES).find(|&p| can_place(card, s.top(p))).unwrap();
        s.cabin[p].push(card);
    });
    assert!(why.contains("cards were played in"), "{why}");
}

// The table: one zombie revealed per turn, until all twelve are up.
#[test]
fn validate_refuses_reveals_that_do_not_match_the_turns() {
    let why = damaged(&mid_game(), |s| {
        let down = s
            .zombies
            .iter()
            .position(|z| matches!(z, Zombie::FaceDown(_)))
            .unwrap();
        let Zombie::FaceDown(c) = s.zombies[down] else {
            unreachable!()
        };
        s.zombies[down] = Zombie::FaceUp(c);
    });
    assert!(why.contains("zombies are revealed after"), "{why}");
}

// The table: a zombie dies only after a card was played next to it.
#[test]
fn validate_refuses_more_dead_zombies_than_cards_played() {
    let first = reached(|s| s.turns() == 0 && matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&first, |s| {
        let up = s
            .zombies
            .iter()
            .position(|z| matches!(z, Zombie::FaceUp(_)))
            .unwrap();
        let Zombie::FaceUp(c) = s.zombies[up] else {
            unreachable!()
        };
        s.zombies[up] = Zombie::Dead(c);
    });
    assert!(why.contains("zombies are dead but only"), "{why}");
}

// The phase: won exactly when every zombie is dead.
#[test]
fn validate_refuses_a_win_that_does_not_match_the_zombies() {
    // Won with zombies alive: the kill step of a real game (a card just
    // played, as in a win) with the phase changed.
    let why = damaged(&killing(), |s| s.phase = Phase::Won);
    assert_eq!(why, "the phase does not match the zombies left");
    let won = recorded_win();
    let why = damaged(&won, |s| {
        let Zombie::Dead(c) = s.zombies[5] else {
            unreachable!()
        };
        s.zombies[5] = Zombie::FaceUp(c);
    });
    assert_eq!(why, "the phase does not match the zombies left");
}

// The phase: a reveal only while a zombie is face down, a draw only once
// none is.
#[test]
fn validate_refuses_a_reveal_or_draw_out_of_turn() {
    let why = damaged(&all_revealed(), |s| s.phase = Phase::Reveal);
    assert_eq!(why, "a reveal is due but no zombie is face down");
    let why = damaged(&mid_game(), |s| s.phase = Phase::Draw);
    assert_eq!(why, "a draw is due but a zombie is still face down");
}

// The phase: the card in hand fits a pile, and a loss for a card that fits
// no pile names a card that indeed fits none.
#[test]
fn validate_refuses_a_hand_that_does_not_match_the_phase() {
    let stuck = reached(|s| matches!(s.phase(), Phase::Lost(LossReason::NoLegalPile { .. })));
    let why = damaged(&stuck, |s| {
        s.phase = Phase::Place {
            drawn: s.drawn().unwrap(),
        }
    });
    assert!(why.contains("fits no pile"), "{why}");
    let placing = reached(|s| matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&placing, |s| {
        s.phase = Phase::Lost(LossReason::NoLegalPile {
            drawn: s.drawn().unwrap(),
        })
    });
    assert!(why.contains("fits a pile"), "{why}");
}

// The phase: a loss for an empty deck only with the deck empty.
#[test]
fn validate_refuses_an_empty_deck_loss_with_cards_left() {
    let why = damaged(&all_revealed(), |s| {
        s.phase = Phase::Lost(LossReason::DeckEmpty)
    });
    assert_eq!(why, "the game is lost for an empty deck that is not empty");
}

// The phase: the kill step on an existing pile, with a zombie to kill there.
#[test]
fn validate_refuses_a_kill_step_that_cannot_be() {
    let why = damaged(&killing(), |s| s.phase = Phase::Attack { pile: 200 });
    assert_eq!(why, "the attacking pile does not exist");
    // The centre pile has no zombie next to it.
    let why = damaged(&killing(), |s| s.phase = Phase::Attack { pile: 4 });
    assert_eq!(why, "the kill step with no zombie to kill");
}

// The undo record: the kill step always has the card just played.
#[test]
fn validate_refuses_a_kill_step_without_its_record() {
    let why = damaged(&killing(), |s| s.undoable = None);
    assert_eq!(why, "the kill step without the card just played");
}

// The undo record: its card is the top of its pile, with a card under it;
// its kill is a dead zombie next to that pile.
#[test]
fn validate_refuses_an_undo_record_that_does_not_match_the_cabin() {
    let cabin = "the undo record does not match the cabin";
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.pile = 200;
        }
    });
    assert_eq!(why, cabin);
    // Another pile: its top is another card.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.pile = (r.pile + 1) % PILES as u8;
        }
    });
    assert_eq!(why, cabin);
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.killed = Some(200);
        }
    });
    assert_eq!(why, cabin);
    // A kill recorded on a zombie not next to the pile.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            let far = (0..SPACES).find(|&z| ADJACENT_PILE[z] != r.pile as usize);
            r.killed = far.map(|z| z as u8);
        }
    });
    assert_eq!(why, cabin);
    // A kill recorded on a zombie still alive.
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            let space = r.killed.unwrap() as usize;
            let Zombie::Dead(c) = s.zombies[space] else {
                unreachable!()
            };
            // Another dead zombie stands in for it in the count.
            let up = (0..SPACES)
                .find(|&z| matches!(s.zombies[z], Zombie::FaceUp(_)))
                .unwrap();
            let Zombie::FaceUp(other) = s.zombies[up] else {
                unreachable!()
            };
            s.zombies[space] = Zombie::FaceUp(c);
            s.zombies[up] = Zombie::Dead(other);
        }
    });
    assert_eq!(why, cabin);
}

// The undo record: only while its turn may be taken back (ended in the
// reveal or draw step, open in the kill step).
#[test]
fn validate_refuses_an_undo_record_out_of_its_step() {
    let step = "the undo record does not match the step of the turn";
    let why = damaged(&killing(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.ended = true;
        }
    });
    assert_eq!(why, step);
    let why = damaged(&after_a_kill(), |s| {
        if let Some(r) = s.undoable.as_mut() {
            r.ended = false;
        }
    });
    assert_eq!(why, step);
    let placing = reached(|s| s.turns() > 0 && matches!(s.phase(), Phase::Place { .. }));
    let why = damaged(&placing, |s| {
        // A record of the last turn's placement kept into the next turn.
        let pile = (0..PILES).find(|&p| s.cabin[p].len() >= 2).unwrap();
        s.undoable = Some(TurnRecord {
            drawn: s.top(pile),
            pile: pile as u8,
            killed: None,
            ended: true,
        });
    });
    assert_eq!(why, step);
}

// Status reports who must act (the step) or the result.
#[test]
fn status_reports_the_step_or_the_result() {
    let state = State::new(Variant::Standard, 6);
    assert_eq!(state.status(), Status::Playing(Phase::Reveal));
    assert_eq!(
        placing(s(5)).status(),
        Status::Playing(Phase::Place { drawn: s(5) })
    );
    for err in [
        RuleError::GameOver,
        RuleError::NothingToUndo,
        RuleError::WrongStep {
            expected: Phase::Draw,
        },
        RuleError::CannotKill {
            space: 0,
            why: AttackFailure::KingNeedsSuit { suit: Suit::Clubs },
        },
    ] {
        assert!(!err.to_string().is_empty());
    }
}

// App ruling (statistics): a game counts as begun, so that abandoning it is a
// loss, from the first reveal until it is over.
#[test]
fn in_progress_from_the_first_reveal_until_the_end() {
    let mut state = State::new(Variant::Standard, 1);
    assert!(!state.in_progress(), "a fresh deal has no play to lose");
    state.apply(Action::Reveal(0)).unwrap();
    assert!(state.in_progress());
    while !state.is_over() {
        let action = state.legal_actions()[0];
        state.apply(action).unwrap();
    }
    assert!(
        !state.in_progress(),
        "a finished game is no longer in progress"
    );
}
