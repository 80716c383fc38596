//! Hash routes: every screen has a URL, so a deal can be shared and the back
//! button works. Plain data, read against the games' [`Addresses`] (given
//! by the registry, so this file knows no game), and pure, so it is tested
//! natively. A game's pages are `#/<game id>`, `#/<id>/new`, `#/<id>/rules`
//! and, for games with deal links, `#/<id>/<number>` or
//! `#/<id>/<variant>/<number>`.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Stats,
    Settings,
    /// The finished games kept for replays (`replay::recent`).
    Recent,
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
    /// A guest's page for a seat played on this device: `#/<id>/join`,
    /// with the host's invitation code after it when opened from one (the
    /// page reads the code from the address itself: see
    /// [`Addresses::remote`]).
    Join,
    /// A finished game's replay; its record is the rest of the address
    /// (`#/<game>/replay/<code>`), read by the page (`replay`).
    Replay,
}

/// A deal named in an address: its variant's slug (for games with
/// variants) and the deal number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub variant: Option<&'static str>,
    pub seed: u64,
}

/// What the router knows of a game: its id, its name (for messages about
/// its addresses) and how its deals are addressed.
#[derive(Debug)]
pub struct Addresses {
    pub id: &'static str,
    pub name: &'static str,
    pub deals: Deals,
    /// Whether its seats may be played on other devices: it has a join
    /// page.
    pub remote: bool,
    /// Its finished games can be replayed (`#/<id>/replay/<code>`).
    pub replays: bool,
}

#[derive(Clone, Copy, Debug)]
pub enum Deals {
    /// The game has no deal addresses.
    None,
    /// `#/<id>/<number>`.
    Numbered,
    /// `#/<id>/<variant>/<number>`, the variant one of these slugs.
    ByVariant(&'static [&'static str]),
}

impl Addresses {
    /// Reads a deal path (after `#/<id>/`): `None` if it is no deal path
    /// of this game, else the deal or what is wrong with it.
    fn deal(&self, path: &[&str]) -> Option<Result<Deal, String>> {
        let (variant, seed) = match (self.deals, path) {
            (Deals::Numbered, [seed]) => (None, seed),
            (Deals::ByVariant(slugs), [variant, seed]) => {
                let Some(slug) = slugs.iter().find(|s| *s == variant) else {
                    return Some(Err(format!(
                        "“{}” is not a {} variant: use {}.",
                        truncate(variant, 30),
                        self.name,
                        one_of(slugs)
                    )));
                };
                (Some(*slug), seed)
            }
            _ => return None,
        };
        Some(parse_deal_number(seed).map(|seed| Deal { variant, seed }))
    }
}

