// The path walker (issue 45): seeded random walks across every screen, as
// a restless player would take them, on a slow device (every frame and
// timer 150 ms late). Each step is one of:
// open a screen (Home, a game's table, new-game screen, rules, statistics,
// recent games, settings, a join page, a deal link, a replay), Back,
// Forward, reload, a few taps on what the screen offers, finishing a game
// of Dead Center and watching its replay. After every step: no panic (the
// shared fixture), no crash banner, never a blank page; after every reload
// and at the end of a walk, every record the app saved loads again (none
// is set aside as damaged).
//
// A failure prints its seed and steps. Replay one walk:
//   WALK_SEED=<seed> WALKS=1 npx playwright test e2e/walker.spec.ts
// A long run (docs/measuring.md):
//   WALKS=300 scripts/isolated-network npx playwright test e2e/walker.spec.ts --project chromium --workers 3
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { playActions, type Action } from "./helpers/dead-center";

// With motion: a card still gliding while the walk goes on is the kind of
// late work these walks look for.
test.use({ reducedMotion: "no-preference" });

const lost = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-lost.json"), "utf8"),
) as { seed: number; actions: Action[] };

const WALKS = Number(process.env.WALKS || 3);
const FIRST_SEED = Number(process.env.WALK_SEED || 1);
const STEPS = Number(process.env.WALK_STEPS || 10);

const GAMES = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];
const SCREENS = [
  "#/",
  "#/stats",
  "#/settings",
  "#/recent",
  ...GAMES.flatMap((id) => [`#/${id}`, `#/${id}/new`, `#/${id}/rules`]),
  "#/serial-killer/join",
  "#/joker/join",
  "#/detective-graves/join",
  "#/dead-center/standard/1234",
  "#/dead-center/hard/77",
  "#/murderers-row/451",
  "#/murderers-row/9",
  "#/nowhere",
  "#/dead-center/sideways/3",
];

/** A small seeded generator (mulberry32): the same seed, the same walk. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Step = { kind: string; weight: number; run: (page: Page, pick: (n: number) => number) => Promise<string> };

/** Buttons and links a walk does not press: they leave the app, open a
 * file chooser or a download, or only copy text. */
const SKIPPED = /^(Export|Import|Copy|Choose a file|Share)/;

async function tapSome(page: Page, pick: (n: number) => number): Promise<string> {
  const done: string[] = [];
  for (let tap = 0; tap < 4; tap++) {
    const offered = page.locator("main button:not([disabled]):visible, main a.button:visible, dialog button:visible");
    const count = await offered.count();
    if (count === 0) break;
    const target = offered.nth(pick(count));
    // The screen may change between counting and reading (a hand-over
    // replaces a table): a control gone by then is not tapped.
    const read = { timeout: 1_000 };
    const label = await target.getAttribute("aria-label", read).catch(() => undefined);
    if (label === undefined) continue;
    const name = (label || (await target.innerText(read).catch(() => "")) || "?").trim().slice(0, 40);
    if (SKIPPED.test(name)) continue;
    await target.click({ timeout: 3_000 }).catch(() => {});
    done.push(name);
    await page.waitForTimeout(100);
  }
  return `tap ${done.map((d) => JSON.stringify(d)).join(", ")}`;
}

const STEPS_OF_A_WALK: Step[] = [
  {
    kind: "open",
    weight: 6,
    run: async (page, pick) => {
      const screen = SCREENS[pick(SCREENS.length)];
      await page.goto(`/${screen}`);
      return `open ${screen}`;
    },
  },
  {
    kind: "back",
    weight: 3,
    run: async (page) => {
      await page.goBack();
      // Back past the walk's first page leaves the app (a blank tab).
      if (page.url().startsWith("about:")) {
        await page.goForward();
        return "back out of the app, and forward again";
      }
      return "back";
    },
  },
  { kind: "forward", weight: 1, run: async (page) => (await page.goForward(), "forward") },
  {
    kind: "reload",
    weight: 2,
    run: async (page) => {
      await page.reload();
      await recordsLoad(page);
      return "reload";
    },
  },
  { kind: "tap", weight: 8, run: tapSome },
  {
    kind: "finish",
    weight: 1,
    run: async (page) => {
      await page.goto(`/#/dead-center/standard/${lost.seed}`);
      // A tour opened by earlier taps would lie over the table.
      const tour = page.locator(".tour");
      if (await tour.isVisible()) await tour.getByRole("button", { name: /^(Close|Skip|Done)/ }).first().click();
      // A game begun on this deal by earlier taps is left for a new one.
      const fresh = page.getByRole("button", { name: "Start this deal" });
      if (await fresh.first().isVisible()) await fresh.first().click();
      if (!(await page.locator(".dc-instruction").innerText()).startsWith("Choose a face-down zombie")) {
        return "finish: the deal was under way, left as it is";
      }
      await playActions(page, lost.actions);
      await page.getByRole("dialog").getByRole("link", { name: "Watch the replay" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dead Center: replay");
      return "finish a Dead Center game and watch its replay";
    },
  },
];

/** No record the app saved was set aside as damaged when it was read again. */
async function recordsLoad(page: Page) {
  await page.locator("#app > *").first().waitFor({ state: "attached" });
  const setAside = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes(".backup.")));
  expect(setAside, "no saved record was refused when read again").toEqual([]);
  await expect(page.getByText(/could not be opened because/)).toHaveCount(0);
}

/** The page shows something, and not the crash banner. */
async function healthy(page: Page) {
  await expect(page.locator("#crash")).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (document.body.innerText || "").trim().length), { message: "never a blank page" })
    .toBeGreaterThan(0);
}

test.describe("walks on a slow device", () => {
  // Frames and timers late; the CPU throttled only when asked
  // (GM_CPU_THROTTLE=4): it makes a walk about four times longer, and
  // hides the late-frame races.
  test.use({ slowFrames: 150 });

  for (let seed = FIRST_SEED; seed < FIRST_SEED + WALKS; seed++) {
    test(`walk ${seed}`, async ({ page }) => {
      test.setTimeout(60_000 + STEPS * 30_000);
      await skipTours(page);
      const random = generator(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const total = STEPS_OF_A_WALK.reduce((sum, step) => sum + step.weight, 0);
      const taken: string[] = [];
      // The screens this walk stood on (their addresses, numbers as N, a
      // replay's record left out).
      const reached = new Set<string>();
      const replay = `WALK_SEED=${seed} WALKS=1 npx playwright test e2e/walker.spec.ts`;
      await page.goto("/");
      try {
        for (let i = 0; i < STEPS; i++) {
          let roll = pick(total);
          const step = STEPS_OF_A_WALK.find((s) => (roll -= s.weight) < 0)!;
          taken.push(await step.run(page, pick));
          await healthy(page);
          reached.add(new URL(page.url()).hash.replace(/\/replay\/.*/, "/replay").replace(/\d+/g, "N") || "#/");
        }
        await page.reload();
        await recordsLoad(page);
        await healthy(page);
      } catch (error) {
        console.log(`walk ${seed} failed after:\n  ${taken.join("\n  ")}\nreplay: ${replay}`);
        throw error;
      }
      // The walk's figures, for a long run's note.
      console.log(`walk ${seed}: ${taken.length} steps: ${taken.join(" | ")}`);
      console.log(`walk ${seed} reached: ${[...reached].join(" ")}`);
    });
  }
});
