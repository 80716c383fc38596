// The browser tests in WebKit (WebKitGTK's MiniBrowser, over WebDriver):
// the named set of issue 46 that this runner covers. Every table opens and
// fits its screen at the five sizes (the same in-page check as Playwright's,
// e2e/helpers/fit-problems.mjs), with a screenshot at phone and tablet
// size; every game is played to its end, reloaded mid-game with nothing
// lost, and counted; the solver's worker finds a deal; a replay link opens
// in a fresh profile; a Settings choice is kept; Your data is exported,
// cleared and imported; the app starts offline after one visit; and where
// the browser has
// no WebRTC, a seat on another device is not offered and a join link says
// what to do. No test ends with the crash banner (a panic shows it).
//
//   scripts/isolated-network xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" node --test e2e/webdriver/
// (after `trunk build --release`; scripts/test runs it.)
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../static-server.mjs";
import { fitProblems, SIZES } from "../helpers/fit-problems.mjs";
import { captureExport } from "../helpers/capture-export.mjs";
import { startDriver, Tab } from "./tab.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const shots = join(root, "test-results", "webkit");
// Each test's limit: the longest takes about 25 s here. A test that hangs
// (a browser that stops answering) fails at it, and the others still run.
const LIMIT = { timeout: 4 * 60_000 };
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
    test(`${size.width}x${size.height} (${size.name})`, LIMIT, async () => {
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

test("Dead Center: played to its end by taps (never on a gliding card), reloaded mid-game, counted", LIMIT, async () => {
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
        // The table's chunk loads after the page is ready: wait for it to
        // draw, and fail (with what it drew) if it draws anything else.
        await tab.until(() => document.querySelector(".dc-instruction") !== null);
        assert.equal(await tab.text(".dc-instruction"), shown);
      }
    }
    assert.ok(steps > 12, `${steps} steps`);
    const heading = await tab.text("[role=dialog] h2");
    assert.match(heading, /You won!|The zombies won/);
    assert.equal(await playedCount(tab, "Dead Center"), 1);
  });
});

/** Picks the option whose label starts with `label` in the group (a
 * fieldset) whose legend is `legend`, by tapping its label. */
async function pick(tab, legend, label) {
  const option = await tab.until(
    (legend, label) => {
      const group = [...document.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent.trim() === legend);
      return [...(group?.querySelectorAll("label") ?? [])].find((l) => l.textContent.trim().startsWith(label));
    },
    [legend, label],
  );
  await option.click();
}

/** The number of games played of `game` on the Statistics screen, all
 * its variants together (one column each). */
async function playedCount(tab, game) {
  await tab.goto("#/stats");
  return tab.until((game) => {
    const section = [...document.querySelectorAll("section")].find((s) => s.textContent.includes(game));
    const row = [...(section?.querySelectorAll("tr") ?? [])].find((r) => r.cells[0]?.textContent.trim() === "Played");
    return row && [...row.cells].slice(1).reduce((sum, cell) => sum + Number(cell.textContent), 0);
  }, [game]);
}

