#!/usr/bin/env node
// Writes a gzip (`X.gz`, level 9) and a brotli (`X.br`, quality 11) copy
// beside every compressible file of a release build, so that a server can
// send the smaller one the browser accepts (e2e/static-server.mjs does,
// choosing by Accept-Encoding). The copies are written last, after sw.js, so
// the service worker never lists them: it caches the files, and the browser
// decompresses what the server sent.
//
// By hand: node tools/build/compress.mjs <dir>
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const COMPRESSIBLE = /\.(html|js|mjs|wasm|css|json|webmanifest|svg|txt|wav|bin)$/;

export function compressBuild(dir) {
  let files = 0;
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) {
        const raw = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        files++;
      }
    }
  };
  visit(dir);
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv[2]) {
    console.error("usage: node tools/build/compress.mjs <dir>");
    process.exit(2);
  }
  console.log(`compress: ${compressBuild(process.argv[2])} files`);
}
