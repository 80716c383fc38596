// Settings → Your data → "Export my data", as the browser receives it: the
// file's name and text. Chromium reports the download to Playwright. Firefox
// over WebDriver BiDi (this ESR) reports none, so there the file is read
// where the app hands it to the browser: the blob behind the link it clicks
// (a `blob:` address with a `download` name); the click still goes on.
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";

export type Exported = { name: string; text: string };

export async function exportData(page: Page): Promise<Exported> {
  const button = page.getByRole("button", { name: "Export my data" });
  if (page.context().browser()?.browserType().name() === "chromium") {
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
  }
  await page.evaluate(() => {
    const w = window as any;
    w.__exported = null;
    // (The page's content policy refuses a fetch of a blob: address, so
    // the blob is kept as the address is made.)
    const blobs = new Map<string, Blob>();
    const objectUrl = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      const url = objectUrl(blob);
      blobs.set(url, blob);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (this.download && blob) {
        const name = this.download;
        w.__exported = blob.text().then((text) => ({ name, text }));
      }
      return click.call(this);
    };
  });
  await button.click();
  return page.evaluate(async () => {
    const w = window as any;
    while (!w.__exported) await new Promise((resolve) => setTimeout(resolve, 20));
    return w.__exported;
  });
}
