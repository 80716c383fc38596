//! Sorting for the short lists the games sort: a row of at most 18 cards, a
//! turn's moves, one 52-card deck.
//!
//! `slice::sort` and `sort_unstable` are built for long slices; in the
//! WebAssembly bundle each element type and comparison gets its own copy of
//! several kilobytes, and the bundle has a size budget. An insertion sort is a
//! few hundred bytes per use and, for lists this short, as fast (std itself
//! insertion-sorts slices of up to 20 items). It is stable, so it gives
//! exactly what `sort`, `sort_by` and `sort_by_key` give; for the types sorted
//! in place of `sort_unstable` equal items are identical, so the result is
//! the same there too. Not for long slices: the time grows with the square of
//! the length.

use std::cmp::Ordering;

/// `slice::sort_by` for short slices: stable, by `compare`.
pub fn sort_small_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && compare(&items[j], &items[j - 1]) == Ordering::Less {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// `slice::sort` for short slices.
pub fn sort_small<T: Ord>(items: &mut [T]) {
    sort_small_by(items, T::cmp);
}

/// `slice::sort_by_key` for short slices: stable, by `key`.
pub fn sort_small_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_small_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_std() {
        let mut state = 12345u32;
        for len in 0..60 {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    (((state >> 16) % 7) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            let mut std = items.clone();
            sort_small(&mut ours);
            std.sort();
            assert_eq!(ours, std);
            // Stable: equal keys keep their order, as with std.
            let mut ours = items.clone();
            let mut std = items;
            sort_small_by_key(&mut ours, |&(k, _)| std::cmp::Reverse(k));
            std.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
            assert_eq!(ours, std);
        }
    }
}
