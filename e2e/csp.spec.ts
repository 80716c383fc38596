// The page's Content-Security-Policy (tools/build/csp.mjs writes it into the
// release build): the app, the solver's web worker and offline start-up all
// work under it without one violation, and a script injected inline is
// refused.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

// Offline start-up comes from the service worker: allowed here (blocked
// elsewhere, e2e/playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** Collects every violation the page reports, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as any).__violations as string[]);
}

test("the policy allows only the app's own files, and the app works under it", async ({ page, context }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(String(err)));
  const violations = await recordViolations(page);
  await page.goto("/");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain("unsafe-inline");
  // One inline script, the chunks' preload (tools/build/csp.mjs), allowed by its
  // hash alone.
  const inline = await page.locator("script:not([src])").evaluateAll((all) => all.map((s) => s.textContent ?? ""));
  expect(inline, "one inline script: the preload").toHaveLength(1);
  const digest = await page.evaluate(async (code) => {
    const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
    return btoa(String.fromCharCode(...new Uint8Array(hash)));
  }, inline[0]);
  expect(policy).toContain(`script-src 'self' 'sha256-${digest}' 'wasm-unsafe-eval'`);
  await expect(page.getByRole("heading", { name: "Joker" })).toBeVisible();

  // The solver answers from its web worker.
  await page.goto("/#/murderers-row/5");
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  await expect(page.locator(".mr-hint")).toContainText("Best move");
  // Inline style properties set by the tables (Dead Center's grid places).
  await page.goto("/#/dead-center/standard/7");
  await expect(page.locator(".dc-board")).toBeVisible();
  expect(await page.locator(".dc-count").evaluate((e) => getComputedStyle(e).gridRowStart)).toBe("1");

  // Offline, from the service worker, under the same policy.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("#app")).toBeAttached();
  await expect(page.locator(".dc-board")).toBeVisible();
  await context.setOffline(false);

  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test("a script injected inline is refused", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/");
  await expect(page.locator("#app")).toBeAttached();
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.appendChild(script);
    const handler = document.createElement("div");
    handler.innerHTML = '<img src="x" onerror="window.__injected = true">';
    document.body.appendChild(handler);
    await new Promise((done) => setTimeout(done, 200));
    return (window as any).__injected === true;
  });
  expect(ran).toBe(false);
  const seen = await violations();
  expect(seen.some((v) => v.startsWith("script-src"))).toBe(true);
});
