//! Detective Graves' replays: a finished game's moves on the game's own
//! desk, seen by one seat (what that player knew at each step, as a guest
//! device of that seat would have shown it) or by both at once.

use super::feed::{CasesSeen, Feed};
use super::game::{DgGame, NOBODY};
use super::log::event_lines;
use super::records::{game_ctx, table, ID};
use super::table::Desk;
use crate::replay::viewer::{replay_page, SeenBy};
use crate::replay::{unlogged, Replayable};
use crate::seats::{name_of, recorded_plans};
use engine::detective_graves::{Action, Event, Variant};
use engine::seats::{Seat, SeatKind};
use engine::Multiplayer;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// How a game began: what its moves are played from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub names: Vec<String>,
    pub kinds: [SeatKind; 2],
    pub first_detective: Seat,
    pub variant: Variant,
    pub seed: u64,
}

impl Replayable for DgGame {
    type Setup = Setup;

    fn record(&self) -> Option<(Setup, Vec<Action>)> {
        let setup = Setup {
            names: self.names.clone(),
            kinds: self.state.seat_kinds(),
            first_detective: self.state.first_detective(),
            variant: self.state.variant(),
            seed: self.state.seed(),
        };
        Some((setup, self.moves.clone()))
    }

    fn begin(setup: &Setup) -> Result<DgGame, String> {
        let seats = recorded_plans(&setup.names, &setup.kinds)?;
        DgGame::new(&seats, setup.first_detective, setup.variant, setup.seed)
    }

    /// What the move did as the log tells it to someone at neither seat: a
    /// move list shown whoever the replay is seen by gives no secret away.
    fn describe(before: &DgGame, action: &Action, events: &[Event]) -> String {
        let public: Vec<Event> = events
            .iter()
            .map(|e| before.state.redact(e, NOBODY))
            .collect();
        let lines = event_lines(&public, NOBODY, before.state.row(), &before.names);
        if lines.is_empty() {
            unlogged(before, &before.names, said(action))
        } else {
            lines.join(" ")
        }
    }

    fn result_line(&self) -> String {
        match Multiplayer::winners(&self.state).as_slice() {
            [one] => format!("{} won.", name_of(&self.names, *one)),
            _ => "A draw.".into(),
        }
    }
}

/// An action the log does not tell, in words.
fn said(action: &Action) -> &'static str {
    match action {
        Action::KeepHand => "keeps the starting hand",
        Action::EndPlay => "ends their turn",
        Action::KeepTrump => "keeps the trump as it is",
        Action::StayHidden => "stays hidden",
        Action::Pass => "passes",
        _ => "plays",
    }
}

/// The replay page: the desk as each seat saw it, or both.
#[component]
pub(super) fn DgReplay() -> impl IntoView {
    let seen_by = RwSignal::new(None::<Seat>);
    let board = ViewFn::from(move || {
        let shown = table();
        let seats = move || match seen_by.get() {
            Some(seat) => vec![seat],
            None => vec![Seat(0), Seat(1)],
        };
        view! {
            <div class="replay-seats">
                {move || seats().into_iter().map(|seat| view! { <SeatDesk shown seat/> }).collect_view()}
            </div>
        }
    });
    let extra = ViewFn::from(move || {
        let names = table().read(|g: &DgGame| g.names.clone());
        view! { <SeenBy names chosen=seen_by/> }
    });
    replay_page::<DgGame>(
        game_ctx(),
        ID,
        "Detective Graves",
        board,
        Some(extra),
        Signal::derive(move || seen_by.get().is_none()),
        None,
    )
}

/// One seat's desk at the step shown: exactly what that seat's own device
/// would have been sent then.
#[component]
fn SeatDesk(shown: super::records::DgTable, seat: Seat) -> impl IntoView {
    // Every case's result is passed: the desk shows the table.
    let feed = Feed::replayed(shown, Signal::stored(Some(seat)), CasesSeen::all());
    let has_table = Memo::new(move |_| feed.shown.with(Option::is_some));
    let name = shown.read(|g: &DgGame| name_of(&g.names, seat));
    view! {
        <section class="replay-seat" aria-label=format!("As {name} saw it")>
            <h2 class="replay-seat-name">{format!("As {name} saw it")}</h2>
            {move || has_table.get().then(|| view! { <Desk feed/> })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{code_of, read, record_of};
    use crate::table::controller::TableRecord;
    use engine::detective_graves::State;
    use engine::seats::Level;
    use engine::Game;

    /// A whole game between two computers, each action made as the table
    /// controller makes it (the engine applies, the record keeps the move
    /// and follows the events).
    fn whole_game(seed: u64) -> DgGame {
        let kinds = [
            SeatKind::Computer(Level::Simple),
            SeatKind::Computer(Level::Simple),
        ];
        let mut game = DgGame::new(
            &crate::seats::plans_of(&["Ann".into(), "Ben".into()], &kinds),
            Seat(1),
            Variant::default(),
            seed,
        )
        .unwrap();
        while let Some(seat) = game.state.to_act() {
            let action =
                State::bot_action(&game.state.view(seat), Level::Simple, game.state.bot_seed());
            let events = game.state.apply(action).unwrap();
            game.keep_move(&action);
            game.follow(&events);
        }
        game
    }

    #[test]
    fn a_whole_game_replays_to_the_very_same_table_from_a_short_link() {
        let mut longest = 0;
        for seed in 0..6 {
            let game = whole_game(seed);
            let code = code_of(&game, ID).unwrap();
            let steps = read::<DgGame>(ID, "Detective Graves", &code).unwrap();
            assert_eq!(steps.len(), game.moves.len() + 1);
            assert_eq!(steps.last().unwrap().game.state, game.state);
            assert_eq!(steps.last().unwrap().game.names, game.names);
            assert!(steps[1..].iter().all(|s| !s.line.is_empty()));
            longest = longest.max(crate::replay::testing::shared_length(&code));
        }
        // A messenger takes a link of a few thousand characters.
        assert!(longest < 2_000, "{longest} characters");
        println!(
            "measurement: longest Detective Graves replay code of 6 games: {longest} characters"
        );
    }

    #[test]
    fn a_game_saved_before_moves_were_kept_has_no_replay() {
        let mut game = whole_game(1);
        game.moves.clear();
        assert!(record_of(&game, ID).is_none());
        game.moves = whole_game(2).moves;
        assert!(record_of(&game, ID).is_none());
    }
}
