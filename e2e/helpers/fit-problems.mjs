// What is wrong with a table's fit, one line each (empty when it fits): a
// part outside the viewport, or two parts of different kinds overlapping,
// or two controls overlapping. Cards may touch each other (a fanned pile),
// so cards are not checked against cards. It runs in the page and is
// self-contained: Playwright passes it to page.evaluate (e2e/helpers/fit.ts),
// the WebDriver runner to executeScript (e2e/webdriver), the same check in
// every engine. Boxes are the page's own layout, in CSS pixels of the
// viewport.

/** The five sizes every table is tried at. */
export const SIZES = [
  { width: 390, height: 844, name: "phone" },
  { width: 844, height: 390, name: "phone, landscape" },
  { width: 768, height: 1024, name: "tablet" },
  { width: 1024, height: 768, name: "tablet, landscape" },
  { width: 1280, height: 800, name: "laptop" },
];

/** @param {{cards: string, controls: string, message: string}} parts */
export function fitProblems(parts) {
  const SLACK = 0.5;
  const width = window.innerWidth;
  const height = window.innerHeight;
  const boxes = (selector, kind) =>
    [...document.querySelectorAll(selector)]
      .filter((e) => {
        const style = getComputedStyle(e);
        const r = e.getBoundingClientRect();
        return style.visibility !== "hidden" && style.display !== "none" && r.width > 0 && r.height > 0;
      })
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = (e.getAttribute("aria-label") || e.textContent || e.className).trim().slice(0, 40);
        return { what: `${kind} "${name}"`, x: r.x, y: r.y, width: r.width, height: r.height };
      });
  const outside = (b) => b.x < -SLACK || b.y < -SLACK || b.x + b.width > width + SLACK || b.y + b.height > height + SLACK;
  const overlap = (a, b) =>
    a.x + SLACK < b.x + b.width && b.x + SLACK < a.x + a.width && a.y + SLACK < b.y + b.height && b.y + SLACK < a.y + a.height;
  const cards = boxes(parts.cards, "card");
  const controls = boxes(parts.controls, "control");
  const message = boxes(parts.message, "message");
  const problems = [];
  if (cards.length === 0) problems.push(`no card matches ${parts.cards}`);
  if (controls.length === 0) problems.push(`no control matches ${parts.controls}`);
  if (message.length === 0) problems.push(`no message matches ${parts.message}`);
  for (const box of [...cards, ...controls, ...message]) {
    if (outside(box)) {
      const at = `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      problems.push(`${box.what} is outside ${width}x${height}: ${at}`);
    }
  }
  for (const [one, other] of [
    [cards, controls],
    [cards, message],
    [controls, message],
  ])
    for (const a of one) for (const b of other) if (overlap(a, b)) problems.push(`${a.what} overlaps ${b.what}`);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++)
      if (overlap(controls[i], controls[j])) problems.push(`${controls[i].what} overlaps ${controls[j].what}`);
  return problems;
}
