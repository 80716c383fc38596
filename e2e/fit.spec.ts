// Every table fits its screen: at a phone's, a tablet's and a laptop's size
// (each way up), what a move needs (the active cards, the move's controls,
// the message line) is in view without scrolling and nothing of it
// overlaps. Where a table cannot all fit (Detective Graves on a phone on its
// side), its active part is one scroll away and then all in view.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { expectFits, SIZES } from "./helpers/fit";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

/** Card size as Settings sets it, saved before the page loads. */
async function cardSize(page: Page, size: "Normal" | "Large") {
  await page.context().addInitScript((size) => {
    const ids = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];
    const settings = { app: "grave-matters", kind: "settings", version: 1, data: { tours_seen: ids, card_size: size } };
    if (location.protocol.startsWith("http")) localStorage.setItem("gm.settings", JSON.stringify(settings));
  }, size);
}

/** Waits until no card is moving (a card starts to travel in the frame
 * after a tap, so two frames first). */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** At phone and tablet size (upright), a picture of the table as tested,
 * per engine: test-results/screens/<engine>/<game>-<size>.png. (caret
 * "initial": Playwright then adds no style of its own to the page.) */
async function picture(page: Page, game: string, cards = "Normal") {
  const { width, height } = page.viewportSize()!;
  if (cards !== "Normal" || ![390, 768].includes(width)) return;
  const engine = test.info().project.use.browserName;
  await page.screenshot({ path: `test-results/screens/${engine}/${game}-${width}x${height}.png`, caret: "initial" });
}

type Size = (typeof SIZES)[number];
type Cards = "Normal" | "Large";

async function deadCenter(page: Page, size: Size, cards: Cards) {
  const parts = { cards: ".dc-board .card-slot, .deck", controls: ".dc-actions .button", message: ".message-slot" };
  await page.goto("./#/dead-center/standard/8");
  await expect(page.locator(".dc-instruction")).toHaveText("Choose a face-down zombie to reveal.");
  await settled(page);
  await expectFits(page, parts);
  await picture(page, "dead-center", cards);
  // A refusal is drawn beside the card tapped, inside the screen.
  await page.locator(".pile").first().click();
  const refusal = page.locator('.table-message[data-tone="refusal"]');
  await expect(refusal).toBeVisible();
  const box = (await refusal.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  // A turn under way: a card to place.
  await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await expect(page.locator(".dc-instruction")).toHaveText(/^Play the /);
  await settled(page);
  await expectFits(page, parts);
}

async function murderersRow(page: Page, size: Size, cards: Cards) {
  await page.goto("./#/murderers-row/5");
  await expect(page.locator(".mr-card")).toHaveCount(10);
  // One line: every card's top edge at the same height, in the row's order.
  const tops = await page.locator(".mr-card").evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  const lefts = await page.locator(".mr-row li").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
  expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
  // The row itself is in view (on a phone it scrolls sideways inside).
  const parts = { cards: ".mr-row", controls: ".mr-actions .button", message: ".message-slot" };
  await expectFits(page, parts);
  // A card chosen: it is in view, the others show their distance, and
  // the choice's buttons are in view too.
  await page.getByRole("button", { name: /Poisoner, Active/ }).click();
  const chosen = page.locator('.mr-card[data-card="Poisoner"]');
  await expect(chosen).toHaveClass(/chosen|acting/);
  await expect(page.locator('.mr-card[data-card="Bugler"] .mr-distance')).toHaveAttribute("data-distance", "←2");
  await expect(page.locator('.mr-card[data-card="Grenadier"] .mr-distance')).toHaveAttribute("data-distance", "7→");
  await expect(chosen.locator(".mr-distance")).not.toHaveAttribute("data-distance");
  await expect(chosen.locator(".mr-distance")).toBeHidden();
  await expect(page.getByRole("button", { name: /^1\. Bugler/ })).toHaveAttribute("aria-label", /2 places to the left of the chosen card$/);
  await settled(page);
  const box = (await chosen.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  // While a choice is pending its own buttons are the move's controls.
  await expectFits(page, { ...parts, controls: ".mr-choice .button" });
  await picture(page, "murderers-row", cards);
}

async function detectiveGraves(page: Page, size: Size, cards: Cards) {
  await page.goto("./#/detective-graves/new");
  await page.getByRole("combobox", { name: "Who plays seat 1" }).selectOption("person");
  await page.getByRole("combobox", { name: "Who plays seat 2" }).selectOption("simple");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByRole("button", { name: "Keep this hand" })).toBeVisible();
  await settled(page);
  const parts = { cards: ".dg-location.active, .dg-hand .dg-card", controls: ".dg-choices .button", message: ".message-slot" };
  // On a phone on its side the five locations take the height: the
  // hand and the choices are one scroll below them, and the table
  // scrolls there itself when the turn is the viewer's.
  const sideways = size.height < 500;
  await expectFits(page, sideways ? { ...parts, cards: ".dg-hand .dg-card" } : parts, sideways);
  await picture(page, "detective-graves", cards);
}

async function joker(page: Page) {
  await page.goto("./#/joker/new");
  await page.getByRole("radio", { name: "Solo against a computer Informant" }).check();
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.locator(".jk-grid .jk-cell")).toHaveCount(25);
  await expect(page.locator(".jk-modes .choice-option").first()).toBeVisible();
  await settled(page);
  const parts = { cards: ".jk-grid .jk-cell", controls: ".jk-modes .choice-option", message: ".message-slot, .turn-banner, .jk-die" };
  await expectFits(page, parts);
  await picture(page, "joker");
}

