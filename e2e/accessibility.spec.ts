// axe-core over the app's screens, in the light and the dark theme: no
// serious or critical violation of WCAG 2.1 A/AA (contrast, names, roles,
// landmarks). Each test opens a group of screens and checks each in turn.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { seriousViolations as violations } from "./helpers/axe";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

const GAMES = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];

/** Checks the screen now showing, named `screen` in the report. */
async function check(page: Page, screen: string, found: string[]) {
  await expect(page.locator("main").first()).toBeVisible();
  for (const line of await violations(page)) found.push(`${screen}: ${line}`);
}

/** Starts a table game from its new-game screen, two people in the first seats. */
async function startTable(page: Page, game: string) {
  await page.goto(`/#/${game}/new`);
  for (const n of [1, 2]) await page.getByRole("combobox", { name: `Who plays seat ${n}` }).selectOption("person");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page).toHaveURL(new RegExp(`#/${game}$`));
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`Home, Settings, Statistics, and every game's new-game and rules screens (${scheme})`, async ({ page }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      for (const [screen, hash] of [["Home", "#/"], ["Settings", "#/settings"], ["Statistics", "#/stats"]]) {
        await page.goto(`/${hash}`);
        await expect(page.getByRole("heading").first()).toBeVisible();
        await check(page, screen, found);
      }
      // The theme followed the system's: the page's own background.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === "dark" ? "rgb(17, 24, 20)" : "rgb(238, 241, 236)");
      for (const game of GAMES) {
        for (const page_ of ["new", "rules"]) {
          await page.goto(`/#/${game}/${page_}`);
          await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
          await check(page, `${game}/${page_}`, found);
        }
      }
      expect(found).toEqual([]);
    });

    test(`the solitaire tables and the table games' hand-over and tables (${scheme})`, async ({ page }) => {
      test.setTimeout(120_000);
      const found: string[] = [];
      await page.goto("/#/dead-center/standard/8");
      await expect(page.getByText("Choose a face-down zombie to reveal.")).toBeVisible();
      await check(page, "Dead Center table", found);
      await page.goto("/#/murderers-row/5");
      await expect(page.locator(".mr-card").first()).toBeVisible();
      await check(page, "Murderers' Row table", found);
      // Serial Killer keeps no secret: no hand-over, the table at once.
      await startTable(page, "serial-killer");
      await expect(page.locator(".sk-board")).toBeVisible();
      await check(page, "serial-killer table", found);
      for (const game of ["joker", "detective-graves"]) {
        await startTable(page, game);
        const handOver = page.getByRole("button", { name: /^I am .+: continue$/ });
        if (game === "joker") {
          // Joker's table is public: it comes first, and the device goes to
          // the Informant (the first seat) once a probe waits for the answer.
          await expect(page.locator(".jk-grid")).toBeVisible();
          await check(page, `${game} table`, found);
          await page.locator('[data-cell="12"]').click();
        }
        // Two people: the hand-over comes first, then the table (in Joker,
        // the Informant's screen).
        await expect(handOver).toBeVisible();
        await check(page, `${game} hand-over`, found);
        await handOver.click();
        await expect(handOver).toBeHidden();
        await check(page, game === "joker" ? `${game} Informant's screen` : `${game} table`, found);
      }
      // Every seat's colour carries the white text of a turn banner and a
      // badge (which seats a game shows depends on its deal).
      await page.evaluate(() => {
        const main = document.querySelector("main")!;
        for (let seat = 0; seat < 6; seat++) {
          const banner = document.createElement("p");
          banner.className = `turn-banner seat-${seat}`;
          banner.textContent = `Seat ${seat + 1}'s turn`;
          const badge = document.createElement("span");
          badge.className = `badge seat-${seat}`;
          badge.textContent = "winner";
          main.append(banner, badge);
        }
      });
      await check(page, "the six seat colours", found);
      expect(found).toEqual([]);
    });
  });
}
