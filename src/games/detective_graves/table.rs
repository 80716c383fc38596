//! The Detective Graves table. A tap or key becomes an engine action; what
//! the page shows is read through one seat's `SeatView`, and its log from
//! the game's events as that seat learnt them: the person's who holds the
//! device (with one person at the table, always theirs). Between two
//! people's turns the hand-over screen shows, with nothing private in the
//! page, until the next person taps.

use super::game::{
    action_label, card_label, log_lines, outcome_text, place_cards, refusal, role_word,
    tokens_text, DgGame,
};
use super::{game_ctx, route, GameCtx};
use crate::route::Page;
use crate::seats::{
    computer_note, name_of, needs_hand_over, seat_class, GameLog, HandOver, TurnBanner,
};
use crate::shell::redirect;
use crate::table::seats::{play_computers, work_in_slices};
use crate::ui::tour::{changes, first_visit, Tour, TourButton, TourStep};
use crate::ui::{ChangedElsewhereDialog, Dialog, TopBar, When};
use engine::detective_graves::view::SeatView;
use engine::detective_graves::{
    players, possible_identities, Action, Card, Identity, Level, Location, Phase, Role, Seat,
    SeatKind, State, Suit, ROW,
};
use engine::{Game, Multiplayer};
use leptos::prelude::*;

/// What the table tells the player besides the game itself.
#[derive(Clone, Copy)]
struct Feedback {
    /// Why the last action was refused, or what it needs.
    message: RwSignal<Option<String>>,
    /// The cards selected in the hand, in the order they were tapped.
    selected: RwSignal<Vec<Card>>,
}

/// Records a finished game in the statistics, once.
fn record_result(ctx: GameCtx, game: &mut DgGame) {
    if game.counted || !game.state.is_over() {
        return;
    }
    game.counted = true;
    let winners = game.state.winners().to_vec();
    let people: Vec<super::stats::Played> = game
        .people()
        .into_iter()
        .map(|seat| {
            let results = game.state.results();
            let as_detective = results.iter().filter(|r| r.detective == seat);
            let as_mastermind = results.iter().filter(|r| r.detective != seat);
            super::stats::Played {
                name: game.name(seat),
                won: winners == [seat],
                drew: winners.len() > 1,
                detective: (
                    as_detective.clone().count() as u32,
                    as_detective.filter(|r| r.correct()).count() as u32,
                ),
                mastermind: (
                    as_mastermind.clone().count() as u32,
                    as_mastermind
                        .filter(|r| !r.revealed && !r.correct())
                        .count() as u32,
                ),
            }
        })
        .collect();
    ctx.stats.update(|s| s.record(&people));
    ctx.save_stats();
}

/// Sends a change to the engine: on success the game is saved; on refusal
/// the reason is shown and nothing changes. Says whether it was made.
fn dispatch(
    ctx: GameCtx,
    feedback: Feedback,
    change: impl FnOnce(&mut State) -> Result<(), String>,
) -> bool {
    if ctx.changed_elsewhere.get_untracked() {
        return false; // The other-tab dialog must be answered first.
    }
    let Some(mut game) = ctx.game.get_untracked() else {
        return false;
    };
    match change(&mut game.state) {
        Ok(()) => {
            record_result(ctx, &mut game);
            feedback.message.set(None);
            crate::ui::accepted();
            ctx.game.set(Some(game));
            ctx.save_game();
            true
        }
        Err(why) => {
            feedback.message.set(Some(why));
            crate::ui::refused();
            false
        }
    }
}

/// One action; the selection is cleared once it is made.
fn apply(ctx: GameCtx, feedback: Feedback, action: Action) {
    let made = dispatch(ctx, feedback, |state| {
        state
            .apply(action)
            .map_err(|e| match action {
                Action::Place(card)
                | Action::UseAbility(card)
                | Action::ParkDiscard(card)
                | Action::PassSwap(card) => refusal(card, e),
                _ => e.to_string(),
            })
            .map(drop)
    });
    if made {
        feedback.selected.set(Vec::new());
    }
}

/// The computer seat that must act now, with its level.
fn computer_to_act(state: &State) -> Option<(Seat, Level)> {
    let seat = state.to_act()?;
    state.seat_kind(seat)?.level().map(|l| (seat, l))
}

/// The Detective Graves screen: the game in progress, or the new-game screen.
#[component]
pub fn DgScreen() -> impl IntoView {
    let ctx = game_ctx();
    if ctx.game.with_untracked(|g| g.is_none()) {
        redirect(ctx.app, route(Page::Current), route(Page::New));
        return ().into_any();
    }
    view! { <Table/> }.into_any()
}

