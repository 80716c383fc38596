// Shared by the specs that need a Murderers' Row deal played to its end.
import { expect, type Page } from "@playwright/test";

/** Follows the solver's hints until the game ends; returns how many moves. */
export async function playWithHints(page: Page): Promise<number> {
  const end = page.getByRole("dialog");
  for (let moves = 0; moves < 60; moves++) {
    if (await end.isVisible()) return moves;
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    await expect(page.locator(".mr-hint")).toContainText("Best move");
    const hint = (await page.locator(".mr-hint").textContent()) || "";
    if (hint.includes("also kills")) {
      // The Air Strike's second kill: the hint names the card.
      const name = /also kills the ([A-Za-z' ]+), which/.exec(hint)![1];
      await page.locator(".mr-card", { hasText: name }).click();
    } else {
      await page.getByRole("button", { name: "Confirm" }).click();
    }
  }
  throw new Error("the game did not end");
}
