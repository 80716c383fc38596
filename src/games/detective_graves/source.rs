//! A Detective Graves table's readings of its game, wherever it comes
//! from (see [`crate::remote::source`]): this device's game, or what a
//! guest device was sent for its seat. The table's components read either
//! through [`with_view`], so that one desk draws both.

use super::game::{placeable, unseen_case, DgGame};
use super::log::{event_lines, log_lines};
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{Card, Phase, Seat};
use engine::Game;
use leptos::prelude::*;

/// Where the table's game comes from; a guest keeps how many case results
/// it has gone past (on that device only: the host is told nothing).
pub type Source = crate::remote::source::Source<DgGame, RwSignal<usize>>;
/// A game the host's device keeps.
pub type Remote = crate::remote::source::Remote<DgGame, RwSignal<usize>>;

/// Reads the game through `viewer`'s eyes (tracked), with the names at the
/// table; `T`'s default while there is no game. A remote game is read
/// through the view received, whose seat is the viewer.
pub fn with_view<T: Default>(
    source: Source,
    viewer: Seat,
    read: impl FnOnce(&[String], &SeatView) -> T,
) -> T {
    match source {
        Source::Local(table) => table.read(|g| read(&g.names, &g.state.view(viewer))),
        Source::Remote(remote) => remote.read(|r| read(&r.names, &r.view)),
    }
}

/// [`placeable`] on a guest device, which has no state: dry run on a game
/// consistent with the view. Whether the seat's cards go down depends only
/// on what it knows (its hand, the piles, the trump, the turn), so any such
/// game answers as the host's will.
pub fn placeable_seen(view: &SeatView, cards: &[Card]) -> Result<usize, String> {
    placeable(&view.determinised(0), cards)
}

impl Source {
    /// The game's log as `viewer` learnt it (tracked).
    pub fn log_lines(self, viewer: Seat) -> Vec<String> {
        match self {
            Source::Local(table) => table.read(|g| log_lines(&g.state, viewer, &g.names)),
            Source::Remote(remote) => {
                remote.read(|r| event_lines(&r.events, r.view.seat(), r.view.row(), &r.names))
            }
        }
    }

    /// The finished case whose result waits for this device's players to go
    /// on, if any (tracked).
    pub fn unseen_case(self) -> Option<usize> {
        match self {
            Source::Local(table) => table.read(DgGame::unseen_case),
            Source::Remote(remote) => {
                let seen = remote.kept.get();
                remote
                    .received
                    .with(|r| r.as_ref().and_then(|r| unseen_case(seen, r.view.results())))
            }
        }
    }

    /// Goes on past case `case`'s result: kept with the game here, on this
    /// device only for a remote one (the host is told nothing).
    pub fn see_case(self, case: usize) {
        match self {
            Source::Local(table) => {
                table.note(|g| g.cases_seen = (case + 1).min(g.state.results().len()));
            }
            Source::Remote(remote) => {
                let played = remote
                    .received
                    .with_untracked(|r| r.as_ref().map_or(0, |r| r.view.results().len()));
                remote.kept.set((case + 1).min(played));
            }
        }
    }

    /// Whether the game is over (tracked).
    pub fn is_over(self) -> bool {
        match self {
            Source::Local(table) => table.read(|g| g.state.is_over()),
            Source::Remote(remote) => remote.read(|r| r.view.phase() == Phase::Over),
        }
    }

