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

/** The files `part` of `game` needs beyond the game's own (and beyond
 * those of the screens named in `also`). */
async function onlyFor(page: Page, game: string, part: string, also: string[] = []): Promise<string[]> {
  const files = (name: string) =>
    page.locator(`meta[name="chunks:${name}"]`).getAttribute("content").then((c) => (c ?? "").split(" ").filter(Boolean));
  const own = new Set((await Promise.all([game, ...also].map(files))).flat());
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
  // The new-game screen the table starts from may share small pieces with
  // the transport (whether this browser can connect, say).
  const transport = await onlyFor(page, "joker", "remote", ["new-game"]);
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

// A new-game link of Serial Killer, Joker or Detective Graves draws its
// screen from the chunk of new-game screens (`new-game`), with none of the
// game's code: the page preloads that chunk alone, and the app fetches the
// game's once the screen is drawn. Start waits for it, and says so if it
// cannot come. Dead Center's and Murderers' Row's are their games' own.
test("a new-game screen draws without its game's chunk; Start loads it, or says why not", async ({ page }) => {
  const chunks = chunkRequests(page);
  const gameChunk = /\/split_serial_killer-[0-9a-f]+\.wasm$/;
  await page.route(gameChunk, (route) => route.abort());
  await page.goto("/#/serial-killer/new");
  await expect(page.getByRole("heading", { name: "Who plays?" })).toBeVisible();
  const start = page.getByRole("button", { name: "Start game" });
  await expect(start).toBeEnabled();
  // The game's own chunk was asked for once the screen was drawn (and failed).
  await expect.poll(() => chunks.some((c) => c.startsWith("split_serial_killer-"))).toBe(true);

  await start.click();
  await expect(page.getByRole("status").filter({ hasText: "could not be loaded" })).toHaveText(
    "Serial Killer could not be loaded. Check your connection and try again.",
  );
  await expect(page).toHaveURL(/#\/serial-killer\/new$/);

  await page.unroute(gameChunk);
  await page.getByRole("textbox", { name: "Name of seat 1" }).fill("Ana");
  await start.click();
  await expect(page).toHaveURL(/#\/serial-killer$/);
  await expect(page.getByText("Ana").first()).toBeVisible();
  // The seats are remembered for the next new game.
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem("gm.settings")!).data.table_seats[0].name);
  expect(remembered).toBe("Ana");
});

test("each new-game address preloads what its screen is drawn from", async ({ page }) => {
  const preloaded = () =>
    page.evaluate(() =>
      performance.getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === "link")
        .map((e) => new URL(e.name).pathname.slice(1).replace(/-[0-9a-f]+\.(wasm|bin)$/, "")));
  for (const [game, file, drawn] of [
    ["serial-killer", "split_new_game", page.getByRole("heading", { name: "Who plays?" })],
    ["joker", "split_new_game", page.getByRole("heading", { name: "Who plays?" })],
    ["detective-graves", "split_new_game", page.getByRole("heading", { name: "Who plays?" })],
    ["dead-center", "split_dead_center", page.getByRole("heading", { name: "New Dead Center game" })],
    ["murderers-row", "split_murderers_row", page.getByRole("heading", { name: "New Murderers' Row game" })],
  ] as const) {
    await page.goto("about:blank");
    await page.goto(`/#/${game}/new`);
    await expect(drawn).toBeVisible();
    const links = await preloaded();
    expect(links, game).toContain(file);
    // A screen apart preloads none of its game's own files.
    if (file === "split_new_game") expect(links, game).not.toContain(`split_${game.replaceAll("-", "_")}`);
  }
});

// Each game's table styles are a stylesheet of its own, a dependency of the
// game's module: Home fetches none, a table its own and no other, and the
// table is drawn only once its styles can apply.
test("Home loads no game's stylesheet; a table waits for its own, and says so if it cannot come", async ({ page }) => {
  const sheets: string[] = [];
  page.on("request", (r) => {
    const name = new URL(r.url()).pathname.slice(1);
    if (/^split_.*\.css$/.test(name)) sheets.push(name.replace(/-[0-9a-f]+\.css$/, ""));
  });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "New game" })).toHaveCount(5);
  expect(sheets).toEqual([]);

  const sheet = /\/split_murderers_row-[0-9a-f]+\.css$/;
  await page.route(sheet, (route) => route.abort());
  await page.goto("/#/murderers-row/5");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Murderers' Row could not be loaded");
  await expect(page.locator(".mr-row")).toHaveCount(0);

  await page.unroute(sheet);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.locator(".mr-row .mr-card").first()).toBeVisible();
  // Its rules apply: the row is one line of cards on the felt.
  expect(await page.locator(".mr-row").evaluate((row) => getComputedStyle(row).display)).toBe("flex");
  expect([...new Set(sheets)]).toEqual(["split_murderers_row"]);
});

test("leaving a new-game screen while its game's chunk is on its way starts no game", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/split_serial_killer-[0-9a-f]+\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/#/serial-killer/new");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Starting…" })).toBeVisible();
  await page.evaluate(() => (location.hash = "#/"));
  await expect(page.getByRole("link", { name: "New game" })).toHaveCount(5);
  release();
  // The chunk has loaded once the game's records are read (their summary written).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("gm.summary.serial-killer"))).not.toBeNull();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  expect(await page.evaluate(() => localStorage.getItem("gm.save.serial-killer"))).toBeNull();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole("link", { name: /Continue/ })).toHaveCount(0);
});
