//! Hash routes: every screen has a URL, so a deal can be shared and the back
//! button works. Parsing is pure so it is tested natively. A game's pages
//! are `#/<game id>`, `#/<id>/new`, `#/<id>/rules` and, for games with deal
//! links, `#/<id>/<deal path>`, read by the game itself (see `games`).

use crate::games;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Stats,
    Settings,
    /// A page of the game whose id is `game`.
    Game {
        game: &'static str,
        page: Page,
    },
    /// A URL we could not read, with what was wrong with it.
    Invalid {
        reason: String,
    },
}

/// The pages every game has, and a deal for games with deal links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The game in progress, or the new-game screen if none.
    Current,
    New,
    Rules,
    /// A deal named in the address.
    Deal(Deal),
}

/// A deal named in an address: a variant (0 for games that have none, else
/// the game's own numbering) and the deal number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub variant: u8,
    pub seed: u64,
}

impl Route {
    /// Reads a location hash such as `#/dead-center/standard/42`.
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_matches('/');
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        let no_page = || Route::Invalid {
            reason: format!("There is no page at “{}”.", truncate(path, 60)),
        };
        match parts.as_slice() {
            [] => Route::Home,
            ["stats"] => Route::Stats,
            ["settings"] => Route::Settings,
            [id, rest @ ..] => {
                let Some(game) = games::find(id) else {
                    return no_page();
                };
                let page = match rest {
                    [] => Page::Current,
                    ["new"] => Page::New,
                    ["rules"] => Page::Rules,
                    path => match game.parse_deal(path) {
                        Some(Ok(deal)) => Page::Deal(deal),
                        Some(Err(reason)) => return Route::Invalid { reason },
                        None => return no_page(),
                    },
                };
                Route::Game {
                    game: game.id(),
                    page,
                }
            }
        }
    }

    /// The hash for this route, starting with `#/`.
    pub fn href(&self) -> String {
        match self {
            Route::Home | Route::Invalid { .. } => "#/".to_string(),
            Route::Stats => "#/stats".to_string(),
            Route::Settings => "#/settings".to_string(),
            Route::Game { game, page } => match page {
                Page::Current => format!("#/{game}"),
                Page::New => format!("#/{game}/new"),
                Page::Rules => format!("#/{game}/rules"),
                Page::Deal(deal) => {
                    let path = games::find(game).map(|g| g.deal_path(*deal));
                    format!("#/{game}/{}", path.unwrap_or_default())
                }
            },
        }
    }
}

/// A deal number from an address, or a message saying what a deal number is.
pub fn parse_deal_number(text: &str) -> Result<u64, String> {
    text.parse().map_err(|_| {
        format!(
            "“{}” is not a deal number: a deal number is a whole number from 0 to {}.",
            truncate(text, 30),
            u64::MAX
        )
    })
}

fn truncate(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page of every registered game, and the shell's own.
    #[test]
    fn every_route_round_trips_through_its_href() {
        let mut routes = vec![Route::Home, Route::Stats, Route::Settings];
        for game in games::GAMES {
            for page in [Page::Current, Page::New, Page::Rules] {
                routes.push(Route::Game {
                    game: game.id(),
                    page,
                });
            }
        }
        for route in routes {
            assert_eq!(Route::parse(&route.href()), route, "{}", route.href());
        }
    }

    #[test]
    fn games_have_distinct_ids_that_are_not_shell_pages() {
        let ids: Vec<&str> = games::GAMES.iter().map(|g| g.id()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id), "{id} twice");
            assert!(!["stats", "settings"].contains(id));
        }
    }

    #[test]
    fn empty_hash_and_slashes_are_home() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
    }

    #[test]
    fn unknown_pages_explain_themselves() {
        assert!(matches!(Route::parse("#/nowhere"), Route::Invalid { .. }));
        assert!(matches!(
            Route::parse("#/stats/more"),
            Route::Invalid { .. }
        ));
    }

    #[test]
    fn malformed_deal_numbers_explain_themselves() {
        for bad in ["abc", "-1", "99999999999999999999999", "12x"] {
            let reason = parse_deal_number(bad).unwrap_err();
            assert!(reason.contains("deal number"), "{reason}");
        }
        assert_eq!(parse_deal_number("18446744073709551615"), Ok(u64::MAX));
    }

    #[test]
    fn long_bad_paths_are_shortened_in_the_message() {
        let long = format!("#/{}", "x".repeat(500));
        let Route::Invalid { reason } = Route::parse(&long) else {
            panic!("expected invalid")
        };
        assert!(reason.chars().count() < 100);
    }
}
