//! Detective Graves' words: cards, choices, refusals, the locations and a
//! case's result, as the table says them. Each reads a seat's `SeatView`
//! (or what is public), so that what it says is what that seat may know.
//! The log's lines are in `log.rs`.

use crate::seats::name_of;
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{
    Action, Card, Location, Outcome, Phase, Role, RuleError, Seat, SeatKind, Source, Suit,
};

/// "Detective" or "Mastermind".
pub fn role_word(role: Role) -> &'static str {
    match role {
        Role::Detective => "Detective",
        Role::Mastermind => "Mastermind",
    }
}

/// A card's full name with what it can do: "5 of Notebook, Overtime: add
/// or take away 1 time token here."
pub fn card_label(card: Card) -> String {
    let mut label = card.name();
    if let Some(ability) = card.ability() {
        label.push_str(&format!(", {}: {}", ability.name(), ability.text()));
    } else if card.is_deuce() {
        label.push_str(&format!(
            ", {}: {}",
            engine::detective_graves::data::DEUCE_NAME,
            engine::detective_graves::data::DEUCE_TEXT
        ));
    }
    label
}

/// What a choice button says, for the actions the table offers as buttons.
pub fn action_label(phase: Phase, action: Action) -> String {
    match action {
        Action::KeepHand if phase == Phase::River => "Keep my hand".into(),
        Action::KeepHand => "Keep this hand".into(),
        Action::Mulligan => "Mulligan: discard it and draw 5".into(),
        Action::RiverRedraw => "Swap my whole hand".into(),
        Action::SlumsTime { here, next } => {
            format!("Here {}, next location {}", signed(here), signed(next))
        }
        Action::Draw(Source::Deck) => "Draw from my deck".into(),
        Action::Draw(Source::Discard) => "Draw the top of my discard pile".into(),
        Action::Place(card) => format!("Place {}", card.name()),
        Action::UseAbility(card) => match card.ability() {
            Some(ability) => format!("Use {}: {}", card.name(), ability.name()),
            None => format!("Use {}", card.name()),
        },
        Action::ParkDiscard(card) => format!("Pay the Park with {}", card.name()),
        Action::AlleyClear(card) => format!("Clear {} from my Alley pile", card.name()),
        Action::TimeUp => "Add a time token".into(),
        Action::TimeDown => "Take away a time token".into(),
        Action::CoverUp(card) => format!("Cover up {}", card.name()),
        Action::Trump(suit) => format!("Make {} the trump", suit.name()),
        Action::KeepTrump => "Keep the trump as it is".into(),
        Action::EndPlay => "End my turn".into(),
        Action::Pass => "Pass".into(),
        Action::PassSwap(card) => format!("Pass, swapping {}", card.name()),
        Action::Reveal => "Reveal myself".into(),
        Action::StayHidden => "Stay hidden".into(),
        Action::Accuse(identity) => format!("Accuse {}", identity.name()),
    }
}

/// "+1", "0", "−1".
pub fn signed(n: i8) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

/// Why `card` cannot go where it was sent, as a sentence naming it.
pub fn refusal(card: Card, error: RuleError) -> String {
    let why = error.to_string();
    if why.contains(&card.name()) {
        why
    } else {
        format!("{}: {why}", card.name())
    }
}

/// Why `action` was refused: naming its card, if it has one.
pub fn refused(action: Action, error: RuleError) -> String {
    match action {
        Action::Place(card)
        | Action::UseAbility(card)
        | Action::ParkDiscard(card)
        | Action::PassSwap(card) => refusal(card, error),
        _ => error.to_string(),
    }
}

/// What a location shows of its outcome to this viewer.
pub fn outcome_text(view: &SeatView, names: &[String], index: usize) -> String {
    match view.outcome(index) {
        Outcome::Open if index == view.active() => "Active".into(),
        Outcome::Open if index < view.active() => String::new(),
        Outcome::Open => "Still to come".into(),
        Outcome::Won(role) => format!("Won by {}", name_of(names, view.seat_of(role))),
        Outcome::Tied => "A tie: its evidence went unseen".into(),
    }
}

/// "1 time token", "no time token".
pub fn tokens_text(n: u8) -> String {
    match n {
        0 => "no time token".into(),
        1 => "1 time token".into(),
        n => format!("{n} time tokens"),
    }
}

