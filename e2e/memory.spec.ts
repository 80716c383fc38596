// Memory stays flat as the app is used: leaving a screen, or a table
// redrawing its desk at every hand-over, keeps nothing. (Leptos' reactive
// system kept an entry for every removed view until vendor/README.md's
// patch; without it these fail.) WebAssembly memory only grows, so a page
// that keeps nothing grows it in the warm-up and then hardly at all: what a
// game in play rightly adds (its log, its record) and the allocator's own
// spread stay within a few pages of 64 KiB.
// tools/memory.mjs measures every table at length.
import { expect, test, type Page } from "@playwright/test";
import { skipTours } from "./helpers/tours";
import { plays, tapFirst } from "../tools/taps.mjs";

const PAGE = 64 * 1024;

test.beforeEach(async ({ page }) => {
  await skipTours(page);
  // Keeps the app's WebAssembly memory where the test can read it.
  await page.addInitScript(() => {
    for (const name of ["instantiate", "instantiateStreaming"] as const) {
      const original = WebAssembly[name] as (...args: unknown[]) => Promise<WebAssembly.WebAssemblyInstantiatedSource | WebAssembly.Instance>;
      (WebAssembly as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const result = await original.apply(WebAssembly, args);
        const memory = ("instance" in result ? result.instance : result).exports?.memory;
        const w = window as unknown as { __memory?: WebAssembly.Memory };
        if (memory instanceof WebAssembly.Memory && !w.__memory) w.__memory = memory;
        return result;
      };
    }
  });
});

const wasmBytes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __memory?: WebAssembly.Memory }).__memory?.buffer.byteLength ?? 0);

test("leaving a table for Settings and coming back, again and again, keeps no memory", async ({ page }) => {
  test.setTimeout(90_000);
  const instruction = page.locator(".dc-instruction");
  const roundTrip = async () => {
    await page.goto("./#/settings");
    await expect(page.getByRole("group", { name: "Card size" })).toBeVisible();
    await page.goto("./#/dead-center/standard/8");
    await expect(instruction).toHaveText("Choose a face-down zombie to reveal.");
  };
  for (let i = 0; i < 5; i++) await roundTrip();
  const before = await wasmBytes(page);
  expect(before, "the app's memory is found").toBeGreaterThan(0);
  // Unpatched, each trip kept about 11 KB: 60 trips, about ten pages.
  for (let i = 0; i < 60; i++) await roundTrip();
  expect(await wasmBytes(page)).toBeLessThanOrEqual(before + PAGE);
});

test("Detective Graves with two people, a hand-over every turn, keeps no memory", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const selectors = await plays["detective-graves"](page, baseURL);
  const play = async (taps: number) => {
    for (let tries = 0; taps > 0 && tries < taps * 3; tries++) {
      if (await tapFirst(page, selectors, 1_000)) taps--;
      else await page.waitForTimeout(50);
    }
  };
  await play(30);
  const before = await wasmBytes(page);
  expect(before, "the app's memory is found").toBeGreaterThan(0);
  // Unpatched, about 3 KB a tap: 200 taps, about nine pages.
  await play(200);
  expect(await wasmBytes(page)).toBeLessThanOrEqual(before + 4 * PAGE);
});
