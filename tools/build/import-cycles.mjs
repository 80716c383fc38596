#!/usr/bin/env node
// Lists the import circles between files of a Rust crate: file A imports
// file B when A names an item that B defines (through `use`, or a path such
// as `crate::ui::Dialog`, `super::State`, or an alias a `use` brought in).
// Declaring a module (`mod table;`) is not an import: a module's parent may
// declare it, and the module may use its parent's items, as long as the
// parent names nothing of the module's. Test modules (inline
// `#[cfg(test)] mod … { … }` blocks, and `#[cfg(test)] mod …;` files) are
// test code and are skipped. A module may count its private child modules
// as parts of itself (see `PARTS`).
//
// Usage: node tools/build/import-cycles.mjs src/main.rs engine/src/lib.rs
// Prints each circle and exits 1 if there is any; prints the counts and
// exits 0 otherwise.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, relative, basename } from "node:path";

/** Source text without comments, strings and char literals. */
function code(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\/\/[^\n]*/g, " ")
    .replace(/r#*"[\s\S]*?"#*/g, '""')
    .replace(/"(?:[^"\\]|\\[\s\S])*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.[^']*)'/g, "' '");
}

/** Removes inline `#[cfg(test)] mod name { … }` blocks (test code). */
function withoutTestBlocks(src) {
  let out = src;
  for (;;) {
    const m = /#\[cfg\(test\)\]\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+\w+\s*\{/.exec(out);
    if (!m) return out;
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < out.length; i++) {
      if (out[i] === "{") depth++;
      else if (out[i] === "}" && --depth === 0) break;
    }
    out = out.slice(0, m.index) + out.slice(i + 1);
  }
}

/** A module file that says its private child modules are parts of it. */
const PARTS = "// import-cycles: parts";

/** Every file of the crate rooted at `root`, with its module path; and, for
 * each file, the file it is counted as: itself, or the module it is a part
 * of. A module whose file has the line `// import-cycles: parts` (one
 * algorithm cut into files along its seams, whose parts call each other:
 * e.g. a solver's search and its levels) is one file here with its private
 * child modules (`mod x;`, not `pub mod x;`): circles are looked for
 * between it and the rest, not between its parts. */
