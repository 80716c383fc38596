#!/usr/bin/env node
// Minifies a release build in place: the JavaScript (wasm-bindgen's glue and
// the scripts copied from public/) with terser, the CSS with lightningcss and
// index.html with html-minifier-terser (its inline script with terser too).
//
// Why not Trunk's own `minify`: Trunk 0.21.14 minifies the glue with the
// minify-js crate (0.5.6, parser parse-js 0.17.0, pinned by Trunk's
// Cargo.lock), whose export-list parser takes `default as x` but not
// `x as default`: after `as` it requires an identifier, and `default` is a
// keyword. wasm-bindgen's glue ends with
// `export { initSync, __wbg_init as default };`, so the parse failed
// ("RequiredTokenNotFound(Identifier) [token=Some(KeywordDefault)]"), every
// release build warned "Failed to minify JS" and Trunk shipped the glue as
// it was. Trunk minifies the glue whenever `minify` is on (the Rust asset has
// no `data-no-minify`, unlike CSS and copied JS), and no hook runs between
// wasm-bindgen and that step, so Trunk.toml turns Trunk's minifying off and
// this does all of it, the HTML and CSS included.
//
// tools/build/gen-sw.mjs calls it for release builds before it lists and
// hashes the files, so the service worker precaches them as served, and
// minifies the worker it writes too. Debug builds stay readable.
//
// By hand: node tools/build/minify.mjs <dir>
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { minify as minifyHtml } from "html-minifier-terser";
import { transform as transformCss } from "lightningcss";
import { minify } from "terser";

// Files loaded as classic scripts, whose top-level names must stay; every
// other .js is an ES module (the glue, the worker).
const CLASSIC = new Set(["register-sw.js", "crash.js"]);

const TERSER = { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } };

export async function minifyFile(path, { module }) {
  const source = readFileSync(path, "utf8");
  const result = await minify(source, { ...TERSER, module });
  writeFileSync(path, result.code);
  return [Buffer.byteLength(source), Buffer.byteLength(result.code)];
}

function minifyCssFile(path) {
  const source = readFileSync(path);
  const { code } = transformCss({ filename: path, code: source, minify: true });
  writeFileSync(path, code);
  return [source.length, code.length];
}

async function minifyHtmlFile(path) {
  const source = readFileSync(path, "utf8");
  const code = await minifyHtml(source, {
    collapseWhitespace: true,
    removeComments: true,
    removeRedundantAttributes: true,
    minifyCSS: true,
    minifyJS: { ...TERSER, module: false },
  });
  writeFileSync(path, code);
  return [Buffer.byteLength(source), Buffer.byteLength(code)];
}

/** Minifies every script, stylesheet and page at the top of `dir` except
 * the service worker (written, and minified, afterwards). */
export async function minifyBuild(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    let sizes;
    if (name.endsWith(".js") && name !== "sw.js") {
      sizes = await minifyFile(path, { module: !CLASSIC.has(name) });
    } else if (name.endsWith(".css")) {
      sizes = minifyCssFile(path);
    } else if (name.endsWith(".html")) {
      sizes = await minifyHtmlFile(path);
    } else {
      continue;
    }
    console.log(`minify: ${name} ${sizes[0]} -> ${sizes[1]} bytes`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) {
    console.error("usage: node tools/build/minify.mjs <dir>");
    process.exit(2);
  }
  await minifyBuild(process.argv[2]);
}
