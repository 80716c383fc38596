//! The rules pages, in our own words. Their text is plain HTML kept beside
//! this file (static text costs no code that way); Murderers' Row's card
//! table is written from the engine's one table of the 18 cards.

use crate::ui::TopBar;
use leptos::prelude::*;

/// Dead Center's rules, with every ruling the app follows.
#[component]
pub fn Rules() -> impl IntoView {
    view! {
        <TopBar title="Dead Center: how to play"/>
        <article class="panel rules" inner_html=include_str!("rules/dead-center.html")></article>
    }
}

/// Serial Killer's rules, with the rulings the app follows.
#[component]
pub fn SerialKillerRules() -> impl IntoView {
    view! {
        <TopBar title="Serial Killer: how to play"/>
        <article class="panel rules" inner_html=include_str!("rules/serial-killer.html")></article>
    }
}

/// Where the card table goes in `murderers-row.html`.
const CARD_TABLE_MARK: &str = "<!-- the card table -->";

/// Murderers' Row's rules, with the card table and every ruling.
#[component]
pub fn MurderersRowRules() -> impl IntoView {
    let html = with_card_table(include_str!("rules/murderers-row.html"));
    view! {
        <TopBar title="Murderers' Row: how to play"/>
        <article class="panel rules" inner_html=html></article>
    }
}

/// `page` with the card table in place of [`CARD_TABLE_MARK`]. A plain byte
/// search: `str::replace` with a string pattern brings in std's two-way
/// searcher, about a kilobyte of the bundle, for this one use.
fn with_card_table(page: &str) -> String {
    let mark = CARD_TABLE_MARK.as_bytes();
    match page.as_bytes().windows(mark.len()).position(|w| w == mark) {
        Some(at) => [&page[..at], &card_table(), &page[at + mark.len()..]].concat(),
        None => page.to_string(),
    }
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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_table_lists_all_18_cards_in_the_rules() {
        let page = include_str!("rules/murderers-row.html");
        assert_eq!(page.matches(CARD_TABLE_MARK).count(), 1);
        let table = card_table();
        assert_eq!(table.matches("<tr>").count(), 19);
        for card in engine::murderers_row::CARDS {
            assert!(table.contains(card.name));
        }
        let filled = with_card_table(page);
        assert_eq!(filled, page.replace(CARD_TABLE_MARK, &table));
    }
}
