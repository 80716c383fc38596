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
//      a first screen needs are put in a few files, chunk_pack<n>-<hash>.bin,
//      grouped by the first screens that need them (`groupPacks`), that the
//      loader fetches once each and cuts into modules: a game's first screen
//      asks for about half as many files (each request costs a round trip on
//      a slow phone, and HTTP/1.1 makes six at a time), for about the same
//      bytes. Each game's stylesheet (style/games/<game>.css) is named
//      split_<game>-<hash>.css and loaded with the game's module
//      (`gameStyles`).
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
  const one = /makeLoad\(\(\) => \{\s*const src = (fetch\(new URL\("[^"]+", import\.meta\.url\)\)|fromPack\(\d+, \d+, \d+\));\s*src\.catch\(\(\) => \{\}\);\s*return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\s*\}\s*,/g;
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

/** The loader's part that fetches each pack once (again after a failure)
 * and hands each chunk its slice as a wasm response. */
function packLoader(packNames) {
  return `
const packs = ${JSON.stringify(packNames)}.map((name) => ({ name, bytes: undefined }));
function fromPack(index, offset, length) {
    const pack = packs[index];
    if (pack.bytes === undefined) {
        const load = fetch(new URL(\`./\${pack.name}\`, import.meta.url)).then((response) => {
            if (!response.ok) throw new Error(\`\${pack.name}: HTTP \${response.status}\`);
            return response.arrayBuffer();
        });
        load.catch(() => {
            if (pack.bytes === load) pack.bytes = undefined;
        });
        pack.bytes = load;
    }
    return pack.bytes.then((bytes) =>
        new Response(new Uint8Array(bytes, offset, length), { headers: { "Content-Type": "application/wasm" } }));
}
`;
}

/** The loader's part that adds a game's stylesheet to the page, once (again
 * after a failure), as a dependency of the game's module: the game's
 * screens are drawn only once their styles apply. */
const STYLE_LOADER = `
function loadStyle(name) {
    let loading;
    return () => {
        loading ||= new Promise((resolve, reject) => {
            const link = document.createElement("link");
            link.rel = "stylesheet";
            link.href = new URL(\`./\${name}\`, import.meta.url);
            link.onload = () => resolve();
            link.onerror = () => {
                link.remove();
                loading = undefined;
                reject(new Error(\`\${name}: not loaded\`));
            };
            document.head.append(link);
        });
        return loading;
    };
}
`;

/** Each game's own stylesheet (style/games/<game>.css, which Trunk copies
 * to games/): named split_<game>-<hash>.css, listed with the game's files
 * (so public/preload.js fetches it with them, and scripts/bundle-size
 * counts it in the game's opening, not in the first load), and loaded with
 * the game's module (`loadStyle`). Returns the loader. */
function gameStyles(dir, loader, manifest) {
  const styles = join(dir, "games");
  if (!existsSync(styles)) return loader;
  for (const file of readdirSync(styles).filter((f) => f.endsWith(".css"))) {
    const game = file.slice(0, -4);
    const data = readFileSync(join(styles, file));
    const named = `split_${game}-${short(data)}.css`;
    writeFileSync(join(dir, named), data);
    const load = new RegExp(`loadModule\\(\\(\\) => fetch\\(new URL\\("\\./split_${game}-[0-9a-f]+\\.wasm", import\\.meta\\.url\\)\\),\\s*\\[`);
    if (!load.test(loader)) throw new Error(`split-wasm: no module split_${game} for the stylesheet ${file}`);
    loader = loader.replace(load, (start) => `${start}loadStyle(${JSON.stringify(named)}), `);
    (manifest[game] ||= []).push(named);
  }
  rmSync(styles, { recursive: true, force: true });
  return loader.replace(/^(import [^\n]*\n)/, `$1${STYLE_LOADER}`);
}

/** What a request costs on a slow phone, in bytes of gzip: a pack must
 * save a first screen more than this to be worth a file of its own. */
const REQUEST_BYTES = 2000;

/** The packs: groups of the small chunks (`items`: { chunk, gzip, screens },
 * `screens` being the first screens that need it). A first screen fetches
 * every pack that holds a chunk it needs, whole: with one pack for all,
 * Settings needed a sixth of what it fetched, a game about half. Chunks
 * needed by the same first screens start as one group; the two groups whose
 * merging lowers the cost most are merged, while one does. The cost of a
 * group is, for each first screen that fetches it, its bytes (half the sum
 * of its chunks' gzip sizes: about what they take in a pack) plus
 * REQUEST_BYTES. (A game's smaller chunk fetches the packs its game has
 * not: counted too, they made two packs, each game fetching more.) */
export function groupPacks(items) {
  const bySet = new Map();
  for (const item of items) {
    const key = [...item.screens].sort().join(" ");
    if (!bySet.has(key)) bySet.set(key, { screens: new Set(item.screens), gzip: 0, items: [] });
    const group = bySet.get(key);
    group.gzip += item.gzip;
    group.items.push(item);
  }
  const cost = (group) => group.screens.size * (group.gzip / 2 + REQUEST_BYTES);
  const merge = (a, b) => ({
    screens: new Set([...a.screens, ...b.screens]),
    gzip: a.gzip + b.gzip,
    items: [...a.items, ...b.items],
  });
  let groups = [...bySet.values()];
  for (;;) {
    let best = null;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const saved = cost(groups[i]) + cost(groups[j]) - cost(merge(groups[i], groups[j]));
        if (saved > 0 && (!best || saved > best.saved)) best = { saved, i, j };
      }
    }
    if (!best) break;
    const merged = merge(groups[best.i], groups[best.j]);
    groups = groups.filter((_, k) => k !== best.i && k !== best.j).concat([merged]);
  }
  // Largest first.
  return groups.sort((a, b) => b.gzip - a.gzip).map((g) => g.items.map((item) => item.chunk).sort());
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
    const gzipOf = new Map(packed.map((c) => [c, gzipSync(readFileSync(join(split, c)), { level: 9 }).length]));
    const packs = groupPacks(packed.map((c) => ({
      chunk: c,
      gzip: gzipOf.get(c),
      screens: (needs.get(c) || []).filter((name) => !smaller(name)),
    })));
    const packNames = [];
    packs.forEach((group, index) => {
      const parts = group.map((c) => readFileSync(join(split, c)));
      const pack = Buffer.concat(parts);
      const packName = `chunk_pack${index}-${short(pack)}.bin`;
      packNames.push(packName);
      writeFileSync(join(dir, packName), pack);
      let offset = 0;
      group.forEach((chunk, i) => {
        const fetchIt = `fetch(new URL(${JSON.stringify(`./${chunk}`)}, import.meta.url))`;
        if (!loader.includes(fetchIt)) throw new Error(`split-wasm: the loader does not fetch ${chunk} as expected`);
        loader = loader.replace(fetchIt, `fromPack(${index}, ${offset}, ${parts[i].length})`);
        offset += parts[i].length;
        for (const game of needs.get(chunk) || []) {
          if (!(manifest[game] ||= []).includes(packName)) manifest[game].push(packName);
        }
      });
    });
    if (packNames.length) {
      loader = loader.replace(/^(import [^\n]*\n)/, `$1${packLoader(packNames)}`);
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
    loader = gameStyles(dir, loader, manifest);
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
    // Each packed chunk's users and gzip size: what a first screen fetches
    // in the packs that it does not need.
    const pack = packed.map((c) => ({
      chunk: c,
      gzip: gzipOf.get(c),
      users: needs.get(c) || [],
      pack: packs.findIndex((group) => group.includes(c)),
    }));
    writeFileSync(record, JSON.stringify({ first: [glue, `${stem}_bg.wasm`, loaderName], games: manifest, pack }, null, 2));
    console.log(`split-wasm: ${stem}_bg.wasm + ${chunks.length - packed.length} chunks + ${packs.length} packs of ${packed.length} + ${loaderName}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
  const profile = process.argv[3] || process.env.TRUNK_PROFILE || "release";
  await splitWasm(dir, profile);
}
