// Every spec imports `test` and `expect` from here, not from Playwright:
//
// - A panic fails the test. Every page of the test (its own, and those of
//   the contexts it makes with `browser.newContext`) is watched for
//   uncaught errors and for a Rust panic on the console; any one fails the
//   test at its end, naming the page. A test that provokes an error on
//   purpose names it with `test.use({ allowedErrors: [/.../] })`.
// - A slow device: with `slowFrames` (ms, a test option, or GM_SLOW_FRAMES
//   for a whole run) every animation frame and every timer callback comes
//   that much later; with `cpuThrottle` (or GM_CPU_THROTTLE) Chromium runs
//   the page's code that many times slower. Work a view scheduled then
//   lands after the next screen has replaced it: the view must have
//   cancelled it, or it must do nothing. (Each exposes races the other
//   hides: the late frames of issue 45 came only without the throttle.)
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };

export type Options = {
  /** Errors the test provokes on purpose (matched against each error's text). */
  allowedErrors: RegExp[];
  /** Delay, in ms, added to every animation frame and timer callback (0: off). */
  slowFrames: number;
  /** How many times slower Chromium runs the page's code (1: off). */
  cpuThrottle: number;
};

/** Firefox reports a blocked <style> as a page error: Playwright's own,
 * which it adds to take a screenshot. The app adds none (e2e/csp.spec.ts
 * checks it in Chromium, which does not count the tool's). */
export const TOOL_STYLE = /blocked an inline style \(style-src-elem\)/;

/** The page's uncaught errors (a panic included), as they come, but for
 * the tool's own (`TOOL_STYLE`). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => {
    if (!TOOL_STYLE.test(err.message)) errors.push(String(err));
  });
  return errors;
}

/** A console line that is a Rust panic or a trap, not an app message. */
const PANIC = /panicked at|RuntimeError|unreachable executed|Tried to access a reactive value/;

/** Delays every animation frame and timer callback by `delay` ms; a frame
 * cancelled before it is delivered is never delivered, as in a browser. */
function slowDown(delay: number) {
  const w = window as unknown as Record<string, unknown> & Window;
  const setTimer = window.setTimeout.bind(window);
  const setRepeat = window.setInterval.bind(window);
  const frame = window.requestAnimationFrame.bind(window);
  const pending = new Set<number>();
  let next = 1;
  w.requestAnimationFrame = (callback: FrameRequestCallback) => {
    const id = next++;
    pending.add(id);
    setTimer(() => frame((time) => pending.delete(id) && callback(time)), delay);
    return id;
  };
  w.cancelAnimationFrame = (id: number) => void pending.delete(id);
  w.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
    setTimer(handler, (ms ?? 0) + delay, ...args)) as typeof window.setTimeout;
  w.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
    setRepeat(handler, (ms ?? 0) + delay, ...args)) as typeof window.setInterval;
}

export const test = base.extend<Options & { watchPages: void }>({
  allowedErrors: [[], { option: true }],
  slowFrames: [Number(process.env.GM_SLOW_FRAMES || 0), { option: true }],
  cpuThrottle: [Number(process.env.GM_CPU_THROTTLE || 1), { option: true }],
  watchPages: [
    async ({ context, browser, allowedErrors, slowFrames, cpuThrottle }, use, testInfo) => {
      const errors: string[] = [];
      const throttled = testInfo.project.use.browserName !== "firefox" && cpuThrottle > 1;
      const watchPage = (page: Page) => {
        const where = () => page.url().replace(/^https?:\/\/[^/]+/, "");
        // (A test's init scripts also run in a new page's about:blank,
        // where storage is refused: not the app's error.)
        const inApp = () => !page.url().startsWith("about:");
        page.on("pageerror", (error) => {
          if (inApp() && !TOOL_STYLE.test(error.message)) errors.push(`${where()}: ${error.message}`);
        });
        page.on("console", (message) => {
          if (inApp() && message.type() === "error" && PANIC.test(message.text()))
            errors.push(`${where()}: console: ${message.text()}`);
        });
        if (throttled)
          void page
            .context()
            .newCDPSession(page)
            .then((cdp) => cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle }))
            .catch(() => {});
      };
      const watchContext = async (made: BrowserContext) => {
        if (slowFrames > 0) await made.addInitScript(slowDown, slowFrames);
        made.pages().forEach(watchPage);
        made.on("page", watchPage);
      };
      await watchContext(context);
      // Contexts the test makes itself (two devices) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const made = await newContext(...args);
        await watchContext(made);
        return made;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = errors.filter((error) => !allowedErrors.some((allowed) => allowed.test(error)));
      expect(unexpected, "no panic and no uncaught error in any page").toEqual([]);
    },
    { auto: true },
  ],
});
