// Saves that lie: every game's save, damaged in ways a real browser can
// damage it or a hostile import can forge it, is refused with a message and
// kept aside byte for byte; nothing a player had is lost, and the page never
// widens.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { skipTours } from "./helpers/tours";
import { appStarted, storeAndReload, todaysSaves } from "./helpers/records";

test.beforeEach(async ({ page }) => skipTours(page));

/** Each game's save as the app writes it, mid-game: key → stored text. */
const saves = todaysSaves();

/** The backups of `key` as stored, compared in the page (UTF-16, exactly). */
async function backupsEqual(page: Page, key: string, text: string): Promise<boolean[]> {
  return page.evaluate(
    ([key, text]) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith(`${key}.backup.`))
        .map((k) => localStorage.getItem(k) === text),
    [key, text],
  );
}

async function storeAndOpen(page: Page, key: string, text: string) {
  await storeAndReload(page, [[key, text]]);
}

for (const key of Object.keys(saves)) {
  test(`${key}: a lone UTF-16 surrogate inserted is refused, and the backup is the stored text exactly`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    const stored = saves[key];
    // A character UTF-8 cannot hold: read into Rust it would become U+FFFD.
    const damaged = stored.slice(0, 1) + "\uD800" + stored.slice(1);
    await storeAndOpen(page, key, damaged);
    await expect(page.getByText(/could not be opened because/)).toBeVisible();
    expect(await backupsEqual(page, key, damaged)).toEqual([true]);
    expect(await page.evaluate((key) => localStorage.getItem(key), key)).toBeNull();
    expect(errors).toEqual([]);
  });
}

/** `stored` with the JSON value at `path` (inside the envelope) changed by `edit`. */
function edited(stored: string, edit: (data: any) => void): string {
  const envelope = JSON.parse(stored);
  edit(envelope.data);
  return JSON.stringify(envelope);
}

for (const key of ["gm.save.serial-killer", "gm.save.joker", "gm.save.detective-graves"]) {
  test(`${key}: a 100,000-character seat name is refused with a message, kept aside, and never widens the page`, async ({
    page,
  }) => {
    const long = edited(saves[key], (data) => {
      data.names[0] = "x".repeat(100_000);
    });
    await storeAndOpen(page, key, long);
    await expect(page.getByText(/a name is longer than 16 characters/)).toBeVisible();
    expect(await backupsEqual(page, key, long)).toEqual([true]);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  });
}

test("remembered seat names from a settings record are cut to 16 characters on the new-game screen", async ({
  page,
}) => {
  await page.goto("./");
  await appStarted(page);
  await page.evaluate(() => {
    const seats = [
      { name: "y".repeat(100_000), kind: "Person" },
      { name: "Bé", kind: "Person" },
    ];
    localStorage.setItem(
      "gm.settings",
      JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data: { table_seats: seats } }),
    );
  });
  await page.goto("./#/serial-killer/new");
  await page.reload(); // the settings are read at start
  await expect(page.getByRole("textbox").first()).toHaveValue("y".repeat(16));
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
});

// Detective Graves saves that parse but break the game's invariants: each
// is refused on load like an unreadable one (the engine's validate).
const dgKey = "gm.save.detective-graves";
const brokenCases: [string, (state: any) => void][] = [
  ["the identity changed, so the evidence no longer fits it", (s) => (s.identity = s.identity === "Banker" ? "Surgeon" : "Banker")],
  [
    "two evidence cards at one location",
    (s) => {
      const at = s.evidence.findIndex((e: any) => e.Location === 0);
      s.evidence[at] = { Location: 3 };
    },
  ],
  ["no evidence card set aside", (s) => (s.evidence = s.evidence.map((e: any) => (e === "SetAside" ? "Box" : e)))],
  ["the fourth location active while the earlier ones are open", (s) => (s.active = 3)],
];
for (const [what, edit] of brokenCases) {
  test(`${dgKey}: ${what} is refused with a message and kept aside`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    const broken = edited(saves[dgKey], (data) => edit(data.state));
    await storeAndOpen(page, dgKey, broken);
    await expect(page.getByText(/Detective Graves game could not be opened because it is damaged/)).toBeVisible();
    expect(await backupsEqual(page, dgKey, broken)).toEqual([true]);
    await expect(page.getByRole("link", { name: /Continue/ })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
