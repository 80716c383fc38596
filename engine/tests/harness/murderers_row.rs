//! Murderers' Row in the harness: its [`Spec`], how its events must agree
//! with the change of state (an undo's row against a replay), and its tests.

use super::*;
use engine::murderers_row::{Action, Event, Killer, Phase, Slot, State, Target};

fn at(row: &[Slot], card: Killer) -> usize {
    row.iter()
        .position(|s| s.card == card)
        .unwrap_or_else(|| panic!("the {card} is not in the row {row:?}"))
}

/// The events of one action agree with the change it made: played on
/// the state before (its row, dead pile, history, poison, die deck and
/// discard, phase, counts), they give the state after. An undo's
/// restored row is checked against a replay of the moves that stand.
fn events(before: &State, after: &State, events: &[Event]) {
    let fail = |what: &str| -> ! {
        panic!("{what}: events {events:?}\nbefore {before:?}\nafter {after:?}")
    };
    let mut row = before.row();
    let mut dead = before.dead().to_vec();
    let mut history = before.history().to_vec();
    let mut poison = before.poison_pending();
    // Whose activation this is, and the effect it uses.
    let (mut actor, mut effect) = (None, None);
    let mut die = None;
    let mut reshuffled = None;
    let mut taken = None;
    let mut choice = None;
    let mut end = None;
    let (mut activated, mut undone, mut hinted) = (false, false, false);
    let choosing = matches!(before.phase(), Phase::AirStrike { .. });
    if let (Phase::AirStrike { actor: a, target }, false) =
        (before.phase(), events == [Event::Hinted])
    {
        // An Air Strike's choice: its activation is under way.
        let Some(&Action::AlsoKill(second)) = after.history().last() else {
            fail("no Air Strike choice in the history");
        };
        // Both die, in the order of the row (the dead pile's).
        let (t, n) = (at(&row, target), at(&row, second));
        let kills = [
            Event::Killed(row[t.min(n)].card),
            Event::Killed(row[t.max(n)].card),
        ];
        if t.abs_diff(n) != 1 || !events.starts_with(&kills) {
            fail("the Air Strike's two kills");
        }
        history.push(Action::AlsoKill(second));
        actor = Some(a);
    }
    for (i, event) in events.iter().enumerate() {
        match *event {
            Event::Activated { card, copying } => {
                if i != 0 || activated {
                    fail("an activation is not the first event");
                }
                activated = true;
                let Some(&Action::Activate {
                    card: c,
                    copying: k,
                    target,
                }) = after.history().last()
                else {
                    fail("no activation in the history");
                };
                if (c, k) != (card, copying) || !row[at(&row, card)].active {
                    fail("not the activation played, or an inactive card");
                }
                history.push(Action::Activate {
                    card,
                    copying,
                    target,
                });
                actor = Some(card);
                effect = Some(copying.unwrap_or(card));
            }
            Event::DieTurned {
                direction,
                card,
                pips,
            } => {
                let aimed = matches!(history.last(),
                    Some(Action::Activate { target: Target::Random(d), .. }) if *d == direction);
                if !aimed || pips != card.pips() || die.is_some() {
                    fail("a die card turned for another direction, or the wrong pips");
                }
                if !before.die_deck_contents().contains(&card) {
                    fail("the die card turned was not in the die deck");
                }
                die = Some(card);
            }
            Event::DieReshuffled { cards } => {
                if die.is_none() {
                    fail("a reshuffle with no die card turned");
                }
                reshuffled = Some(usize::from(cards));
            }
            Event::Shot { distance, hit } => {
                let Some(card) = die else {
                    fail("a shot with no die card");
                };
                let from = at(&row, actor.unwrap_or_else(|| fail("no actor")));
                let reached = match history.last() {
                    Some(Action::Activate {
                        target: Target::Random(engine::murderers_row::Direction::Left),
                        ..
                    }) => from.checked_sub(usize::from(distance)),
                    _ => Some(from + usize::from(distance)).filter(|&j| j < row.len()),
                };
                if distance != card.pips() || hit != reached.map(|j| row[j].card) {
                    fail("the shot did not hit what the die card says");
                }
            }
            Event::Killed(card) => {
                if taken == Some(card) {
                    taken = None;
                } else {
                    row.remove(at(&row, card));
                }
                dead.push(card);
            }
            Event::Swapped(x, y) => {
                if effect != Some(Killer::ConMan) {
                    fail("a swap by another effect than the Con Man's");
                }
                let (i, j) = (at(&row, x), at(&row, y));
                row.swap(i, j);
            }
            Event::TookPlace { card, of } => {
                if actor != Some(card) || !matches!(effect, Some(Killer::Assassin | Killer::Knight))
                {
                    fail("a place taken by another card than the acting one");
                }
                let (from, to) = (at(&row, card), at(&row, of));
                row[to] = row[from];
                row.remove(from);
                taken = Some(of);
            }
            Event::Woke(card) => {
                let j = at(&row, card);
                if row[j].active || !matches!(effect, Some(Killer::Medic | Killer::Bugler)) {
                    fail("an active card woken, or not by a Medic or a Bugler");
                }
                row[j].active = true;
            }
            Event::AirStrikeChoice { target } => {
                if effect != Some(Killer::AirStrike) {
                    fail("an Air Strike choice for another effect");
                }
                choice = Some(target);
            }
            Event::MadeInactive(card) => {
                let j = at(&row, card);
                if actor != Some(card) || !row[j].active || poison {
                    fail("another card made inactive, or a poisoned one");
                }
                row[j].active = false;
            }
            Event::PoisonUsed { card, died } => {
                if actor != Some(card) || !poison {
                    fail("a poison used with none pending, or on another card");
                }
                poison = false;
                if died {
                    row.remove(at(&row, card));
                    dead.push(card);
                } else if row.iter().any(|s| s.card == card) {
                    fail("the poisoned card lives on");
                }
            }
            Event::PoisonPending => {
                if effect != Some(Killer::Poisoner) || poison {
                    fail("a new poison from another effect, or while one was pending");
                }
                poison = true;
            }
            Event::Undone {
                action,
                ref revived,
            } => {
                if events.len() != 1 || history.pop() != Some(action) {
                    fail("undo took back another action than the last");
                }
                let keep = dead.len().checked_sub(revived.len());
                let Some(keep) = keep.filter(|&k| dead[k..] == revived[..]) else {
                    fail("the revived cards are not the last dead");
                };
                dead.truncate(keep);
                undone = true;
            }
            Event::Hinted => {
                if events.len() != 1 {
                    fail("a hint with other events");
                }
                hinted = true;
            }
            Event::Won | Event::Lost => {
                if i + 1 != events.len() {
                    fail("the game's end is not the last event");
                }
                end = Some(event.clone());
            }
        }
    }
    if events.is_empty() {
        fail("no events");
    }
    if history != after.history() {
        fail("the history");
    }
    if dead != after.dead() {
        fail("the dead pile");
    }
    let assisted = before.assisted() || undone || hinted;
    if after.assisted() != assisted {
        fail("assisted");
    }
    // The die deck and discard, and the last die card.
    let mut deck = before.die_deck_contents();
    let mut discard = before.die_discard().to_vec();
    if let Some(card) = die {
        deck.retain(|&c| c != card);
        discard.push(card);
        if let Some(cards) = reshuffled {
            deck.append(&mut discard);
            deck.sort();
            if deck.len() != cards {
                fail("the reshuffled die deck's size");
            }
        }
    }
    if after.die_deck_contents() != deck || after.die_discard() != discard {
        fail("the die deck or its discard");
    }
    let last_die = match (die, activated) {
        (Some(card), _) => Some(card),
        (None, true) => None,
        (None, false) => before.last_die(),
    };
    if after.last_die() != last_die {
        fail("the last die card");
    }
    let finished = u16::from((activated && choice.is_none()) || (choosing && !hinted));
    let activations = before.activations() + finished - u16::from(undone);
    if after.activations() != activations {
        fail("the count of activations");
    }
    if undone {
        // The position before the activation taken back: what its moves
        // give when replayed from the deal.
        let replayed =
            State::restore(after.seed(), after.history(), true).expect("the moves replay");
        if replayed.row() != after.row()
            || replayed.poison_pending() != after.poison_pending()
            || replayed.phase() != after.phase()
            || after.phase() != Phase::Activate
        {
            fail("undo did not restore the position before the activation");
        }
        return;
    }
    if row != after.row() {
        fail("the row");
    }
    if poison != after.poison_pending() {
        fail("the poison");
    }
    let phase = match (end, choice) {
        (Some(Event::Won), _) => Phase::Won,
        (Some(_), _) => Phase::Lost,
        (None, Some(target)) => Phase::AirStrike {
            actor: actor.unwrap_or_else(|| fail("no actor")),
            target,
        },
        (None, None) if hinted => before.phase(),
        (None, None) => Phase::Activate,
    };
    if after.phase() != phase {
        fail("the phase");
    }
    if let Phase::AirStrike { target, .. } = phase {
        let j = at(&row, target);
        if j == 0 || j + 1 == row.len() {
            fail("an Air Strike choice with a card missing on one side");
        }
    }
}