/// "a, b or c".
fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl Route {
    /// Reads a location hash such as `#/dead-center/standard/42`, for the
    /// games whose addresses are `games`.
    pub fn parse(hash: &str, games: &[&'static Addresses]) -> Route {
        let path = hash.trim_start_matches('#').trim_matches('/');
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        let no_page = || Route::Invalid {
            reason: format!("There is no page at “{}”.", truncate(path, 60)),
        };
        match parts.as_slice() {
            [] => Route::Home,
            ["stats"] => Route::Stats,
            ["settings"] => Route::Settings,
            ["recent"] => Route::Recent,
            [id, rest @ ..] => {
                let Some(game) = games.iter().find(|g| g.id == *id) else {
                    return no_page();
                };
                let page = match rest {
                    [] => Page::Current,
                    ["new"] => Page::New,
                    ["rules"] => Page::Rules,
                    ["join", ..] if game.remote => Page::Join,
                    ["replay", ..] if game.replays => Page::Replay,
                    path => match game.deal(path) {
                        Some(Ok(deal)) => Page::Deal(deal),
                        Some(Err(reason)) => return Route::Invalid { reason },
                        None => return no_page(),
                    },
                };
                Route::Game {
                    game: game.id,
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
            Route::Recent => "#/recent".to_string(),
            Route::Game { game, page } => match page {
                Page::Current => format!("#/{game}"),
                Page::New => format!("#/{game}/new"),
                Page::Rules => format!("#/{game}/rules"),
                Page::Join => format!("#/{game}/join"),
                Page::Replay => format!("#/{game}/replay"),
                Page::Deal(Deal {
                    variant: Some(variant),
                    seed,
                }) => format!("#/{game}/{variant}/{seed}"),
                Page::Deal(Deal {
                    variant: None,
                    seed,
                }) => format!("#/{game}/{seed}"),
            },
        }
    }
}

/// A deal number from an address, or a message saying what a deal number is.
fn parse_deal_number(text: &str) -> Result<u64, String> {
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

    static PLAIN: Addresses = Addresses {
        id: "plain",
        name: "Plain",
        deals: Deals::None,
        remote: true,
        replays: true,
    };
    static NUMBERED: Addresses = Addresses {
        id: "numbered",
        name: "Numbered",
        deals: Deals::Numbered,
        remote: false,
        replays: true,
    };
    static VARIANTS: Addresses = Addresses {
        id: "variants",
        name: "Variants",
        deals: Deals::ByVariant(&["easy", "hard", "harder"]),
        remote: false,
        replays: true,
    };
    static GAMES: [&Addresses; 3] = [&PLAIN, &NUMBERED, &VARIANTS];

    fn parse(hash: &str) -> Route {
        Route::parse(hash, &GAMES)
    }

    fn invalid(hash: &str) -> String {
        match parse(hash) {
            Route::Invalid { reason } => reason,
            other => panic!("{hash} parsed as {other:?}"),
        }
    }

    #[test]
    fn every_route_round_trips_through_its_href() {
        let mut routes = vec![Route::Home, Route::Stats, Route::Settings, Route::Recent];
        for game in GAMES {
            for page in [Page::Current, Page::New, Page::Rules, Page::Replay] {
                routes.push(Route::Game {
                    game: game.id,
                    page,
                });
            }
        }
        for (game, variant) in [("numbered", None), ("variants", Some("harder"))] {
            for seed in [0, 42, u64::MAX] {
                routes.push(Route::Game {
                    game,
                    page: Page::Deal(Deal { variant, seed }),
                });
            }
        }
        for route in routes {
            assert_eq!(parse(&route.href()), route, "{}", route.href());
        }
        let deal = Deal {
            variant: Some("hard"),
            seed: 7,
        };
        let route = Route::Game {
            game: "variants",
            page: Page::Deal(deal),
        };
        assert_eq!(route.href(), "#/variants/hard/7");
    }

    #[test]
    fn empty_hash_and_slashes_are_home() {
        assert_eq!(parse(""), Route::Home);
        assert_eq!(parse("#"), Route::Home);
        assert_eq!(parse("#/"), Route::Home);
    }

    #[test]
    fn unknown_pages_explain_themselves() {
        assert!(invalid("#/nowhere").contains("There is no page"));
        assert!(invalid("#/stats/more").contains("There is no page"));
        // A deal path where the game has none, or of the wrong shape.
        assert!(invalid("#/plain/42").contains("There is no page"));
        assert!(invalid("#/numbered/easy/42").contains("There is no page"));
        assert!(invalid("#/variants/42").contains("There is no page"));
        assert!(invalid("#/variants/easy/4/5").contains("There is no page"));
    }

    #[test]
    fn an_unknown_variant_names_the_game_and_its_variants() {
        assert_eq!(
            invalid("#/variants/medium/4"),
            "“medium” is not a Variants variant: use easy, hard or harder."
        );
    }

    #[test]
    fn malformed_deal_numbers_explain_themselves() {
        for bad in ["abc", "-1", "99999999999999999999999", "12x"] {
            let reason = parse_deal_number(bad).unwrap_err();
            assert!(reason.contains("deal number"), "{reason}");
            assert!(invalid(&format!("#/numbered/{bad}")).contains("deal number"));
            assert!(invalid(&format!("#/variants/easy/{bad}")).contains("deal number"));
        }
        assert_eq!(parse_deal_number("18446744073709551615"), Ok(u64::MAX));
    }

    #[test]
    fn long_bad_paths_are_shortened_in_the_message() {
        let long = format!("#/{}", "x".repeat(500));
        assert!(invalid(&long).chars().count() < 100);
        let long_variant = format!("#/variants/{}/1", "x".repeat(500));
        assert!(invalid(&long_variant).chars().count() < 100);
    }

    /// A game with remote seats has a join page, with the invitation's
    /// code after it or not; the others have none.
    #[test]
    fn join_pages_are_only_for_games_with_remote_seats() {
        let join = Route::Game {
            game: "plain",
            page: Page::Join,
        };
        assert_eq!(parse("#/plain/join"), join);
        assert_eq!(parse("#/plain/join/AbC-d_9"), join);
        assert_eq!(join.href(), "#/plain/join");
        assert!(matches!(
            parse("#/numbered/join/AbC"),
            Route::Invalid { .. }
        ));
    }
}
