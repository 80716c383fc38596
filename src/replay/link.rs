//! A finished game as a link: its record (the game, how it began, the moves
//! that stand) in the address's fragment, so it never reaches a server and
//! opens in any copy of the app, offline too.
//!
//! The code is base64url (no padding) of one format byte followed by the
//! record's JSON as raw DEFLATE. Reading never panics: a damaged, cut,
//! oversized, foreign or newer code is a [`LinkError`], which says so in a
//! sentence.
//!
//! Two writers, one format. A table, when its game ends, writes the record
//! in DEFLATE's stored blocks ([`encode_stored`]: the JSON as it is, framed;
//! a few lines of code), so that no compressor is part of any game's chunk
//! (`miniz_oxide`'s is about 7 KB gzip). The compressor's own chunk, loaded
//! when a game ends, shortens the code kept among the recent games
//! ([`packer`]), and the pages that give a link to copy (the replay
//! viewer, Recent games) compress it ([`packed`]): the same
//! format, read by every version, a few times shorter.

use crate::codec;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// The format this version writes. A higher one is a newer version's.
const FORMAT: u8 = 1;
/// The longest code read: far longer than any game's (compressed, a long
/// Serial Killer game is a few hundred characters; as a table writes it,
/// uncompressed, a Detective Graves game about 15,000), short enough to
/// refuse a flood at once.
pub const MAX_CODE: usize = 100_000;
/// The most a code may unpack to: the rest is a bomb, not a game.
const MAX_JSON: usize = 512 * 1024;
/// The most moves a record may hold (no game here comes near).
pub const MAX_MOVES: usize = 20_000;

/// A game's record: which game, how it began, the moves that stand in
/// order. `S` and `A` are the game's own (see `replay::Replayable`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord<S, A> {
    pub game: String,
    pub setup: S,
    pub moves: Vec<A>,
}

/// Why a code is not a replay this game can show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    Empty,
    TooLong,
    Damaged,
    Newer,
    /// A replay of another game (its id).
    OtherGame(String),
    TooManyMoves,
}

impl LinkError {
    /// What the player is told on the replay page of the game `name`.
    pub fn message(&self, name: &str) -> String {
        match self {
            LinkError::Empty => "This replay link has no game in it. Copy the whole link and try again.".into(),
            LinkError::TooLong => "This replay link is far longer than any game's, so it was not read.".into(),
            LinkError::Damaged => "This replay link is damaged or cut short. Copy the whole link and try again.".into(),
            LinkError::Newer => "This replay was shared from a newer version of Grave Matters. Update the app to watch it.".into(),
            LinkError::OtherGame(_) => format!("This is a replay of another game, not of {name}."),
            LinkError::TooManyMoves => "This replay has more moves than any real game, so it was not read.".into(),
        }
    }
}

/// The code of `record`, compressed: what [`packed`] makes of
/// [`encode_stored`]'s (the app writes only the latter).
#[cfg(test)]
pub fn encode<S: Serialize, A: Serialize>(record: &GameRecord<S, A>) -> String {
    pack(&json_of(record))
}

