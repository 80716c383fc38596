// Writing records into localStorage as another version of the app (or a
// damaged disk) would have left them. The app reads the saved records when it
// starts, and `page.goto` may return before the WebAssembly has started: a
// record written then could be read (and backed up) by that first start
// instead of by the reload the test is about. So each write waits for the
// start first.
import type { Page } from "@playwright/test";

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
