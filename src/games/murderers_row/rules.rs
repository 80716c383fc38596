//! Murderers' Row's rules page: our text, with the card table written from
//! the engine's one table of the 18 cards.

use crate::ui::rules::{escape, fill_mark};

/// Where the card table goes in `rules.html`.
const CARD_TABLE_MARK: &str = "<!-- the card table -->";

/// The rules page's HTML, card table included.
pub fn html() -> String {
    fill_mark(include_str!("rules.html"), CARD_TABLE_MARK, &card_table())
}

/// The 18 cards as an HTML table, from [`engine::murderers_row::CARDS`].
fn card_table() -> String {
    let mut html = String::from(
        r#"<div class="table-scroll"><table class="stats-table card-table"><thead><tr><th scope="col">#</th><th scope="col">Card</th><th scope="col">Pips</th><th scope="col">What it does</th></tr></thead><tbody>"#,
    );
    for (i, card) in engine::murderers_row::CARDS.iter().enumerate() {
        html.push_str(&format!(
            r#"<tr><td>{}</td><th scope="row">{}</th><td>{}</td><td>{}</td></tr>"#,
            i + 1,
            escape(card.name),
            card.pips,
            escape(card.effect)
        ));
    }
    html.push_str("</tbody></table></div>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_table_lists_all_18_cards_in_the_rules() {
        let page = include_str!("rules.html");
        assert_eq!(page.matches(CARD_TABLE_MARK).count(), 1);
        let table = card_table();
        assert_eq!(table.matches("<tr>").count(), 19);
        for card in engine::murderers_row::CARDS {
            assert!(table.contains(card.name));
        }
        assert_eq!(html(), page.replace(CARD_TABLE_MARK, &table));
    }
}
