// The Playwright configuration lives in e2e/playwright.config.ts; this file lets
// `npx playwright test` find it from the repository root.
export { default } from "./e2e/playwright.config";