#[component]
fn Table() -> impl IntoView {
    let ctx = game_ctx();
    let feedback = Feedback {
        message: RwSignal::new(None),
        selected: RwSignal::new(Vec::new()),
    };
    // The person who has the device (none yet after a reload): the turn
    // passing to the other person asks for a hand-over first.
    let holder = RwSignal::new(None::<Seat>);
    let end_dismissed = RwSignal::new(false);

    let case_result = Memo::new(move |_| ctx.game.with(|g| g.as_ref()?.unseen_case()));
    let hand_over_to = Memo::new(move |_| {
        let holder = holder.get();
        ctx.game.with(|g| {
            let g = g.as_ref()?;
            let person = g.person_to_act()?;
            needs_hand_over(&g.state.seat_kinds(), person, holder).then(|| (person, g.name(person)))
        })
    });
    let viewer = Memo::new(move |_| {
        let holder = holder.get();
        ctx.game.with(|g| g.as_ref().map(|g| g.viewer(holder)))
    });

    // Counts the Strong searches started: only the newest may play.
    let searching = StoredValue::new(0u32);
    play_computers(
        ctx.app,
        move || {
            case_result.get().is_none()
                && ctx
                    .game
                    .with(|g| g.as_ref().and_then(|g| computer_to_act(&g.state)).is_some())
        },
        move || {
            let Some(game) = ctx.game.try_get_untracked().flatten() else {
                return;
            };
            let Some((seat, level)) = computer_to_act(&game.state) else {
                return;
            };
            // The computer decides from its seat's view alone, with the
            // seed the game keeps for it.
            let seed = game.state.bot_seed();
            let view = game.state.view(seat);
            if level == Level::Simple {
                apply(ctx, feedback, State::bot_action(&view, Level::Simple, seed));
                return;
            }
            // The Strong search takes tens of milliseconds in the browser:
            // it runs in slices (deciding what `bot_action` decides for the
            // same view and seed), and is dropped if the game moves on
            // meanwhile (another tab, a new game) or a newer search starts.
            let mut search = players::strong_search(&view, seed);
            let token = searching.get_value().wrapping_add(1);
            searching.set_value(token);
            work_in_slices(move || {
                let wanted = searching.try_get_value() == Some(token)
                    && !ctx.changed_elsewhere.get_untracked()
                    && ctx
                        .game
                        .with_untracked(|g| g.as_ref().is_some_and(|g| g.state == game.state));
                if !wanted {
                    return true;
                }
                // One playout at a time.
                let Some(action) = search.step(1) else {
                    return false;
                };
                apply(ctx, feedback, action);
                true
            });
        },
    );

    let game_over = move || {
        ctx.game
            .with(|g| g.as_ref().is_some_and(|g| g.state.is_over()))
    };

    let tour = first_visit(super::ID);
    view! {
        <TopBar title="Detective Graves">
            <TourButton open=tour/>
            <a class="button" href=route(Page::Rules).href()>"Rules"</a>
        </TopBar>
        <Tour game=super::ID steps=TOUR open=tour moves=changes(ctx.game)/>
        {move || {
            if let Some(case) = case_result.get() {
                return view! { <CaseResult case/> }.into_any();
            }
            match (hand_over_to.get(), viewer.get()) {
                (Some((seat, name)), _) => view! {
                    <HandOver name seat on_continue=Callback::new(move |_| {
                        feedback.message.set(None);
                        feedback.selected.set(Vec::new());
                        holder.set(Some(seat));
                    })/>
                }.into_any(),
                (None, Some(viewer)) => view! { <Desk viewer feedback/> }.into_any(),
                (None, None) => ().into_any(),
            }
        }}
        <When when=move || game_over() && case_result.get().is_none() && !end_dismissed.get()>
            <EndDialog dismiss=Callback::new(move |_| end_dismissed.set(true))/>
        </When>
        <When when=move || ctx.changed_elsewhere.get()>
            <ChangedElsewhereDialog on_continue=Callback::new(move |_| {
                feedback.message.set(None);
                feedback.selected.set(Vec::new());
                holder.set(None);
            })/>
        </When>
    }
}

/// Reads the game through `viewer`'s eyes.
fn with_view<T: Default>(
    ctx: GameCtx,
    viewer: Seat,
    read: impl FnOnce(&DgGame, &SeatView) -> T,
) -> T {
    ctx.game.with(|g| match g.as_ref() {
        Some(g) => read(g, &g.state.view(viewer)),
        None => T::default(),
    })
}

