// Playing Dead Center through its table, as a careful player would.
import { expect, type Page } from "@playwright/test";

const instruction = (page: Page) => page.locator(".dc-instruction");

/**
 * Takes one step of the turn by tapping a legal control, the way a careful
 * player would: kill when possible. Returns false once the game is over.
 */
export async function playStep(page: Page): Promise<boolean> {
  const text = await instruction(page).innerText();
  if (text.startsWith("Choose a face-down zombie")) {
    await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  } else if (text.startsWith("The deck is empty")) {
    const reveal = page.getByRole("button", { name: /can be revealed/ });
    if ((await reveal.count()) > 0) await reveal.first().click();
    else await page.getByRole("button", { name: /^Deck, 0 cards left, draw a card/ }).click();
  } else if (text.startsWith("Draw the top card")) {
    await page.getByRole("button", { name: /^Deck, .*draw a card/ }).click();
  } else if (text.startsWith("Play the")) {
    await page.getByRole("button", { name: /your card can go here/ }).first().click();
  } else if (text.startsWith("Kill a highlighted zombie")) {
    const killable = page.getByRole("button", { name: /can be killed/ });
    if ((await killable.count()) > 0) await killable.first().click();
    else await page.getByRole("button", { name: "End turn" }).click();
  } else {
    return false;
  }
  // Every step moves the game to a step with a different instruction.
  await expect(instruction(page)).not.toHaveText(text);
  return true;
}


/** A zombie space's accessible name, up to the colon ("above column 1:"). */
function spaceName(n: number): string {
  const where = ["above column", "below column", "left of row", "right of row"][Math.floor(n / 3)];
  return `${where} ${(n % 3) + 1}:`;
}

/** An engine action as the app saves it: "Draw", {"Place": 2}, … */
export type Action = string | Record<string, number>;

/** Plays engine actions by tapping the controls a player would tap. */
export async function playActions(page: Page, actions: Action[]): Promise<void> {
  for (const action of actions) {
    const before = await instruction(page).innerText();
    if (action === "Draw") {
      await page.getByRole("button", { name: /^Deck, .*draw a card/ }).click();
    } else if (action === "EndTurn") {
      await page.getByRole("button", { name: "End turn" }).click();
    } else if (typeof action === "object" && "Place" in action) {
      await page.getByRole("button", { name: new RegExp(`^Pile ${action.Place + 1},.*your card can go here`) }).click();
    } else {
      const [kind, space] = Object.entries(action as Record<string, number>)[0];
      const can = kind === "Reveal" ? "can be revealed" : "can be killed";
      await page.getByRole("button", { name: new RegExp(`^${spaceName(space)}.*${can}`) }).click();
    }
    await expect(page.locator(".table-message")).toHaveText("");
    if (action !== "EndTurn") await expect(instruction(page)).not.toHaveText(before);
  }
}
