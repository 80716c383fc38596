#!/usr/bin/env node
// Finishes the app's web workers in a Trunk build: run by
// tools/build/gen-sw.mjs (the post_build hook) after the split, before
// anything is minified or listed for the service worker.
//
// Each worker is a binary of the `workers` crate, which Trunk builds from a
// `<link data-type="worker" data-target-path="workers">` in index.html into
// workers/<name>.js (wasm-bindgen's glue, --target web) and
// workers/<name>_bg.wasm, unhashed (Trunk never hashes workers' names).
// This step, per worker:
//   1. release only: wasm-opt for speed (-O2; a worker is fetched only when
//      its game first asks it something, never in the first load);
//   2. content hashes in both names, so a page of one version never starts a
//      worker of another;
//   3. a <meta name="worker:<name>" content="workers/<name>-<hash>.js"> in
//      index.html: the page reads the module's files from it (see
//      src/workers.rs), and public/worker.js starts them.
//
// By hand: node tools/build/workers.mjs <staging dir> [release|debug]
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const short = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

export async function finishWorkers(dir, profile) {
  const folder = join(dir, "workers");
  if (!existsSync(folder)) throw new Error(`workers: no ${folder}; is the worker's <link> in index.html?`);
  const names = readdirSync(folder)
    .filter((f) => f.endsWith("_bg.wasm"))
    .map((f) => f.slice(0, -"_bg.wasm".length))
    .filter((name) => !/-[0-9a-f]{16}$/.test(name));
  if (names.length === 0) throw new Error(`workers: no <name>_bg.wasm in ${folder}`);
  const metas = [];
  for (const name of names) {
    const wasm = join(folder, `${name}_bg.wasm`);
    const glue = join(folder, `${name}.js`);
    if (profile === "release") {
      await run("wasm-opt", ["-O2", wasm, "-o", wasm], { maxBuffer: 64 << 20 });
    }
    const hashed = `${name}-${short(readFileSync(wasm))}`;
    renameSync(wasm, join(folder, `${hashed}_bg.wasm`));
    // The glue's default module address names the wasm file; keep it true.
    const js = readFileSync(glue, "utf8").replaceAll(`${name}_bg.wasm`, `${hashed}_bg.wasm`);
    const named = `${name}-${short(js)}.js`;
    writeFileSync(join(folder, named), js);
    rmSync(glue);
    metas.push(`<meta name="worker:${name}" content="workers/${named}" data-wasm="workers/${hashed}_bg.wasm" />`);
    console.log(`workers: ${name} -> workers/${named} + workers/${hashed}_bg.wasm`);
  }
  const index = join(dir, "index.html");
  const html = readFileSync(index, "utf8");
  if (!html.includes("</head>")) throw new Error("workers: index.html has no </head>");
  writeFileSync(index, html.replace("</head>", `${metas.join("\n")}\n</head>`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  const profile = process.argv[3] || process.env.TRUNK_PROFILE || "release";
  await finishWorkers(dir, profile);
}
