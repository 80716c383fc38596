// Smoke tests of the app shell: page, manifest + icons, offline start from the
// service worker, and the "new version" banner. Against the release build.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { playHintedMove } from "./helpers/murderers-row";
import { startServer } from "./static-server.mjs";
import { skipTours } from "./helpers/tours";
import { chunkRequests } from "./helpers/chunks";

/** How long a new service worker may take to install (it caches the whole app). */
const INSTALL = 30_000;

test.beforeEach(async ({ page }) => skipTours(page));

// This spec is about the service worker: allowed here (blocked elsewhere,
// e2e/playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

/** Fails the test on uncaught page errors (e.g. a wasm panic). */
function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

/** Waits until a service worker controls the page (it claims on first install). */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
}

function pngSize(buf: Buffer): [number, number] {
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

test("page loads with its title and app root", async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto("./");
  await expect(page).toHaveTitle("Grave Matters");
  await expect(page.locator("#app")).toBeAttached();
  expect(errors).toEqual([]);
});

test("manifest is linked and fetchable with its icons", async ({ page, request }) => {
  await page.goto("./");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, page.url()).href;
  const res = await request.get(manifestUrl);
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "Grave Matters",
    short_name: "Grave Matters",
    start_url: "./",
    scope: "./",
    display: "standalone",
    background_color: "#1d2b22",
    theme_color: "#1d2b22",
  });
  const icons: { src: string; sizes: string; type: string; purpose?: string }[] = manifest.icons;
  const has = (sizes: string, purpose: string) =>
    icons.some((i) => i.sizes === sizes && (i.purpose ?? "any").split(" ").includes(purpose));
  expect(has("192x192", "any")).toBe(true);
  expect(has("512x512", "any")).toBe(true);
  expect(has("512x512", "maskable")).toBe(true);
  for (const icon of icons) {
    const r = await request.get(new URL(icon.src, manifestUrl).href);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()["content-type"]).toBe("image/png");
    const [w, h] = pngSize(await r.body());
    expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
  }
});

test("after the first visit the app starts offline from the service worker", async ({ page }) => {
  // Our own server, so that this test can stop it.
  const server = await startServer({ root: dist, port: 0 });
  try {
    await page.goto(server.url);
    await expect(page).toHaveTitle("Grave Matters");
    await waitForController(page);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const ours = keys.filter((k) => k.startsWith("grave-matters-"));
      const cache = await caches.open(ours[0]);
      return { ours, entries: (await cache.keys()).length };
    });
    expect(cached.ours).toHaveLength(1);
    expect(cached.entries).toBeGreaterThan(3);
  } finally {
    await server.close();
  }
  // The server is gone: everything must come from the service worker.
  const errors = trackErrors(page);
  const failed: string[] = [];
  page.on("requestfailed", (r) => failed.push(r.url()));
  await page.reload();
  await expect(page).toHaveTitle("Grave Matters");
  await expect(page.locator("#app")).toBeAttached();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
  // A deep link (single-page app route) also gets the cached shell.
  await page.goto(new URL("some/deep/link", server.url).href);
  await expect(page).toHaveTitle("Grave Matters");
});

test("a first visit downloads no file twice: the precache takes what the page fetched from the HTTP cache", async ({ page }) => {
  const sent = new Map<string, number>();
  // The shell counts as one file under either of its addresses.
  const count = (path: string) => {
    const file = path.endsWith("/") ? `${path}index.html` : path;
    sent.set(file, (sent.get(file) || 0) + 1);
  };
  const server = await startServer({ root: dist, port: 0, onSent: count });
  try {
    // A deal link: the shell, Dead Center's chunks and the table's files.
    await page.goto(`${server.url}#/dead-center/standard/8`);
    await expect(page.locator(".dc-board")).toBeVisible();
    await waitForController(page);
    const precached = await page.evaluate(async () => {
      const ours = (await caches.keys()).filter((k) => k.startsWith("grave-matters-"));
      return (await (await caches.open(ours[0])).keys()).length;
    });
    // Everything was precached, each file sent once at most.
    expect(precached).toBeGreaterThan(20);
    const twice = [...sent].filter(([, n]) => n > 1).map(([path, n]) => `${path} ×${n}`);
    expect(twice).toEqual([]);
    const wasm = [...sent.keys()].filter((p) => /grave-matters-[0-9a-f]+_bg\.wasm$/.test(p));
    expect(wasm).toHaveLength(1);
  } finally {
    await server.close();
  }
});

test("a new version shows a banner whose Reload activates it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // Serve a copy of the build so that it can be "redeployed" in place.
  const root = testInfo.outputPath("site");
  cpSync(dist, root, { recursive: true });
  const server = await startServer({ root, port: 0 });
  try {
    await page.goto(server.url);
    await waitForController(page);
    await expect(page.locator("#sw-update-banner")).toHaveCount(0);

    // Deploy a new version: a different sw.js (new cache name).
    const swPath = join(root, "sw.js");
    const oldSw = readFileSync(swPath, "utf8");
    // The cache name as tools/build/gen-sw.mjs writes it (the file is minified).
    const oldCache = /"(grave-matters-[0-9a-f]+)"/.exec(oldSw)![1];
    const newCache = `${oldCache}-next`;
    writeFileSync(swPath, oldSw.replace(`"${oldCache}"`, `"${newCache}"`));

    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg!.update();
    });
    const banner = page.locator("#sw-update-banner");
    // The banner comes once the new worker has installed, that is, fetched
    // and cached every file of the app: on a loaded machine that takes
    // longer than one of the page's own steps.
    await expect(banner).toBeVisible({ timeout: INSTALL });
    await expect(banner).toContainText("A new version is ready.");
    const button = banner.getByRole("button", { name: "Reload" });
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    const bannerBox = (await banner.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(bannerBox.x + bannerBox.width);

    // Reload -> SKIP_WAITING -> controllerchange -> one page reload.
    await Promise.all([page.waitForEvent("load"), button.click()]);
    await expect(page).toHaveTitle("Grave Matters");
    await expect(page.locator("#sw-update-banner")).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual([newCache]);
  } finally {
    await server.close();
  }
});

