// Counts the elements of a class added to the page's body from now on
// (drawings made for an animation and removed after it: a falling card, a
// flying clue), read back with `added`.
import type { Page } from "@playwright/test";

export async function countAdded(page: Page, className: string) {
  await page.evaluate((name) => {
    const counts = ((window as any).__added ||= {});
    counts[name] = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if ((node as Element).classList?.contains(name)) counts[name]++;
    }).observe(document.body, { childList: true });
  }, className);
}

export async function added(page: Page, className: string): Promise<number> {
  return page.evaluate((name) => (window as any).__added[name], className);
}
