// One browser tab of WebKitGTK's MiniBrowser (the nearest thing to Safari
// on Linux), driven by WebKitWebDriver through selenium-webdriver: Playwright
// can drive only its own WebKit build, which cannot be downloaded here
// (docs/building.md). Run under Xvfb (MiniBrowser needs a display), as
// scripts/test does: `xvfb-run -a -s "-screen 0 1280x1024x24 -noreset"`.
//
// Clicks are WebDriver's own: the driver refuses one whose point another
// element covers (a card still gliding, a dialog), as a finger would hit it.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { PNG } from "pngjs";
import { createServer } from "node:net";
import { Builder, By, until } from "selenium-webdriver";

const MINIBROWSER = process.env.MINIBROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const DRIVER = process.env.WEBKIT_WEBDRIVER || "/usr/bin/WebKitWebDriver";

/** How long any one WebDriver command may take. A page whose script never
 * returns, or a browser that stopped answering, would otherwise hold a
 * command (and the test run) for good: `driver.wait` checks its timeout only
 * between the condition's answers. */
const COMMAND_LIMIT = 60_000;

/** `promise`, or an error naming `what` once `ms` have passed. */
export function bounded(promise, what, ms = COMMAND_LIMIT) {
  let timer;
  const limit = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`WebDriver gave no answer in ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** WebKitWebDriver, started once per test file. */
export async function startDriver() {
  const port = await freePort();
  const process_ = spawn(DRIVER, [`--port=${port}`, "--host=127.0.0.1"], { stdio: process.env.GM_DEBUG ? "inherit" : "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, stop: () => process_.kill() };
}

export class Tab {
  /**
   * A new browser (a fresh profile) showing the app in a page of
   * `width`×`height` CSS pixels. MiniBrowser's window cannot be narrower
   * than its toolbar (447 px), so the app is shown in a frame of exactly
   * that size, alone in the window: a frame is a viewport of its own
   * (media queries, vw and dvh are the frame's), as a phone's screen is.
   * With `{ frame: false }` the app is the window's page itself (the
   * service worker's test: a frame's worker would be another site's).
   */
  static async open(driverUrl, base, width, height, { frame = true } = {}) {
    const driver = await bounded(
      new Builder()
        .usingServer(driverUrl)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
        })
        .build(),
      "starting a browser (GM_DEBUG=1 shows its output)",
    );
    const tab = new Tab(driver, base, frame);
    if (frame) {
      await bounded(driver.manage().window().setRect({ width: Math.max(width + 64, 800), height: height + 120 }), "sizing the window");
      const page = `<!doctype html><body style="margin:0"><iframe style="border:0;display:block;width:${width}px;height:${height}px"></iframe>`;
      await bounded(driver.get(`data:text/html,${encodeURIComponent(page)}`), "the frame page");
    } else {
      await bounded(driver.manage().window().setRect({ width, height }), "sizing the window");
    }
    return tab;
  }

  constructor(driver, base, frame) {
    this.driver = driver;
    this.base = base;
    this.frame = frame;
  }

  /** Closes the browser; one that does not answer is left to the
   * driver's end (`startDriver`'s `stop`). */
  async close() {
    await bounded(this.driver.quit(), "closing the browser").catch((error) => console.error(error.message));
  }

  /** Opens the app at `hash` ("#/…") and waits for its first screen. */
  async goto(hash = "") {
    if (this.frame) {
      await bounded(
        (async () => {
          await this.driver.switchTo().defaultContent();
          const frame = await this.driver.findElement(By.css("iframe"));
          await this.driver.executeScript("arguments[0].src = arguments[1]", frame, this.base + hash);
          await this.driver.switchTo().frame(frame);
        })(),
        `opening ${hash} in the frame`,
      );
    } else {
      await bounded(this.driver.get(this.base + hash), `opening ${hash}`);
    }
    await this.until(() => location.href !== "about:blank" && document.documentElement.hasAttribute("data-ready"));
    await this.until((hash) => location.hash === hash || hash === "", [hash]);
  }

  async reload() {
    await this.run(() => {
      window.__beforeReload = true;
      location.reload();
    });
    await this.until(() => !window.__beforeReload && document.documentElement.hasAttribute("data-ready"));
  }

  /** Runs `fn(...args)` in the page and returns its result. */
  run(fn, ...args) {
    return bounded(this.driver.executeScript(`return (${fn}).apply(null, arguments)`, ...args), String(fn).slice(0, 200));
  }

  /** Waits until `fn(...args)` is truthy in the page; returns its value. */
  async until(fn, args = [], timeout = 15_000, what = String(fn)) {
    let last;
    // A script run while the page unloads (a reload, a link) fails with
    // "Callback was not called before the unload event": not yet, ask again.
    const poll = () =>
      this.run(fn, ...args).then(
        (value) => (last = value),
        (error) => {
          if (/before the unload event/.test(error.message)) return null;
          throw error;
        },
      );
    try {
      return await this.driver.wait(poll, timeout);
    } catch (error) {
      throw new Error(`waited ${timeout} ms for ${what} (last: ${JSON.stringify(last)}): ${error.message}`);
    }
  }

  /** The visible control whose accessible name (aria-label, else its
   * text; a form field's is its <label>'s) matches `pattern`, as a
   * WebDriver element; waits for it. */
  control(pattern, within = "body") {
    return this.until(
      (source, flags, within) => {
        const re = new RegExp(source, flags);
        const scope = document.querySelector(within);
        if (!scope) return null;
        return (
          [...scope.querySelectorAll("button, a, [role=button], label, select, option")].find((e) => {
            const name = (e.getAttribute("aria-label") || e.textContent || "").trim();
            const r = e.getBoundingClientRect();
            return re.test(name) && (e.tagName === "OPTION" || (r.width > 0 && r.height > 0));
          }) || null
        );
      },
      [pattern.source, pattern.flags, within],
      15_000,
      `a control named ${pattern}`,
    );
  }

  /** Taps the control named `pattern` (a real click, refused if covered). */
  async tap(pattern, within) {
    const element = await this.control(pattern, within);
    await bounded(element.click(), `a tap on ${pattern}`);
  }

  /** Picks `value` in the <select> named `label`. */
  async choose(label, value) {
    const select = await this.locate(`select[aria-label="${label}"]`);
    await bounded(select.findElement(By.css(`option[value="${value}"]`)).click(), `choosing ${value}`);
  }

  text(selector) {
    return this.run((s) => document.querySelector(s)?.textContent?.trim() ?? null, selector);
  }

  count(selector) {
    return this.run((s) => document.querySelectorAll(s).length, selector);
  }

  /** Waits until no animation runs (a card may glide for a moment). */
  settled() {
    return this.until(() => document.getAnimations().every((a) => a.playState !== "running"));
  }

  /** A PNG of the app's page: in frame mode, the window's picture cut to
   * the frame (WebKitGTK's picture of the frame element alone leaves out
   * what the page draws on layers of their own, such as the top bar). */
  async screenshot(path) {
    mkdirSync(dirname(path), { recursive: true });
    if (!this.frame) {
      writeFileSync(path, Buffer.from(await bounded(this.driver.takeScreenshot(), "a screenshot"), "base64"));
      return;
    }
    const [width, height] = await this.run(() => [window.innerWidth, window.innerHeight]);
    const picture = await bounded(
      (async () => {
        await this.driver.switchTo().defaultContent();
        const taken = await this.driver.takeScreenshot();
        await this.driver.switchTo().frame(await this.driver.findElement(By.css("iframe")));
        return taken;
      })(),
      "a screenshot",
    );
    const window_ = PNG.sync.read(Buffer.from(picture, "base64"));
    const cut = new PNG({ width, height });
    PNG.bitblt(window_, cut, 0, 0, width, height, 0, 0);
    writeFileSync(path, PNG.sync.write(cut));
  }

  locate(selector) {
    return bounded(this.driver.wait(until.elementLocated(By.css(selector)), 15_000), `finding ${selector}`);
  }
}
