//! A new Joker table: 2–4 seats, each a person or a computer player, and
//! how they play: each for themselves, in two teams, or solo against a
//! computer Informant. The seats are remembered for next time. The
//! screen is a chunk of its own, with none of the game's code (see
//! [`crate::table::start`]): Start hands the game a [`Setup`].

use super::game::{JokerGame, Mode};
use super::records::table;
use crate::module::GameEntry;
use crate::seats::{seat_class, SeatList, SeatPlan};
use crate::shell::ctx;
use crate::table::seat_editor::SeatEditor;
use crate::table::start::{start_with, NewGame, StartGame};
use crate::ui::choice::Choice;
use crate::ui::deal::random_seed;
use crate::ui::TopBar;
use engine::joker::{MAX_PLAYERS, MIN_PLAYERS};
use engine::seats::{Level, Seat, SeatKind};
use leptos::prelude::*;
use std::any::Any;

/// How the table plays, as chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Everyone,
    Teams,
    Solo,
}

/// The mode for these seats: in solo, a computer Informant at `level` is
/// put first, as seat 1; in teams, `teams` (one per seat, cut to the seats).
fn mode_for(play: Play, seats: &mut Vec<SeatPlan>, teams: &[u8], level: Level, rounds: u8) -> Mode {
    match play {
        Play::Everyone => Mode::Everyone,
        Play::Teams => Mode::Teams(teams.iter().copied().take(seats.len()).collect()),
        Play::Solo => {
            seats.truncate(MAX_PLAYERS - 1);
            seats.insert(
                0,
                SeatPlan {
                    name: "Whisper".into(),
                    kind: SeatKind::Computer(level),
                    own_device: false,
                },
            );
            Mode::Solo { rounds }
        }
    }
}

const PLAYS: [(Play, &str); 3] = [
    (Play::Everyone, "Each for themselves"),
    (Play::Teams, "Two teams"),
    (Play::Solo, "Solo against a computer Informant"),
];
const INFORMANTS: [(Level, &str); 2] = [(Level::Simple, "Simple"), (Level::Strong, "Strong")];
const ROUNDS: [(u8, &str); 3] = [(1, "1"), (3, "3"), (5, "5")];

