//! Hash routes: every screen has a URL, so a deal can be shared and the back
//! button works. Parsing is pure so it is tested natively.

use engine::dead_center::Variant;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Stats,
    Settings,
    /// The Dead Center game in progress, or the new-game chooser if none.
    DeadCenter,
    /// A Dead Center deal, named by its variant and seed.
    DeadCenterDeal {
        variant: Variant,
        seed: u64,
    },
    DeadCenterNew,
    DeadCenterRules,
    /// The Murderers' Row game in progress, or the new-game screen if none.
    MurderersRow,
    /// A Murderers' Row deal, named by its seed.
    MurderersRowDeal {
        seed: u64,
    },
    MurderersRowNew,
    MurderersRowRules,
    /// The Serial Killer game in progress, or the new-game screen if none.
    SerialKiller,
    SerialKillerNew,
    SerialKillerRules,
    /// A URL we could not read, with what was wrong with it.
    Invalid {
        reason: String,
    },
}

impl Route {
    /// Reads a location hash such as `#/dead-center/standard/42`.
    pub fn parse(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_matches('/');
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["stats"] => Route::Stats,
            ["settings"] => Route::Settings,
            ["dead-center"] => Route::DeadCenter,
            ["dead-center", "new"] => Route::DeadCenterNew,
            ["dead-center", "rules"] => Route::DeadCenterRules,
            ["dead-center", variant, seed] => match (Variant::from_slug(variant), seed.parse()) {
                (Some(variant), Ok(seed)) => Route::DeadCenterDeal { variant, seed },
                (None, _) => Route::Invalid {
                    reason: format!(
                        "“{variant}” is not a Dead Center variant: use standard, hard or nightmare."
                    ),
                },
                (_, Err(_)) => bad_deal_number(seed),
            },
            ["murderers-row"] => Route::MurderersRow,
            ["murderers-row", "new"] => Route::MurderersRowNew,
            ["murderers-row", "rules"] => Route::MurderersRowRules,
            ["serial-killer"] => Route::SerialKiller,
            ["serial-killer", "new"] => Route::SerialKillerNew,
            ["serial-killer", "rules"] => Route::SerialKillerRules,
            ["murderers-row", seed] => match seed.parse() {
                Ok(seed) => Route::MurderersRowDeal { seed },
                Err(_) => bad_deal_number(seed),
            },
            _ => Route::Invalid {
                reason: format!("There is no page at “{}”.", truncate(path, 60)),
            },
        }
    }

    /// The hash for this route, starting with `#/`.
    pub fn href(&self) -> String {
        match self {
            Route::Home | Route::Invalid { .. } => "#/".to_string(),
            Route::Stats => "#/stats".to_string(),
            Route::Settings => "#/settings".to_string(),
            Route::DeadCenter => "#/dead-center".to_string(),
            Route::DeadCenterNew => "#/dead-center/new".to_string(),
            Route::DeadCenterRules => "#/dead-center/rules".to_string(),
            Route::DeadCenterDeal { variant, seed } => {
                format!("#/dead-center/{}/{seed}", variant.slug())
            }
            Route::MurderersRow => "#/murderers-row".to_string(),
            Route::MurderersRowNew => "#/murderers-row/new".to_string(),
            Route::MurderersRowRules => "#/murderers-row/rules".to_string(),
            Route::MurderersRowDeal { seed } => format!("#/murderers-row/{seed}"),
            Route::SerialKiller => "#/serial-killer".to_string(),
            Route::SerialKillerNew => "#/serial-killer/new".to_string(),
            Route::SerialKillerRules => "#/serial-killer/rules".to_string(),
        }
    }
}

fn bad_deal_number(seed: &str) -> Route {
    Route::Invalid {
        reason: format!(
            "“{}” is not a deal number: a deal number is a whole number from 0 to {}.",
            truncate(seed, 30),
            u64::MAX
        ),
    }
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

    #[test]
    fn every_route_round_trips_through_its_href() {
        let routes = [
            Route::Home,
            Route::Stats,
            Route::Settings,
            Route::DeadCenter,
            Route::DeadCenterNew,
            Route::DeadCenterRules,
            Route::DeadCenterDeal {
                variant: Variant::Hard,
                seed: u64::MAX,
            },
            Route::MurderersRow,
            Route::MurderersRowNew,
            Route::MurderersRowRules,
            Route::MurderersRowDeal { seed: 0 },
            Route::MurderersRowDeal { seed: u64::MAX },
            Route::SerialKiller,
            Route::SerialKillerNew,
            Route::SerialKillerRules,
        ];
        for route in routes {
            assert_eq!(Route::parse(&route.href()), route, "{}", route.href());
        }
    }

    #[test]
    fn empty_hash_and_slashes_are_home() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
    }

    #[test]
    fn malformed_seeds_and_variants_explain_themselves() {
        for bad in [
            "#/dead-center/standard/abc",
            "#/dead-center/standard/-1",
            "#/dead-center/standard/99999999999999999999999",
            "#/murderers-row/12x",
            "#/murderers-row/-3",
        ] {
            match Route::parse(bad) {
                Route::Invalid { reason } => assert!(reason.contains("deal number"), "{reason}"),
                other => panic!("{bad} parsed as {other:?}"),
            }
        }
        match Route::parse("#/dead-center/easy/4") {
            Route::Invalid { reason } => assert!(reason.contains("variant")),
            other => panic!("parsed as {other:?}"),
        }
        assert!(matches!(Route::parse("#/nowhere"), Route::Invalid { .. }));
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
