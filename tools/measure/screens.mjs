#!/usr/bin/env node
// Screenshots of Home and each game's table at phone, tablet and desktop
// sizes, in the light and the dark theme: what to look at after a change of
// looks, and the before/after pairs of a redesign.
//
//   node tools/measure/screens.mjs <out-dir> [Legend=Option ...]   (after a release build in dist/)
//   DIST=<dir> node tools/measure/screens.mjs <out-dir>            (another build's pictures)
//
// Each Legend=Option is chosen in Settings first, as a player would, e.g.
//   node tools/measure/screens.mjs /tmp/large "Card size=Large" "Card backs=Midnight"
//
// Writes <screen>-<width>x<height>-<theme>.png, at the five sizes every table
// must fit (SIZES=390x844,1024x768 for some of them; ONLY=dead-center for
// one screen). With TOURS=1 in the
// environment, each table shows its first-run tour, as on a first visit.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = process.argv[2];
if (!out) {
  console.error("usage: node tools/measure/screens.mjs <out-dir>");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// DIST=<dir> takes another build's pictures (e.g. an earlier version's, for
// before/after pairs).
const server = await startServer({ root: process.env.DIST || join(root, "dist"), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const base = `http://127.0.0.1:${server.port}/`;

/** Starts a table game with two people and shows the first one's table. */
async function table(page, game) {
  await page.goto(`${base}#/${game}/new`);
  for (const n of [1, 2]) await page.getByRole("combobox", { name: `Who plays seat ${n}` }).selectOption("person");
  await page.getByRole("button", { name: "Start game" }).click();
  // Serial Killer has no secrets, so no hand-over; the others have one.
  const handOver = page.getByRole("button", { name: /^I am .+: continue$/ });
  await handOver.click({ timeout: 3_000 }).catch(() => {});
}

const handOver = 'button:text-matches("^I am .+: continue$")';

/** Taps, `taps` times, the first visible control matching one of
 * `selectors` (in that order of preference). */
async function tapThrough(page, selectors, taps) {
  for (let i = 0; i < taps; i++) {
    for (const selector of selectors) {
      const control = page.locator(selector).first();
      if (await control.isVisible().catch(() => false)) {
        await control.click({ timeout: 2_000 }).catch(() => {});
        break;
      }
    }
    await page.waitForTimeout(200);
  }
}

const screens = {
  home: async (page) => {
    await page.goto(base);
    await page.getByRole("heading").first().waitFor();
  },
  "dead-center": async (page) => {
    await page.goto(`${base}#/dead-center/standard/8`);
    await page.getByText("Choose a face-down zombie to reveal.").waitFor();
    // Reveal a zombie and place a card, so that faces show.
    await page.getByRole("button", { name: /can be revealed/ }).first().click();
    await page.locator(".pile.target").first().click();
  },
  "murderers-row": async (page) => {
    await page.goto(`${base}#/murderers-row/5`);
    await page.locator(".mr-card").first().waitFor();
    // The Poisoner acts, so that an inactive card and a pending poison show.
    await page.getByRole("button", { name: /Poisoner, Active.*can be chosen/ }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
  },
  "serial-killer": async (page) => {
    await table(page, "serial-killer");
    // A few turns (the first choice each time, the hand-overs between them
    // answered), so that graves fill into piles.
    for (let i = 0; i < 40; i++) {
      const handOver = page.getByRole("button", { name: /^I am .+: continue$/ });
      const choice = page.getByRole("group", { name: "Your choices" }).getByRole("button").first();
      if (await handOver.isVisible()) await handOver.click();
      else if (await choice.isVisible()) await choice.click();
      else break;
      await page.waitForTimeout(150);
    }
  },
  joker: async (page) => {
    // Solo, one person against the computer's Informant: a few probes, so
    // that distances show on the grid.
    await page.goto(`${base}#/joker/new`);
    await page.getByRole("radio", { name: "Solo against a computer Informant" }).check();
    await page.getByRole("button", { name: "Start game" }).click();
    await tapThrough(page, [handOver, '.jk-grid button[aria-disabled="false"]'], 4);
  },
  "detective-graves": async (page) => {
    await table(page, "detective-graves");
    // The hand kept and a few cards placed, so that locations fill.
    for (let turn = 0; turn < 4; turn++) {
      await tapThrough(page, [handOver, 'button:text("Keep this hand")'], 2);
      await tapThrough(page, [".dg-hand button:not(.blocked)"], 1);
      await tapThrough(page, ['button:text("Place here")'], 1);
      await tapThrough(page, ['button:text("End my turn")'], 1);
    }
    await tapThrough(page, [handOver], 1);
  },
};

try {
  for (const theme of ["light", "dark"]) {
    for (const [width, height] of (process.env.SIZES || "390x844,844x390,768x1024,1024x768,1280x800").split(",").map((s) => s.split("x").map(Number))) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
      // The tables as a player sees them after their first-run tours
      // (`TOURS=1` shows each table's tour at its first step instead).
      if (!process.env.TOURS) {
        await context.addInitScript((ids) => {
          if (localStorage.getItem("gm.settings") === null) {
            const data = { tours_seen: ids };
            localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data }));
          }
        }, ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"]);
      }
      const page = await context.newPage();
      for (const choice of process.argv.slice(3)) {
        const [legend, option] = choice.split("=");
        await page.goto(`${base}#/settings`);
        await page.getByRole("group", { name: legend }).getByRole("radio", { name: option }).check();
      }
      // A screen whose steps do not fit the build (e.g. an older version
      // for a before/after pair) is still taken, as far as it got.
      page.setDefaultTimeout(10_000);
      for (const [name, open] of Object.entries(screens)) {
        if (process.env.ONLY && !process.env.ONLY.split(",").includes(name)) continue;
        await open(page).catch((error) => console.warn(`${name}: ${String(error).split("\n")[0]}`));
        // Cards come to rest before the picture is taken (after two frames:
        // a card starts to travel in the frame after the tap).
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
        await page.waitForTimeout(100);
        const path = join(out, `${name}-${width}x${height}-${theme}.png`);
        await page.screenshot({ path, fullPage: true });
        console.log(path);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
