//! The face of a standard card, drawn by us in SVG: corner indices (rank and
//! suit, top left and, turned, bottom right), the pips of a number card in
//! the usual layout, one large pip for an ace, a framed court figure with
//! its own emblem (a crown for a King, a tiara for a Queen, a dagger for a
//! Jack), and a star for a joker. Suits are paths, not font glyphs, so they
//! look the same on every device. Narrow cards (under 60 px) show one large
//! index instead (a container query in the stylesheet).
//!
//! The markup is made as a string once per card and set as the element's
//! content: one small function instead of a view type per shape.

use engine::cards::{Card, Colour, Suit, JACK, KING, QUEEN};
use leptos::prelude::*;
use std::fmt::Write;

/// The card's drawing: 100 × 140 units.
const VIEW_BOX: &str = "0 0 100 140";

/// A suit's shape, about 20 units across, centred on the origin.
fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2-10-.5-8.5 0-6.5C.5-8.5 2-10 4.5-10C7-10 10-8 10-4C10 1 4 5 0 9Z",
        Suit::Diamonds => "M0-10L7.5 0L0 10L-7.5 0Z",
        Suit::Spades => "M0-10C-4-5-10-1-10 3C-10 7-6 8.5-2.5 6L-4 10H4L2.5 6C6 8.5 10 7 10 3C10-1 4-5 0-10Z",
        Suit::Clubs => "M0-10a4.6 4.6 0 1 1 0 9.2a4.6 4.6 0 1 1 0-9.2ZM-5.2-1.2a4.6 4.6 0 1 1 0 9.2a4.6 4.6 0 1 1 0-9.2ZM5.2-1.2a4.6 4.6 0 1 1 0 9.2a4.6 4.6 0 1 1 0-9.2ZM-1.3 2L-3.5 10H3.5L1.3 2Z",
    }
}

/// Where a number card's pips go (2–10), in the usual layout.
fn pip_places(rank: u8) -> &'static [(u8, u8)] {
    const L: u8 = 32;
    const M: u8 = 50;
    const R: u8 = 68;
    match rank {
        2 => &[(M, 30), (M, 110)],
        3 => &[(M, 30), (M, 70), (M, 110)],
        4 => &[(L, 30), (R, 30), (L, 110), (R, 110)],
        5 => &[(L, 30), (R, 30), (M, 70), (L, 110), (R, 110)],
        6 => &[(L, 30), (R, 30), (L, 70), (R, 70), (L, 110), (R, 110)],
        7 => &[
            (L, 30),
            (R, 30),
            (M, 50),
            (L, 70),
            (R, 70),
            (L, 110),
            (R, 110),
        ],
        8 => &[
            (L, 30),
            (R, 30),
            (M, 50),
            (L, 70),
            (R, 70),
            (M, 90),
            (L, 110),
            (R, 110),
        ],
        9 => &[
            (L, 30),
            (R, 30),
            (L, 57),
            (R, 57),
            (M, 70),
            (L, 83),
            (R, 83),
            (L, 110),
            (R, 110),
        ],
        10 => &[
            (L, 30),
            (R, 30),
            (M, 44),
            (L, 57),
            (R, 57),
            (L, 83),
            (R, 83),
            (M, 96),
            (L, 110),
            (R, 110),
        ],
        _ => &[],
    }
}

/// A court card's emblem, about 24 units across, centred on the origin.
fn emblem(rank: u8) -> &'static str {
    match rank {
        KING => "M-12 7V-6L-6 0L0-10L6 0L12-6V7Z",
        QUEEN => "M-12 7V1Q0-11 12 1V7ZM0-12a2.5 2.5 0 1 1 0 5a2.5 2.5 0 1 1 0-5Z",
        JACK => "M0-13L3 4H-3ZM-8 4H8V7H-8ZM-1.6 7H1.6V13H-1.6Z",
        _ => "",
    }
}

/// The five-pointed star of a joker, about 24 units across.
const STAR: &str = "M0-12L2.8-3.9H11.4L4.5 1.2L7.1 9.7L0 4.6L-7.1 9.7L-4.5 1.2L-11.4-3.9H-2.8Z";

/// One suit shape at (x, y), scaled by `scale`; upside down in the lower
/// half, as printed cards are. (Numbers are written as integers and
/// strings: formatting floats would add its code to every game's chunk.)
fn pip(out: &mut String, path: &str, x: u8, y: u8, scale: &str, turned: bool) {
    let turn = if turned { " rotate(180)" } else { "" };
    let _ = write!(
        out,
        r#"<path d="{path}" transform="translate({x} {y}) scale({scale}){turn}"/>"#
    );
}

/// A new id for a card face's corner index (every face drawn gets its own,
/// so that the copy in the opposite corner finds its own face's).
fn next_face_id() -> String {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    let n = NEXT.with(|next| {
        let n = next.get();
        next.set(n.wrapping_add(1));
        n
    });
    format!("cf{n}")
}

