// The table's looks and motion: the card options in Settings, animation on,
// fast and off, a device's reduced motion, and taps during an animation.
// Against the release build.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { skipTours } from "./helpers/tours";

// Motion as most players have it: these tests look at it (those about
// "reduce motion" ask for it themselves).
test.use({ reducedMotion: "no-preference" });

test.beforeEach(async ({ page }) => skipTours(page));

const instruction = (page: Page) => page.locator(".dc-instruction");
const board = (page: Page) => page.getByRole("group", { name: "The cabin and the zombies around it" });

async function openDeal(page: Page, seed = 8) {
  await page.goto(`./#/dead-center/standard/${seed}`);
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
}

/** Waits until no card is moving (the deal's first faces turn over too; a
 * card starts to travel in the frame after a tap, so two frames first). */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

async function cardWidth(page: Page): Promise<number> {
  const box = await board(page).getByRole("button").first().boundingBox();
  return box?.width ?? 0;
}

/** Picks `option` in the Settings group named `legend`. */
async function choose(page: Page, legend: string, option: string) {
  await page.getByRole("group", { name: legend }).getByRole("radio", { name: option }).check();
}

test("card size, suit colours, card backs and animation are kept across a reload and change the table", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await openDeal(page);
  await settled(page);
  const normalWidth = await cardWidth(page);
  const root = page.locator("html");
  await expect(root).toHaveAttribute("data-suits", "two");
  const clubs = page.locator(".card-face.clubs").first();
  await expect(clubs).toBeAttached();
  expect(await clubs.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(27, 27, 27)");

  await page.goto("./#/settings");
  await choose(page, "Card size", "Large");
  await choose(page, "Suit colours", "Four: blue diamonds, green clubs");
  await choose(page, "Card backs", "Midnight");
  await choose(page, "Animation", "Off");
  await page.reload();
  await expect(page.getByRole("group", { name: "Card size" }).getByRole("radio", { name: "Large" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Card backs" }).getByRole("radio", { name: "Midnight" })).toBeChecked();
  await expect(page.getByRole("group", { name: "Animation" }).getByRole("radio", { name: "Off" })).toBeChecked();
  await expect(root).toHaveAttribute("data-card-size", "large");
  await expect(root).toHaveAttribute("data-suits", "four");
  await expect(root).toHaveAttribute("data-back", "midnight");
  await expect(root).toHaveAttribute("data-motion", "off");

  await page.goto("./#/dead-center");
  await expect(instruction(page)).toHaveText("Choose a face-down zombie to reveal.");
  expect(await cardWidth(page)).toBeGreaterThan(normalWidth * 1.15);
  expect(await clubs.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(29, 122, 60)");
  const back = page.locator(".card-back").first();
  expect(await back.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(29, 47, 87)");
  // Off means no animation at all, not a short one.
  expect(await page.locator(".card-face").first().evaluate((e) => getComputedStyle(e).animationName)).toBe("none");
});

test("a device that asks for reduced motion gets no animation, whatever the setting", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openDeal(page);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  await page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await expect(instruction(page)).not.toHaveText("Choose a face-down zombie to reveal.");
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  expect(await page.locator(".card-face").first().evaluate((e) => getComputedStyle(e).animationName)).toBe("none");
  // The setting says fast; the device still wins.
  await page.goto("./#/settings");
  await choose(page, "Animation", "Fast");
  await page.goto("./#/dead-center");
  await expect(board(page)).toBeVisible();
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});

test("a revealed zombie turns over, and a tap during the turn finishes it and is not lost", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await openDeal(page);
  await settled(page);
  // Every card that starts to turn is held half-way, as a slow device would
  // still be mid-animation when the next tap comes.
  await page.evaluate(() => {
    const held: Animation[] = [];
    (window as unknown as { held: Animation[] }).held = held;
    document.addEventListener("animationstart", (event) => {
      for (const a of (event.target as Element).getAnimations()) {
        if ((a as CSSAnimation).animationName === "card-turn" && a.playState === "running") {
          a.pause();
          held.push(a);
        }
      }
    });
  });
  const zombie = page.getByRole("button", { name: /face-down zombie, can be revealed/ }).first();
  // Reveal by keyboard (no pointer: nothing finishes the new animation).
  await zombie.focus();
  await page.keyboard.press("Enter");
  // The reveal draws the turn's card at once when nothing else can happen.
  await expect(instruction(page)).toHaveText(/^Play the /);
  await page.waitForFunction(() => (window as unknown as { held: Animation[] }).held.length >= 1);
  expect(
    await page.evaluate(() => (window as unknown as { held: Animation[] }).held.map((a) => a.playState)),
  ).toContain("paused");
  // Tap a pile while the cards are still turning: the card is played, and
  // the turns are brought to their end rather than left half-way.
  const pile = page.getByRole("button", { name: /your card can go here/ }).first();
  const box = await pile.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(instruction(page)).not.toHaveText(/^Play the /);
  // The revealed zombie's turn is finished; the card played from the hand
  // left the page with its animation.
  const states = await page.evaluate(() =>
    (window as unknown as { held: CSSAnimation[] }).held.map((a) =>
      (a.effect as KeyframeEffect).target?.isConnected ? a.playState : "gone",
    ),
  );
  expect(states).toContain("finished");
  expect(states.filter((state) => state !== "finished" && state !== "gone")).toEqual([]);
});

test("a drawn card travels from the deck, a played card from the hand to its pile, and a tap mid-flight lands it at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await openDeal(page);
  await settled(page);
  // Every flight the table starts is recorded and held where it starts, as
  // a slow device would still be showing it when the next tap comes.
  await page.evaluate(() => {
    const flights: { animation: Animation; where: string; from: string }[] = [];
    (window as any).flights = flights;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes: any, options?: any) {
      const animation = animate.call(this, keyframes, options);
      const where = this.closest(".dc-drawn") ? "hand" : this.closest(".pile") ? "pile" : "elsewhere";
      flights.push({ animation, where, from: String(keyframes[0].transform) });
      animation.pause();
      return animation;
    };
  });
  const flights = () =>
    page.evaluate(() =>
      (window as any).flights.map((f: any) => ({ from: f.from, where: f.where, state: f.animation.playState })),
    );
  // Reveal by keyboard: the turn's card is drawn and flies from the deck,
  // turning face up on the way (its width starts at 0).
  const zombie = board(page).getByRole("button", { name: /face-down zombie, can be revealed/ }).first();
  await zombie.focus();
  await page.keyboard.press("Enter");
  await expect(instruction(page)).toHaveText(/^Play the /);
  await expect.poll(flights).toContainEqual(expect.objectContaining({ where: "hand", state: "paused" }));
  const fromDeck = (await flights()).find((f: any) => f.where === "hand")!;
  expect(fromDeck.from).toMatch(/^translate\(-?\d+px, -?\d+px\) scale\(0\.000, /);
  // Where the card's place in the hand is (its slot: the face itself is
  // still drawn at the deck, held there).
  const hand = await page.locator(".dc-drawn .card-slot").boundingBox();
  expect(hand).not.toBeNull();
  // Tap a pile mid-flight: the card is played at once, the first flight is
  // finished by the tap, and the card then flies from the hand to the pile.
  const piles = board(page).locator(".pile");
  const pile = piles.nth(await piles.evaluateAll((all) => all.findIndex((p) => p.classList.contains("target"))));
  const box = (await pile.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(instruction(page)).not.toHaveText(/^Play the /);
  await expect.poll(flights).toContainEqual(expect.objectContaining({ where: "pile", state: "paused" }));
  const all = await flights();
  expect(all.find((f: any) => f.where === "hand")!.state).toBe("finished");
  // The flight starts where the card was: the pile's face moved back by the
  // offset lands on the hand's place (centre to centre, within a pixel or two).
  const start = all.find((f: any) => f.where === "pile")!.from.match(/^translate\((-?\d+)px, (-?\d+)px\)/);
  expect(start).not.toBeNull();
  // Paused at its start, the face is drawn at the hand: finish the flight
  // to measure its own place.
  const layout = await pile.locator(".card-face").evaluate((e) => {
    const animations = e.getAnimations();
    animations.forEach((a) => a.finish());
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  expect(Math.abs(layout.x + Number(start![1]) - (hand!.x + hand!.width / 2))).toBeLessThanOrEqual(2);
  expect(Math.abs(layout.y + Number(start![2]) - (hand!.y + hand!.height / 2))).toBeLessThanOrEqual(2);
  expect((await flights()).every((f: any) => f.state === "finished")).toBe(true);
});

test("the last move is marked, with motion off too: the cards it moved or brought, until the next move", async ({ page }) => {
  await page.goto("./#/settings");
  await choose(page, "Animation", "Off");
  await openDeal(page);
  const marked = () => board(page).locator(".last-move");
  await expect(marked()).toHaveCount(0);
  // A reveal brings the zombie's face and the turn's card onto the table.
  await board(page).getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await expect(instruction(page)).toHaveText(/^Play the /);
  await expect(marked()).toHaveCount(2);
  await expect(page.locator(".dc-drawn .card-face")).toHaveClass(/last-move/);
  // Played: only the card on its new pile is marked.
  const piles = board(page).locator(".pile");
  const pile = piles.nth(await piles.evaluateAll((all) => all.findIndex((p) => p.classList.contains("target"))));
  await pile.click();
  await expect(instruction(page)).not.toHaveText(/^Play the /);
  await expect(marked()).toHaveCount(1);
  await expect(pile.locator(".card-face")).toHaveClass(/last-move/);
  // Nothing moved in the page but the animation settings: no animation ran.
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});

test("a refused tap shakes the card it was on and says why; with motion off it only says why", async ({ page }) => {
  await openDeal(page);
  await board(page).getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await settled(page);
  // A pile the drawn card cannot go on; its animations are counted as they
  // start (a shake is over in a quarter of a second, too soon to look).
  const refusedPile = board(page).locator(".pile:not(.target)").first();
  const listen = () =>
    refusedPile.evaluate((el) => {
      (window as any).started = [];
      el.addEventListener("animationstart", (e) => (window as any).started.push((e as AnimationEvent).animationName));
    });
  const started = () => page.evaluate(() => (window as any).started as string[]);
  await listen();
  await refusedPile.click();
  await expect(page.locator(".table-message")).toContainText("cannot go on");
  await expect.poll(started).toContain("refused-shake");

  await page.goto("./#/settings");
  await choose(page, "Animation", "Off");
  await page.goBack();
  await settled(page);
  await listen();
  await refusedPile.click();
  await expect(page.locator(".table-message")).toContainText("cannot go on");
  await expect(refusedPile).toHaveClass(/refused/);
  await page.waitForTimeout(400);
  expect(await started()).toEqual([]);
});

test("sounds are off at first; when chosen, a move, a refused move and a win each play their shipped file", async ({ page }) => {
  // Every play() of an audio element is recorded (and not played).
  await page.addInitScript(() => {
    (window as any).played = [];
    HTMLMediaElement.prototype.play = function () {
      (window as any).played.push(new URL(this.src).pathname);
      return Promise.resolve();
    };
  });
  const played = () => page.evaluate(() => (window as any).played as string[]);
  await openDeal(page);
  await board(page).getByRole("button", { name: /face-down zombie, can be revealed/ }).first().click();
  await expect(instruction(page)).toContainText("on a highlighted pile");
  expect(await played()).toEqual([]);

  await page.goto("./#/settings");
  await choose(page, "Sounds", "On");
  await page.goBack();
  await board(page).locator(".pile:not(.target)").first().click();
  await expect.poll(played).toEqual(["/sounds/refused.wav"]);
  await board(page).locator(".pile.target").first().click();
  await expect.poll(played).toEqual(["/sounds/refused.wav", "/sounds/move.wav"]);
  // The files are there, as WAV audio.
  for (const name of ["move", "refused", "win"]) {
    const response = await page.request.get(`./sounds/${name}.wav`);
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toBe("audio/wav");
    expect((await response.body()).subarray(0, 4).toString()).toBe("RIFF");
  }
});
