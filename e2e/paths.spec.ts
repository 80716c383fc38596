// Paths a player takes across screens, where work one screen left behind
// (its context, a frame it asked for) met the next one: each was a panic
// and the crash banner (issue 45). The shared fixture fails a test on any
// panic; these also check that the screen after is the one expected.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { playActions, type Action } from "./helpers/dead-center";
import { handOverButton, newGame, step } from "./helpers/detective-graves";

const lost = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-lost.json"), "utf8"),
) as { seed: number; actions: Action[] };

test.beforeEach(async ({ page }) => skipTours(page));

const noCrash = (page: Page) => expect(page.locator("#crash")).toHaveCount(0);

async function finishAndWatch(page: Page) {
  await page.goto(`/#/dead-center/standard/${lost.seed}`);
  await playActions(page, lost.actions);
  await page.getByRole("dialog").getByRole("link", { name: "Watch the replay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dead Center: replay");
  await page.getByRole("button", { name: "Forward one move" }).click();
}

// The replay provided its read-only game where the route's screens are
// drawn; the table, opened again there, found it after its signals had
// ended with the replay.
test("Dead Center: Back from the replay of a finished game is its table again", async ({ page }) => {
  test.setTimeout(120_000);
  await finishAndWatch(page);
  await page.goBack();
  await expect(page).toHaveURL(/#\/dead-center\/standard\/\d+$/);
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText("The zombies won");
  await expect(page.locator(".dc-board")).toBeVisible();
  await noCrash(page);
  // Forward to the replay, and back once more.
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dead Center: replay");
  await page.goBack();
  await expect(page.locator(".dc-board")).toBeVisible();
  await noCrash(page);
});

test("Dead Center: Home, then a new game, after watching a replay", async ({ page }) => {
  test.setTimeout(120_000);
  await finishAndWatch(page);
  await page.getByRole("link", { name: "Home" }).first().click();
  await page.goto("/#/dead-center/new");
  await page.locator(".variant-button").first().click();
  await expect(page.locator(".dc-board")).toBeVisible();
  await expect(page.locator(".dc-count .big")).toHaveText("12");
  await noCrash(page);
});

// The replay's Play ticked on after the viewer was left, and read its
// step counter: a panic a moment after leaving.
test("Dead Center: leaving a replay while it plays", async ({ page }) => {
  test.setTimeout(120_000);
  await finishAndWatch(page);
  await page.getByRole("button", { name: "Play" }).click();
  await page.goBack();
  await expect(page.locator(".dc-board")).toBeVisible();
  // Longer than a few ticks at the slowest pace.
  await page.waitForTimeout(2_500);
  await noCrash(page);
});

// A frame asked for by the row of locations came after the hand-over
// screen had replaced the table, and read the row's node: on a slow
// tablet, a panic over "Pass to Ben". (Frames late, the code at full
// speed: a throttled CPU makes the taps too slow to meet the frame.)
test.describe("on a slow device", () => {
  test.use({ slowFrames: 150, cpuThrottle: 1 });

  test("Detective Graves, two people: hand-overs with every frame late", async ({ page }) => {
    test.setTimeout(240_000);
    await newGame(page, [["Ana", "person"], ["Ben", "person"]], { length: /Single Case/ });
    let handOvers = 0;
    for (let steps = 0; handOvers < 8; steps++) {
      expect(steps, "eight hand-overs come").toBeLessThan(400);
      if ((await step(page)) === "hand-over") handOvers++;
      await noCrash(page);
    }
    await expect(handOverButton(page).or(page.locator(".dg-table"))).toBeVisible();
  });
});

// Found by the walker (walk 163, once in 300): a tap on the deck did
// nothing. A card gliding over a control was drawn above it and took the
// press, while the release (after the tap had finished the glide) landed
// on the control, so the click went to neither. A card in flight now lets
// taps through to what it passes over.
test("a card in flight takes no tap: what it passes over gets it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`/#/dead-center/standard/${lost.seed}`);
  await playActions(page, lost.actions.slice(0, 1));
  await page.emulateMedia({ reducedMotion: "no-preference" });
  // Placing the drawn card sends it across the board to its pile.
  await page.getByRole("button", { name: /^Pile 2,.*your card can go here/ }).click();
  const inFlight = await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return document.getAnimations().flatMap((animation) => {
      const card = (animation.effect as KeyframeEffect | null)?.target;
      if (!card?.hasAttribute("data-card")) return [];
      // Held halfway, where it is drawn over other parts of the table.
      animation.pause();
      animation.currentTime = 140;
      const drawn = card.getBoundingClientRect();
      const hit = document.elementFromPoint(drawn.x + drawn.width / 2, drawn.y + drawn.height / 2);
      return [{ card: card.getAttribute("data-card"), takesTaps: !!hit && card.contains(hit) }];
    });
  });
  expect(inFlight.length, "the placed card glides").toBeGreaterThan(0);
  expect(inFlight.filter((card) => card.takesTaps)).toEqual([]);
});
