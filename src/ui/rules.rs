//! A game's rules page, in our own words. Each game keeps its text as plain
//! HTML beside its code (static text costs no code that way).

use crate::ui::TopBar;
use leptos::prelude::*;

#[component]
pub fn RulesPage(title: &'static str, #[prop(into)] html: String) -> impl IntoView {
    view! {
        <TopBar title=title/>
        <article class="panel rules" inner_html=html></article>
    }
}

/// `page` with `insert` in place of `mark`. A plain byte search:
/// `str::replace` with a string pattern brings in std's two-way searcher,
/// about a kilobyte of the bundle, for this one use.
pub fn fill_mark(page: &str, mark: &str, insert: &str) -> String {
    let mark_bytes = mark.as_bytes();
    match page
        .as_bytes()
        .windows(mark_bytes.len())
        .position(|w| w == mark_bytes)
    {
        Some(at) => [&page[..at], insert, &page[at + mark.len()..]].concat(),
        None => page.to_string(),
    }
}

/// `text` safe to put in HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_is_filled_once() {
        assert_eq!(fill_mark("a <!--x--> b", "<!--x-->", "T"), "a T b");
        assert_eq!(fill_mark("no mark", "<!--x-->", "T"), "no mark");
        assert_eq!(escape("<b>&"), "&lt;b&gt;&amp;");
    }
}
