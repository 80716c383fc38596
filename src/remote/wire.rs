//! The messages between devices as text (JSON, through `codec`), and the
//! limits a device puts on what it reads: a message over its size, not
//! JSON, or not of the game's shape is refused with a sentence saying so,
//! and nothing changes.

use crate::codec;
use engine::remote::{ToGuest, ToHost};
use serde::{de::DeserializeOwned, Serialize};

/// The most a guest may send at once: a handful of actions is a few
/// hundred bytes.
pub const MAX_TO_HOST: usize = 16 * 1024;
/// The most a host may send at once: a seat's view and the whole log of a
/// long game are tens of kilobytes.
pub const MAX_TO_GUEST: usize = 1024 * 1024;

/// A guest's message, as the host reads it.
pub fn read_to_host<A: DeserializeOwned>(text: &str) -> Result<ToHost<A>, String> {
    read(text, MAX_TO_HOST)
}

/// The host's message, as a guest reads it: the players' names it sends
/// are held to the rules of names from anywhere else (`names`).
pub fn read_to_guest<V: DeserializeOwned, E: DeserializeOwned>(
    text: &str,
) -> Result<ToGuest<V, E>, String> {
    let message = read(text, MAX_TO_GUEST)?;
    if let ToGuest::Table { names, .. } = &message {
        crate::names::check_names(names)
            .map_err(|why| format!("A table from the host was refused: {why}."))?;
    }
    Ok(message)
}

fn read<T: DeserializeOwned>(text: &str, max: usize) -> Result<T, String> {
    if text.len() > max {
        return Err(format!(
            "A message of {} KB was refused: the most is {} KB.",
            text.len().div_ceil(1024),
            max / 1024
        ));
    }
    codec::from_str(text)
        .map_err(|_| "A message that is not one of this game's was refused.".into())
}

/// A message as text.
pub fn write<T: Serialize>(message: &T) -> String {
    // Only a map with keys that are not strings fails; no message has one.
    codec::to_string(message).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::detective_graves::view::SeatView;
    use engine::detective_graves::{Action, Event};

    #[test]
    fn a_guest_message_reads_back() {
        let sent = ToHost::Act {
            version: 7,
            actions: vec![Action::Pass, Action::EndPlay],
        };
        assert_eq!(read_to_host::<Action>(&write(&sent)), Ok(sent));
        assert_eq!(read_to_host::<Action>("\"Hello\""), Ok(ToHost::Hello));
    }

    #[test]
    fn garbage_oversized_and_foreign_messages_are_refused_with_a_sentence() {
        let huge = format!("\"{}\"", "x".repeat(10 * 1024 * 1024));
        let why = read_to_host::<Action>(&huge).unwrap_err();
        assert!(why.contains("10241 KB was refused"), "{why}");
        for bad in [
            "",
            "garbage",
            "{\"Act\":{}}",
            "{\"Act\":{\"version\":1,\"actions\":[\"Fly\"]}}",
            "[1,2]",
            "{\"Hello\":null,\"x\":1}",
        ] {
            let why = read_to_host::<Action>(bad).unwrap_err();
            assert!(why.contains("not one of this game's"), "{bad}: {why}");
        }
        // Another game's action is not this game's.
        let joker = write(&ToHost::Act {
            version: 1,
            actions: vec![engine::joker::Action::Shoot(engine::joker::Cell(0))],
        });
        assert!(read_to_host::<Action>(&joker).is_err());
        assert!(read_to_guest::<SeatView, Event>(&huge).is_err());
        assert!(read_to_guest::<SeatView, Event>("{\"Refused\":{\"why\":\"No.\"}}").is_ok());
    }

    #[test]
    fn a_table_whose_names_break_the_names_rules_is_refused() {
        use crate::codec::Json;
        let table = |names: &[&str]| {
            write(&ToGuest::<Json, Json>::Table {
                version: 1,
                names: names.iter().map(|n| n.to_string()).collect(),
                view: Json::Null,
                log: Vec::new(),
            })
        };
        assert!(read_to_guest::<Json, Json>(&table(&["Ana", "Ben"])).is_ok());
        for names in [
            &["Ana", "\u{410}na"][..],
            &["Ana", "\u{200B}"],
            &["Ana", &"x".repeat(100_000)],
        ] {
            let why = read_to_guest::<Json, Json>(&table(names)).unwrap_err();
            assert!(
                why.starts_with("A table from the host was refused: "),
                "{why}"
            );
        }
    }
}