test("Murderers' Row: a deal played to its end with the solver's hints, reloaded mid-game, counted; its replay link opened elsewhere", LIMIT, async () => {
  let link, finished;
  await withApp(390, 844, async (tab) => {
    await tab.goto("#/murderers-row/5");
    await tab.until(() => document.querySelectorAll(".mr-card").length === 10);
    let moves = 0;
    while (!(await tab.count("[role=dialog]"))) {
      assert.ok(moves < 60, "the game ends");
      // As e2e/helpers/murderers-row.ts: the hint's move, confirmed (or
      // the Air Strike's second kill, which the hint names).
      await tab.tap(/^Hint$/);
      const hint = await tab.until(() => {
        const text = document.querySelector(".mr-hint")?.textContent ?? "";
        return text.includes("Best move") && text;
      });
      const before = await tab.run(() => localStorage.getItem("gm.save.murderers-row"));
      const second = /also kills the ([A-Za-z' ]+), which/.exec(hint);
      if (second) await (await tab.locate(`.mr-card[data-card="${second[1]}"]`)).click();
      else await tab.tap(/^Confirm$/);
      await tab.until((before) => localStorage.getItem("gm.save.murderers-row") !== before, [before]);
      moves++;
      if (moves === 3) {
        const saved = await tab.run(() => localStorage.getItem("gm.save.murderers-row"));
        const row = await rowNames(tab);
        await tab.reload();
        await tab.until((count) => document.querySelectorAll(".mr-card").length === count, [row.length]);
        assert.equal(await tab.run(() => localStorage.getItem("gm.save.murderers-row")), saved);
        assert.deepEqual(await rowNames(tab), row);
      }
    }
    assert.match(await tab.text("[role=dialog]"), /You won!.*counted as assisted/s);
    finished = await rowNames(tab);
    await tab.tap(/^Watch the replay$/, "[role=dialog]");
    link = await tab.until(() => location.hash.startsWith("#/murderers-row/replay/") && location.hash);
    assert.equal(await playedCount(tab, "Murderers"), 1);
  });
  // The replay's link, opened in another browser (a fresh profile, after
  // the first is closed: the driver holds one at a time): the same row.
  await withApp(390, 844, async (elsewhere) => {
    await elsewhere.goto(link);
    await elsewhere.until(() => document.querySelector("h1")?.textContent === "Murderers' Row: replay");
    await elsewhere.until(() => document.querySelector(".replay-where")?.textContent.startsWith("Start of "));
    await elsewhere.tap(/^To the end$/);
    await elsewhere.until(() => /^Move (\d+) of \1/.test(document.querySelector(".replay-where")?.textContent ?? ""));
    assert.deepEqual(await rowNames(elsewhere), finished);
  });
});

/** Murderers' Row's ten cards, as their accessible names. */
function rowNames(tab) {
  return tab.run(() => [...document.querySelectorAll(".mr-card")].map((c) => c.getAttribute("aria-label")));
}

/** Every record the app keeps, as stored. */
function records(tab) {
  return tab.run(() => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])));
}

test("Settings and Your data: a choice kept across a reload; export, clear the browser, import: the same records and table", LIMIT, async () => {
  await withApp(768, 1024, async (tab) => {
    await tab.goto("#/dead-center/standard/7");
    await tab.tap(/face-down zombie, can be revealed/);
    await tab.until(() => !document.querySelector('[aria-label*="face-down zombie, can be revealed"]'));
    const table = await tab.run(() => [...document.querySelectorAll(".dc-board [aria-label]")].map((e) => e.getAttribute("aria-label")));

    await tab.goto("#/settings");
    const nightmare = () =>
      tab.until(() => {
        const group = [...document.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent.trim() === "Dead Center: preferred variant");
        const option = [...(group?.querySelectorAll("label") ?? [])].find((l) => l.textContent.trim() === "Nightmare");
        return option && { checked: option.querySelector("input").checked };
      });
    assert.deepEqual(await nightmare(), { checked: false });
    await pick(tab, "Dead Center: preferred variant", "Nightmare");
    await tab.reload();
    assert.deepEqual(await nightmare(), { checked: true });

    // Export: the file as the app hands it to the browser.
    await tab.run(captureExport);
    await tab.tap(/^Export my data$/);
    const exported = await tab.until(() => window.__exported);
    assert.match(exported.name, /^grave-matters-\d{4}-\d{2}-\d{2}\.json$/);
    await tab.until(() => document.querySelector(".data-outcome")?.textContent.includes("Your data was saved as"));
    const before = await records(tab);
    assert.ok(before["gm.save.dead-center"] && before["gm.settings"]);

    // Another browser: nothing saved. Then the file, chosen in the panel.
    await tab.run(() => localStorage.clear());
    await tab.reload();
    const file = join(mkdtempSync(join(tmpdir(), "gm-webkit-")), exported.name);
    writeFileSync(file, exported.text);
    await (await tab.locate('input[type="file"]')).sendKeys(file);
    await tab.until(() => document.querySelector("[role=dialog]")?.textContent.includes("Dead Center game: new on this device"));
    await tab.run(() => (window.__beforeImport = true));
    await tab.tap(/^Import$/, "[role=dialog]");
    // The app reloads once the records are written.
    await tab.until(() => !window.__beforeImport && document.documentElement.hasAttribute("data-ready"));
    await tab.until(
      (before) => {
        const now = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
        return Object.keys(before).every((key) => now[key] === before[key]);
      },
      [before],
      15_000,
      "every exported record back as it was",
    );
    assert.deepEqual(await nightmare(), { checked: true });
    // The deal's own address: "#/dead-center" sends the page on to the deal
    // in progress, and `goto` would wait for an address it may have left.
    await tab.goto("#/dead-center/standard/7");
    await tab.until((count) => document.querySelectorAll(".dc-board [aria-label]").length === count, [table.length]);
    assert.deepEqual(await tab.run(() => [...document.querySelectorAll(".dc-board [aria-label]")].map((e) => e.getAttribute("aria-label"))), table);
  });
});

