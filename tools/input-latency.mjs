#!/usr/bin/env node
// Measures, in headless Chromium with animations on (the Normal setting),
// how long a tap takes to show its result: from the input event to the end
// of the next frame the browser renders after it (the frame's paint is
// approximated by a message posted from that frame's animation callback,
// which runs once rendering is done). Plays a Dead Center game, a Murderers'
// Row game, Serial Killer draws, Joker probes and Detective Graves turns by
// tapping the table, then prints, per game, the number of taps, the median,
// the 95th percentile and the worst, in milliseconds, and how many took
// longer than one 60 Hz frame (16.7 ms); and, by the browser's own Event
// Timing, how many taps were painted 16 ms or more after their input (the
// interactions Interaction to Next Paint would count), with the worst.
//
//   node tools/input-latency.mjs [taps-per-game]     (default 40; after a release build in dist/)
//   MOTION=Reduced (animations off, to compare) and ONLY=<game> (one game)
//
// A report, not a test: timings depend on the machine and its load.
import { chromium } from "playwright-core";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../e2e/static-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const taps = Number(process.argv[2] || 40);
const server = await startServer({ root: join(root, "dist"), port: 0 });
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
  addEventListener(
    "pointerdown",
    (event) => {
      const start = event.timeStamp;
      // Once the click that follows has been handled, wait for the next frame
      // and for the task after its rendering.
      addEventListener(
        "click",
        () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => window.latencies.push(performance.now() - start);
            channel.port2.postMessage(null);
          }),
        { once: true, capture: false },
      );
    },
    { capture: true },
  );
}

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(([ids, motion]) => {
    if (localStorage.getItem("gm.settings") === null) {
      const data = { tours_seen: ids, motion, computer_pace: "Fast" };
      localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
    }
  }, [GAMES, MOTION]);
  await context.addInitScript(instrument);
  return context.newPage();
}

/** Taps the first control matching one of `selectors` that is visible; false
 * if none is. */
async function tapFirst(page, selectors) {
  for (const selector of selectors) {
    const control = page.locator(selector).first();
    if (await control.isVisible().catch(() => false)) {
      await control.click({ timeout: 2_000 }).catch(() => {});
      return true;
    }
  }
  return false;
}

async function startTable(page, game) {
  await page.goto(`${base}#/${game}/new`);
  for (const n of [1, 2]) await page.getByRole("combobox", { name: `Who plays seat ${n}` }).selectOption("person");
  await page.getByRole("button", { name: "Start game" }).click();
}

const handOver = 'button:text-matches("^I am .+: continue$")';
const plays = {
  "dead-center": async (page) => {
    let seed = 1;
    await page.goto(`${base}#/dead-center/standard/${seed}`);
    return [".zombie.target", ".pile.target", ".deck.ready", 'button:text("End turn"):not(.unavailable)', 'button:text("New deal")'];
  },
  "murderers-row": async (page) => {
    await page.goto(`${base}#/murderers-row/5`);
    return ['button:text("Confirm")', 'button:text("← Left")', ".mr-card.target", ".mr-card.active", 'button:text("Same deal")'];
  },
  "serial-killer": async (page) => {
    await startTable(page, "serial-killer");
    return [handOver, ".choices .button.primary", ".choices .button"];
  },
  joker: async (page) => {
    await startTable(page, "joker");
    return [handOver, ".jk-answers .button", ".jk-grid button.face-down", ".jk-grid button"];
  },
  "detective-graves": async (page) => {
    await startTable(page, "detective-graves");
    return [handOver, 'button:text("End my turn")', 'button:text-is("Pass")', ".dg-hand button"];
  },
};

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), worst: sorted[sorted.length - 1], overFrame: sorted.filter((v) => v > 1000 / 60).length };
}

try {
  console.log("                  to the end of the next frame (ms)        Event Timing: taps painted");
  console.log("game              taps  median    p95  worst  over 16.7     16 ms or more after (worst)");
  for (const game of MEASURED) {
    const page = await newPage();
    const selectors = await plays[game](page);
    await page.waitForTimeout(500);
    for (let i = 0; i < taps * 3 && (await page.evaluate(() => window.latencies.length)) < taps; i++) {
      if (!(await tapFirst(page, selectors))) await page.waitForTimeout(50);
      // Let the app settle (computer players, the solver) between taps, as a
      // person's taps are spaced.
      await page.waitForTimeout(120);
    }
    const s = summary(await page.evaluate(() => window.latencies));
    const slow = new Map();
    let handlers = [];
    for (const [id, d, p] of await page.evaluate(() => window.slow)) {
      slow.set(id, Math.max(d, slow.get(id) || 0));
      handlers.push(p);
    }
    const worstSlow = Math.max(0, ...slow.values());
    handlers = summary(handlers.length ? handlers : [0]);
    const f = (v) => v.toFixed(1).padStart(6);
    console.log(`${game.padEnd(17)} ${String(s.n).padStart(4)} ${f(s.median)} ${f(s.p95)} ${f(s.worst)} ${String(s.overFrame).padStart(10)}     ${slow.size} (${worstSlow} ms; handlers median ${handlers.median.toFixed(1)}, worst ${handlers.worst.toFixed(1)} ms)`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
