// Play across devices, shared by the games' remote specs: two or three
// browser contexts (each a device with a fresh profile), every message
// their data channels carry recorded, the QR pictures read as a camera
// would, the invitation and answer passed between pages as a person would.
// These tests open connections: they run only inside the closed network
// of scripts/isolated-network (see `onlyInIsolatedNetwork`).
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { skipTours } from "./tours";
import { TOOL_STYLE } from "./test";

/** Every message this page's data channels received, and the channels
 * (so that a test can send what a hostile guest would). For the latency
 * report: each message sent, with the time of the tap that led to it (none
 * when a message came in since that tap: then the other device's move
 * caused it), and each message received, with the time of the first frame
 * drawn after it. */
export const WIRE = () => {
  type Sent = { tap: number | null };
  const w = window as unknown as {
    __wire: string[];
    __channels: RTCDataChannel[];
    __sent: Sent[];
    __frames: number[];
  };
  const now = () => performance.timeOrigin + performance.now();
  w.__wire = [];
  w.__channels = [];
  // Whatever the page's Content-Security-Policy refuses, from the start.
  const v = window as unknown as { __violations: string[] };
  v.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => v.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  w.__sent = [];
  w.__frames = [];
  let lastTap: number | null = null;
  addEventListener("click", () => (lastTap = now()), true);
  const onmessage = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage")!;
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    get() {
      return onmessage.get!.call(this);
    },
    set(f: (e: MessageEvent) => void) {
      if (!w.__channels.includes(this)) w.__channels.push(this);
      onmessage.set!.call(this, (e: MessageEvent) => {
        w.__wire.push(String(e.data));
        lastTap = null;
        f(e);
        const i = w.__frames.push(0) - 1;
        requestAnimationFrame(() => (w.__frames[i] = now()));
      });
    },
  });
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: string) {
    w.__sent.push({ tap: lastTap });
    return send.call(this, data as never);
  };
};

/** Tap on one device to the first frame the other drew after the message
 * it caused: one number (ms) per such message, in order. */
export async function latencies(from: Page, to: Page): Promise<number[]> {
  type Traffic = { sent: { tap: number | null }[]; frames: number[] };
  const read = (p: Page) =>
    p.evaluate(() => {
      const w = window as unknown as { __sent: { tap: number | null }[]; __frames: number[] };
      return { sent: w.__sent, frames: w.__frames };
    }) as Promise<Traffic>;
  const [a, b] = [await read(from), await read(to)];
  return a.sent.flatMap((s, i) => (s.tap !== null && b.frames[i] ? [b.frames[i] - s.tap] : []));
}

export function summary(ms: number[]): string {
  const sorted = [...ms].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `${sorted.length} moves, median ${median.toFixed(1)} ms, worst ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
}

export async function device(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => {
    if (TOOL_STYLE.test(err.message)) return;
    errors.push(String(err));
    if (process.env.GM_DEBUG) console.log(err.stack);
  });
  page.on("console", (m) => {
    if (process.env.GM_DEBUG && m.type() === "error") console.log(`console: ${m.text()}`);
  });
  await skipTours(page);
  await page.addInitScript(WIRE);
  return { context, page, errors };
}

/** What a phone's camera would read off the QR picture named `name`. */
export async function scan(page: Page, name: string): Promise<string | undefined> {
  // (caret "initial": no style of the tool's in the page, which the
  // content policy would refuse in Firefox; e2e/helpers/test.ts.)
  const png = PNG.sync.read(await page.getByRole("img", { name }).screenshot({ caret: "initial" }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Connections are opened only where nothing can reach another address:
 * call at the top of a spec file. */
export function onlyInIsolatedNetwork() {
  test.skip(!process.env.GM_ISOLATED_NETWORK, "needs the closed network of scripts/isolated-network");
}

/** The invitation for `name` on the host's page, as text (a link). */
export const invitation = (host: Page, name: string) => host.getByRole("textbox", { name: new RegExp(`^Invitation for ${name}, as text`) });
/** The guest's answer, as text. */
export const answer = (guest: Page) => guest.getByRole("textbox", { name: /^Your answer, as text/ });

/** Every message `page` received over its data channels, parsed, oldest first. */
export async function received(page: Page): Promise<any[]> {
  const wire: string[] = await page.evaluate(() => (window as unknown as { __wire: string[] }).__wire);
  return wire.map((m) => JSON.parse(m));
}

/** What the page's Content-Security-Policy refused since it opened. */
export async function violations(page: Page): Promise<string[]> {
  const seen: string[] = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  // Firefox counts the <style> Playwright's own scripts add to a page as
  // the page's (e2e/helpers/test.ts, TOOL_STYLE); the app adds none, as
  // Chromium's runs check.
  const firefox = page.context().browser()?.browserType().name() === "firefox";
  return firefox ? seen.filter((v) => v !== "style-src-elem inline") : seen;
}

/** How many messages `page` has received. */
export const wireCount = (page: Page) => page.evaluate(() => (window as unknown as { __wire: string[] }).__wire.length);

/** Sends `text` over `page`'s first data channel, as a hostile guest
 * would: "sent", or why the browser would not. */
export const sendRaw = (page: Page, text: string) =>
  page.evaluate((text) => {
    const w = window as unknown as { __channels: RTCDataChannel[] };
    try {
      w.__channels[0].send(text);
      return "sent";
    } catch (e) {
      return `refused by the browser: ${e}`;
    }
  }, text);

/** The host's invitation for `name` goes to the guest (opened as a link,
 * or pasted into the guest's page), the guest's answer back to the host;
 * then the guest's table (`table`, a selector) shows. `game` is the
 * game's id in addresses. */
export async function connect(
  host: Page,
  guest: Page,
  opts: { game: string; name: string; table: string; how: "open" | "paste"; onAnswer?: () => Promise<void> },
) {
  const link = await invitation(host, opts.name).inputValue();
  expect(link).toMatch(new RegExp(`#/${opts.game}/join/[A-Za-z0-9_-]+$`));
  if (opts.how === "open") {
    await guest.goto(link);
  } else {
    await guest.getByRole("textbox", { name: "The host's invitation (its link or code)" }).fill(link);
    await guest.getByRole("button", { name: "Join", exact: true }).click();
  }
  // The code leaves the address once read: a reload does not reuse it.
  await expect(guest).toHaveURL(new RegExp(`#/${opts.game}/join$`));
  const code = await answer(guest).inputValue();
  expect(code.length).toBeGreaterThan(40);
  if (opts.onAnswer) await opts.onAnswer();
  // The answer field of this seat's invitation.
  await host.getByRole("region", { name: `${opts.name} on another device` }).getByRole("textbox", { name: "Their answer" }).fill(code);
  await host.getByRole("region", { name: `${opts.name} on another device` }).getByRole("button", { name: "Connect" }).click();
  await expect(host.getByText(`${opts.name} is connected on their own device.`)).toBeVisible();
  await expect(guest.locator(opts.table)).toBeVisible();
}
