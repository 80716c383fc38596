// Checks shared by the specs: touch-target size.
import type { Page } from "@playwright/test";

/** Every visible control smaller than 44 px (radio buttons count by their
 * label), but those `except` matches (a test that checks them its own way). */
export async function smallTargets(page: Page, except?: string): Promise<string[]> {
  return page
    .locator("button:visible, a.button:visible, input:not([type=radio]):visible, select:visible, summary:visible, label.choice-option:visible")
    .evaluateAll((els, except) =>
      els
        .filter((e) => !except || !e.matches(except))
        // The layout box: a press's brief scale (or a card turning over)
        // changes how a control is drawn for a moment, not its size.
        .map((e) => ({
          r: { width: (e as HTMLElement).offsetWidth, height: (e as HTMLElement).offsetHeight },
          t: e.textContent || e.getAttribute("aria-label"),
        }))
        .filter(({ r }) => r.width < 44 || r.height < 44)
        .map(({ r, t }) => `${t} ${r.width}x${r.height}`),
    except ?? "");
}
