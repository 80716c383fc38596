//! The daily deal of the solitaire games: the same deal for everyone on a
//! calendar date, worked out from the date alone (no server, so it works
//! offline), and its record: the first finished play of a day's deal
//! counts, replays do not, and days won in a row make a streak.

use crate::stats::GameResult;
use crate::storage::Store;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// A calendar date, as days since 1970-01-01.
pub type Day = i32;

/// The player's date today, by the device's clock and time zone (so the
/// deal changes at the player's midnight).
#[cfg(target_arch = "wasm32")]
pub fn today() -> Day {
    let now = web_sys::js_sys::Date::new_0();
    day_of(
        now.get_full_year() as i32,
        now.get_month() + 1,
        now.get_date(),
    )
}

/// Native builds (the unit tests) have no player's clock: the epoch.
#[cfg(not(target_arch = "wasm32"))]
pub fn today() -> Day {
    0
}

/// The deal number of `day`'s daily deal: the day's number mixed by a
/// fixed permutation, so that tomorrow's deal cannot be guessed from
/// today's. Every copy of the app gives the same number for a date.
pub fn seed(day: Day) -> u64 {
    // A 32-bit integer hash (bijective: different days, different deals).
    let mut x = (day as u32) ^ 0x6d2b_79f5;
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    u64::from(x)
}

/// The day whose daily deal `seed` is, if it is today's or yesterday's
/// (yesterday's: a deal begun before midnight and finished after it).
pub fn day_of_deal(seed_played: u64, today: Day) -> Option<Day> {
    [today, today - 1]
        .into_iter()
        .find(|&day| seed(day) == seed_played)
}

/// The day whose daily deal `seed_played` is, if it is today's or
/// yesterday's (by the player's clock).
pub fn deal_day(seed_played: u64) -> Option<Day> {
    day_of_deal(seed_played, today())
}

/// The table's line for `day`'s daily deal.
pub fn deal_line(day: Day) -> String {
    format!("Daily deal · {}", date_text(day))
}

/// A day's date as the device writes it (see `dates`).
pub fn date_text(day: Day) -> String {
    crate::dates::day(day)
}

/// Days since 1970-01-01 of a date of the (proleptic) Gregorian calendar.
#[cfg(any(target_arch = "wasm32", test))]
pub fn day_of(year: i32, month: u32, date: u32) -> Day {
    // Howard Hinnant's days_from_civil: years start in March, so that the
    // leap day is the last of its year.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month as i32 + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + date as i32 - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The year, month (1-12) and date of a day: `day_of` undone, for its tests
/// (the app writes dates through `dates`).
#[cfg(test)]
pub fn date_of(day: Day) -> (i32, u32, u32) {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let date = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i32::from(month <= 2);
    (year, month, date)
}

/// How a day's deal ended, for its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyResult {
    /// Won; `assisted`: with undo or a hint (counted apart, no streak).
    Won {
        assisted: bool,
    },
    Lost,
}

impl From<GameResult> for DailyResult {
    fn from(result: GameResult) -> DailyResult {
        match result {
            GameResult::Won { assisted, .. } => DailyResult::Won { assisted },
            GameResult::Lost => DailyResult::Lost,
        }
    }
}

/// Counts a game of the deal `seed_played`, finished (or begun and left)
/// with `result`, in `daily` if it is today's or yesterday's daily deal and
/// that day is not counted yet. Says whether `daily` changed.
pub fn count(daily: &mut DailyStats, seed_played: u64, result: GameResult) -> bool {
    deal_day(seed_played).is_some_and(|day| daily.record(day, result.into()))
}

/// The record of a game's daily deals. Missing from older statistics: it
/// starts empty, and is not written while empty (so an older record saves
/// back unchanged).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DailyStats {
    /// Days whose deal was finished and counted.
    pub played: u32,
    /// Of those, won without help.
    pub won: u32,
    pub assisted_wins: u32,
    /// The last day counted: a deal of that day or an earlier one is not
    /// counted again.
    pub last_day: Option<Day>,
    /// The last day won without help, and how many days in a row up to it
    /// were won so.
    pub last_won: Option<Day>,
    pub streak: u32,
    pub best_streak: u32,
    /// The last day won with help (undo or a hint).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_helped: Option<Day>,
}

impl DailyStats {
    pub fn is_empty(&self) -> bool {
        *self == DailyStats::default()
    }

    /// Counts the first finished play of `day`'s deal; says whether it was
    /// counted (a replay, or an earlier day's deal, is not).
    pub fn record(&mut self, day: Day, result: DailyResult) -> bool {
        if self.last_day.is_some_and(|last| last >= day) {
            return false;
        }
        self.last_day = Some(day);
        self.played += 1;
        match result {
            DailyResult::Won { assisted: true } => {
                self.assisted_wins += 1;
                self.last_helped = Some(day);
            }
            DailyResult::Won { assisted: false } => {
                self.won += 1;
                self.streak = match self.last_won {
                    Some(last) if last == day - 1 => self.streak + 1,
                    _ => 1,
                };
                self.last_won = Some(day);
                self.best_streak = self.best_streak.max(self.streak);
            }
            DailyResult::Lost => self.streak = 0,
        }
        true
    }

