// Names a person can tell apart (issue 45): a hand-over says "Pass to
// Ana", so two seats whose names look alike, or a name that shows nothing,
// would hand a seat's secrets to the wrong person. The new-game screen
// makes such names distinct; a save, a replay link or a host's table that
// holds them is refused in a sentence, and nothing is lost.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { deflateRawSync } from "node:zlib";
import { skipTours } from "./helpers/tours";
import { storeAndReload, todaysSaves } from "./helpers/records";
import { newGame, SAVE_KEY } from "./helpers/detective-graves";

test.beforeEach(async ({ page }) => skipTours(page));

const saves = todaysSaves();

/** The four lookalike pairs: a zero-width space, a Cyrillic А, Å as one
 * code point and as A + combining ring, and a case change. */
const LOOKALIKES: [string, string][] = [
  ["Ana", "Ana\u200B"],
  ["Ana", "\u0410na"],
  ["\u00C5sa", "A\u030Asa"],
  ["Ana", "ANA"],
];

const savedNames = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).data.names as string[], SAVE_KEY);

test("the new-game screen numbers a lookalike name and names an invisible one", async ({ page }) => {
  for (const [first, second] of LOOKALIKES) {
    await newGame(page, [
      [first, "person"],
      [second, "person"],
    ]);
    const names = await savedNames(page);
    expect(names[0], `${first} / ${second}`).toBe(first.normalize("NFC"));
    // The second keeps what it shows, with its place: never mistaken.
    expect(names[1], `${first} / ${second}`).toMatch(/ \(2\)$/);
    expect(names[1]).not.toContain("\u200B");
  }
  await newGame(page, [
    ["Ana", "person"],
    ["\u200B\u200D\u2060", "person"],
  ]);
  expect(await savedNames(page)).toEqual(["Ana", "Player 2"]);
});

/** `stored` with its seats' names replaced. */
function withNames(stored: string, names: string[]): string {
  const envelope = JSON.parse(stored);
  envelope.data.names = names;
  return JSON.stringify(envelope);
}

for (const key of ["gm.save.serial-killer", "gm.save.joker", "gm.save.detective-graves"]) {
  test(`${key}: a save whose seats are named alike, or invisibly, is refused in a sentence and kept aside`, async ({
    page,
  }) => {
    const count = (JSON.parse(saves[key]).data.names as string[]).length;
    const others = ["Cy", "Di", "Ed", "Flo"].slice(0, count - 2);
    for (const [names, why] of [
      [["Ana", "\u0410na", ...others], /two seats are named alike \(Ana and \u0410na\)/],
      [["Ana", "\u200B\u200B", ...others], /a name shows nothing/],
    ] as [string[], RegExp][]) {
      const stored = withNames(saves[key], names);
      await storeAndReload(page, [[key, stored]]);
      await expect(page.getByText(why)).toBeVisible();
      const kept = await page.evaluate(
        ([key, text]) =>
          Object.keys(localStorage).some((k) => k.startsWith(`${key}.backup.`) && localStorage.getItem(k) === text),
        [key, stored],
      );
      expect(kept, "the save is kept aside as it was").toBe(true);
      await page.evaluate(() => localStorage.clear());
    }
  });
}

/** A replay link's code for `record`, written as the app writes one. */
function replayCode(record: object): string {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(record)));
  return Buffer.concat([Buffer.from([1]), packed]).toString("base64url");
}

test("replay links whose names break a save's rules say why in a sentence and show no table", async ({ page }) => {
  const long = "x".repeat(17);
  const huge = "y".repeat(100_000);
  const cases: [string, object, RegExp][] = [
    ["serial-killer", { names: ["Ana", "Ben"], kinds: ["Person", "Person", "Person"], seed: 3 }, /names 2 players for 3 seats/],
    ["serial-killer", { names: ["Ana", "Ben", "Cy", "Di"], kinds: ["Person", "Person", "Person"], seed: 3 }, /names 4 players for 3 seats/],
    ["serial-killer", { names: ["Ana", "Ben", long], kinds: ["Person", "Person", "Person"], seed: 3 }, /longer than 16 characters/],
    ["joker", { names: ["Ana", "\u0410na"], kinds: ["Person", "Person"], mode: "Everyone", seed: 3 }, /named alike/],
    ["joker", { names: ["Ana", "<img src=x onerror=alert(1)>"], kinds: ["Person", "Person"], mode: "Everyone", seed: 3 }, /longer than 16 characters/],
    ["joker", { names: ["Ana", huge], kinds: ["Person", "Person"], mode: "Everyone", seed: 3 }, /./],
  ];
  await page.goto("/");
  // The games' saves and statistics (opening a game's chunk may write its
  // preferences and Home's summary of it, which hold nothing of a link).
  const kept = () =>
    page.evaluate(() =>
      JSON.stringify(Object.entries(localStorage).filter(([key]) => /^gm\.(save|stats)\./.test(key)).sort()),
    );
  const before = await kept();
  for (const [game, setup, why] of cases) {
    const code = replayCode({ game, setup, moves: [] });
    await page.goto(`/#/${game}/replay/${code}`);
    const refusal = page.locator(".replay-refused [role=alert]");
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveText(why);
    await expect(refusal).toHaveText(/\.$/);
    await expect(page.locator(".replay-board")).toHaveCount(0);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  }
  // Markup within the limit is a name like any other: shown as its text.
  const markup = "<b>Ben</b>x</i>x";
  const code = replayCode({ game: "joker", setup: { names: ["Ana", markup], kinds: ["Person", "Person"], mode: "Everyone", seed: 3 }, moves: [] });
  await page.goto(`/#/joker/replay/${code}`);
  await expect(page.locator(".replay-board").getByText(markup).first()).toBeVisible();
  await expect(page.locator(".replay-board b")).toHaveCount(0);
  // Reading a link changes nothing kept.
  expect(await kept()).toBe(before);
});

/** Long names of wide letters, a full-width one, symbols and emoji. */
const LONG = ["W".repeat(16), "M".repeat(16), "\uFF37".repeat(16), "@".repeat(16), "\u{1F600}".repeat(16), "Ω".repeat(16)];

const fitsWidth = (page: Page) =>
  page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth, document.body.scrollWidth]);

for (const game of ["serial-killer", "joker", "detective-graves"]) {
  test(`${game}: long names never widen a 390-wide page`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/${game}/new`);
    const fields = page.getByRole("textbox", { name: /^Name of seat \d+$/ });
    const seats = await fields.count();
    for (let i = 0; i < seats; i++) {
      const kind = page.getByRole("combobox", { name: `Who plays seat ${i + 1}` });
      if ((await kind.count()) > 0) await kind.selectOption("person");
      await fields.nth(i).fill(LONG[i % LONG.length]);
    }
    await page.getByRole("button", { name: "Start game" }).click();
    await expect(page).toHaveURL(new RegExp(`#/${game}$`));
    // The first screen (a hand-over, or the table), then a few taps on.
    for (let tap = 0; tap < 6; tap++) {
      await page.waitForTimeout(150);
      const [scroll, inner, body] = await fitsWidth(page);
      expect(scroll, `page ${tap}: ${scroll} wide in ${inner}`).toBeLessThanOrEqual(inner);
      expect(body).toBeLessThanOrEqual(inner);
      const next = page.locator("main .button.primary:visible, main .choices button:visible").first();
      if ((await next.count()) === 0) break;
      await next.click({ timeout: 3_000 }).catch(() => {});
    }
    await page.screenshot({ path: `test-results/long-names-${game}-390x844.png` });
  });
}
