// Memory stays flat as the app is used: leaving a screen, or a table
// redrawing its desk at every hand-over, keeps nothing. (Leptos' reactive
// system kept an entry for every removed view until vendor/README.md's
// patch; without it these fail.) WebAssembly memory only grows, so a page
// that keeps nothing grows it in the warm-up and then hardly at all: what a
// game in play rightly adds (its log, its record) and the allocator's own
// spread stay within a few pages of 64 KiB.
// tools/measure/memory.mjs measures every table at length.
import { expect, test } from "./helpers/test";
import { skipTours } from "./helpers/tours";
import { keepWasmMemory, plays, tapTimes, wasmBytes } from "../tools/measure/taps.mjs";

const PAGE = 64 * 1024;

test.beforeEach(async ({ page }) => {
  await skipTours(page);
  await page.addInitScript(keepWasmMemory);
});

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
  test.setTimeout(150_000);
  const selectors = await plays["detective-graves"](page, baseURL);
  const play = (taps: number) => tapTimes(page, selectors, taps);
  // The warm-up is long enough for the first case's end and the next
  // case's start: the memory a whole game needs (its record, its moves, the
  // allocator's spread) is reached within about 100 taps and then stays
  // (tools/measure/memory.mjs: 1.50 MiB at 30 taps, 1.75 MiB from 130 to 600).
  await play(130);
  const before = await wasmBytes(page);
  expect(before, "the app's memory is found").toBeGreaterThan(0);
  // Unpatched, about 3 KB a tap: 200 taps, about nine pages.
  await play(200);
  expect(await wasmBytes(page)).toBeLessThanOrEqual(before + 4 * PAGE);
});
