#!/usr/bin/env node
// How long opening the app takes beside the smallest Leptos page built the
// same way (tools/measure/bare-page/: one component, a heading and a button;
// the app's release profile, wasm-opt passes, wasm-bindgen, minifying, policy,
// service worker and compressed copies), in headless Chromium, and how many
// bytes each load moves. Per scenario, profile and cache state, `runs` loads
// of the app and `runs` of the bare page, interleaved (app, bare, app, …);
// prints the medians, the ratio app/bare and the bytes.
//
//   node tools/measure/load-ratio.mjs [runs]     (default 7; after a release build in dist/)
//   DIST=<dir> (another app build), BARE_DIST=<dir> (the bare page's build;
//   default $CARGO_TARGET_DIR/bare-page-dist, else target/bare-page-dist,
//   built with `trunk build --release --dist <dir>` in tools/measure/bare-page when
//   missing or older than its sources), ONLY=home,deal,new,mr-deal,sk-new,jk-new (some scenarios),
//   VERBOSE=1 (each run)
//
// Scenarios (the app's address; the bare page is always its one page):
//   home  #/                          usable: Home's first game link (`.game-list a.button`)
//   deal  #/dead-center/standard/1234 usable: the first card control the deal offers
//                                     (`.deck.ready, .zombie.target, .pile.target`: the deck at
//                                     the deal's start), i.e. once Dead Center's chunks are in
//   new   #/detective-graves/new      usable: the new-game screen's "Start game" button
//                                     (the new-game screens' chunk loaded, the screen drawn;
//                                     the game's chunks follow, not timed)
//   mr-deal #/murderers-row/5         usable: the row's first card (a button)
//   sk-new  #/serial-killer/new       usable: "Start game", as for Detective Graves
//   jk-new  #/joker/new               usable: "Start game", as for Detective Graves
//   bare page: its button (#bare-button). Its service worker is the app's
//   (tools/build/gen-sw.mjs and tools/build/sw.template.js as they are at its
//   build), registered on the load event as public/register-sw.js did when
//   this was written.
// A warm deal link resumes the deal its first visit saved.
// The tours are marked seen beforehand (as tools/measure/input-latency.mjs
// does): the screen measured is the table, not a tour over it.
//
// "Usable", in milliseconds from the navigation's start (performance.now()
// in the page, whose origin is the navigation's start): the end of the first
// frame in which the screen's main control exists, is enabled (not
// :disabled, aria-disabled, inert or hidden) and has a layout box. An init
// script (before any of the page's scripts) watches the document with a
// MutationObserver; once the control is in the DOM it checks it in a
// requestAnimationFrame callback (every frame until it is enabled and laid
// out: a stylesheet or an attribute may still be missing), and from that
// callback posts a message to itself: the message runs once that frame's
// rendering is done, and its performance.now() is the figure (as
// tools/measure/input-latency.mjs times a frame). The page reports it with a
// console.debug, so the tool polls nothing in the page while it loads.
//
// Profiles: desktop (1280×900, no throttling) and phone (390×844 at 3×,
// touch; CDP Emulation.setCPUThrottlingRate 4 and Network.emulateNetworkConditions
// 150 ms latency, 1.6 Mbps down, 750 kbps up, on the measured page).
// Cache states:
//   cold  a new browser context (no HTTP cache, no service worker): one load,
//         then the tool waits for the service worker to control the page
//         (for the bytes only; not timed);
//   warm  a new context whose first load (unthrottled, not timed) ran until
//         the service worker controlled the page; that page is closed and a
//         second one opens the same address: that load is timed (and checked
//         to be controlled by the service worker).
// Bytes, in kB (1000 bytes), medians over the runs:
//   page    the sum of CDP Network.loadingFinished encodedDataLength over the
//           measured page's responses (headers and body as received; the
//           service worker's own fetches are not the page's and are not in
//           it; responses the service worker answers count 0);
//   server  what the static server wrote on its sockets meanwhile (headers
//           included): every request that reached the network, the
//           service worker's own (its script, its precache on a first
//           visit, its update check) included.
// Both count, for a cold load, until the service worker controls the page;
// for a warm one, until usable.
// Network throttling applies to the page's requests, not the service
// worker's (CDP emulates per target): a first visit's precache runs at full
// speed, after the measured point.
//
// A report, not a test: timings depend on the machine and its load; the
// interleaving spreads that load over both pages alike.
import { chromium } from "playwright-core";
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { startServer } from "../../e2e/static-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const runs = Number(process.argv[2] || 7);
const appDist = resolve(process.env.DIST || join(root, "dist"));
const bareDist = resolve(
  process.env.BARE_DIST || join(process.env.CARGO_TARGET_DIR || join(root, "target"), "bare-page-dist"),
);
const verbose = !!process.env.VERBOSE;
const TIMEOUT = 120_000;

