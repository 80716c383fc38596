#!/usr/bin/env node
// Measures whether a table's memory stays flat as it is played: per game,
// taps its table (tools/measure/taps.mjs: the same taps as
// tools/measure/input-latency.mjs) and, after a forced garbage collection,
// reads the JavaScript heap, the WebAssembly memory and the DOM nodes alive
// (attached to the page, and all of them: the difference is detached nodes
// something still holds), after a warm-up and then every `step` taps. Prints
// the growth per tap and over the run. WebAssembly memory only grows (the
// allocator reuses it, the browser never shrinks it), so a table that keeps
// nothing grows it in the warm-up and then not at all. Last, the game is
// reloaded from its save: what the same game needs afresh, against what
// playing it kept.
//
//   node tools/measure/memory.mjs [taps-per-game] [step]     (default 600 100; after a release build in dist/)
//   ONLY=<game> (one game), DIST=<dir> (another build, for before/after)
//
// A report, not a test.
import { chromium } from "playwright-core";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";
import { keepWasmMemory, plays, tapTimes, wasmBytes } from "./taps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const taps = Number(process.argv[2] || 600);
const step = Number(process.argv[3] || 100);
const WARM_UP = 30;
const GAMES = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];
const server = await startServer({ root: process.env.DIST || join(root, "dist"), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const base = `http://127.0.0.1:${server.port}/`;

async function newPage() {
  // No service worker: it would precache every file meanwhile.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
  await context.addInitScript((ids) => {
    if (localStorage.getItem("gm.settings") === null) {
      const data = { tours_seen: ids, motion: "System", computer_pace: "Fast" };
      localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
    }
  }, GAMES);
  await context.addInitScript(keepWasmMemory);
  return context.newPage();
}

/** The page's memory now, after a full garbage collection. */
async function measure(page, cdp) {
  // Twice, with a pause between: what the first collection finds
  // unreachable may hold WebAssembly closures that are freed only by the
  // finalizers it schedules (wasm-bindgen's weak references).
  await cdp.send("HeapProfiler.collectGarbage");
  await page.waitForTimeout(300);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = await cdp.send("Runtime.getHeapUsage");
  const { nodes } = await cdp.send("Memory.getDOMCounters");
  const attached = await page.evaluate(() => document.getElementsByTagName("*").length);
  return { heap: heap.usedSize, wasm: await wasmBytes(page), nodes, attached };
}

const MiB = (b) => (b / 1048576).toFixed(2);
try {
  console.log("game              taps   JS heap MiB   wasm MiB   nodes (attached)   growth per tap after the warm-up");
  for (const game of process.env.ONLY ? [process.env.ONLY] : GAMES) {
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    const selectors = await plays[game](page, base);
    await page.waitForTimeout(500);
    let tapped = 0;
    const play = async (n) => {
      tapped += await tapTimes(page, selectors, n, 30);
    };
    await play(WARM_UP);
    const first = await measure(page, cdp);
    const row = (m) =>
      `${game.padEnd(17)} ${String(tapped).padStart(4)}   ${MiB(m.heap).padStart(11)}   ${MiB(m.wasm).padStart(8)}   ${String(m.nodes).padStart(5)} (${String(m.attached).padStart(4)})`;
    console.log(row(first));
    let last = first;
    while (tapped < taps) {
      await play(Math.min(step, taps - tapped));
      last = await measure(page, cdp);
      const n = tapped - WARM_UP;
      console.log(
        `${row(last)}   heap ${((last.heap - first.heap) / n / 1024).toFixed(1)} KiB, wasm ${((last.wasm - first.wasm) / n / 1024).toFixed(1)} KiB, ${((last.nodes - last.attached - (first.nodes - first.attached)) / n).toFixed(2)} detached nodes`,
      );
    }
    console.log(
      `${game}: over ${tapped - WARM_UP} taps, JS heap ${MiB(last.heap - first.heap)} MiB, wasm ${MiB(last.wasm - first.wasm)} MiB, detached nodes ${last.nodes - last.attached - (first.nodes - first.attached)}`,
    );
    // What the same game needs afresh: a reload of its save. Far less than
    // after the taps means memory kept by playing, not by the game's size.
    const save = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("gm.save.")) || "")?.length ?? 0);
    await page.reload();
    await page.waitForTimeout(1500);
    const fresh = await measure(page, cdp);
    console.log(`${game}: its save is ${(save / 1024).toFixed(1)} KiB; reloaded, wasm ${MiB(fresh.wasm)} MiB against ${MiB(last.wasm)} MiB after the taps`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
