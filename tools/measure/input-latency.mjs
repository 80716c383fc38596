#!/usr/bin/env node
// Measures, in headless Chromium with animations on (the Normal setting),
// how long a tap takes to show its result, and how much of that is the
// app's own work. Plays a Dead Center game, a Murderers' Row game, Serial
// Killer draws, Joker probes and Detective Graves turns by tapping the
// table, and prints per game, in milliseconds (median, 95th percentile and
// worst):
//   - app work: the click's handlers (the engine, the signals and the DOM
//     updates they make) plus the rendering of the next frame on the page's
//     thread (style, layout, paint; timed from that frame's animation
//     callback to a message posted from it, which runs once rendering is
//     done). Under 16.7 ms, a tap's new state is in the next frame at 60 Hz;
//   - to next frame: from the input event to the end of that frame, the
//     browser's frame scheduling and software raster included;
// and the same end-to-end figure for a bare page (one button counting its
// taps) in the same browser: the floor this machine puts under every page.
// By the browser's own Event Timing, also how many taps were painted 16 ms
// or more after their input (what Interaction to Next Paint counts).
//
//   node tools/measure/input-latency.mjs [taps-per-game]     (default 40; after a release build in dist/)
//   MOTION=Reduced (animations off, to compare), ONLY=<game> (one game),
//   EXTRA_CSS='<rules>' (a style change tried without a rebuild),
//   TRACE=1 (where the page's thread spends its time, per game)
//
// A report, not a test: timings depend on the machine and its load.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";
import { plays, tapFirst } from "./taps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const taps = Number(process.argv[2] || 40);
// DIST=<dir> measures another build (for before/after pairs in one run).
const server = await startServer({ root: process.env.DIST || join(root, "dist"), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const base = `http://127.0.0.1:${server.port}/`;
const GAMES = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];
// MOTION=Reduced measures with animations off, for comparison; ONLY=<game>
// measures one game.
const MOTION = process.env.MOTION || "System";
const MEASURED = process.env.ONLY ? [process.env.ONLY] : GAMES;

/** Records, for every pointerdown on the page, the time from the event to
 * the end of the frame after it. */
function instrument() {
  window.latencies = [];
  // The browser's own measure (Event Timing, as for Interaction to Next
  // Paint): every tap whose next paint came 16 ms or more after the input.
  window.slow = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.slow.push([e.interactionId, e.duration, e.processingEnd - e.processingStart]);
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  window.work = [];
  addEventListener(
    "pointerdown",
    (event) => {
      const start = event.timeStamp;
      const control = event.target.closest?.("button, a, [role=button]");
      const what = (control?.getAttribute("aria-label") || control?.textContent || "?").trim().slice(0, 40);
      // The click's handlers run between this window's capturing listener
      // and its bubbling one (the app's listeners are on the document, and
      // the DOM updates they cause run as microtasks after each listener).
      let handling = 0;
      addEventListener("click", () => (handling = performance.now()), { once: true, capture: true });
      // Once the click has been handled, wait for the next frame and for
      // the task after its rendering.
      addEventListener(
        "click",
        () => {
          const handlers = performance.now() - handling;
          requestAnimationFrame(() => {
            const frame = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const now = performance.now();
              window.latencies.push(now - start);
              window.work.push(handlers + (now - frame));
              if (handlers + (now - frame) > 1000 / 60) (window.overFrame ||= []).push(`${what} (${(handlers + (now - frame)).toFixed(1)})`);
            };
            channel.port2.postMessage(null);
          });
        },
        { once: true, capture: false },
      );
    },
    { capture: true },
  );
}

async function newPage() {
  // EXTRA_CSS tries a style change without a rebuild (the page's policy is
  // set aside for it).
  const extra = process.env.EXTRA_CSS;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: !!extra });
  if (extra) {
    await context.addInitScript((css) => {
      addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.append(style);
      });
    }, extra);
  }
  await context.addInitScript(([ids, motion]) => {
    if (localStorage.getItem("gm.settings") === null) {
      const data = { tours_seen: ids, motion, computer_pace: "Fast" };
      localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
    }
  }, [GAMES, MOTION]);
  await context.addInitScript(instrument);
  return context.newPage();
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), worst: sorted[sorted.length - 1], overFrame: sorted.filter((v) => v > 1000 / 60).length };
}

