//! What a Detective Graves table reads: its seat's feed (see
//! [`crate::table::seat`]), the same wherever the game is kept, with the
//! game's readings of it, and what the seat keeps beside it: the case
//! results its players have gone past ([`CasesSeen`]).

use super::game::{placeable, unseen_case, DgGame};
use super::log::event_lines;
use crate::remote::guest::{feed, Guest};
use crate::table::controller::Table;
use crate::table::seat::SeatFeed;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{Action, Card, Event, Phase};
use leptos::prelude::*;

/// What a seat is shown of the game and how it acts, wherever the game is
/// kept (see [`crate::table::seat`]): everything the table draws.
pub type Feed = SeatFeed<DgGame, CasesSeen>;

/// How many case results this device's players have gone past: kept with
/// the game where it is kept ([`CasesSeen::kept_with`]), on the guest's
/// device alone on a guest ([`CasesSeen::on_device`]: the host is told
/// nothing), all of them in a replay ([`CasesSeen::all`]).
#[derive(Clone, Copy)]
pub struct CasesSeen {
    seen: Signal<usize>,
    set: Callback<usize>,
}

impl CasesSeen {
    /// The count this device's game keeps (`DgGame::cases_seen`).
    pub fn kept_with(table: Table<DgGame>) -> Self {
        CasesSeen {
            seen: Signal::derive(move || table.read(|g| g.cases_seen)),
            set: Callback::new(move |seen: usize| {
                table.note(|g| g.cases_seen = seen.min(g.state.results().len()));
            }),
        }
    }

    /// A count this device keeps on its own.
    pub fn on_device(seen: RwSignal<usize>) -> Self {
        CasesSeen {
            seen: seen.into(),
            set: Callback::new(move |n| seen.set(n)),
        }
    }

    /// Every case's result gone past: the desk shows the table.
    pub fn all() -> Self {
        CasesSeen {
            seen: Signal::stored(usize::MAX),
            set: Callback::new(|_| {}),
        }
    }

    /// How many (tracked).
    pub fn get(self) -> usize {
        self.seen.get()
    }

    /// How many (untracked).
    pub fn get_untracked(self) -> usize {
        self.seen.get_untracked()
    }

    pub fn set(self, seen: usize) {
        self.set.run(seen);
    }
}

impl Feed {
    /// The feed of this guest device's seat (see
    /// [`crate::remote::guest::feed`]), the case results gone past kept on
    /// this device alone (the host is told nothing). A guest that joins a
    /// game in progress does not see the results of the cases the players
    /// went past before it came.
    pub fn joined(guest: Guest<SeatView, Event, Action>) -> Self {
        let seen = RwSignal::new(0usize);
        let joined: Feed = feed(guest, CasesSeen::on_device(seen));
        let mut first = true;
        crate::ui::effect(move || {
            let Some(results) = joined.read(|s| Some(s.view.results().len())) else {
                return;
            };
            if first {
                seen.set(results);
            }
            first = false;
        });
        joined
    }
}

/// How many of `cards` would be placed (see [`placeable`]), from what the
/// seat knows alone: a dry run on a game consistent with the view. Whether
/// the seat's cards go down depends only on what it knows (its hand, the
/// piles, the trump, the turn), so any such game answers as the real one.
pub fn placeable_seen(view: &SeatView, cards: &[Card]) -> Result<usize, String> {
    placeable(&view.determinised(0), cards)
}

impl Feed {
    /// Reads the seat's view with the names at the table (tracked); `T`'s
    /// default while there is no game.
    pub fn seen<T: Default>(self, read: impl FnOnce(&[String], &SeatView) -> T) -> T {
        self.read(|shown| read(&shown.names, &shown.view))
    }

    /// The game's log as the seat learnt it (tracked).
    pub fn log(self) -> Vec<String> {
        self.read(|s| event_lines(&s.events, s.view.seat(), s.view.row(), &s.names))
    }

    /// The finished case whose result waits for this device's players to
    /// go on, if any (tracked).
    pub fn unseen_case(self) -> Option<usize> {
        let seen = self.kept.get();
        self.read(|s| unseen_case(seen, s.view.results()))
    }

