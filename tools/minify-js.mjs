#!/usr/bin/env node
// Minifies the JavaScript of a release build in place: Trunk's own `minify`
// covers HTML and CSS, not wasm-bindgen's glue or the files copied from
// public/. tools/gen-sw.mjs calls it for release builds before it lists and
// hashes the files, so the service worker precaches them as served, and
// minifies the worker it writes too. Debug builds stay readable.
//
// By hand: node tools/minify-js.mjs <dir>
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { minify } from "terser";

// Files loaded as classic scripts, whose top-level names must stay; every
// other .js is an ES module (the glue, the solver worker).
const CLASSIC = new Set(["register-sw.js"]);

export async function minifyFile(path, { module }) {
  const source = readFileSync(path, "utf8");
  const result = await minify(source, {
    module,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  writeFileSync(path, result.code);
  return [source.length, result.code.length];
}

/** Minifies every script at the top of `dir` except the service worker. */
export async function minifyScripts(dir) {
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".js") && f !== "sw.js")) {
    const [before, after] = await minifyFile(join(dir, name), { module: !CLASSIC.has(name) });
    console.log(`minify-js: ${name} ${before} -> ${after} bytes`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) {
    console.error("usage: node tools/minify-js.mjs <dir>");
    process.exit(2);
  }
  await minifyScripts(process.argv[2]);
}
