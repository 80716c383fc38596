//! The app's one codec: every record it saves (see `storage`) and every
//! message between the page and its worker is JSON written and read by
//! `serde_json` from the types' serde derives. Nothing else in the app calls
//! a serializer.
//!
//! Text is written straight from the value, and read in two steps: parsed
//! into a [`Json`] tree (one copy of the parser in the bundle), then the tree
//! is read as the type. Reading text straight into each type compiles the
//! parser into every type's reader: about 3 KB more gzip.
//!
//! Numbers are exact: whole numbers up to `u64::MAX` (the seeded
//! generator's state in saves, deal numbers) stay whole numbers, never
//! JavaScript's doubles; odds travel as the bits of their `f64`.

use serde::{de::DeserializeOwned, Serialize};

/// A parsed JSON value: objects, arrays, strings, numbers (`u64` exact).
pub use serde_json::Value as Json;

/// The fields of a JSON object, by name.
pub type JsonObject = serde_json::Map<String, Json>;

/// Why a value could not be written or a text read.
pub use serde_json::Error;

/// `value` as JSON text. Fails only for a map whose keys are not strings or
/// numbers (no saved type has one).
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    serde_json::to_string(value)
}

/// The JSON tree of `text`, or why it is not JSON. Never a panic: nesting
/// deeper than the parser's limit (127 levels) is an error, not a stack overflow.
pub fn parse(text: &str) -> Result<Json, Error> {
    serde_json::from_str(text)
}

/// `json` read as a `T`, or why it has not that shape.
pub fn from_json<T: DeserializeOwned>(json: Json) -> Result<T, Error> {
    serde_json::from_value(json)
}

/// The value `text` holds, or why it does not hold one.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    from_json(parse(text)?)
}

