#!/usr/bin/env node
// Splits the app's WebAssembly into the shell and one chunk per game, in a
// Trunk build: run first by tools/build/gen-sw.mjs (the post_build hook),
// before anything is minified or listed for the service worker.
//
// Trunk has no wasm splitting (trunk-rs/trunk#1022), so Trunk builds the
// crate and stages its own wasm-bindgen output as usual (wasm-opt is off in
// index.html: it would only optimise a file that is replaced here), and this
// redoes the wasm steps from cargo's output, as cargo-leptos does:
//
//   1. wasm-split-cli (crate wasm_split_cli_support): cargo's module, linked
//      with --emit-relocs (.cargo/config.toml), is cut at the split points
//      (`#[wasm_split(...)]`, src/games) into a main module, one module per
//      game (split_<game>.wasm), modules of code several games share
//      (chunk_<n>.wasm), and the loader __wasm_split.js that fetches them.
//      The build fails if the main module holds any game's code
//      (tools/build/shell-has-no-game.mjs).
//   2. wasm-bindgen --keep-lld-exports on the main module (the chunks reach
//      the main module through those exports), under the names Trunk gave
//      its glue and module, which index.html loads; --weak-refs, so that
//      callbacks handed to the browser (Leptos' timers, animation frames)
//      are freed when the browser drops them, not kept for good (measured
//      by tools/measure/memory.mjs: Joker's memory grew about 7 KiB a tap
//      without).
//   3. release only: wasm-opt on every module, in parallel.
//   4. The chunks and the loader get content hashes in their names, so a page
//      of an older version can never load a newer version's chunk (it gets a
//      404 and says so, see src/games/lazy.rs).
//   5. The smallest shared chunks (under 1 KB gzip each, dozens of them) that
//      a first screen needs are put in one file, chunk_pack-<hash>.bin, that
//      the loader fetches once and cuts into modules: a game's first screen
//      asks for about half as many files (each request costs a round trip on
//      a slow phone, and HTTP/1.1 makes six at a time), for about the same
//      bytes.
//   6. Each game's files are named in index.html (<meta name="chunks:<game>">)
//      for public/preload.js (inlined by tools/build/csp.mjs), and the loader is
//      preloaded beside the glue that imports it (else it is fetched only
//      once the glue has arrived).
//
// By hand: node tools/build/split-wasm.mjs <staging dir> [release|debug]
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { gameNames } from "./shell-has-no-game.mjs";

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CRATE = "grave-matters";

// The sections only a linker reads (which tools made the module, which
// features it uses): about 3-4 KB gzip a game, over its many chunks.
const STRIP = ["--strip-producers", "--strip-target-features"];
// The main module (the first load, whose budget is tight): after -Oz,
// re-lay the control flow (flatten, rereloop) and optimise again, twice, as
// Trunk's data-wasm-opt="z" with these params did before the split. The
// game chunks: -Oz once. Measured on every module: the passes again saved
// 7.3 KB gzip of 1,206 KB, 0.6 KB of it the main module's (12 s more CPU)
// and 6.7 KB the chunks' (59 s more CPU, about 30 s of the test command on
// 2 cores; measured after the change, 0.6 to 2.7 KB a game, 5.9 KB in
// all, was not worth it).
const WASM_OPT_MAIN = ["-Oz", "--flatten", "--rereloop", "-Oz", "--flatten", "--rereloop", "-Oz", ...STRIP];
const WASM_OPT_CHUNK = ["-Oz", ...STRIP];

// A shared chunk smaller than this (gzip bytes) travels in the pack (step 5).
const PACK_BELOW = 1000;

// 32 bits of a content hash (as many bundlers use): plenty to tell one
// build's file from another's of the same name, and each name is written
// three times in the first load (the loader, index.html, the service
// worker's list): 40 bits cost 242 B gzip more.
const short = (data) => createHash("sha256").update(data).digest("hex").slice(0, 8);

async function tool(name, args) {
  try {
    return await run(name, args, { maxBuffer: 64 << 20 });
  } catch (error) {
    throw new Error(`${name} ${args.join(" ")} failed:\n${error.stderr || error.message}`);
  }
}

