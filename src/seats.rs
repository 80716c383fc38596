//! Seats, as data: the list of seats chosen before a game (pure, tested
//! natively), names, the computers' pace. Their widgets are
//! `ui::seat_widgets` (turn banner, Undo, hand-over, game log) and
//! `table::seat_editor`; the computers' turns are `table::seats`.

use engine::seats::{Level, Seat, SeatKind};
use serde::{Deserialize, Serialize};

/// One seat as chosen on a new-game screen: who sits there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlan {
    pub name: String,
    pub kind: SeatKind,
    /// A person who plays on their own device (see `crate::remote`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_device: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

use crate::names::{self, MAX_NAME_CHARS};

/// The seats of a table, in clockwise order, between `min` and `max` long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatList {
    pub seats: Vec<SeatPlan>,
    pub min: usize,
    pub max: usize,
}

impl SeatList {
    /// The seats remembered from last time (cut or filled up to the table's
    /// limits), or two people and a computer.
    pub fn from_remembered(remembered: &[SeatPlan], min: usize, max: usize) -> SeatList {
        let mut list = SeatList {
            // Cut to the names' limit: settings from elsewhere may hold longer.
            seats: remembered
                .iter()
                .take(max)
                .map(|seat| SeatPlan {
                    name: seat.name.chars().take(MAX_NAME_CHARS).collect(),
                    kind: seat.kind,
                    own_device: seat.own_device,
                })
                .collect(),
            min,
            max,
        };
        if list.seats.is_empty() {
            list.seats = vec![
                SeatKind::Person,
                SeatKind::Person,
                SeatKind::Computer(Level::Simple),
            ]
            .into_iter()
            .enumerate()
            .map(|(i, kind)| SeatPlan {
                name: given_name(kind, i + 1),
                kind,
                own_device: false,
            })
            .collect();
            list.seats.truncate(max);
        }
        while list.seats.len() < min {
            list.add();
        }
        list
    }

    pub fn can_add(&self) -> bool {
        self.seats.len() < self.max
    }

    pub fn can_remove(&self) -> bool {
        self.seats.len() > self.min
    }

    /// Adds a computer seat (the usual way to fill a table), named by its place.
    pub fn add(&mut self) {
        if self.can_add() {
            let kind = SeatKind::Computer(Level::Simple);
            let name = given_name(kind, self.seats.len() + 1);
            self.seats.push(SeatPlan {
                name,
                kind,
                own_device: false,
            });
        }
    }

    pub fn remove(&mut self, index: usize) {
        if self.can_remove() && index < self.seats.len() {
            self.seats.remove(index);
        }
    }

    /// Moves a seat one place earlier in the turn order.
    pub fn move_up(&mut self, index: usize) {
        if index > 0 && index < self.seats.len() {
            self.seats.swap(index - 1, index);
        }
    }

    pub fn move_down(&mut self, index: usize) {
        if index + 1 < self.seats.len() {
            self.seats.swap(index, index + 1);
        }
    }

    pub fn rename(&mut self, index: usize, name: &str) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.name = name.chars().take(MAX_NAME_CHARS).collect();
        }
    }

    /// Who plays seat `index`. A seat still under its given name ("Player
    /// 2", "Computer 3", or none) takes the name of its new kind; the new
    /// name comes back, for the editor's field.
    /// Whether its person plays on their own device (`own_device`, for a
    /// person only) goes with it.
    pub fn set_player(&mut self, index: usize, kind: SeatKind, own_device: bool) -> Option<String> {
        let seat = self.seats.get_mut(index)?;
        seat.kind = kind;
        seat.own_device = own_device && kind == SeatKind::Person;
        let n = index + 1;
        let given = [
            String::new(),
            given_name(SeatKind::Person, n),
            given_name(SeatKind::Computer(Level::Simple), n),
        ];
        if !given.contains(&seat.name.trim().to_string()) {
            return None;
        }
        let name = given_name(kind, n);
        (seat.name != name).then(|| {
            seat.name = name.clone();
            name
        })
    }

    /// The list for a game with no seats on other devices: every person
    /// plays here.
    pub fn all_here(&mut self) {
        for seat in &mut self.seats {
            seat.own_device = false;
        }
    }

    /// The seats to play with, their names as the app keeps them
    /// ([`names::clean`]): a name that shows nothing becomes "Player n", and
    /// a name like an earlier one ([`names::skeleton`]) gets its place
    /// number, so the hand-over is never ambiguous.
    pub fn finished(&self) -> Vec<SeatPlan> {
        let mut out: Vec<SeatPlan> = Vec::new();
        for (i, seat) in self.seats.iter().enumerate() {
            let cleaned = names::clean(&seat.name);
            let mut name = if names::is_visible(&cleaned) {
                cleaned
            } else {
                given_name(SeatKind::Person, i + 1)
            };
            let alike = |name: &str| {
                out.iter()
                    .any(|s| names::skeleton(&s.name) == names::skeleton(name))
            };
            if alike(&name) {
                let place = format!(" ({})", i + 1);
                let room = MAX_NAME_CHARS - place.chars().count();
                let cut: String = name.chars().take(room).collect();
                name = format!("{}{place}", cut.trim_end());
            }
            out.push(SeatPlan {
                name,
                kind: seat.kind,
                own_device: seat.own_device,
            });
        }
        out
    }
}