/// The table for the person holding the device (or for nobody in
/// particular): the row, the players, their own hand and choices, the log.
#[component]
fn Desk(viewer: Seat, feedback: Feedback) -> impl IntoView {
    let ctx = game_ctx();
    // Whether the viewer must act now, and in which phase.
    let acting = Memo::new(move |_| with_view(ctx, viewer, |_, v| v.to_act().then(|| v.phase())));
    let unmasking = move || matches!(acting.get(), Some(Phase::Unmask | Phase::Accuse));
    view! {
        <div class="dg-table">
            <WhoseTurn viewer/>
            <Row viewer/>
            <div class="dg-lower">
                <div class="dg-mine">
                    {move || if unmasking() {
                        view! { <Unmasking viewer feedback/> }.into_any()
                    } else {
                        view! {
                            <Hand viewer feedback acting/>
                            <Choices viewer feedback acting/>
                        }.into_any()
                    }}
                    <p class="table-message" role="status" aria-live="assertive">{move || feedback.message.get().unwrap_or_default()}</p>
                    <Secrets viewer/>
                </div>
                <div class="dg-side">
                    <Players viewer/>
                    <GameLog lines=Signal::derive(move || ctx.game.with(|g| g.as_ref().map_or_else(Vec::new, |g| log_lines(&g.state, viewer, &g.names))))/>
                </div>
            </div>
        </div>
    }
}

/// Whose turn it is, in their colour, and what they are to do.
#[component]
fn WhoseTurn(viewer: Seat) -> impl IntoView {
    let ctx = game_ctx();
    let text = move || {
        with_view(ctx, viewer, |g, v| {
            let case = format!("Case {} of {}", (v.case() + 1).min(v.cases()), v.cases());
            let seat = v.acting()?;
            let who = if seat == viewer {
                format!("Your turn, {}", g.name(seat))
            } else {
                format!(
                    "{}'s turn{}",
                    g.name(seat),
                    computer_note(v.seat_kind(seat))
                )
            };
            Some((
                seat,
                format!(
                    "{case} · {who} ({}): {}.",
                    role_word(v.role_of(seat)),
                    v.phase().prompt()
                ),
            ))
        })
    };
    view! { <TurnBanner text=Signal::derive(text)/> }
}

/// The five locations, left to right: time, trump, rule, both piles with
/// their totals, and how each ended. The viewer's pile is the lower one.
#[component]
fn Row(viewer: Seat) -> impl IntoView {
    let ctx = game_ctx();
    let locations = move || {
        with_view(ctx, viewer, |g, v| {
            let mine = if viewer.index() < 2 {
                v.role()
            } else {
                Role::Detective
            };
            (0..ROW)
                .map(|i| location_look(g, v, i, mine))
                .collect::<Vec<_>>()
        })
    };
    // On a phone the row scrolls sideways: keep the active location in view.
    let row = NodeRef::<leptos::html::Ol>::new();
    let active = Memo::new(move |_| with_view(ctx, viewer, |_, v| v.active()));
    Effect::new(move |_| {
        active.track();
        request_animation_frame(move || {
            use wasm_bindgen::JsCast;
            let Some(row) = row.get_untracked() else {
                return;
            };
            let active = row.query_selector(".active").ok().flatten();
            if let Some(active) = active.and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()) {
                row.set_scroll_left(active.offset_left() - row.offset_left());
            }
        });
    });
    view! {
        <ol class="dg-row" node_ref=row tabindex="0" aria-label="The five locations, left to right">
            {move || locations().into_iter().map(|l| view! {
                <li class=l.class aria-label=l.label>
                    <h3 aria-hidden="true">{l.name}</h3>
                    <p class="dg-meta" aria-hidden="true">
                        {l.trump.map(|suit| view! { <SuitIcon suit/> })}
                        {l.meta}
                    </p>
                    <p class="dg-rule" aria-hidden="true">{l.rule}</p>
                    {l.piles.into_iter().map(|(who, cards, total)| {
                        let holder = format!("{} {who}", l.name);
                        view! {
                        <div class="dg-pile" data-holder=holder aria-hidden="true">
                            <span class="dg-pile-who">{who}</span>
                            <span class="dg-pile-cards">
                                {cards.into_iter().map(|card| view! {
                                    <span class=format!("dg-chip suit-{}", card.suit.index()) data-card=format!("dg{}", card.key())>
                                        {card.rank_label()}<SuitIcon suit=card.suit/>
                                    </span>
                                }.into_any()).collect_view()}
                            </span>
                            <span class="dg-total">{total}</span>
                        </div>
                    }.into_any()}).collect_view()}
                    <p class="dg-outcome" aria-hidden="true">{l.outcome}</p>
                </li>
            }.into_any()).collect_view()}
        </ol>
    }
}

