//! Play across devices: what travels between the device that runs a game
//! (the host: it holds the state and keeps the save) and a device that
//! plays one of its seats (a guest: it holds only what the host sent).
//!
//! A guest sends its own seat's actions and nothing else ([`ToHost`]); the
//! host checks them against the state before anything changes ([`admit`]).
//! The host sends a guest its seat's view and the events as that seat may
//! learn them ([`ToGuest`], made by [`table_for`]): a seat's secrets never
//! leave the host for another seat's device.
//!
//! The app carries these as JSON over a data channel; the shapes here are
//! plain serde values, so that a hostile or garbled message is refused by
//! its type before it reaches a rule.

use crate::seats::Seat;
use crate::Multiplayer;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most actions one message may carry (a Detective Graves placing of a
/// whole hand is the longest: well under this).
pub const MAX_ACTIONS: usize = 16;

/// A guest's message to the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToHost<A> {
    /// "Send me my seat's table": on joining, and again after a reconnection.
    Hello,
    /// Actions for the guest's own seat, applied in order, all or none.
    /// `version` is the table's version the guest saw when it chose them
    /// (see [`ToGuest::Table`]): once the game has moved on, they are
    /// refused rather than applied to a table the guest has not seen.
    Act { version: u32, actions: Vec<A> },
}

/// The host's message to a guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToGuest<V, E> {
    /// The guest's seat's table: its view after `version` changes, the
    /// names at the table, and the game's log as the seat learnt it (the
    /// whole of it: a guest that reconnects needs no other message).
    Table {
        version: u32,
        names: Vec<String>,
        view: V,
        log: Vec<E>,
    },
    /// The guest's last message changed nothing, and why.
    Refused { why: String },
}

/// Why the host refuses a guest's actions. The state is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal<E> {
    /// The message carried no action, or more than [`MAX_ACTIONS`].
    Count,
    /// The table changed since the guest saw it.
    Stale,
    /// Another seat must act (or the game is over).
    NotYourTurn,
    /// The rules refuse this action: the engine's reason.
    Illegal(E),
}

impl<E: fmt::Display> fmt::Display for Refusal<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Count => write!(f, "The message held no action, or too many."),
            Refusal::Stale => write!(f, "The table changed before this arrived: look again."),
            Refusal::NotYourTurn => write!(f, "It is not your turn."),
            Refusal::Illegal(why) => write!(f, "{why}"),
        }
    }
}

/// Whether `actions`, sent by the device that plays `seat` when it saw
/// `version` of a table now at `current`, may be applied to `state`: each
/// must be that seat's to make when it comes, and legal then. Worked out on
/// a copy, so that the host applies all of them or none; the copy's events
/// come back with it.
pub fn admit<G: Multiplayer>(
    state: &G,
    seat: Seat,
    version: u32,
    current: u32,
    actions: &[G::Action],
) -> Result<Vec<G::Event>, Refusal<G::Error>> {
    if actions.is_empty() || actions.len() > MAX_ACTIONS {
        return Err(Refusal::Count);
    }
    if version != current {
        return Err(Refusal::Stale);
    }
    let mut trial = state.clone();
    let mut events = Vec::new();
    for action in actions {
        if trial.to_act() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        events.extend(trial.apply(action.clone()).map_err(Refusal::Illegal)?);
    }
    Ok(events)
}

