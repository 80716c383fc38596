#!/usr/bin/env node
// The app's main module (the first load) must carry no game: no game's
// engine (its state, actions, events and their serde code) and none of the
// app's records of a game (its saved game, statistics, preferences). They
// load with the game's own chunk (src/module.rs). This reads the function
// names of the main module as wasm-split-cli cut it (before wasm-opt drops
// the names) and lists those that belong to a game.
//
// Run by tools/build/split-wasm.mjs on every build, which fails if any is
// found; by hand: node tools/build/shell-has-no-game.mjs <main module.wasm>
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const GAMES = ["dead_center", "murderers_row", "serial_killer", "joker", "detective_graves"];
// A function of a game's engine, or of the app's game, records, statistics
// or words of it, or a trait's function for one of their types: the name
// starts with the game's path. A generic function merely instantiated for
// a game's type (`drop_in_place<…Variant>`) is left out: the linker folds
// identical functions into one, which keeps the name of any one of the
// types that share it, and a game's own code would come with it anyway.
const BELONGS_TO_A_GAME = new RegExp(
  `^<?(engine::(${GAMES.join("|")})::|grave_matters::games::(${GAMES.join("|")})::(game|records|stats|words)::)`,
);

/** Unsigned LEB128 at `at`: [value, next offset]. */
export function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** Each section of a module: `visit(id, start, end)`, in order. */
export function sections(bytes, visit) {
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    visit(id, at, at + size);
    at += size;
  }
}

/** The function names of a module's "name" section, by function index
 * (empty without one). */
export function functionNameMap(bytes) {
  const names = new Map();
  const text = new TextDecoder();
  sections(bytes, (id, at, end) => {
    if (id !== 0) return;
    let len;
    let p;
    [len, p] = leb(bytes, at);
    const name = text.decode(bytes.subarray(p, p + len));
    p += len;
    while (name === "name" && p < end) {
      const sub = bytes[p++];
      let subSize;
      [subSize, p] = leb(bytes, p);
      const subEnd = p + subSize;
      if (sub === 1) {
        let count;
        [count, p] = leb(bytes, p);
        for (let i = 0; i < count; i++) {
          let index;
          let nameLen;
          [index, p] = leb(bytes, p);
          [nameLen, p] = leb(bytes, p);
          names.set(index, text.decode(bytes.subarray(p, p + nameLen)));
          p += nameLen;
        }
      }
      p = subEnd;
    }
  });
  return names;
}

/** The function names of a module's "name" section (empty without one). */
export function functionNames(bytes) {
  return [...functionNameMap(bytes).values()];
}

/** A Rust symbol (legacy mangling, as rustc writes them here) as a path:
 * `_ZN6engine4joker5State5apply17h…E` → `engine::joker::State::apply`,
 * with the generic arguments' `$LT$`, `..` and the like read too. */
export function demangle(symbol) {
  const m = /^_ZN(.*)E$/.exec(symbol);
  if (!m) return symbol;
  const parts = [];
  let rest = m[1];
  while (rest.length) {
    const n = /^(\d+)/.exec(rest);
    if (!n) break;
    const len = Number(n[1]);
    parts.push(rest.slice(n[1].length, n[1].length + len));
    rest = rest.slice(n[1].length + len);
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1) || "")) parts.pop();
  const codes = { LT: "<", GT: ">", RF: "&", BP: "*", C: ",", SP: "@", u20: " ", u27: "'", u5b: "[", u5d: "]", u7b: "{", u7d: "}", u3b: ";" };
  return parts
    .join("::")
    .replaceAll("..", "::")
    .replace(/\$(\w+?)\$/g, (all, code) => codes[code] ?? all);
}

/** The names (demangled) in the module at `path` that belong to a game. */
export function gameNames(path) {
  return functionNames(readFileSync(path))
    .map(demangle)
    .filter((name) => BELONGS_TO_A_GAME.test(name));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const path = process.argv[2];
  if (!path) {
    console.error("usage: node tools/build/shell-has-no-game.mjs <main module.wasm>");
    process.exit(2);
  }
  const all = functionNames(readFileSync(path)).map(demangle);
  const found = all.filter((name) => BELONGS_TO_A_GAME.test(name));
  if (all.length === 0) {
    console.error(`${path} has no function names: run it on wasm-split-cli's output`);
    process.exit(2);
  }
  for (const name of found) console.log(name);
  console.log(`${found.length} of ${all.length} functions belong to a game`);
  process.exit(found.length ? 1 : 0);
}
