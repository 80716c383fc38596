// Shared by the specs that play Murderers' Row by the solver's hints.
import { expect, type Page } from "@playwright/test";

/** Asks for a hint and plays it. */
export async function playHintedMove(page: Page) {
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  await expect(page.locator(".mr-hint")).toContainText("Best move");
  const hint = (await page.locator(".mr-hint").textContent()) || "";
  if (hint.includes("also kills")) {
    // The Air Strike's second kill: the hint names the card.
    const name = /also kills the ([A-Za-z' ]+), which/.exec(hint)![1];
    await page.locator(`.mr-card[data-card="${name}"]`).click();
  } else {
    await page.getByRole("button", { name: "Confirm" }).click();
  }
}

/** Follows the solver's hints until the game ends; returns how many moves. */
export async function playWithHints(page: Page): Promise<number> {
  const end = page.getByRole("dialog");
  for (let moves = 0; moves < 60; moves++) {
    if (await end.isVisible()) return moves;
    await playHintedMove(page);
  }
  throw new Error("the game did not end");
}