    /// Goes on past case `case`'s result (kept where the seat keeps it).
    pub fn see_case(self, case: usize) {
        let played = self.read_untracked(|s| s.view.results().len());
        self.kept.set((case + 1).min(played));
    }

    /// Whether the game is over (tracked).
    pub fn is_over(self) -> bool {
        self.read(|s| s.view.phase() == Phase::Over)
    }

    /// How many of `cards` would be placed (see [`placeable_seen`]),
    /// untracked; `None` without a game, or while another tab's change
    /// waits.
    pub fn placeable(self, cards: &[Card]) -> Option<Result<usize, String>> {
        if self.changed_elsewhere() {
            return None;
        }
        self.shown
            .with_untracked(|s| s.as_ref().map(|s| placeable_seen(&s.view, cards)))
    }
}
#[cfg(test)]
mod tests {
    use super::super::game::NOBODY;
    use super::super::log::log_lines;
    use super::super::play::Feedback;
    use super::super::words::{case_report, final_result};
    use super::*;
    use crate::table::seat::{Shown, ShownOf};
    use engine::detective_graves::{Length, Level, Seat, SeatKind, State, Variant};
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

    /// What the seat at `seat` is shown (what a host sends its guest).
    fn shown(state: &State, seat: Seat) -> ShownOf<DgGame> {
        Shown {
            version: 0,
            names: names(),
            view: state.view(seat),
            events: state.events_seen_by(seat),
        }
    }

    /// The actions a test feed sent, each send's in one list.
    type Sent = Arc<Mutex<Vec<Vec<Action>>>>;

    /// A guest's feed of `shown` (what it keeps, on its device), its sent
    /// actions kept.
    fn guest_feed(
        shown: ShownOf<DgGame>,
    ) -> (
        Feed,
        RwSignal<Option<ShownOf<DgGame>>>,
        RwSignal<usize>,
        Sent,
    ) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let kept = sent.clone();
        let shown = RwSignal::new(Some(shown));
        let seen = RwSignal::new(0);
        let feed = Feed::new(
            Memo::new_owning(move |_| (shown.get(), true)),
            Signal::stored(true),
            Callback::new(move |(actions, _quiet)| kept.lock().unwrap().push(actions)),
            RwSignal::new(None),
            CasesSeen::on_device(seen),
        );
        (feed, shown, seen, sent)
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
                let (feed, ..) = guest_feed(shown(state, seat));
                assert_eq!(feed.log(), log_lines(state, seat, &names()));
                for case in 0..state.cases() {
                    let guest = feed.seen(|n, v| case_report(v, n, case));
                    assert_eq!(guest, case_report(&local, &names(), case));
                }
                assert_eq!(feed.is_over(), state.is_over());
                if state.is_over() {
                    let guest = feed.seen(|n, v| final_result(v, n));
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
        let (feed, shown_now, seen, sent) = guest_feed(shown(&state, Seat(1)));
        assert_eq!(feed.unseen_case(), None);
        super::super::game::tests::play_until(&mut state, |s| !s.results().is_empty());
        shown_now.set(Some(shown(&state, Seat(1))));
        assert_eq!(feed.unseen_case(), Some(0));
        feed.see_case(0);
        assert_eq!((seen.get(), feed.unseen_case()), (1, None));
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
            let (feed, _, _, sent) = guest_feed(shown(state, seat));
            let feedback = Feedback::new(feed);
            feed.refusal.set(Some("an earlier refusal".into()));
            feedback.selected.set(cards.clone());
            feedback.place();
            let placed: Vec<Action> = cards[..count].iter().map(|&c| Action::Place(c)).collect();
            assert_eq!(*sent.lock().unwrap(), [placed]);
            assert_eq!(feedback.selected.get(), cards[count..]);
            assert_eq!(feed.refusal.get(), None, "forgotten once sent");
            feedback.play(Action::EndPlay);
            assert_eq!(sent.lock().unwrap().len(), 2);
            assert!(feedback.selected.get().is_empty());
        });
        assert!(found, "no position places two cards");
    }
}