    /// How `day`'s counted play ended, in a few words ("won", "won with
    /// help", "not won").
    pub fn result_of(&self, day: Day) -> &'static str {
        if self.last_won == Some(day) {
            "won"
        } else if self.last_helped == Some(day) {
            "won with help"
        } else {
            "not won"
        }
    }

    /// The streak as of `today`: broken once a day's deal goes unwon (a
    /// loss, or a day gone by unplayed), kept while today's is still to
    /// play.
    pub fn current_streak(&self, today: Day) -> u32 {
        match self.last_won {
            Some(last) if last >= today - 1 => self.streak,
            _ => 0,
        }
    }
}

/// How `today`'s daily deal went, if its play is counted in the
/// statistics record under `stats_key` ("won", "won with help", "not
/// won"): read from the stored text as Home reads it, without the game's
/// code. A missing or damaged record says nothing.
pub fn played_today(store: &dyn Store, stats_key: &str, today: Day) -> Option<&'static str> {
    let text = store.get(stats_key).ok()??;
    let json = crate::codec::parse(&text).ok()?;
    let daily = &json["data"]["daily"];
    let day = |field: &str| daily[field].as_i64().and_then(|d| Day::try_from(d).ok());
    (day("last_day")? == today).then(|| {
        DailyStats {
            last_won: day("last_won"),
            last_helped: day("last_helped"),
            ..DailyStats::default()
        }
        .result_of(today)
    })
}

/// What a player can share of a day's result: the game, the date (`date`,
/// as the device writes `day`), won or not, the streak; never a card.
pub fn share_text(game: &str, day: Day, date: &str, stats: &DailyStats) -> String {
    let result = stats.result_of(day);
    let streak = stats.current_streak(day);
    format!(
        "Grave Matters · {game} · daily deal of {date}: {result} · {}",
        crate::words::count(streak as usize, "day won in a row", "days won in a row")
    )
}

/// The end-of-game part for a daily deal: which play counted, the streak,
/// and the result to copy and share.
#[component]
pub fn DailyEnd(game: &'static str, day: Day, stats: DailyStats) -> impl IntoView {
    let copied = RwSignal::new(false);
    let counted = stats.result_of(day);
    let share = share_text(game, day, &date_text(day), &stats);
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&share);
        copied.set(true);
    };
    view! {
        <div class="daily-end">
            <p>{format!(
                "The daily deal of {}: only your first play of it counts ({counted}). Days won in a row: {}.",
                date_text(day),
                stats.current_streak(day),
            )}</p>
            <div class="button-row">
                <button class="button" on:click=copy>"Copy result"</button>
                <span role="status">{move || copied.get().then_some("Copied: paste it anywhere.")}</span>
            </div>
        </div>
    }
}