test("Murderers' Row: the solver's worker finds an easy deal", LIMIT, async () => {
  await withApp(1280, 800, async (tab) => {
    await tab.goto("#/murderers-row/new");
    await tab.tap(/^Easy/);
    await tab.tap(/^Deal$/);
    const found = await tab.until(() => {
      const text = document.querySelector(".mr-found")?.textContent ?? "";
      return /Deal \d+: easy — at its narrowest, \d+ of \d+ moves keeps? the win\./.test(text) && text;
    }, [], 90_000);
    const [, seed] = /Deal (\d+): easy/.exec(found);
    await tab.tap(/^Play the deal found$/);
    await tab.until((seed) => location.hash === `#/murderers-row/${seed}` && document.querySelectorAll(".mr-card").length === 10, [seed]);
  });
});

test("Joker, solo: reloaded mid-round, then the Joker shot: the end dialog and the count", LIMIT, async () => {
  await withApp(390, 844, async (tab) => {
    await tab.goto("#/joker/new");
    await tab.tap(/^Solo against a computer Informant/);
    await pick(tab, "Rounds", "1");
    await tab.tap(/^Start game$/);
    await tab.until(() => document.querySelectorAll(".jk-grid .jk-cell").length === 25);
    const saved = await tab.run(() => localStorage.getItem("gm.save.joker"));
    await tab.reload();
    await tab.until(() => document.querySelectorAll(".jk-grid .jk-cell").length === 25);
    assert.equal(await tab.run(() => localStorage.getItem("gm.save.joker")), saved);
    // The Joker's card, read from the save (as e2e/joker.spec.ts does).
    const cell = await tab.run(() =>
      JSON.parse(localStorage.getItem("gm.save.joker")).data.state.grid.findIndex((card) => typeof card === "object" && card && "Joker" in card),
    );
    await tab.tap(/^Shoot it/);
    await (await tab.locate(`[data-cell="${cell}"]`)).click();
    await tab.tap(/^Shoot$/, "[role=dialog]");
    const end = await tab.until(() => document.querySelector("[role=dialog] h2")?.textContent.includes("found the Joker") && document.querySelector("[role=dialog] h2").textContent);
    assert.match(end, /found the Joker in 1 turn, 13 under par: a win\./);
    assert.equal(await playedCount(tab, "Joker"), 1);
  });
});

test("Serial Killer: two people and a computer, played to the end on one device, counted", LIMIT, async () => {
  await withApp(1024, 768, async (tab) => {
    await tab.goto("#/settings");
    await pick(tab, "Computer players' pace", "Fast");
    await tab.goto("#/serial-killer/new");
    await tab.tap(/^Start game$/);
    await tab.until(() => document.querySelectorAll(".sk-grave").length === 6);
    // As e2e/serial-killer.spec.ts: the first choice offered, each time
    // one is; the computer plays its turns.
    for (let steps = 0; !(await tab.count("[role=dialog]")); steps++) {
      assert.ok(steps < 6_000, "the game ends");
      assert.equal(await tab.count(".hand-over"), 0, "no hand-over: one device, no secret");
      const first = await tab.run(() => document.querySelector('[aria-label="Your choices"] button:not([disabled])'));
      if (first) await first.click().catch(() => {});
      else await new Promise((wait) => setTimeout(wait, 40));
    }
    assert.match(await tab.text("[role=dialog]"), /wins!|share the win!/);
    assert.equal(await playedCount(tab, "Serial Killer"), 1);
  });
});

/** One step of Detective Graves' plain player (as e2e/helpers/detective-
 * graves.ts: past hand-overs and case results, keep hands, place a card
 * when one may be placed, else pass, stay hidden, accuse a suspect the
 * evidence leaves). Returns what it did; "wait" while the computer plays. */