/// The name a seat is given until someone types one: "Player 2",
/// "Computer 3" (its kind and its place, from 1).
fn given_name(kind: SeatKind, place: usize) -> String {
    match kind {
        SeatKind::Person => format!("Player {place}"),
        SeatKind::Computer(_) => format!("Computer {place}"),
    }
}

/// How fast computer players act.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    Slow,
    #[default]
    Normal,
    Fast,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Slow, Pace::Normal, Pace::Fast];

    /// Time between two actions of a computer player: long enough to follow.
    pub fn delay_ms(self) -> u64 {
        match self {
            Pace::Slow => 1200,
            Pace::Normal => 600,
            Pace::Fast => 120,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pace::Slow => "Slow",
            Pace::Normal => "Normal",
            Pace::Fast => "Fast",
        }
    }
}

/// What a seat's kind is called in a players' panel: "Person", "Person,
/// on their own device" (`own_device`: played on another device than this
/// one), "Computer (Simple)". A seat whose kind is not known here is a
/// person's.
pub fn kind_name(kind: Option<SeatKind>, own_device: bool) -> String {
    match kind {
        Some(SeatKind::Computer(level)) => format!("Computer ({})", level.name()),
        _ if own_device => "Person, on their own device".to_string(),
        _ => "Person".to_string(),
    }
}

/// Whether the device must be handed over before `to_act` plays: it is a
/// person's turn, more than one person sits at the table, and the device is
/// not known to be with them (`holder`: the person who last took it; none
/// after a reload). (The tables use [`hand_over_among`]; this form, from
/// the seats' kinds, is what the measurements of hand-overs count.)
#[cfg(test)]
pub fn needs_hand_over(kinds: &[SeatKind], to_act: Seat, holder: Option<Seat>) -> bool {
    let people: Vec<Seat> = Seat::all(kinds.len())
        .filter(|s| kinds[s.index()] == SeatKind::Person)
        .collect();
    hand_over_among(&people, to_act, holder)
}

/// As [`needs_hand_over`], given the people who play at this device (a
/// person playing on another device holds their own).
pub fn hand_over_among(people_here: &[Seat], to_act: Seat, holder: Option<Seat>) -> bool {
    people_here.contains(&to_act) && people_here.len() > 1 && holder != Some(to_act)
}

/// The name at `seat`, or "Player n" if the table has none for it.
pub fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}

/// "Ana", "Ana and Ben", "Ana, Ben and Cy".
pub fn joined(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a computer seat is, for the turn banner: " (computer, Strong)";
/// nothing for a person.
pub fn computer_note(kind: Option<SeatKind>) -> String {
    match kind {
        Some(SeatKind::Computer(level)) => format!(" (computer, {})", level.name()),
        _ => String::new(),
    }
}

/// The seats whose people play on their own devices. This device keeps
/// the game and draws its table for the people here, so one must be.
pub fn own_device_seats(seats: &[SeatPlan]) -> Result<Vec<Seat>, String> {
    let remote: Vec<Seat> = seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.own_device)
        .map(|(i, _)| Seat::new(i))
        .collect();
    let here = seats
        .iter()
        .any(|s| s.kind == SeatKind::Person && !s.own_device);
    match here || remote.is_empty() {
        true => Ok(remote),
        false => Err("One person plays on this device, which keeps the game: choose \"Person\" for their seat.".into()),
    }
}

