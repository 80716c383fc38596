// What a table loads: a game's own chunk, and only when they are needed its
// chunk of play across devices (the transport: the connection, the codes
// and their QR pictures), of its replays (the viewer) and of its rules.
// The build names each split point's files in <meta name="chunks:<name>">
// (tools/build/split-wasm.mjs): the files of `joker-remote` that `joker`
// does not list are what only play across devices needs.
import { expect, test } from "./helpers/test";
import type { Page } from "@playwright/test";
import { chunkRequests } from "./helpers/chunks";
import { skipTours } from "./helpers/tours";
import { playActions, type Action } from "./helpers/dead-center";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const lost = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-lost.json"), "utf8"),
) as { seed: number; actions: Action[] };

// page.on("request") sees the page's own requests only, not a service
// worker's precache.
test.use({ serviceWorkers: "block" });

/** The files `part` of `game` needs beyond the game's own. */
async function onlyFor(page: Page, game: string, part: string): Promise<string[]> {
  const files = (name: string) =>
    page.locator(`meta[name="chunks:${name}"]`).getAttribute("content").then((c) => (c ?? "").split(" ").filter(Boolean));
  const own = new Set(await files(game));
  const extra = (await files(`${game}-${part}`)).filter((f) => !own.has(f));
  expect(extra.length, `${game}-${part} has files of its own`).toBeGreaterThan(0);
  return extra;
}

async function newJoker(page: Page, ben: "person" | "own-device") {
  await page.goto("/#/joker/new");
  await page.getByRole("radio", { name: "Each for themselves" }).check();
  await page.getByRole("combobox", { name: "Who plays seat 2" }).selectOption(ben);
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(/#\/joker$/);
}

test("a table with every seat here loads no transport; a seat on another device loads it", async ({ page }) => {
  const chunks = chunkRequests(page);
  await page.goto("/");
  const transport = await onlyFor(page, "joker", "remote");
  await newJoker(page, "person");
  await expect(page.locator(".jk-grid")).toBeVisible();
  expect(chunks.some((c) => c.startsWith("split_joker-")), "the game's own chunk").toBe(true);
  expect(chunks.filter((c) => transport.includes(c))).toEqual([]);

  // (The same page: a new game ends the one in progress.)
  await newJoker(page, "own-device");
  await expect(page.getByRole("textbox", { name: /^Invitation for .+, as text/ })).toBeVisible();
  expect(transport.filter((f) => !chunks.includes(f)), "every transport file fetched").toEqual([]);
});

test("a join page loads the transport, fetched at once beside the app's module", async ({ page }) => {
  const chunks = chunkRequests(page);
  await page.goto("/#/serial-killer/join");
  await expect(page.getByRole("heading", { name: "Join a game on another device" })).toBeVisible();
  const transport = await onlyFor(page, "serial-killer", "remote");
  expect(transport.filter((f) => !chunks.includes(f))).toEqual([]);
  // Started by the page's preload links (public/preload.js).
  const initiators = await page.evaluate(() =>
    performance.getEntriesByType("resource")
      .filter((e) => /\/split_serial_killer_remote-[0-9a-f]+\.wasm$/.test(e.name))
      .map((e) => (e as PerformanceResourceTiming).initiatorType));
  expect(initiators).toEqual(["link"]);
  expect(new Set(chunks).size, "no chunk fetched twice").toBe(chunks.length);
});

test("a table loads no replay viewer; a replay loads it", async ({ page }) => {
  const chunks = chunkRequests(page);
  await page.goto("/#/dead-center/standard/1234");
  await expect(page.locator(".dc-board")).toBeVisible();
  const viewer = await onlyFor(page, "dead-center", "replay");
  expect(chunks.filter((c) => viewer.includes(c))).toEqual([]);

  await page.goto("/#/dead-center/replay/");
  await expect(page.getByText(/no game in it/)).toBeVisible();
  expect(viewer.filter((f) => !chunks.includes(f)), "every viewer file fetched").toEqual([]);
});

test("a table loads no rules page; the rules page loads it, fetched at once on its address", async ({ page }) => {
  const chunks = chunkRequests(page);
  await page.goto("/#/murderers-row/5");
  await expect(page.locator(".mr-row .mr-card").first()).toBeVisible();
  const rules = await onlyFor(page, "murderers-row", "rules");
  expect(chunks.filter((c) => rules.includes(c))).toEqual([]);

  await page.goto("/#/murderers-row/rules");
  await expect(page.getByRole("heading", { name: "Murderers' Row: how to play" })).toBeVisible();
  await expect(page.locator(".card-table tbody tr")).toHaveCount(18);
  expect(rules.filter((f) => !chunks.includes(f)), "every rules file fetched").toEqual([]);

  // Opened on the rules' address, the page's preload links start it.
  await page.goto("about:blank");
  await page.goto("/#/murderers-row/rules");
  await expect(page.locator(".card-table tbody tr")).toHaveCount(18);
  const initiators = await page.evaluate(() =>
    performance.getEntriesByType("resource")
      .filter((e) => /\/split_murderers_row_rules-[0-9a-f]+\.wasm$/.test(e.name))
      .map((e) => (e as PerformanceResourceTiming).initiatorType));
  expect(initiators).toEqual(["link"]);
});

// A table writes a finished game's replay code uncompressed (no game's chunk
// carries the compressor: src/replay/link.rs); the compressor's chunk loads
// when the game ends and shortens the code kept among the recent games, and
// the viewer shortens its address, so the link copied is the short one.
test("the compressor loads when a game ends, never with the table; the kept code and the viewer's address are short", async ({ page }) => {
  await skipTours(page);
  const chunks = chunkRequests(page);
  await page.goto("/#/dead-center/standard/1234");
  await expect(page.locator(".dc-board")).toBeVisible();
  const files = (name: string) =>
    page.locator(`meta[name="chunks:${name}"]`).getAttribute("content").then((c) => (c ?? "").split(" ").filter(Boolean));
  const own = new Set(await files("dead-center"));
  const compressor = (await files("replay-pack")).filter((f) => !own.has(f));
  expect(compressor.length, "the compressor has files of its own").toBeGreaterThan(0);
  await page.goto(`/#/dead-center/standard/${lost.seed}`);
  await playActions(page, lost.actions.slice(0, -1));
  expect(chunks.filter((c) => compressor.includes(c)), "nothing of the compressor before the end").toEqual([]);
  await playActions(page, lost.actions.slice(-1));
  const watch = page.getByRole("dialog").getByRole("link", { name: "Watch the replay" });
  const written = (await watch.getAttribute("href"))!.split("/replay/")[1];
  const kept = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem("gm.recent") ?? "{}")?.data?.games?.[0]?.code ?? "");
  await expect.poll(kept, { message: "the kept code is shortened" }).not.toEqual(written);
  expect(compressor.filter((f) => !chunks.includes(f)), "every compressor file fetched").toEqual([]);
  const short = await kept();
  expect(short.length).toBeLessThan(written.length / 2);
  await watch.click();
  await expect(page.locator(".replay-where")).toContainText(`Start of ${lost.actions.length} moves`);
  await expect(page).toHaveURL(new RegExp(`#/dead-center/replay/${short}$`));
});
