// axe-core over the page as it stands: the serious and critical violations
// of WCAG 2.1 A/AA (contrast, names, roles, landmarks), one line each.
import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";

export async function seriousViolations(page: Page): Promise<string[]> {
  // In Firefox ESR over WebDriver BiDi, axe's injected frames crashed the
  // page's content process a little later (seen in e2e/remote.spec.ts).
  // The markup axe reads is the same in every engine: it runs in Chromium.
  if (page.context().browser()?.browserType().name() === "firefox") {
    test.info().annotations.push({ type: "axe", description: "not run in Firefox (runs in Chromium)" });
    return [];
  }
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ")}`));
}