/// For `#[serde(deserialize_with = "crate::codec::object")]`: a record's
/// part that must be written as an object. Serde's derive also reads a
/// struct from a list of its fields in order, a shape the app never writes
/// and a damaged record should not pass as.
pub fn object<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned,
{
    use serde::de::{Deserialize, Error as _};
    let fields = JsonObject::deserialize(deserializer)?;
    from_json(Json::Object(fields)).map_err(D::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fixtures::same_text;
    use engine::murderers_row::advice::{Answer, Hint, Question, Reply, Request};

    /// Whole numbers above 2^53, which a JavaScript number would round
    /// (JSON.parse reads 9007199254740993 as 9007199254740992), are kept.
    #[test]
    fn every_u64_travels_exactly() {
        for n in [0, (1u64 << 53) + 1, 13674971821905443966, u64::MAX] {
            let text = to_string(&n).unwrap();
            assert_eq!(text, n.to_string());
            assert_eq!(from_str::<u64>(&text).unwrap(), n);
        }
        // A number too large for a u64 is refused, not rounded.
        assert!(from_str::<u64>("18446744073709551616").is_err());
        assert!(from_str::<u64>("1e3").is_err());
        assert!(from_str::<u8>("256").is_err());
    }

    /// A Dead Center game with the largest deal number, as the version
    /// before serde's derive saved it (its own codec, `engine::json`).
    #[test]
    fn a_dead_center_game_saved_before_loads_and_saves_unchanged() {
        let state: engine::dead_center::State = same_text("DCGAME");
        assert_eq!(state.seed(), u64::MAX);
        assert_eq!(state.validate(), Ok(()));
        // The same deal and moves today: it was made by the first legal
        // action, nine times, of Hard deal u64::MAX (with the hand-made
        // generator that rand_pcg's Pcg32 replaced).
        use engine::Game;
        let mut replay = engine::dead_center::State::new(state.variant(), u64::MAX);
        for _ in 0..9 {
            let action = replay.legal_actions()[0];
            replay.apply(action).unwrap();
        }
        // Today's state also keeps its moves (issue 28); the old save has
        // none, so it loads but cannot be reviewed. Without them, the same.
        assert_eq!(replay.history().len(), 9);
        assert!(replay.history_complete() && !state.history_complete());
        let mut today = parse(&to_string(&replay).unwrap()).unwrap();
        today.as_object_mut().unwrap().remove("history");
        assert_eq!(
            from_json::<engine::dead_center::State>(today).unwrap(),
            state
        );
    }

    /// The seeded generator's state in a saved table game is above 2^53.
    #[test]
    fn the_generator_in_a_saved_game_is_kept_to_the_last_digit() {
        let text = crate::session::fixtures::saved_v1("SKGAME");
        assert!(text
            .contains(r#""rng":{"state":13674971821905443966,"increment":18127503437953003681}"#));
        let mut json = parse(text).unwrap();
        assert_eq!(
            json["state"]["rng"]["increment"].as_u64(),
            Some(18127503437953003681)
        );
        let state: engine::serial_killer::State = from_json(json["state"].take()).unwrap();
        let written = to_string(&state).unwrap();
        assert!(text.contains(&written));
        assert!(written.contains(r#""rng":{"state":13674971821905443966,"#));
    }

    /// What the page and the worker send each other arrives exactly: seeds
    /// up to u64::MAX, odds to the last bit.
    #[test]
    fn solver_messages_arrive_exactly() {
        let request = Request {
            id: u32::MAX,
            question: Question::CertainDeal {
                from: u64::MAX - 1,
                tries: 7,
            },
        };
        let text = to_string(&request).unwrap();
        assert_eq!(
            text,
            r#"{"id":4294967295,"question":{"CertainDeal":{"from":18446744073709551614,"tries":7}}}"#
        );
        assert_eq!(from_str::<Request>(&text).unwrap(), request);
        for win in [0.0, 1.0 / 3.0, 0.1 + 0.2, f64::MIN_POSITIVE, 1.0] {
            for answer in [
                Answer::DealOdds {
                    seed: u64::MAX,
                    win,
                },
                Answer::Hint(Hint { win, best: None }),
            ] {
                let reply = Reply { id: 9, answer };
                let back: Reply = from_str(&to_string(&reply).unwrap()).unwrap();
                assert_eq!(back, reply);
            }
        }
        // As tools/measure/measure-solver.mjs reads it: the odds as the digits
        // of their bits.
        let reply = Reply {
            id: 1,
            answer: Answer::DealOdds { seed: 3, win: 0.5 },
        };
        assert_eq!(
            to_string(&reply).unwrap(),
            format!(
                r#"{{"id":1,"answer":{{"DealOdds":{{"seed":3,"win":{}}}}}}}"#,
                0.5f64.to_bits()
            )
        );
    }

    #[test]
    fn bad_text_is_an_error_never_a_panic() {
        let bad = [
            "",
            " ",
            "{",
            "[1,",
            "[1 2]",
            "{\"a\" 1}",
            "{\"a\":1,}",
            "[1,]",
            "\"open",
            "\"bad escape \\q\"",
            "\"\\u12\"",
            "\"raw \n line\"",
            "nul",
            "tru",
            "01",
            "[] []",
            "{1:2}",
        ];
        for text in bad {
            assert!(parse(text).is_err(), "{text:?} parsed");
        }
        // Valid text of the wrong shape.
        assert!(from_str::<u8>("\"1\"").is_err());
        assert!(from_str::<[u8; 3]>("[1,2]").is_err());
        assert!(from_str::<(u8, u8)>("[1,2,3]").is_err());
        assert!(from_str::<Question>(r#"{"Nope":1}"#).is_err());
        assert!(from_str::<Question>(r#"{"DealOdds":[1]}"#).is_err());
        assert!(from_str::<Question>(r#"{"DealOdds":1,"Hint":null}"#).is_err());
        assert!(from_str::<Question>("\"DealOdds\"").is_err());
    }

    /// 100,000 levels of nesting: an error at the parser's limit, never a
    /// stack overflow (natively here; in the browser the wasm stack is 1 MB
    /// and 128 levels use a small part of it).
    #[test]
    fn deep_nesting_is_refused_at_the_limit() {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let deep = open.repeat(100_000) + "1" + &close.repeat(100_000);
            let error = parse(&deep).unwrap_err();
            assert!(error.to_string().contains("recursion limit"), "{error}");
            assert!(from_str::<Vec<u32>>(&deep).is_err());
            let unclosed = open.repeat(100_000);
            assert!(parse(&unclosed).is_err());
        }
        let within = "[".repeat(127) + &"]".repeat(127);
        assert!(parse(&within).is_ok());
        assert!(parse(&("[".repeat(128) + &"]".repeat(128))).is_err());
    }

    /// A huge text is read (or refused) like a small one.
    #[test]
    fn huge_input_is_read_without_trouble() {
        let long = "é😀\"\\\n".repeat(1 << 20);
        let text = to_string(&long).unwrap();
        assert!(text.len() > 10 << 20);
        assert_eq!(from_str::<String>(&text).unwrap(), long);
        let many = vec![u64::MAX; 500_000];
        assert_eq!(
            from_str::<Vec<u64>>(&to_string(&many).unwrap()).unwrap(),
            many
        );
        assert!(from_str::<Vec<u8>>(&to_string(&many).unwrap()).is_err());
    }
}
