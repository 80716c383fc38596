//! Detective Graves' rules page: our text, with the tables of locations
//! and card abilities written from the engine's one table of game data.

use crate::ui::rules::{escape, fill_mark};
use engine::detective_graves::data::{DEUCE_NAME, DEUCE_TEXT};
use engine::detective_graves::{Card, Identity, Location, Role, Suit};

const LOCATIONS_MARK: &str = "<!-- the location table -->";
const ABILITIES_MARK: &str = "<!-- the ability table -->";
const IDENTITIES_MARK: &str = "<!-- the identities -->";

/// The rules page's HTML, tables included.
pub fn html() -> String {
    let page = fill_mark(
        include_str!("rules.html"),
        LOCATIONS_MARK,
        &location_table(),
    );
    let page = fill_mark(&page, ABILITIES_MARK, &ability_table());
    fill_mark(&page, IDENTITIES_MARK, &identities())
}

fn table(head: &[&str], rows: Vec<Vec<String>>) -> String {
    let mut html = String::from(
        r#"<div class="table-scroll"><table class="stats-table card-table"><thead><tr>"#,
    );
    for h in head {
        html.push_str(&format!(r#"<th scope="col">{h}</th>"#));
    }
    html.push_str("</tr></thead><tbody>");
    for row in rows {
        html.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            if i == 0 {
                html.push_str(&format!(r#"<th scope="row">{}</th>"#, escape(cell)));
            } else {
                html.push_str(&format!("<td>{}</td>", escape(cell)));
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table></div>");
    html
}

fn suit_text(suit: Option<Suit>) -> String {
    suit.map_or("None".into(), |s| s.name().to_string())
}

/// The 12 locations, from [`Location::ALL`].
fn location_table() -> String {
    let rows = Location::ALL
        .iter()
        .map(|l| {
            vec![
                l.name().to_string(),
                l.time().to_string(),
                suit_text(l.trump()),
                l.ability_text().to_string(),
            ]
        })
        .collect();
    table(&["Location", "Time", "Trump", "Its rule"], rows)
}

/// What the 2–6 of each deck do, from the cards themselves.
fn ability_table() -> String {
    let mut rows = vec![vec![
        "2".to_string(),
        format!("{DEUCE_NAME}: {DEUCE_TEXT}"),
        format!("{DEUCE_NAME}: {DEUCE_TEXT}"),
    ]];
    for rank in 3..=6 {
        let says = |deck: Role| {
            Card::new(deck, Suit::Notebook, rank)
                .ability()
                .map_or(String::new(), |a| format!("{}: {}", a.name(), a.text()))
        };
        rows.push(vec![
            rank.to_string(),
            says(Role::Detective),
            says(Role::Mastermind),
        ]);
    }
    table(&["Rank", "Detective's deck", "Mastermind's deck"], rows)
}

/// The five identities.
fn identities() -> String {
    let names: Vec<String> = Identity::ALL.iter().map(|i| escape(i.name())).collect();
    format!("<p>{}.</p>", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_list_every_location_and_ability() {
        let page = include_str!("rules.html");
        for mark in [LOCATIONS_MARK, ABILITIES_MARK, IDENTITIES_MARK] {
            assert_eq!(page.matches(mark).count(), 1, "{mark}");
        }
        let html = html();
        for l in Location::ALL {
            assert!(html.contains(l.name()), "{}", l.name());
        }
        for name in [
            "Fresh Lead",
            "Stakeout",
            "Overtime",
            "Warrant",
            "Accomplice",
            "Cover-up",
            "Smoke and Mirrors",
            "Bribe",
        ] {
            assert!(html.contains(name), "{name}");
        }
        assert!(html.contains("The Docks") && html.contains("The Surgeon"));
        assert!(!html.contains("<!--"), "every mark is filled");
    }
}
