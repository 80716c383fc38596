//! The spec's rulings: the set-aside evidence, an ability card's discard, reshuffles before draws.

use super::*;

/// Every place of the ten evidence cards, with the set-aside card changed
/// for one not in play (a game the rules cannot reach, but one whose views
/// must not differ: nobody has seen the card).
fn other_set_aside(s: &State) -> State {
    let mut t = s.clone();
    let aside = t.evidence_in(EvidenceAt::SetAside)[0];
    let spare = t.evidence_in(EvidenceAt::Box)[0];
    t.evidence[aside.index()] = EvidenceAt::Box;
    t.evidence[spare.index()] = EvidenceAt::SetAside;
    t
}

// Spec: "The set-aside evidence card is seen by nobody, the Mastermind
// included ..., in every variant and after the case too." No view holds it
// (changing it changes no view, at the deal and at the game's end), the
// log no longer names it, and the bots, reading views only, sample it.
#[test]
fn ruling_the_set_aside_card_is_seen_by_nobody_in_every_variant_and_after_the_case() {
    let variants = [
        Variant::default(),
        Variant {
            knows_all: true,
            ..Variant::default()
        },
        Variant {
            length: Length::SingleCase,
            ..Variant::default()
        },
        Variant {
            length: Length::CasePairs(2),
            life_is_pain: true,
            knows_all: true,
        },
    ];
    for (k, variant) in variants.into_iter().enumerate() {
        let kinds = [SeatKind::Computer(Level::Simple); 2];
        let mut s = State::new(kinds, Seat(0), variant, k as u64).unwrap();
        let mut checked = 0;
        loop {
            if (s.phase() == Phase::Mulligan && s.actor() == D) || s.is_over() {
                let aside = s.evidence_in(EvidenceAt::SetAside)[0];
                let t = other_set_aside(&s);
                for seat in [Seat(0), Seat(1), Seat(2)] {
                    assert_eq!(s.view(seat), t.view(seat), "{variant:?} {seat:?}");
                    // At the first deal no other case's evidence is in
                    // the log: the card is nowhere in the view.
                    let json = serde_json::to_string(&s.view(seat)).unwrap();
                    assert!(
                        checked > 0 || !json.contains(&serde_json::to_string(&aside).unwrap()),
                        "{variant:?}: the set-aside card in {seat:?}'s view"
                    );
                }
                checked += 1;
            }
            let Some(seat) = s.to_act() else { break };
            let action = State::bot_action(&s.view(seat), Level::Simple, s.bot_seed());
            s.apply(action).unwrap();
        }
        assert_eq!(
            checked,
            variant.cases() + 1,
            "every case's deal and the end"
        );
    }
    // The log of the deal names the identity (to the Mastermind) and no
    // set-aside card.
    let s = dealt(Variant::default(), 3);
    assert_eq!(
        s.log()[1],
        Event::IdentityDrawn {
            seat: Seat(1),
            identity: Some(s.identity())
        }
    );
    // The Strong player's samples put any unseen card aside: it has no
    // idea which.
    let view = s.view(Seat(1));
    let asides: std::collections::HashSet<Evidence> = (0..40)
        .map(|k| {
            view.determinise(&mut Pcg32::seed_from_u64(k))
                .evidence_in(EvidenceAt::SetAside)[0]
        })
        .collect();
    assert_eq!(asides.len(), 6);
    // Nor do the Mastermind's odds of being named depend on it.
    let t = other_set_aside(&s);
    assert_eq!(
        bot::detective_chance(&s.view(Seat(1))),
        bot::detective_chance(&t.view(Seat(1)))
    );
}