if (!existsSync(join(appDist, "index.html"))) {
  console.error(`load-ratio: ${appDist}/index.html not found: build the app first (trunk build --release)`);
  process.exit(1);
}
// The bare page is (re)built when its build is missing or older than what
// makes it (its sources, and the app's release steps it borrows), unless
// BARE_DIST names a build.
const BARE_SOURCES = [
  "tools/measure/bare-page/Cargo.toml", "tools/measure/bare-page/Cargo.lock", "tools/measure/bare-page/Trunk.toml",
  "tools/measure/bare-page/index.html", "tools/measure/bare-page/register-sw.js", "tools/measure/bare-page/src/main.rs",
  "tools/build/gen-sw.mjs", "tools/build/sw.template.js", "tools/build/minify.mjs", "tools/build/csp.mjs", "tools/build/compress.mjs",
];
const builtAt = (dir) => (existsSync(join(dir, "index.html")) ? statSync(join(dir, "index.html")).mtimeMs : 0);
const stale = !process.env.BARE_DIST && BARE_SOURCES.some((f) => statSync(join(root, f)).mtimeMs > builtAt(bareDist));
if (!existsSync(join(bareDist, "index.html")) || stale) {
  console.log(`load-ratio: building the bare page into ${bareDist}`);
  const built = spawnSync(
    "bash",
    ["-c", `. "$0/scripts/env.sh" && cd "$0/tools/measure/bare-page" && nice trunk build --release --dist "$1"`, root, bareDist],
    { stdio: "inherit" },
  );
  if (built.status !== 0 || !existsSync(join(bareDist, "index.html"))) {
    console.error("load-ratio: the bare page's build failed");
    process.exit(1);
  }
}

// A build replaced while it is measured (a rebuild into dist/) is reported
// at the end: copy it elsewhere first (DIST=<copy>) on a busy checkout.
const appBuiltAt = builtAt(appDist);

const SCENARIOS = [
  { id: "home", hash: "#/", usable: { selector: ".game-list a.button[href]" } },
  {
    id: "deal",
    hash: "#/dead-center/standard/1234",
    usable: { selector: ".dc-board .deck.ready, .dc-board .zombie.target, .dc-board .pile.target" },
  },
  { id: "new", hash: "#/detective-graves/new", usable: { selector: "button.primary", text: "Start game" } },
  // The other three games, so that every game's ratio is printed.
  { id: "mr-deal", hash: "#/murderers-row/5", usable: { selector: ".mr-row .mr-card" } },
  { id: "sk-new", hash: "#/serial-killer/new", usable: { selector: "button.primary", text: "Start game" } },
  { id: "jk-new", hash: "#/joker/new", usable: { selector: "button.primary", text: "Start game" } },
].filter((s) => !process.env.ONLY || process.env.ONLY.split(",").includes(s.id));
const BARE = { selector: "#bare-button" };
const GAMES = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];

const PROFILES = [
  { id: "desktop", context: { viewport: { width: 1280, height: 900 } } },
  {
    id: "phone",
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    cpu: 4,
    network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  },
];

