//! Signalling codes: what one device's WebRTC offer or answer must tell the
//! other, in a code short enough for a QR picture a phone can scan.
//!
//! There is no signalling server, so each side waits until ICE gathering is
//! complete and hands over its whole session description at once. Of that
//! description only a little matters for a connection with one data channel
//! and no media: the ICE username and password, the DTLS certificate's
//! SHA-256 fingerprint, the DTLS role, the UDP candidates (where to reach
//! the device), the data channel's mid, SCTP port and largest message. A
//! [`Signal`] keeps exactly that, plus a tag of the app's own (the game, the
//! seat, a token: at most [`MAX_TAG`] bytes); [`Signal::to_sdp`] writes it
//! back as a minimal description the browser accepts as the remote one.
//!
//! A code is base64url (no padding) of these bytes, format 1:
//!
//! | bytes | what |
//! | --- | --- |
//! | 1 | format: 1; 2 to 15 are kept for newer formats |
//! | 1 | flags: bit 0 answer; bits 1-2 setup (actpass, active, passive); bit 3 an SCTP port other than 5000 follows; bits 4-5 max-message-size (none, 262144 as Chromium and Safari say, 1073741823 as Firefox says, other: follows); bit 6 a mid other than "0" follows |
//! | 1 + n | ICE ufrag: its length less 4, then its characters, 6 bits each (ICE characters are base64's) |
//! | 1 + n | ICE pwd: its length less 22, then as the ufrag |
//! | 32 | the SHA-256 fingerprint |
//! | 2 | SCTP port (big-endian), if flagged |
//! | 1-5 | max-message-size (LEB128), if "other" |
//! | 1 + n | mid, if flagged |
//! | 1 | the number of candidates, 1 to [`MAX_CANDIDATES`] |
//! | each | a byte: bits 0-1 the address's form (IPv4, IPv6, mDNS name), bits 2-3 its type (host, srflx, prflx); the address (4 or 16 bytes; an mDNS name `<uuid>.local` as its 16 bytes); the port (big-endian) |
//! | 1 + n | the tag |
//!
//! Every value has one spelling, and nothing may follow the tag: a code that
//! is read without error writes back to the same code.
//!
//! Measured with Chromium's descriptions and an 18-byte tag: an offer with
//! two mDNS names (IPv4 and IPv6) is 154 characters, an answer with one 128;
//! each candidate costs 25 characters as an mDNS name or IPv6 address, 9 as
//! IPv4 (tests: typical_codes_are_short).
//!
//! What is left out: TCP and relay candidates (no TURN here), a candidate's
//! related address (srflx and prflx are written `raddr 0.0.0.0 rport 0`, as
//! browsers hiding it write them), foundations and priorities (made up
//! consistently), and every other line.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, DecodeError, Engine as _};
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The most bytes the app may carry in a code's tag.
pub const MAX_TAG: usize = 32;
/// The most candidates a code keeps (the first ones the browser listed): a
/// device with many networks must not make the QR picture unreadable.
pub const MAX_CANDIDATES: usize = 8;
/// Longer input is refused before it is decoded. The longest code this
/// format can hold is about 850 characters.
pub const MAX_CODE_CHARS: usize = 2_000;

/// The format written now.
const FORMAT: u8 = 1;
/// Format bytes up to this one are newer formats, not garbage.
const NEWEST_FORMAT_KEPT: u8 = 15;
const DEFAULT_SCTP_PORT: u16 = 5000;
const CHROMIUM_MAX_MESSAGE: u32 = 262_144;
const FIREFOX_MAX_MESSAGE: u32 = 1_073_741_823;
/// RFC 8839's limits for ICE credentials.
const UFRAG_LENGTHS: (usize, usize) = (4, 256);
const PWD_LENGTHS: (usize, usize) = (22, 256);
const MAX_MID: usize = 32;

/// Which half of the exchange a description is (`RTCSdpType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Offer,
    Answer,
}

/// The DTLS role (`a=setup`): an offer says actpass, its answer picks a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

impl Setup {
    fn as_str(self) -> &'static str {
        match self {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        }
    }
}

/// Where a candidate is. Browsers hide a device's own addresses behind an
/// mDNS name `<uuid>.local`, kept as the UUID's 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    Mdns([u8; 16]),
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::V4(ip) => write!(f, "{ip}"),
            Address::V6(ip) => write!(f, "{ip}"),
            Address::Mdns(uuid) => {
                for (i, byte) in uuid.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        f.write_str("-")?;
                    }
                    write!(f, "{byte:02x}")?;
                }
                f.write_str(".local")
            }
        }
    }
}

/// How a candidate was found: the device's own address (host), as a STUN
/// server saw it (srflx), or as the other side saw it (prflx).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateType {
    Host,
    Srflx,
    Prflx,
}

impl CandidateType {
    fn as_str(self) -> &'static str {
        match self {
            CandidateType::Host => "host",
            CandidateType::Srflx => "srflx",
            CandidateType::Prflx => "prflx",
        }
    }

    /// RFC 8445's recommended type preferences.
    fn preference(self) -> u32 {
        match self {
            CandidateType::Host => 126,
            CandidateType::Prflx => 110,
            CandidateType::Srflx => 100,
        }
    }
}

/// One UDP address the other side may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    pub kind: CandidateType,
}

/// What one side must tell the other to connect, and the app's tag.
/// Made only from a browser's description ([`Signal::from_sdp`]) or a code
/// ([`Signal::from_code`]), so it can always be written as a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    kind: Kind,
    ice_ufrag: String,
    ice_pwd: String,
    fingerprint: [u8; 32],
    setup: Setup,
    mid: String,
    candidates: Vec<Candidate>,
    sctp_port: u16,
    max_message_size: Option<u32>,
    tag: Vec<u8>,
}

/// Why a browser's description cannot be made into a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SdpError {
    /// No `m=application` section for SCTP over DTLS.
    NoDataChannel,
    /// No usable `a=ice-ufrag` and `a=ice-pwd`.
    NoIceCredentials,
    /// No `a=fingerprint:sha-256`.
    NoFingerprint,
    /// A mid too long, or with characters a mid cannot have.
    OddMid,
    /// Not one UDP candidate: nothing the other side could reach.
    NoCandidate,
    /// The app's tag is longer than [`MAX_TAG`].
    TagTooLong,
}

