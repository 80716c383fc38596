// Serial Killer in the browser: a three-seat game (two people, one Simple
// computer at the fast pace) played to its end through the hand-over
// screens, reload mid-game back on the right player's turn, and, with six
// seats, 44 px targets and screenshots at phone and desktop sizes.
import { expect, test, type Page } from "@playwright/test";
import { smallTargets } from "./helpers/targets";
import { added, countAdded } from "./helpers/added";
import { seriousViolations } from "./helpers/axe";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

const SAVE_KEY = "gm.save.serial-killer";

async function fastComputers(page: Page) {
  await page.goto("/#/settings");
  await page.getByRole("group", { name: "Computer players' pace" }).getByRole("radio", { name: "Fast" }).check();
}

/** Opens the new-game screen with the default seats (two people and a
 * computer), names the people and adds `extra` computer seats. */
async function newGame(page: Page, names: string[], extra = 0) {
  await page.goto("/#/serial-killer/new");
  for (const [i, name] of names.entries()) {
    await page.getByRole("textbox", { name: `Name of seat ${i + 1}` }).fill(name);
  }
  for (let i = 0; i < extra; i++) await page.getByRole("button", { name: "Add a seat" }).click();
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(/#\/serial-killer$/);
}

const handOverButton = (page: Page) => page.getByRole("button", { name: /^I am .+: continue$/ });
const choices = (page: Page) => page.getByRole("group", { name: "Your choices" }).getByRole("button");

/** Takes one step: continues a hand-over, or presses the first offered
 * choice; returns the name handed over to, if any. */
async function step(page: Page): Promise<string | null> {
  const handOver = handOverButton(page);
  if (await handOver.isVisible()) {
    const heading = (await page.getByRole("heading", { level: 2 }).first().textContent()) || "";
    await handOver.click();
    return heading.replace(/^Pass to /, "");
  }
  const first = choices(page).first();
  if (await first.isVisible()) {
    await first.click({ timeout: 2_000 }).catch(() => {});
  } else {
    await page.waitForTimeout(40);
  }
  return null;
}

/** Each grave is a pile: the newest four cards under its top card show
 * their index strips above it. Checks that of every grave of a table
 * that no longer changes, and returns how many strips there are. */
async function checkFannedGraves(page: Page): Promise<number> {
  let fanned = 0;
  for (const grave of await page.locator(".sk-grave").all()) {
    const cards = Number((await grave.getAttribute("aria-label"))!.match(/, (\d+) cards, top first/)?.[1] ?? 0);
    const under = Math.min(Math.max(cards - 1, 0), 4);
    await expect(grave.locator(".sk-under")).toHaveCount(under);
    fanned += under;
  }
  return fanned;
}

test("three seats, two people and a computer, played to the end with hand-overs", async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await fastComputers(page);
  await newGame(page, ["Ana", "Ben"]);
  // Counts the clues seen flying between a player and the police pile.
  await countAdded(page, "flying-counter");
  const handedTo = new Set<string>();
  const end = page.getByRole("dialog");
  let steps = 0;
  // The most cards fanned under the graves' top cards seen during the game
  // (a game may end just after the graves were shuffled back, with none).
  let mostFanned = 0;
  while (!(await end.isVisible())) {
    const name = await step(page);
    if (name) handedTo.add(name);
    steps++;
    if (steps % 20 === 0) mostFanned = Math.max(mostFanned, await page.locator(".sk-grave .sk-under").count());
    expect(steps, "the game ends").toBeLessThan(6_000);
  }
  expect([...handedTo].sort()).toEqual(["Ana", "Ben"]);
  await expect(end).toContainText(/wins!|share the win!/);
  expect(await seriousViolations(page), "axe on the end dialog").toEqual([]);
  const log = page.getByRole("list", { name: "Game log, newest first" });
  await expect(log).toContainText("is arrested!");
  await expect(log).toContainText("still on the loose");
  await expect(log).toContainText("loses a clue to the police");
  expect(await added(page, "flying-counter"), "clues flew to the police").toBeGreaterThan(0);
  await expect(page.locator(".flying-counter"), "every flight lands and is removed").toHaveCount(0);
  await end.getByRole("button", { name: "See the table" }).click();
  await expect(page.getByRole("article", { name: /arrested/ }).first()).toBeVisible();
  mostFanned = Math.max(mostFanned, await checkFannedGraves(page));
  expect(mostFanned, "the graves were piles at some point of the game").toBeGreaterThan(0);
  await page.goto("/#/stats");
  const sk = page.locator("section", { hasText: "Serial Killer" });
  await expect(sk.getByRole("row", { name: /Played/ })).toContainText("1");
  expect(errors).toEqual([]);
});