/// The SVG markup of `card`'s face.
pub fn card_svg(card: Card) -> String {
    let mut s = format!(
        r#"<svg viewBox="{VIEW_BOX}" fill="currentColor" focusable="false" aria-hidden="true">"#
    );
    let rank_label = card.rank_label();
    let shape = card.suit().map_or(STAR, suit_path);
    // The corner index, then the same turned at the opposite corner: a
    // copy (`<use>`) rather than more text, so that the card's visible text
    // is its rank once, a phrase of the name its control is given.
    let id = next_face_id();
    let _ = write!(
        s,
        r#"<g class="index" id="{id}"><text x="13" y="24" text-anchor="middle" font-size="{}">{rank_label}</text>"#,
        if rank_label.len() > 1 { 19 } else { 24 }
    );
    pip(&mut s, shape, 13, 37, ".55", false);
    let _ = write!(
        s,
        r##"</g><use href="#{id}" class="index" transform="rotate(180 50 70)"/>"##
    );
    s.push_str(r#"<g class="pips">"#);
    match card.rank() {
        None => {
            pip(&mut s, STAR, 50, 62, "1.8", false);
            s.push_str(r#"<text x="50" y="104" text-anchor="middle" font-size="15" letter-spacing="1">JOKER</text>"#);
        }
        Some(1) => pip(&mut s, shape, 50, 70, "2", false),
        Some(rank @ JACK..=KING) => {
            s.push_str(r#"<rect class="court" x="22" y="18" width="56" height="104" rx="5" fill="none" stroke="currentColor" stroke-width="2"/>"#);
            pip(&mut s, emblem(rank), 50, 58, "1.6", false);
            pip(&mut s, shape, 50, 100, "1", false);
        }
        Some(rank) => {
            for &(x, y) in pip_places(rank) {
                pip(&mut s, shape, x, y, ".9", y > 70);
            }
        }
    }
    s.push_str("</g>");
    // The large index that stands in for corners and pips on narrow cards.
    let _ = write!(
        s,
        r#"<g class="big-index"><text x="50" y="70" text-anchor="middle" font-size="56">{rank_label}</text>"#
    );
    pip(&mut s, shape, 50, 102, "1.5", false);
    s.push_str("</g></svg>");
    s
}

/// The classes that colour a card's face or index: its colour and its
/// suit ("red hearts"; the stylesheet may colour suits apart).
pub fn colour_classes(card: Card) -> String {
    let colour = match card.colour() {
        Some(Colour::Red) => "red",
        Some(Colour::Black) => "black",
        None => "joker",
    };
    let suit = card.suit().map_or("joker", Suit::name);
    format!("{colour} {suit}")
}

/// A card's identity on the page: its name, with a joker's number (two
/// jokers are two cards).
pub fn identity(card: Card) -> String {
    match card {
        Card::Joker(n) => format!("Joker {n}"),
        _ => card.name(),
    }
}

/// The face of a card. Decorative: the control holding it carries the
/// card's accessible name. Its `data-card` identity lets it travel when it
/// moves (`ui::motion`).
#[component]
pub fn CardFace(card: Card) -> impl IntoView {
    view! {
        <span class=format!("card-face {}", colour_classes(card)) data-card=identity(card) aria-hidden="true" inner_html=card_svg(card)></span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::cards::Suit;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    /// The markup between `<g class="pips">` and its end.
    fn pips(svg: &str) -> &str {
        let start = svg.find(r#"<g class="pips">"#).unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        &svg[start..end]
    }

    #[test]
    fn a_number_card_has_as_many_pips_as_its_rank_the_lower_ones_turned() {
        for suit in Suit::ALL {
            for rank in 2..=10 {
                let svg = card_svg(Card::new(rank, suit));
                let pips = pips(&svg);
                assert_eq!(
                    count(pips, "<path"),
                    usize::from(rank),
                    "{rank} of {suit:?}"
                );
                assert_eq!(count(pips, suit_path(suit)), usize::from(rank));
                let turned = pip_places(rank).iter().filter(|&&(_, y)| y > 70).count();
                assert_eq!(count(pips, "rotate(180)"), turned);
                // The rank as text once in the corner (the other corner is
                // a copy of it) and once as the large index.
                assert_eq!(count(&svg, &format!(">{rank}</text>")), 2);
                assert_eq!(count(&svg, "<use "), 1);
            }
        }
    }

    #[test]
    fn pips_lie_inside_the_card_and_never_on_each_other() {
        for rank in 2..=10 {
            let places = pip_places(rank);
            for (i, &(x, y)) in places.iter().enumerate() {
                assert!((20..=80).contains(&x) && (20..=120).contains(&y));
                for &(x2, y2) in &places[i + 1..] {
                    let (dx, dy) = (i32::from(x) - i32::from(x2), i32::from(y) - i32::from(y2));
                    assert!(
                        dx.abs() >= 18 || dy.abs() >= 13,
                        "rank {rank}: {x},{y} and {x2},{y2}"
                    );
                }
            }
        }
    }

    #[test]
    fn aces_courts_and_jokers_are_drawn_apart() {
        let ace = card_svg(Card::new(1, Suit::Spades));
        assert_eq!(count(pips(&ace), "<path"), 1);
        assert!(pips(&ace).contains("scale(2)"));
        let courts: Vec<String> = [JACK, QUEEN, KING]
            .iter()
            .map(|&r| card_svg(Card::new(r, Suit::Hearts)))
            .collect();
        for (svg, rank) in courts.iter().zip([JACK, QUEEN, KING]) {
            // The rank is text only in the corner and the large index.
            assert_eq!(count(svg, "</text>"), 2);
            assert!(svg.contains(r#"class="court""#));
            assert!(svg.contains(emblem(rank)));
        }
        assert_ne!(pips(&courts[0]), pips(&courts[1]));
        assert_ne!(pips(&courts[1]), pips(&courts[2]));
        let joker = card_svg(Card::Joker(0));
        assert!(joker.contains(STAR) && joker.contains("JOKER"));
    }
}
