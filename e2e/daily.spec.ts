// Issue 28: the daily deal of Dead Center and Murderers' Row: the same deal
// for everyone on a date (worked out from the date, no server), counted once,
// with a streak across days. The device's clock is fixed by the test.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { appStarted } from "./helpers/records";
import { playActions, playStep, type Action } from "./helpers/dead-center";
import { playWithHints } from "./helpers/murderers-row";

test.beforeEach(async ({ page }) => skipTours(page));

// Noon, so that no time zone puts it on another date.
const NOV_26 = new Date("2026-11-26T12:00:00");
const NOV_27 = new Date("2026-11-27T12:00:00");
// `daily::seed` of those days (a unit test pins them).
const DEAL_NOV_26 = 1638988741;
const DEAL_NOV_27 = 1938446249;

// Winning lines of those two deals (engine/tests/fixtures.rs checks them).
const WINS: { seed: number; score: number; actions: Action[] }[] = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-daily-wins.json"), "utf8"),
);

const entry = (page: Page, game: string) => page.locator("article.game-entry", { has: page.getByRole("heading", { name: game }) });
const dailyLink = (page: Page, game: string) => entry(page, game).getByRole("link", { name: /^Daily deal/ });

function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

/** The cabin as a player sees it: its piles' accessible names. */
async function cabin(page: Page): Promise<string[]> {
  const piles = page.getByRole("button", { name: /^Pile \d/ });
  await expect(piles.first()).toBeVisible();
  return piles.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
}

// Issue 47: one way of writing dates, the device's.
test.describe("on a device set to American English", () => {
  test.use({ locale: "en-US" });
  test("dates are written as that language writes them, on Home and at the table", async ({ page }) => {
    await page.clock.setFixedTime(NOV_26);
    await page.goto("./");
    await expect(dailyLink(page, "Dead Center")).toContainText("November 26, 2026");
    await dailyLink(page, "Dead Center").click();
    await expect(page.getByText("Daily deal · November 26, 2026")).toBeVisible();
  });
});

test("the daily deal is the same on two fresh browser profiles, and a new one the next day", async ({ page, browser }, testInfo) => {
  const errors = trackErrors(page);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: testInfo.project.use.locale });
  try {
    const seen: string[][] = [];
    for (const p of [page, await other.newPage()]) {
      await p.clock.setFixedTime(NOV_26);
      await p.goto("./");
      await expect(dailyLink(p, "Dead Center")).toContainText("26 November 2026");
      await dailyLink(p, "Dead Center").click();
      await expect(p).toHaveURL(new RegExp(`#/dead-center/standard/${DEAL_NOV_26}$`));
      await expect(p.getByText("Daily deal · 26 November 2026")).toBeVisible();
      seen.push(await cabin(p));
    }
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toHaveLength(9);

    // Home's Continue names the game in progress as the daily deal.
    await page.goto("./");
    await expect(entry(page, "Dead Center").getByRole("link", { name: /Continue/ })).toContainText("Daily deal · 12 of 12 zombies left");
    // Murderers' Row's daily deal is the same number, on its own table.
    await expect(dailyLink(page, "Murderers' Row")).toHaveAttribute("href", `#/murderers-row/${DEAL_NOV_26}`);
    // The next day, another deal; the games without daily deals have none.
    await page.clock.setFixedTime(NOV_27);
    await page.goto("./#/stats");
    await page.goto("./");
    await expect(dailyLink(page, "Dead Center")).toHaveAttribute("href", `#/dead-center/standard/${DEAL_NOV_27}`);
    await expect(dailyLink(page, "Dead Center")).toContainText("27 November 2026");
    for (const game of ["Joker", "Serial Killer", "Detective Graves"]) {
      await expect(dailyLink(page, game)).toHaveCount(0);
    }
  } finally {
    await other.close();
  }
  expect(errors).toEqual([]);
});

