// The first-run tour of each table: it opens by itself the first time, points
// at the real table (a ring around the part a step is about, the bubble
// beside it and inside the screen), moves on when the player makes the move
// it asks for, can be skipped, stays closed once seen, and reopens from the
// table's Tour button. No serious axe violation while it is open.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";

const tour = (page: Page) => page.getByRole("dialog", { name: /^Tour: step/ });

async function step(page: Page): Promise<string> {
  return (await tour(page).locator(".tour-count").textContent()) ?? "";
}

/** The bubble lies inside the viewport, and the ring is drawn around
 * something on the page (its box is not empty). The tour places both on
 * the next animation frame after a step or the layout changes, so this is
 * asked again until it holds (a loaded machine may be a frame late). */
async function placedOnScreen(page: Page) {
  await expect(() => bubbleAndRingPlaced(page)).toPass({ timeout: 5_000 });
}

async function bubbleAndRingPlaced(page: Page) {
  const viewport = page.viewportSize()!;
  const bubble = (await tour(page).boundingBox())!;
  expect(bubble.x).toBeGreaterThanOrEqual(0);
  expect(bubble.y).toBeGreaterThanOrEqual(0);
  expect(bubble.x + bubble.width).toBeLessThanOrEqual(viewport.width);
  expect(bubble.y + bubble.height).toBeLessThanOrEqual(viewport.height);
  const ring = (await page.locator(".tour-ring").boundingBox())!;
  expect(ring.width).toBeGreaterThan(20);
  expect(ring.height).toBeGreaterThan(20);
}

/** Also the ring, around what the step is about, is on screen, and the
 * bubble is not over it (issue 47). */
async function targetInView(page: Page) {
  await expect(async () => {
    await bubbleAndRingPlaced(page);
    const viewport = page.viewportSize()!;
    const bubble = (await tour(page).boundingBox())!;
    const ring = (await page.locator(".tour-ring").boundingBox())!;
    const text = await tour(page).locator(".tour-text").textContent();
    // (The ring is drawn 4 px outside its target.)
    expect(ring.y + 4, `target of "${text}"`).toBeGreaterThanOrEqual(0);
    expect(ring.y + ring.height - 4, `target of "${text}"`).toBeLessThanOrEqual(viewport.height);
    const apart =
      ring.y + ring.height - 4 <= bubble.y || bubble.y + bubble.height <= ring.y + 4 ||
      ring.x + ring.width - 4 <= bubble.x || bubble.x + bubble.width <= ring.x + 4;
    expect(apart, `the bubble is beside, not over, the target of "${text}"`).toBe(true);
  }).toPass({ timeout: 5_000 });
}

test("Dead Center's tour follows a first turn played on the table, and once done stays closed until asked for", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("./#/dead-center/standard/8");
  await expect(tour(page)).toBeVisible();
  expect(await step(page)).toBe("Tour: step 1 of 5");
  await expect(tour(page).getByRole("button", { name: "Next" })).toBeFocused();
  await placedOnScreen(page);
  // The ring is around a face-down zombie, the part the first step is about.
  await expect(async () => {
    const ring = (await page.locator(".tour-ring").boundingBox())!;
    const zombie = (await page.locator(".zombie.face-down").first().boundingBox())!;
    expect(Math.abs(ring.x + ring.width / 2 - (zombie.x + zombie.width / 2))).toBeLessThan(2);
    expect(Math.abs(ring.y + ring.height / 2 - (zombie.y + zombie.height / 2))).toBeLessThan(2);
  }).toPass({ timeout: 5_000 });

  // Doing what a step asks moves the tour on.
  await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  // (A reveal draws the next card at once.)
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 2 of 5");
  await placedOnScreen(page);
  await page.getByRole("button", { name: /your card can go here/ }).first().click();
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 3 of 5");
  // Back and Next move by hand too; the last step's button is Done.
  await tour(page).getByRole("button", { name: "Back" }).click();
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 2 of 5");
  for (let i = 0; i < 3; i++) await tour(page).getByRole("button", { name: "Next" }).click();
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 5 of 5");
  await tour(page).getByRole("button", { name: "Done" }).click();
  await expect(tour(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Tour" }).click();
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 1 of 5");
  // Escape is the dialog's key: focus moves into it once it is drawn.
  await expect(tour(page).getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tour(page)).toHaveCount(0);

  // Settings can make every tour open by itself again.
  await page.goto("./#/settings");
  await expect(page.getByText("1 table's tour has been seen")).toBeVisible();
  await page.getByRole("button", { name: "Show every tour again" }).click();
  await expect(page.getByText("Each table's tour opens the first time")).toBeVisible();
  await page.goto("./#/dead-center/standard/8");
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 1 of 5");
  // Leaving the table with its tour open, for another table with its own.
  await page.goto("./#/murderers-row/5");
  await expect(tour(page).locator(".tour-count")).toHaveText("Tour: step 1 of 4");
  await page.getByRole("link", { name: "Home" }).click();
  await expect(tour(page)).toHaveCount(0);
  await page.waitForTimeout(200);
  expect(errors).toEqual([]);
});

/** Opens `game`'s table for the first time: a deal address, or the new-game
 * screen with two people (then the first hand-over is passed). */
async function openTable(page: Page, game: string) {
  if (game === "dead-center") return page.goto("./#/dead-center/standard/3");
  if (game === "murderers-row") return page.goto("./#/murderers-row/3");
  await page.goto(`./#/${game}/new`);
  for (const n of [1, 2]) await page.getByRole("combobox", { name: `Who plays seat ${n}` }).selectOption("person");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(new RegExp(`#/${game}$`));
  const handOver = page.getByRole("button", { name: /^I am .+: continue$/ });
  // Nothing of the tour shows on a hand-over screen; it waits for the table.
  if (await handOver.isVisible()) {
    await expect(tour(page)).toBeHidden();
    await handOver.click();
  }
}

for (const [width, height, where] of [[390, 844, "on a phone"], [844, 390, "on a phone on its side"]] as const) test.describe(where, () => {
  test.use({ viewport: { width, height } });
  for (const game of ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"]) {
    test(`${game}: every step of the tour is beside its part of the table, on screen, with no serious axe violation`, async ({ page }) => {
      await openTable(page, game);
      await expect(tour(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const count = Number((await step(page)).match(/of (\d+)/)![1]);
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(5);
      for (let i = 1; i <= count; i++) {
        await expect(tour(page).locator(".tour-count")).toHaveText(`Tour: step ${i} of ${count}`);
        await expect(tour(page)).toBeVisible();
        await targetInView(page);
        await tour(page).getByRole("button", { name: i === count ? "Done" : "Next" }).click();
      }
      await expect(tour(page)).toHaveCount(0);
    });
  }
});
