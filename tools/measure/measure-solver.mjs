#!/usr/bin/env node
// Measures the Murderers' Row solver in the browser (WebAssembly, in its
// own worker module, as the app starts it: public/worker.js with the files
// the build names in index.html) on fresh deals, and the page's frames meanwhile.
//
//   node tools/measure/measure-solver.mjs [first-seed] [count]     (default 0 100)
//   node tools/measure/measure-solver.mjs positions FILE
//
// The second form asks a hint for every position of FILE (one question a
// line, as JSON; the sample of issue 14 is written by
// `cargo run --release -p engine --example mr_sample -- FILE`), each as the
// app asks it, and prints the median, p99 and worst.
//
// Needs a release build in dist/ (scripts/test or `trunk build --release`)
// and Debian's Chromium. Prints each deal's solve time, then the median, the
// worst (with its seed) and the longest gap between two animation frames on
// the page's thread while the worker solved.
import { chromium } from "playwright-core";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "../../e2e/static-server.mjs";
import { readFileSync } from "node:fs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const positions = process.argv[2] === "positions";
const questions = positions
  ? readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l.trim())
  : null;
const first = positions ? 0 : Number(process.argv[2] || 0);
const count = positions ? questions.length : Number(process.argv[3] || 100);
const server = await startServer({ root: join(root, "dist"), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/`);
  await page.waitForSelector("#app");
  const result = await page.evaluate(
    async ({ first, count, questions }) => {
      const meta = document.querySelector("meta[name='worker:murderers-row-solver']");
      const url = (path) => new URL(path, document.baseURI).href;
      const worker = new Worker("worker.js", { type: "module" });
      const next = () => new Promise((resolve) => (worker.onmessage = (e) => resolve(e.data)));
      const ready = next();
      worker.postMessage({ glue: url(meta.content), wasm: url(meta.dataset.wasm) });
      if ((await ready) !== "ready") throw new Error("the worker did not start");
      let last = performance.now();
      let longestFrame = 0;
      let running = true;
      const tick = (now) => {
        longestFrame = Math.max(longestFrame, now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const times = [];
      for (let seed = first; seed < first + count; seed++) {
        const reply = next();
        const start = performance.now();
        const question = questions ? questions[seed] : JSON.stringify({ DealOdds: seed });
        worker.postMessage(`{"id":${seed + 1},"question":${question}}`);
        let text = await reply;
        // A long question reports progress after each slice: wait for its
        // answer.
        while (/^\{"Progress"/.test(text)) text = await next();
        // Odds travel as the bits of an f64 (advice::odds_bits), too large for a
        // JS number: read the digits.
        const bits = /"win":(\d+)/.exec(text)?.[1];
        const view = new DataView(new ArrayBuffer(8));
        if (bits) view.setBigUint64(0, BigInt(bits));
        times.push({ seed, ms: performance.now() - start, win: bits ? view.getFloat64(0) : undefined, answered: /"(Hint|DealOdds)"/.test(text) });
      }
      running = false;
      worker.terminate();
      return { times, longestFrame };
    },
    { first, count, questions },
  );
  if (positions) {
    const sorted = [...result.times].sort((a, b) => a.ms - b.ms);
    const at = (p) => sorted[Math.round((sorted.length - 1) * p)];
    const worst = sorted[sorted.length - 1];
    // A short file (the worst positions of a sweep) is printed whole.
    const shown = sorted.length <= 50 ? result.times : sorted.slice(-5);
    for (const t of shown) {
      const what = t.answered ? `win ${t.win}` : "NOT ANSWERED";
      console.log(`position #${t.seed}: ${t.ms.toFixed(1)} ms, ${what}`);
    }
    console.log(
      `wasm hint of ${sorted.length} sampled positions: median ${at(0.5).ms.toFixed(1)} ms, p99 ${at(0.99).ms.toFixed(1)} ms, ` +
        `worst ${worst.ms.toFixed(1)} ms (position #${worst.seed}), not answered ${sorted.filter((t) => !t.answered).length}; ` +
        `longest frame on the page meanwhile: ${result.longestFrame.toFixed(0)} ms`,
    );
  } else {
  for (const t of result.times) console.log(`deal ${t.seed}: ${t.ms.toFixed(1)} ms, win ${t.win}`);
  const sorted = [...result.times].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor(sorted.length / 2)];
  const worst = sorted[sorted.length - 1];
  console.log(
    `wasm solve of ${sorted.length} fresh deals: median ${median.ms.toFixed(1)} ms, worst ${worst.ms.toFixed(1)} ms (deal ${worst.seed}); ` +
      `longest frame on the page meanwhile: ${result.longestFrame.toFixed(0)} ms`,
  );
  }
} finally {
  await browser.close();
  await server.close();
}
