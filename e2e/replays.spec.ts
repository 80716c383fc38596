// Issue 30: replays. A finished game is watched again on its own table,
// step by step; the final table equals the finished game's; its link opens
// the same replay in a fresh browser profile, offline (every game); hostile
// links get a sentence, never a blank page.
import { expect, pageErrors, test } from "./helpers/test";
import { type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { playActions, type Action } from "./helpers/dead-center";
import { playWithHints } from "./helpers/murderers-row";
import { endDialog, fastComputers, newGame, step } from "./helpers/detective-graves";

const lost = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-lost.json"), "utf8"),
) as { seed: number; actions: Action[] };

test.beforeEach(async ({ page }) => skipTours(page));

// A replay link opens offline in a fresh profile (openOffline): the service
// worker is allowed here (blocked elsewhere, e2e/playwright.config.ts).
test.use({ serviceWorkers: "allow" });


/** Everything a table says: its text and every element's accessible name. */
async function tableSays(page: Page, selector: string): Promise<string> {
  return page.locator(selector).first().evaluate((root) => {
    const names = [...root.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    return `${(root as HTMLElement).innerText}\n${names.join("\n")}`;
  });
}

const where = (page: Page) => page.locator(".replay-where");

/** Pictures of the page at a phone's and a tablet's size (to look at), and
 * every control of the replay at least 44 px. */
async function looks(page: Page, name: string) {
  const size = page.viewportSize();
  // (A button just pressed may still be easing back from its press.)
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [width, height] of [[390, 844], [820, 1180]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/replay-${name}-${width}x${height}.png`, fullPage: true });
    const small = await page.locator(".replay-steps button, .replay-side button, .replay-side a, .replay-side input").evaluateAll((els) =>
      els
        .map((e) => e.closest("label") ?? e)
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => [e.textContent?.trim().slice(0, 30), e.getBoundingClientRect()] as const)
        .filter(([, r]) => Math.round(r.height) < 44 || Math.round(r.width) < 44)
        .map(([text, r]) => `${text}: ${Math.round(r.width)}x${Math.round(r.height)}`),
    );
    expect(small, `${name} at ${width}: controls under 44 px`).toEqual([]);
  }
  if (size) await page.setViewportSize(size);
}

/** Steps forward through every move, checking each step's line; returns the number of moves. */
/** Steps through the whole replay from its start, calling `look` at each
 * step (0 is the start). The first move is by the button, the rest by the
 * keyboard's arrow: a click waits for the table to settle, which made
 * stepping a long game take three times as long. Returns the moves. */
async function stepThrough(page: Page, look: (at: number) => Promise<void> = async () => {}): Promise<number> {
  const toStart = page.getByRole("button", { name: "To the start" });
  if (await toStart.isEnabled()) await toStart.click();
  const moves = Number(/^Start of (\d+) moves/.exec(await where(page).innerText())![1]);
  const forward = page.getByRole("button", { name: "Forward one move" });
  for (let at = 0; at <= moves; at++) {
    if (at === 1) await forward.click();
    else if (at > 1) await page.keyboard.press("ArrowRight");
    await expect(where(page)).toContainText(at === 0 ? "Start of" : `Move ${at} of ${moves}: `);
    await look(at);
  }
  await expect(forward).toBeDisabled();
  await expect(page.locator(".replay-end")).toHaveText("The end of the game.");
  return moves;
}

const stepToTheEnd = (page: Page) => stepThrough(page);

/** Opens `href` in a fresh browser profile that has visited the app once, then offline. */
async function openOffline(browser: Browser, href: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipTours(page);
  await page.goto("/");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  // The game's chunk is cached when first fetched: fetch it while online.
  await context.setOffline(true);
  await page.goto(href);
  return page;
}

/** The replay on `page` opened from its link in a fresh browser profile,
 * offline (the game's own chunk, never fetched there while online, comes
 * from the service worker's cache): the same table at its end. */
async function sameOffline(browser: Browser, page: Page) {
  const href = new URL(page.url()).hash;
  const toTheEnd = page.getByRole("button", { name: "To the end" });
  if (await toTheEnd.isEnabled()) await toTheEnd.click();
  await expect(where(page)).toContainText(/^Move (\d+) of \1/);
  const here = await tableSays(page, ".replay-board");
  const elsewhere = await openOffline(browser, `/${href}`);
  const errors = pageErrors(elsewhere);
  await expect(where(elsewhere)).toContainText("Start of ");
  await elsewhere.getByRole("button", { name: "To the end" }).click();
  await expect(where(elsewhere)).toHaveText(await where(page).innerText());
  // (A seat's screen is drawn once the step's view reaches it.)
  await expect.poll(() => tableSays(elsewhere, ".replay-board")).toBe(here);
  await elsewhere.context().close();
  expect(errors).toEqual([]);
}

test("Dead Center: a lost game replays move by move to the same table, from the end dialog and from Recent games", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = pageErrors(page);
  await page.goto(`/#/dead-center/standard/${lost.seed}`);
  await playActions(page, lost.actions);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("The zombies won");
  const finished = await tableSays(page, ".dc-board");
  const saved = await page.evaluate(() => localStorage.getItem("gm.save.dead-center"));

  await dialog.getByRole("link", { name: "Watch the replay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dead Center: replay");
  await expect(where(page)).toContainText("Start of ");
  // The start: every zombie face down, nothing played.
  await expect(page.locator(".dc-count .big")).toHaveText("12");
  const moves = await stepToTheEnd(page);
  expect(moves).toBe(lost.actions.length);
  expect(await tableSays(page, ".dc-board")).toBe(finished);
  // The move list: one entry per move and the start; a tap jumps there.
  const list = page.getByRole("list", { name: "Moves" });
  await expect(list.getByRole("button")).toHaveCount(moves + 1);
  await list.getByRole("button").nth(3).click();
  await expect(where(page)).toContainText(`Move 3 of ${moves}: `);
  await expect(list.getByRole("button").nth(3)).toHaveAttribute("aria-current", "step");
  // The keyboard: End, Home, the arrows.
  await page.keyboard.press("End");
  await expect(where(page)).toContainText(`Move ${moves} of ${moves}`);
  await page.keyboard.press("ArrowLeft");
  await expect(where(page)).toContainText(`Move ${moves - 1} of ${moves}`);
  await page.keyboard.press("Home");
  await expect(where(page)).toContainText("Start of ");
  await page.keyboard.press("ArrowRight");
  await expect(where(page)).toContainText(`Move 1 of ${moves}`);
  // Play at a pace, then pause.
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(where(page)).toContainText(`Move 3 of ${moves}`, { timeout: 10_000 });
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  // The solver's review, when asked: the move that cost the game is marked
  // in the move list and in its line, and a button goes to it.
  const review = page.getByRole("region", { name: "Review" });
  await expect(page.locator(".replay-move.costly")).toHaveCount(0);
  await review.getByRole("button", { name: "Review the game" }).click();
  await expect(review.locator(".verdict")).toContainText("The move that cost you: in turn ", { timeout: 60_000 });
  const goTo = review.getByRole("button", { name: /^Go to move \d+$/ });
  const costly = Number(/(\d+)$/.exec(await goTo.innerText())![1]);
  await goTo.click();
  await expect(where(page)).toContainText(`Move ${costly} of ${moves}, the move that cost the game: `);
  await expect(list.getByRole("button").nth(costly)).toHaveClass(/costly/);
  await expect(list.getByRole("button").nth(costly)).toContainText(`${costly}, the move that cost the game: `);
  await expect(page.locator(".replay-move.costly")).toHaveCount(1);
  // The deck's order only when asked.
  await expect(page.locator(".replay-order")).toHaveCount(0);
  await page.getByRole("button", { name: "Show the order of the deck" }).click();
  await expect(page.locator(".replay-order")).toContainText("The deck, next first: ");
  // Read-only: a tap on the table changes nothing, and nothing is saved.
  await looks(page, "dead-center");
  await page.locator(".dc-board button").first().click();
  expect(await page.evaluate(() => localStorage.getItem("gm.save.dead-center"))).toBe(saved);

  // Recent games lists it, and its link is this replay.
  const href = new URL(page.url()).hash;
  await page.goto("/#/recent");
  const entry = page.locator(".recent-game").first();
  await expect(entry).toContainText("Dead Center");
  await expect(entry).toContainText(`Standard deal ${lost.seed}.`);
  await expect(entry.getByRole("link", { name: "Watch" })).toHaveAttribute("href", href);

  // The link in a fresh profile, offline: the same replay.
  const elsewhere = await openOffline(browser, `/${href}`);
  const elsewhereErrors = pageErrors(elsewhere);
  await expect(where(elsewhere)).toContainText(`Start of ${moves} moves`);
  await elsewhere.keyboard.press("End");
  await expect(where(elsewhere)).toContainText(`Move ${moves} of ${moves}`);
  expect(await tableSays(elsewhere, ".dc-board")).toBe(finished);
  // Nothing of it became that profile's game.
  expect(await elsewhere.evaluate(() => localStorage.getItem("gm.save.dead-center"))).toBeNull();
  await elsewhere.context().close();
  expect(errors).toEqual([]);
  expect(elsewhereErrors).toEqual([]);
});

test("Murderers' Row: a game won with hints replays to the same row; the die deck's order only when asked", { tag: "@engines" }, async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = pageErrors(page);
  await page.goto("/#/murderers-row/5");
  await expect(page.locator(".mr-card").first()).toBeVisible();
  await playWithHints(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("You won!");
  const finished = await tableSays(page, ".mr-row");
  const die = await page.locator(".mr-die").innerText();
  await dialog.getByRole("link", { name: "Watch the replay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Murderers' Row: replay");
  await expect(page.locator(".mr-card")).toHaveCount(10);
  await stepToTheEnd(page);
  expect(await tableSays(page, ".mr-row")).toBe(finished);
  expect(await page.locator(".mr-die").innerText()).toBe(die);
  await expect(page.locator(".replay-order")).toHaveCount(0);
  await page.getByRole("button", { name: "Show the order of the die deck" }).click();
  await expect(page.locator(".replay-order")).toContainText(/Die deck, next first: |The die deck is empty/);
  // The solver's review, when asked: a game played by its hints lost nothing.
  const review = page.getByRole("region", { name: "Review" });
  await review.getByRole("button", { name: "Review the game" }).click();
  await expect(review.locator(".verdict")).toContainText("Every move you made kept your best chance", { timeout: 60_000 });
  await expect(review.getByRole("button", { name: /^Go to move/ })).toHaveCount(0);
  await expect(page.locator(".replay-move.costly")).toHaveCount(0);
  await sameOffline(browser, page);
  expect(errors).toEqual([]);
});

test("hostile replay links: cut, garbage, 200 KB, another game's, empty — each gets a sentence", async ({ page }) => {
  const errors = pageErrors(page);
  // A real code first: a finished Dead Center game's.
  await page.goto(`/#/dead-center/standard/${lost.seed}`);
  await playActions(page, lost.actions);
  const href = await page.getByRole("dialog").getByRole("link", { name: "Watch the replay" }).getAttribute("href");
  const code = href!.split("/replay/")[1];
  const alert = page.getByRole("alert");
  const cases: [string, RegExp][] = [
    [`#/dead-center/replay/${code.slice(0, Math.floor(code.length / 2))}`, /damaged or cut short/],
    ["#/dead-center/replay/%%%garbage!!", /damaged or cut short/],
    [`#/dead-center/replay/${"A".repeat(200_000)}`, /far longer than any game's/],
    [`#/murderers-row/replay/${code}`, /a replay of another game, not of Murderers' Row/],
    ["#/dead-center/replay/", /no game in it/],
  ];
  for (const [hash, said] of cases) {
    await page.goto(`/${hash}`);
    await expect(alert).toHaveText(said);
    await expect(page.getByRole("link", { name: "Recent games" })).toBeVisible();
  }
  // Another game's link offers to open it in its own game, where it plays.
  await page.goto(`/#/murderers-row/replay/${code}`);
  await page.getByRole("link", { name: "Open it in its game" }).click();
  await expect(where(page)).toContainText(`Start of ${lost.actions.length} moves`);
  expect(errors).toEqual([]);
});

test("Detective Graves: seen by one seat, no other seat's secret is in the page at any step; the final desk equals the game's", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const errors = pageErrors(page);
  await fastComputers(page);
  await newGame(page, [["Ana", "person"], ["Ben", "simple"]], { length: /^The Single Case/ });
  let steps = 0;
  while (!(await endDialog(page).isVisible())) {
    await step(page);
    expect(++steps, "the game ends").toBeLessThan(4_000);
  }
  await endDialog(page).getByRole("button", { name: "See the table" }).click();
  const finished = await tableSays(page, ".dg-table");
  await page.goBack().catch(() => {});
  await page.goto("/#/detective-graves");
  await endDialog(page).getByRole("link", { name: "Watch the replay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Detective Graves: replay");
  const seenBy = page.getByRole("group", { name: "Seen by" });
  const moves = Number(/^Start of (\d+) moves/.exec(await where(page).innerText())![1]);
  expect(moves).toBeGreaterThan(20);
  const benSection = page.getByRole("region", { name: "As Ben saw it" });
  const anaDesk = 'section[aria-label="As Ana saw it"] .dg-table';
  // Seen by everyone: Ben's secrets at each step, as his own desk shows
  // them, and Ana's desk. (One pass per view: switching views at every
  // step cost more than a second pass.)
  await seenBy.getByRole("radio", { name: "Everyone" }).check();
  const everyone: { benHand: string[]; benIdentity?: string; ana: string }[] = [];
  await stepThrough(page, async () => {
    await expect(benSection).toBeVisible();
    const [benHand, benText] = await benSection.evaluate((section) => [
      [...section.querySelectorAll(".dg-hand .dg-card")].map((e) => (e.getAttribute("aria-label") || "").split(/[,.]/)[0]),
      (section as HTMLElement).innerText,
    ] as [string[], string]);
    const benIdentity = /You are (The [A-Za-z ]+)/.exec(benText)?.[1];
    everyone.push({ benHand, benIdentity, ana: await tableSays(page, anaDesk) });
  });
  // Seen by Ana: her desk exactly as everyone saw it, and none of Ben's
  // secrets anywhere in the page.
  await seenBy.getByRole("radio", { name: "Ana" }).check();
  let secretsChecked = 0;
  await stepThrough(page, async (at) => {
    await expect(benSection).toHaveCount(0);
    const { benHand, benIdentity, ana } = everyone[at];
    expect(await tableSays(page, anaDesk)).toBe(ana);
    const html = await page.content();
    // (Both decks have cards of the same names: one Ana sees as her own
    // may be in Ben's hand too.)
    for (const card of benHand.filter((c) => !ana.includes(c)))
      expect(html, `step ${at}: Ben's ${card}`).not.toContain(card);
    const anaKnows = ana.includes(benIdentity ?? "\u0000");
    if (benIdentity && !anaKnows) expect(html, `step ${at}: Ben's identity`).not.toContain(benIdentity);
    secretsChecked += benHand.length;
  });
  expect(secretsChecked).toBeGreaterThan(20);
  await looks(page, "detective-graves-ana");
  await seenBy.getByRole("radio", { name: "Everyone" }).check();
  await looks(page, "detective-graves-everyone");
  await seenBy.getByRole("radio", { name: "Ana" }).check();
  // The last step, seen by Ana, is the finished game's desk.
  expect(await tableSays(page, 'section[aria-label="As Ana saw it"] .dg-table')).toBe(finished);
  // Seen by everyone, as a fresh profile opens it.
  await seenBy.getByRole("radio", { name: "Everyone" }).check();
  await sameOffline(browser, page);
  expect(errors).toEqual([]);
});

/** Sets a table of computers only (the seat editor's "simple") and waits for its end. */
async function computersPlayToTheEnd(page: Page, game: "joker" | "serial-killer", names: string[]) {
  await fastComputers(page);
  await page.goto(`/#/${game}/new`);
  if (game === "joker") await page.getByRole("radio", { name: "Each for themselves" }).check();
  while ((await page.getByRole("textbox", { name: /^Name of seat/ }).count()) < names.length)
    await page.getByRole("button", { name: "Add a seat" }).click();
  for (const [i, name] of names.entries()) {
    await page.getByRole("textbox", { name: `Name of seat ${i + 1}` }).fill(name);
    await page.getByRole("combobox", { name: `Who plays seat ${i + 1}` }).selectOption("simple");
  }
  await page.getByRole("button", { name: "Start game" }).click();
  // A round's end waits for someone to go on.
  const dialog = page.getByRole("dialog");
  for (let i = 0; i < 2_000; i++) {
    if (await dialog.getByRole("link", { name: "Watch the replay" }).isVisible()) return;
    const goOn = page.getByRole("button", { name: /^(Next round|Go on|Continue)/ });
    if (await goOn.first().isVisible()) await goOn.first().click();
    else await page.waitForTimeout(100);
  }
  throw new Error("the game did not end");
}

test("Joker: seen by one seat, the Joker's place is in the page only while that seat informs; the end equals the game's", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const errors = pageErrors(page);
  await computersPlayToTheEnd(page, "joker", ["Ana", "Ben", "Cy"]);
  const href = await page.getByRole("dialog").getByRole("link", { name: "Watch the replay" }).getAttribute("href");
  await page.getByRole("dialog").getByRole("button", { name: "See the table" }).click();
  const log = await page.locator(".game-log ol").innerText();
  const players = await page.locator(".players").innerText();
  await page.goto(`/${href}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Joker: replay");
  const seenBy = page.getByRole("group", { name: "Seen by" });
  const moves = Number(/^Start of (\d+) moves/.exec(await where(page).innerText())![1]);
  const secret = ["The Joker is at", "true distance", "jk-desk", "jk-mini"];
  // Seen by everyone: the steps where Ana's own screen shows the Joker's
  // place (she informs). Seen by Ana: nothing of it at any other step.
  await seenBy.getByRole("radio", { name: "Everyone" }).check();
  const anaInforms: boolean[] = [];
  await stepThrough(page, async () => {
    await expect(page.getByRole("region", { name: "As Cy saw it" })).toBeVisible();
    const anaAsEveryone = await page.locator('section[aria-label="As Ana saw it"]').evaluate((e) => e.innerHTML);
    anaInforms.push(secret.some((w) => anaAsEveryone.includes(w)));
  });
  expect(anaInforms).toHaveLength(moves + 1);
  await seenBy.getByRole("radio", { name: "Ana" }).check();
  let informing = 0;
  let hidden = 0;
  await stepThrough(page, async (at) => {
    await expect(page.getByRole("region", { name: "As Ben saw it" })).toHaveCount(0);
    const html = await page.content();
    if (anaInforms[at]) informing++;
    else {
      hidden++;
      for (const w of secret) expect(html, `step ${at}: ${w}`).not.toContain(w);
    }
  });
  expect(informing, "Ana informs in a round").toBeGreaterThan(0);
  // The last step, seen by Ana: the finished game's players and log.
  const ana = page.getByRole("region", { name: "As Ana saw it" });
  expect(await ana.locator(".game-log ol").innerText()).toBe(log);
  expect(await ana.locator(".players").innerText()).toBe(players);
  await looks(page, "joker-ana");
  expect(hidden).toBeGreaterThan(0);
  await expect(page.locator(".replay-end")).toHaveText("The end of the game.");
  await seenBy.getByRole("radio", { name: "Everyone" }).check();
  await sameOffline(browser, page);
  expect(errors).toEqual([]);
});

test("Serial Killer: a whole game replays to the same board, players and log", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = pageErrors(page);
  await computersPlayToTheEnd(page, "serial-killer", ["Ana", "Ben", "Cy"]);
  const href = await page.getByRole("dialog").getByRole("link", { name: "Watch the replay" }).getAttribute("href");
  await page.getByRole("dialog").getByRole("button", { name: "See the table" }).click();
  const board = await tableSays(page, ".sk-board");
  const players = await tableSays(page, ".players");
  await page.goto(`/${href}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Serial Killer: replay");
  expect(await stepToTheEnd(page)).toBeGreaterThan(10);
  expect(await tableSays(page, ".sk-board")).toBe(board);
  expect(await tableSays(page, ".players")).toBe(players);
  await looks(page, "serial-killer");
  // Back to the start: the stack whole, every grave empty.
  await page.keyboard.press("Home");
  await expect(page.locator(".sk-graves .card-face")).toHaveCount(0);
  await sameOffline(browser, page);
  expect(errors).toEqual([]);
});