impl fmt::Display for SdpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SdpError::NoDataChannel => "The browser's connection details have no data channel.",
            SdpError::NoIceCredentials => "The browser's connection details have no ICE password.",
            SdpError::NoFingerprint => {
                "The browser's connection details have no SHA-256 certificate fingerprint."
            }
            SdpError::OddMid => "The browser's connection details name their channel oddly.",
            SdpError::NoCandidate => {
                "This device found no network address to be reached at: is it on a network?"
            }
            SdpError::TagTooLong => "The game's details are too long for a code.",
        })
    }
}

impl std::error::Error for SdpError {}

/// Why a text is not a code this app can read. The messages are for players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_CODE_CHARS`].
    TooLong,
    /// The code ends too soon.
    CutShort,
    /// Written by a newer version of the app.
    Newer,
    /// Not a code at all, or a damaged one.
    NotACode,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeError::Empty => "There is no code here: paste or scan the whole code.",
            CodeError::TooLong => "This is far too long to be a Grave Matters code.",
            CodeError::CutShort => "This code is cut short: copy all of it, or scan it again.",
            CodeError::Newer => {
                "This code comes from a newer version of Grave Matters: reload the page to update it, then try again."
            }
            CodeError::NotACode => "This is not a Grave Matters code, or it was copied wrongly.",
        })
    }
}

impl std::error::Error for CodeError {}

impl Signal {
    /// What `sdp` (a browser's local description after ICE gathering is
    /// complete) says, with the app's `tag`. Lines this does not need, or
    /// cannot read, are skipped.
    pub fn from_sdp(kind: Kind, sdp: &str, tag: &[u8]) -> Result<Signal, SdpError> {
        #[derive(PartialEq)]
        enum Section {
            Session,
            Channel,
            Other,
        }
        if tag.len() > MAX_TAG {
            return Err(SdpError::TagTooLong);
        }
        let mut section = Section::Session;
        let mut seen_channel = false;
        let (mut ufrag, mut pwd, mut fingerprint, mut setup, mut mid) =
            (None, None, None, None, None);
        let mut sctp_port = DEFAULT_SCTP_PORT;
        let mut max_message_size = None;
        let mut candidates = Vec::new();
        for line in sdp.lines() {
            let line = line.trim();
            if let Some(media) = line.strip_prefix("m=") {
                // Only the first data channel's section counts; a media
                // section, or a second one, is someone else's business.
                section = if !seen_channel && is_data_channel(media) {
                    seen_channel = true;
                    Section::Channel
                } else {
                    Section::Other
                };
                continue;
            }
            let Some(attribute) = line.strip_prefix("a=") else {
                continue;
            };
            if section == Section::Other {
                continue;
            }
            let (name, value) = attribute.split_once(':').unwrap_or((attribute, ""));
            let value = value.trim();
            // Session-level values come first; the channel's own win.
            match name {
                "ice-ufrag" => ufrag = Some(value),
                "ice-pwd" => pwd = Some(value),
                "fingerprint" => {
                    if let Some(bytes) = parse_fingerprint(value) {
                        fingerprint = Some(bytes);
                    }
                }
                "setup" => {
                    if let Some(role) = parse_setup(value) {
                        setup = Some(role);
                    }
                }
                _ if section != Section::Channel => {}
                "mid" => mid = Some(value),
                "sctp-port" => {
                    if let Ok(port @ 1..) = value.parse::<u16>() {
                        sctp_port = port;
                    }
                }
                "max-message-size" => {
                    if let Ok(size) = value.parse::<u64>() {
                        max_message_size = Some(u32::try_from(size).unwrap_or(u32::MAX));
                    }
                }
                "candidate" => {
                    if let Some(candidate) = parse_candidate(value) {
                        if candidates.len() < MAX_CANDIDATES && !candidates.contains(&candidate) {
                            candidates.push(candidate);
                        }
                    }
                }
                _ => {}
            }
        }
        if !seen_channel {
            return Err(SdpError::NoDataChannel);
        }
        let (Some(ufrag), Some(pwd)) = (ufrag, pwd) else {
            return Err(SdpError::NoIceCredentials);
        };
        if !is_ice_credential(ufrag, UFRAG_LENGTHS) || !is_ice_credential(pwd, PWD_LENGTHS) {
            return Err(SdpError::NoIceCredentials);
        }
        let fingerprint = fingerprint.ok_or(SdpError::NoFingerprint)?;
        let mid = mid.unwrap_or("0");
        if !is_mid(mid.as_bytes()) {
            return Err(SdpError::OddMid);
        }
        if candidates.is_empty() {
            return Err(SdpError::NoCandidate);
        }
        Ok(Signal {
            kind,
            ice_ufrag: ufrag.to_string(),
            ice_pwd: pwd.to_string(),
            fingerprint,
            // Browsers always say; RFC 8842 has an offer say actpass and the
            // answer take the active side by default.
            setup: setup.unwrap_or(match kind {
                Kind::Offer => Setup::ActPass,
                Kind::Answer => Setup::Active,
            }),
            mid: mid.to_string(),
            candidates,
            sctp_port,
            max_message_size,
            tag: tag.to_vec(),
        })
    }