fn labels<T>(options: &[(T, &'static str)]) -> Vec<&'static str> {
    options.iter().map(|o| o.1).collect()
}

/// Solo tables list the Vigilantes only (1 to 3 seats: the Informant is
/// added when the game starts), and start as one person alone against the
/// computer (the first person listed): rivals are added by choice. The
/// others list every seat (2 to 4).
fn fit_seats(list: &mut SeatList, play: Play) {
    (list.min, list.max) = match play {
        Play::Solo => (1, MAX_PLAYERS - 1),
        _ => (MIN_PLAYERS, MAX_PLAYERS),
    };
    if play == Play::Solo {
        let person = list.seats.iter().position(|s| s.kind == SeatKind::Person);
        list.seats = vec![person.map_or_else(
            || SeatPlan {
                name: "Player 1".into(),
                kind: SeatKind::Person,
                own_device: false,
            },
            |i| list.seats.swap_remove(i),
        )];
    }
    list.seats.truncate(list.max);
    while list.seats.len() < list.min {
        list.add();
    }
}

/// The table as the screen set it up.
pub(super) struct Setup {
    seats: Vec<SeatPlan>,
    mode: Mode,
}

/// `game`: the game's registry entry (its name, its chunk).
#[component]
pub fn JokerNew(game: &'static GameEntry) -> impl IntoView {
    let remembered = ctx().settings.with_untracked(|s| s.table_seats.clone());
    let list = RwSignal::new(SeatList::from_remembered(
        &remembered,
        MIN_PLAYERS,
        MAX_PLAYERS,
    ));
    // Each choice as its place in its list (see `Choice`).
    let play_index = RwSignal::new(0usize);
    let play = move || PLAYS.get(play_index.get()).map_or(Play::Everyone, |p| p.0);
    let teams = RwSignal::new(vec![0u8, 1, 0, 1]);
    let informant = RwSignal::new(1usize);
    let rounds = RwSignal::new(1usize);
    let setup = Callback::new(move |()| {
        let remember = list.with_untracked(SeatList::finished);
        let mut seats = remember.clone();
        let mode = mode_for(
            untrack(play),
            &mut seats,
            &teams.get_untracked(),
            INFORMANTS[informant.get_untracked().min(1)].0,
            ROUNDS[rounds.get_untracked().min(2)].0,
        );
        NewGame {
            remember,
            setup: Box::new(Setup { seats, mode }),
        }
    });
    let seat_count = move || list.with(|l| l.seats.len());
    let solo = Memo::new(move |_| play() == Play::Solo);
    view! {
        <TopBar title="New Joker game"/>
        <section class="panel">
            <Choice
                legend="How do you play?"
                name="joker-play"
                options=labels(&PLAYS)
                selected=play_index.into()
                choose=Callback::new(move |i| {
                    play_index.set(i);
                    list.update(|l| fit_seats(l, play()));
                })
            />
            <h2>{move || if play() == Play::Solo { "The Vigilantes" } else { "Who plays?" }}</h2>
            <p class="small">{move || match play() {
                Play::Solo => "1 to 3 Vigilantes: you, and rivals if you like. Whisper, the computer Informant, knows where the Joker is in every round. Alone, you play against par (see the rules).",
                _ => "2 to 4 seats, clockwise: people here or on their own device, or the computer. The first seat is the first Informant; the role passes clockwise each round, and the game ends when everyone has had it.",
            }}</p>
            // Solo is played at one device: the computer informs every
            // round, and its Vigilantes share one screen.
            {move || if solo.get() {
                view! { <SeatEditor list/> }.into_any()
            } else {
                view! { <SeatEditor list remote=true/> }.into_any()
            }}
            {move || match play() {
                Play::Teams => view! {
                    <fieldset class="choice jk-teams">
                        <legend>"Teams (fixed for the whole game)"</legend>
                        {(0..seat_count()).map(|i| {
                            view! {
                                // Named by number and colour, as in the seat list above
                                // (whose names change without redrawing this).
                                <label class=format!("jk-team-row {}", seat_class(Seat::new(i)))>
                                    <span>{format!("Seat {}", i + 1)}</span>
                                    <select aria-label=format!("Team of seat {}", i + 1) on:change=move |ev| {
                                        let team = u8::from(event_target_value(&ev) == "b");
                                        teams.update(|t| t[i] = team);
                                    }>
                                        <option value="a" selected=teams.with_untracked(|t| t[i] == 0)>"Team A"</option>
                                        <option value="b" selected=teams.with_untracked(|t| t[i] == 1)>"Team B"</option>
                                    </select>
                                </label>
                            }.into_any()
                        }).collect_view()}
                    </fieldset>
                }.into_any(),
                Play::Solo => view! {
                    <Choice
                        legend="The computer Informant"
                        name="joker-informant"
                        options=labels(&INFORMANTS)
                        selected=informant.into()
                        choose=Callback::new(move |i| informant.set(i))
                    />
                    <Choice
                        legend="Rounds"
                        name="joker-rounds"
                        options=labels(&ROUNDS)
                        selected=rounds.into()
                        choose=Callback::new(move |i| rounds.set(i))
                    />
                }.into_any(),
                Play::Everyone => ().into_any(),
            }}
            <StartGame game setup/>
        </section>
    }
}

/// Start, in the game's chunk: the game as `setup` says, on the table.
pub(super) fn start(setup: &dyn Any) -> Result<(), String> {
    start_with(
        setup,
        |setup: &Setup| JokerGame::new(&setup.seats, &setup.mode, random_seed()),
        |game| table().start(game),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(n: usize) -> Vec<SeatPlan> {
        (0..n)
            .map(|i| SeatPlan {
                name: format!("P{i}"),
                kind: SeatKind::Person,
                own_device: false,
            })
            .collect()
    }

    #[test]
    fn solo_puts_the_computer_informant_first() {
        let mut list = seats(4);
        let mode = mode_for(Play::Solo, &mut list, &[0, 1, 0, 1], Level::Simple, 5);
        assert_eq!(mode, Mode::Solo { rounds: 5 });
        assert_eq!(list.len(), 4, "three Vigilantes at most");
        assert_eq!(list[0].kind, SeatKind::Computer(Level::Simple));
        assert_eq!(list[1].name, "P0");
    }

    #[test]
    fn a_solo_table_starts_with_one_person_and_lists_one_to_three_vigilantes() {
        let mut list = SeatList::from_remembered(&seats(4), MIN_PLAYERS, MAX_PLAYERS);
        fit_seats(&mut list, Play::Solo);
        assert_eq!((list.seats.len(), list.min, list.max), (1, 1, 3));
        assert_eq!(
            list.seats[0].name, "P0",
            "one person alone against the Informant"
        );
        list.add();
        list.add();
        list.add();
        assert_eq!(list.seats.len(), 3, "rivals by choice, two at most");
        fit_seats(&mut list, Play::Everyone);
        assert_eq!(list.seats.len(), 3);
        list.remove(2);
        list.remove(1);
        fit_seats(&mut list, Play::Everyone);
        assert_eq!(list.seats.len(), 2);
    }

    /// The new-game screen's first seats (two people and a computer) give
    /// solo the first person alone; with no person listed, a new one.
    #[test]
    fn solo_is_one_person_against_the_computer_by_default() {
        let mut list = SeatList::from_remembered(&[], MIN_PLAYERS, MAX_PLAYERS);
        fit_seats(&mut list, Play::Solo);
        assert_eq!(list.seats.len(), 1);
        assert_eq!(list.seats[0].name, "Player 1");
        assert_eq!(list.seats[0].kind, SeatKind::Person);
        let computers = [SeatPlan {
            name: "Bot".into(),
            kind: SeatKind::Computer(Level::Strong),
            own_device: false,
        }];
        let mut list = SeatList::from_remembered(&computers, MIN_PLAYERS, MAX_PLAYERS);
        fit_seats(&mut list, Play::Solo);
        assert_eq!(list.seats[0].kind, SeatKind::Person);
    }

    #[test]
    fn teams_are_cut_to_the_seats() {
        let mut list = seats(3);
        let mode = mode_for(Play::Teams, &mut list, &[0, 1, 1, 0], Level::Simple, 3);
        assert_eq!(mode, Mode::Teams(vec![0, 1, 1]));
        assert_eq!(list.len(), 3);
    }
}
