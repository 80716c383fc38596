// Play across devices, Serial Killer with two guests: three browser
// contexts (three devices, each a fresh profile). Ana plays on the host's
// device with a computer seat, Ben and Cy each on their own; the
// invitations and answers pass between pages as a person would pass them,
// and the game is played, each guest taking turns, over WebRTC data
// channels on loopback. Serial Killer has one secret, the same for every seat: the
// order of the victim stack (and the seed and generator that make the
// next shuffles). At every step no guest's page or received message holds
// it. A guest reload in the middle of a turn recovers with nothing lost;
// tampered messages are refused and change nothing.
//
// The browser tests run in a network namespace that nothing can leave
// (scripts/isolated-network, from scripts/test): every packet of these
// connections stays on this machine.
import { expect, test } from "./helpers/test";
import { type Browser, type Page } from "@playwright/test";
import { connect as connectDevices, device, invitation, onlyInIsolatedNetwork, received, sendRaw, wireCount } from "./helpers/remote";

onlyInIsolatedNetwork();

const SAVE_KEY = "gm.save.serial-killer";
const GUESTS = ["Ben", "Cy"] as const;

type Card = { Standard: { rank: number; suit: string } };
type Game = { state: { seed: number; rng: unknown; stack: Card[]; known_bottom: number; current: number; phase: unknown }; log: string[] };

const saved = (host: Page): Promise<Game> => host.evaluate((key) => JSON.parse(localStorage.getItem(key)!).data, SAVE_KEY);
const save = (host: Page) => host.evaluate((key) => localStorage.getItem(key), SAVE_KEY);

/** The engine's order of cards: by rank, then clubs, diamonds, hearts, spades. */
const SUITS = ["Clubs", "Diamonds", "Hearts", "Spades"];
const order = (c: Card) => (c.Standard.rank - 1) * 4 + SUITS.indexOf(c.Standard.suit);
const sorted = (cards: Card[]) => [...cards].sort((a, b) => order(a) - order(b));
/** The part of a stack nobody saw go under it: its order is the secret. */
const hidden = (s: { stack: Card[]; known_bottom: number }) => s.stack.slice(Math.min(s.known_bottom, s.stack.length));

const choices = (page: Page) => page.getByRole("group", { name: "Your choices" }).getByRole("button");
const logLines = (page: Page) => page.getByRole("list", { name: "Game log, newest first" }).locator("li").allTextContents();
const endDialog = (page: Page) => page.getByRole("dialog");

/** The guest's log comes to be the host's. Both are read at each try: the
 * computer may be playing on the host meanwhile, so a copy of the host's
 * log taken once can be left behind by the guest's. */
async function sameLog(host: Page, guest: Page) {
  let last = { host: [] as string[], guest: [] as string[] };
  const agree = async () => {
    last = { host: await logLines(host), guest: await logLines(guest) };
    return JSON.stringify(last.guest) === JSON.stringify(last.host);
  };
  await expect
    .poll(agree)
    .toBe(true)
    .catch(() => expect(last.guest, "the guest's log is the host's").toEqual(last.host));
}

/** Three devices; on the host, a game of Ana (here), Ben and Cy (each on
 * their own device) and a Simple computer at the fast pace; Ben and Cy
 * connected, Ben by opening his invitation's link, Cy by pasting it. */
