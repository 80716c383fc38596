//! The seeded random generator a game keeps in its state: PCG32 (64-bit
//! state, XSH-RR output), the same generator, seeding and output as
//! `rand_pcg::Pcg32` (a test checks this), so deals and saves are unchanged.
//! It is our own because the app's save codec must read and write its two
//! numbers, which `rand_pcg` keeps private.

use rand::rand_core::{impls, RngCore, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;

const MULTIPLIER: u64 = 6364136223846793005;

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pcg32 {
    state: u64,
    /// Always odd.
    increment: u64,
}

impl Pcg32 {
    fn from_state_increment(state: u64, increment: u64) -> Pcg32 {
        let mut pcg = Pcg32 { state, increment };
        pcg.state = pcg.state.wrapping_add(pcg.increment);
        pcg.step();
        pcg
    }

    fn step(&mut self) {
        self.state = self
            .state
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(self.increment);
    }
}

/// Like `rand_pcg`, never shows the state: it would reveal what comes next.
impl fmt::Debug for Pcg32 {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Pcg32 {}")
    }
}

impl SeedableRng for Pcg32 {
    type Seed = [u8; 16];

    fn from_seed(seed: [u8; 16]) -> Pcg32 {
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = seed;
        let state = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
        let stream = u64::from_le_bytes([i, j, k, l, m, n, o, p]);
        Pcg32::from_state_increment(state, stream | 1)
    }
}

impl RngCore for Pcg32 {
    fn next_u32(&mut self) -> u32 {
        let state = self.state;
        self.step();
        let rotate = (state >> 59) as u32;
        let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
        xorshifted.rotate_right(rotate)
    }

    fn next_u64(&mut self) -> u64 {
        impls::next_u64_via_u32(self)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest)
    }
}

crate::json_struct!(Pcg32 { state, increment });

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::shuffle;

    #[test]
    fn same_numbers_as_rand_pcg_for_every_seed_tried() {
        for seed in (0..2_000u64).chain([u64::MAX, 1 << 63, 0xdead_beef]) {
            let mut ours = Pcg32::seed_from_u64(seed);
            let mut theirs = rand_pcg::Pcg32::seed_from_u64(seed);
            for _ in 0..20 {
                assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed}");
                assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed}");
            }
            let mut a: Vec<u8> = (0..52).collect();
            let mut b = a.clone();
            shuffle(&mut a, &mut ours);
            shuffle(&mut b, &mut theirs);
            assert_eq!(a, b, "seed {seed}");
            let mut bytes_ours = [0u8; 13];
            let mut bytes_theirs = [0u8; 13];
            ours.fill_bytes(&mut bytes_ours);
            theirs.fill_bytes(&mut bytes_theirs);
            assert_eq!(bytes_ours, bytes_theirs);
            // Saved the same way: games saved with rand_pcg load unchanged.
            assert_eq!(
                serde_json::to_string(&ours).unwrap(),
                serde_json::to_string(&theirs).unwrap()
            );
        }
    }
}
