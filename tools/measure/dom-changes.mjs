#!/usr/bin/env node
// How much of the page each tap changes: plays one game by tapping its
// table (as tools/measure/input-latency.mjs does, tools/measure/taps.mjs)
// and counts, per tap, the nodes added and removed, the attributes set and
// the texts changed, with a MutationObserver on the whole document. A tap
// that changes far more than what it shows (a table drawn again just
// before a hand-over screen covers it) costs layout and paint: this finds
// it, where timings only say that a tap got slower. Two builds compare
// well on the same game (each new game is dealt at random, so compare
// over many taps, or look at the taps of one kind with EACH=1).
//
//   node tools/measure/dom-changes.mjs [game] [taps]   (default joker, 30; after a release build in dist/)
//   DIST=<dir> (another build), EACH=1 (every tap: the control and its changes),
//   WHICH=1 (the attributes set, by element class, over the game)
//
// A report, not a test.
import { chromium } from "playwright-core";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";
import { plays } from "./taps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const game = process.argv[2] || "joker";
const taps = Number(process.argv[3] || 30);
const dist = process.env.DIST || join(root, "dist");
if (!plays[game]) {
  console.error(`dom-changes: no game ${game} (${Object.keys(plays).join(", ")})`);
  process.exit(2);
}
const server = await startServer({ root: dist, port: 0 });
const base = `http://127.0.0.1:${server.port}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
// No tour, the computers fast (as the latency tool plays).
await context.addInitScript((ids) => {
  if (localStorage.getItem("gm.settings") === null) {
    const data = { tours_seen: ids, motion: "System", computer_pace: "Fast" };
    localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
  }
}, Object.keys(plays));
await context.addInitScript(() => {
  window.changes = { added: 0, removed: 0, attributes: 0, texts: 0 };
  window.attributesSet = {};
  addEventListener("DOMContentLoaded", () => {
    new MutationObserver((list) => {
      for (const m of list) {
        if (m.type === "childList") {
          window.changes.added += m.addedNodes.length;
          window.changes.removed += m.removedNodes.length;
        } else if (m.type === "attributes") {
          window.changes.attributes++;
          const key = `${m.target.getAttribute("class") || m.target.tagName} @${m.attributeName}`;
          window.attributesSet[key] = (window.attributesSet[key] || 0) + 1;
        } else window.changes.texts++;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
});
const page = await context.newPage();
const selectors = await plays[game](page, base);
await page.waitForTimeout(500);
await page.evaluate(() => (window.attributesSet = {}));

const total = { added: 0, removed: 0, attributes: 0, texts: 0 };
let made = 0;
for (let tries = 0; made < taps && tries < taps * 3; tries++) {
  await page.evaluate(() => (window.changes = { added: 0, removed: 0, attributes: 0, texts: 0 }));
  let tapped = null;
  for (const selector of selectors) {
    const control = page.locator(selector).first();
    if (await control.isVisible().catch(() => false)) {
      const name = (await control.getAttribute("aria-label").catch(() => null)) || (await control.textContent().catch(() => "")) || "?";
      await control.click({ timeout: 2_000 }).catch(() => {});
      tapped = name.trim().slice(0, 40);
      break;
    }
  }
  // The tap's changes, and those of the computers' turns it set off.
  await page.waitForTimeout(tapped ? 150 : 50);
  if (!tapped) continue;
  made++;
  const changes = await page.evaluate(() => window.changes);
  for (const key of Object.keys(total)) total[key] += changes[key];
  if (process.env.EACH) console.log(`  ${tapped.padEnd(40)} ${JSON.stringify(changes)}`);
}
if (process.env.WHICH) {
  const set = Object.entries(await page.evaluate(() => window.attributesSet)).sort((a, b) => b[1] - a[1]);
  for (const [key, n] of set.slice(0, 20)) console.log(`  ${String(n).padStart(5)}  ${key}`);
}
const per = (n) => (n / Math.max(made, 1)).toFixed(1);
console.log(`${game}: ${made} taps; per tap: ${per(total.added)} nodes added, ${per(total.removed)} removed, ${per(total.attributes)} attributes set, ${per(total.texts)} texts changed`);
await browser.close();
process.exit(0);
