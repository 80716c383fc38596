//! Every printed component of Detective Graves in one place: suits, ranks,
//! the two decks' abilities, the 12 locations, the 5 identities and the 10
//! evidence cards, with the short texts the app shows for them (our own
//! words). Change a component here and the rules, the bots and the UI follow.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The two sides of a case. Each has its own 45-card deck; the players swap
/// sides (and decks) every case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    Detective,
    Mastermind,
}

impl Role {
    pub const ALL: [Role; 2] = [Role::Detective, Role::Mastermind];

    /// 0 for the Detective, 1 for the Mastermind: the index of the role's
    /// zones.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn other(self) -> Role {
        match self {
            Role::Detective => Role::Mastermind,
            Role::Mastermind => Role::Detective,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Detective => "Detective Graves",
            Role::Mastermind => "The Mastermind",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    MagnifyingGlass,
    Shoeprint,
    QuestionMark,
    Notebook,
    Briefcase,
}

/// Name and symbol of each suit, in [`Suit::ALL`] order.
const SUITS: [(&str, &str); 5] = [
    ("Magnifying Glass", "🔍"),
    ("Shoeprint", "👣"),
    ("Question Mark", "❓"),
    ("Notebook", "📓"),
    ("Briefcase", "💼"),
];

impl Suit {
    pub const ALL: [Suit; 5] = [
        Suit::MagnifyingGlass,
        Suit::Shoeprint,
        Suit::QuestionMark,
        Suit::Notebook,
        Suit::Briefcase,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        SUITS[self.index()].0
    }

    pub fn symbol(self) -> &'static str {
        SUITS[self.index()].1
    }
}

/// The Ace's rank number (there is no 10): worth 10, or 12 at the Record
/// Office.
pub const ACE: u8 = 10;
/// Ranks 2–9 and the Ace.
pub const RANKS: [u8; 9] = [2, 3, 4, 5, 6, 7, 8, 9, ACE];
/// Cards in each deck: 5 suits × 9 ranks.
pub const DECK_SIZE: usize = 45;

/// A card of one of the two decks. `rank` is 2–9, or [`ACE`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub deck: Role,
    pub suit: Suit,
    pub rank: u8,
}

/// What a 3–6 does when discarded from hand for its effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// Detective 3: draw 2.
    FreshLead,
    /// Detective 4: look at the Mastermind's hand.
    Stakeout,
    /// Detective 5: one time token more or less here.
    Overtime,
    /// Detective 6: the Mastermind discards a random card.
    Warrant,
    /// Mastermind 3: draw 2.
    Accomplice,
    /// Mastermind 4: a small non-trump card leaves the Detective's pile here.
    CoverUp,
    /// Mastermind 5: one time token more or less here.
    SmokeAndMirrors,
    /// Mastermind 6: the Detective discards a random card.
    Bribe,
}

/// Name and text of each ability; rows are ranks 3–6, columns the decks
/// (Detective, Mastermind).
const ABILITIES: [[(Ability, &str, &str); 2]; 4] = [
    [
        (Ability::FreshLead, "Fresh Lead", "Draw 2 cards."),
        (Ability::Accomplice, "Accomplice", "Draw 2 cards."),
    ],
    [
        (
            Ability::Stakeout,
            "Stakeout",
            "See the Mastermind's hand.",
        ),
        (
            Ability::CoverUp,
            "Cover-up",
            "Send a non-trump card worth 6 or less from the Detective's pile here to their discard.",
        ),
    ],
    [
        (
            Ability::Overtime,
            "Overtime",
            "Add or take away 1 time token here.",
        ),
        (
            Ability::SmokeAndMirrors,
            "Smoke and Mirrors",
            "Add or take away 1 time token here.",
        ),
    ],
    [
        (
            Ability::Warrant,
            "Warrant",
            "The Mastermind discards a random card.",
        ),
        (Ability::Bribe, "Bribe", "The Detective discards a random card."),
    ],
];

/// What a deuce offers when placed in a pile.
pub const DEUCE_NAME: &str = "New trump";
pub const DEUCE_TEXT: &str = "When placed in a pile, you may make any suit the trump here.";

impl Ability {
    fn row(self) -> &'static (Ability, &'static str, &'static str) {
        ABILITIES
            .iter()
            .flatten()
            .find(|(a, ..)| *a == self)
            .unwrap_or(&ABILITIES[0][0])
    }

    pub fn name(self) -> &'static str {
        self.row().1
    }

    pub fn text(self) -> &'static str {
        self.row().2
    }
}