/// What the host sends the device playing `seat`: its view of `state`,
/// the names, and `log`, which must be the game's events as that seat
/// learnt them (each redacted in its own time: a game's own
/// `events_seen_by`, or its events passed through [`Multiplayer::redact`]
/// as they happened).
pub fn table_for<G: Multiplayer>(
    state: &G,
    seat: Seat,
    version: u32,
    names: &[String],
    log: Vec<G::Event>,
) -> ToGuest<G::SeatView, G::Event> {
    ToGuest::Table {
        version,
        names: names.to_vec(),
        view: state.view(seat),
        log,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detective_graves::{self as dg, Variant};
    use crate::joker;
    use crate::seats::{Level, SeatKind};
    use crate::serial_killer as sk;
    use crate::Game;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg32;

    /// Plays `state` with random legal actions, calling `each` before every
    /// action with the state and the action about to be made.
    fn random_game<G: Multiplayer>(mut state: G, seed: u64, mut each: impl FnMut(&G, &G::Action)) {
        let mut rng = Pcg32::seed_from_u64(seed);
        for _ in 0..2_000 {
            let legal = state.legal_actions();
            if state.is_over() || legal.is_empty() {
                return;
            }
            let action = legal[rng.random_range(0..legal.len())].clone();
            each(&state, &action);
            state.apply(action).expect("a legal action applies");
        }
    }

    /// Every refusal, for one game: another seat's action, a stale one, an
    /// empty or overlong message, an illegal action; the state never
    /// changes, and an admitted action's events are those `apply` gives.
    fn check_refusals<G: Multiplayer>(state: G, seed: u64) {
        random_game(state, seed, |state, action| {
            let before = state.clone();
            let Some(actor) = state.to_act() else { return };
            let other = Seat::new((actor.index() + 1) % state.seat_count());
            let one = std::slice::from_ref(action);
            assert_eq!(admit(state, other, 4, 4, one), Err(Refusal::NotYourTurn));
            assert_eq!(admit(state, actor, 3, 4, one), Err(Refusal::Stale));
            assert_eq!(admit::<G>(state, actor, 4, 4, &[]), Err(Refusal::Count));
            let many = vec![action.clone(); MAX_ACTIONS + 1];
            assert_eq!(admit(state, actor, 4, 4, &many), Err(Refusal::Count));
            if let Some(illegal) = state
                .action_space()
                .into_iter()
                .find(|a| state.check(a).is_err())
            {
                let why = state.check(&illegal).unwrap_err();
                assert_eq!(
                    admit(state, actor, 4, 4, &[illegal]),
                    Err(Refusal::Illegal(why))
                );
            }
            let mut applied = state.clone();
            let events = applied.apply(action.clone()).unwrap();
            assert_eq!(admit(state, actor, 4, 4, one), Ok(events));
            assert_eq!(*state, before, "admitting never changes the state");
        });
    }

    fn sk_deal(seed: u64) -> sk::State {
        let kinds = [
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
            SeatKind::Person,
        ];
        sk::State::new(&kinds, seed).unwrap()
    }

    fn joker_deal(seed: u64) -> joker::State {
        let kinds = [SeatKind::Person, SeatKind::Person, SeatKind::Person];
        joker::State::new(&kinds, seed).unwrap()
    }

    fn dg_deal(seed: u64) -> dg::State {
        dg::State::new([SeatKind::Person; 2], Seat(0), Variant::default(), seed).unwrap()
    }

    #[test]
    fn a_guest_acts_only_for_its_own_seat_only_legally_and_all_or_none() {
        for seed in 0..6 {
            check_refusals(sk_deal(seed), seed);
            check_refusals(joker_deal(seed), seed);
            check_refusals(dg_deal(seed), seed);
        }
    }

    /// Several actions are applied all or none: a legal first action
    /// followed by one the rules refuse changes nothing.
    #[test]
    fn a_refused_action_among_several_refuses_all() {
        let state = dg_deal(1);
        let seat = state.to_act().unwrap();
        let first = state.legal_actions()[0];
        let mut after = state.clone();
        after.apply(first).unwrap();
        let illegal = after
            .action_space()
            .into_iter()
            .find(|a| after.check(a).is_err())
            .unwrap();
        let result = admit(&state, seat, 0, 0, &[first, illegal]);
        assert!(matches!(
            result,
            Err(Refusal::Illegal(_)) | Err(Refusal::NotYourTurn)
        ));
    }

    /// What a guest is sent is its seat's view and its redacted events,
    /// nothing else: the same table for two games that differ only in what
    /// the seat may not know (others' hands, the decks' order).
    #[test]
    fn a_guest_table_holds_only_what_its_seat_may_know() {
        for seed in 0..4 {
            random_game(dg_deal(seed), seed, |state, _| {
                for seat in [Seat(0), Seat(1)] {
                    let log = state.events_seen_by(seat);
                    let sent = table_for(state, seat, 1, &[], log);
                    let mut rng = Pcg32::seed_from_u64(seed);
                    let other = state.redeal(seat, &mut rng);
                    let again = table_for(&other, seat, 1, &[], other.events_seen_by(seat));
                    assert_eq!(sent, again, "seed {seed}");
                }
            });
            random_game(joker_deal(seed), seed, |state, _| {
                for seat in Seat::all(state.seat_count()) {
                    let sent = table_for::<joker::State>(state, seat, 1, &[], vec![]);
                    let other = state.redeal(seat, seed);
                    assert_eq!(sent, table_for(&other, seat, 1, &[], vec![]));
                }
            });
            random_game(sk_deal(seed), seed, |state, _| {
                for seat in Seat::all(state.seat_count()) {
                    let sent = table_for::<sk::State>(state, seat, 1, &[], vec![]);
                    let other = state.redeal(seed);
                    assert_eq!(sent, table_for(&other, seat, 1, &[], vec![]));
                }
            });
        }
    }

    /// The refusals read as sentences the table can show.
    #[test]
    fn refusals_say_why() {
        let r: Refusal<String> = Refusal::NotYourTurn;
        assert_eq!(r.to_string(), "It is not your turn.");
        assert!(Refusal::<String>::Stale.to_string().contains("look again"));
        assert_eq!(Refusal::Illegal("No.".to_string()).to_string(), "No.");
    }
}