/** Serves `dir`, counting what its sockets write. */
async function serve(dir) {
  const server = await startServer({ root: dir, port: 0 });
  const open = new Set();
  let closed = 0;
  server.server.on("connection", (socket) => {
    open.add(socket);
    socket.on("close", () => {
      closed += socket.bytesWritten;
      open.delete(socket);
    });
  });
  server.written = () => closed + [...open].reduce((n, s) => n + s.bytesWritten, 0);
  return server;
}

/** The init script: reports, by console.debug, when the control `selector`
 * (with the text `text`, if given) is first usable; see the header. */
function probe({ selector, text }) {
  const find = () => {
    for (const el of document.querySelectorAll(selector)) {
      if (!text || el.textContent.trim() === text) return el;
    }
    return null;
  };
  const usable = (el) =>
    el.isConnected &&
    !el.matches(":disabled") &&
    el.getAttribute("aria-disabled") !== "true" &&
    !el.closest("[inert], [hidden]") &&
    el.getClientRects().length > 0;
  let scheduled = false;
  let done = false;
  const frame = () => {
    scheduled = false;
    if (done) return;
    const el = find();
    if (!el) return; // gone again: the observer looks for it
    if (!usable(el)) return schedule(); // there, not yet shown or enabled
    done = true;
    observer.disconnect();
    // Runs once this frame's rendering is done.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => console.debug(`load-ratio:usable ${performance.now()}`);
    channel.port2.postMessage(null);
  };
  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(frame);
    }
  };
  const observer = new MutationObserver(() => {
    if (!scheduled && find()) schedule();
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["disabled", "aria-disabled", "inert", "hidden", "class", "style"],
  });
}

function seedSettings(ids) {
  try {
    if (localStorage.getItem("gm.settings") === null) {
      const data = { tours_seen: ids, motion: "System", computer_pace: "Fast" };
      localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
    }
  } catch {
    // about:blank has no storage.
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const servers = { app: await serve(appDist), bare: await serve(bareDist) };

/** Opens `url` in a new page of `context`, throttled as `profile` says;
 * resolves to { ms, page bytes } once the control is usable. */
async function timedLoad(context, profile, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e) => (bytes += e.encodedDataLength));
  await cdp.send("Network.enable");
  if (profile.cpu) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpu });
  if (profile.network) await cdp.send("Network.emulateNetworkConditions", profile.network);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const usable = page.waitForEvent("console", {
    predicate: (m) => m.text().startsWith("load-ratio:usable "),
    timeout: TIMEOUT,
  });
  await page.goto(url, { waitUntil: "commit", timeout: TIMEOUT });
  let ms = null;
  try {
    ms = Number((await usable).text().split(" ")[1]);
  } catch {
    // Never usable within TIMEOUT: reported as a failure.
  }
  return { page, cdp, ms, pageBytes: () => bytes, errors };
}

const waitForController = (page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        if (navigator.serviceWorker.controller) return done(true);
        navigator.serviceWorker.addEventListener("controllerchange", () => done(true), { once: true });
      }),
  );

/** One load of `kind` ("app" or "bare"), cold or warm; resolves to
 * { ms, page, server, controlled } (ms null if never usable). */
async function run(kind, scenario, profile, warm) {
  const server = servers[kind];
  const url = server.url + (kind === "app" ? scenario.hash : "");
  const context = await browser.newContext(profile.context);
  try {
    await context.addInitScript(seedSettings, GAMES);
    await context.addInitScript(probe, kind === "app" ? scenario.usable : BARE);
    if (warm) {
      const first = await timedLoad(context, {}, url);
      if (first.ms === null) return { ms: null, why: "first visit never usable" };
      await withTimeout(waitForController(first.page), 60_000, "no service worker on the first visit");
      await first.page.close();
    }
    const before = server.written();
    const load = await timedLoad(context, profile, url);
    let controlled = await load.page.evaluate(() => !!navigator.serviceWorker.controller).catch(() => false);
    if (!warm && load.ms !== null) {
      controlled = await withTimeout(waitForController(load.page), 60_000, "no service worker").catch(() => false);
    }
    // Let the last responses' loadingFinished arrive.
    await load.page.waitForTimeout(50);
    const result = { ms: load.ms, page: load.pageBytes(), server: server.written() - before, controlled, errors: load.errors };
    if (load.ms === null) result.why = `never usable${load.errors.length ? `: ${load.errors[0]}` : ""}`;
    return result;
  } finally {
    await context.close();
  }
}