impl Card {
    pub const fn new(deck: Role, suit: Suit, rank: u8) -> Card {
        Card { deck, suit, rank }
    }

    /// The 45 cards of a deck, suit by suit, 2 to Ace.
    pub fn deck(deck: Role) -> Vec<Card> {
        Suit::ALL
            .iter()
            .flat_map(|&suit| RANKS.iter().map(move |&rank| Card::new(deck, suit, rank)))
            .collect()
    }

    /// Both decks: the 90 cards of the game.
    pub fn all() -> Vec<Card> {
        let mut cards = Card::deck(Role::Detective);
        cards.extend(Card::deck(Role::Mastermind));
        cards
    }

    /// Whether the card exists (rank 2–9 or Ace).
    pub fn is_real(self) -> bool {
        RANKS.contains(&self.rank)
    }

    /// Its value in a pile: the rank, the Ace 10 (or 12 where `aces_high`,
    /// i.e. at the Record Office).
    pub fn value(self, aces_high: bool) -> u32 {
        match self.rank {
            ACE if aces_high => 12,
            r => u32::from(r),
        }
    }

    /// The green-box ability of a 3–6 (used by discarding it from hand).
    pub fn ability(self) -> Option<Ability> {
        let row = ABILITIES.get(usize::from(self.rank.checked_sub(3)?))?;
        Some(row[self.deck.index()].0)
    }

    pub fn is_deuce(self) -> bool {
        self.rank == 2
    }

    /// "2" … "9", "A".
    pub fn rank_label(self) -> &'static str {
        const LABELS: [&str; 11] = ["?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "A"];
        LABELS.get(usize::from(self.rank)).copied().unwrap_or("?")
    }

    /// For screen readers and messages: "Ace of Notebook".
    pub fn name(self) -> String {
        let rank = match self.rank {
            ACE => "Ace",
            _ => self.rank_label(),
        };
        format!("{rank} of {}", self.suit.name())
    }

    /// A small number naming the card (0–89), e.g. for counting.
    pub fn key(self) -> usize {
        let rank = RANKS.iter().position(|&r| r == self.rank).unwrap_or(0);
        self.deck.index() * DECK_SIZE + self.suit.index() * RANKS.len() + rank
    }
}

/// "A📓": short form for logs.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_label(), self.suit.symbol())
    }
}

/// "D:A📓" (the deck's initial first): easier to read in test failures.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let deck = match self.deck {
            Role::Detective => 'D',
            Role::Mastermind => 'M',
        };
        write!(f, "{deck}:{self}")
    }
}

/// The 12 locations. [`Location::Docks`] is the second "Bank Vault" of the
/// rule text (7 turns, Notebooks), renamed by the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Location {
    BankVault,
    Library,
    PalaceGrounds,
    Docks,
    Countryside,
    Alley,
    River,
    RecordOffice,
    Park,
    Station,
    Slums,
    Museum,
}

/// A location card: its name, time tokens (rounds), printed trump (or none)
/// and a short text of its ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocationInfo {
    pub name: &'static str,
    pub time: u8,
    pub trump: Option<Suit>,
    pub ability: &'static str,
}

const fn place(
    name: &'static str,
    time: u8,
    trump: Option<Suit>,
    ability: &'static str,
) -> LocationInfo {
    LocationInfo {
        name,
        time,
        trump,
        ability,
    }
}

/// The location cards, in [`Location::ALL`] order.
const LOCATIONS: [LocationInfo; 12] = [
    place(
        "The Bank Vault",
        5,
        Some(Suit::MagnifyingGlass),
        "On arrival, each player turns the top card of their deck into their pile here.",
    ),
    place(
        "The Library",
        5,
        Some(Suit::Briefcase),
        "No card abilities here, not even a deuce's new trump.",
    ),
    place(
        "The Palace Grounds",
        5,
        Some(Suit::Shoeprint),
        "No card worth 4 or less may be placed here.",
    ),
    place(
        "The Docks",
        7,
        Some(Suit::Notebook),
        "The Mastermind places a non-trump card only while their pile here is smaller than the Detective's.",
    ),
    place(
        "The Countryside",
        5,
        Some(Suit::Briefcase),
        "On arrival, each player draws 3 cards.",
    ),
    place(
        "The Alley",
        5,
        None,
        "At most 3 cards per pile; discard one of yours from it to make room.",
    ),
    place(
        "The River",
        4,
        None,
        "On arrival, the Detective may swap their whole hand for as many new cards.",
    ),
    place(
        "The Record Office",
        4,
        Some(Suit::MagnifyingGlass),
        "Aces are worth 12 here.",
    ),
    place(
        "The Park",
        3,
        Some(Suit::Shoeprint),
        "Placing a non-trump card worth 6 or more costs another card, discarded unseen.",
    ),
    place("The Station", 5, Some(Suit::Notebook), "No special rule."),
    place(
        "The Slums",
        4,
        Some(Suit::QuestionMark),
        "On arrival, the Detective may add or take away a time token here and at the next location.",
    ),
    place(
        "The Museum",
        3,
        Some(Suit::QuestionMark),
        "Round draws may come from the top of your discard; ability cards used here leave the game.",
    ),
];