/// How one location looks to the viewer.
pub struct LocationLook {
    pub class: String,
    pub label: String,
    pub name: &'static str,
    pub meta: String,
    pub rule: &'static str,
    /// (whose, cards, total): the other player's pile first.
    pub piles: Vec<(String, Vec<Card>, String)>,
    pub trump: Option<Suit>,
    pub outcome: String,
}

/// Location `i` as the viewer sees it, `mine` being the role whose pile is
/// drawn lower; `names` are the seats' names.
pub fn location_look(names: &[String], v: &SeatView, i: usize, mine: Role) -> LocationLook {
    let location: Location = v.row()[i];
    let active = i == v.active() && !v.phase().eq(&Phase::Over);
    let trump = v
        .trump(i)
        .map_or("no trump".to_string(), |s| format!("trump {}", s.name()));
    let meta = format!("{} · {}", tokens_text(v.tokens(i)), trump);
    let piles: Vec<(String, Vec<Card>, String)> = [mine.other(), mine]
        .into_iter()
        .map(|role| {
            (
                name_of(names, v.seat_of(role)),
                v.pile(i, role).to_vec(),
                v.total(i, role).to_string(),
            )
        })
        .collect();
    let mut outcome = outcome_text(v, names, i);
    if let Some(e) = v.evidence_on(i) {
        outcome = format!("{outcome} · evidence here: {}", e.text());
    }
    let pile_words: Vec<String> = [mine.other(), mine]
        .into_iter()
        .map(|role| {
            let cards: Vec<String> = v.pile(i, role).iter().map(|c| c.name()).collect();
            format!(
                "{}'s pile {}: {}",
                name_of(names, v.seat_of(role)),
                v.total(i, role),
                if cards.is_empty() {
                    "empty".to_string()
                } else {
                    cards.join(", ")
                }
            )
        })
        .collect();
    let label = format!(
        "{}. {}{}, {}. {} {}. {}",
        location.name(),
        if active { "Active, " } else { "" },
        tokens_text(v.tokens(i)),
        trump,
        location.ability_text(),
        pile_words.join("; "),
        outcome
    );
    let mut class = "dg-location".to_string();
    if active {
        class.push_str(" active");
    }
    if i < v.active() || v.phase() == Phase::Over {
        class.push_str(" done");
    }
    LocationLook {
        class,
        label,
        name: location.name(),
        meta,
        trump: v.trump(i),
        rule: location.ability_text(),
        piles,
        outcome,
    }
}

/// A finished case as its result screen tells it.
#[derive(Debug, PartialEq)]
pub struct CaseReport {
    pub title: String,
    pub lines: Vec<String>,
    /// What the button to go on says.
    pub next: String,
}

/// The result of case `case` (public once it is over, so any seat's view
/// tells it): who the Mastermind was, the accusation or reveal, the points,
/// and the swap to come.
pub fn case_report(view: &SeatView, names: &[String], case: usize) -> Option<CaseReport> {
    let name = |seat: Seat| name_of(names, seat);
    let r = *view.results().get(case)?;
    let detective = name(r.detective);
    let mastermind = name(r.mastermind());
    let who = r.identity.name();
    let mut lines = vec![format!("{mastermind}, the Mastermind, was {who}.")];
    lines.push(match (r.revealed, r.accused) {
        (true, _) => format!("{mastermind} gave themselves up."),
        (false, Some(named)) if r.correct() => {
            format!("{detective} named {}: right.", named.name())
        }
        (false, Some(named)) => format!("{detective} named {}: wrong.", named.name()),
        (false, None) => format!("{detective} named nobody."),
    });
    for seat in [Seat(0), Seat(1)] {
        let role = r.role_of(seat).index();
        let total: u32 = view.results()[..=case].iter().map(|c| c.points(seat)).sum();
        lines.push(format!(
            "{}: {} ({}) and {} for the unmasking: {} this case, {} in all.",
            name(seat),
            crate::words::count(r.evidence[role] as usize, "evidence card", "evidence cards"),
            crate::words::count(r.evidence_points[role] as usize, "point", "points"),
            r.unmasking_points[role],
            r.points(seat),
            total
        ));
    }
    let next = if case + 1 < view.cases() {
        lines.push(format!(
            "Next, the roles swap: {mastermind} is the Detective and {detective} the Mastermind."
        ));
        format!("Start case {}", case + 2)
    } else {
        "See the final result".to_string()
    };
    Some(CaseReport {
        title: format!("Case {} is over", case + 1),
        lines,
        next,
    })
}