    /// A minimal session description with all this signal holds, for the
    /// other side's `setRemoteDescription`. Lines end in CRLF.
    pub fn to_sdp(&self) -> String {
        use std::fmt::Write as _;
        let mut sdp = String::with_capacity(600 + 100 * self.candidates.len());
        // Any session id will do; one from the certificate's fingerprint
        // stays the same for the same certificate.
        let session_id = self.fingerprint[..6]
            .iter()
            .fold(0u64, |id, &b| id << 8 | u64::from(b));
        let mid = &self.mid;
        let _ = write!(
            sdp,
            "v=0\r\n\
             o=- {session_id} 2 IN IP4 127.0.0.1\r\n\
             s=-\r\n\
             t=0 0\r\n\
             a=group:BUNDLE {mid}\r\n\
             a=msid-semantic: WMS\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
             c=IN IP4 0.0.0.0\r\n\
             a=ice-ufrag:{}\r\n\
             a=ice-pwd:{}\r\n\
             a=ice-options:trickle\r\n\
             a=fingerprint:sha-256 ",
            self.ice_ufrag, self.ice_pwd
        );
        for (i, byte) in self.fingerprint.iter().enumerate() {
            let colon = if i == 0 { "" } else { ":" };
            let _ = write!(sdp, "{colon}{byte:02X}");
        }
        let _ = write!(
            sdp,
            "\r\na=setup:{}\r\na=mid:{mid}\r\na=sctp-port:{}\r\n",
            self.setup.as_str(),
            self.sctp_port
        );
        if let Some(size) = self.max_message_size {
            let _ = write!(sdp, "a=max-message-size:{size}\r\n");
        }
        for (i, candidate) in self.candidates.iter().enumerate() {
            // Each its own foundation; priorities keep the browser's order
            // within a type (RFC 8445 5.1.2.1, component 1).
            let local_preference = 65_535 - i as u32;
            let priority = candidate.kind.preference() << 24 | local_preference << 8 | 255;
            let related = match candidate.kind {
                CandidateType::Host => "",
                CandidateType::Srflx | CandidateType::Prflx => " raddr 0.0.0.0 rport 0",
            };
            let _ = write!(
                sdp,
                "a=candidate:{} 1 udp {priority} {} {} typ {}{related} generation 0\r\n",
                i + 1,
                candidate.address,
                candidate.port,
                candidate.kind.as_str()
            );
        }
        sdp.push_str("a=end-of-candidates\r\n");
        sdp
    }

