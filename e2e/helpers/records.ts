// Writing records into localStorage as another version of the app (or a
// damaged disk) would have left them. The app reads the saved records when it
// starts, and `page.goto` may return before the WebAssembly has started: a
// record written then could be read (and backed up) by that first start
// instead of by the reload the test is about. So each write waits for the
// start first.
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Each game's save as the app writes it, mid-game (the native tests'
 * fixture of today's saves): key → stored text. */
export function todaysSaves(): Record<string, string> {
  const file = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "fixtures", "saves-2026-11.txt");
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** Waits until the app has mounted, and so has read the saved records. */
export async function appStarted(page: Page) {
  await page.locator("#app > *").first().waitFor({ state: "attached" });
}

/** Opens the app, lets it start, writes `records` (key, stored text) and reloads. */
export async function storeAndReload(page: Page, records: [string, string][]) {
  await page.goto("./");
  await appStarted(page);
  await page.evaluate((records) => {
    for (const [key, text] of records) localStorage.setItem(key, text);
  }, records);
  await page.reload();
}
