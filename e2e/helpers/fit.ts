// Does a table fit its screen? The five sizes every table is tried at, and a
// check that what a move needs (the active cards, the controls, the current
// message) is inside the viewport without scrolling and that no two of those
// overlap.
import { expect, type Page } from "@playwright/test";

export const SIZES = [
  { width: 390, height: 844, name: "phone" },
  { width: 844, height: 390, name: "phone, landscape" },
  { width: 768, height: 1024, name: "tablet" },
  { width: 1024, height: 768, name: "tablet, landscape" },
  { width: 1280, height: 800, name: "laptop" },
] as const;

export interface Parts {
  /** The cards a move is made on (every visible match counts). */
  cards: string;
  /** The controls a move needs: buttons, the mode selector (every visible match). */
  controls: string;
  /** The current message line (or lines). */
  message: string;
}

interface Box {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The page's own boxes (layout, in CSS pixels, relative to the viewport) of
 * every visible element `selector` matches, named by its text or label. */
async function boxes(page: Page, selector: string, kind: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll(
    (els, kind) =>
      els
        .filter((e) => {
          const style = getComputedStyle(e);
          const r = e.getBoundingClientRect();
          return style.visibility !== "hidden" && style.display !== "none" && r.width > 0 && r.height > 0;
        })
        .map((e) => {
          const r = e.getBoundingClientRect();
          const name = (e.getAttribute("aria-label") || e.textContent || e.className).trim().slice(0, 40);
          return { what: `${kind} "${name}"`, x: r.x, y: r.y, width: r.width, height: r.height };
        }),
    kind,
  );
}

const SLACK = 0.5;

function outside(box: Box, width: number, height: number): boolean {
  return box.x < -SLACK || box.y < -SLACK || box.x + box.width > width + SLACK || box.y + box.height > height + SLACK;
}

function overlap(a: Box, b: Box): boolean {
  return (
    a.x + SLACK < b.x + b.width && b.x + SLACK < a.x + a.width && a.y + SLACK < b.y + b.height && b.y + SLACK < a.y + a.height
  );
}

/** What is wrong with the table's fit, one line each (empty when it fits):
 * a part outside the viewport (the page is not scrolled), or two parts of
 * different kinds overlapping, or two controls overlapping. Cards may touch
 * each other (a fanned pile), so cards are not checked against cards. */
export async function misfits(page: Page, parts: Parts, scrolled = false): Promise<string[]> {
  // Unless the page was scrolled on purpose (a table that cannot all fit
  // brings its active part into view), everything must fit unscrolled.
  if (!scrolled) await page.evaluate(() => window.scrollTo(0, 0));
  const viewport = page.viewportSize()!;
  const cards = await boxes(page, parts.cards, "card");
  const controls = await boxes(page, parts.controls, "control");
  const message = await boxes(page, parts.message, "message");
  const problems: string[] = [];
  if (cards.length === 0) problems.push(`no card matches ${parts.cards}`);
  if (controls.length === 0) problems.push(`no control matches ${parts.controls}`);
  if (message.length === 0) problems.push(`no message matches ${parts.message}`);
  const all = [...cards, ...controls, ...message];
  for (const box of all) {
    if (outside(box, viewport.width, viewport.height)) {
      problems.push(`${box.what} is outside ${viewport.width}x${viewport.height}: ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  const pairs: [Box[], Box[]][] = [
    [cards, controls],
    [cards, message],
    [controls, message],
  ];
  for (const [one, other] of pairs)
    for (const a of one) for (const b of other) if (overlap(a, b)) problems.push(`${a.what} overlaps ${b.what}`);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++)
      if (overlap(controls[i], controls[j])) problems.push(`${controls[i].what} overlaps ${controls[j].what}`);
  return problems;
}

/** Fails with every misfit listed. */
export async function expectFits(page: Page, parts: Parts, scrolled = false) {
  expect(await misfits(page, parts, scrolled)).toEqual([]);
}
