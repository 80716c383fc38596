// How the measurement tools and the memory test play each game by tapping
// its table (tools/measure/input-latency.mjs, tools/measure/memory.mjs,
// e2e/memory.spec.ts): each game's start (two people where the game has seats)
// and the controls to tap, in order of preference; the first visible one is
// tapped each time. And how they read the app's WebAssembly memory.

/** Taps the first control matching one of `selectors` that is visible
 * (waiting at most `timeout` ms for it to take the tap); false if none is. */
export async function tapFirst(page, selectors, timeout = 2_000) {
  for (const selector of selectors) {
    const control = page.locator(selector).first();
    if (await control.isVisible().catch(() => false)) {
      await control.click({ timeout }).catch(() => {});
      return true;
    }
  }
  return false;
}

/** Taps `n` times (see `tapFirst`), waiting `pause` ms after each tap and
 * 50 ms when nothing can be tapped; gives up after 3n tries. Returns how
 * many taps were made. */
export async function tapTimes(page, selectors, n, pause = 0) {
  let tapped = 0;
  for (let tries = 0; tapped < n && tries < n * 3; tries++) {
    if (await tapFirst(page, selectors, 1_000)) {
      tapped++;
      if (pause) await page.waitForTimeout(pause);
    } else await page.waitForTimeout(50);
  }
  return tapped;
}

/** An init script (`addInitScript(keepWasmMemory)`): keeps the app's
 * WebAssembly memory, the first a module exports, as `window.__memory`. */
export function keepWasmMemory() {
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
      const result = await original.apply(WebAssembly, args);
      const memory = (result.instance || result).exports?.memory;
      if (memory instanceof WebAssembly.Memory && !window.__memory) window.__memory = memory;
      return result;
    };
  }
}

/** The size of the memory `keepWasmMemory` kept, in bytes (0 if none). */
export const wasmBytes = (page) => page.evaluate(() => window.__memory?.buffer.byteLength ?? 0);

async function startTable(page, base, game) {
  await page.goto(`${base}#/${game}/new`);
  for (const n of [1, 2]) await page.getByRole("combobox", { name: `Who plays seat ${n}` }).selectOption("person");
  await page.getByRole("button", { name: "Start game" }).click();
}

// A dialog's first choice: the next round or case, or, at the end, the
// same table again (Play again).
const goOn = '[role=dialog] button.primary';
const handOver = 'button:text-matches("^I am .+: continue$")';
/** Each game, opened at `base`: the controls of its table to tap. */
export const plays = {
  "dead-center": async (page, base) => {
    let seed = 1;
    await page.goto(`${base}#/dead-center/standard/${seed}`);
    return [".zombie.target", ".pile.target", ".deck.ready", 'button:text("End turn"):not(.unavailable)', 'button:text("New deal")'];
  },
  "murderers-row": async (page, base) => {
    await page.goto(`${base}#/murderers-row/5`);
    return ['button:text("Confirm")', 'button:text("← Left")', ".mr-card.target", ".mr-card.active", 'button:text("Same deal")'];
  },
  "serial-killer": async (page, base) => {
    await startTable(page, base, "serial-killer");
    return [goOn, handOver, ".choices .button.primary", ".choices .button"];
  },
  joker: async (page, base) => {
    await startTable(page, base, "joker");
    return [goOn, handOver, ".jk-answers .button", ".jk-grid button.face-down", ".jk-grid button"];
  },
  "detective-graves": async (page, base) => {
    await startTable(page, base, "detective-graves");
    // Every question a turn may ask, answered plainly (as the browser
    // tests' `step` does), then the turn ended or passed.
    return [
      goOn,
      handOver,
      'button:text-matches("^(Start case [0-9]+|See the final result)$")',
      ...["Keep this hand", "Keep my hand", "Here 0, next location 0", "Draw from my deck", "Keep the trump as it is", "Add a time token", "Stay hidden"].map(
        (name) => `button:text-is("${name}")`,
      ),
      'button:text-matches("^Cover up ")',
      ".dg-suspects .button.primary",
      'button:text("End my turn")',
      'button:text-is("Pass")',
    ];
  },
};