async function dgStep(tab) {
  const choice = await tab.run(() => {
    const shown = (e) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== "hidden";
    };
    const name = (e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").replace(/\s+/g, " ").trim();
    const buttons = [...document.querySelectorAll("button, [role=button]")].filter(shown);
    const named = (test) => buttons.find((b) => test(name(b)));
    const plain = ["Keep this hand", "Keep my hand", "Here 0, next location 0", "Draw from my deck", "Keep the trump as it is", "Add a time token", "Stay hidden", "End my turn"];
    const pick =
      named((n) => /^I am .+: continue$/.test(n) || /^(Start case \d+|See the final result)$/.test(n)) ||
      plain.map((p) => named((n) => n === p)).find(Boolean) ||
      named((n) => n.startsWith("Cover up ")) ||
      [...document.querySelectorAll(".dg-suspects .button.primary")].find(shown);
    if (pick) return ["tap", pick];
    if (named((n) => n === "Place here")) {
      const pressed = [...document.querySelectorAll('.dg-hand .dg-card[aria-pressed="true"]')].find(shown);
      if (pressed) return ["let go", pressed];
      const open = [...document.querySelectorAll(".dg-hand .dg-card:not(.blocked)")].find(shown);
      return open ? ["place", open] : ["tap", named((n) => n === "Pass")];
    }
    return ["wait", null];
  });
  const [kind, element] = choice;
  if (kind === "wait") {
    await new Promise((wait) => setTimeout(wait, 30));
  } else if (kind === "place") {
    await element.click();
    await tab.tap(/^Place here$/);
  } else {
    await element.click();
  }
  return kind;
}

test("Detective Graves: a person against the computer, The Single Case to its end, reloaded mid-case", LIMIT, async () => {
  await withApp(1280, 800, async (tab) => {
    await tab.goto("#/settings");
    await pick(tab, "Computer players' pace", "Fast");
    await tab.goto("#/detective-graves/new");
    await tab.choose("Who plays seat 1", "person");
    await tab.choose("Who plays seat 2", "simple");
    await pick(tab, "How long", "The Single Case");
    await tab.tap(/^Start game$/);
    const kinds = new Set();
    // The game's end: a dialog with a link to a new game.
    const over = () => tab.run(() => [...document.querySelectorAll("[role=dialog] a")].some((a) => a.textContent.trim() === "New game"));
    for (let steps = 0; !(await over()); steps++) {
      assert.ok(steps < 4_000, "the game ends");
      // A control redrawn or still moving in between is looked for again
      // at the next step (Playwright's clicks wait for it the same way).
      const moving = ["StaleElementReferenceError", "ElementNotInteractableError", "ElementClickInterceptedError"];
      kinds.add(await dgStep(tab).catch((error) => (moving.includes(error.name) ? "again" : Promise.reject(error))));
      if (steps === 40) {
        // The computer may move on after the reload: every move made
        // before it is kept, in order.
        const moves = () => tab.run(() => JSON.parse(localStorage.getItem("gm.save.detective-graves")).data.moves);
        const before = await moves();
        await tab.reload();
        assert.deepEqual((await moves()).slice(0, before.length), before);
      }
    }
    assert.ok(kinds.has("place"), "cards were placed");
    assert.equal(await playedCount(tab, "Detective Graves"), 1);
  });
});

test("no WebRTC here: a seat on another device is shown disabled with the reason; a join link says what to do", LIMIT, async () => {
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
    await tab.screenshot(join(shots, "no-webrtc-new-game-390x844.png"));
    // A join link, as a host's invitation would open it here.
    await tab.goto("#/detective-graves/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const page = await tab.until(() => document.querySelector("main")?.innerText.includes("another browser") && document.querySelector("main").innerText);
    assert.match(page, /This browser cannot connect to other devices\./);
    assert.doesNotMatch(page, /RTCPeerConnection|Can't find variable|failed/);
    await tab.screenshot(join(shots, "no-webrtc-join-390x844.png"));
    // The invitation stays in the address, to open in another browser.
    assert.match(await tab.run(() => location.hash), /^#\/detective-graves\/join\/A+$/);
  });
});

test("after one visit the app starts offline from its service worker", LIMIT, async () => {
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