/// A suit's mark, drawn (no emoji font needed): a magnifying glass, a
/// shoeprint, a question mark, a notebook, a briefcase.
#[component]
fn SuitIcon(suit: Suit) -> impl IntoView {
    const PATHS: [&str; 5] = [
        "M10 3a7 7 0 1 0 4.2 12.6l5.1 5.1 1.4-1.4-5.1-5.1A7 7 0 0 0 10 3zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10z",
        "M10 2c2.6 0 4.2 2.6 4.2 6.2S12.6 14 10 14s-4.2-2.2-4.2-5.8S7.4 2 10 2zm0 13.5c1.8 0 3.1 1.4 3.1 3.3S11.8 22 10 22s-3.1-1.3-3.1-3.2 1.3-3.3 3.1-3.3zM17 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
        "M12 2a6 6 0 0 0-6 6h2.6a3.4 3.4 0 1 1 5 3c-1.4.8-2.8 1.9-2.8 4.1V16h2.6v-.8c0-.9.6-1.5 1.9-2.3A6 6 0 0 0 12 2zm-1.3 16h2.6v3.2h-2.6z",
        "M7 2h11a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7zm3 5v2h7V7zm0 4v2h7v-2zM4 5h2v2H4zm0 6h2v2H4zm0 6h2v2H4z",
        "M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2zm0 2v2h6V5z",
    ];
    view! {
        <svg class="dg-suit" viewBox="0 0 24 24" aria-hidden="true">
            <path d=PATHS[suit.index()] fill="currentColor"/>
        </svg>
    }
}

/// How one location looks to the viewer.
struct LocationLook {
    class: String,
    label: String,
    name: &'static str,
    meta: String,
    rule: &'static str,
    /// (whose, cards, total): the other player's pile first.
    piles: Vec<(String, Vec<Card>, String)>,
    trump: Option<Suit>,
    outcome: String,
}

