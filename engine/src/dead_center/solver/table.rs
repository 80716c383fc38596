//! The transposition table: exact values and lower bounds of positions,
//! by the key of their canonical form.

use super::position::Node;

impl Node {
    /// 54 bits of tops, 12 of living zombies, 6 of cards drawn.
    #[inline]
    pub(super) fn key(&self) -> u128 {
        let tops = self
            .tops
            .iter()
            .rev()
            .fold(0u128, |k, &t| k << 6 | u128::from(t & 63));
        tops | u128::from(self.alive & 0xFFF) << 54 | u128::from(self.i & 63) << 66
    }
}

const KEY_BITS: u32 = 72;
const KEY_MASK: u128 = (1 << KEY_BITS) - 1;
const EXACT: u128 = 1 << 80;
const USED: u128 = 1 << 81;
/// Entries per bucket: a new position may go in any of them.
const BUCKET: usize = 4;

/// Exact values and lower bounds of positions, by key. An entry: the key,
/// the value (a turn, or [`LOST`](super::LOST)) in bits 72–79, then the
/// flags.
pub(super) struct Table {
    slots: Vec<u128>,
    filled: usize,
    max_slots: usize,
}

impl Table {
    pub(super) fn new(max_slots: usize) -> Table {
        // A power of two, at least one bucket.
        let max_slots = max_slots.max(BUCKET);
        let max_slots = 1usize << (usize::BITS - 1 - max_slots.leading_zeros());
        Table {
            slots: vec![0; max_slots.min(1 << 12)],
            filled: 0,
            max_slots,
        }
    }

    fn bucket(&self, key: u128) -> usize {
        let h = (key as u64 ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1) & !(BUCKET - 1)
    }

    /// The stored value and whether it is exact (else a lower bound).
    #[inline]
    pub(super) fn get(&self, key: u128) -> Option<(u8, bool)> {
        let b = self.bucket(key);
        self.slots
            .get(b..b + BUCKET)?
            .iter()
            .find(|&&e| e & USED != 0 && e & KEY_MASK == key)
            .map(|&e| ((e >> KEY_BITS) as u8, e & EXACT != 0))
    }

    pub(super) fn put(&mut self, key: u128, value: u8, exact: bool) {
        if self.filled * 4 >= self.slots.len() * 3 && self.slots.len() < self.max_slots {
            self.grow();
        }
        let entry = key | u128::from(value) << KEY_BITS | USED | if exact { EXACT } else { 0 };
        let b = self.bucket(key);
        let Some(bucket) = self.slots.get_mut(b..b + BUCKET) else {
            return;
        };
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| **e & USED != 0 && **e & KEY_MASK == key)
        {
            *e = entry;
            return;
        }
        if let Some(e) = bucket.iter_mut().find(|e| **e & USED == 0) {
            *e = entry;
            self.filled += 1;
            return;
        }
        // Full: replace the deepest position (the cheapest to search again).
        let depth = |e: u128| (e >> 66) as u8 & 63;
        if let Some(e) = bucket.iter_mut().max_by_key(|e| depth(**e)) {
            *e = entry;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.filled = 0;
        for e in old.into_iter().filter(|e| e & USED != 0) {
            let b = self.bucket(e & KEY_MASK);
            if let Some(slot) = self
                .slots
                .get_mut(b..b + BUCKET)
                .and_then(|bucket| bucket.iter_mut().find(|s| **s == 0))
            {
                *slot = e;
                self.filled += 1;
            }
        }
    }
}
