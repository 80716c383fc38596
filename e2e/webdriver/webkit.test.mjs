// The browser tests in WebKit (WebKitGTK's MiniBrowser, over WebDriver):
// the named set of issue 46 that this runner covers. Every table opens and
// fits its screen at the five sizes (the same in-page check as Playwright's,
// e2e/helpers/fit-problems.mjs), with a screenshot at phone and tablet
// size; Dead Center is played to its end by taps, reloaded mid-game and
// counted; the app starts offline after one visit; and where the browser has
// no WebRTC, a seat on another device is not offered and a join link says
// what to do. No test ends with the crash banner (a panic shows it).
//
//   scripts/isolated-network xvfb-run -a node --test e2e/webdriver/
// (after `trunk build --release`; scripts/test runs it.)
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../static-server.mjs";
import { fitProblems, SIZES } from "../helpers/fit-problems.mjs";
import { startDriver, Tab } from "./tab.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const shots = join(root, "test-results", "webkit");
const GAME_IDS = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];

let server;
let driver;
before(async () => {
  server = await startServer({ root: join(root, "dist"), port: 0 });
  driver = await startDriver();
});
after(async () => {
  driver?.stop();
  await server?.close();
});

/** A fresh browser at `size`, on the app with every tour already seen
 * (e2e/helpers/tours.ts does the same for Playwright's tests). */
async function openApp(width, height) {
  const tab = await Tab.open(driver.url, server.url, width, height);
  await tab.goto("#/");
  await tab.run((ids) => {
    localStorage.clear();
    const settings = { app: "grave-matters", kind: "settings", version: 1, data: { tours_seen: ids } };
    localStorage.setItem("gm.settings", JSON.stringify(settings));
  }, GAME_IDS);
  await tab.reload();
  return tab;
}

/** Runs `body` with a fresh browser, and checks that no panic showed the
 * crash banner; the browser is closed whatever happens. */
async function withApp(width, height, body) {
  const tab = await openApp(width, height);
  try {
    await body(tab);
    assert.equal(await tab.count("#crash"), 0, "no crash banner");
  } finally {
    await tab.close();
  }
}

async function assertFits(tab, parts) {
  await tab.settled();
  await tab.run(() => window.scrollTo(0, 0));
  assert.deepEqual(await tab.run(fitProblems, parts), []);
}

/** Each table, opened as a player would, and what a move needs on it. */
const TABLES = {
  "dead-center": {
    parts: { cards: ".dc-board .card-slot, .deck", controls: ".dc-actions .button", message: ".message-slot" },
    async open(tab) {
      await tab.goto("#/dead-center/standard/8");
      await tab.until(() => document.querySelector(".dc-instruction")?.textContent === "Choose a face-down zombie to reveal.");
    },
  },
  "murderers-row": {
    parts: { cards: ".mr-row", controls: ".mr-actions .button", message: ".message-slot" },
    async open(tab) {
      await tab.goto("#/murderers-row/5");
      await tab.until(() => document.querySelectorAll(".mr-card").length === 10);
    },
  },
  "serial-killer": {
    parts: { cards: ".sk-grave .card-slot, .sk-stack .card-slot", controls: ".choices .button", message: ".message-slot" },
    async open(tab) {
      await tab.goto("#/serial-killer/new");
      await tab.tap(/^Start game$/);
      await tab.until(() => document.querySelectorAll(".sk-grave").length === 6);
      await tab.control(/^Draw all/);
    },
  },
  joker: {
    parts: { cards: ".jk-grid .jk-cell", controls: ".jk-modes .choice-option", message: ".message-slot, .turn-banner, .jk-die" },
    async open(tab) {
      await tab.goto("#/joker/new");
      await tab.tap(/^Solo against a computer Informant/);
      await tab.tap(/^Start game$/);
      await tab.until(() => document.querySelectorAll(".jk-grid .jk-cell").length === 25);
    },
  },
  "detective-graves": {
    parts: { cards: ".dg-location.active, .dg-hand .dg-card", controls: ".dg-choices .button", message: ".message-slot" },
    async open(tab) {
      await tab.goto("#/detective-graves/new");
      await tab.choose("Who plays seat 1", "person");
      await tab.choose("Who plays seat 2", "simple");
      await tab.tap(/^Start game$/);
      await tab.control(/^Keep this hand$/);
    },
  },
};

describe("every table fits its screen in WebKit", () => {
  for (const size of SIZES) {
    test(`${size.width}x${size.height} (${size.name})`, async () => {
      await withApp(size.width, size.height, async (tab) => {
        for (const [game, table] of Object.entries(TABLES)) {
          await table.open(tab);
          // A phone on its side: Detective Graves' locations take the
          // height, its hand one scroll below (as e2e/fit.spec.ts).
          const sideways = game === "detective-graves" && size.height < 500;
          const parts = sideways ? { ...table.parts, cards: ".dg-hand .dg-card" } : table.parts;
          if (sideways) {
            await tab.settled();
            assert.deepEqual(await tab.run(fitProblems, parts), [], game);
          } else {
            await assertFits(tab, parts).catch((e) => assert.fail(`${game}: ${e.message}`));
          }
          if ([390, 768].includes(size.width))
            await tab.screenshot(join(shots, `${game}-${size.width}x${size.height}.png`));
        }
      });
    });
  }
});