// Spec: "the card is revealed, its effect resolves in full, and only then
// does the card go to the discard pile": a Fresh Lead (or Accomplice)
// drawing from a reshuffled discard pile never draws itself.
#[test]
fn ruling_an_ability_card_is_discarded_after_its_effect_and_never_drawn_by_it() {
    for (role, card) in [(D, d(Briefcase, 3)), (M, m(Briefcase, 3))] {
        let mut s = table(&[Location::Station]);
        if role == M {
            s = applied(&s, Action::Pass);
        }
        let r = role.index();
        set_hand(&mut s, role, &[card]);
        // The deck is empty, the discard pile holds one card (the rest of
        // the deck lies in the pile here).
        let deck = s.decks[r].clone();
        set_discard(&mut s, role, &deck[..1]);
        s.piles[0][r].append(&mut s.decks[r]);
        let (t, _) = events_of(&s, Action::UseAbility(card));
        assert_eq!(
            t.hand(role),
            [deck[0]],
            "{role:?} drew the pile's card, not itself"
        );
        assert_eq!(t.discard(role), [card]);
        assert!(t.deck(role).is_empty());
    }
    // With a choice to make, the card waits, set apart, until it is made.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, _) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert_eq!(s.resolving(), Some(d(Briefcase, 5)));
    assert!(s.discard(D).is_empty());
    assert!(
        s.view(Seat(1)).resolving() == Some(d(Briefcase, 5)),
        "shown"
    );
    let (s, _) = events_of(&s, Action::TimeUp);
    assert_eq!(
        (s.resolving(), s.discard(D)),
        (None, &[d(Briefcase, 5)][..])
    );
    // At the Museum it leaves the game after its effect, not before.
    let mut s = table(&[Location::Museum]);
    set_hand(&mut s, D, &[d(Briefcase, 5), d(Shoeprint, 9)]);
    let (s, _) = events_of(&s, Action::UseAbility(d(Briefcase, 5)));
    assert!(s.removed().is_empty());
    let (s, _) = events_of(&s, Action::TimeDown);
    assert_eq!(s.removed(), [d(Briefcase, 5)]);
}

// Spec: "whenever a player must draw ... and their deck is empty while
// their hand is empty, the discard pile is shuffled into a new deck first,
// so a pass's swap never leaves a player with no cards when cards remain in
// their discard pile."
#[test]
fn ruling_a_pass_swap_reshuffles_before_its_draw() {
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck[..2]);
    s.piles[0][0].append(&mut s.decks[0]);
    let (s, events) = events_of(&s, Action::PassSwap(d(Shoeprint, 9)));
    assert_eq!(s.hand(D).len(), 1, "the swap drew from the reshuffled pile");
    assert_eq!(s.deck(D).len(), 2);
    assert!(matches!(
        events[..3],
        [
            Event::Passed { swapped: true, .. },
            Event::Reshuffled { seat: Seat(0) },
            Event::Drew {
                count: 1,
                why: DrawFor::Swap,
                ..
            },
        ]
    ));
}

// Spec: the reshuffle before a draw, for the mulligan too: a player whose
// deck ran out reshuffles the discarded hand and draws from it.
#[test]
fn ruling_a_mulligan_reshuffles_before_its_draw() {
    let mut s = dealt(Variant::default(), 5);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    assert_eq!(s.validate(), Ok(()));
    let (s, events) = events_of(&s, Action::Mulligan);
    assert_eq!(s.hand(D).len(), HAND);
    assert_eq!(s.deck(D).len() + s.discard(D).len(), 40);
    assert!(matches!(
        events[..3],
        [
            Event::Mulligan { taken: true, .. },
            Event::Reshuffled { seat: Seat(0) },
            Event::Drew {
                count: 5,
                why: DrawFor::Mulligan,
                ..
            },
        ]
    ));
}

// Spec: the reshuffle before the round's draws and an ability's: checked
// before the draw, the card being resolved staying apart.
#[test]
fn ruling_the_reshuffle_comes_before_the_round_and_ability_draws() {
    // The round's draw: the Detective placed their last card with an empty
    // deck (reshuffled at once, after the action), and draws next round.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Shoeprint, 9)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::Place(d(Shoeprint, 9)));
    assert!(matches!(
        events[..],
        [Event::Placed { .. }, Event::Reshuffled { seat: Seat(0) }]
    ));
    let s = played(&s, &[Action::EndPlay, Action::Pass]);
    assert_eq!(s.hand(D).len(), 2, "the round's two from the new deck");
    // Fresh Lead as the last card, deck empty: the pile is reshuffled
    // without it, then it is spent.
    let mut s = table(&[Location::Station]);
    set_hand(&mut s, D, &[d(Briefcase, 3)]);
    let deck = s.decks[0].clone();
    set_discard(&mut s, D, &deck);
    let (s, events) = events_of(&s, Action::UseAbility(d(Briefcase, 3)));
    assert!(matches!(
        events[..],
        [
            Event::AbilityUsed { .. },
            Event::Reshuffled { .. },
            Event::Drew {
                count: 2,
                why: DrawFor::Ability,
                ..
            },
            Event::AbilitySpent { removed: false, .. },
        ]
    ));
    assert_eq!(s.discard(D), [d(Briefcase, 3)]);
    assert!(!s.deck(D).contains(&d(Briefcase, 3)));
}
