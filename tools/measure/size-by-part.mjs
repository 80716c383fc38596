#!/usr/bin/env node
// What opening each game loads, by part: Leptos' view and reactive code,
// serde, the rule engine, the game's own screens, the app's shared layers,
// Rust's core library and so on, in KB gzip, split into what the game alone
// loads and what it shares with other games (paid once per session).
//
//   node tools/measure/size-by-part.mjs        (after a release build: dist/ and
//                                       target/split-wasm.json)
//   DIST=<dir> (another build), GAMES=joker,… (some games), TOP=<n> (also
//   the n largest functions of each game, by name)
//
// How: the build's wasm-split step drops the function names, so this splits
// the linked module again with wasm-split-cli (the same input gives the same
// chunks) and reads each chunk's name section. A chunk's gzip size (of the
// optimised file in the build) is shared among its functions in proportion
// to their size before wasm-opt; each pack of small chunks likewise, among
// its chunks' functions. The parts are therefore estimates, within a
// few percent; the totals are the build's (`scripts/bundle-size`).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { demangle, functionNameMap, leb, sections } from "../build/shell-has-no-game.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = process.env.DIST || join(root, "dist");
const target = process.env.CARGO_TARGET_DIR || join(root, "target");
const record = JSON.parse(readFileSync(join(target, "split-wasm.json"), "utf8"));
const linked = join(target, "wasm32-unknown-unknown", "release", "grave-matters.wasm");
const top = Number(process.env.TOP || 0);
if (!existsSync(linked)) {
  console.error(`size-by-part: no ${linked}: run a release build first`);
  process.exit(2);
}

/** Each defined function of a module: [body bytes, demangled name]. */
function functions(path) {
  const bytes = readFileSync(path);
  const imported = WebAssembly.Module.imports(new WebAssembly.Module(bytes)).filter((i) => i.kind === "function").length;
  const sizes = [];
  sections(bytes, (id, at) => {
    if (id !== 10) return;
    let p;
    let count;
    [count, p] = leb(bytes, at);
    for (let i = 0; i < count; i++) {
      let length;
      [length, p] = leb(bytes, p);
      sizes.push(length);
      p += length;
    }
  });
  const names = functionNameMap(bytes);
  return sizes.map((size, i) => [size, demangle(names.get(imported + i) || "")]);
}

/** A v0-mangled symbol (`_R…`, which rustc uses for some of the standard
 * library's functions here) as a rough path: its identifiers joined by
 * `::`, from the first crate name on. Enough to tell the crate. */
function roughV0(symbol) {
  const at = symbol.search(/C[sh]?[0-9A-Za-z]*_\d/);
  if (!symbol.startsWith("_R") || at < 0) return symbol;
  const idents = [];
  // Without the crates' disambiguators (`Cs<hash>_`), whose digits would
  // read as lengths.
  const text = symbol.slice(at).replace(/C[sh]?[0-9A-Za-z]*_(?=\d)/g, "");
  const re = /(\d+)([A-Za-z_])/g;
  let m;
  while ((m = re.exec(text))) {
    const length = Number(m[1]);
    idents.push(text.substr(m.index + m[1].length, length));
    re.lastIndex = m.index + m[1].length + length;
  }
  return idents.join("::");
}

/** The part a function belongs to, from its path (trait impls by trait). */
function partOf(name, game) {
  const n = roughV0(name).replace(/^_/, "");
  if (!n) return "unnamed (the splitter's shims)";
  if (/serde/.test(n)) return "serde (saves, records, messages)";
  if (/tachys|leptos|reactive_graph|either_of|any_spawner/.test(n)) return "Leptos (views, reactivity)";
  if (/miniz_oxide|base64/.test(n)) return "DEFLATE and base64 (replay links)";
  if (/^<?(web_sys|js_sys|wasm_bindgen)/.test(n)) return "web bindings";
  if (/^<?(core|alloc|std|hashbrown|dlmalloc)::/.test(n) || /^<.* as (core|alloc)::/.test(n)) return "Rust core and alloc";
  if (/^<?engine::/.test(n)) return "rule engine";
  if (new RegExp(`^<?grave_matters::games::${game}::`).test(n)) return "the game's screens";
  if (/^<?grave_matters::games::/.test(n)) return "other games' screens";
  if (/^<?grave_matters::/.test(n)) return "app's shared layers";
  return "other crates";
}

