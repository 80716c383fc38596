//! A Joker table's readings of its game, wherever it comes from (see
//! [`crate::remote::source`]): this device's game, or what a guest device
//! was sent for its seat.

use super::game::JokerGame;
use engine::joker::{Action, Cell, CellSet, Phase, Seat, SeatView};
use engine::Game;
use leptos::prelude::*;

/// Where the table's game comes from; a guest keeps its seat's notepad:
/// its player's private marks, on that device only (see `super::join`).
pub type Source = crate::remote::source::Source<JokerGame, RwSignal<CellSet>>;
/// A game the host's device keeps.
pub type Remote = crate::remote::source::Remote<JokerGame, RwSignal<CellSet>>;

impl Source {
    /// Reads the table as everyone may see it (tracked), with the names;
    /// `T`'s default while there is no game. Here, the view of the
    /// Vigilante whose turn it is; on a guest, its own seat's (the Joker's
    /// cell in it only when it is the Informant, and no public part reads
    /// it).
    pub fn with_table<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.table_view(), &g.names)),
            Source::Remote(remote) => remote.read(|r| read(&r.view, &r.names)),
        }
    }

    /// Reads the Informant's view (tracked): here, the round's Informant's;
    /// on a guest, its own, which holds the Joker's cell only when it is
    /// the Informant.
    pub fn with_informant<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        match self {
            Source::Local(table) => table.read(|g| read(&g.informant_view(), &g.names)),
            Source::Remote(_) => self.with_table(read),
        }
    }

    /// The person at this device who must act now, if any (tracked): never
    /// a computer, nor a seat on another device.
    pub fn person_to_act(self) -> Option<Seat> {
        match self {
            Source::Local(table) => table.read(JokerGame::person_to_act),
            Source::Remote(_) => self.with_table(|v, _| v.must_act().then(|| v.seat())),
        }
    }

    /// Whether the person at this device must answer a probe as the
    /// Informant (tracked).
    pub fn informant_answers(self) -> bool {
        let answering = self
            .with_table(|v, _| matches!(v.phase(), Phase::Answer { .. }).then(|| v.informant()));
        answering.is_some() && self.person_to_act() == answering
    }

    /// The seat on another device that must act now, with its name, as the
    /// host sees it (tracked).
    pub fn remote_to_act(self) -> Option<String> {
        match self {
            Source::Local(table) => table.read(|g| g.remote_to_act().map(|seat| g.name(seat))),
            Source::Remote(_) => None,
        }
    }

    /// `seat`'s notepad (tracked).
    pub fn notes(self, seat: Seat) -> Option<CellSet> {
        match self {
            Source::Local(table) => table.read(|g| g.notes.get(seat.index()).copied()),
            Source::Remote(remote) => Some(remote.kept.get()),
        }
    }

    /// Marks `cell` on `seat`'s notepad, or takes the mark off: kept with
    /// the game here, on the guest's device for a remote seat.
    pub fn toggle_mark(self, seat: Seat, cell: Cell) {
        match self {
            Source::Local(table) => table.note(|g| g.toggle_mark(seat, cell)),
            Source::Remote(remote) => remote.kept.update(|notes| {
                if notes.contains(cell) {
                    notes.remove(cell);
                } else {
                    notes.insert(cell);
                }
            }),
        }
    }

    /// The engine's reason to refuse `action` now, if it can be told here
    /// (untracked). A guest, which has no state, asks its view: an action
    /// it does not list goes to the host, whose engine gives the reason.
    pub fn refusal(self, action: Action) -> Option<engine::joker::RuleError> {
        match self {
            Source::Local(table) => table
                .ctx
                .game
                .with_untracked(|g| g.as_ref()?.state.check(&action).err()),
            Source::Remote(_) => None,
        }
    }

    /// Whether `action` is one the guest's view lists as legal (always for
    /// a local game, which asks its engine: see [`Source::refusal`]).
    pub fn may(self, action: Action) -> bool {
        match self {
            Source::Local(_) => true,
            Source::Remote(remote) => remote.received.with_untracked(|r| {
                r.as_ref()
                    .is_some_and(|r| r.view.legal_actions().contains(&action))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::feedback::Feedback;
    use super::super::game::testing::{answer_lowest, plans};
    use super::super::game::Mode;
    use super::*;
    use engine::joker::SeatKind;
    use std::sync::{Arc, Mutex};

    /// Ana, Ben and Cy, people; Ana informs the first round.
    fn game() -> JokerGame {
        JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 4).unwrap()
    }

    /// A guest's table of `seat`'s view of `game`, its sent actions kept.
    fn guest(game: &JokerGame, seat: Seat) -> (Source, Remote, Arc<Mutex<Vec<Vec<Action>>>>) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let kept = sent.clone();
        let remote = Remote {
            received: RwSignal::new(Some(crate::remote::guest::Received {
                version: 1,
                names: game.names.clone(),
                view: game.state.view(seat),
                events: game.state.log().to_vec(),
            })),
            send: Callback::new(move |actions| kept.lock().unwrap().push(actions)),
            refusal: RwSignal::new(None),
            kept: RwSignal::new(CellSet::EMPTY),
        };
        (Source::Remote(remote), remote, sent)
    }

    // The guest's seat plays the grid in its turn and the Informant's
    // screen when it must answer, from its view alone.
    #[test]
    fn a_guest_plays_its_turns_and_answers_as_informant_from_its_view() {
        let mut game = game();
        let (ben, _, _) = guest(&game, Seat(1));
        assert_eq!(ben.person_to_act(), Some(Seat(1)), "Ben opens the round");
        assert!(!ben.informant_answers());
        let (ana, _, _) = guest(&game, Seat(0));
        assert_eq!(ana.person_to_act(), None);
        game.state.apply(Action::Probe(Cell(3))).unwrap();
        let (ana, _, _) = guest(&game, Seat(0));
        assert!(ana.informant_answers());
        assert!(ana.with_informant(|v, _| v.joker()).is_some());
        let (ben, _, _) = guest(&game, Seat(1));
        assert!(!ben.informant_answers());
        assert_eq!(ben.with_informant(|v, _| v.joker()), None);
        answer_lowest(&mut game);
        let (cy, _, _) = guest(&game, Seat(2));
        assert_eq!(cy.person_to_act(), Some(Seat(2)));
    }

    // A guest's action goes to the host, and its notepad stays with it.
    #[test]
    fn a_guest_sends_its_actions_and_keeps_its_notepad() {
        let game = game();
        let (ben, remote, sent) = guest(&game, Seat(1));
        let feedback = Feedback::new(ben);
        remote.refusal.set(Some("an earlier refusal".into()));
        feedback.play(Action::Probe(Cell(6)));
        assert_eq!(*sent.lock().unwrap(), [vec![Action::Probe(Cell(6))]]);
        assert_eq!(remote.refusal.get(), None, "forgotten once sent");
        ben.toggle_mark(Seat(1), Cell(2));
        assert_eq!(ben.notes(Seat(1)).map(|n| n.contains(Cell(2))), Some(true));
        ben.toggle_mark(Seat(1), Cell(2));
        assert_eq!(ben.notes(Seat(1)), Some(CellSet::EMPTY));
        assert!(ben.may(Action::Probe(Cell(1))));
        assert!(!ben.may(Action::Answer(1)));
    }
}
