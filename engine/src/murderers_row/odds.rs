//! Odds as the solver's questions and answers carry them: what counts as
//! equal, and how they travel. Shared by [`super::advice`] and
//! [`super::difficulty`], which import this and not each other.

/// Choices that give away less than this are as good as the best (the
/// solver's values are exact up to rounding).
pub const NEGLIGIBLE: f64 = 1e-9;

/// Odds travel as the bits of their `f64`: exact both ways, and the wasm
/// bundle needs no float formatting or parsing for them.
pub(crate) mod odds_bits {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(odds: &f64, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_u64(odds.to_bits())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<f64, D::Error> {
        u64::deserialize(from).map(f64::from_bits)
    }
}