impl Location {
    pub const ALL: [Location; 12] = [
        Location::BankVault,
        Location::Library,
        Location::PalaceGrounds,
        Location::Docks,
        Location::Countryside,
        Location::Alley,
        Location::River,
        Location::RecordOffice,
        Location::Park,
        Location::Station,
        Location::Slums,
        Location::Museum,
    ];

    pub fn info(self) -> &'static LocationInfo {
        &LOCATIONS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Time tokens placed on it at the start of a case.
    pub fn time(self) -> u8 {
        self.info().time
    }

    /// The printed trump suit (`None`: no trump until a deuce sets one).
    pub fn trump(self) -> Option<Suit> {
        self.info().trump
    }

    pub fn ability_text(self) -> &'static str {
        self.info().ability
    }
}

/// The five possible Masterminds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Identity {
    Professor,
    Countess,
    Magician,
    Banker,
    Surgeon,
}

/// Name and symbol of each identity, in [`Identity::ALL`] order.
const IDENTITIES: [(&str, &str); 5] = [
    ("The Professor", "🎓"),
    ("The Countess", "👑"),
    ("The Magician", "🎩"),
    ("The Banker", "💰"),
    ("The Surgeon", "🩺"),
];

impl Identity {
    pub const ALL: [Identity; 5] = [
        Identity::Professor,
        Identity::Countess,
        Identity::Magician,
        Identity::Banker,
        Identity::Surgeon,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        IDENTITIES[self.index()].0
    }

    pub fn symbol(self) -> &'static str {
        IDENTITIES[self.index()].1
    }
}

/// An evidence card: it clears two identities (its top bar); the other three
/// stay viable (its bottom bar). There is one for each pair: 10 in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Evidence {
    pub cleared: [Identity; 2],
}

impl Evidence {
    /// The ten evidence cards, one per pair of identities.
    pub const ALL: [Evidence; 10] = {
        use Identity::*;
        const fn e(a: Identity, b: Identity) -> Evidence {
            Evidence { cleared: [a, b] }
        }
        [
            e(Professor, Countess),
            e(Professor, Magician),
            e(Professor, Banker),
            e(Professor, Surgeon),
            e(Countess, Magician),
            e(Countess, Banker),
            e(Countess, Surgeon),
            e(Magician, Banker),
            e(Magician, Surgeon),
            e(Banker, Surgeon),
        ]
    };

    /// Its place in [`Evidence::ALL`] (0–9).
    pub fn index(self) -> usize {
        Evidence::ALL.iter().position(|&e| e == self).unwrap_or(0)
    }

    pub fn clears(self, identity: Identity) -> bool {
        self.cleared.contains(&identity)
    }

    /// The three identities it leaves viable.
    pub fn viable(self) -> impl Iterator<Item = Identity> {
        Identity::ALL.into_iter().filter(move |&i| !self.clears(i))
    }

    /// The six cards a Mastermind of `identity` leaves (those not clearing
    /// them).
    pub fn left_by(identity: Identity) -> impl Iterator<Item = Evidence> {
        Evidence::ALL
            .into_iter()
            .filter(move |e| !e.clears(identity))
    }

    /// "Clears The Professor and The Countess".
    pub fn text(self) -> String {
        format!(
            "Clears {} and {}",
            self.cleared[0].name(),
            self.cleared[1].name()
        )
    }
}

/// The deduction: the identities that no card of `evidence` clears. Two
/// cards clearing four different identities leave exactly one.
pub fn possible_identities(evidence: &[Evidence]) -> Vec<Identity> {
    Identity::ALL
        .into_iter()
        .filter(|&i| evidence.iter().all(|e| !e.clears(i)))
        .collect()
}