/** Prints where the page's thread spent its time over a traced game, per
 * tap (animation frames between taps included), the largest first. */
function mainThreadTime(path, taps) {
  const trace = JSON.parse(readFileSync(path, "utf8"));
  const events = trace.traceEvents || trace;
  const main = new Set(
    events.filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const total = {};
  for (const e of events) {
    if (e.ph === "X" && main.has(`${e.pid}:${e.tid}`)) total[e.name] = (total[e.name] || 0) + e.dur / 1000;
  }
  const top = Object.entries(total).sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`  ${path}: page thread per tap: ${top.map(([name, ms]) => `${name} ${(ms / Math.max(taps, 1)).toFixed(1)}`).join(", ")} (ms; RunTask holds the rest)`);
}

/** The floor: a bare page whose one button counts its taps, measured the
 * same way (end to end, and its work). */
async function barePage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(`${base}bare-page-for-input-latency`).catch(() => {});
  await page.setContent(`<button id="b" style="width:200px;height:80px">0</button>`);
  await page.evaluate(instrument);
  await page.evaluate(() => {
    const b = document.getElementById("b");
    b.addEventListener("click", () => (b.textContent = String(Number(b.textContent) + 1)));
  });
  for (let i = 0; i < taps; i++) {
    await page.click("#b");
    await page.waitForTimeout(120);
  }
  const s = summary(await page.evaluate(() => window.latencies));
  const w = summary(await page.evaluate(() => window.work));
  await context.close();
  return { s, w };
}

const f = (v) => v.toFixed(1).padStart(6);
function row(name, s, w, events) {
  console.log(`${name.padEnd(17)} ${String(s.n).padStart(4)}  ${f(w.median)} ${f(w.p95)} ${f(w.worst)} ${String(w.overFrame).padStart(6)}   ${f(s.median)} ${f(s.p95)} ${f(s.worst)}   ${events}`);
}

try {
  console.log("                         app work (ms)                    to the end of the next frame (ms)   Event Timing: taps painted");
  console.log("game              taps  median    p95  worst  >16.7   median    p95  worst   16 ms or more after (worst)");
  const bare = await barePage();
  row("bare page", bare.s, bare.w, "");
  for (const game of MEASURED) {
    const page = await newPage();
    const selectors = await plays[game](page, base);
    await page.waitForTimeout(500);
    const trace = process.env.TRACE ? `/tmp/input-latency-${game}.json` : null;
    if (trace) await browser.startTracing(page, { path: trace, categories: ["devtools.timeline"] });
    for (let i = 0; i < taps * 3 && (await page.evaluate(() => window.latencies.length)) < taps; i++) {
      if (!(await tapFirst(page, selectors))) await page.waitForTimeout(50);
      // Let the app settle (computer players, the solver) between taps, as a
      // person's taps are spaced.
      await page.waitForTimeout(120);
    }
    const s = summary(await page.evaluate(() => window.latencies));
    const w = summary(await page.evaluate(() => window.work));
    const slow = new Map();
    let handlers = [];
    for (const [id, d, p] of await page.evaluate(() => window.slow)) {
      slow.set(id, Math.max(d, slow.get(id) || 0));
      handlers.push(p);
    }
    const worstSlow = Math.max(0, ...slow.values());
    handlers = summary(handlers.length ? handlers : [0]);
    if (trace) {
      await browser.stopTracing();
      mainThreadTime(trace, s.n);
    }
    const over = await page.evaluate(() => window.overFrame || []);
    if (over.length) console.log(`  over a frame: ${over.join("; ")}`);
    row(game, s, w, `${slow.size} (${worstSlow} ms; handlers median ${handlers.median.toFixed(1)}, worst ${handlers.worst.toFixed(1)} ms)`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