function withTimeout(promise, ms, why) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(why)), ms))),
  ]).finally(() => clearTimeout(timer));
}

const median = (values) => {
  const v = values.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
const ms = (v) => (v === null ? "—" : v.toFixed(0)).padStart(7);
const kB = (v) => (v === null ? "—" : (v / 1000).toFixed(1)).padStart(7);

console.log(
  `load-ratio: ${runs} runs each, interleaved; app ${appDist}, bare ${bareDist}; ` +
    `Chromium ${browser.version()}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`,
);
console.log("usable: ms from navigation start to the end of the first frame with the main control enabled (medians)");
console.log("bytes: kB (1000 B); page = CDP encodedDataLength of the page's responses, server = all the server sent (service worker's fetches included)");
console.log("");
console.log("profile  load  scenario   app ms  bare ms  app/bare   app page  server  bare page  server   notes");
const started = Date.now();
try {
  for (const profile of PROFILES) {
    for (const warm of [false, true]) {
      for (const scenario of SCENARIOS) {
        const results = { app: [], bare: [] };
        for (let i = 0; i < runs; i++) {
          for (const kind of ["app", "bare"]) {
            const r = await run(kind, scenario, profile, warm).catch((e) => ({ ms: null, why: String(e.message || e) }));
            results[kind].push(r);
            if (verbose) {
              console.log(
                `  ${profile.id} ${warm ? "warm" : "cold"} ${scenario.id} ${kind} #${i + 1}: ${r.ms === null ? r.why : `${r.ms.toFixed(0)} ms`}, ` +
                  `page ${r.page ?? "—"} B, server ${r.server ?? "—"} B, controlled ${r.controlled}`,
              );
            }
          }
        }
        const m = (kind, key) => median(results[kind].map((r) => r[key] ?? null));
        const app = m("app", "ms");
        const bare = m("bare", "ms");
        const notes = [];
        for (const kind of ["app", "bare"]) {
          const failed = results[kind].filter((r) => r.ms === null);
          if (failed.length) notes.push(`${kind}: ${failed.length} never usable (${failed[0].why})`);
          if (warm) {
            const unc = results[kind].filter((r) => r.ms !== null && !r.controlled).length;
            if (unc) notes.push(`${kind}: ${unc} not controlled by the service worker`);
          } else {
            const unc = results[kind].filter((r) => r.ms !== null && !r.controlled).length;
            if (unc) notes.push(`${kind}: ${unc} with no service worker after the load`);
          }
        }
        console.log(
          `${profile.id.padEnd(8)} ${(warm ? "warm" : "cold").padEnd(5)} ${scenario.id.padEnd(8)} ${ms(app)}  ${ms(bare)}  ` +
            `${(app !== null && bare ? (app / bare).toFixed(2) : "—").padStart(8)}  ${kB(m("app", "page"))} ${kB(m("app", "server"))}  ` +
            `${kB(m("bare", "page"))} ${kB(m("bare", "server"))}   ${notes.join("; ")}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await servers.app.close();
  await servers.bare.close();
}
console.log(`\n(${((Date.now() - started) / 60000).toFixed(1)} min)`);
if (builtAt(appDist) !== appBuiltAt) console.log(`load-ratio: ${appDist} was rebuilt during the run: measure a copy`);