/// A finished game as its final dialog tells it: who won (the title), the
/// points, and whether a person won (confetti). Public, so any seat's view
/// tells it.
pub fn final_result(view: &SeatView, names: &[String]) -> (String, String, bool) {
    let name = |seat| name_of(names, seat);
    let person_won = view
        .winners()
        .iter()
        .any(|&s| !matches!(view.seat_kind(s), Some(SeatKind::Computer(_))));
    let title = match view.winners() {
        [one] => format!("{} wins", name(*one)),
        _ => "A draw".to_string(),
    };
    let detail = format!(
        "{} {}, {} {}.",
        name(Seat(0)),
        view.points(Seat(0)),
        name(Seat(1)),
        view.points(Seat(1))
    );
    (title, detail, person_won)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::detective_graves::game::tests::{plans, play_until};
    use crate::games::detective_graves::game::{DgGame, NOBODY};
    use engine::detective_graves::{Identity, Length, SeatKind, Variant};
    use engine::Game;

    fn two_people(variant: Variant) -> DgGame {
        DgGame::new(&plans([SeatKind::Person; 2]), Seat(0), variant, 4).unwrap()
    }

    #[test]
    fn choice_labels_name_what_they_do() {
        assert_eq!(
            action_label(Phase::Slums, Action::SlumsTime { here: 1, next: -1 }),
            "Here +1, next location −1"
        );
        assert_eq!(
            action_label(Phase::Accuse, Action::Accuse(Identity::Countess)),
            "Accuse The Countess"
        );
        assert_eq!(action_label(Phase::River, Action::KeepHand), "Keep my hand");
    }

    #[test]
    fn a_refusal_names_the_card_it_is_about() {
        let g = two_people(Variant::default());
        let card = g.state.view(Seat(0)).hand()[0];
        let error = g.state.clone().apply(Action::Place(card)).unwrap_err();
        let why = refused(Action::Place(card), error);
        assert!(why.contains(&card.name()), "{why}");
        assert_eq!(why, refusal(card, error));
        assert_eq!(refused(Action::Pass, error), error.to_string());
    }

    #[test]
    fn a_location_speaks_of_both_piles_and_its_rule() {
        let g = two_people(Variant::default());
        let v = g.state.view(Seat(0));
        let look = location_look(&g.names, &v, 0, Role::Detective);
        assert!(look.label.starts_with(v.row()[0].name()), "{}", look.label);
        assert!(look.label.contains("Active"), "{}", look.label);
        assert!(look.label.contains("Ana's pile") && look.label.contains("Ben's pile"));
        assert_eq!(look.piles[1].0, "Ana", "the viewer's pile is the lower one");
        let later = location_look(&g.names, &v, 4, Role::Detective);
        assert!(!later.label.contains("Active") && later.outcome == "Still to come");
    }

    #[test]
    fn a_case_result_tells_who_it_was_and_what_comes_next() {
        let mut g = two_people(Variant::default());
        assert!(
            case_report(&g.state.view(NOBODY), &g.names, 0).is_none(),
            "not over yet"
        );
        play_until(&mut g.state, |s| !s.results().is_empty());
        let result = g.state.results()[0];
        let report = case_report(&g.state.view(NOBODY), &g.names, 0).unwrap();
        assert_eq!(report.title, "Case 1 is over");
        assert_eq!(
            report.lines[0],
            format!("Ben, the Mastermind, was {}.", result.identity.name())
        );
        assert!(report.lines[2].starts_with("Ana: "), "{:?}", report.lines);
        assert!(report.lines[3].starts_with("Ben: "), "{:?}", report.lines);
        assert_eq!(
            report.lines[4],
            "Next, the roles swap: Ben is the Detective and Ana the Mastermind."
        );
        assert_eq!(report.next, "Start case 2");

        let mut single = two_people(Variant {
            length: Length::SingleCase,
            ..Variant::default()
        });
        play_until(&mut single.state, |_| false);
        let report = case_report(&single.state.view(NOBODY), &single.names, 0).unwrap();
        assert_eq!(report.lines.len(), 4, "no swap to come");
        assert_eq!(report.next, "See the final result");
    }
}
