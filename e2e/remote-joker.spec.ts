// Joker across devices: Ana plays at the host's device, Ben on his own
// (a second browser context), Cy is a computer. A whole game is played to
// the end over a WebRTC data channel on loopback: Ben is a Vigilante in
// the first round, the Informant in the second (he answers on his own
// device, with no hand-over on the host's), a Vigilante again in the
// third. At every step neither device shows the other's secrets, and no
// message Ben received holds the Joker's place unless he is the Informant.
// A guest reload mid-turn recovers with nothing lost; tampered messages are
// refused and change nothing.
//
// The browser tests run in a network namespace that nothing can leave
// (scripts/isolated-network): every packet stays on this machine.
import { expect, test } from "./helpers/test";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "./playwright.config";
import { dialog, stepDialog } from "./helpers/joker";
import { connect as connectDevices, device, invitation as invitationFor, onlyInIsolatedNetwork, received, sendRaw, wireCount } from "./helpers/remote";

onlyInIsolatedNetwork();

const SAVE_KEY = "gm.save.joker";
const BEN = 1;
const PHONE = { width: 390, height: 844 };

const connect = (host: Page, guest: Page, how: "open" | "paste") =>
  connectDevices(host, guest, { game: "joker", name: "Ben", table: ".jk-grid, .jk-desk", how });
const invitation = (host: Page) => invitationFor(host, "Ben");

const answers = (page: Page) => page.getByRole("group", { name: "Your answer" }).getByRole("button");
const handOverButton = (page: Page) => page.getByRole("button", { name: /^I am .+: continue$/ });
const save = (host: Page) => host.evaluate((key) => localStorage.getItem(key), SAVE_KEY);

type Saved = { round: number; joker: number; phase: unknown; over: boolean };

/** The host's saved game: the round, the Joker's cell, the phase. */
async function saved(host: Page): Promise<Saved> {
  return host.evaluate((key) => {
    const state = JSON.parse(localStorage.getItem(key) || "null").data.state;
    const joker = state.grid.findIndex((card: unknown) => typeof card === "object" && card && "Joker" in card);
    return { round: state.round, joker, phase: state.phase, over: state.phase === "Over" };
  }, SAVE_KEY);
}

/** New game on the host: Ana here, Ben on his own device, Cy a computer
 * (fast), each for themselves. Ana informs round 1, Ben round 2, Cy round 3. */
