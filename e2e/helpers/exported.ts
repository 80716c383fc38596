// Settings → Your data → "Export my data", as the browser receives it: the
// file's name and text. Chromium reports the download to Playwright. Firefox
// over WebDriver BiDi (this ESR) reports none, so there the file is read
// where the app hands it to the browser (`captureExport`).
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { captureExport } from "./capture-export.mjs";

export type Exported = { name: string; text: string };

export async function exportData(page: Page): Promise<Exported> {
  const button = page.getByRole("button", { name: "Export my data" });
  if (page.context().browser()?.browserType().name() === "chromium") {
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, "utf8") };
  }
  await page.evaluate(captureExport);
  await button.click();
  return page.evaluate(async () => {
    const w = window as any;
    while (!w.__exported) await new Promise((resolve) => setTimeout(resolve, 20));
    return w.__exported;
  });
}
