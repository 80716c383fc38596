//! The 18 cards of Murderers' Row (the published text's card sheets are
//! pictures it does not include; `docs/rulings.md` says how this set was
//! made): one table, [`CARDS`], that the engine and the UI both read.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 18 cards. The order is the table's order (`# 1` … `# 18`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Killer {
    Swordsman,
    Executioner,
    Poisoner,
    Sniper,
    Gunslinger,
    SentryGun,
    Tank,
    Assassin,
    Arsonist,
    Medic,
    ConMan,
    Bugler,
    Grenadier,
    AirStrike,
    Copycat,
    MadBomber,
    Knight,
    Hangman,
}

/// How many cards the game has.
pub const CARD_COUNT: usize = 18;

/// What the UI and the rules need to know about a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardInfo {
    pub killer: Killer,
    pub name: &'static str,
    /// The die face in the card's corner: 0 to 5 pips.
    pub pips: u8,
    /// The effect in a few words, for the card's face.
    pub short: &'static str,
    /// The card's condition and effect, in a sentence or two.
    pub effect: &'static str,
}

/// The 18 cards, in [`Killer`] order.
pub const CARDS: [CardInfo; CARD_COUNT] = [
    CardInfo {
        killer: Killer::Swordsman,
        name: "Swordsman",
        pips: 4,
        short: "Kills an active neighbour",
        effect: "Kill an active card next to this card.",
    },
    CardInfo {
        killer: Killer::Executioner,
        name: "Executioner",
        pips: 1,
        short: "Kills an inactive neighbour",
        effect: "Kill an inactive card next to this card.",
    },
    CardInfo {
        killer: Killer::Poisoner,
        name: "Poisoner",
        pips: 2,
        short: "Next card used dies after",
        effect: "The next card to be activated dies right after its effect. \
                 No effect if a poison is already pending.",
    },
    CardInfo {
        killer: Killer::Sniper,
        name: "Sniper",
        pips: 3,
        short: "Kills at distance 4+",
        effect: "Kill any card at distance 4 or more.",
    },
    CardInfo {
        killer: Killer::Gunslinger,
        name: "Gunslinger",
        pips: 0,
        short: "Kills 2 adjacent active cards",
        effect: "Kill two adjacent active cards (not this card), anywhere in the row.",
    },
    CardInfo {
        killer: Killer::SentryGun,
        name: "Sentry Gun",
        pips: 1,
        short: "Kills active card 2 away + the one between",
        effect: "Kill an active card at distance 2, and the card between.",
    },
    CardInfo {
        killer: Killer::Tank,
        name: "Tank",
        pips: 2,
        short: "Kills inactive card 2 away + the one between",
        effect: "Kill an inactive card at distance 2, and the card between.",
    },
    CardInfo {
        killer: Killer::Assassin,
        name: "Assassin",
        pips: 3,
        short: "Kills an inactive card, takes its place",
        effect: "Choose an inactive card: it dies and this card takes its place.",
    },
    CardInfo {
        killer: Killer::Arsonist,
        name: "Arsonist",
        pips: 0,
        short: "Random: burns inactive card + inactive neighbours",
        effect: "Random target: if it is inactive, kill it and every inactive card \
                 next to it.",
    },
    CardInfo {
        killer: Killer::Medic,
        name: "Medic",
        pips: 4,
        short: "Makes 1 inactive card active",
        effect: "Make one inactive card active.",
    },
    CardInfo {
        killer: Killer::ConMan,
        name: "Con Man",
        pips: 2,
        short: "Swaps any two cards",
        effect: "Swap any two cards (this card may be one of them).",
    },
    CardInfo {
        killer: Killer::Bugler,
        name: "Bugler",
        pips: 3,
        short: "Makes 2 adjacent inactive cards active",
        effect: "Make two adjacent inactive cards active.",
    },
    CardInfo {
        killer: Killer::Grenadier,
        name: "Grenadier",
        pips: 5,
        short: "Random: kills the card hit",
        effect: "Random target: kill it.",
    },
    CardInfo {
        killer: Killer::AirStrike,
        name: "Air Strike",
        pips: 5,
        short: "Random: kills the card hit + a neighbour",
        effect: "Random target: kill it and one card next to it (your choice).",
    },
    CardInfo {
        killer: Killer::Copycat,
        name: "Copycat",
        pips: 2,
        short: "Uses an active neighbour's effect",
        effect: "Use the effect of an active card next to this card, from here.",
    },
    CardInfo {
        killer: Killer::MadBomber,
        name: "Mad Bomber",
        pips: 3,
        short: "Kills itself and its neighbours",
        effect: "Kill this card and every card next to it.",
    },
    CardInfo {
        killer: Killer::Knight,
        name: "Knight",
        pips: 4,
        short: "Kills another active card, takes its place",
        effect: "Choose another active card: it dies and this card takes its place.",
    },
    CardInfo {
        killer: Killer::Hangman,
        name: "Hangman",
        pips: 1,
        short: "Kills 2 adjacent inactive cards",
        effect: "Kill two adjacent inactive cards, anywhere in the row.",
    },
];

impl Killer {
    /// The 18 cards in table order.
    pub const ALL: [Killer; CARD_COUNT] = [
        Killer::Swordsman,
        Killer::Executioner,
        Killer::Poisoner,
        Killer::Sniper,
        Killer::Gunslinger,
        Killer::SentryGun,
        Killer::Tank,
        Killer::Assassin,
        Killer::Arsonist,
        Killer::Medic,
        Killer::ConMan,
        Killer::Bugler,
        Killer::Grenadier,
        Killer::AirStrike,
        Killer::Copycat,
        Killer::MadBomber,
        Killer::Knight,
        Killer::Hangman,
    ];

    /// The card's row in [`CARDS`] (0–17).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The card with table row `index`, if there is one.
    pub fn from_index(index: usize) -> Option<Killer> {
        Killer::ALL.get(index).copied()
    }

    pub const fn info(self) -> &'static CardInfo {
        &CARDS[self as usize]
    }

    pub const fn name(self) -> &'static str {
        self.info().name
    }

    pub const fn pips(self) -> u8 {
        self.info().pips
    }

    /// Whether the card's target is found with the die deck.
    pub const fn is_random(self) -> bool {
        matches!(
            self,
            Killer::Arsonist | Killer::Grenadier | Killer::AirStrike
        )
    }
}

impl fmt::Display for Killer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