async function newGame(host: Page, seats: [string, string][] = [["Ana", "person"], ["Ben", "own-device"], ["Cy", "simple"]]) {
  await host.goto("/#/settings");
  await host.getByRole("group", { name: "Computer players' pace" }).getByRole("radio", { name: "Fast" }).check();
  await host.goto("/#/joker/new");
  await host.getByRole("radio", { name: "Each for themselves" }).check();
  const names = host.getByRole("textbox", { name: /^Name of seat/ });
  while ((await names.count()) < seats.length) await host.getByRole("button", { name: "Add a seat" }).click();
  while ((await names.count()) > seats.length) await host.getByRole("button", { name: `Remove seat ${seats.length + 1}` }).click();
  for (const [i, [name, kind]] of seats.entries()) {
    await host.getByRole("textbox", { name: `Name of seat ${i + 1}` }).fill(name);
    await host.getByRole("combobox", { name: `Who plays seat ${i + 1}` }).selectOption(kind);
  }
  await host.getByRole("button", { name: "Start game" }).click();
  await expect(host).toHaveURL(/#\/joker$/);
}

let turns = 0;

/** One step of a device: go on from a round's end, answer as the
 * Informant (the lowest answer), or on a Vigilante's turn probe first in a
 * round, then shoot two turns in three. Returns what it did. */
async function step(page: Page): Promise<string> {
  const quick = { timeout: 2_000 };
  const dialogStep = await stepDialog(page);
  if (dialogStep) return dialogStep;
  if (await answers(page).first().isVisible()) {
    await answers(page).first().click(quick).catch(() => {});
    return "answer";
  }
  const open = page.locator(".jk-cell[aria-disabled=false]:not(:has(.card-face))");
  if ((await open.count()) === 0) {
    await page.waitForTimeout(30);
    return "wait";
  }
  const probedThisRound = (await page.locator(".jk-probes").count()) > 0;
  const shoot = probedThisRound && !(await page.locator(".turn-banner").textContent())?.includes("no shooting") && turns++ % 3 !== 0;
  try {
    await page.getByRole("radio", { name: shoot ? /^Shoot it/ : /^Probe it/ }).check(quick);
    await open.nth(turns % (await open.count())).click(quick);
    if (shoot) await dialog(page).getByRole("button", { name: "Shoot" }).click(quick);
  } catch {
    return "missed click";
  }
  return shoot ? "shot" : "probe";
}

/** Whether `page` shows the Informant's secrets: the private screen, its
 * words, or a card marked as the Joker's while it is face down. */
async function showsSecret(page: Page, joker: number): Promise<string | null> {
  return page.evaluate((joker) => {
    const html = document.body.innerHTML;
    // ("within n of the true distance" is the public die line.)
    const words = ["The Joker is at", "the true distance is", "you may answer", "jk-desk", "jk-mini"].filter((w) => html.includes(w));
    if (words.length) return `words: ${words.join(", ")}`;
    const cell = document.querySelector(`[data-cell="${joker}"]`);
    const label = cell?.getAttribute("aria-label") || "";
    if (/joker/i.test(label) && !/shot dead/.test(label)) return `label: ${label}`;
    return null;
  }, joker);
}

/** Every table Ben received holds the Joker's cell only in a round he
 * informs (and never once the game is over); his page shows the
 * Informant's screen only then, and the host's page never while he does. */
async function checkSecrets(host: Page, guest: Page) {
  for (const m of await received(guest)) {
    if (!m.Table) continue;
    const view = m.Table.view;
    const bensRound = view.round % 3 === BEN && view.phase !== "Over";
    if (!bensRound) expect(view.joker, `the Joker's place sent to Ben in round ${view.round + 1}`).toBeNull();
    expect(view.seat).toBe(BEN);
  }
  const s = await saved(host);
  if (s.over) return;
  if (s.round % 3 !== BEN) {
    expect(await showsSecret(guest, s.joker), "a secret on Ben's page").toBeNull();
  } else {
    expect(await showsSecret(host, s.joker), "Ben's secret on the host's page").toBeNull();
  }
}

/** Both devices play on until `done`, checking the secrets at each step. */
async function playUntil(host: Page, guest: Page, done: () => Promise<boolean>, seen = new Set<string>()) {
  let steps = 0;
  while (!(await done())) {
    const h = await step(host);
    const sent = await wireCount(guest);
    const g = await step(guest);
    seen.add(`host ${h}`).add(`guest ${g}`);
    // An action the guest sent is answered before the devices are compared.
    if (["answer", "probe", "shot"].includes(g)) {
      await expect.poll(() => wireCount(guest), { timeout: 5_000 }).toBeGreaterThan(sent).catch(() => {});
    }
    expect(await handOverButton(host).count(), "no hand-over: one person at the host's device").toBe(0);
    if (h !== "wait" || g !== "wait") await checkSecrets(host, guest);
    expect(++steps, "the game moves on").toBeLessThan(3_000);
  }
  return seen;
}

/** A whole game, Ana at the host's device and Ben on his own (each a
 * browser of its own, or two profiles of one). */
async function wholeGame(hostBrowser: Browser, guestBrowser: Browser) {
  const host = await device(hostBrowser);
  const guest = await device(guestBrowser);
  await host.page.setViewportSize(PHONE);
  await guest.page.setViewportSize(PHONE);
  await newGame(host.page);
  await expect(invitation(host.page)).toBeVisible();
  await host.page.screenshot({ path: "test-results/screens/remote-joker-host-invitation-390x844.png", fullPage: true });
  await connect(host.page, guest.page, "open");
  // The host's players' panel says where Ben plays; Ana is at the host.
  await expect(host.page.locator('.players [aria-label^="Ben, Person, on their own device"]')).toHaveCount(1);
  await expect(host.page.locator('.players [aria-label^="Ana, Person,"]')).toHaveCount(1);
  await expect(host.page.locator('.players [aria-label^="Ana, Person, on their own device"]')).toHaveCount(0);
  // Round 1: Ana informs on the host; Ben plays his turns on his phone.
  const seen = await playUntil(host.page, guest.page, async () => (await saved(host.page)).round >= BEN);
  // Round 2: Ben is the Informant: his phone shows the private screen when
  // a probe waits, the host's never.
  await playUntil(host.page, guest.page, async () => (await answers(guest.page).count()) > 0 || (await saved(host.page)).round > BEN, seen);
  if ((await answers(guest.page).count()) > 0) {
    await expect(guest.page.getByRole("heading", { name: "Ben, you are the Informant" })).toBeVisible();
    await expect(host.page.locator(".turn-banner")).toContainText("Ben, the Informant, is answering.");
    await expect(host.page.getByText("Waiting for Ben…")).toBeVisible();
    await guest.page.screenshot({ path: "test-results/screens/remote-joker-guest-informant-390x844.png", fullPage: true });
    await host.page.screenshot({ path: "test-results/screens/remote-joker-host-waits-390x844.png", fullPage: true });
  }
  await playUntil(host.page, guest.page, async () => (await saved(host.page)).over, seen);
  expect(seen.has("guest answer"), "Ben answered as the Informant").toBe(true);
  expect(seen.has("guest probe"), "Ben probed as a Vigilante").toBe(true);
  await expect(dialog(host.page)).toContainText(/Jokers shot: Ana: \d, Ben: \d, Cy: \d\./);
  await expect(dialog(guest.page)).toContainText(/Jokers shot: Ana: \d, Ben: \d, Cy: \d\./);
  // The host plays again; Ben's page has no such button.
  await expect(dialog(guest.page).getByRole("button", { name: "Play again" })).toHaveCount(0);
  await guest.page.screenshot({ path: "test-results/screens/remote-joker-guest-end-390x844.png", fullPage: true });
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
}

test("Joker with Ben on his own device: a whole game, Ben informs a round on his phone, nothing secret where it must not be", async ({ browser }) => {
  test.setTimeout(300_000);
  await wholeGame(browser, browser);
});

test("a Firefox host and a Chromium guest: a whole game between two engines", { tag: "@engines" }, async ({ browser, browserName }) => {
  test.skip(browserName !== "firefox", "the host is the Firefox project's browser");
  test.setTimeout(300_000);
  const chromiumBrowser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium-headless-shell", args: CHROMIUM_ARGS });
  try {
    await wholeGame(browser, chromiumBrowser);
  } finally {
    await chromiumBrowser.close();
  }
});

test("a guest reload in Ben's turn: a new invitation, the same table and notepad, the host's save unchanged", async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page);
  await connect(host.page, guest.page, "open");
  // Ana informs round 1; Ben opens it: his turn on his phone.
  const open = guest.page.locator(".jk-cell[aria-disabled=false]");
  await expect(open.first()).toBeVisible();
  // A mark on his notepad, kept on his device.
  await guest.page.getByRole("radio", { name: /^Mark it/ }).check();
  await guest.page.locator('[data-cell="12"]').click();
  await expect(guest.page.locator('[data-cell="12"]')).toHaveClass(/marked/);
  const hostNotes = () => host.page.evaluate((key) => JSON.parse(localStorage.getItem(key) || "null").data.notes, SAVE_KEY);
  expect(await hostNotes(), "Ben's marks stay on his device").toEqual([0, 0, 0]);
  const before = await save(host.page);
  const banner = await guest.page.locator(".turn-banner").textContent();
  await guest.page.reload();
  // Back at his seat's table, told the game is still on.
  await expect(guest.page.getByRole("heading", { name: "Back at Ben's seat" })).toBeVisible();
  await expect(guest.page.locator(".turn-banner")).toHaveText(banner!);
  await expect(invitation(host.page)).toBeVisible();
  await connect(host.page, guest.page, "paste");
  expect(await save(host.page)).toBe(before);
  await expect(guest.page.locator(".turn-banner")).toHaveText(banner!);
  await expect(guest.page.locator('[data-cell="12"]')).toHaveClass(/marked/);
  // And the game goes on from Ben's turn.
  await guest.page.getByRole("radio", { name: /^Probe it/ }).check();
  await guest.page.locator('[data-cell="0"]').click();
  await expect.poll(async () => (await save(host.page)) !== before).toBe(true);
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test("tampered messages from Ben's device are refused and change nothing", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page);
  await connect(host.page, guest.page, "open");
  const lastWire = async () => (await received(guest.page)).at(-1);
  const refusedWith = async (text: string, why: RegExp) => {
    const before = await save(host.page);
    const sent = await wireCount(guest.page);
    expect(await sendRaw(guest.page, text)).toBe("sent");
    await expect.poll(() => wireCount(guest.page)).toBeGreaterThan(sent);
    expect((await lastWire()).Refused?.why).toMatch(why);
    expect(await save(host.page)).toBe(before);
  };
  // Ben opens round 1: an answer is illegal in a turn; garbage is no
  // message; an action chosen on an old table is not applied.
  const version = async () => (await received(guest.page)).filter((m) => m.Table).at(-1).Table.version;
  await expect(guest.page.locator(".jk-cell[aria-disabled=false]").first()).toBeVisible();
  await refusedWith(JSON.stringify({ Act: { version: await version(), actions: [{ Answer: 2 }] } }), /./);
  await refusedWith("garbage", /not one of this game's/);
  await refusedWith(JSON.stringify({ Act: { version: (await version()) + 1000, actions: [{ Probe: 3 }] } }), /table changed/);
  // Ben probes; then it is Ana's to answer: Ben may not.
  await guest.page.getByRole("radio", { name: /^Probe it/ }).check();
  await guest.page.locator('[data-cell="4"]').click();
  await expect(answers(host.page).first()).toBeVisible();
  await expect.poll(async () => (await lastWire()).Table?.view.phase.Answer !== undefined).toBe(true);
  await refusedWith(JSON.stringify({ Act: { version: await version(), actions: [{ Answer: 2 }] } }), /not your turn/);
  await refusedWith(JSON.stringify({ Act: { version: await version(), actions: [{ Probe: 7 }] } }), /not your turn/);
  expect(host.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test("the new-game screen offers a seat on its own device, except in solo", async ({ browser }) => {
  const host = await device(browser);
  await host.page.goto("/#/joker/new");
  const ownDevice = host.page.locator('select option[value="own-device"]');
  await expect(ownDevice.first()).toBeAttached();
  await host.page.getByRole("radio", { name: "Solo against a computer Informant" }).check();
  await expect(ownDevice).toHaveCount(0);
  await host.page.getByRole("radio", { name: "Two teams" }).check();
  await expect(ownDevice.first()).toBeAttached();
  // Nobody left here to keep the game: refused.
  const seats = host.page.getByRole("combobox", { name: /^Who plays seat/ });
  for (let i = 0; i < (await seats.count()); i++) await seats.nth(i).selectOption("own-device");
  await host.page.getByRole("button", { name: "Start game" }).click();
  await expect(host.page.getByText(/^One person plays on this device/)).toBeVisible();
  await expect(host.page).toHaveURL(/#\/joker\/new$/);
  expect(host.errors).toEqual([]);
  await host.context.close();
});

test("while Ben's device is away the computer waits; once he is connected it plays", async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await device(browser);
  const guest = await device(browser);
  // Ana informs the first round; Cy, a computer at the fast pace, has the
  // first turn, and Ben is not connected yet.
  await newGame(host.page, [["Ana", "person"], ["Cy", "simple"], ["Ben", "own-device"]]);
  await expect(invitation(host.page)).toBeVisible();
  const before = await save(host.page);
  // Over ten times the fast pace: Cy would have probed by now.
  await host.page.waitForTimeout(1_500);
  expect(await save(host.page), "no move while Ben is away").toBe(before);
  await connect(host.page, guest.page, "open");
  await expect.poll(() => save(host.page), { timeout: 10_000 }).not.toBe(before);
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});