    /// The code for this signal: base64url, no padding.
    pub fn to_code(&self) -> String {
        let mut bytes = Vec::with_capacity(128);
        bytes.push(FORMAT);
        let max_message_flag = match self.max_message_size {
            None => 0,
            Some(CHROMIUM_MAX_MESSAGE) => 1,
            Some(FIREFOX_MAX_MESSAGE) => 2,
            Some(_) => 3,
        };
        let setup_flag = match self.setup {
            Setup::ActPass => 0,
            Setup::Active => 1,
            Setup::Passive => 2,
        };
        bytes.push(
            u8::from(self.kind == Kind::Answer)
                | setup_flag << 1
                | u8::from(self.sctp_port != DEFAULT_SCTP_PORT) << 3
                | max_message_flag << 4
                | u8::from(self.mid != "0") << 6,
        );
        write_ice(&mut bytes, &self.ice_ufrag, UFRAG_LENGTHS.0);
        write_ice(&mut bytes, &self.ice_pwd, PWD_LENGTHS.0);
        bytes.extend_from_slice(&self.fingerprint);
        if self.sctp_port != DEFAULT_SCTP_PORT {
            bytes.extend_from_slice(&self.sctp_port.to_be_bytes());
        }
        if let (3, Some(mut size)) = (max_message_flag, self.max_message_size) {
            while size >= 0x80 {
                bytes.push(size as u8 | 0x80);
                size >>= 7;
            }
            bytes.push(size as u8);
        }
        if self.mid != "0" {
            bytes.push(self.mid.len() as u8);
            bytes.extend_from_slice(self.mid.as_bytes());
        }
        bytes.push(self.candidates.len() as u8);
        for candidate in &self.candidates {
            let kind = match candidate.kind {
                CandidateType::Host => 0,
                CandidateType::Srflx => 1,
                CandidateType::Prflx => 2,
            };
            match candidate.address {
                Address::V4(ip) => {
                    bytes.push(kind << 2);
                    bytes.extend_from_slice(&ip.octets());
                }
                Address::V6(ip) => {
                    bytes.push(1 | kind << 2);
                    bytes.extend_from_slice(&ip.octets());
                }
                Address::Mdns(uuid) => {
                    bytes.push(2 | kind << 2);
                    bytes.extend_from_slice(&uuid);
                }
            }
            bytes.extend_from_slice(&candidate.port.to_be_bytes());
        }
        bytes.push(self.tag.len() as u8);
        bytes.extend_from_slice(&self.tag);
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The signal a code holds. Spaces and line breaks in it are skipped
    /// (a code copied from a wrapped text).
    pub fn from_code(code: &str) -> Result<Signal, CodeError> {
        if code.len() > MAX_CODE_CHARS {
            return Err(CodeError::TooLong);
        }
        let code: String = code.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        if code.is_empty() {
            return Err(CodeError::Empty);
        }
        let bytes = URL_SAFE_NO_PAD.decode(code).map_err(|error| match error {
            // A length or a last character no code has: the end is missing.
            DecodeError::InvalidLength(_) | DecodeError::InvalidLastSymbol(..) => {
                CodeError::CutShort
            }
            _ => CodeError::NotACode,
        })?;
        let mut reader = Reader(&bytes);
        match reader.byte()? {
            FORMAT => {}
            2..=NEWEST_FORMAT_KEPT => return Err(CodeError::Newer),
            _ => return Err(CodeError::NotACode),
        }
        let flags = reader.byte()?;
        let kind = if flags & 1 == 0 {
            Kind::Offer
        } else {
            Kind::Answer
        };
        let setup = match flags >> 1 & 3 {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(CodeError::NotACode),
        };
        if flags & 0x80 != 0 {
            return Err(CodeError::NotACode);
        }
        let ice_ufrag = reader.ice(UFRAG_LENGTHS)?;
        let ice_pwd = reader.ice(PWD_LENGTHS)?;
        let fingerprint = reader.array::<32>()?;
        let sctp_port = if flags & 8 == 0 {
            DEFAULT_SCTP_PORT
        } else {
            match u16::from_be_bytes(reader.array()?) {
                0 | DEFAULT_SCTP_PORT => return Err(CodeError::NotACode),
                port => port,
            }
        };
        let max_message_size = match flags >> 4 & 3 {
            0 => None,
            1 => Some(CHROMIUM_MAX_MESSAGE),
            2 => Some(FIREFOX_MAX_MESSAGE),
            _ => match reader.leb128()? {
                CHROMIUM_MAX_MESSAGE | FIREFOX_MAX_MESSAGE => return Err(CodeError::NotACode),
                size => Some(size),
            },
        };
        let mid = if flags & 0x40 == 0 {
            "0".to_string()
        } else {
            let length = usize::from(reader.byte()?);
            let mid = reader.take(length)?;
            if !is_mid(mid) || mid == b"0" {
                return Err(CodeError::NotACode);
            }
            // is_mid allows only ASCII.
            String::from_utf8_lossy(mid).into_owned()
        };
        let count = usize::from(reader.byte()?);
        if !(1..=MAX_CANDIDATES).contains(&count) {
            return Err(CodeError::NotACode);
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let head = reader.byte()?;
            let kind = match head >> 2 & 3 {
                0 => CandidateType::Host,
                1 => CandidateType::Srflx,
                2 => CandidateType::Prflx,
                _ => return Err(CodeError::NotACode),
            };
            let address = match head & 3 {
                0 => Address::V4(Ipv4Addr::from(reader.array::<4>()?)),
                1 => Address::V6(Ipv6Addr::from(reader.array::<16>()?)),
                2 => Address::Mdns(reader.array()?),
                _ => return Err(CodeError::NotACode),
            };
            if head >> 4 != 0 {
                return Err(CodeError::NotACode);
            }
            let port = u16::from_be_bytes(reader.array()?);
            if port == 0 {
                return Err(CodeError::NotACode);
            }
            candidates.push(Candidate {
                address,
                port,
                kind,
            });
        }
        let length = usize::from(reader.byte()?);
        if length > MAX_TAG {
            return Err(CodeError::NotACode);
        }
        let tag = reader.take(length)?.to_vec();
        if !reader.0.is_empty() {
            return Err(CodeError::NotACode);
        }
        Ok(Signal {
            kind,
            ice_ufrag,
            ice_pwd,
            fingerprint,
            setup,
            mid,
            candidates,
            sctp_port,
            max_message_size,
            tag,
        })
    }

    /// An offer or an answer.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The app's own bytes, as given to [`Signal::from_sdp`].
    pub fn tag(&self) -> &[u8] {
        &self.tag
    }
}

/// An `m=` line's value for a data channel: `application <port> <proto> ...`
/// with SCTP in the protocol (`UDP/DTLS/SCTP`, or the older `DTLS/SCTP`).
fn is_data_channel(media: &str) -> bool {
    let mut fields = media.split_ascii_whitespace();
    fields.next() == Some("application")
        && fields
            .nth(1)
            .is_some_and(|proto| proto.to_ascii_uppercase().ends_with("DTLS/SCTP"))
}

/// `sha-256 AB:CD:...` (32 bytes in hex); another hash is not read.
fn parse_fingerprint(value: &str) -> Option<[u8; 32]> {
    let (hash, hex) = value.split_once(' ')?;
    if !hash.eq_ignore_ascii_case("sha-256") {
        return None;
    }
    let mut bytes = [0; 32];
    let mut pairs = hex.trim().split(':');
    for byte in &mut bytes {
        let pair = pairs.next()?;
        if pair.len() != 2 {
            return None;
        }
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    pairs.next().is_none().then_some(bytes)
}

fn parse_setup(value: &str) -> Option<Setup> {
    match value.to_ascii_lowercase().as_str() {
        "actpass" => Some(Setup::ActPass),
        "active" => Some(Setup::Active),
        "passive" => Some(Setup::Passive),
        _ => None,
    }
}

/// `<foundation> <component> <transport> <priority> <address> <port> typ
/// <type> ...`: a UDP candidate of component 1 that is not a relay.
fn parse_candidate(value: &str) -> Option<Candidate> {
    let mut fields = value.split_ascii_whitespace();
    let _foundation = fields.next()?;
    if fields.next()? != "1" || !fields.next()?.eq_ignore_ascii_case("udp") {
        return None;
    }
    let _priority: u32 = fields.next()?.parse().ok()?;
    let address = parse_address(fields.next()?)?;
    let port = fields
        .next()?
        .parse::<u16>()
        .ok()
        .filter(|&port| port != 0)?;
    if fields.next()? != "typ" {
        return None;
    }
    let kind = match fields.next()? {
        "host" => CandidateType::Host,
        "srflx" => CandidateType::Srflx,
        "prflx" => CandidateType::Prflx,
        _ => return None,
    };
    Some(Candidate {
        address,
        port,
        kind,
    })
}

/// An IPv4 or IPv6 address, or an mDNS name `<uuid>.local`.
fn parse_address(text: &str) -> Option<Address> {
    if let Ok(ip) = text.parse::<Ipv4Addr>() {
        return Some(Address::V4(ip));
    }
    if let Ok(ip) = text.parse::<Ipv6Addr>() {
        return Some(Address::V6(ip));
    }
    let (uuid, local) = text.split_at_checked(text.len().checked_sub(".local".len())?)?;
    if !local.eq_ignore_ascii_case(".local") || uuid.len() != 36 {
        return None;
    }
    let mut bytes = [0; 16];
    let mut hex = uuid
        .bytes()
        .enumerate()
        .filter(|&(i, c)| !(matches!(i, 8 | 13 | 18 | 23) && c == b'-'));
    for byte in &mut bytes {
        let (_, high) = hex.next()?;
        let (_, low) = hex.next()?;
        *byte = hex_digit(high)? << 4 | hex_digit(low)?;
    }
    hex.next().is_none().then_some(Address::Mdns(bytes))
}

fn hex_digit(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// ICE's characters are base64's, in base64's order: 6 bits each.
const ICE_CHARS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn is_ice_credential(text: &str, (shortest, longest): (usize, usize)) -> bool {
    (shortest..=longest).contains(&text.len()) && text.bytes().all(|c| ICE_CHARS.contains(&c))
}

/// A mid as the app keeps it: 1 to 32 visible ASCII characters.
fn is_mid(mid: &[u8]) -> bool {
    (1..=MAX_MID).contains(&mid.len()) && mid.iter().all(u8::is_ascii_graphic)
}

/// `text` (checked by `is_ice_credential`) as its length less `shortest`,
/// then 6 bits a character, the last byte filled with zero bits.
fn write_ice(bytes: &mut Vec<u8>, text: &str, shortest: usize) {
    bytes.push((text.len() - shortest) as u8);
    let (mut bits, mut count) = (0u32, 0);
    for c in text.bytes() {
        let index = ICE_CHARS.iter().position(|&ice| ice == c).unwrap_or(0) as u32;
        bits = bits << 6 | index;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    if count > 0 {
        bytes.push((bits << (8 - count)) as u8);
    }
}

/// The bytes of a code not yet read.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], CodeError> {
        let Some((taken, rest)) = self.0.split_at_checked(n) else {
            return Err(CodeError::CutShort);
        };
        self.0 = rest;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, CodeError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], CodeError> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }

    /// An ICE credential as `write_ice` wrote it.
    fn ice(&mut self, (shortest, longest): (usize, usize)) -> Result<String, CodeError> {
        let length = shortest + usize::from(self.byte()?);
        if length > longest {
            return Err(CodeError::NotACode);
        }
        let packed = self.take((length * 6).div_ceil(8))?;
        let mut text = String::with_capacity(length);
        let (mut bits, mut count) = (0u32, 0);
        let mut bytes = packed.iter();
        while text.len() < length {
            if count < 6 {
                // packed holds enough bytes for `length` characters.
                bits = bits << 8 | u32::from(bytes.next().copied().unwrap_or(0));
                count += 8;
            }
            count -= 6;
            text.push(char::from(ICE_CHARS[(bits >> count) as usize & 63]));
            bits &= (1 << count) - 1;
        }
        // Left-over bits are zero in the one spelling of a code.
        if bits != 0 {
            return Err(CodeError::NotACode);
        }
        Ok(text)
    }

    /// A u32 in LEB128, in its shortest form.
    fn leb128(&mut self) -> Result<u32, CodeError> {
        let mut value = 0u32;
        for shift in (0..35).step_by(7) {
            let byte = self.byte()?;
            let part = u32::from(byte & 0x7f);
            if shift == 28 && part > 0x0f {
                return Err(CodeError::NotACode);
            }
            value |= part << shift;
            if byte & 0x80 == 0 {
                // A last byte of zero is a longer spelling of a shorter value.
                if byte == 0 && shift > 0 {
                    return Err(CodeError::NotACode);
                }
                return Ok(value);
            }
        }
        Err(CodeError::NotACode)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Descriptions as browsers wrote them after ICE gathering, for a
    /// connection with one data channel and no media. The Chromium ones are
    /// real (headless Chromium, tools/measure/webrtc-codes.mjs); the Firefox
    /// one is written by hand in the shape of Firefox's (fingerprint at session
    /// level, "UDP" in capitals, mDNS names, max-message-size 1073741823).
    pub(crate) const FIXTURES: &[(&str, Kind, &str)] = &[
        // As a phone's Chromium: mDNS names (one for IPv4, one for IPv6).
        (
            "chromium-mdns-offer",
            Kind::Offer,
            include_str!("fixtures/chromium-mdns-offer.sdp"),
        ),
        (
            "chromium-mdns-answer",
            Kind::Answer,
            include_str!("fixtures/chromium-mdns-answer.sdp"),
        ),
        // With --disable-features=WebRtcHideLocalIpsWithMdns: IPv4 and IPv6.
        (
            "chromium-raw-offer",
            Kind::Offer,
            include_str!("fixtures/chromium-raw-offer.sdp"),
        ),
        (
            "chromium-raw-answer",
            Kind::Answer,
            include_str!("fixtures/chromium-raw-answer.sdp"),
        ),
        // With a STUN server: an srflx candidate besides two mDNS names.
        (
            "chromium-stun-offer",
            Kind::Offer,
            include_str!("fixtures/chromium-stun-offer.sdp"),
        ),
        (
            "chromium-stun-answer",
            Kind::Answer,
            include_str!("fixtures/chromium-stun-answer.sdp"),
        ),
        // A page allowed a microphone: loopback too, and TCP candidates.
        (
            "chromium-loopback-offer",
            Kind::Offer,
            include_str!("fixtures/chromium-loopback-offer.sdp"),
        ),
        (
            "chromium-loopback-answer",
            Kind::Answer,
            include_str!("fixtures/chromium-loopback-answer.sdp"),
        ),
        (
            "firefox-offer (by hand)",
            Kind::Offer,
            include_str!("fixtures/firefox-offer.sdp"),
        ),
    ];

    /// A tag as the app will use: the game, the seat, a 16-byte token.
    pub(crate) const TAG: &[u8; 18] = b"\x02\x01sixteen-byte-tok";

    fn signal(name: &str) -> Signal {
        let (_, kind, sdp) = FIXTURES.iter().find(|(n, ..)| *n == name).unwrap();
        Signal::from_sdp(*kind, sdp, TAG).unwrap()
    }

    /// The codes of every fixture, with the app's typical tag.
    pub(crate) fn typical_codes() -> Vec<(&'static str, String)> {
        FIXTURES
            .iter()
            .map(|&(name, kind, sdp)| (name, Signal::from_sdp(kind, sdp, TAG).unwrap().to_code()))
            .collect()
    }

    #[test]
    fn every_fixture_travels_through_a_code() {
        for &(name, kind, sdp) in FIXTURES {
            let signal = Signal::from_sdp(kind, sdp, TAG).unwrap_or_else(|e| panic!("{name}: {e}"));
            let code = signal.to_code();
            println!(
                "{name}: {} characters, {} candidates: {code}",
                code.len(),
                signal.candidates.len()
            );
            assert_eq!(Signal::from_code(&code).as_ref(), Ok(&signal), "{name}");
            let rebuilt = signal.to_sdp();
            assert!(rebuilt.ends_with("a=end-of-candidates\r\n"));
            assert!(
                rebuilt
                    .split_terminator('\n')
                    .all(|line| line.ends_with('\r')),
                "{name}: CRLF"
            );
            assert_eq!(
                Signal::from_sdp(kind, &rebuilt, TAG).as_ref(),
                Ok(&signal),
                "{name}"
            );
        }
    }

    /// For tools/measure/webrtc-codes.mjs, which runs it with the file names
    /// set: reads `$WEBRTC_CODES_IN` (a line "offer" or "answer", then a
    /// browser's description) and writes to `$WEBRTC_CODES_OUT` its code (with
    /// [`TAG`]), a line break, and the description rebuilt from that code
    /// alone.
    #[test]
    #[ignore = "run by tools/measure/webrtc-codes.mjs"]
    fn through_a_code() {
        let (Ok(input), Ok(output)) = (
            std::env::var("WEBRTC_CODES_IN"),
            std::env::var("WEBRTC_CODES_OUT"),
        ) else {
            panic!("set WEBRTC_CODES_IN and WEBRTC_CODES_OUT");
        };
        let input = std::fs::read_to_string(input).unwrap();
        let (kind, sdp) = input.split_once('\n').unwrap();
        let kind = if kind.trim() == "offer" {
            Kind::Offer
        } else {
            Kind::Answer
        };
        let code = Signal::from_sdp(kind, sdp, TAG).unwrap().to_code();
        let signal = Signal::from_code(&code).unwrap();
        std::fs::write(output, format!("{code}\n{}", signal.to_sdp())).unwrap();
    }

    #[test]
    fn chromium_descriptions_are_read() {
        let offer = signal("chromium-mdns-offer");
        assert_eq!((offer.kind, offer.setup), (Kind::Offer, Setup::ActPass));
        assert_eq!((offer.ice_ufrag.len(), offer.ice_pwd.len()), (4, 24));
        assert_eq!(offer.max_message_size, Some(CHROMIUM_MAX_MESSAGE));
        assert_eq!(offer.candidates.len(), 2);
        assert!(offer
            .candidates
            .iter()
            .all(|c| matches!(c.address, Address::Mdns(_)) && c.kind == CandidateType::Host));
        let answer = signal("chromium-mdns-answer");
        assert_eq!((answer.kind, answer.setup), (Kind::Answer, Setup::Active));
        // The TCP candidates are dropped: two of IPv4, two of IPv6 are left.
        let loopback = signal("chromium-loopback-offer");
        let forms = loopback
            .candidates
            .iter()
            .map(|c| matches!(c.address, Address::V4(_)))
            .collect::<Vec<_>>();
        assert_eq!(forms, [true, true, false, false]);
        assert_eq!(
            loopback.candidates[0].address,
            Address::V4(Ipv4Addr::LOCALHOST)
        );
        let stun = signal("chromium-stun-offer");
        let kinds = stun.candidates.iter().map(|c| c.kind).collect::<Vec<_>>();
        assert_eq!(
            kinds,
            [
                CandidateType::Host,
                CandidateType::Host,
                CandidateType::Srflx
            ]
        );
        assert!(stun
            .to_sdp()
            .contains(" typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n"));
    }

    /// The lengths of the codes Chromium's descriptions make, with the
    /// typical 18-byte tag (printed by every_fixture_travels_through_a_code).
    #[test]
    fn typical_codes_are_short() {
        let length = |name| signal(name).to_code().len();
        assert_eq!(length("chromium-mdns-offer"), 154, "two mDNS names");
        assert_eq!(length("chromium-mdns-answer"), 128, "one mDNS name");
        assert_eq!(length("chromium-raw-offer"), 138, "IPv4 and IPv6");
        assert_eq!(length("chromium-loopback-offer"), 172, "two IPv4, two IPv6");
        assert_eq!(
            length("chromium-stun-offer"),
            163,
            "two mDNS names, an srflx IPv4"
        );
        // Each candidate costs 25 characters as an mDNS name or IPv6
        // address, 9 as IPv4; a tag byte 4/3.
        assert_eq!(
            Signal::from_sdp(Kind::Offer, FIXTURES[0].2, b"")
                .unwrap()
                .to_code()
                .len(),
            130
        );
    }

    #[test]
    fn a_firefox_offer_is_read() {
        let offer = signal("firefox-offer (by hand)");
        assert_eq!(offer.kind, Kind::Offer);
        assert_eq!(offer.setup, Setup::ActPass);
        assert_eq!(offer.ice_ufrag, "3a5bd0a4");
        assert_eq!(offer.ice_pwd, "0d1b6f7e4b0a3ac8d2e3f1a9b7c6d5e4");
        assert_eq!(offer.fingerprint[..3], [0x1F, 0x2E, 0x3D]);
        assert_eq!(offer.max_message_size, Some(FIREFOX_MAX_MESSAGE));
        assert_eq!(offer.sctp_port, 5000);
        assert_eq!(offer.mid, "0");
        // The TCP and relay candidates and the component-2 one are dropped.
        assert_eq!(
            offer.candidates,
            [
                Candidate {
                    address: parse_address("6a1f3c2e-0b4d-4e5f-8a9b-0c1d2e3f4a5b.local").unwrap(),
                    port: 54321,
                    kind: CandidateType::Host,
                },
                Candidate {
                    address: Address::V4(Ipv4Addr::new(203, 0, 113, 7)),
                    port: 61234,
                    kind: CandidateType::Srflx,
                },
            ]
        );
        let Address::Mdns(uuid) = offer.candidates[0].address else {
            unreachable!()
        };
        assert_eq!(uuid[..2], [0x6a, 0x1f]);
        assert!(offer
            .to_sdp()
            .contains("typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n"));
    }

    /// A description with everything needed, to take lines out of.
    const MINIMAL: &str = "v=0\r\n\
        m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
        a=ice-ufrag:abcd\r\n\
        a=ice-pwd:0123456789abcdefghij+/\r\n\
        a=fingerprint:sha-256 00:01:02:03:04:05:06:07:08:09:0A:0B:0C:0D:0E:0F:10:11:12:13:14:15:16:17:18:19:1A:1B:1C:1D:1E:1F\r\n\
        a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0\r\n";

    fn without(line_start: &str) -> String {
        MINIMAL
            .lines()
            .filter(|line| !line.starts_with(line_start))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn replaced(line_start: &str, by: &str) -> String {
        MINIMAL
            .lines()
            .map(|line| {
                if line.starts_with(line_start) {
                    format!("{by}\r\n")
                } else {
                    format!("{line}\n")
                }
            })
            .collect()
    }

    #[test]
    fn a_minimal_description_is_enough() {
        let signal = Signal::from_sdp(Kind::Answer, MINIMAL, b"").unwrap();
        assert_eq!(signal.setup, Setup::Active, "an answer's default role");
        assert_eq!(signal.max_message_size, None);
        assert_eq!(signal.fingerprint[31], 0x1f);
        let code = signal.to_code();
        assert_eq!(Signal::from_code(&code), Ok(signal.clone()));
        assert!(!signal.to_sdp().contains("max-message-size"));
        assert_eq!(
            Signal::from_sdp(Kind::Answer, &signal.to_sdp(), b""),
            Ok(signal)
        );
    }

    #[test]
    fn each_missing_part_is_its_error() {
        let read = |sdp: &str| Signal::from_sdp(Kind::Offer, sdp, b"");
        assert_eq!(read(""), Err(SdpError::NoDataChannel));
        assert_eq!(read(&without("m=")), Err(SdpError::NoDataChannel));
        assert_eq!(
            read(&replaced("m=", "m=audio 9 UDP/TLS/RTP/SAVPF 111")),
            Err(SdpError::NoDataChannel)
        );
        assert_eq!(
            read(&without("a=ice-ufrag")),
            Err(SdpError::NoIceCredentials)
        );
        assert_eq!(read(&without("a=ice-pwd")), Err(SdpError::NoIceCredentials));
        assert_eq!(
            read(&replaced("a=ice-pwd", "a=ice-pwd:short")),
            Err(SdpError::NoIceCredentials)
        );
        assert_eq!(
            read(&replaced("a=ice-ufrag", "a=ice-ufrag:ab-d")),
            Err(SdpError::NoIceCredentials)
        );
        assert_eq!(
            read(&without("a=fingerprint")),
            Err(SdpError::NoFingerprint)
        );
        assert_eq!(
            read(&replaced(
                "a=fingerprint",
                "a=fingerprint:sha-1 00:01:02:03:04:05:06:07:08:09:0A:0B:0C:0D:0E:0F:10:11:12:13"
            )),
            Err(SdpError::NoFingerprint)
        );
        assert_eq!(
            read(&replaced("a=fingerprint", "a=fingerprint:sha-256 00:01")),
            Err(SdpError::NoFingerprint)
        );
        assert_eq!(read(&without("a=candidate")), Err(SdpError::NoCandidate));
        for only in [
            "a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0",
            "a=candidate:1 1 udp 41885439 198.51.100.3 3478 typ relay raddr 0.0.0.0 rport 0",
            "a=candidate:1 2 udp 2122260222 192.168.1.20 50001 typ host",
            "a=candidate:1 1 udp 2122260223 printer.example 50000 typ host",
            "a=candidate:1 1 udp 2122260223 192.168.1.20 0 typ host",
            "a=candidate:1 1 udp 2122260223 192.168.1.20",
        ] {
            assert_eq!(
                read(&replaced("a=candidate", only)),
                Err(SdpError::NoCandidate),
                "{only}"
            );
        }
        assert_eq!(
            read(&format!("{MINIMAL}a=mid:{}\r\n", "m".repeat(33))),
            Err(SdpError::OddMid)
        );
        assert_eq!(
            Signal::from_sdp(Kind::Offer, MINIMAL, &[7; 33]),
            Err(SdpError::TagTooLong)
        );
        assert!(Signal::from_sdp(Kind::Offer, MINIMAL, &[7; 32]).is_ok());
        for error in [
            SdpError::NoDataChannel,
            SdpError::NoCandidate,
            SdpError::TagTooLong,
        ] {
            assert!(error.to_string().ends_with(['.', '?']));
        }
    }

    #[test]
    fn odd_lines_are_skipped_and_odd_values_kept_apart() {
        let sdp = format!(
            "{MINIMAL}nonsense\r\n=\r\na=\r\na=candidate:\r\na=setup:holdconn\r\na=sctp-port:0\r\n\
             a=max-message-size:99999999999\r\na=mid:data\r\na=sctp-port:5001\r\n\
             a=candidate:2 1 UDP 1 2001:db8::1 40000 typ host\r\n\
             a=candidate:2 1 udp 1 2001:db8::1 40000 typ host\r\n\
             m=video 9 UDP/TLS/RTP/SAVPF 96\r\na=candidate:9 1 udp 1 10.0.0.9 9999 typ host\r\n\
             a=ice-ufrag:ignored-here\r\n"
        );
        let signal = Signal::from_sdp(Kind::Offer, &sdp, b"tag").unwrap();
        assert_eq!(signal.setup, Setup::ActPass);
        assert_eq!(signal.sctp_port, 5001);
        assert_eq!(signal.max_message_size, Some(u32::MAX));
        assert_eq!(signal.mid, "data");
        assert_eq!(signal.ice_ufrag, "abcd");
        // The repeated candidate once; the video section's not at all.
        assert_eq!(signal.candidates.len(), 2);
        let code = signal.to_code();
        assert_eq!(Signal::from_code(&code).as_ref(), Ok(&signal));
        let rebuilt = signal.to_sdp();
        assert!(rebuilt.contains("a=group:BUNDLE data\r\n") && rebuilt.contains("a=mid:data\r\n"));
        assert_eq!(Signal::from_sdp(Kind::Offer, &rebuilt, b"tag"), Ok(signal));
    }

    #[test]
    fn at_most_eight_candidates_are_kept() {
        let mut sdp = without("a=candidate");
        for i in 1..=12 {
            sdp.push_str(&format!(
                "a=candidate:{i} 1 udp 1 10.0.0.{i} 5000 typ host\r\n"
            ));
        }
        let signal = Signal::from_sdp(Kind::Offer, &sdp, &[0; MAX_TAG]).unwrap();
        assert_eq!(signal.candidates.len(), MAX_CANDIDATES);
        assert_eq!(
            signal.candidates[0].address,
            Address::V4(Ipv4Addr::new(10, 0, 0, 1))
        );
        let code = signal.to_code();
        assert_eq!(Signal::from_code(&code), Ok(signal));
    }

    #[test]
    fn the_longest_signal_fits_the_limit() {
        let mut sdp = MINIMAL
            .replace(
                "a=ice-ufrag:abcd",
                &format!("a=ice-ufrag:{}", "u".repeat(256)),
            )
            .replace(
                "a=ice-pwd:0123456789abcdefghij+/",
                &format!("a=ice-pwd:{}", "p".repeat(256)),
            );
        sdp.push_str(&format!(
            "a=mid:{}\r\na=sctp-port:65535\r\na=max-message-size:4294967295\r\n",
            "m".repeat(32)
        ));
        for i in 1..=8 {
            sdp.push_str(&format!(
                "a=candidate:{i} 1 udp 1 ffff::{i} 65535 typ prflx\r\n"
            ));
        }
        let signal = Signal::from_sdp(Kind::Answer, &sdp, &[255; MAX_TAG]).unwrap();
        let code = signal.to_code();
        assert!(code.len() < MAX_CODE_CHARS / 2, "{}", code.len());
        assert_eq!(Signal::from_code(&code), Ok(signal));
    }

    fn some_code() -> String {
        Signal::from_sdp(Kind::Offer, MINIMAL, TAG)
            .unwrap()
            .to_code()
    }

    fn bytes_of(code: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD.decode(code).unwrap()
    }

    #[test]
    fn each_bad_code_is_its_error() {
        assert_eq!(Signal::from_code(""), Err(CodeError::Empty));
        assert_eq!(Signal::from_code(" \r\n\t"), Err(CodeError::Empty));
        assert_eq!(
            Signal::from_code(&"A".repeat(MAX_CODE_CHARS + 1)),
            Err(CodeError::TooLong)
        );
        assert_eq!(
            Signal::from_code(&"A".repeat(MAX_CODE_CHARS)),
            Err(CodeError::NotACode)
        );
        assert_eq!(Signal::from_code("hello, world"), Err(CodeError::NotACode));
        assert_eq!(
            Signal::from_code("AQ=="),
            Err(CodeError::NotACode),
            "padding"
        );
        assert_eq!(Signal::from_code("ÄÖÜ"), Err(CodeError::NotACode));
        let code = some_code();
        for end in 1..code.len() {
            assert_eq!(
                Signal::from_code(&code[..end]),
                Err(CodeError::CutShort),
                "{end}"
            );
        }
        let with_format = |format: u8| {
            let mut bytes = bytes_of(&code);
            bytes[0] = format;
            Signal::from_code(&URL_SAFE_NO_PAD.encode(bytes))
        };
        assert!(with_format(1).is_ok());
        assert_eq!(with_format(2), Err(CodeError::Newer));
        assert_eq!(with_format(15), Err(CodeError::Newer));
        assert_eq!(with_format(0), Err(CodeError::NotACode));
        assert_eq!(with_format(16), Err(CodeError::NotACode));
        let mut longer = bytes_of(&code);
        longer.push(0);
        assert_eq!(
            Signal::from_code(&URL_SAFE_NO_PAD.encode(longer)),
            Err(CodeError::NotACode)
        );
        for error in [
            CodeError::Empty,
            CodeError::TooLong,
            CodeError::CutShort,
            CodeError::Newer,
            CodeError::NotACode,
        ] {
            assert!(error.to_string().ends_with('.'));
        }
    }

    #[test]
    fn spaces_and_line_breaks_in_a_code_are_skipped() {
        let code = some_code();
        let (a, b) = code.split_at(40);
        assert!(Signal::from_code(&format!("  {a}\r\n {b}\n")).is_ok());
    }

    /// A small generator for the loops below (xorshift64*).
    struct Random(u64);

    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn bytes(&mut self, max: usize) -> Vec<u8> {
            (0..self.below(max + 1))
                .map(|_| self.next() as u8)
                .collect()
        }
    }

    /// A code read without error writes back the same.
    fn read_and_check(code: &str) {
        if let Ok(signal) = Signal::from_code(code) {
            assert_eq!(signal.to_code(), code);
            let rebuilt = signal.to_sdp();
            assert_eq!(
                Signal::from_sdp(signal.kind, &rebuilt, &signal.tag),
                Ok(signal)
            );
        }
    }

    #[test]
    fn random_input_never_panics() {
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        let valid = bytes_of(&some_code());
        let mut read = 0;
        for round in 0..20_000 {
            // Any text.
            let text = String::from_utf8_lossy(&random.bytes(300)).into_owned();
            let _ = Signal::from_code(&text);
            let _ = Signal::from_sdp(Kind::Offer, &text, b"");
            // Random bytes with the format byte, as a code.
            let mut bytes = random.bytes(200);
            if let Some(first) = bytes.first_mut() {
                *first = 1;
            }
            read_and_check(&URL_SAFE_NO_PAD.encode(&bytes));
            // A real code with a few bytes changed.
            let mut bytes = valid.clone();
            for _ in 0..1 + round % 3 {
                let at = random.below(bytes.len());
                bytes[at] = random.next() as u8;
            }
            let code = URL_SAFE_NO_PAD.encode(&bytes);
            read += usize::from(Signal::from_code(&code).is_ok());
            read_and_check(&code);
            // A real description with a line changed.
            let mut lines: Vec<String> = MINIMAL.lines().map(str::to_string).collect();
            let at = random.below(lines.len());
            let cut = random.below(lines[at].len() + 1);
            lines[at] = format!(
                "{}{}",
                &lines[at][..cut],
                String::from_utf8_lossy(&random.bytes(20))
            );
            let _ = Signal::from_sdp(Kind::Answer, &lines.join("\n"), b"");
        }
        // Changes to the tag, ports and addresses still read.
        assert!(read > 0);
    }
}
