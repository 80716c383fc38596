#!/usr/bin/env node
// Measures a table game's computer players in the browser: a full table of
// Strong computers (six for Serial Killer, four for Joker, two for Detective Graves; where Strong
// Vigilantes against a Strong Informant are the costliest decisions) play
// at the fast pace while Chromium records the page's main thread; prints
// the longest tasks (a computer's decision and the redraw after it run in
// one task) and the longest gap between frames.
//
//   node tools/measure/measure-bots.mjs [seconds] [serial-killer|joker|detective-graves] [Strong|Simple]
//                          (default 15 s, Serial Killer, Strong; after a release build)
//   DIST=<dir> (another build, for before/after pairs)
// With Simple computers, what is left is the cost of drawing the table.
import { chromium } from "playwright-core";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const seconds = Number(process.argv[2] || 15);
const game = process.argv[3] || "serial-killer";
const level = process.argv[4] || "Strong";
const seats = { joker: 4, "detective-graves": 2 }[game] || 6;
const server = await startServer({ root: process.env.DIST || join(root, "dist"), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const tracePath = join(mkdtempSync(join(tmpdir(), "bots-")), "trace.json");
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const base = `http://127.0.0.1:${server.port}/`;
  await page.goto(`${base}#/settings`);
  await page.getByRole("group", { name: "Computer players' pace" }).getByRole("radio", { name: "Fast" }).check();
  await page.goto(`${base}#/${game}/new`);
  const names = page.getByRole("textbox", { name: /^Name of seat/ });
  await names.first().waitFor(); // the game's chunk has loaded
  while ((await names.count()) < seats) await page.getByRole("button", { name: "Add a seat" }).click();
  for (let n = 1; n <= seats; n++) {
    const select = page.getByRole("combobox", { name: `Who plays seat ${n}` });
    const value = await select.locator("option", { hasText: level }).getAttribute("value");
    await select.selectOption(value);
  }
  // The longest game keeps both computers busy; each case's result waits
  // for a tap, given below.
  if (game === "detective-graves") await page.getByRole("radio", { name: "The Long Haul: 6 cases" }).check();
  await page.getByRole("button", { name: "Start game" }).click();
  await page.waitForURL(new RegExp(`#/${game}$`));
  await page.evaluate(() => {
    const w = window;
    w.__gap = 0;
    let last = performance.now();
    const tick = (now) => {
      w.__gap = Math.max(w.__gap, now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await browser.startTracing(page, { path: tracePath, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await page.waitForTimeout(250);
    const next = page.getByRole("button", { name: /^Start case \d+$/ });
    if (await next.isVisible()) await next.click();
  }
  await browser.stopTracing();
  const gap = await page.evaluate(() => window.__gap);
  const events = JSON.parse(readFileSync(tracePath, "utf8")).traceEvents;
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const run = events.filter((e) => e.name === "RunTask" && e.tid === main.tid && e.pid === main.pid && e.dur);
  // Wall time, and the thread's own CPU time (what a busy machine does not
  // stretch: another process taking the core adds to the first only).
  const tasks = run.map((e) => e.dur / 1000).sort((a, b) => b - a);
  const cpu = run.map((e) => (e.tdur ?? e.dur) / 1000).sort((a, b) => b - a);
  const log = await page.locator("ol[aria-label='Game log, newest first'] li").count();
  // How far the computers got (Detective Graves: the case number).
  const body = await page.locator("body").innerText();
  const cases = (body.match(/Case \d+ of \d+/) || [""])[0];
  console.log(`${log} log lines shown at the end of ${seconds} s${cases ? `, ${cases}` : ""}; main-thread tasks over 16 ms: ${tasks.filter((t) => t > 16).length}; longest: ${tasks.slice(0, 8).map((t) => t.toFixed(1)).join(", ")} ms (CPU time: ${cpu.slice(0, 8).map((t) => t.toFixed(1)).join(", ")} ms); longest frame gap ${gap.toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
}