fn location_look(g: &DgGame, v: &SeatView, i: usize, mine: Role) -> LocationLook {
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
                name_of(&g.names, v.seat_of(role)),
                v.pile(i, role).to_vec(),
                v.total(i, role).to_string(),
            )
        })
        .collect();
    let mut outcome = outcome_text(v, &g.names, i);
    if let Some(e) = v.evidence_on(i) {
        outcome = format!("{outcome} · evidence here: {}", e.text());
    }
    let pile_words: Vec<String> = [mine.other(), mine]
        .into_iter()
        .map(|role| {
            let cards: Vec<String> = v.pile(i, role).iter().map(|c| c.name()).collect();
            format!(
                "{}'s pile {}: {}",
                name_of(&g.names, v.seat_of(role)),
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

/// Both players: role, kind, points, hand, deck, discard pile and evidence.
#[component]
fn Players(viewer: Seat) -> impl IntoView {
    let ctx = game_ctx();
    let rows = move || {
        with_view(ctx, viewer, |g, v| {
            [Seat(0), Seat(1)]
                .into_iter()
                .map(|seat| {
                    let role = v.role_of(seat);
                    let kind = match v.seat_kind(seat) {
                        Some(SeatKind::Computer(level)) => format!("Computer ({})", level.name()),
                        _ => "Person".to_string(),
                    };
                    let points = v.points(seat);
                    let detail = format!(
                        "{} point{} · hand {} · deck {} · discard {} · evidence {}",
                        points,
                        if points == 1 { "" } else { "s" },
                        v.hand_size(role),
                        v.deck_size(role),
                        v.discard_size(role),
                        v.evidence_count(role)
                    );
                    let acting = v.acting() == Some(seat);
                    let label = format!(
                        "{}, {kind}, {}: {detail}{}",
                        g.name(seat),
                        role_word(role),
                        if acting { ", to play" } else { "" }
                    );
                    (
                        seat,
                        g.name(seat),
                        format!("{kind} · {}", role_word(role)),
                        detail,
                        acting,
                        label,
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="players" aria-label="Players">
            {move || rows().into_iter().map(|(seat, name, kind, detail, acting, label)| view! {
                <article class=format!("player {}", seat_class(seat)) class:current=acting aria-label=label>
                    <h3 aria-hidden="true">
                        <span class="seat-dot"></span>
                        {name}
                        {acting.then(|| view! { <span class="badge">"to play"</span> }.into_any())}
                    </h3>
                    <p class="player-kind" aria-hidden="true">{kind}</p>
                    <p class="player-kind" aria-hidden="true">{detail}</p>
                </article>
            }.into_any()).collect_view()}
        </section>
    }
}

/// The viewer's hand: each card a toggle; the selected ones are what
/// Place, Use, Pay and Pass-swapping act on.
#[component]
fn Hand(viewer: Seat, feedback: Feedback, acting: Memo<Option<Phase>>) -> impl IntoView {
    let ctx = game_ctx();
    let hand = Memo::new(move |_| with_view(ctx, viewer, |_, v| v.hand().to_vec()));
    // Why each card could not be placed now (while placing is the question).
    let blocked = move |card: Card| {
        if !matches!(acting.get(), Some(Phase::Play | Phase::MustPlace)) {
            return None;
        }
        with_view(ctx, viewer, |_, v| {
            v.check(&Action::Place(card)).err().map(|e| e.to_string())
        })
    };
    let heading = move || {
        with_view(ctx, viewer, |_, v| {
            if viewer.index() > 1 {
                return String::new();
            }
            format!("Your hand ({})", role_word(v.role()))
        })
    };
    view! {
        <section class="panel dg-hand-panel" aria-labelledby="dg-hand-title">
            <h2 id="dg-hand-title">{heading}</h2>
            <ul class="dg-hand" data-holder="hand">
                {move || hand.get().into_iter().map(|card| {
                    let selected = move || feedback.selected.with(|s| s.contains(&card));
                    let label = move || {
                        let mut label = card_label(card);
                        if let Some(why) = blocked(card) {
                            label.push_str(&format!(". Cannot be placed here now: {why}"));
                        }
                        label
                    };
                    view! {
                        <li>
                            <button
                                class=move || format!("dg-card suit-{}", card.suit.index())
                                data-card=format!("dg{}", card.key())
                                class:selected=selected
                                class:blocked=move || blocked(card).is_some()
                                aria-pressed=move || selected().to_string()
                                aria-label=label
                                title=move || blocked(card).unwrap_or_default()
                                on:click=move |_| feedback.selected.update(|s| {
                                    if let Some(at) = s.iter().position(|c| *c == card) {
                                        s.remove(at);
                                    } else {
                                        s.push(card);
                                    }
                                })
                            >
                                <span class="rank" aria-hidden="true">{card.rank_label()}</span>
                                <SuitIcon suit=card.suit/>
                                // Drawn from the attribute by the stylesheet: the
                                // name says it after the card, and as text it
                                // would split the rank from the name (WCAG 2.5.3).
                                <span class="dg-ability" aria-hidden="true" data-ability={
                                    card.ability().map(|a| a.name()).or(card.is_deuce().then_some("New trump")).unwrap_or("")
                                }></span>
                            </button>
                        </li>
                    }.into_any()
                }).collect_view()}
            </ul>
            {move || hand.with(Vec::is_empty).then(|| view! { <p class="small">"No cards in hand."</p> }.into_any())}
        </section>
    }
}

/// What the viewer may do now: the play buttons in a turn, or the choices
/// the phase asks for (each a button named by what it does).
#[component]
fn Choices(viewer: Seat, feedback: Feedback, acting: Memo<Option<Phase>>) -> impl IntoView {
    let ctx = game_ctx();
    let selected_one = move || feedback.selected.with(|s| (s.len() == 1).then(|| s[0]));
    let place = move |_| {
        let cards = feedback.selected.get_untracked();
        if cards.is_empty() {
            feedback.message.set(Some(
                "Select the cards to place first, in the order you want them placed.".into(),
            ));
            return;
        }
        let mut placed = 0;
        dispatch(ctx, feedback, |state| {
            let (next, n) = place_cards(state, &cards)?;
            *state = next;
            placed = n;
            Ok(())
        });
        // A deuce's trump choice may stop the placing: the rest stay selected.
        feedback.selected.update(|s| {
            s.drain(..placed.min(s.len()));
        });
    };
    let with_one = move |make: fn(Card) -> Action, what: &'static str| {
        move |_| match selected_one() {
            Some(card) => apply(ctx, feedback, make(card)),
            None => feedback
                .message
                .set(Some(format!("Select one card {what}."))),
        }
    };
    let acted = move || with_view(ctx, viewer, |_, v| v.acted());
    let at = move |place: Location| with_view(ctx, viewer, |_, v| v.location() == place);
    // The phase's own choices, from the engine's legal actions.
    let listed = move || {
        with_view(ctx, viewer, |_, v| {
            let phase = v.phase();
            v.legal_actions()
                .into_iter()
                .filter(|a| match phase {
                    Phase::Play => matches!(a, Action::AlleyClear(_)),
                    Phase::MustPlace => false,
                    _ => true,
                })
                .map(|a| (a, action_label(phase, a)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="choices dg-choices" aria-label="Your choices">
            {move || match acting.get() {
                None => {
                    let over = ctx.game.with(|g| g.as_ref().is_some_and(|g| g.state.is_over()));
                    let text = if over { "The game is over." } else { "Waiting for the other player…" };
                    view! { <p class="waiting">{text}</p> }.into_any()
                }
                Some(Phase::Play) => view! {
                    <div class="button-row">
                        <button class="button primary" on:click=place>"Place here"</button>
                        <button class="button" on:click=with_one(Action::UseAbility, "with an ability to use")>"Use ability"</button>
                        {move || at(Location::Park).then(|| view! {
                            <button class="button" on:click=with_one(Action::ParkDiscard, "to discard for the Park")>"Pay the Park with it"</button>
                        }.into_any())}
                        {move || if acted() {
                            view! { <button class="button primary" on:click=move |_| apply(ctx, feedback, Action::EndPlay)>"End my turn"</button> }.into_any()
                        } else {
                            view! {
                                <button class="button" on:click=move |_| apply(ctx, feedback, Action::Pass)>"Pass"</button>
                                <button class="button" on:click=with_one(Action::PassSwap, "to swap")>"Pass, swapping it"</button>
                            }.into_any()
                        }}
                    </div>
                }.into_any(),
                Some(Phase::MustPlace) => view! {
                    <p>"Now place a card: select it and tap Place here."</p>
                    <div class="button-row">
                        <button class="button primary" on:click=place>"Place here"</button>
                    </div>
                }.into_any(),
                Some(phase) => view! {
                    <p class="dg-question">{format!("Choose: {}.", phase.prompt())}</p>
                }.into_any(),
            }}
            <div class="button-row">
                {move || listed().into_iter().map(|(action, label)| view! {
                    <button class="button" on:click=move |_| apply(ctx, feedback, action)>{label}</button>
                }.into_any()).collect_view()}
            </div>
        </section>
    }
}

/// What only the viewer knows: their identity as Mastermind, the evidence
/// they won, a Stakeout's look, and (on request) the deduction sheet. (The
/// evidence set aside is seen by nobody.)
#[component]
fn Secrets(viewer: Seat) -> impl IntoView {
    let ctx = game_ctx();
    let sheet_open = RwSignal::new(false);
    let facts = move || {
        with_view(ctx, viewer, |_, v| {
            if viewer.index() > 1 {
                return Vec::new();
            }
            let mut facts = Vec::new();
            if v.role() == Role::Mastermind {
                if let Some(identity) = v.identity() {
                    facts.push(format!("You are {}.", identity.name()));
                }
            }
            let won = v.evidence_won();
            if won.is_empty() {
                facts.push("You have won no evidence yet this case.".into());
            }
            for e in won {
                facts.push(format!("Evidence you won: {}.", e.text()));
            }
            if let Some(hand) = v.stakeout() {
                let names: Vec<String> = hand.iter().map(|c| c.name()).collect();
                facts.push(format!(
                    "Stakeout: the Mastermind holds {}.",
                    names.join(", ")
                ));
            }
            facts
        })
    };
    let detective = move || {
        with_view(ctx, viewer, |_, v| {
            viewer.index() < 2 && v.role() == Role::Detective
        })
    };
    view! {
        <section class="panel dg-secrets" aria-label="What only you know">
            <ul>{move || facts().into_iter().map(|f| view! { <li>{f}</li> }.into_any()).collect_view()}</ul>
            {move || detective().then(|| view! {
                <button class="button" aria-expanded=move || sheet_open.get().to_string() on:click=move |_| sheet_open.update(|o| *o = !*o)>
                    {move || if sheet_open.get() { "Hide the deduction sheet" } else { "Deduction sheet" }}
                </button>
                {move || sheet_open.get().then(|| view! { <DeductionSheet viewer/> }.into_any())}
            }.into_any())}
        </section>
    }
}

/// The five suspects, those the viewer's evidence clears struck out.
#[component]
fn DeductionSheet(viewer: Seat) -> impl IntoView {
    let ctx = game_ctx();
    let rows = move || {
        with_view(ctx, viewer, |_, v| {
            let possible = possible_identities(&v.evidence_won());
            Identity::ALL
                .iter()
                .map(|&i| (i, possible.contains(&i)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <ul class="dg-sheet" aria-label="Deduction sheet">
            {move || rows().into_iter().map(|(identity, open)| {
                let text = identity.name();
                if open {
                    view! { <li class="suspect">{text}<span class="small">" · still a suspect"</span></li> }.into_any()
                } else {
                    view! { <li class="cleared"><s>{text}</s><span class="small">" · cleared by your evidence"</span></li> }.into_any()
                }
            }).collect_view()}
        </ul>
    }
}

/// The unmasking: the Mastermind reveals or stays hidden, then the
/// Detective names a suspect with their sheet in view.
#[component]
fn Unmasking(viewer: Seat, feedback: Feedback) -> impl IntoView {
    let ctx = game_ctx();
    let facts = move || {
        with_view(ctx, viewer, |g, v| {
            let detective = g.name(v.seat_of(Role::Detective));
            let mastermind = g.name(v.seat_of(Role::Mastermind));
            let (right, wrong) = v.variant().accusation_points();
            let evidence = v.evidence_count(Role::Detective);
            Some((
                v.phase(),
                detective,
                mastermind,
                right,
                wrong,
                evidence,
                v.variant().reveal_points(),
            ))
        })
    };
    view! {
        <section class="panel dg-unmasking" aria-labelledby="dg-unmask-title">
            <h2 id="dg-unmask-title">"The unmasking"</h2>
            {move || {
                let Some((phase, detective, mastermind, right, wrong, evidence, reveal)) = facts() else {
                    return ().into_any();
                };
                if phase == Phase::Unmask {
                    view! {
                        <p>{format!("{mastermind}, {detective} won {evidence} evidence card{}. Give yourself up now ({detective} scores {reveal}), or stay hidden: {detective} then names a suspect, scoring {right} if right, and you score {wrong} if wrong.", if evidence == 1 { "" } else { "s" })}</p>
                        <div class="button-row">
                            <button class="button" on:click=move |_| apply(ctx, feedback, Action::Reveal)>"Reveal myself"</button>
                            <button class="button primary" on:click=move |_| apply(ctx, feedback, Action::StayHidden)>"Stay hidden"</button>
                        </div>
                    }.into_any()
                } else {
                    let rows = with_view(ctx, viewer, |_, v| {
                        let possible = v.possible_identities();
                        Identity::ALL.iter().map(|&i| (i, possible.contains(&i))).collect::<Vec<_>>()
                    });
                    view! {
                        <p>{format!("{detective}, name the Mastermind: {right} points to you if right, {wrong} to {mastermind} if wrong.")}</p>
                        <DeductionSheet viewer/>
                        <div class="button-row dg-suspects">
                            {rows.into_iter().map(|(identity, open)| view! {
                                <button class=if open { "button primary" } else { "button" } on:click=move |_| apply(ctx, feedback, Action::Accuse(identity))>
                                    {action_label(Phase::Accuse, Action::Accuse(identity))}
                                    <span class="button-detail">{if open { "still a suspect" } else { "cleared by your evidence" }}</span>
                                </button>
                            }.into_any()).collect_view()}
                        </div>
                    }.into_any()
                }
            }}
        </section>
    }
}

/// A finished case: who the Mastermind was, the accusation or reveal, the
/// points, and the swap. Shown to both players (everything on it is public
/// now) until they go on.
#[component]
fn CaseResult(case: usize) -> impl IntoView {
    let ctx = game_ctx();
    let Some((title, lines, next)) = ctx.game.with_untracked(|g| {
        let g = g.as_ref()?;
        let r = *g.state.results().get(case)?;
        let detective = g.name(r.detective);
        let mastermind = g.name(r.mastermind());
        let who = r.identity.name();
        let mut lines = vec![format!("{mastermind}, the Mastermind, was {who}.")];
        lines.push(match (r.revealed, r.accused) {
            (true, _) => format!("{mastermind} gave themselves up."),
            (false, Some(named)) if r.correct() => format!("{detective} named {}: right.", named.name()),
            (false, Some(named)) => format!("{detective} named {}: wrong.", named.name()),
            (false, None) => format!("{detective} named nobody."),
        });
        for seat in [Seat(0), Seat(1)] {
            let role = r.role_of(seat).index();
            let total: u32 = g.state.results()[..=case].iter().map(|c| c.points(seat)).sum();
            lines.push(format!(
                "{}: {} evidence card{} ({} points) and {} for the unmasking: {} this case, {} in all.",
                g.name(seat),
                r.evidence[role],
                if r.evidence[role] == 1 { "" } else { "s" },
                r.evidence_points[role],
                r.unmasking_points[role],
                r.points(seat),
                total
            ));
        }
        let next = if case + 1 < g.state.cases() {
            lines.push(format!(
                "Next, the roles swap: {mastermind} is the Detective and {detective} the Mastermind."
            ));
            format!("Start case {}", case + 2)
        } else {
            "See the final result".to_string()
        };
        Some((format!("Case {} is over", case + 1), lines, next))
    }) else {
        return ().into_any();
    };
    let go_on = move |_| {
        ctx.game.update(|g| {
            if let Some(g) = g.as_mut() {
                g.cases_seen = (case + 1).min(g.state.results().len());
            }
        });
        ctx.save_game();
    };
    view! {
        <section class="panel dg-case-result" aria-labelledby="dg-case-title">
            <h2 id="dg-case-title">{title}</h2>
            {lines.into_iter().map(|l| view! { <p>{l}</p> }.into_any()).collect_view()}
            <div class="button-row">
                <button class="button primary" on:click=go_on>{next}</button>
            </div>
        </section>
    }
    .into_any()
}

#[component]
fn EndDialog(dismiss: Callback<()>) -> impl IntoView {
    let ctx = game_ctx();
    let (title, detail, person_won) = ctx.game.with_untracked(|g| {
        let Some(g) = g.as_ref() else {
            return (String::new(), String::new(), false);
        };
        let person_won = g
            .state
            .winners()
            .iter()
            .any(|&s| g.state.seat_kind(s) == Some(SeatKind::Person));
        let points = [Seat(0), Seat(1)].map(|s| g.state.points(s));
        let title = match g.state.winners() {
            [one] => format!("{} wins", g.name(*one)),
            _ => "A draw".to_string(),
        };
        let detail = format!(
            "{} {}, {} {}.",
            g.name(Seat(0)),
            points[0],
            g.name(Seat(1)),
            points[1]
        );
        (title, detail, person_won)
    });
    view! {
        <Dialog title=title celebrate=person_won>
            <p>{detail}</p>
            <div class="button-row">
                <a class="button primary" href=route(Page::New).href()>"New game"</a>
                <button class="button" on:click=move |_| dismiss.run(())>"See the table"</button>
                <a class="button" href="#/">"Home"</a>
            </div>
        </Dialog>
    }
}

/// The first-run tour: the parts of the table, in the order a turn uses them.
static TOUR: &[TourStep] = &[
    TourStep {
        targets: &[".dg-row"],
        text: "Five crime scenes, each hiding one piece of evidence; the stronger pile at a location takes it. The location in play is marked, with its rounds and its trump suit.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-hand", ".dg-mine"],
        text: "Your hand: select cards and tap Place here. Cards placed in one turn share a suit; trumps may join them and count double. A 3 to 6 can be discarded for its ability instead.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-choices", ".dg-mine"],
        text: "End my turn when you are done, or pass (swapping one card if you like). Two passes in a row decide the location at once.",
        by_move: false,
    },
    TourStep {
        targets: &[".dg-secrets", ".dg-sheet", ".dg-mine"],
        text: "What only you know is here. The Detective's sheet strikes out every suspect the evidence won clears; after the fifth location the Detective names the Mastermind.",
        by_move: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::SeatPlan;
    use engine::detective_graves::Variant;

    #[test]
    fn a_location_speaks_of_both_piles_and_its_rule() {
        let plans = vec![
            SeatPlan {
                name: "Ana".into(),
                kind: SeatKind::Person,
            },
            SeatPlan {
                name: "Ben".into(),
                kind: SeatKind::Person,
            },
        ];
        let g = DgGame::new(&plans, Seat(0), Variant::default(), 4).unwrap();
        let v = g.state.view(Seat(0));
        let look = location_look(&g, &v, 0, Role::Detective);
        assert!(look.label.starts_with(v.row()[0].name()), "{}", look.label);
        assert!(look.label.contains("Active"), "{}", look.label);
        assert!(look.label.contains("Ana's pile") && look.label.contains("Ben's pile"));
        assert_eq!(look.piles[1].0, "Ana", "the viewer's pile is the lower one");
        let later = location_look(&g, &v, 4, Role::Detective);
        assert!(!later.label.contains("Active") && later.outcome == "Still to come");
    }
}
