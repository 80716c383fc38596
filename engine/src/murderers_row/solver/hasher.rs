//! A fast hash for the solver's tables ([`Map`]). Apart because it is a
//! hand-written hasher that knows nothing of the game.

use std::collections::HashMap;

/// A fast hash for the solver's tables (the keys are small and not chosen
/// by an adversary).
#[derive(Default, Clone, Copy)]
pub(super) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        // Mixes the high bits into the low ones, which pick the bucket.
        let mut x = self.0;
        x ^= x >> 32;
        x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
        x ^ (x >> 32)
    }
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Fast = std::hash::BuildHasherDefault<FxHasher>;
pub(super) type Map<K, V> = HashMap<K, V, Fast>;
