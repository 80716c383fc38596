// The page's Content-Security-Policy, applied to a release build in place
// (tools/build/gen-sw.mjs calls it before minifying and listing the files):
//
// - Trunk writes the wasm start-up as an inline module script; it is moved
//   into a file of its own (init-<hash>.js), so that the policy can forbid
//   every inline script. Any other inline script fails the build.
// - A <meta http-equiv="Content-Security-Policy"> goes first in <head>, so it
//   covers every script after it: only our own files, WebAssembly compiled
//   from them ('wasm-unsafe-eval'), our own worker and stylesheet.
//
// - The one inline script allowed: public/preload.js, put in the page after
//   minifying (inlinePreload), with its hash in the policy. As a file it was
//   fetched beside the app's own files, so the game's chunks it starts began
//   only once it arrived; inline, they start with the page.
//
// Debug builds (`trunk serve`) keep Trunk's inline scripts and its reload
// socket, and get no policy.
import { createHash } from "node:crypto";
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export function applyCsp(dir) {
  const path = join(dir, "index.html");
  let html = readFileSync(path, "utf8");
  const inline = /<script type="module">([\s\S]*?)<\/script>/;
  const match = inline.exec(html);
  if (!match) throw new Error("csp: Trunk's start-up script was not found in index.html");
  // Its imports stay first; the start itself is wrapped, so that a start
  // that throws shows public/crash.js's message, never a blank page.
  const imports = /^\s*(?:import[^;]+;\s*)*/.exec(match[1])[0];
  const start = match[1].slice(imports.length);
  const code = `${imports}try {\n${start}\n} catch (error) {\n  dispatchEvent(new Event("app-start-failed"));\n  throw error;\n}\n`;
  const name = `init-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.js`;
  writeFileSync(join(dir, name), code);
  html = html.replace(match[0], `<script type="module" src="/${name}"></script>`);
  const left = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)];
  if (left.length) throw new Error(`csp: inline script left in index.html: ${left.map((m) => m[0]).join(", ")}`);
  if (!/<meta charset="utf-8"\s*\/?>/.test(html)) throw new Error("csp: no <meta charset> to put the policy after");
  html = html.replace(/<meta charset="utf-8"\s*\/?>/, (m) => `${m}<meta http-equiv="Content-Security-Policy" content="${POLICY}">`);
  writeFileSync(path, html);
  return name;
}

/** Puts the (minified) public/preload.js into the page as an inline script
 * and allows exactly that script in the policy, by its hash. A page without
 * it (tools/measure/bare-page) is left as it is. */
export function inlinePreload(dir) {
  const path = join(dir, "index.html");
  let html = readFileSync(path, "utf8");
  const tag = /<script src="?preload\.js"?><\/script>/;
  if (!tag.test(html)) return;
  const code = readFileSync(join(dir, "preload.js"), "utf8").trim();
  if (/<\/script/i.test(code)) throw new Error("csp: preload.js cannot be inlined: it contains </script");
  const hash = createHash("sha256").update(code).digest("base64");
  const allow = "script-src 'self'";
  if (!html.includes(allow)) throw new Error("csp: the policy has no script-src to add the preload's hash to");
  html = html.replace(allow, `${allow} 'sha256-${hash}'`).replace(tag, () => `<script>${code}</script>`);
  writeFileSync(path, html);
  unlinkSync(join(dir, "preload.js"));
}
