// The shell reads every game through one registry: records written by the
// previous version load (the games' preferences move from the settings
// record into records of their own), Settings shows each game's choices,
// and Statistics resets every game's records.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { appStarted } from "./helpers/records";

test.beforeEach(async ({ page }) => skipTours(page));

/** Records as the first version saved them (src/fixtures/records-v1.txt). */
const fixtures = Object.fromEntries(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "src", "fixtures", "records-v1.txt"), "utf8")
    .trim()
    .split("\n")
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);

const envelope = (kind: string, data: string) =>
  `{"app":"grave-matters","kind":${JSON.stringify(kind)},"version":1,"data":${data}}`;

/** Stores the previous version's records, then opens `hash` afresh. */
async function withPreviousRecords(page: Page, hash: string) {
  await page.goto("./#/");
  await appStarted(page);
  await page.evaluate(
    (records) => {
      localStorage.clear();
      for (const [key, value] of records) localStorage.setItem(key, value);
    },
    [
      ["gm.settings", envelope("settings", fixtures.SETTINGS)],
      ["gm.stats.dead-center", envelope("statistics", fixtures.DCSTATS)],
      ["gm.stats.serial-killer", envelope("Serial Killer statistics", fixtures.SKSTATS)],
      ["gm.save.murderers-row", envelope("Murderers' Row game", fixtures.MRGAME)],
      ["gm.stats.murderers-row", envelope("Murderers' Row statistics", fixtures.MRSTATS)],
    ],
  );
  await page.goto(`./${hash}`);
  await page.reload();
}

function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

test("the previous version's records load: games, statistics and each game's preferences", async ({ page }) => {
  const errors = trackErrors(page);
  await withPreviousRecords(page, "#/");
  await expect(page.getByRole("link", { name: /Continue.*Deal 29/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "could not be opened" })).toHaveCount(0);

  await page.goto("./#/settings");
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Dead Center: preferred variant" }).getByRole("radio", { name: "Hard" })).toBeChecked();
  await page.goto("./#/murderers-row/new");
  // "Only deals I can win for certain" of the previous version: easy deals.
  await expect(page.getByRole("group", { name: "Difficulty" }).getByRole("radio", { name: /^Easy/ })).toBeChecked();
  await page.goto("./#/dead-center/new");
  await expect(page.getByRole("combobox", { name: "Variant" })).toHaveValue("hard");

  // Each preference now has a record of its game's own.
  const prefs = await page.evaluate(() => [localStorage.getItem("gm.prefs.dead-center"), localStorage.getItem("gm.prefs.murderers-row")]);
  expect(JSON.parse(prefs[0]!).data).toEqual({ dead_center_variant: "Hard" });
  const mr = JSON.parse(prefs[1]!).data;
  expect(mr.murderers_row_certain_only).toBe(true);
  expect(mr.murderers_row_level ?? null).toBeNull(); // no level chosen since
  // Statistics from before deals had levels: all of them not rated.
  await page.goto("./#/stats");
  const stats = page.locator("section", { hasText: "Murderers' Row" });
  await expect(stats.getByRole("row", { name: /^Played/ })).toContainText("3");
  await expect(stats.getByRole("row", { name: /Deals not rated/ })).toContainText("3 played, 1 won (33%)");
  await expect(stats.getByRole("row", { name: /Hard deals/ })).toContainText("none played");
  expect(errors).toEqual([]);
});

test("a game's choice in Settings is kept in its record and survives a reload", { tag: "@engines" }, async ({ page }) => {
  await page.goto("./#/settings");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const group = page.getByRole("group", { name: "Dead Center: preferred variant" });
  await expect(group.getByRole("radio", { name: "Standard" })).toBeChecked();
  await group.getByRole("radio", { name: "Nightmare" }).check();
  await page.reload();
  await expect(group.getByRole("radio", { name: "Nightmare" })).toBeChecked();
  await page.goto("./#/dead-center/new");
  await expect(page.getByRole("combobox", { name: "Variant" })).toHaveValue("nightmare");
});

test("Reset statistics sets every game's statistics to zero", async ({ page }) => {
  const errors = trackErrors(page);
  await withPreviousRecords(page, "#/stats");
  const panel = (name: string) => page.locator("section.panel").filter({ has: page.getByRole("heading", { name }) });
  await expect(panel("Serial Killer").getByRole("row", { name: "Won by Ana" })).toContainText("2");
  await expect(panel("Dead Center").getByRole("row", { name: /^Played/ })).toContainText("1");
  await page.getByRole("button", { name: "Reset statistics" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset" }).click();
  await expect(panel("Serial Killer").getByRole("row", { name: "Won by Ana" })).toHaveCount(0);
  await expect(panel("Dead Center").getByRole("row", { name: /^Played/ })).toHaveText(/Played\s*0\s*0\s*0/);
  await page.reload();
  await expect(panel("Dead Center").getByRole("row", { name: /^Played/ })).toHaveText(/Played\s*0\s*0\s*0/);
  const sk = await page.evaluate(() => localStorage.getItem("gm.stats.serial-killer"));
  expect(JSON.parse(sk!).data).toEqual({ played: 0, wins: {} });
  expect(errors).toEqual([]);
});

// The first load carries no game: Home says what is in progress from each
// game's summary, written beside its save, and fetches no game's chunk.
test("Home shows Continue from the games' summaries and loads no game's code", async ({ page }) => {
  const errors = trackErrors(page);
  // Saved before summaries: Murderers' Row's chunk loads once to write one.
  await withPreviousRecords(page, "#/");
  await expect(page.getByRole("link", { name: /Continue.*Deal 29/ })).toBeVisible();
  const summary = await page.evaluate(() => localStorage.getItem("gm.summary.murderers-row"));
  expect(JSON.parse(summary!)).toEqual({
    save: expect.stringMatching(/^[0-9a-f]{16}$/),
    href: "#/murderers-row/29",
    line: expect.stringMatching(/^Deal 29 · \d+ cards alive$/),
  });
  // Now Home needs no game: no chunk is asked for (the page's own
  // requests; the service worker's precache is not the page's).
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (/split_|chunk_/.test(request.url())) chunks.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole("link", { name: /Continue.*Deal 29/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "New game" })).toHaveCount(5);
  await page.waitForTimeout(500);
  expect(chunks).toEqual([]);
  // A summary written by someone else (it leads elsewhere, and is of no
  // save) is never followed: the game's chunk loads and writes it again.
  await page.evaluate(() => localStorage.setItem("gm.summary.murderers-row", JSON.stringify({ href: "https://example.com/", line: "x" })));
  await page.reload();
  await expect(page.getByRole("link", { name: /Continue.*Deal 29/ })).toHaveAttribute("href", "#/murderers-row/29");
  await expect(page.locator('a[href^="https:"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
