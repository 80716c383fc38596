// Does a table fit its screen? The five sizes every table is tried at, and a
// check that what a move needs (the active cards, the controls, the current
// message) is inside the viewport without scrolling and that no two of those
// overlap.
import { expect, type Page } from "@playwright/test";
import { fitProblems } from "./fit-problems.mjs";

export { SIZES } from "./fit-problems.mjs";

export interface Parts {
  /** The cards a move is made on (every visible match counts). */
  cards: string;
  /** The controls a move needs: buttons, the mode selector (every visible match). */
  controls: string;
  /** The current message line (or lines). */
  message: string;
}

/** The table's misfits (`fitProblems`). Unless the page was scrolled on
 * purpose (a table that cannot all fit brings its active part into view),
 * everything must fit unscrolled. */
export async function misfits(page: Page, parts: Parts, scrolled = false): Promise<string[]> {
  if (!scrolled) await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(fitProblems, parts);
}

/** Fails with every misfit listed. */
export async function expectFits(page: Page, parts: Parts, scrolled = false) {
  expect(await misfits(page, parts, scrolled)).toEqual([]);
}
