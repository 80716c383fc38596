// Detective Graves in the browser: a person against the computer through a
// whole game (both roles, as roles swap), two people through the
// hand-overs in The Single Case checking at every step that the other
// player's hand and the Mastermind's identity are not in the page, reload
// in the middle of a location, the rules page and Home entry, and
// screenshots at phone, tablet and desktop sizes with 44 px targets.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { smallTargets } from "./helpers/targets";
import { seriousViolations } from "./helpers/axe";
import { skipTours } from "./helpers/tours";
import {
  SAVE_KEY,
  cardName,
  endDialog,
  fastComputers,
  handCards,
  handOverButton,
  identityName,
  newGame,
  playersChunkRequests,
  saved,
  shownHand,
  step,
} from "./helpers/detective-graves";

test.beforeEach(async ({ page }) => skipTours(page));

test("a person against the Strong computer, both cases to the end", async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  // Notes whether Holmes ever reveals himself (the game log says so, and
  // the log keeps only its newest lines on screen).
  await page.addInitScript(() => {
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node.textContent?.includes("Holmes reveals themselves"))
            (window as unknown as { revealed?: boolean }).revealed = true;
    }).observe(document, { subtree: true, childList: true });
  });
  // The computer players are a chunk of their own, fetched once.
  const players = playersChunkRequests(page);
  await fastComputers(page);
  await newGame(page, [["Ana", "person"], ["Holmes", "strong"]]);
  await expect(page.getByRole("article", { name: /^Holmes, Computer \(Strong\), Mastermind/ })).toBeVisible();
  const seen = new Set<string>();
  let steps = 0;
  while (!(await endDialog(page).isVisible())) {
    const did = await step(page);
    seen.add(did);
    if (did !== "wait") {
      // Only Ana's own hand is ever in the page (none on the unmasking
      // and case-result screens).
      expect(await page.locator(".dg-hand").count()).toBeLessThanOrEqual(1);
    }
    expect(++steps, "the game ends").toBeLessThan(4_000);
  }
  expect(seen.has("hand-over"), "one person keeps the device").toBe(false);
  for (const did of ["place", "case-result", "End my turn"]) expect(seen.has(did), did).toBe(true);
  // Ana was the Mastermind in case 2, offered to reveal herself.
  expect(seen.has("Stay hidden")).toBe(true);
  await expect(endDialog(page)).toContainText(/Ana \d+, Holmes \d+\./);
  expect(players).toHaveLength(1);
  await endDialog(page).getByRole("button", { name: "See the table" }).click();
  const log = page.getByRole("list", { name: "Game log, newest first" });
  await expect(log).toContainText("Case 2 scores:");
  // Ana was the Detective in case 1: she accused, unless Holmes revealed
  // himself first (a Mastermind's choice that leaves no accusation).
  const holmesRevealed = await page.evaluate(() => (window as unknown as { revealed?: boolean }).revealed === true);
  expect(seen.has("accuse") || holmesRevealed).toBe(true);
  await page.goto("/#/stats");
  const stats = page.locator("section", { hasText: "Detective Graves" });
  await expect(stats.getByRole("row", { name: /Played/ })).toContainText("1");
  await expect(stats.getByRole("row", { name: /Ana/ })).toContainText(/1 played .*Detective: unmasked [01] of 1 · Mastermind: escaped [01] of 1/);
  expect(errors).toEqual([]);
});