    /// How many of `cards` would be placed (see [`placeable`]), untracked;
    /// `None` without a game, or while another tab's change waits.
    pub fn placeable(self, cards: &[Card]) -> Option<Result<usize, String>> {
        match self {
            Source::Local(table) => {
                if table.ctx.changed_elsewhere.get_untracked() {
                    return None;
                }
                table
                    .ctx
                    .game
                    .with_untracked(|g| g.as_ref().map(|g| placeable(&g.state, cards)))
            }
            Source::Remote(remote) => remote
                .received
                .with_untracked(|r| r.as_ref().map(|r| placeable_seen(&r.view, cards))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::NOBODY;
    use super::super::play::Feedback;
    use super::super::words::{case_report, final_result};
    use super::*;
    use crate::remote::guest::Received;
    use engine::detective_graves::{Action, Event, Length, Level, SeatKind, State, Variant};
    use engine::{Game, Multiplayer};
    use std::sync::{Arc, Mutex};

    /// A small generator for the tests' choices (the app has none).
    struct Dice(u64);

    impl Dice {
        fn roll(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    fn names() -> Vec<String> {
        vec!["Ana".into(), "Ben".into()]
    }

    /// Plays `games` seeded games of varied variants to their end, half the
    /// actions the Simple computer's and half any legal one, showing
    /// `visit` every state reached.
    fn random_games(games: u64, mut visit: impl FnMut(&State, &mut Dice)) {
        for seed in 0..games {
            let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let variant = Variant {
                knows_all: seed % 3 == 1,
                length: if seed % 4 == 0 {
                    Length::SingleCase
                } else {
                    Length::CasePairs(1)
                },
                life_is_pain: seed % 5 == 2,
            };
            let first = Seat((seed % 2) as u8);
            let mut state = State::new([SeatKind::Person; 2], first, variant, seed).unwrap();
            let mut steps = 0;
            loop {
                visit(&state, &mut dice);
                let Some(seat) = state.to_act() else { break };
                let action = if dice.roll(2) == 0 {
                    State::bot_action(&state.view(seat), Level::Simple, state.bot_seed())
                } else {
                    let legal = state.legal_actions();
                    legal[dice.roll(legal.len())]
                };
                state.apply(action).unwrap();
                steps += 1;
                assert!(steps < 20_000, "game {seed} does not end");
            }
        }
    }

    /// What a host sends the guest at `seat`.
    fn received(state: &State, seat: Seat) -> Received<SeatView, Event> {
        Received {
            version: 0,
            names: names(),
            view: state.view(seat),
            events: state.events_seen_by(seat),
        }
    }

    /// A guest's table of `received`, its sent actions kept.
    fn remote(received: Received<SeatView, Event>) -> (Remote, Arc<Mutex<Vec<Vec<Action>>>>) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let kept = sent.clone();
        let remote = Remote {
            received: RwSignal::new(Some(received)),
            send: Callback::new(move |actions| kept.lock().unwrap().push(actions)),
            refusal: RwSignal::new(None),
            kept: RwSignal::new(0),
        };
        (remote, sent)
    }

    // A guest has no state: its dry run of a placing is made on a game
    // dealt from its view, and must answer as the host's real game does.
    #[test]
    fn placing_from_the_view_alone_answers_as_from_the_game() {
        let mut compared = 0;
        let mut placed_some = 0;
        random_games(60, |state, dice| {
            if !matches!(state.phase(), Phase::Play | Phase::MustPlace) {
                return;
            }
            let Some(seat) = state.to_act() else { return };
            let view = state.view(seat);
            for _ in 0..4 {
                // Some of the hand in any order, now and then a card from
                // elsewhere or one twice.
                let mut hand = view.hand().to_vec();
                let mut cards = Vec::new();
                for _ in 0..=dice.roll(4) {
                    match dice.roll(8) {
                        0 => cards.push(Card::all()[dice.roll(Card::all().len())]),
                        1 if !cards.is_empty() => cards.push(cards[0]),
                        _ if !hand.is_empty() => cards.push(hand.remove(dice.roll(hand.len()))),
                        _ => {}
                    }
                }
                let real = placeable(state, &cards);
                assert_eq!(placeable_seen(&view, &cards), real, "{cards:?}");
                compared += 1;
                placed_some += usize::from(matches!(real, Ok(n) if n > 0));
            }
        });
        assert!(
            compared > 1000 && placed_some > 300,
            "{compared} {placed_some}"
        );
    }

    // Everything the guest's table says about a finished case, the game's
    // end and the log comes from what the host sends it: the same as the
    // local table says from the game.
    #[test]
    fn the_guest_reads_the_results_and_the_log_as_the_local_table() {
        let mut checked = 0;
        random_games(40, |state, dice| {
            if dice.roll(10) != 0 && !state.is_over() {
                return;
            }
            let local = state.view(NOBODY);
            assert_eq!(local.results(), state.results());
            assert_eq!(local.cases(), state.cases());
            for seat in [Seat(0), Seat(1)] {
                let (remote, _) = remote(received(state, seat));
                let source = Source::Remote(remote);
                assert_eq!(source.log_lines(seat), log_lines(state, seat, &names()));
                for case in 0..state.cases() {
                    let guest = with_view(source, seat, |n, v| case_report(v, n, case));
                    assert_eq!(guest, case_report(&local, &names(), case));
                }
                assert_eq!(source.is_over(), state.is_over());
                if state.is_over() {
                    let guest = with_view(source, seat, |n, v| final_result(v, n));
                    let names = names();
                    let winner = |seat: Seat| names[seat.index()].clone();
                    let title = match state.winners() {
                        [one] => format!("{} wins", winner(*one)),
                        _ => "A draw".into(),
                    };
                    let detail = format!(
                        "Ana {}, Ben {}.",
                        state.points(Seat(0)),
                        state.points(Seat(1))
                    );
                    assert_eq!(guest, (title, detail, !state.winners().is_empty()));
                }
            }
            checked += 1;
        });
        assert!(checked > 100, "{checked}");
    }

    // A case's result shows on the guest until its player goes on (kept on
    // that device only), and again for the next game the host starts.
    #[test]
    fn the_guest_goes_past_each_case_result_itself() {
        let mut state = State::new([SeatKind::Person; 2], Seat(0), Variant::default(), 7).unwrap();
        let (remote, sent) = remote(received(&state, Seat(1)));
        let source = Source::Remote(remote);
        assert_eq!(source.unseen_case(), None);
        super::super::game::tests::play_until(&mut state, |s| !s.results().is_empty());
        remote.received.set(Some(received(&state, Seat(1))));
        assert_eq!(source.unseen_case(), Some(0));
        source.see_case(0);
        assert_eq!((remote.kept.get(), source.unseen_case()), (1, None));
        assert!(sent.lock().unwrap().is_empty(), "the host is told nothing");
    }

    // The guest's actions go to the host: one at a time, and a placing of
    // several cards as one message with as many as the dry run allows.
    #[test]
    fn the_guest_sends_its_actions_and_placings_whole() {
        let mut found = false;
        random_games(30, |state, _| {
            if found || state.phase() != Phase::Play {
                return;
            }
            let Some(seat) = state.to_act() else { return };
            let hand = state.view(seat).hand().to_vec();
            let cards: Vec<Card> = hand.iter().copied().take(3).collect();
            let Ok(count) = placeable(state, &cards) else {
                return;
            };
            if count < 2 {
                return;
            }
            found = true;
            let (remote, sent) = remote(received(state, seat));
            let feedback = Feedback::new(Source::Remote(remote));
            remote.refusal.set(Some("an earlier refusal".into()));
            feedback.selected.set(cards.clone());
            feedback.place();
            let placed: Vec<Action> = cards[..count].iter().map(|&c| Action::Place(c)).collect();
            assert_eq!(*sent.lock().unwrap(), [placed]);
            assert_eq!(feedback.selected.get(), cards[count..]);
            assert_eq!(remote.refusal.get(), None, "forgotten once sent");
            feedback.play(Action::EndPlay);
            assert_eq!(sent.lock().unwrap().len(), 2);
            assert!(feedback.selected.get().is_empty());
        });
        assert!(found, "no position places two cards");
    }
}
