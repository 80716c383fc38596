//! Invitations and answers: a connection's description as a code (see
//! `code.rs`) with the seat it is for, and the invitation's link. Pure,
//! tested natively.

use super::code::{Kind, Signal};
use engine::seats::Seat;

/// What a code carries beside the connection: the game, the seat it is
/// for and the host's token for this table (an answer for another table,
/// or an old one, is told apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The game's mark ([`game_mark`]); 0 in a code of the first format,
    /// which did not say.
    pub game: u8,
    pub seat: Seat,
    pub token: u32,
}

/// The ticket's forms inside a code: its own version, then (from the
/// second) the game's mark, the seat and the token.
const FIRST_FORMAT: u8 = 1;
const TICKET_FORMAT: u8 = 2;

/// A game's mark in a ticket: one byte from its id, never 0 (the games'
/// marks differ: a test checks the five).
pub fn game_mark(id: &str) -> u8 {
    let hash = id
        .bytes()
        .fold(0u8, |hash, byte| hash.wrapping_mul(31).wrapping_add(byte));
    hash.max(1)
}

impl Ticket {
    pub fn new(game: &str, seat: Seat, token: u32) -> Ticket {
        Ticket {
            game: game_mark(game),
            seat,
            token,
        }
    }

    /// Whether this is for the game `id` (a code that does not say is).
    pub fn is_for(self, id: &str) -> bool {
        self.game == 0 || self.game == game_mark(id)
    }

    fn tag(self) -> Vec<u8> {
        let mut tag = vec![TICKET_FORMAT, self.game, self.seat.0];
        tag.extend(self.token.to_be_bytes());
        tag
    }

    fn from_tag(tag: &[u8]) -> Option<Ticket> {
        let (game, seat, token) = match tag {
            [TICKET_FORMAT, game, seat, token @ ..] => (*game, *seat, token),
            [FIRST_FORMAT, seat, token @ ..] => (0, *seat, token),
            _ => return None,
        };
        Some(Ticket {
            game,
            seat: Seat(seat),
            token: u32::from_be_bytes(token.try_into().ok()?),
        })
    }
}

/// The part of an invitation link after which its code comes.
const JOIN: &str = "/join/";

/// The invitation for `ticket` with the host's description `sdp`.
pub fn offer_code(sdp: &str, ticket: Ticket) -> Result<String, String> {
    code(Kind::Offer, sdp, ticket)
}

/// The guest's answer for `ticket` with its description `sdp`.
pub fn answer_code(sdp: &str, ticket: Ticket) -> Result<String, String> {
    code(Kind::Answer, sdp, ticket)
}

fn code(kind: Kind, sdp: &str, ticket: Ticket) -> Result<String, String> {
    Signal::from_sdp(kind, sdp, &ticket.tag())
        .map(|s| s.to_code())
        .map_err(|e| format!("This device's connection cannot be sent: {e}"))
}

/// The seat and the host's description in an invitation: a code, or a
/// whole link (as a phone's camera or a paste gives it).
pub fn read_offer(text: &str) -> Result<(Ticket, String), String> {
    read(text, Kind::Offer)
}

/// The seat and the guest's description in an answer.
pub fn read_answer(text: &str) -> Result<(Ticket, String), String> {
    read(text, Kind::Answer)
}

fn read(text: &str, kind: Kind) -> Result<(Ticket, String), String> {
    let text = text.trim();
    let code = text.rsplit_once(JOIN).map_or(text, |(_, code)| code);
    let signal = Signal::from_code(code.trim_matches('/')).map_err(|e| e.to_string())?;
    if signal.kind() != kind {
        return Err(match kind {
            Kind::Offer => "This is an answer, not an invitation: it goes to the host's device.",
            Kind::Answer => "This is an invitation, not an answer: open it on the guest's device.",
        }
        .into());
    }
    let ticket = Ticket::from_tag(signal.tag())
        .ok_or("This code is not for a seat at a table of this app.")?;
    Ok((ticket, signal.to_sdp()))
}

/// The invitation's link: this copy of the app at `base` (its address
/// without the fragment), the game's join page, the code. The code is in
/// the fragment, so it never reaches a server.
pub fn link(base: &str, game: &str, code: &str) -> String {
    format!("{base}#/{game}{JOIN}{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::remote::code::tests::FIXTURES;

    /// A browser's description of `kind`, from the code's fixtures.
    fn described(kind: Kind) -> &'static str {
        FIXTURES
            .iter()
            .find(|(_, k, _)| *k == kind)
            .expect("a fixture")
            .2
    }

    #[test]
    fn an_invitation_and_its_answer_name_the_seat() {
        let ticket = Ticket::new("detective-graves", Seat(1), 0xDEAD_BEEF);
        let code = offer_code(described(Kind::Offer), ticket).unwrap();
        let url = link("https://cards.test/app/", "detective-graves", &code);
        assert!(url.starts_with("https://cards.test/app/#/detective-graves/join/"));
        let (read, sdp) = read_offer(&url).unwrap();
        assert_eq!(read, ticket);
        assert_eq!(read_offer(&code).unwrap().1, sdp);
        let answer = answer_code(described(Kind::Answer), ticket).unwrap();
        assert_eq!(read_answer(&answer).unwrap().0, ticket);
        // Each in the other's place says where it goes.
        assert!(read_answer(&code).unwrap_err().contains("not an answer"));
        assert!(read_offer(&answer)
            .unwrap_err()
            .contains("not an invitation"));
    }

    #[test]
    fn an_invitation_names_its_game_and_one_of_the_first_format_is_for_any() {
        let ids = [
            "dead-center",
            "murderers-row",
            "serial-killer",
            "joker",
            "detective-graves",
        ];
        let mut marks: Vec<u8> = ids.iter().map(|id| game_mark(id)).collect();
        marks.sort_unstable();
        marks.dedup();
        assert_eq!(marks.len(), ids.len(), "every game has its own mark");
        assert!(!marks.contains(&0));
        let ticket = Ticket::new("joker", Seat(1), 9);
        let code = offer_code(described(Kind::Offer), ticket).unwrap();
        let (read, _) = read_offer(&code).unwrap();
        assert!(read.is_for("joker"));
        assert!(!read.is_for("serial-killer"));
        let first = Ticket::from_tag(&[FIRST_FORMAT, 1, 0, 0, 0, 9]).unwrap();
        assert_eq!((first.seat, first.token, first.game), (Seat(1), 9, 0));
        assert!(first.is_for("detective-graves"));
        assert_eq!(Ticket::from_tag(&[TICKET_FORMAT, 5, 1, 0, 0, 9]), None);
    }

    #[test]
    fn a_damaged_invitation_says_so() {
        for bad in [
            "",
            "garbage!",
            "https://cards.test/#/detective-graves/join/",
            "https://cards.test/#/x/join/AAAA",
        ] {
            assert!(read_offer(bad).is_err(), "{bad}");
        }
        let ticket = Ticket::new("detective-graves", Seat(0), 7);
        let code = offer_code(described(Kind::Offer), ticket).unwrap();
        assert!(read_offer(&code[..code.len() / 2]).is_err());
    }
}