test("two people, The Single Case: the other hand and the identity are never in the page", { tag: "@whole-game" }, async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  const players = playersChunkRequests(page);
  await newGame(page, [["Ana", "person"], ["Ben", "person"]], { length: /^The Single Case/ });
  let handOvers = 0;
  let checked = 0;
  let steps = 0;
  while (!(await endDialog(page).isVisible())) {
    const html = await page.content();
    const s = await saved(page);
    const identity = identityName(s.identity);
    if (await handOverButton(page).isVisible()) {
      handOvers++;
      // Nothing private while the device changes hands.
      expect(html).not.toContain(identity);
      expect(html).not.toContain("dg-hand");
      expect(html).not.toContain("Evidence you won");
      expect(html).not.toContain("You are The");
    } else if (s.phase !== "Over" && (await page.locator(".turn-banner", { hasText: /Your turn, / }).isVisible())) {
      // The holder sees their own hand, never the other one.
      const unmasking = s.phase === "Unmask" || s.phase === "Accuse";
      const hand = unmasking ? [] : s.hands[s.actor === "Detective" ? 0 : 1].map(cardName).sort();
      expect(await shownHand(page)).toEqual(hand);
      await expect(page.locator(".dg-hand")).toHaveCount(unmasking ? 0 : 1);
      // The Detective never sees who the Mastermind is, until the accusation.
      if (s.actor === "Detective" && s.phase !== "Accuse") expect(html).not.toContain(identity);
      if (s.actor === "Mastermind") expect(html).toContain(`You are ${identity}`);
      checked++;
    }
    await step(page);
    expect(++steps, "the case ends").toBeLessThan(4_000);
  }
  expect(handOvers).toBeGreaterThan(10);
  expect(checked).toBeGreaterThan(10);
  expect(players, "people alone never load the computer players").toEqual([]);
  await expect(endDialog(page)).toContainText(/Ana \d+, Ben \d+\./);
  await endDialog(page).getByRole("button", { name: "See the table" }).click();
  // Single Case scoring: evidence 3 points each, the accusation 4.
  await expect(page.getByRole("list", { name: "Game log, newest first" })).toContainText("Case 1 scores:");
  const result = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).data.state.results[0], SAVE_KEY);
  const total = result.evidence_points[0] + result.evidence_points[1];
  expect(total).toBe(3 * (result.evidence[0] + result.evidence[1]));
  expect(result.unmasking_points[0] + result.unmasking_points[1]).toBe(4);
  expect(errors).toEqual([]);
});

test("reload in the middle of a location resumes with the hand-over, then the same table", { tag: "@engines" }, async ({ page }) => {
  test.setTimeout(120_000);
  await newGame(page, [["Ana", "person"], ["Ben", "person"]]);
  // Play until someone has placed a card and not yet ended the turn.
  let steps = 0;
  while (!(await page.getByRole("button", { name: "End my turn" }).isVisible())) {
    await step(page);
    expect(++steps).toBeLessThan(500);
  }
  const rowBefore = await page.locator(".dg-location").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  const handBefore = await shownHand(page);
  const who = (await page.locator(".turn-banner").innerText()).match(/Your turn, (\w+)/)![1];
  await page.reload();
  await expect(page.getByRole("heading", { name: `Pass to ${who}` })).toBeVisible();
  await expect(page.locator(".dg-hand")).toHaveCount(0);
  await handOverButton(page).click();
  await expect(page.getByRole("button", { name: "End my turn" })).toBeVisible();
  expect(await shownHand(page)).toEqual(handBefore);
  expect(await page.locator(".dg-location").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).toEqual(rowBefore);
});

test("a person takes back a card just placed; the computer's moves and a turn's end are not taken back", async ({ page }) => {
  // Reaching a turn with a card to place may take many turns of the deal
  // (35 s once in CI on a loaded machine).
  test.setTimeout(120_000);
  await fastComputers(page);
  await newGame(page, [["Ana", "person"], ["Ben", "simple"]]);
  const placeHere = page.getByRole("button", { name: "Place here" });
  const undo = page.getByRole("button", { name: /^Undo/ });
  // A card that may be placed and is not a deuce (whose trump question
  // would come first).
  const open = page.locator('.dg-hand .dg-card:not(.blocked):not([aria-label^="2 of"])');
  // On to a turn of Ana's with a card that may be placed.
  // (`step` may place a card itself: that turn is ended and the next waited for.)
  for (let i = 0; i < 200; i++) {
    if (await placeHere.isVisible()) {
      if (await undo.isVisible()) await page.getByRole("button", { name: "End my turn" }).click();
      else if ((await open.count()) > 0) break;
      else await page.getByRole("button", { name: "Pass", exact: true }).click();
    } else await step(page);
  }
  await expect(undo).toHaveCount(0);
  const hand = await shownHand(page);
  const pile = await page.locator(".dg-location.active").getAttribute("aria-label");
  const saved = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  await open.first().click();
  await placeHere.click();
  await expect(undo).toBeVisible();
  expect(await shownHand(page)).not.toEqual(hand);
  await undo.click();
  // As it was, on screen and in the save; nothing left to take back.
  await expect(undo).toHaveCount(0);
  expect(await shownHand(page)).toEqual(hand);
  await expect(page.locator(".dg-location.active")).toHaveAttribute("aria-label", pile!);
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY)).toBe(saved);
  // Placed again and the turn ended: Ben's turn, no Undo for Ana's.
  await open.first().click();
  await placeHere.click();
  await page.getByRole("button", { name: "End my turn" }).click();
  await expect(undo).toHaveCount(0);
});

