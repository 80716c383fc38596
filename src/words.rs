//! Wording every game shares.

/// `n` and the noun, singular for one: "1 card", "3 cards", "0 cards".
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A large count in words, cut down (never rounded up, so "over" stays
/// true): "250 thousand", "1.2 million". Written with integers: formatting a
/// float (`{:.1}`) adds about 4 KB gzip of the standard library's float
/// printing to the chunk that calls it.
pub fn large_count(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{}.{} million", n / 1_000_000, n % 1_000_000 / 100_000)
    } else if n >= 1_000 {
        format!("{} thousand", n / 1_000)
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_counts_are_cut_down_never_rounded_up() {
        assert_eq!(large_count(999), "999");
        assert_eq!(large_count(1_000), "1 thousand");
        assert_eq!(large_count(250_999), "250 thousand");
        assert_eq!(large_count(999_999), "999 thousand");
        assert_eq!(large_count(1_000_000), "1.0 million");
        assert_eq!(large_count(1_299_999), "1.2 million");
        assert_eq!(large_count(u64::MAX), "18446744073709.5 million");
    }

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(count(1, "card", "cards"), "1 card");
        assert_eq!(count(0, "card", "cards"), "0 cards");
        assert_eq!(count(12, "zombie", "zombies"), "12 zombies");
    }
}
