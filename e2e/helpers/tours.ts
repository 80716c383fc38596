// Every table's first-run tour opens by itself the first time (e2e/tour.spec.ts
// tests it); the other specs start as a player who has seen them all, unless
// the test writes its own settings.
import type { Page } from "@playwright/test";

export const GAME_IDS = ["dead-center", "murderers-row", "serial-killer", "joker", "detective-graves"];

export async function skipTours(page: Page) {
  await page.context().addInitScript((ids) => {
    // (Not in a new page's about:blank, whose storage Firefox refuses.)
    if (location.protocol.startsWith("http") && localStorage.getItem("gm.settings") === null) {
      const settings = { app: "grave-matters", kind: "settings", version: 1, data: { tours_seen: ids } };
      localStorage.setItem("gm.settings", JSON.stringify(settings));
    }
  }, GAME_IDS);
}