test("a card that may not go here says why, and nothing changes", async ({ page }) => {
  await newGame(page, [["Ana", "person"], ["Ben", "simple"]]);
  const placeHere = page.getByRole("button", { name: "Place here" });
  const suitOf = (label: string) => label.split(/[,.]/)[0].replace(/^\w+ of /, "");
  // Two cards of different suits, neither a trump nor a deuce (a deuce's
  // trump choice stops the placing before the second card): a hand with
  // none such plays on (one card placed or a pass) to a turn that has two.
  type Plain = { i: number; suit: string };
  let pair: Plain | undefined;
  let other: Plain | undefined;
  for (let turns = 0; !pair && turns < 20; turns++) {
    while (!(await placeHere.isVisible())) await step(page);
    const cards = await handCards(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") || ""));
    const trump = ((await page.locator(".dg-location.active .dg-meta").innerText()).match(/trump (.+)$/) || [])[1];
    const plain = cards
      .map((l, i) => ({ i, suit: suitOf(l), deuce: l.startsWith("2 of ") }))
      .filter((c) => c.suit !== trump && !c.deuce);
    pair = plain.find((a) => plain.some((b) => b.suit !== a.suit));
    other = plain.find((b) => pair && b.suit !== pair.suit);
    if (!pair) await step(page);
  }
  expect(pair, "a turn with two plain cards of different suits").toBeDefined();
  const before = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  // Nothing selected.
  await placeHere.click();
  await expect(page.locator(".table-message")).toContainText("Select the cards to place first");
  await handCards(page).nth(pair!.i).click();
  await handCards(page).nth(other!.i).click();
  await expect(handCards(page).nth(pair!.i)).toHaveAttribute("aria-pressed", "true");
  await placeHere.click();
  await expect(page.locator(".table-message")).not.toBeEmpty();
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY)).toBe(before);
});

test("rules page from the engine's data, Home entry, no table without a game", async ({ page }) => {
  await page.goto("/");
  const entry = page.locator("article", { hasText: "Detective Graves" });
  await entry.getByRole("link", { name: "Rules" }).click();
  await expect(page.getByRole("heading", { name: "Detective Graves: how to play" })).toBeVisible();
  await expect(page.getByRole("row", { name: /The Docks 7 Notebook/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^4 Stakeout/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Passing the device" })).toBeVisible();
  await page.goto("/#/detective-graves");
  await expect(page).toHaveURL(/#\/detective-graves\/new$/);
});

/** At phone, tablet and laptop sizes in turn, the screen as it stands:
 * every target at least 44 px (and, with `wide`, nothing wider than the
 * screen; with `axe`, no serious accessibility violation), screenshotted.
 * One game is played and looked at in every size, rather than one game per
 * size: the layout is what is measured. */
async function atEverySize(page: Page, name: string, opts: { wide?: boolean; axe?: boolean } = {}) {
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    const size = `${width}x${height}`;
    expect(await smallTargets(page), `${name} at ${size}`).toEqual([]);
    if (opts.wide) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${size}`).toBeLessThanOrEqual(0);
    }
    if (opts.axe) expect(await seriousViolations(page), `axe on ${name} at ${size}`).toEqual([]);
    await page.screenshot({ path: `test-results/screens/dg-${name}-${size}.png`, fullPage: true });
  }
}

test("looks at phone, tablet and laptop sizes: hand-over, table, hand and unmasking, 44 px targets", async ({ page }) => {
  test.setTimeout(180_000);
  await fastComputers(page);
  await newGame(page, [["Ana", "person"], ["Ben", "person"]]);
  await expect(handOverButton(page)).toBeVisible();
  await atEverySize(page, "handover");
  // Against the computer, Ana the Detective: to the table and then the unmasking.
  await newGame(page, [["Ana", "person"], ["Ben", "simple"]], { length: /^The Single Case/ });
  let steps = 0;
  while ((await page.locator(".dg-card").count()) === 0 || !(await page.getByRole("button", { name: "Place here" }).isVisible())) {
    await step(page);
    expect(++steps).toBeLessThan(500);
  }
  await handCards(page).first().click();
  await atEverySize(page, "table", { wide: true });
  while (!(await page.getByRole("heading", { name: "The unmasking" }).isVisible())) {
    await step(page, { accuse: false });
    expect(++steps).toBeLessThan(3_000);
  }
  await atEverySize(page, "unmasking", { axe: true });
});