/// The code of `record` written without a compressor: DEFLATE's stored
/// blocks, which every reader inflates like any other. Longer than
/// [`encode`]'s; [`packed`] shortens it where a link is copied.
pub fn encode_stored<S: Serialize, A: Serialize>(record: &GameRecord<S, A>) -> String {
    let json = json_of(record);
    let mut bytes = vec![FORMAT];
    // A stored block holds at most 65,535 bytes: a 1-byte header (last
    // block or not, type 00), then its length and the length's complement,
    // little-endian. An empty input is one empty last block.
    let mut blocks = json.as_bytes().chunks(u16::MAX as usize).peekable();
    if blocks.peek().is_none() {
        bytes.extend([1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        let last = blocks.peek().is_none();
        let length = block.len() as u16;
        bytes.push(u8::from(last));
        bytes.extend(length.to_le_bytes());
        bytes.extend((!length).to_le_bytes());
        bytes.extend(block);
    }
    URL_SAFE_NO_PAD.encode(bytes)
}

/// `code` compressed (the short link to share), if it is a readable code.
/// Its length is not checked: a table may write a code longer than a link
/// may be, which this makes short enough.
pub fn packed(code: &str) -> Result<String, LinkError> {
    Ok(pack(&inflate(code)?))
}

/// What shortens a code ([`packed`]).
pub type Packer = fn(&str) -> Result<String, LinkError>;

/// The compressor, in a chunk of its own that a table loads when its game
/// ends (`recent::add`): no game's chunk carries it.
pub async fn packer() -> Result<Packer, crate::module::ChunkError> {
    packer_chunk().await
}

#[wasm_split_helpers::wasm_split(replay_pack, fallible)]
fn packer_chunk() -> Result<Packer, crate::module::ChunkError> {
    Ok(packed)
}

fn json_of<S: Serialize, A: Serialize>(record: &GameRecord<S, A>) -> String {
    // Serialising plain game data cannot fail; an empty code would only be
    // refused when read.
    codec::to_string(record).unwrap_or_default()
}

fn pack(json: &str) -> String {
    let mut bytes = vec![FORMAT];
    bytes.extend(miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 10));
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The record in `code`, if it is a replay of `game`.
pub fn decode<S: DeserializeOwned, A: DeserializeOwned>(
    game: &str,
    code: &str,
) -> Result<GameRecord<S, A>, LinkError> {
    let json = unpack(code)?;
    // The game first, so that another game's record says so rather than
    // "damaged" for moves of another shape.
    let named = codec::parse(&json)
        .ok()
        .and_then(|value| value.get("game")?.as_str().map(str::to_string))
        .ok_or(LinkError::Damaged)?;
    if named != game {
        return Err(LinkError::OtherGame(named));
    }
    let record: GameRecord<S, A> = codec::from_str(&json).map_err(|_| LinkError::Damaged)?;
    if record.moves.len() > MAX_MOVES {
        return Err(LinkError::TooManyMoves);
    }
    Ok(record)
}

/// The JSON text in `code`, if it is not longer than a link may be.
fn unpack(code: &str) -> Result<String, LinkError> {
    if code.trim().len() > MAX_CODE {
        return Err(LinkError::TooLong);
    }
    inflate(code)
}

/// The JSON text in `code`, however long the code (one the app wrote): what
/// it unpacks to is still bounded.
fn inflate(code: &str) -> Result<String, LinkError> {
    let code = code.trim();
    if code.is_empty() {
        return Err(LinkError::Empty);
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(code)
        .map_err(|_| LinkError::Damaged)?;
    let (&format, packed) = bytes.split_first().ok_or(LinkError::Empty)?;
    match format {
        FORMAT => {}
        // Formats 2-15 are kept for newer versions; anything else is noise.
        2..=15 => return Err(LinkError::Newer),
        _ => return Err(LinkError::Damaged),
    }
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(packed, MAX_JSON)
        .map_err(|_| LinkError::Damaged)?;
    String::from_utf8(json).map_err(|_| LinkError::Damaged)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Record = GameRecord<(String, u64), u8>;

    fn record(moves: usize) -> Record {
        GameRecord {
            game: "dead-center".into(),
            setup: ("Standard".into(), 42),
            moves: (0..moves).map(|i| (i % 7) as u8).collect(),
        }
    }

    fn read(code: &str) -> Result<Record, LinkError> {
        decode("dead-center", code)
    }

    #[test]
    fn a_record_reads_back_from_its_code() {
        for moves in [0, 1, 60, 400] {
            let record = record(moves);
            let code = encode(&record);
            assert_eq!(read(&code), Ok(record));
            assert!(code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        }
    }

    /// A code written in stored blocks reads as the same record, and packs
    /// to the compressed code of that record.
    #[test]
    fn a_stored_code_reads_back_and_packs_to_the_shared_link() {
        for moves in [0, 1, 60, 400, 70_000] {
            let record = record(moves);
            let stored = encode_stored(&record);
            if moves <= MAX_MOVES {
                assert_eq!(read(&stored), Ok(record.clone()), "{moves} moves");
            }
            // The stored blocks are the JSON itself, framed.
            let json = codec::to_string(&record).unwrap();
            assert_eq!(inflate(&stored), Ok(json), "{moves} moves");
            assert_eq!(packed(&stored), Ok(encode(&record)));
            if moves >= 60 {
                assert!(encode(&record).len() < stored.len());
            }
        }
        // More than one block: 70,000 moves are about 140 KB of JSON, a
        // code longer than a link may be, which packing makes short.
        assert!(codec::to_string(&record(70_000)).unwrap().len() > 2 * u16::MAX as usize);
        assert_eq!(
            read(&encode_stored(&record(70_000))),
            Err(LinkError::TooLong)
        );
        assert_eq!(packed("%%%"), Err(LinkError::Damaged));
    }

    #[test]
    fn a_cut_or_garbled_code_is_damaged_never_a_panic() {
        let code = encode(&record(80));
        for cut in 1..code.len() {
            assert!(read(&code[..cut]).is_err(), "cut at {cut}");
        }
        assert_eq!(read("%%%not base64"), Err(LinkError::Damaged));
        assert_eq!(read(""), Err(LinkError::Empty));
        assert_eq!(read("   "), Err(LinkError::Empty));
        // A valid base64 of garbage after the right format byte.
        let garbage = URL_SAFE_NO_PAD.encode([1u8, 7, 7, 7, 7, 200, 13]);
        assert_eq!(read(&garbage), Err(LinkError::Damaged));
        // Valid DEFLATE of something that is not a record.
        let mut not_json = vec![1u8];
        not_json.extend(miniz_oxide::deflate::compress_to_vec(b"{\"game\":1", 6));
        assert_eq!(
            read(&URL_SAFE_NO_PAD.encode(not_json)),
            Err(LinkError::Damaged)
        );
    }

    #[test]
    fn an_oversized_code_or_a_bomb_is_refused() {
        assert_eq!(read(&"A".repeat(MAX_CODE + 1)), Err(LinkError::TooLong));
        // A small code that unpacks to megabytes.
        let mut bomb = vec![1u8];
        bomb.extend(miniz_oxide::deflate::compress_to_vec(
            &vec![b' '; 4 << 20],
            10,
        ));
        let code = URL_SAFE_NO_PAD.encode(bomb);
        assert!(code.len() < MAX_CODE);
        assert_eq!(read(&code), Err(LinkError::Damaged));
        let many = record(MAX_MOVES + 1);
        assert_eq!(read(&encode(&many)), Err(LinkError::TooManyMoves));
    }

    #[test]
    fn another_games_or_a_newer_versions_record_says_so() {
        let mut other = record(3);
        other.game = "joker".into();
        assert_eq!(
            read(&encode(&other)),
            Err(LinkError::OtherGame("joker".into()))
        );
        let mut newer = URL_SAFE_NO_PAD.decode(encode(&record(3))).unwrap();
        newer[0] = 2;
        assert_eq!(read(&URL_SAFE_NO_PAD.encode(newer)), Err(LinkError::Newer));
        assert!(LinkError::OtherGame("joker".into())
            .message("Dead Center")
            .contains("another game, not of Dead Center"));
    }
}