/** Runs `jobs` (functions returning promises) at most `n` at a time. */
async function pool(jobs, n) {
  const queue = [...jobs];
  const workers = Array.from({ length: Math.min(n, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

/** The loader with each module's load written once (`loadModule`) instead
 * of spelt out for each of its 100-odd modules: about a third of its size
 * (it is part of the first load). */
function shortLoads(loader) {
  const one = /makeLoad\(\(\) => \{\s*const src = (fetch\(new URL\("[^"]+", import\.meta\.url\)\)|fromPack\(\d+, \d+\));\s*src\.catch\(\(\) => \{\}\);\s*return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\s*\}\s*,/g;
  const short = loader.replace(one, (_, src) => `loadModule(() => ${src},`);
  if (short.includes("instantiateStreaming(src, imports)")) {
    throw new Error("split-wasm: the loader loads a module in a way shortLoads does not know");
  }
  const helper = `
function loadModule(start, deps) {
    return makeLoad(() => {
        const src = start();
        src.catch(() => {});
        return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
    }, deps);
}
`;
  return short.replace(/^(import [^\n]*\n)/, `$1${helper}`);
}

/** Which split points (games) need each module, from the comments the
 * splitter writes in its loader: `/* dead_center, joker *\/` above a shared
 * chunk, and the game's own `split_<game>.wasm`. */
function chunkUsers(loader) {
  const users = new Map();
  for (const [, list, file] of loader.matchAll(/\/\* ([\w, ]+) \*\/\s*const __chunk_\d+ = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/([^"]+)"/g)) {
    users.set(file, list.split(", "));
  }
  for (const [, game] of loader.matchAll(/"\.\/split_(\w+)\.wasm"/g)) users.set(`split_${game}.wasm`, [game]);
  return users;
}

/** The loader's part that fetches the pack once (again after a failure)
 * and hands each chunk its slice as a wasm response. */
function packLoader(packName) {
  return `
let pack = undefined;
function fromPack(offset, length) {
    if (pack === undefined) {
        const load = fetch(new URL(${JSON.stringify(`./${packName}`)}, import.meta.url)).then((response) => {
            if (!response.ok) throw new Error(\`${packName}: HTTP \${response.status}\`);
            return response.arrayBuffer();
        });
        load.catch(() => {
            if (pack === load) pack = undefined;
        });
        pack = load;
    }
    return pack.then((bytes) =>
        new Response(new Uint8Array(bytes, offset, length), { headers: { "Content-Type": "application/wasm" } }));
}
`;
}

export async function splitWasm(dir, profile) {
  const glue = readdirSync(dir).find((f) => new RegExp(`^${CRATE}-[0-9a-f]+\\.js$`).test(f));
  if (!glue) throw new Error(`split-wasm: no ${CRATE}-<hash>.js in ${dir}`);
  const stem = glue.slice(0, -3);
  const target = process.env.CARGO_TARGET_DIR || join(root, "target");
  const input = join(target, "wasm32-unknown-unknown", profile === "release" ? "release" : "debug", `${CRATE}.wasm`);
  if (!existsSync(input)) throw new Error(`split-wasm: no ${input}`);

  const work = mkdtempSync(join(tmpdir(), "split-wasm-"));
  try {
    // 1. Split.
    const split = join(work, "split");
    await tool("wasm-split-cli", [input, split, "--out-name", stem]);
    // The first load carries no game (src/module.rs): checked on every
    // build, from the names wasm-opt drops later.
    const games = gameNames(join(split, `${stem}.wasm`));
    if (games.length) {
      throw new Error(`split-wasm: the main module holds ${games.length} functions of a game, e.g.\n  ${games.slice(0, 8).join("\n  ")}\n(node tools/build/shell-has-no-game.mjs lists them)`);
    }
    // 2. The main module through wasm-bindgen, as Trunk named it.
    const bg = join(work, "bindgen");
    await tool("wasm-bindgen", [
      "--target", "web", "--keep-lld-exports", "--no-typescript", "--weak-refs",
      "--out-dir", bg, "--out-name", stem, join(split, `${stem}.wasm`),
    ]);
    const main = join(bg, `${stem}_bg.wasm`);
    const chunks = readdirSync(split).filter((f) => f.endsWith(".wasm") && f !== `${stem}.wasm`);
    // 3. Optimise every module (release).
    if (profile === "release") {
      const jobs = [
        () => tool("wasm-opt", [...WASM_OPT_MAIN, main, "-o", main]),
        ...chunks.map((c) => join(split, c)).map((path) => () => tool("wasm-opt", [...WASM_OPT_CHUNK, path, "-o", path])),
      ];
      await pool(jobs, Math.max(1, availableParallelism()));
    }
    // 4. Hashed names: chunks first, then the loader that names them.
    let loader = readFileSync(join(split, "__wasm_split.js"), "utf8");
    const needs = chunkUsers(loader);
    const manifest = {};
    // 5. The pack of small chunks: each one's fetch becomes a slice of it.
    // Only those a first screen needs: every first screen fetches the whole
    // pack, so a chunk that only a game's smaller chunks use (its rules,
    // replays, play across devices) stays a file of its own, fetched with
    // them (in the pack it cost every game about 1 KB gzip).
    const splits = new Set([...needs.values()].flat());
    const smaller = (name) => [...splits].some((other) => name.startsWith(`${other}_`));
    const packed = chunks.filter((c) =>
      c.startsWith("chunk_") &&
      (needs.get(c) || []).some((name) => !smaller(name)) &&
      gzipSync(readFileSync(join(split, c)), { level: 9 }).length < PACK_BELOW);
    if (packed.length) {
      const parts = packed.map((c) => readFileSync(join(split, c)));
      const pack = Buffer.concat(parts);
      const packName = `chunk_pack-${short(pack)}.bin`;
      writeFileSync(join(dir, packName), pack);
      let offset = 0;
      packed.forEach((chunk, i) => {
        const fetchIt = `fetch(new URL(${JSON.stringify(`./${chunk}`)}, import.meta.url))`;
        if (!loader.includes(fetchIt)) throw new Error(`split-wasm: the loader does not fetch ${chunk} as expected`);
        loader = loader.replace(fetchIt, `fromPack(${offset}, ${parts[i].length})`);
        offset += parts[i].length;
        for (const game of needs.get(chunk) || []) {
          if (!(manifest[game] ||= []).includes(packName)) manifest[game].push(packName);
        }
      });
      loader = loader.replace(/^(import [^\n]*\n)/, `$1${packLoader(packName)}`);
      if (!loader.includes("function fromPack")) throw new Error("split-wasm: the loader does not start with its import");
    }
    for (const chunk of chunks.filter((c) => !packed.includes(c))) {
      const data = readFileSync(join(split, chunk));
      const named = `${chunk.slice(0, -5)}-${short(data)}.wasm`;
      const quoted = JSON.stringify(`./${chunk}`);
      if (!loader.includes(quoted)) throw new Error(`split-wasm: the loader never names ${chunk}`);
      loader = loader.replaceAll(quoted, JSON.stringify(`./${named}`));
      writeFileSync(join(dir, named), data);
      for (const game of needs.get(chunk) || []) (manifest[game] ||= []).push(named);
    }
    loader = shortLoads(loader);
    const loaderName = `__wasm_split-${short(loader)}.js`;
    writeFileSync(join(dir, loaderName), loader);
    // The glue imports the loader under the name the main module asks for;
    // only the module specifiers change, not the import object's keys.
    let js = readFileSync(join(bg, `${stem}.js`), "utf8");
    const specifier = /from\s*(["'])\.\/__wasm_split\.js\1/g;
    if (!specifier.test(js)) throw new Error("split-wasm: the glue does not import the loader");
    js = js.replace(specifier, `from "./${loaderName}"`);
    writeFileSync(join(dir, glue), js);
    copyFileSync(main, join(dir, `${stem}_bg.wasm`));
    // What each game's first screen loads, for scripts/bundle-size (kept out
    // of the build: nothing in the app reads it).
    // Each game's files in index.html, by its address (`dead_center` is
    // #/dead-center/…): public/preload.js fetches them while the app starts
    // when the page opens on a game.
    const index = join(dir, "index.html");
    // A game's own smaller chunk (<game>_remote, <game>_replay) lists only
    // the files its game does not: public/preload.js fetches both.
    const metas = Object.entries(manifest).map(([name, files]) => {
      const game = Object.keys(manifest).find((g) => name.startsWith(`${g}_`));
      const own = game ? files.filter((f) => !manifest[game].includes(f)) : files;
      return `<meta name="chunks:${name.replaceAll("_", "-")}" content="${own.join(" ")}" />`;
    });
    metas.push(`<link rel="modulepreload" href="/${loaderName}" crossorigin="anonymous" />`);
    const html = readFileSync(index, "utf8");
    if (!html.includes("</head>")) throw new Error("split-wasm: index.html has no </head>");
    writeFileSync(index, html.replace("</head>", `${metas.join("\n")}\n</head>`));
    const record = join(target, "split-wasm.json");
    writeFileSync(record, JSON.stringify({ first: [glue, `${stem}_bg.wasm`, loaderName], games: manifest }, null, 2));
    console.log(`split-wasm: ${stem}_bg.wasm + ${chunks.length - packed.length} chunks + a pack of ${packed.length} + ${loaderName}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  const profile = process.argv[3] || process.env.TRUNK_PROFILE || "release";
  await splitWasm(dir, profile);
}