/** One step of a Dead Center turn by tapping a legal control (as
 * e2e/helpers/dead-center.ts does in Playwright); false once it is over. */
async function dcStep(tab) {
  const text = await tab.text(".dc-instruction");
  if (text === null) return false;
  const has = (pattern) =>
    tab.run(
      (source) => [...document.querySelectorAll("button")].some((b) => new RegExp(source).test(b.getAttribute("aria-label") || "")),
      pattern.source,
    );
  if (text.startsWith("Choose a face-down zombie")) await tab.tap(/face-down zombie, can be revealed/);
  else if (text.startsWith("The deck is empty")) {
    if (await has(/can be revealed/)) await tab.tap(/can be revealed/);
    else await tab.tap(/^Deck, 0 cards left, draw a card/);
  } else if (text.startsWith("Draw the top card")) await tab.tap(/^Deck, .*draw a card/);
  else if (text.startsWith("Play the")) await tab.tap(/your card can go here/);
  else if (text.startsWith("Kill a highlighted zombie")) {
    if (await has(/can be killed/)) await tab.tap(/can be killed/);
    else await tab.tap(/^End turn$/);
  } else return false;
  await tab.until((before) => document.querySelector(".dc-instruction")?.textContent !== before, [text]);
  return true;
}

test("Dead Center: played to its end by taps (never on a gliding card), reloaded mid-game, counted", async () => {
  await withApp(390, 844, async (tab) => {
    await tab.goto("#/dead-center/standard/2024");
    await tab.until(() => document.querySelector(".dc-instruction")?.textContent.startsWith("Choose a face-down zombie"));
    let steps = 0;
    while (await dcStep(tab)) {
      steps++;
      if (steps === 10) {
        const saved = await tab.run(() => localStorage.getItem("gm.save.dead-center"));
        const shown = await tab.text(".dc-instruction");
        await tab.reload();
        assert.equal(await tab.run(() => localStorage.getItem("gm.save.dead-center")), saved);
        assert.equal(await tab.text(".dc-instruction"), shown);
      }
    }
    assert.ok(steps > 12, `${steps} steps`);
    const heading = await tab.text("[role=dialog] h2");
    assert.match(heading, /You won!|The zombies won/);
    await tab.goto("#/stats");
    const played = await tab.until(() => {
      const section = [...document.querySelectorAll("section")].find((s) => s.textContent.includes("Dead Center"));
      const rows = [...(section?.querySelectorAll("tr") ?? [])];
      // One column per variant: the games played, all variants together.
      const row = rows.find((r) => r.cells[0]?.textContent.trim() === "Played");
      return row && [...row.cells].slice(1).reduce((sum, cell) => sum + Number(cell.textContent), 0);
    });
    assert.equal(played, 1);
  });
});

test("no WebRTC here: a seat on another device is shown disabled with the reason; a join link says what to do", async () => {
  await withApp(390, 844, async (tab) => {
    assert.equal(await tab.run(() => typeof RTCPeerConnection), "undefined", "WebKitGTK has no RTCPeerConnection");
    await tab.goto("#/detective-graves/new");
    await tab.control(/^Start game$/);
    const option = await tab.run(() =>
      [...document.querySelectorAll('select[aria-label="Who plays seat 2"] option')].map((o) => [o.value, o.disabled]),
    );
    assert.deepEqual(
      option.filter(([value]) => value === "own-device"),
      [["own-device", true]],
    );
    assert.match(await tab.text(".seat-note"), /^This browser cannot connect to other devices\./);
    // A join link, as a host's invitation would open it here.
    await tab.goto("#/detective-graves/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const page = await tab.until(() => document.querySelector("main")?.innerText.includes("another browser") && document.querySelector("main").innerText);
    assert.match(page, /This browser cannot connect to other devices\./);
    assert.doesNotMatch(page, /RTCPeerConnection|Can't find variable|failed/);
    // The invitation stays in the address, to open in another browser.
    assert.match(await tab.run(() => location.hash), /^#\/detective-graves\/join\/A+$/);
  });
});

test("after one visit the app starts offline from its service worker", async () => {
  const own = await startServer({ root: join(root, "dist"), port: 0 });
  const tab = await Tab.open(driver.url, own.url, 1280, 800, { frame: false });
  try {
    await tab.goto("#/murderers-row/5");
    await tab.until(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, [], 30_000);
    // Every file cached: the worker says so once its install is done.
    await tab.until(() => caches.keys().then((keys) => keys.length > 0), [], 30_000);
    await own.close();
    await tab.reload();
    await tab.until(() => document.querySelectorAll(".mr-card").length === 10);
    assert.equal(await tab.count("#crash"), 0);
  } finally {
    await tab.close();
  }
});
