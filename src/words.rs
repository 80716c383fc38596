//! Wording every game shares.

/// `n` and the noun, singular for one: "1 card", "3 cards", "0 cards".
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(count(1, "card", "cards"), "1 card");
        assert_eq!(count(0, "card", "cards"), "0 cards");
        assert_eq!(count(12, "zombie", "zombies"), "12 zombies");
    }
}
