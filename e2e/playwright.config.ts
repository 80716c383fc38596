// Playwright: headless Debian Chromium (never a downloaded browser) against
// the release build in dist/, served by e2e/static-server.mjs on loopback.
// Chromium's headless shell, as Playwright itself takes for headless runs:
// the same engine, without the full browser's windowing around it, which
// cost about 40% more CPU here (docs/building.md). $CHROMIUM picks another.
// Run: npx playwright test   (after `trunk build --release`; scripts/test does both)
// The root playwright.config.ts re-exports this file so that plain
// `npx playwright test` finds it.
import { defineConfig } from "@playwright/test";
import type { Options } from "./helpers/test";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
if (!existsSync(join(dist, "index.html"))) {
  throw new Error(`${dist}/index.html not found: run \`trunk build --release\` first`);
}
const port = Number(process.env.E2E_PORT || 4178);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

// Debian's Firefox ESR, driven over WebDriver BiDi (Playwright's "moz-"
// channels): Playwright's own Firefox build cannot be downloaded here.
export const FIREFOX_PREFS = {
  // WebRTC between two pages of this machine: loopback candidates, shown
  // as addresses (no mDNS names, which nothing here resolves).
  "media.peerconnection.ice.loopback": true,
  "media.peerconnection.ice.obfuscate_host_addresses": false,
  // No update checks, studies or telemetry: nothing leaves the machine.
  "app.update.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
};

export default defineConfig<Options>({
  testDir: join(root, "e2e"),
  testMatch: "**/*.spec.ts",
  outputDir: join(root, "test-results"),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // The device's language, whose way of writing dates the app takes
    // (src/ui/dates.rs): British English, "26 November 2026". (A context a
    // test makes itself must ask for it too; e2e/daily.spec.ts tries
    // American English.)
    locale: "en-GB",
    browserName: "chromium",
    headless: true,
    // Blocked, except in the specs about the service worker (offline start,
    // updates, the offline checks of replays, play across devices and the
    // content policy), which allow it with test.use: on a first visit it
    // fetches and caches every file of the app, about a megabyte, and in
    // every test that was about a tenth of the test command's browser time.
    // The app with no service worker is a plain page that plays the same
    // (a browser or privacy setting may refuse one).
    serviceWorkers: "block",
    // A trace records every step of every test, and roughly doubled the
    // time of the game-length tests (measured: 92–116 s without against
    // 186–209 s with, for two of them): taken only when asked for, to
    // look into a failure (GM_TRACE=1).
    trace: process.env.GM_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium-headless-shell",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // A slow tablet: every animation frame and timer callback 150 ms late,
    // the page's code 2× slower (e2e/helpers/test.ts; 4× made these games
    // twice as long, and hid the late-frame races). The whole games with
    // hand-overs run there only (at full speed they found nothing the slow
    // run does not, and cost 80 s of the test command). Listed first: the
    // longest tests start first, rather than run alone at the end.
    {
      name: "chromium, slow frames",
      grep: /@whole-game/,
      use: { viewport: { width: 1280, height: 800 }, slowFrames: 150, cpuThrottle: 2 },
    },
    // Firefox's tests before Chromium's: its longest (a whole Detective
    // Graves game between two profiles) then starts early, and the short
    // Chromium tests fill the end of the run on both workers.
    {
      name: "firefox",
      grep: /@engines/,
      use: {
        viewport: { width: 1280, height: 800 },
        browserName: "firefox",
        channel: "moz-firefox",
        launchOptions: { executablePath: join(root, "e2e/firefox-esr.mjs"), firefoxUserPrefs: FIREFOX_PREFS },
      },
    },
    // Chromium's own tests with the player's "reduce motion" setting: a
    // card then moves at once, which cost about a tenth of these tests'
    // CPU time in animation frames. The cards' motion is played in the
    // slow-frame whole games, in Firefox, in WebKit, and in the specs that
    // look at it (they ask for motion themselves: looks, paths, the
    // walker, Murderers' Row, Serial Killer).
    { name: "chromium", grepInvert: /@whole-game/, use: { viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" } },
  ],
  webServer: {
    command: `node e2e/static-server.mjs dist ${port}`,
    cwd: root,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