test("an update while a game is open in two tabs loses no move", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const root = testInfo.outputPath("site");
  cpSync(dist, root, { recursive: true });
  const server = await startServer({ root, port: 0 });
  const rows = (p: Page) => p.locator(".mr-card").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  const saved = (p: Page) => p.evaluate(() => localStorage.getItem("gm.save.murderers-row"));
  try {
    const deal = new URL("#/murderers-row/5", server.url).href;
    await page.goto(deal);
    await waitForController(page);
    const other = await context.newPage();
    const errors = [...trackErrors(page), ...trackErrors(other)];
    await other.goto(deal);
    await expect(other.locator(".mr-card").first()).toBeVisible();
    await playHintedMove(page);
    // The other tab takes the move made here, and says so.
    await other.getByRole("button", { name: "Continue from there" }).click();
    expect(await rows(other)).toEqual(await rows(page));

    // A new version arrives; both tabs offer it.
    const swPath = join(root, "sw.js");
    const oldSw = readFileSync(swPath, "utf8");
    const oldCache = /"(grave-matters-[0-9a-f]+)"/.exec(oldSw)![1];
    writeFileSync(swPath, oldSw.replace(`"${oldCache}"`, `"${oldCache}-next"`));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect(page.locator("#sw-update-banner")).toBeVisible({ timeout: INSTALL });
    await expect(other.locator("#sw-update-banner")).toBeVisible();

    // A move in the other tab while the update waits, then Reload here.
    await playHintedMove(other);
    const lastMove = await saved(other);
    const position = await rows(other);
    await Promise.all([page.waitForEvent("load"), other.waitForEvent("load"), page.locator("#sw-update-reload").click()]);
    for (const tab of [page, other]) {
      await expect(tab.locator(".mr-card").first()).toBeVisible();
      expect(await saved(tab)).toBe(lastMove);
      expect(await rows(tab)).toEqual(position);
    }
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([`${oldCache}-next`]);
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});

test("phone-sized screenshot (390x844)", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("./");
  await expect(page).toHaveTitle("Grave Matters");
  await expect(page.locator("#app")).toBeAttached();
  const path = testInfo.outputPath("phone-390x844.png");
  await page.screenshot({ path });
  await testInfo.attach("phone-390x844", { path, contentType: "image/png" });
});

test.describe("with service workers blocked (a browser or privacy setting)", () => {
  test.use({ serviceWorkers: "block" });
  test("the app runs as a plain page without any page error", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Joker" })).toBeVisible();
    // Registration runs after the load event; give its promise time to settle.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    await page.goto("/#/joker/new");
    await expect(page.getByRole("button", { name: "Start game" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("a game's code is a chunk of its own, loaded when first shown", () => {
  // page.route sees the page's own requests only, not a service worker's.
  test.use({ serviceWorkers: "block" });
  test("Home needs no game chunk; a chunk that cannot load says so, and Retry loads it", async ({ page }) => {
    const errors = trackErrors(page);
    const chunks = chunkRequests(page);
    let fail = true;
    // The game's own chunk and the packs of small shared ones all fail.
    await page.route(/\/(split_dead_center-[0-9a-f]+\.wasm|chunk_pack\d+-[0-9a-f]+\.bin)$/, (route) =>
      fail ? route.abort("internetdisconnected") : route.continue());
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dead Center" })).toBeVisible();
    expect(chunks).toEqual([]);

    await page.goto("/#/dead-center/rules");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Dead Center could not be loaded");
    fail = false;
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "Dead Center: how to play" })).toBeVisible();
    expect(chunks.some((c) => c.startsWith("split_dead_center-"))).toBe(true);
    const packs = chunks.filter((c) => c.startsWith("chunk_pack"));
    expect(packs.length, "packs of small chunks").toBeGreaterThan(0);
    for (const pack of new Set(packs)) {
      expect(packs.filter((p) => p === pack), `${pack}, asked for again after it failed`).toHaveLength(2);
    }
    expect(chunks.some((c) => c.startsWith("split_joker-"))).toBe(false);
    expect(errors).toEqual([]);
  });

  test("a deal link fetches its game's chunks at once, beside the app's module, each only once", async ({ page }) => {
    const errors = trackErrors(page);
    const chunks = chunkRequests(page);
    await page.goto("/#/dead-center/standard/1234");
    await expect(page.locator(".dc-board")).toBeVisible();
    // Started by the page's preload links (public/preload.js), not by the
    // app once it had started, and the chunk loader took those responses.
    const initiators = await page.evaluate(() =>
      performance.getEntriesByType("resource")
        .filter((e) => /\/split_dead_center-[0-9a-f]+\.wasm$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).initiatorType));
    expect(initiators).toEqual(["link"]);
    expect(chunks.filter((c) => c.startsWith("split_dead_center-"))).toHaveLength(1);
    // The small chunks come in the packs the game's files name.
    const listed = (await page.locator('meta[name="chunks:dead-center"]').getAttribute("content"))!.split(" ");
    expect(chunks.filter((c) => c.startsWith("chunk_pack")).sort()).toEqual(listed.filter((f) => f.startsWith("chunk_pack")).sort());
    expect(new Set(chunks).size, "no chunk fetched twice").toBe(chunks.length);
    expect(chunks.some((c) => c.startsWith("split_joker-"))).toBe(false);
    expect(errors).toEqual([]);
  });
});