/// 10,000 random deals; `cargo test` plays the first 5,000.
const SEEDS: Seeds = Seeds {
    quick: 5_000,
    all: 10_000,
};

/// Random play can cycle (the Medic and the Bugler revive each other, the
/// Con Man swaps, the die deck is reshuffled), so no bound holds for
/// every game; a game still running after this many actions is stopped
/// and counted. With 10 cards and one kill needed per few activations a
/// finished game is far shorter (see `longest` in the output).
const MAX_ACTIONS: usize = 400;

fn check_games(seeds: Range<u64>) {
    let start = std::time::Instant::now();
    let games = seeds.end - seeds.start;
    let spec = Spec {
        deal: State::new,
        deck: |_| Killer::ALL.to_vec(),
        key: |card: &Killer| card.index(),
        is_takeback: |action| *action == Action::Undo,
        max_takebacks: 4,
        max_actions: MAX_ACTIONS,
        may_cycle: true,
        // About 1,600 actions in the space: try one in 40 per step.
        illegal_every: 40,
        bot: None,
        check: None,
        events,
        views: None,
        // The app saves this game as its deal and moves (tested there).
    };
    let totals = run(&spec, seeds);
    println!("Murderers' Row: {totals:?} in {:.1?}", start.elapsed());
    assert_eq!(totals.games, games);
    assert!(totals.takebacks > 0, "undo was never played");
    // Cycling forever must stay rare under random play.
    assert!(totals.unfinished * 100 < games, "{totals:?}");
}

#[test]
fn murderers_row_random_games() {
    check_games(SEEDS.quick());
}

#[test]
#[ignore]
fn murderers_row_random_games_all() {
    check_games(SEEDS.rest());
}