test("only the first play of the day's deal counts, its result can be copied, and replays are not counted", async ({ page, context }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.clock.setFixedTime(NOV_26);
  await page.goto("./");
  await dailyLink(page, "Dead Center").click();
  await expect(page.getByText("Daily deal · 26 November 2026")).toBeVisible();
  while (await playStep(page));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toBeVisible();
  const won = (await dialog.getByRole("heading").innerText()) === "You won!";
  await expect(dialog).toContainText(`The daily deal of 26 November 2026: only your first play of it counts (${won ? "won" : "not won"})`);
  await dialog.getByRole("button", { name: "Copy result" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Copied: paste it anywhere.");
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(
    `Grave Matters · Dead Center · daily deal of 26 November 2026: ${won ? "won · 1 day" : "not won · 0 days"} won in a row`,
  );

  // The same deal again, to the end: a Standard game, not the day's.
  await dialog.getByRole("button", { name: "Same deal" }).click();
  while (await playStep(page));
  await expect(page.getByRole("dialog")).toContainText("only your first play of it counts");
  await page.goto("./#/stats");
  const section = page.locator("section", { hasText: "Dead Center" });
  await expect(section.getByRole("row", { name: /^Played/ })).toContainText("2");
  await expect(section.getByRole("row", { name: /^Daily deals played/ })).toHaveText(/Daily deals played\s*1$/);
  await expect(section.getByRole("row", { name: /^Daily deals won/ })).toHaveText(won ? /won\s*1$/ : /won\s*0$/);
  expect(errors).toEqual([]);
});

test("Murderers' Row's daily deal, won by following hints, counts as won with help and keeps no streak", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  await page.clock.setFixedTime(NOV_26);
  await page.goto("./");
  await dailyLink(page, "Murderers' Row").click();
  await expect(page.getByText("Daily deal · 26 November 2026")).toBeVisible();
  await playWithHints(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("You won!");
  await expect(dialog).toContainText("The daily deal of 26 November 2026: only your first play of it counts (won with help). Days won in a row: 0.");
  await page.goto("./#/stats");
  const section = page.locator("section", { hasText: "Murderers' Row" });
  await expect(section.getByRole("row", { name: /^Daily deals won/ })).toHaveText(/won\s*0 \(and 1 with help\)$/);
  expect(errors).toEqual([]);
});

test("a streak of days won is kept while today's deal is still to play, and broken by a day missed", async ({ page }) => {
  const errors = trackErrors(page);
  // Murderers' Row's record as the app writes it after four daily deals
  // won in a row, up to 25 November 2026 (day 20,782).
  const stats = {
    app: "grave-matters", kind: "Murderers' Row statistics", version: 1,
    data: {
      played: 4, won: 4, assisted_wins: 0, best_score: null, current_streak: 4, best_streak: 4,
      daily: { played: 4, won: 4, assisted_wins: 0, last_day: 20782, last_won: 20782, streak: 4, best_streak: 4 },
    },
  };
  const streak = () => page.locator("section", { hasText: "Murderers' Row" }).getByRole("row", { name: /^Daily streak/ });
  await page.clock.setFixedTime(NOV_26);
  await page.goto("./");
  await appStarted(page);
  await page.evaluate((text) => localStorage.setItem("gm.stats.murderers-row", text), JSON.stringify(stats));
  await page.goto("./#/stats");
  await page.reload();
  await expect(streak()).toHaveText(/4 \(best 4\)$/);
  await expect(page.locator("section", { hasText: "Murderers' Row" }).getByRole("row", { name: /^Daily deals played/ })).toContainText("4");
  // 27 November: the 26th went by unplayed.
  await page.clock.setFixedTime(NOV_27);
  await page.reload();
  await expect(streak()).toHaveText(/0 \(best 4\)$/);
  expect(errors).toEqual([]);
});

test("Dead Center's daily deals won on two days in a row make a streak of two, on Home, at the end and in the statistics", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const days = [
    { date: NOV_26, text: "26 November 2026", deal: DEAL_NOV_26, win: WINS[0], streak: 1 },
    { date: NOV_27, text: "27 November 2026", deal: DEAL_NOV_27, win: WINS[1], streak: 2 },
  ];
  const levels: string[] = [];
  for (const day of days) {
    expect(day.win.seed).toBe(day.deal);
    await page.clock.setFixedTime(day.date);
    await page.goto("./");
    await page.reload();
    await expect(dailyLink(page, "Dead Center")).toHaveText(`Daily deal${day.text}`);
    await dailyLink(page, "Dead Center").click();
    await expect(page.getByText(`Daily deal · ${day.text}`)).toBeVisible();
    await expect(page.locator(".dc-difficulty")).toHaveText(/^Difficulty — \w+:/);
    levels.push(/^Difficulty — (\w+):/.exec(await page.locator(".dc-difficulty").innerText())![1]);
    await playActions(page, day.win.actions);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("You won!");
    await expect(dialog).toContainText(`your score is ${day.win.score}`);
    await expect(dialog).toContainText(
      `The daily deal of ${day.text}: only your first play of it counts (won). Days won in a row: ${day.streak}.`,
    );
    // Home marks the day's deal as played.
    await page.goto("./");
    await expect(dailyLink(page, "Dead Center")).toContainText(`${day.text} · played: won`);
    await expect(dailyLink(page, "Murderers' Row")).not.toContainText("played");
  }
  await page.goto("./#/stats");
  const section = page.locator("section", { hasText: "Dead Center" });
  await expect(section.getByRole("row", { name: /^Daily deals won/ })).toHaveText(/won\s*2$/);
  await expect(section.getByRole("row", { name: /^Daily streak/ })).toHaveText(/2 \(best 2\)$/);
  // Both games count under the difficulty the table showed, none as not rated.
  await expect(section.getByRole("row", { name: /^Deals not rated/ })).toHaveText(/none played$/);
  for (const level of ["easy", "medium", "hard", "fiendish"]) {
    const games = levels.filter((l) => l === level).length;
    const row = section.getByRole("row", { name: new RegExp(`^${level} deals`, "i") });
    await expect(row).toHaveText(games ? new RegExp(`${games} played, ${games} won \\(100%\\)$`) : /none played$/);
  }
  expect(errors).toEqual([]);
});
