// Settings → Your data: export everything, clear the browser, import, and
// continue the same position with the same statistics; hostile or damaged
// files are refused with a message and change nothing; the browser is asked
// to keep the data when a game is finished, not before.
import { expect, pageErrors, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { exportData } from "./helpers/exported";
import { playWithHints } from "./helpers/murderers-row";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

/** Every record the app keeps, as stored. */
async function storageSnapshot(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      out[key] = localStorage.getItem(key)!;
    }
    return out;
  });
}

/** Everything on the Dead Center table, as accessible names. */
async function tableNames(page: Page): Promise<string[]> {
  return page.locator(".dc-board [aria-label]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") || ""));
}

const fileInput = (page: Page) => page.locator('input[type="file"]');
const outcome = (page: Page) => page.locator(".data-outcome");

async function chooseFile(page: Page, name: string, contents: string | Buffer) {
  await fileInput(page).setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(contents) });
}

test("export, clear the browser, import: the same position and statistics", { tag: "@engines" }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = pageErrors(page);
  // Counts the app's requests for persistent storage.
  await page.addInitScript(() => {
    // (Not in the blank page a new tab starts with: Firefox has no storage there.)
    if (!location.protocol.startsWith("http")) return;
    const w = window as any;
    w.__persistCalls = 0;
    const storage = navigator.storage;
    const persist = storage.persist.bind(storage);
    storage.persist = () => {
      w.__persistCalls++;
      return persist();
    };
  });
  const persistCalls = () => page.evaluate(() => (window as any).__persistCalls as number);

  await page.goto("/#/settings");
  await expect(page.locator(".data-status")).toContainText(/This browser (keeps|may clear|does not say)/);
  await expect(page.locator(".data-status")).toContainText(/Your saved data takes \d+ KB/);
  expect(await persistCalls(), "not asked on first load").toBe(0);

  // A finished game (statistics), then a deal in progress.
  await page.goto("/#/murderers-row/5");
  await playWithHints(page);
  await expect(page.getByRole("dialog")).toContainText("You won!");
  await expect.poll(persistCalls, { message: "asked once a game is finished" }).toBe(1);
  await page.goto("/#/dead-center/standard/7");
  await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await expect(page.getByRole("button", { name: /face-down zombie, can be revealed/ })).toHaveCount(0);
  const table = await tableNames(page);
  const before = await storageSnapshot(page);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(["gm.save.dead-center", "gm.stats.murderers-row"]));

  await page.goto("/#/settings");
  const exported = await exportData(page);
  expect(exported.name).toMatch(/^grave-matters-\d{4}-\d{2}-\d{2}\.json$/);
  const path = testInfo.outputPath("export.json");
  writeFileSync(path, exported.text);
  await expect(outcome(page)).toContainText("Your data was saved as");

  // Another browser: nothing saved.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator(".data-panel")).toBeVisible();
  await fileInput(page).setInputFiles(path);
  const dialog = page.getByRole("dialog", { name: "Import this file?" });
  await expect(dialog).toContainText("Dead Center game: new on this device");
  await expect(dialog).toContainText("Murderers' Row statistics: new on this device");
  // The finished game's entry among the recent games travels too.
  await expect(dialog).toContainText("Recent games: new on this device");
  await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Import" }).click()]);
  await expect(page.locator(".data-panel")).toBeVisible();
  // Every record as it was; Home's summaries (left out of the file) are
  // written again, the same, by the games' chunks once the app has started.
  const same = async () => {
    const after = await storageSnapshot(page);
    return Object.fromEntries(Object.keys(before).map((key) => [key, after[key]]));
  };
  await expect.poll(same).toEqual(before);

  // Importing it again: the same records, nothing replaced.
  await fileInput(page).setInputFiles(path);
  await expect(dialog).toContainText("Dead Center game: the same as yours");
  await expect(dialog).toContainText("Nothing of yours is replaced.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto("/#/dead-center");
  await expect(page.locator(".dc-board")).toBeVisible();
  expect(await tableNames(page)).toEqual(table);
  await page.goto("/#/stats");
  const mr = page.locator("section", { hasText: "Murderers' Row" });
  await expect(mr.getByRole("row", { name: /Played/ })).toContainText("1");
  expect(errors).toEqual([]);
});

