//! The rules and the cabin as bit sets, built for the solver: which card
//! fits on which and which pair of supports kills which zombie (by card
//! code), and the piles and spaces of the rows, the columns and each pile
//! as masks.

use crate::dead_center::compact::{card_of, placing, Placing, CODES};
use crate::dead_center::{attack, ADJACENT_PILE, PILES, SPACES, SUPPORT_PILES};
use std::sync::OnceLock;

/// The rows and columns: their piles in order, and the zombie spaces at
/// their first and last ends (next to the first and last pile).
pub(super) const LINES: [([usize; 3], [usize; 2]); 6] = [
    ([0, 3, 6], [0, 3]),
    ([1, 4, 7], [1, 4]),
    ([2, 5, 8], [2, 5]),
    ([0, 1, 2], [6, 9]),
    ([3, 4, 5], [7, 10]),
    ([6, 7, 8], [8, 11]),
];

/// `NEXT_TO_MASK[q]`: the spaces next to pile `q`.
pub(super) const NEXT_TO_MASK: [u16; PILES] = next_to_masks();

const fn next_to_masks() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut s = 0;
    while s < SPACES {
        masks[ADJACENT_PILE[s]] |= 1 << s;
        s += 1;
    }
    masks
}

/// `SUPPORTED[q]`: the spaces whose zombie pile `q` supports.
pub(super) const SUPPORTED: [u16; PILES] = supported();

const fn supported() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut s = 0;
    while s < SPACES {
        masks[SUPPORT_PILES[s][0]] |= 1 << s;
        masks[SUPPORT_PILES[s][1]] |= 1 << s;
        s += 1;
    }
    masks
}

/// `RELEVANT[q]`: the spaces whose zombie pile `q` is next to or supports.
pub(super) const RELEVANT: [u16; PILES] = relevant();

const fn relevant() -> [u16; PILES] {
    let mut masks = [0u16; PILES];
    let mut q = 0;
    while q < PILES {
        masks[q] = NEXT_TO_MASK[q] | SUPPORTED[q];
        q += 1;
    }
    masks
}

/// The rules as bit sets of card codes: the placement rule (the hint's
/// too) and the kills, built once from [`attack`].
pub(super) struct Rules {
    /// The placement rule.
    pub(super) placing: Placing,
    /// `kills[z * CODES + a]`: bit `b` set when supports `a` and `b` kill `z`.
    pub(super) kills: Vec<u64>,
}

impl Rules {
    #[inline]
    pub(super) fn fits(&self, card: u8, top: u8) -> bool {
        self.placing.fits(card, top)
    }

    #[inline]
    pub(super) fn kill(&self, zombie: u8, a: u8, b: u8) -> bool {
        self.kills[usize::from(zombie & 63) * CODES + usize::from(a & 63)] >> (b & 63) & 1 == 1
    }
}

/// The rule tables, built on first use.
#[inline]
pub(super) fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut kills = vec![0u64; CODES * CODES];
        for z in 0..CODES {
            for a in 0..CODES {
                for b in 0..CODES {
                    if attack(card_of(z), [card_of(a), card_of(b)]).is_ok() {
                        kills[z * CODES + a] |= 1 << b;
                    }
                }
            }
        }
        Rules {
            placing: *placing(),
            kills,
        }
    })
}