function crateFiles(root) {
  const files = new Map(); // file -> module path (array)
  const modules = new Map(); // "a::b" -> file
  const unit = new Map(); // file -> the file it is counted as
  const visit = (file, path, countedAs) => {
    files.set(file, path);
    modules.set(path.join("::"), file);
    unit.set(file, countedAs);
    const text = readFileSync(file, "utf8");
    const hasParts = text.split("\n").some((line) => line.trim() === PARTS);
    const src = withoutTestBlocks(code(text));
    const dir = basename(file) === "mod.rs" || file === root ? dirname(file) : join(dirname(file), basename(file, ".rs"));
    for (const m of src.matchAll(/(\bpub(?:\([\w:]+\))?\s+)?\bmod\s+(\w+)\s*([;{])/g)) {
      const name = m[2];
      // A test module's file is test code, as inline test blocks are.
      if (/#\[cfg\(test\)\]\s*$/.test(src.slice(Math.max(0, m.index - 40), m.index))) continue;
      if (m[3] === "{") {
        modules.set([...path, name].join("::"), file);
        continue;
      }
      const a = join(dir, `${name}.rs`);
      const b = join(dir, name, "mod.rs");
      const child = existsSync(a) ? a : existsSync(b) ? b : null;
      if (child) visit(child, [...path, name], hasParts && !m[1] ? countedAs : child);
    }
  };
  visit(root, [], root);
  return { files, modules, unit };
}

/** The full paths a `use` tree names: `a::{b, c::{d, e}}` -> a::b, a::c::d, a::c::e. */
function expandUse(tree) {
  tree = tree.replace(/\s+/g, "");
  const brace = tree.indexOf("{");
  if (brace < 0) return [tree];
  const prefix = tree.slice(0, brace);
  const inner = tree.slice(brace + 1, tree.lastIndexOf("}"));
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "{") depth++;
    else if (inner[i] === "}") depth--;
    else if (inner[i] === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts.filter((p) => p).flatMap((p) => expandUse(prefix + p));
}

/** The file an absolute module path's item lives in: the longest module prefix. */
function resolve(modules, segments) {
  for (let n = segments.length; n >= 0; n--) {
    const file = modules.get(segments.slice(0, n).join("::"));
    if (file) return { file, isModule: n === segments.length };
  }
  return null;
}

function edgesOf(file, path, modules) {
  const src = withoutTestBlocks(code(readFileSync(file, "utf8")));
  const self = path;
  const absolute = (segments) => {
    const out = [];
    let base = null;
    for (const s of segments) {
      if (base === null) {
        if (s === "crate") base = [];
        else if (s === "self") base = [...self];
        else if (s === "super") base = self.slice(0, -1);
        else return null;
        continue;
      }
      if (s === "super" && out.length === 0) base = base.slice(0, -1);
      else out.push(s);
    }
    return base === null ? null : [...base, ...out];
  };
  const edges = new Set();
  const aliases = new Map();
  // A module the file declares is named by its own name there.
  for (const m of src.matchAll(/\bmod\s+(\w+)\s*[;{]/g)) aliases.set(m[1], [...path, m[1]]);
  const add = (segments) => {
    const target = resolve(modules, segments);
    if (target && target.file !== file && !(target.isModule && segments.length > 0)) edges.add(target.file);
    return target;
  };
  for (const m of src.matchAll(/\buse\s+([^;]+);/g)) {
    for (const leaf of expandUse(m[1])) {
      const [pathPart, alias] = leaf.split(/\bas\b/);
      const segments = pathPart.split("::").filter((s) => s);
      if (segments.at(-1) === "*") {
        const abs = absolute(segments.slice(0, -1));
        if (abs) add([...abs, "*"]);
        continue;
      }
      const abs = absolute(segments);
      if (!abs) continue;
      const name = (alias || segments.at(-1)).trim();
      const target = resolve(modules, abs);
      if (target?.isModule) aliases.set(name === "self" ? abs.at(-1) : name, abs);
      else add(abs);
    }
  }
  // Paths outside `use`: crate::…, super::…, self::…, and module aliases.
  for (const m of src.matchAll(/\b((?:crate|super|self|\w+)(?:::\w+)+)/g)) {
    const segments = m[1].split("::");
    let abs = null;
    if (["crate", "super", "self"].includes(segments[0])) abs = absolute(segments);
    else if (aliases.has(segments[0])) abs = [...aliases.get(segments[0]), ...segments.slice(1)];
    if (abs) add(abs);
  }
  // A glob import names nothing in particular: count it as naming the module.
  for (const m of src.matchAll(/\buse\s+((?:crate|super|self)(?:::\w+)*)::\*\s*;/g)) {
    const abs = absolute(m[1].split("::"));
    const target = abs && resolve(modules, abs);
    if (target && target.file !== file) edges.add(target.file);
  }
  return edges;
}

/** Strongly connected components of more than one file (Tarjan). */
function circles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) || []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error("usage: node tools/build/import-cycles.mjs <crate root .rs> ...");
  process.exit(2);
}
let found = 0;
for (const root of roots) {
  const { files, modules, unit } = crateFiles(root);
  const graph = new Map();
  for (const [file, path] of files) {
    const from = unit.get(file);
    const to = graph.get(from) || new Set();
    for (const target of edgesOf(file, path, modules)) if (unit.get(target) !== from) to.add(unit.get(target));
    graph.set(from, to);
  }
  const found_here = circles(graph);
  const edges = [...graph.values()].reduce((n, e) => n + e.size, 0);
  for (const scc of found_here) {
    console.log(`circle of ${scc.length} files from ${root}:`);
    for (const f of scc.sort()) {
      const inside = [...graph.get(f)].filter((g) => scc.includes(g)).map((g) => relative(".", g));
      console.log(`  ${relative(".", f)} -> ${inside.join(", ")}`);
    }
  }
  const parts = files.size - graph.size;
  console.log(`${root}: ${files.size} files (${parts} counted as parts of their module), ${edges} imports between them, ${found_here.length} circles`);
  found += found_here.length;
}
process.exit(found ? 1 : 0);