// (Serial Killer's own fit test, in e2e/serial-killer.spec.ts, tries more
// of a game in Chromium; this is the table as it opens, in the other engines.)
async function serialKiller(page: Page) {
  await page.goto("./#/serial-killer/new");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByRole("button", { name: /^Draw all/ })).toBeVisible();
  await settled(page);
  const parts = { cards: ".sk-grave .card-slot, .sk-stack .card-slot", controls: ".choices .button", message: ".message-slot" };
  await expectFits(page, parts);
  await picture(page, "serial-killer");
}

// Chromium: each table at each size with each card size Settings offers
// (issue 47: large cards fit tablets and laptops too), a test each.
for (const size of SIZES) for (const cards of ["Normal", "Large"] as const) {
  test.describe(`${size.width}x${size.height} (${size.name}), ${cards.toLowerCase()} cards`, () => {
    test.skip(({ browserName }) => browserName !== "chromium", "other engines: one test per size, below");
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeEach(async ({ page }) => cardSize(page, cards));
    test("Dead Center: the board, the move buttons and the message", ({ page }) => deadCenter(page, size, cards));
    test("Murderers' Row: the row on one line, the move buttons and the message", ({ page }) => murderersRow(page, size, cards));
    test("Detective Graves: the active location, the hand, the choices and the message", ({ page }) => detectiveGraves(page, size, cards));
    if (cards === "Normal") test("Joker, solo: the turn, the die, the grid, the tap modes and the message", ({ page }) => joker(page));
  });
}

// Firefox: every table at each size with normal cards,
// one after another in one page (a test's own start costs a few seconds
// there, five times a size).
for (const size of SIZES) {
  test.describe(`${size.width}x${size.height} (${size.name})`, { tag: "@engines" }, () => {
    test.skip(({ browserName }) => browserName === "chromium", "Chromium: a test per table, above");
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeEach(async ({ page }) => cardSize(page, "Normal"));
    test("every table: Dead Center, Murderers' Row, Detective Graves, Joker, Serial Killer", async ({ page }) => {
      await deadCenter(page, size, "Normal");
      await murderersRow(page, size, "Normal");
      await detectiveGraves(page, size, "Normal");
      await joker(page);
      await serialKiller(page);
    });
  });
}