test("reload mid-game resumes on the right player's turn, hand-over first", async ({ page }) => {
  test.setTimeout(120_000);
  await fastComputers(page);
  await newGame(page, ["Ana", "Ben"]);
  // Play until the device has been handed over twice: then it is the
  // second person's (or the computer's) turn in the middle of the game.
  let handOvers = 0;
  let last = "";
  for (let i = 0; i < 2_000 && handOvers < 2; i++) {
    const name = await step(page);
    if (name) {
      handOvers++;
      last = name;
    }
  }
  expect(handOvers).toBe(2);
  // One action of this turn, then reload.
  await choices(page).first().click();
  const logBefore = await page.getByRole("list", { name: "Game log, newest first" }).locator("li").count();
  await page.reload();
  await expect(page.getByRole("heading", { name: `Pass to ${last}` })).toBeVisible();
  await handOverButton(page).click();
  await expect(page.locator(".turn-banner")).toContainText(`${last}'s turn`);
  expect(await page.getByRole("list", { name: "Game log, newest first" }).locator("li").count()).toBe(logBefore);
  // The save is the engine's state, checked on load; the page never shows
  // the stack's order, only its size.
  expect(await page.evaluate((k) => localStorage.getItem(k) !== null, SAVE_KEY)).toBe(true);
  await expect(page.getByRole("img", { name: /^Victim stack: \d+ cards, face down$/ })).toBeVisible();
});

test("keyboard: digits press the offered choices", async ({ page }) => {
  await newGame(page, ["Ana", "Ben"]);
  // Wait for a person's turn (the computer may start).
  await expect(handOverButton(page)).toBeVisible({ timeout: 15_000 });
  await handOverButton(page).click();
  const logCount = () => page.getByRole("list", { name: "Game log, newest first" }).locator("li").count();
  const before = await logCount();
  await page.keyboard.press("1");
  await expect.poll(logCount).toBeGreaterThan(before);
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  test(`six seats: every target at least 44 px, screenshots at ${width}x${height}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    await fastComputers(page);
    await page.goto("/#/serial-killer/new");
    await page.getByRole("button", { name: "Add a seat" }).click();
    await page.getByRole("button", { name: "Add a seat" }).click();
    await page.getByRole("button", { name: "Add a seat" }).click();
    await expect(page.getByRole("button", { name: "Add a seat" })).toBeDisabled();
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/serial-killer-new-${width}x${height}.png`, fullPage: true });
    await page.getByRole("button", { name: "Start game" }).click();
    // With two people at the table, a person's turn begins with a hand-over.
    await expect(handOverButton(page)).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/screens/serial-killer-handover-${width}x${height}.png` });
    // A few actions, so that the graves have cards.
    for (let i = 0; i < 40; i++) await step(page);
    while (!(await choices(page).first().isVisible())) await step(page);
    await expect(page.locator(".player")).toHaveCount(6);
    expect(await smallTargets(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/serial-killer-${width}x${height}.png`, fullPage: true });
  });
}

test("without a game in progress, the table's address leads to a new game", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  await page.goto("/#/");
  await page.goto("/#/serial-killer");
  await expect(page).toHaveURL(/#\/serial-killer\/new$/);
  expect(errors).toEqual([]);
});

test("rules page and home entry", async ({ page }) => {
  await page.goto("/");
  const entry = page.locator("article", { hasText: "Serial Killer" });
  await entry.getByRole("link", { name: "Rules" }).click();
  await expect(page.getByRole("heading", { name: "Serial Killer: how to play" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Informants" })).toBeVisible();
});

test("seats are reordered on the new-game screen and remembered for next time", async ({ page }) => {
  await page.goto("/#/serial-killer/new");
  await page.getByRole("textbox", { name: "Name of seat 1" }).fill("Ana");
  await page.getByRole("button", { name: "Move seat 3 up" }).click();
  await expect(page.getByRole("textbox", { name: "Name of seat 2" })).toHaveValue("Computer 3");
  await page.getByRole("combobox", { name: "Who plays seat 2" }).selectOption("strong");
  await page.getByRole("button", { name: "Start game" }).click();
  // Two people at the table: a person's turn begins with the hand-over.
  await expect(handOverButton(page)).toBeVisible({ timeout: 20_000 });
  await handOverButton(page).click();
  await expect(page.getByRole("article", { name: /^Computer 3, Computer \(Strong\)/ })).toBeVisible();
  await page.goto("/#/serial-killer/new");
  await expect(page.getByRole("textbox", { name: "Name of seat 1" })).toHaveValue("Ana");
  await expect(page.getByRole("textbox", { name: "Name of seat 2" })).toHaveValue("Computer 3");
  await expect(page.getByRole("combobox", { name: "Who plays seat 2" })).toHaveValue("strong");
  await expect(page.getByText("Starting a new game ends the game in progress.")).toBeVisible();
});

test("a second tab that plays on is noticed, and its game is loaded", async ({ context }) => {
  const first = await context.newPage();
  await newGame(first, ["Ana", "Ben"]);
  await expect(handOverButton(first)).toBeVisible({ timeout: 20_000 });
  const second = await context.newPage();
  await second.goto("/#/serial-killer");
  await expect(handOverButton(second)).toBeVisible();
  await handOverButton(second).click();
  const logCount = (page: Page) => page.getByRole("list", { name: "Game log, newest first" }).locator("li").count();
  const before = await logCount(second);
  await choices(second).first().click();
  await expect.poll(() => logCount(second)).toBeGreaterThan(before);
  const dialog = first.getByRole("dialog");
  await expect(dialog).toContainText("This game changed in another tab");
  await dialog.getByRole("button", { name: "Continue from there" }).click();
  await expect(handOverButton(first)).toBeVisible();
  await handOverButton(first).click();
  expect(await logCount(first)).toBe(await logCount(second));
});
