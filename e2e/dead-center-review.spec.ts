// Issue 28: the review of a finished Dead Center game. A known lost game is
// tapped through the table; the solver's worker names the move after which
// the deal could no longer be won, and a winning line from the position
// before it is walked on the table, step by step.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipTours } from "./helpers/tours";
import { playActions, type Action } from "./helpers/dead-center";

// Checked by engine/tests/fixtures.rs: the moves lose, the deal could be
// won, and the review names move `mistake` (from 0) and a line of `line`
// actions that wins with `before` cards left.
const lost = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "dead-center-lost.json"), "utf8"),
) as { seed: number; mistake: number; before: number; line: number; actions: Action[] };

test.beforeEach(async ({ page }) => skipTours(page));

const instruction = (page: Page) => page.locator(".dc-instruction");
const panel = (page: Page) => page.getByRole("region", { name: "Review" });
const zombiesLeft = (page: Page) => page.locator(".dc-count .big");

test("a lost game that could have been won: the review names the move that lost it and walks a winning line", async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  await page.goto(`./#/dead-center/standard/${lost.seed}`);
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  // No review while the game runs: it would show the hidden cards.
  await expect(page.getByRole("button", { name: "Review game" })).toHaveCount(0);
  await playActions(page, lost.actions.slice(0, 10));
  await expect(page.getByRole("button", { name: "Review game" })).toHaveCount(0);
  await playActions(page, lost.actions.slice(10));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText("The zombies won");
  const leftAtTheEnd = await zombiesLeft(page).innerText();
  await dialog.getByRole("button", { name: "Review game" }).click();
  await expect(dialog).toHaveCount(0);

  // The verdict: the move, and what it cost.
  const verdict = panel(page).locator(".verdict");
  await expect(verdict).toContainText("The move that cost you: in turn ", { timeout: 60_000 });
  await expect(verdict).toContainText("after it the deal could no longer be won");
  await expect(verdict).toContainText(`could still be won with ${lost.before} card`);
  // The table now shows the position before that move, read-only.
  const steps = lost.line + 1;
  const step = panel(page).locator(".step");
  await expect(step).toContainText(`Step 1 of ${steps}: Before the move that cost you`);
  await expect(instruction(page)).toHaveText("Review: the table shows the step described beside it.");
  const before = await zombiesLeft(page).innerText();
  expect(Number(before)).toBeGreaterThanOrEqual(Number(leftAtTheEnd));
  await page.locator('[data-holder="pile 0"]').click();
  await expect(step).toContainText(`Step 1 of ${steps}`);
  await expect(panel(page).getByRole("button", { name: "Back" })).toHaveAttribute("aria-disabled", "true");

  // Walk the line to its end: every step changes the table, and the last
  // kills the twelfth zombie.
  const next = panel(page).getByRole("button", { name: "Next" });
  let kills = 0;
  for (let i = 2; i <= steps; i++) {
    const caption = await step.innerText();
    await next.click();
    await expect(step).toContainText(`Step ${i} of ${steps}: `);
    expect(await step.innerText()).not.toBe(caption);
    if ((await step.innerText()).includes("Kill the zombie")) kills++;
  }
  expect(kills).toBe(Number(before));
  await expect(step).toContainText(`All twelve zombies are dead with ${lost.before} card`);
  await expect(zombiesLeft(page)).toHaveText("0");
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await panel(page).getByRole("button", { name: "Back" }).click();
  await expect(step).toContainText(`Step ${steps - 1} of ${steps}`);
  await expect(zombiesLeft(page)).toHaveText("1");

  // Leaving the review shows the game as it ended.
  await panel(page).getByRole("button", { name: "Leave the review" }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(zombiesLeft(page)).toHaveText(leftAtTheEnd);
  await expect(instruction(page)).toHaveText("The zombies won.");
  await expect(page.getByRole("button", { name: "Review game" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a review under way can be stopped, and asked again", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`./#/dead-center/standard/${lost.seed}`);
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  await playActions(page, lost.actions);
  await page.getByRole("dialog").getByRole("button", { name: "See the table" }).click();
  await page.getByRole("button", { name: "Review game" }).click();
  // Either still working (Stop) or done already (Leave): both close it.
  await panel(page).getByRole("button", { name: /^(Stop|Leave the review)$/ }).click();
  await expect(panel(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Review game" }).click();
  await expect(panel(page).locator(".verdict")).toContainText("The move that cost you", { timeout: 60_000 });
});
