//! The drawn parts of a Murderers' Row card, in SVG made by us: the die face
//! in its corner and an icon for what the card does. Strings set as the
//! element's content, one small function rather than a view per card.

use engine::murderers_row::Killer;

/// The icon of `killer`'s effect: a path in a 24 × 24 box. Cards that do
/// alike look alike (the crosshair kills at a distance, the bomb hits
/// around it, the arrows wake).
fn icon_path(killer: Killer) -> &'static str {
    match killer {
        // A sword.
        Killer::Swordsman => "M19 2H22V5L11 16L8 13ZM6 14L10 18L8.5 19.5L7 18L4 21L3 20L6 17L4.5 15.5Z",
        // An axe.
        Killer::Executioner => "M9 3H11V21H9ZM11 4C17 4 20 7 20 11C16 11 13 9 11 9Z",
        // A flask.
        Killer::Poisoner => "M9 2H15V4H14V9L19 19Q20 22 17 22H7Q4 22 5 19L10 9V4H9Z",
        // A crosshair.
        Killer::Sniper => "M12 4A8 8 0 1 1 12 20A8 8 0 1 1 12 4ZM12 6.5A5.5 5.5 0 1 0 12 17.5A5.5 5.5 0 1 0 12 6.5ZM11 1H13V8H11ZM11 16H13V23H11ZM1 11H8V13H1ZM16 11H23V13H16Z",
        // A revolver.
        Killer::Gunslinger => "M2 6H21V10H11L10 13H7L6 19H2L4 10H2ZM8 10V11.5H9.5V10Z",
        // A turret on a tripod.
        Killer::SentryGun => "M6 6H17V11H6ZM17 7.5H23V9.5H17ZM11 11H13V15L18 21H15.5L12 17L8.5 21H6L11 15Z",
        // A tank.
        Killer::Tank => "M7 8H15V12H7ZM15 9H23V11H15ZM3 12H19Q21 12 21 14V15H3ZM4 16H20Q21 16 20 18L19 20H5L4 18Q3 16 4 16Z",
        // A dagger.
        Killer::Assassin => "M12 1L14 13H10ZM7 13H17V15H7ZM11 15H13V20H11ZM10 20H14V23H10Z",
        // A flame.
        Killer::Arsonist => "M12 2C14 6 18 8 18 14A6 6 0 0 1 6 14C6 10 9 9 9 5C11 7 11 9 12 10C13 7 12 4 12 2Z",
        // A cross.
        Killer::Medic => "M9 3H15V9H21V15H15V21H9V15H3V9H9Z",
        // Two arrows, swapping.
        Killer::ConMan => "M4 7H16V4L21 8.5L16 13V10H4ZM20 17H8V20L3 15.5L8 11V14H20Z",
        // Two arrows up: two cards wake.
        Killer::Bugler => "M7 3L12 9H9V20H5V9H2ZM17 3L22 9H19V20H15V9H12Z",
        // A grenade.
        Killer::Grenadier => "M11 8A7 7 0 1 1 11 22A7 7 0 1 1 11 8ZM15 6L18 3L20 5L17 8Z",
        // An aeroplane.
        Killer::AirStrike => "M11 1H13L14 9L22 13V15L14 13L13 19L16 21V22L12 21L8 22V21L11 19L10 13L2 15V13L10 9Z",
        // Two sheets, one a copy of the other.
        Killer::Copycat => "M8 2H20V16H8ZM4 6H6V20H16V22H4Z",
        // A burst.
        Killer::MadBomber => "M12 1L14 8L21 6L16 12L21 18L14 16L12 23L10 16L3 18L8 12L3 6L10 8Z",
        // A shield.
        Killer::Knight => "M12 2L20 5V11C20 16 16 20 12 22C8 20 4 16 4 11V5Z",
        // A noose.
        Killer::Hangman => "M11 1H13V9A5 5 0 1 1 11 9ZM12 11A3 3 0 1 0 12 17A3 3 0 1 0 12 11Z",
    }
}

/// The SVG markup of `killer`'s icon.
pub fn icon_svg(killer: Killer) -> String {
    format!(
        r#"<svg viewBox="0 0 24 24" fill="currentColor" focusable="false" aria-hidden="true"><path fill-rule="evenodd" d="{}"/></svg>"#,
        icon_path(killer)
    )
}

/// Where a die face's pips go (0–5), in a 24 × 24 box.
fn pip_places(pips: u8) -> &'static [(u8, u8)] {
    match pips {
        0 => &[],
        1 => &[(12, 12)],
        2 => &[(7, 7), (17, 17)],
        3 => &[(7, 7), (12, 12), (17, 17)],
        4 => &[(7, 7), (17, 7), (7, 17), (17, 17)],
        _ => &[(7, 7), (17, 7), (12, 12), (7, 17), (17, 17)],
    }
}

/// The SVG markup of a die face with `pips` pips (a blank face for none).
pub fn die_svg(pips: u8) -> String {
    let mut s = String::from(
        r#"<svg viewBox="0 0 24 24" focusable="false" aria-hidden="true"><rect x="1.5" y="1.5" width="21" height="21" rx="4" fill="none" stroke="currentColor" stroke-width="2"/>"#,
    );
    for (x, y) in pip_places(pips) {
        s.push_str(&format!(
            r#"<circle cx="{x}" cy="{y}" r="2.3" fill="currentColor"/>"#
        ));
    }
    s.push_str("</svg>");
    s
}

/// Where `killer`'s name may break on a narrow card (a `<wbr>` between the
/// two parts), so that "Executioner" on a tablet's row of ten reads
/// "Execu / tioner", never "Executi / oner". `None` for a name that fits.
pub fn name_break(killer: Killer) -> Option<(&'static str, &'static str)> {
    Some(match killer {
        Killer::Swordsman => ("Swords", "man"),
        Killer::Executioner => ("Execu", "tioner"),
        Killer::Poisoner => ("Poison", "er"),
        Killer::Gunslinger => ("Gun", "slinger"),
        Killer::Assassin => ("Assas", "sin"),
        Killer::Arsonist => ("Arson", "ist"),
        Killer::Grenadier => ("Grena", "dier"),
        Killer::Copycat => ("Copy", "cat"),
        Killer::Hangman => ("Hang", "man"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::murderers_row::cards::CARDS;

    #[test]
    fn a_die_face_has_as_many_pips_as_the_card_says() {
        for card in CARDS {
            assert_eq!(
                die_svg(card.pips).matches("<circle").count(),
                usize::from(card.pips),
                "{}",
                card.name
            );
        }
    }

    #[test]
    fn a_name_breaks_into_two_parts_that_make_the_name() {
        for card in CARDS {
            if let Some((first, second)) = name_break(card.killer) {
                assert_eq!(format!("{first}{second}"), card.name);
            }
        }
    }

    #[test]
    fn every_card_has_an_icon() {
        for card in CARDS {
            assert!(icon_path(card.killer).starts_with('M'), "{}", card.name);
        }
    }
}