/// The daily deals' rows of a game's statistics table of `columns`
/// columns of values: the value in the first (a game with variants puts
/// the daily deal's variant first), the others empty.
pub fn stats_rows(
    stats: impl Fn() -> DailyStats + Copy + Send + Sync + 'static,
    columns: u32,
) -> impl IntoView {
    type Row = (&'static str, fn(&DailyStats) -> String);
    let rows: [Row; 3] = [
        ("Daily deals played", |s| s.played.to_string()),
        ("Daily deals won", |s| match s.assisted_wins {
            0 => s.won.to_string(),
            help => format!("{} (and {help} with help)", s.won),
        }),
        ("Daily streak", |s| {
            format!("{} (best {})", s.current_streak(today()), s.best_streak)
        }),
    ];
    let rows = rows.map(|(label, value)| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                <td>{move || value(&stats())}</td>
                {(1..columns).map(|_| view! { <td></td> }).collect_view()}
            </tr>
        }
        .into_any()
    });
    view! { <tbody class="daily-rows">{rows.collect_view()}</tbody> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_28_home_reads_how_todays_deal_went_from_the_stored_statistics() {
        use crate::storage::memory::MemoryStore;
        let store = MemoryStore::default();
        let key = "gm.stats.dead-center";
        assert_eq!(played_today(&store, key, 20_783), None, "no record");
        let mut daily = DailyStats::default();
        daily.record(20_782, DailyResult::Won { assisted: false });
        let save = |daily: &DailyStats| {
            let data = format!(
                r#"{{"standard":{{}},"daily":{}}}"#,
                crate::codec::to_string(daily).unwrap()
            );
            let text = format!(
                r#"{{"app":"grave-matters","kind":"statistics","version":1,"data":{data}}}"#
            );
            store.set(key, &text).unwrap();
        };
        save(&daily);
        assert_eq!(played_today(&store, key, 20_783), None, "yesterday's only");
        assert_eq!(played_today(&store, key, 20_782), Some("won"));
        for (result, said) in [
            (DailyResult::Won { assisted: false }, "won"),
            (DailyResult::Won { assisted: true }, "won with help"),
            (DailyResult::Lost, "not won"),
        ] {
            let mut today = daily.clone();
            today.record(20_783, result);
            save(&today);
            assert_eq!(played_today(&store, key, 20_783), Some(said));
        }
        store.set(key, "{not json").unwrap();
        assert_eq!(played_today(&store, key, 20_783), None, "damaged");
    }

    #[test]
    fn dates_and_day_numbers_round_trip() {
        assert_eq!(day_of(1970, 1, 1), 0);
        assert_eq!(day_of(2026, 11, 26), 20_783);
        assert_eq!(day_of(2000, 3, 1), 11_017);
        assert_eq!(day_of(1969, 12, 31), -1);
        for day in -1000..40_000 {
            let (y, m, d) = date_of(day);
            assert_eq!(day_of(y, m, d), day, "{y}-{m}-{d}");
        }
        assert_eq!(date_of(day_of(2024, 2, 29)), (2024, 2, 29));
        assert_eq!(date_of(20_783), (2026, 11, 26));
    }

    #[test]
    fn each_day_has_its_own_deal_and_every_copy_the_same_one() {
        // Fixed numbers: a change here changes everyone's daily deals.
        assert_eq!(seed(20_783), 1_638_988_741);
        assert_eq!(seed(20_784), 1_938_446_249);
        let seeds: std::collections::HashSet<u64> = (0..100_000).map(seed).collect();
        assert_eq!(seeds.len(), 100_000);
        assert!(seeds.iter().all(|&s| s <= u64::from(u32::MAX)));
        // Neighbouring days are far apart: no guessing tomorrow's deal.
        assert!(seed(20_784).abs_diff(seed(20_783)) > 1000);
    }

    #[test]
    fn a_deal_is_the_daily_deal_of_today_or_yesterday_only() {
        let today = 20_783;
        assert_eq!(day_of_deal(seed(today), today), Some(today));
        assert_eq!(day_of_deal(seed(today - 1), today), Some(today - 1));
        assert_eq!(day_of_deal(seed(today - 2), today), None);
        assert_eq!(day_of_deal(seed(today + 1), today), None);
    }

    #[test]
    fn a_days_deal_counts_once_and_replays_do_not() {
        let mut stats = DailyStats::default();
        assert!(stats.record(10, DailyResult::Lost));
        assert!(!stats.record(10, DailyResult::Won { assisted: false }));
        assert_eq!((stats.played, stats.won, stats.streak), (1, 0, 0));
        assert_eq!(stats.last_day, Some(10));
        // An earlier day's deal, finished later, is not counted either.
        assert!(stats.record(12, DailyResult::Won { assisted: false }));
        assert!(!stats.record(11, DailyResult::Won { assisted: false }));
        assert_eq!((stats.played, stats.won), (2, 1));
    }

    #[test]
    fn days_won_in_a_row_make_a_streak_that_a_loss_or_a_missed_day_breaks() {
        let mut stats = DailyStats::default();
        for day in 100..103 {
            stats.record(day, DailyResult::Won { assisted: false });
        }
        assert_eq!((stats.streak, stats.best_streak), (3, 3));
        assert_eq!(stats.current_streak(102), 3);
        assert_eq!(
            stats.current_streak(103),
            3,
            "today's deal is still to play"
        );
        assert_eq!(stats.current_streak(104), 0, "a day went by unplayed");
        // A missed day: the next win starts again at one.
        stats.record(104, DailyResult::Won { assisted: false });
        assert_eq!((stats.streak, stats.best_streak), (1, 3));
        stats.record(105, DailyResult::Lost);
        assert_eq!((stats.streak, stats.current_streak(105)), (0, 0));
        // A win with help neither extends nor starts a streak.
        stats.record(106, DailyResult::Won { assisted: false });
        stats.record(107, DailyResult::Won { assisted: true });
        assert_eq!((stats.won, stats.assisted_wins, stats.streak), (5, 1, 1));
        assert_eq!(
            (
                stats.result_of(106),
                stats.result_of(107),
                stats.result_of(105)
            ),
            ("won", "won with help", "not won")
        );
        assert_eq!(stats.current_streak(108), 0);
    }

    #[test]
    fn the_shared_result_names_the_day_and_the_counted_play_only() {
        let mut stats = DailyStats::default();
        stats.record(20_782, DailyResult::Won { assisted: false });
        stats.record(20_783, DailyResult::Won { assisted: false });
        assert_eq!(
            share_text("Dead Center", 20_783, "26 November 2026", &stats),
            "Grave Matters · Dead Center · daily deal of 26 November 2026: won · 2 days won in a row"
        );
        let mut lost = DailyStats::default();
        lost.record(20_783, DailyResult::Lost);
        // A replay won later does not change what is shared.
        lost.record(20_783, DailyResult::Won { assisted: false });
        assert_eq!(
            share_text("Murderers' Row", 20_783, "26 November 2026", &lost),
            "Grave Matters · Murderers' Row · daily deal of 26 November 2026: not won · 0 days won in a row"
        );
    }

    #[test]
    fn an_empty_record_is_not_written_and_an_older_one_loads() {
        let stats: DailyStats = crate::codec::from_str("{}").unwrap();
        assert!(stats.is_empty());
    }
}