const scratch = mkdtempSync(join(tmpdir(), "size-by-part-"));
try {
  execFileSync("wasm-split-cli", [linked, scratch, "--out-name", "main"], { stdio: "inherit" });
  const splitFiles = new Set(readdirSync(scratch));
  const distFiles = readdirSync(dist);
  // As scripts/bundle-size counts: gzip -9.
  const gzip = (file) => execFileSync("gzip", ["-9", "-c", join(dist, file)], { maxBuffer: 1 << 28 }).length;
  // The split's file behind a build file: chunk_17-<hash>.wasm ← chunk_17.wasm.
  const splitName = (file) => file.replace(/-[0-9a-f]+\.wasm$/, ".wasm");
  const standalone = new Set(distFiles.filter((f) => f.endsWith(".wasm")).map(splitName));
  const packed = [...splitFiles].filter((f) => f.startsWith("chunk_") && !standalone.has(f));
  // The chunks in the pack `file` (chunk_pack<n>-<hash>.bin), as the build
  // recorded them; every packed chunk, from a build that did not.
  const packedIn = (file) => {
    const index = Number(/^chunk_pack(\d*)-/.exec(file)[1] || 0);
    const listed = (record.pack || []).filter((p) => p.pack === index).map((p) => p.chunk);
    return listed.length ? listed : packed;
  };
  const games = process.env.GAMES
    ? process.env.GAMES.split(",")
    : Object.keys(record.games).filter((g) => !Object.keys(record.games).some((p) => g.startsWith(p + "_"))).sort();
  const usedBy = new Map();
  for (const game of games) for (const file of record.games[game]) usedBy.set(file, (usedBy.get(file) || 0) + 1);

  const table = {};
  for (const game of games) {
    const parts = {};
    const largest = [];
    let total = 0;
    for (const file of record.games[game]) {
      const gz = gzip(file);
      total += gz;
      const sources = file.startsWith("chunk_pack") ? packedIn(file) : [splitName(file)];
      const fns = sources.flatMap((s) => (splitFiles.has(s) ? functions(join(scratch, s)) : []));
      const bytes = fns.reduce((sum, [size]) => sum + size, 0) || 1;
      const side = usedBy.get(file) > 1 ? "shared" : "own";
      for (const [size, name] of fns) {
        const part = partOf(name, game);
        parts[part] ||= { own: 0, shared: 0 };
        parts[part][side] += (gz * size) / bytes;
        if (top) largest.push([(gz * size) / bytes, roughV0(name)]);
      }
    }
    table[game] = { parts, total };
    if (top) {
      console.log(`\n${game}: the ${top} largest functions (KB gzip, estimated)`);
      for (const [kb, name] of largest.sort((a, b) => b[0] - a[0]).slice(0, top)) {
        console.log(`  ${(kb / 1000).toFixed(2).padStart(6)}  ${name.slice(0, 150)}`);
      }
    }
  }

  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const names = [...new Set(games.flatMap((g) => Object.keys(table[g].parts)))];
  const sum = (part) => games.reduce((s, g) => s + (table[g].parts[part]?.own || 0) + (table[g].parts[part]?.shared || 0), 0);
  console.log(`\nKB gzip that opening a game adds, by part: all (the game's own + shared with other games)\n`);
  console.log(`| part | ${games.join(" | ")} |`);
  console.log(`|---|${games.map(() => "---:").join("|")}|`);
  for (const part of names.sort((a, b) => sum(b) - sum(a))) {
    const cells = games.map((g) => {
      const p = table[g].parts[part] || { own: 0, shared: 0 };
      return `${kb(p.own + p.shared)} (${kb(p.own)} + ${kb(p.shared)})`;
    });
    console.log(`| ${part} | ${cells.join(" | ")} |`);
  }
  console.log(`| **total** | ${games.map((g) => `**${kb(table[g].total)}**`).join(" | ")} |`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
