// Detective Graves in the browser, shared by its specs: setting up a
// table, reading the save, and one step of a plain player.
import { expect, type Page } from "@playwright/test";

export const SAVE_KEY = "gm.save.detective-graves";

export async function fastComputers(page: Page) {
  await page.goto("/#/settings");
  await page.getByRole("group", { name: "Computer players' pace" }).getByRole("radio", { name: "Fast" }).check();
}

/** Sets up a table: two seats (`kind`: person, own-device, simple or strong), who is
 * the first Detective, and the length chosen by its radio label. */
export async function newGame(
  page: Page,
  seats: [string, string][],
  opts: { firstDetective?: 1 | 2; length?: RegExp } = {},
) {
  await page.goto("/#/detective-graves/new");
  for (const [i, [name, kind]] of seats.entries()) {
    await page.getByRole("textbox", { name: `Name of seat ${i + 1}` }).fill(name);
    await page.getByRole("combobox", { name: `Who plays seat ${i + 1}` }).selectOption(kind);
  }
  if (opts.firstDetective === 2) await page.getByRole("radio", { name: "The second seat" }).check();
  if (opts.length) await page.getByRole("radio", { name: opts.length }).check();
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(/#\/detective-graves$/);
}

/** The page's requests for the computer players' chunk, as they come. */
export function playersChunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("split_detective_graves_players")) urls.push(request.url());
  });
  return urls;
}

export const handOverButton = (page: Page) => page.getByRole("button", { name: /^I am .+: continue$/ });
export const endDialog = (page: Page) => page.getByRole("dialog").filter({ has: page.getByRole("link", { name: "New game" }) });
export const handCards = (page: Page) => page.locator(".dg-hand .dg-card");

export type Saved = {
  actor: "Detective" | "Mastermind";
  detective: number;
  phase: string;
  identity: string;
  hands: { suit: string; rank: number }[][];
};

export async function saved(page: Page): Promise<Saved> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).data.state, SAVE_KEY);
}

/** "Ace of Question Mark", as the app names a saved card. */
export function cardName(card: { suit: string; rank: number }): string {
  const rank = card.rank === 10 ? "Ace" : String(card.rank);
  return `${rank} of ${card.suit.replace(/([a-z])([A-Z])/g, "$1 $2")}`;
}

/** "The Countess", as the app names a saved identity. */
export const identityName = (id: string) => `The ${id}`;

/** The cards the page shows in the hand, by name. */
export async function shownHand(page: Page): Promise<string[]> {
  const labels = await handCards(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") || ""));
  return labels.map((l) => l.split(/[,.]/)[0]).sort();
}

/** The buttons on screen, by accessible name, and the hand's state: one
 * look at the page per step (a question per button cost a round trip each,
 * which dominated the whole-game tests). */
async function onScreen(page: Page) {
  return page.evaluate(() => {
    const shown = (e: Element) => {
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== "hidden";
    };
    const name = (e: Element) => (e.getAttribute("aria-label") ?? e.textContent ?? "").replace(/\s+/g, " ").trim();
    const all = (selector: string) => [...document.querySelectorAll(selector)].filter(shown);
    return {
      buttons: all("button, [role=button]").map(name),
      suspects: all(".dg-suspects .button.primary").length,
      pressed: all('.dg-hand .dg-card[aria-pressed="true"]').length,
      open: all(".dg-hand .dg-card:not(.blocked)").length,
    };
  });
}

/** The plain player's choices, in the order it takes them. */
const PLAIN_CHOICES = [
  "Keep this hand",
  "Keep my hand",
  "Here 0, next location 0",
  "Draw from my deck",
  "Keep the trump as it is",
  "Add a time token",
  "Stay hidden",
  "End my turn",
];

/** One step of a careful but plain player: go on past hand-overs and case
 * results, keep hands, place one card a turn when one may be placed, else
 * pass, stay hidden, accuse a suspect the evidence leaves. Returns what
 * it did ("wait" while the computer plays). Each click is by role and name,
 * so a control that went away in between fails the step. */
export async function step(page: Page, opts: { accuse?: boolean } = {}): Promise<string> {
  const quick = { timeout: 2_000 };
  const seen = await onScreen(page);
  const handOver = seen.buttons.find((b) => /^I am .+: continue$/.test(b));
  if (handOver) {
    await page.getByRole("button", { name: handOver, exact: true }).click(quick);
    return "hand-over";
  }
  const goOn = seen.buttons.find((b) => /^(Start case \d+|See the final result)$/.test(b));
  if (goOn) {
    await page.getByRole("button", { name: goOn, exact: true }).click(quick);
    return "case-result";
  }
  const plain = PLAIN_CHOICES.find((name) => seen.buttons.includes(name));
  if (plain) {
    await page.getByRole("button", { name: plain, exact: true }).click(quick);
    return plain;
  }
  if (seen.buttons.some((b) => b.startsWith("Cover up "))) {
    await page.getByRole("button", { name: /^Cover up / }).first().click(quick);
    return "cover-up";
  }
  if (opts.accuse !== false && seen.suspects > 0) {
    await page.locator(".dg-suspects .button.primary").first().click(quick);
    return "accuse";
  }
  if (seen.buttons.includes("Place here")) {
    // A card left selected by a refused placing is let go first.
    const pressed = page.locator('.dg-hand .dg-card[aria-pressed="true"]');
    for (let i = 0; i < seen.pressed; i++) await pressed.first().click(quick);
    if (seen.open > 0) {
      await page.locator(".dg-hand .dg-card:not(.blocked)").first().click(quick);
      await page.getByRole("button", { name: "Place here" }).click(quick);
      return "place";
    }
    await page.getByRole("button", { name: "Pass", exact: true }).click(quick);
    return "pass";
  }
  await page.waitForTimeout(30);
  return "wait";
}

