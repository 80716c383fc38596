//! A new Detective Graves table: two seats (each a person or a computer),
//! who is the Detective in the first case, and the variants. The seats are
//! remembered for next time, with the other table games'. The screen is a
//! chunk of its own, with none of the game's code (see
//! [`crate::table::start`]): Start hands the game a [`Setup`].

use super::game::DgGame;
use super::records::table;
use crate::module::GameEntry;
use crate::seats::{SeatList, SeatPlan};
use crate::shell::ctx;
use crate::table::seat_editor::SeatEditor;
use crate::table::start::{start_with, NewGame, StartGame};
use crate::ui::choice::Choice;
use crate::ui::deal::random_seed;
use crate::ui::TopBar;
use engine::detective_graves::{Length, Seat, Variant};
use leptos::prelude::*;
use std::any::Any;

const LENGTHS: [(Length, &str); 4] = [
    (
        Length::CasePairs(1),
        "Two cases (each player is Detective once)",
    ),
    (
        Length::SingleCase,
        "The Single Case (evidence 3 points, accusation 4)",
    ),
    (Length::CasePairs(2), "The Long Haul: 4 cases"),
    (Length::CasePairs(3), "The Long Haul: 6 cases"),
];

const OFF_ON: [&str; 2] = ["Off", "On"];

/// The variant the choices make (each choice is its place in its list).
fn variant_for(length: usize, knows_all: bool, life_is_pain: bool) -> Variant {
    Variant {
        knows_all,
        length: LENGTHS.get(length).map_or(Length::CasePairs(1), |l| l.0),
        life_is_pain,
    }
}

/// The table as the screen set it up.
pub(super) struct Setup {
    seats: Vec<SeatPlan>,
    first_detective: Seat,
    variant: Variant,
}

/// `game`: the game's registry entry (its name, its chunk).
#[component]
pub fn DgNew(game: &'static GameEntry) -> impl IntoView {
    let settings = ctx().settings;
    let remembered = settings.with_untracked(|s| s.table_seats.clone());
    let list = RwSignal::new(SeatList::from_remembered(&remembered, 2, 2));
    let first = RwSignal::new(0usize);
    let length = RwSignal::new(0usize);
    let knows_all = RwSignal::new(0usize);
    let life_is_pain = RwSignal::new(0usize);
    let setup = Callback::new(move |()| {
        let seats = list.with_untracked(SeatList::finished);
        // Keep the other remembered seats (other games seat more).
        let mut remember = seats.clone();
        settings.with_untracked(|s| remember.extend(s.table_seats.iter().skip(2).cloned()));
        let variant = variant_for(
            length.get_untracked(),
            knows_all.get_untracked() == 1,
            life_is_pain.get_untracked() == 1,
        );
        NewGame {
            remember,
            setup: Box::new(Setup {
                seats,
                first_detective: Seat::new(first.get_untracked().min(1)),
                variant,
            }),
        }
    });
    view! {
        <TopBar title="New Detective Graves game"/>
        <section class="panel">
            <h2>"Who plays?"</h2>
            <p class="small">"Two seats: two people passing the device, or one against the computer (Simple or Strong). Roles swap after every case."</p>
            <SeatEditor list remote=true/>
            <Choice
                legend="The Detective in the first case"
                name="dg-first"
                options=vec!["The first seat", "The second seat"]
                selected=first.into()
                choose=Callback::new(move |i| first.set(i))
            />
            <Choice
                legend="How long"
                name="dg-length"
                options=LENGTHS.iter().map(|l| l.1).collect()
                selected=length.into()
                choose=Callback::new(move |i| length.set(i))
            />
            <Choice
                legend="The Mastermind Knows All (sees the evidence on the locations; may not reveal)"
                name="dg-knows-all"
                options=OFF_ON.to_vec()
                selected=knows_all.into()
                choose=Callback::new(move |i| knows_all.set(i))
            />
            <Choice
                legend="Life Is Pain (new locations every case)"
                name="dg-life-is-pain"
                options=OFF_ON.to_vec()
                selected=life_is_pain.into()
                choose=Callback::new(move |i| life_is_pain.set(i))
            />
            <StartGame game setup/>
        </section>
    }
}

/// Start, in the game's chunk: the game as `setup` says, on the table.
pub(super) fn start(setup: &dyn Any) -> Result<(), String> {
    start_with(
        setup,
        |setup: &Setup| {
            DgGame::new(
                &setup.seats,
                setup.first_detective,
                setup.variant,
                random_seed(),
            )
        },
        |game| table().start(game),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choices_make_the_variant() {
        assert_eq!(variant_for(0, false, false), Variant::default());
        let single = variant_for(1, true, false);
        assert!(single.single_case() && single.knows_all);
        assert_eq!(variant_for(3, false, true).cases(), 6);
        assert!(variant_for(3, false, true).life_is_pain);
    }
}
