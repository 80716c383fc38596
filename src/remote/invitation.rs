//! Invitations and answers: a connection's description as a code (see
//! `code.rs`) with the seat it is for, and the invitation's link. Pure,
//! tested natively.

use super::code::{Kind, Signal};
use engine::seats::Seat;

/// What a code carries beside the connection: the seat it is for and the
/// host's token for this table (an answer for another table, or an old
/// one, is told apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub seat: Seat,
    pub token: u32,
}

/// The ticket's form inside a code: its own version, then the seat and
/// the token.
const TICKET_FORMAT: u8 = 1;

impl Ticket {
    fn tag(self) -> Vec<u8> {
        let mut tag = vec![TICKET_FORMAT, self.seat.0];
        tag.extend(self.token.to_be_bytes());
        tag
    }

    fn from_tag(tag: &[u8]) -> Option<Ticket> {
        match tag {
            [TICKET_FORMAT, seat, a, b, c, d] => Some(Ticket {
                seat: Seat(*seat),
                token: u32::from_be_bytes([*a, *b, *c, *d]),
            }),
            _ => None,
        }
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
        let ticket = Ticket {
            seat: Seat(1),
            token: 0xDEAD_BEEF,
        };
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
    fn a_damaged_invitation_says_so() {
        for bad in [
            "",
            "garbage!",
            "https://cards.test/#/detective-graves/join/",
            "https://cards.test/#/x/join/AAAA",
        ] {
            assert!(read_offer(bad).is_err(), "{bad}");
        }
        let ticket = Ticket {
            seat: Seat(0),
            token: 7,
        };
        let code = offer_code(described(Kind::Offer), ticket).unwrap();
        assert!(read_offer(&code[..code.len() / 2]).is_err());
    }
}