test("hostile and damaged files are refused with a message, and nothing changes", { tag: "@engines" }, async ({ page }) => {
  await page.goto("/#/dead-center/standard/3");
  await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await page.goto("/#/settings");
  // Settings loads Joker's chunk for its choice, and a game's chunk writes
  // its records' defaults and its summary as it loads: the snapshot is
  // taken after that.
  await expect(page.getByText(/^Joker: deduction aid/)).toBeVisible();
  const good = (await exportData(page)).text;
  const before = await storageSnapshot(page);
  const withName = (name: string) => {
    const file = JSON.parse(good);
    const settings = { app: "grave-matters", kind: "settings", version: 1, data: { table_seats: [{ name, kind: "Person" }] } };
    file.records["gm.settings"] = JSON.stringify(settings);
    return JSON.stringify(file);
  };
  const withRecent = (games: unknown) => {
    const file = JSON.parse(good);
    file.records["gm.recent"] = JSON.stringify({ app: "grave-matters", kind: "recent games", version: 1, data: games });
    return JSON.stringify(file);
  };
  const withStats = (data: unknown) => {
    const file = JSON.parse(good);
    file.records["gm.stats.dead-center"] = JSON.stringify({ app: "grave-matters", kind: "statistics", version: 1, data });
    return JSON.stringify(file);
  };
  const hostile: [string, string | Buffer, RegExp][] = [
    ["truncated", good.slice(0, good.length / 2), /not readable data/],
    ["wrong version", good.replace('"version":1', '"version":9'), /newer version of the app/],
    ["10 MB", Buffer.alloc(10 << 20, 32), /too large/],
    ["deep nesting", '{"app":"grave-matters","kind":"export","version":1,"x":' + "[".repeat(100_000) + "]".repeat(100_000) + "}", /not readable data/],
    ["HTML in names", withName('<img src=x onerror="document.title=1">'), /text the app never writes/],
    ["another app's file", JSON.stringify({ app: "elsewhere", records: {} }), /not an export of this app/],
    ["a damaged game", good.replace(/\\"seed\\":\d+/, '\\"seed\\":\\"x\\"'), /Dead Center game in this file cannot be used/],
    ["a damaged list of recent games", withRecent({ games: [{ game: "dead-center" }] }), /recent games in this file cannot be used/],
    // Issue 50: imported records are checked as loaded ones are.
    [
      "a recent game with a 100,000-character line",
      withRecent({ games: [{ game: "dead-center", ended_ms: 1, line: "x".repeat(100_000), code: "c", start: "s" }] }),
      /recent games in this file cannot be used/,
    ],
    ["statistics whose daily part is a list", withStats({ daily: [] }), /statistics in this file cannot be used/],
  ];
  for (const [what, contents, message] of hostile) {
    await chooseFile(page, `${what}.json`, contents);
    await expect(outcome(page), what).toContainText(message);
    await expect(page.getByRole("dialog"), what).toHaveCount(0);
    expect(await storageSnapshot(page), what).toEqual(before);
  }
  expect(await page.title()).toBe("Grave Matters");
});

/** Makes the page's browser say what Safari on an iPhone or iPad says of
 * itself: `navigator.standalone`, false in a tab, true from the Home
 * Screen (other browsers have no such property). */
async function asSafari(page: Page, standalone: boolean) {
  await page.addInitScript((standalone) => {
    Object.defineProperty(Navigator.prototype, "standalone", { get: () => standalone, configurable: true });
  }, standalone);
}

test("Safari in a tab is told once that the Home Screen keeps its games; from the Home Screen and elsewhere, never", async ({ page, browser }) => {
  await asSafari(page, false);
  await page.goto("./");
  const tip = page.getByRole("complementary", { name: "Keeping your games" });
  await expect(tip).toContainText("Safari deletes this app's saved games after seven days without a visit");
  await expect(tip).toContainText("add Grave Matters to your Home Screen");
  await expect(tip.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "#/settings");
  await tip.getByRole("button", { name: "Got it" }).click();
  await expect(tip).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Grave Matters" })).toBeVisible();
  await expect(tip).toHaveCount(0);

  for (const standalone of [true, null]) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await skipTours(other);
    if (standalone !== null) await asSafari(other, standalone);
    await other.goto("./");
    await expect(other.getByRole("heading", { name: "Grave Matters" })).toBeVisible();
    await expect(other.getByRole("complementary", { name: "Keeping your games" })).toHaveCount(0);
    await context.close();
  }
});