/// The seats of a game being played, as its new-game screen gave them.
pub fn plans_of(names: &[String], kinds: &[SeatKind]) -> Vec<SeatPlan> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, &kind)| SeatPlan {
            name: name_of(names, Seat::new(i)),
            kind,
            own_device: false,
        })
        .collect()
}

/// The seats a game's record names (a replay link's, which comes from
/// outside): exactly one name for each seat, each within the rules a save's
/// names keep; else why not.
pub fn recorded_plans(names: &[String], kinds: &[SeatKind]) -> Result<Vec<SeatPlan>, String> {
    if names.len() != kinds.len() {
        return Err(format!(
            "it names {} players for {} seats",
            names.len(),
            kinds.len()
        ));
    }
    names::check_names(names)?;
    Ok(plans_of(names, kinds))
}

/// The colour class of a seat (`seat-0`...), the same everywhere it shows.
pub fn seat_class(seat: Seat) -> String {
    format!("seat-{}", seat.index() % 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &SeatList) -> Vec<String> {
        list.seats.iter().map(|s| s.name.clone()).collect()
    }

    #[test]
    fn a_new_list_has_two_people_and_a_computer() {
        let list = SeatList::from_remembered(&[], 2, 6);
        assert_eq!(names(&list), ["Player 1", "Player 2", "Computer 3"]);
        assert!(list.seats[2].kind.is_computer());
    }

    #[test]
    fn a_seat_under_its_given_name_is_renamed_with_its_kind_and_a_chosen_name_is_kept() {
        let mut list = SeatList::from_remembered(&[], 2, 6);
        let computer = SeatKind::Computer(Level::Simple);
        assert_eq!(
            list.set_player(1, computer, false),
            Some("Computer 2".into())
        );
        assert_eq!(
            list.set_player(1, SeatKind::Person, false),
            Some("Player 2".into())
        );
        assert_eq!(
            list.set_player(2, SeatKind::Person, false),
            Some("Player 3".into())
        );
        list.rename(0, "Ana");
        assert_eq!(list.set_player(0, computer, false), None);
        assert_eq!(names(&list), ["Ana", "Player 2", "Player 3"]);
        assert!(list.seats[0].kind.is_computer());
        // Moved seats keep a given name of another place: it was chosen.
        list.move_up(2);
        assert_eq!(list.set_player(1, computer, false), None);
        assert_eq!(list.set_player(9, computer, false), None);
    }

    #[test]
    fn a_person_may_play_on_their_own_device_and_a_computer_never_does() {
        let mut list = SeatList::from_remembered(&[], 2, 6);
        assert_eq!(list.set_player(1, SeatKind::Person, true), None);
        assert_eq!(own_device_seats(&list.finished()), Ok(vec![Seat::new(1)]));
        // A computer on another device is no choice: the flag goes.
        list.set_player(1, SeatKind::Computer(Level::Simple), true);
        assert_eq!(own_device_seats(&list.finished()), Ok(vec![]));
        list.set_player(0, SeatKind::Person, true);
        list.move_down(0);
        assert!(
            own_device_seats(&list.finished()).is_err(),
            "no person left on this device"
        );
        list.set_player(0, SeatKind::Person, false);
        assert_eq!(
            own_device_seats(&list.finished()),
            Ok(vec![Seat::new(1)]),
            "the flag moved with its seat"
        );
        list.all_here();
        assert_eq!(own_device_seats(&list.finished()), Ok(vec![]));
    }

    #[test]
    fn seats_move_and_stay_within_the_limits() {
        let mut list = SeatList::from_remembered(&[], 2, 4);
        list.move_up(2);
        assert_eq!(names(&list), ["Player 1", "Computer 3", "Player 2"]);
        list.move_up(0);
        list.move_down(2);
        assert_eq!(names(&list), ["Player 1", "Computer 3", "Player 2"]);
        list.add();
        list.add();
        assert_eq!(list.seats.len(), 4, "no more than the maximum");
        for _ in 0..5 {
            list.remove(0);
        }
        assert_eq!(
            names(&list),
            ["Player 2", "Computer 4"],
            "no fewer than the minimum"
        );
    }

    #[test]
    fn remembered_seats_are_cut_or_filled_to_the_table() {
        let one = [SeatPlan {
            name: "Ana".into(),
            kind: SeatKind::Person,
            own_device: false,
        }];
        let list = SeatList::from_remembered(&one, 2, 6);
        assert_eq!(names(&list), ["Ana", "Computer 2"]);
        let many = vec![one[0].clone(); 9];
        assert_eq!(SeatList::from_remembered(&many, 2, 6).seats.len(), 6);
    }

    #[test]
    fn remembered_names_are_cut_to_the_limit_and_saved_ones_checked() {
        let long = [SeatPlan {
            name: "x".repeat(100_000),
            kind: SeatKind::Person,
            own_device: false,
        }];
        let list = SeatList::from_remembered(&long, 2, 6);
        assert_eq!(list.seats[0].name, "x".repeat(MAX_NAME_CHARS));
        assert_eq!(names::check_names(&["Ana".into(), "é".repeat(16)]), Ok(()));
        assert_eq!(
            names::check_names(&["Ana".into(), "é".repeat(17)]),
            Err("a name is longer than 16 characters".into())
        );
    }

    #[test]
    fn the_device_is_handed_over_only_to_another_person() {
        let ana_ben_bot = [
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Computer(Level::Simple),
        ];
        assert!(needs_hand_over(&ana_ben_bot, Seat(1), Some(Seat(0))));
        assert!(
            !needs_hand_over(&ana_ben_bot, Seat(1), Some(Seat(1))),
            "still with Ben"
        );
        assert!(
            needs_hand_over(&ana_ben_bot, Seat(0), None),
            "after a reload"
        );
        assert!(
            !needs_hand_over(&ana_ben_bot, Seat(2), Some(Seat(0))),
            "computers need no device"
        );
        let alone = [SeatKind::Person, SeatKind::Computer(Level::Strong)];
        assert!(
            !needs_hand_over(&alone, Seat(0), None),
            "one person keeps the device"
        );
        // Ben plays on his own device: Ana keeps this one.
        assert!(!hand_over_among(&[Seat(0)], Seat(0), None));
        assert!(!hand_over_among(&[Seat(0)], Seat(1), Some(Seat(0))));
    }

    #[test]
    fn names_are_joined_as_a_sentence() {
        let names = ["Ana".to_string(), "Ben".to_string(), "Cy".to_string()];
        assert_eq!(joined(&names[..1]), "Ana");
        assert_eq!(joined(&names[..2]), "Ana and Ben");
        assert_eq!(joined(&names), "Ana, Ben and Cy");
        assert_eq!(name_of(&names, Seat(5)), "Player 6");
    }

    #[test]
    fn names_are_cleaned_and_lookalikes_numbered_within_the_limit() {
        let mut list = SeatList::from_remembered(&[], 2, 6);
        list.rename(0, "Ana");
        list.rename(1, "\u{0410}NA\u{200B}");
        list.rename(2, "\u{200B}\u{200D}");
        list.add();
        list.rename(3, &"W".repeat(16));
        list.add();
        list.rename(4, &"w".repeat(16));
        let done = list.finished();
        assert_eq!(done[0].name, "Ana");
        assert_eq!(done[1].name, "\u{0410}NA (2)");
        assert_eq!(done[2].name, "Player 3");
        assert_eq!(done[4].name, format!("{} (5)", "w".repeat(12)));
        let names: Vec<String> = done.into_iter().map(|s| s.name).collect();
        assert_eq!(names::check_names(&names), Ok(()));
    }

    #[test]
    fn names_are_made_usable_and_distinct() {
        let mut list = SeatList::from_remembered(&[], 2, 6);
        list.rename(0, "  ");
        list.rename(1, "Ana");
        list.rename(2, "Ana");
        list.add();
        list.rename(3, &"x".repeat(40));
        let done = list.finished();
        assert_eq!(done[0].name, "Player 1");
        assert_eq!(done[1].name, "Ana");
        assert_eq!(done[2].name, "Ana (3)");
        assert_eq!(done[3].name.chars().count(), MAX_NAME_CHARS);
    }
}
