//! What a Joker table reads: its seat's feed (see [`crate::table::seat`]),
//! the same wherever the game is kept (this device, the host's device for
//! a guest, a replay's step), with the game's readings of it, and the
//! seat's notepad.

use super::game::JokerGame;
use crate::seats::name_of;
use crate::table::controller::Table;
use crate::table::seat::SeatFeed;
use engine::joker::{Action, Cell, CellSet, Phase, Seat, SeatView};
use leptos::prelude::*;

/// What a seat is shown of the game and how it acts, wherever the game is
/// kept: everything the table draws. What it keeps beside: its notepad.
pub type Feed = SeatFeed<JokerGame, Notepad>;

/// A seat's notepad: its player's private marks, for the round. Where the
/// game is kept they are kept with it, per seat (a round's end clears
/// them); on a guest device, on that device alone (the host never sees
/// them); a replay's is blank.
#[derive(Clone, Copy)]
pub struct Notepad {
    marks: Signal<CellSet>,
    toggle: Callback<Cell>,
}

impl Notepad {
    /// The notepad of `seat` (tracked) in this device's game.
    pub fn in_game(table: Table<JokerGame>, seat: Signal<Option<Seat>>) -> Notepad {
        Notepad {
            marks: Signal::derive(move || {
                let Some(seat) = seat.get() else {
                    return CellSet::EMPTY;
                };
                table
                    .read(|g| g.notes.get(seat.index()).copied())
                    .unwrap_or(CellSet::EMPTY)
            }),
            toggle: Callback::new(move |cell| {
                if let Some(seat) = seat.get_untracked() {
                    table.note(|g| g.toggle_mark(seat, cell));
                }
            }),
        }
    }

    /// A notepad kept on this device alone, in `notes`.
    pub fn on_device(notes: RwSignal<CellSet>) -> Notepad {
        Notepad {
            marks: notes.into(),
            toggle: Callback::new(move |cell| {
                notes.update(|notes| {
                    if notes.contains(cell) {
                        notes.remove(cell);
                    } else {
                        notes.insert(cell);
                    }
                });
            }),
        }
    }

    /// The marks (tracked).
    pub fn marks(self) -> CellSet {
        self.marks.get()
    }

    /// Marks `cell`, or takes the mark off.
    pub fn toggle(self, cell: Cell) {
        self.toggle.run(cell);
    }
}

impl Feed {
    /// Reads the seat's view with the names at the table (tracked); `T`'s
    /// default while there is no game. The Joker's cell is in it only when
    /// the seat is the round's Informant, which the table is shown as only
    /// while that seat's person holds the device (see `super::hand_over`).
    pub fn seen<T: Default>(self, read: impl FnOnce(&SeatView, &[String]) -> T) -> T {
        self.read(|shown| read(&shown.view, &shown.names))
    }

    /// The seat, if a person at this device plays it and must act now
    /// (tracked): never a computer, nor a seat on another device, nor a
    /// replay's.
    pub fn person_to_act(self) -> Option<Seat> {
        let here = self.plays_here.get();
        self.seen(|v, _| (here && v.must_act()).then(|| v.seat()))
    }

    /// Whether the seat shown must answer a probe as the Informant
    /// (tracked): its private screen. (A replay's seat too, as its own
    /// device showed it.)
    pub fn informant_answers(self) -> bool {
        self.seen(|v, _| v.must_act() && matches!(v.phase(), Phase::Answer { .. }))
    }

    /// The seat on another device that must act now, with its name, as the
    /// device that keeps the game knows it (tracked); a guest is not told.
    pub fn remote_to_act(self) -> Option<String> {
        let elsewhere = self.elsewhere();
        self.seen(|v, names| {
            v.to_act()
                .filter(|seat| elsewhere.contains(seat))
                .map(|seat| name_of(names, seat))
        })
    }

    /// Whether the seat's view lists `action` as legal now (untracked). An
    /// action it does not list is sent all the same, for the reason it is
    /// refused (the engine's, where the game is kept).
    pub fn lists(self, action: Action) -> bool {
        self.read_untracked(|shown| shown.view.legal_actions().contains(&action))
    }

    /// The seat's notepad (tracked).
    pub fn notes(self) -> CellSet {
        self.kept.marks()
    }

    /// Marks `cell` on the seat's notepad, or takes the mark off.
    pub fn toggle_mark(self, cell: Cell) {
        self.kept.toggle(cell);
    }
}

#[cfg(test)]
mod tests {
    use super::super::feedback::Feedback;
    use super::super::game::testing::{answer_lowest, plans};
    use super::super::game::Mode;
    use super::*;
    use crate::table::seat::Shown;
    use engine::joker::SeatKind;
    use engine::Game;
    use std::sync::{Arc, Mutex};

    /// Ana, Ben and Cy, people; Ana informs the first round.
    fn game() -> JokerGame {
        JokerGame::new(&plans(&[SeatKind::Person; 3]), &Mode::Everyone, 4).unwrap()
    }

    type Sent = Arc<Mutex<Vec<Vec<Action>>>>;

    /// A guest's feed of `seat`'s view of `game`, its sent actions kept,
    /// its notepad on the device.
    fn guest(game: &JokerGame, seat: Seat) -> (Feed, RwSignal<CellSet>, Sent) {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let kept = sent.clone();
        let notes = RwSignal::new(CellSet::EMPTY);
        let shown = Shown {
            version: 1,
            names: game.names.clone(),
            view: game.state.view(seat),
            events: game.state.log().to_vec(),
        };
        let feed = Feed::new(
            Memo::new_owning(move |_| (Some(shown.clone()), true)),
            Signal::stored(true),
            Callback::new(move |(actions, _quiet)| kept.lock().unwrap().push(actions)),
            RwSignal::new(None),
            Notepad::on_device(notes),
        );
        (feed, notes, sent)
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
        assert!(ana.seen(|v, _| v.joker()).is_some());
        let (ben, _, _) = guest(&game, Seat(1));
        assert!(!ben.informant_answers());
        assert_eq!(ben.seen(|v, _| v.joker()), None);
        answer_lowest(&mut game);
        let (cy, _, _) = guest(&game, Seat(2));
        assert_eq!(cy.person_to_act(), Some(Seat(2)));
        assert_eq!(cy.remote_to_act(), None, "a guest is not told");
    }

    // A guest's action goes to the host, and its notepad stays with it.
    #[test]
    fn a_guest_sends_its_actions_and_keeps_its_notepad() {
        let game = game();
        let (ben, notes, sent) = guest(&game, Seat(1));
        // (As `Feedback::new` makes it, less its effects: none run here.)
        let feedback = Feedback {
            feed: ben,
            message: RwSignal::new(None),
            round_over: RwSignal::new(None),
        };
        ben.refusal.set(Some("an earlier refusal".into()));
        feedback.play(Action::Probe(Cell(6)));
        assert_eq!(*sent.lock().unwrap(), [vec![Action::Probe(Cell(6))]]);
        assert_eq!(ben.refusal.get(), None, "forgotten once sent");
        ben.toggle_mark(Cell(2));
        assert!(ben.notes().contains(Cell(2)));
        assert!(notes.get().contains(Cell(2)), "on this device");
        ben.toggle_mark(Cell(2));
        assert_eq!(ben.notes(), CellSet::EMPTY);
        assert!(ben.lists(Action::Probe(Cell(1))));
        assert!(!ben.lists(Action::Answer(1)));
    }
}
