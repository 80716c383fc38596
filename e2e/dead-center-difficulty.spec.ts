// Issue 28: Dead Center's deal difficulty. The new-game screen finds a deal
// of the difficulty asked, proven winnable if asked, in the solver's worker
// (with progress and Stop); the table shows any deal's difficulty.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

const instruction = (page: Page) => page.locator(".dc-instruction");
const difficulty = (page: Page) => page.locator(".dc-difficulty");
const winnable = (page: Page) => page.locator(".dc-winnable");

test("any deal's difficulty is shown on its table, the same on a reload", async ({ page }) => {
  await page.goto("./#/dead-center/nightmare/998");
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  // `dc_difficulty levels` rates Nightmare 998 fiendish (0.125%).
  await expect(difficulty(page)).toHaveText(/^Difficulty — fiendish: .* wins 0\.1% of games on this deal\.$/);
  await expect(winnable(page)).toHaveText("Winnable with every card known: yes.");
  await page.reload();
  await expect(difficulty(page)).toHaveText(/^Difficulty — fiendish:/);
});

test("a deal no play can win says so on its table", async ({ page }) => {
  // The solver proves Standard 201 unwinnable (`dc_solve standard 1 201 --any`).
  await page.goto("./#/dead-center/standard/201");
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  await expect(winnable(page)).toHaveText("Winnable with every card known: no. No order of play kills all twelve.");
  await expect(difficulty(page)).toHaveText(/^Difficulty — fiendish: .* never wins this deal in 4000 games\.$/);
});

/**
 * Holds the solver's module back until the returned function is called:
 * a search takes milliseconds, too soon to see it under way otherwise.
 */
async function holdSolver(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/workers\/dead-center-solver-/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("searches held back", () => {
  // A service worker would fetch the solver's module from its cache, past
  // the route that holds it back.
  test.use({ serviceWorkers: "block" });

  test("a hard deal proven winnable is found, opened, and its difficulty shown on the table", async ({ page }) => {
    test.setTimeout(120_000);
    const release = await holdSolver(page);
    await page.goto("./#/dead-center/new");
    await page.getByRole("radio", { name: /^Hard/ }).check();
    await page.getByRole("checkbox", { name: /Only deals proven winnable/ }).check();
    await page.getByRole("button", { name: /^Standard/ }).click();
    await expect(page.locator(".dc-found")).toContainText("Finding a hard Standard deal proven winnable");
    release();
    await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.", { timeout: 90_000 });
    await expect(page).toHaveURL(/#\/dead-center\/standard\/\d+$/);
    await expect(difficulty(page)).toHaveText(/^Difficulty — hard: a careless player who cannot see the hidden cards \(one move in three at random\) wins (0\.[89]|1\.[0-6])% of games on this deal\.$/);
    await expect(winnable(page)).toHaveText("Winnable with every card known: yes.");
  });

  test("a search for a deal can be stopped, and nothing starts", async ({ page }) => {
    // The solver's module is held back until Stop is pressed, so the search
    // cannot finish first (a fiendish Nightmare deal is often the first tried).
    const release = await holdSolver(page);
    await page.goto("./#/dead-center/new");
    await page.getByRole("radio", { name: /^Fiendish/ }).check();
    await page.getByRole("checkbox", { name: /Only deals proven winnable/ }).check();
    await page.getByRole("button", { name: /^Nightmare/ }).click();
    await expect(page.locator(".dc-found")).toContainText("Finding a fiendish Nightmare deal proven winnable");
    await page.getByRole("button", { name: "Stop" }).click();
    release();
    await expect(page.locator(".dc-found")).toHaveText("Stopped: no deal was chosen.");
    await expect(page).toHaveURL(/#\/dead-center\/new$/);
    // Any deal, no proof: straight to a deal, no search.
    await page.getByRole("radio", { name: /^Any deal/ }).check();
    await page.getByRole("checkbox", { name: /Only deals proven winnable/ }).uncheck();
    await page.getByRole("button", { name: /^Hard/ }).click();
    await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  });
});