async function table(browser: Browser) {
  const host = await device(browser);
  const ben = await device(browser);
  const cy = await device(browser);
  for (const d of [host, ben, cy]) await d.page.setViewportSize({ width: 390, height: 844 });
  const page = host.page;
  await page.goto("/#/settings");
  await page.getByRole("group", { name: "Computer players' pace" }).getByRole("radio", { name: "Fast" }).check();
  await page.goto("/#/serial-killer/new");
  await page.getByRole("button", { name: "Add a seat" }).click();
  const seats: [string, string][] = [["Ana", "person"], ["Ben", "own-device"], ["Cy", "own-device"]];
  for (const [i, [name, kind]] of seats.entries()) {
    await page.getByRole("textbox", { name: `Name of seat ${i + 1}` }).fill(name);
    await page.getByRole("combobox", { name: `Who plays seat ${i + 1}` }).selectOption(kind);
  }
  await page.getByRole("textbox", { name: "Name of seat 4" }).fill("Dot");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(/#\/serial-killer$/);
  await connect(page, ben.page, "Ben", "open");
  await cy.page.goto("/#/serial-killer/join");
  await connect(page, cy.page, "Cy", "paste");
  return { host, ben, cy, guests: [ben, cy] };
}

const connect = (host: Page, guest: Page, name: string, how: "open" | "paste") =>
  connectDevices(host, guest, { game: "serial-killer", name, table: ".sk-table", how });

/** Every message `guest` received holds nothing of the stack's order, nor
 * the host's seed or generator; and its last table, once it has caught up
 * with the host's save, has the stack's cards (which are public) sorted. */
async function checkNoSecret(host: Page, guest: Page) {
  let game: Game | null = null;
  let last: any = null;
  await expect
    .poll(async () => {
      game = await saved(host);
      const tables = (await received(guest)).filter((m) => m.Table);
      last = tables.at(-1)?.Table;
      return JSON.stringify(last?.view.graves) === JSON.stringify((game as any).state.graves) && last?.view.stack.length === game!.state.stack.length;
    })
    .toBe(true);
  const state = game!.state;
  const rng = JSON.stringify(state.rng);
  for (const m of await received(guest)) {
    if (!m.Table) continue;
    // A seat's view is its own struct of the public fields: no seed.
    const table = m.Table.view;
    expect(table, "the host's seed").not.toHaveProperty("seed");
    expect(JSON.stringify(m), "the host's generator").not.toContain(rng);
    expect(hidden(table), "the stack's order").toEqual(sorted(hidden(table)));
  }
  const view = last.view;
  expect(hidden(view)).toEqual(sorted(hidden(state)));
  // The page shows the stack as a count only.
  // (Its count, not compared with the save: a computer may have drawn since.)
  await expect(guest.locator(".sk-stack")).toHaveAttribute("aria-label", /^Victim stack: \d+ cards?, face down$/);
}

/** One step on `page`: its first choice pressed (Draw all first, while two
 * cards or more are to be drawn), if it offers any. Whether it did. */
async function step(page: Page): Promise<boolean> {
  const first = choices(page).first();
  if (!(await first.isVisible())) return false;
  return first.click({ timeout: 1_000 }).then(() => true, () => false);
}

/** All three devices play on until `done` (the computer at its pace),
 * each guest checked after every step of anyone's. */
async function playUntil(d: Awaited<ReturnType<typeof table>>, done: () => Promise<boolean>, maxSteps = 3_000) {
  let steps = 0;
  while (!(await done())) {
    let moved = await step(d.host.page);
    for (const g of d.guests) {
      const before = await wireCount(g.page);
      if (await step(g.page)) {
        moved = true;
        // Answered (its new table, or a refusal) before going on.
        await expect.poll(() => wireCount(g.page), { timeout: 5_000 }).toBeGreaterThan(before).catch(() => {});
      }
    }
    if (moved) for (const g of d.guests) await checkNoSecret(d.host.page, g.page);
    else await d.host.page.waitForTimeout(40);
    expect(++steps, "the game moves on").toBeLessThan(maxSteps);
  }
}

async function screens(d: Awaited<ReturnType<typeof table>>, when: string) {
  await d.host.page.screenshot({ path: `test-results/screens/remote-serial-killer-${when}-host-390.png` });
  await d.ben.page.screenshot({ path: `test-results/screens/remote-serial-killer-${when}-ben-390.png` });
  await d.cy.page.screenshot({ path: `test-results/screens/remote-serial-killer-${when}-cy-390.png` });
}

test("Serial Killer with two guests: each plays turns on its own device, the stack's order on none but the host's", async ({ browser }) => {
  // A whole four-seat game over three devices, every guest message checked
  // after every step, takes over seven minutes: the game is played until
  // each guest has played two whole turns (a Jack's or an Ace's decision
  // among them, most deals).
  test.setTimeout(300_000);
  const d = await table(browser);
  // Each device draws its own table: Ana's choices only on the host, Ben's
  // on Ben's device, Cy's on Cy's; none has a hand-over screen.
  for (const p of [d.host.page, d.ben.page, d.cy.page]) {
    await expect(p.locator(".turn-banner")).toBeVisible();
    await expect(p.locator(".hand-over")).toHaveCount(0);
  }
  for (const g of d.guests) await checkNoSecret(d.host.page, g.page);
  // The host's players' panel says who plays on their own device.
  for (const name of ["Ben", "Cy"]) {
    await expect(d.host.page.locator(`.players [aria-label^="${name}, Person, on their own device"]`)).toHaveCount(1);
  }
  await expect(d.host.page.locator('.players [aria-label^="Ana, Person:"]')).toHaveCount(1);
  await screens(d, "start");
  // The guests' logs are the host's.
  await sameLog(d.host.page, d.ben.page);
  let shot = false;
  // Whose turn the host's banner named, each change once.
  const turns: string[] = [];
  const turnsOf = (name: string) => turns.filter((t) => t === name).length;
  await playUntil(d, async () => {
    if (!shot && (await choices(d.ben.page).count()) > 1 && (await d.ben.page.locator(".sk-drawn").isVisible())) {
      shot = true;
      await screens(d, "ben-decides");
    }
    const banner = (await d.host.page.locator(".turn-banner").textContent()) || "";
    const name = banner.match(/^(.+?)'s turn/)?.[1] ?? "";
    if (name && turns.at(-1) !== name) turns.push(name);
    // A third turn begun: the first two are over.
    return (turnsOf("Ben") >= 3 && turnsOf("Cy") >= 3) || (await endDialog(d.host.page).isVisible());
  });
  for (const g of d.guests) await sameLog(d.host.page, g.page);
  await screens(d, "later");
  for (const x of [d.host, d.ben, d.cy]) {
    expect(x.errors).toEqual([]);
    await x.context.close();
  }
});

test("a guest reload in the middle of its turn comes back to the same table, nothing lost", async ({ browser }) => {
  test.setTimeout(240_000);
  const d = await table(browser);
  // Play on until Ben has drawn his cards and is yet to end his turn.
  await playUntil(d, async () => {
    const game = await saved(d.host.page);
    return game.state.current === 1 && game.state.phase === "Plays" && (await choices(d.ben.page).count()) > 0;
  });
  const before = await save(d.host.page);
  const logBefore = await logLines(d.ben.page);
  const choicesBefore = await choices(d.ben.page).allTextContents();
  await d.ben.page.reload();
  // Back at his seat's table, told the game is still on.
  await expect(d.ben.page.getByRole("heading", { name: "Back at Ben's seat" })).toBeVisible();
  await expect.poll(() => logLines(d.ben.page)).toEqual(logBefore);
  await expect(invitation(d.host.page, "Ben")).toBeVisible();
  await connect(d.host.page, d.ben.page, "Ben", "paste");
  expect(await save(d.host.page)).toBe(before);
  await expect.poll(() => logLines(d.ben.page)).toEqual(logBefore);
  expect(await choices(d.ben.page).allTextContents()).toEqual(choicesBefore);
  // Cy's device was not disturbed, and the game goes on.
  await expect(d.cy.page.locator(".sk-table")).toBeVisible();
  let moves = 0;
  await playUntil(d, async () => moves++ > 10);
  for (const x of [d.host, d.ben, d.cy]) {
    expect(x.errors).toEqual([]);
    await x.context.close();
  }
});

test("tampered messages from a guest are refused with a message and change nothing", async ({ browser }) => {
  test.setTimeout(180_000);
  const d = await table(browser);
  // Play on until Ben's turn begins: his first card to draw. (Nobody acts
  // in another's turn, so Ben has nothing to do until then: his device
  // is left alone, and his turn is caught before its first draw.)
  const bensTurnBegins = async () => {
    const s = (await saved(d.host.page)).state as any;
    return s.current === 1 && s.phase?.Draw !== undefined && s.drawn === 0;
  };
  for (let steps = 0; !(await bensTurnBegins()); steps++) {
    const moved = (await step(d.host.page)) || (await step(d.cy.page));
    if (!moved) await d.host.page.waitForTimeout(40);
    expect(steps, "Ben's turn comes").toBeLessThan(3_000);
  }
  await expect(choices(d.ben.page).first()).toBeVisible();
  const lastWire = (p: Page) => p.evaluate(() => (window as unknown as { __wire: string[] }).__wire.at(-1) || "");
  const before = await save(d.host.page);
  const refusedWith = async (guest: Page, text: string, why: RegExp) => {
    const sent = await wireCount(guest);
    expect(await sendRaw(guest, text)).toBe("sent");
    await expect.poll(() => wireCount(guest)).toBeGreaterThan(sent);
    expect(JSON.parse(await lastWire(guest)).Refused.why).toMatch(why);
    expect(await save(d.host.page)).toBe(before);
  };
  const version = async (p: Page) => (await received(p)).filter((m) => m.Table).at(-1).Table.version;
  // Cy draws in Ben's turn: another seat's action.
  await refusedWith(d.cy.page, JSON.stringify({ Act: { version: await version(d.cy.page), actions: ["Draw"] } }), /not your turn/);
  // Ben ends his turn before drawing, and draws seventeen cards at once.
  await refusedWith(d.ben.page, JSON.stringify({ Act: { version: await version(d.ben.page), actions: ["EndTurn"] } }), /./);
  await refusedWith(d.ben.page, JSON.stringify({ Act: { version: await version(d.ben.page), actions: Array(17).fill("Draw") } }), /./);
  // Garbage, another game's action, too big.
  await refusedWith(d.ben.page, "garbage", /not one of this game's/);
  await refusedWith(d.ben.page, JSON.stringify({ Act: { version: await version(d.ben.page), actions: [{ Shoot: 3 }] } }), /not one of this game's/);
  await refusedWith(d.ben.page, JSON.stringify({ Act: { version: await version(d.ben.page), actions: ["x".repeat(200_000)] } }), /KB was refused/);
  // Ben's table shows the refusal where its own would show, and still
  // offers his choices.
  await expect(d.ben.page.locator('.table-message[data-tone="refusal"]')).toContainText(/./);
  await expect(choices(d.ben.page).first()).toBeVisible();
  // And the game goes on.
  let moves = 0;
  await playUntil(d, async () => moves++ > 4);
  for (const x of [d.host, d.ben, d.cy]) {
    expect(x.errors).toEqual([]);
    await x.context.close();
  }
});
