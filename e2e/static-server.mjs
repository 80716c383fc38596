#!/usr/bin/env node
// A tiny static file server for the release build (dist/), used by the
// Playwright tests and scripts/serve. Loopback only: any other host is
// refused. A file with a brotli or gzip copy beside it (`X.br`, `X.gz`,
// written by tools/build/compress.mjs) is sent compressed when the browser
// accepts it: brotli first, then gzip.
//
//   node e2e/static-server.mjs [root=dist] [port=8080] [host=127.0.0.1]
//
//   import { startServer } from "./static-server.mjs";
//   const server = await startServer({ root: "dist", port: 0 }); // 0 = random port
//   server.url; await server.close();
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".wav": "audio/wav",
  ".ico": "image/x-icon",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".gz": "application/gzip",
  ".br": "application/x-brotli",
};

/** The encodings a request's Accept-Encoding allows (a q of 0 refuses). */
export function acceptedEncodings(header = "") {
  const accepted = new Set();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** The copy of `file` to send for `header`: [path, stat, encoding or null]. */
function chooseEncoding(file, st, header) {
  const accepted = acceptedEncodings(header);
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (!accepted.has(encoding) && !accepted.has("*")) continue;
    // A copy older than its file is stale (the file was changed after the
    // build): the file itself is sent then.
    const copy = fileAt(file + suffix);
    if (copy && copy.mtimeMs >= st.mtimeMs) return [file + suffix, copy, encoding];
  }
  return [file, st, null];
}

function fileAt(path) {
  try {
    const st = statSync(path);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

/** Whether `host` is a loopback address: the only kind this server binds. */
export function isLoopback(host) {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Starts serving `root`; resolves to { url, port, server, close() }. */
// `onSent(path)` is told of every file sent in full (a test counts them).
export function startServer({ root = "dist", port = 0, host = "127.0.0.1", quiet = true, onSent = () => {} } = {}) {
  if (!isLoopback(host)) {
    return Promise.reject(new Error(`static-server: ${host} is not a loopback address`));
  }
  const base = resolve(root);
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      res.writeHead(400).end("bad request");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let file = join(base, pathname);
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end("forbidden");
      return;
    }
    if (pathname.endsWith("/")) file = join(file, "index.html");
    let st = fileAt(file);
    // Single-page app: an unknown extensionless path gets index.html.
    if (!st && !extname(pathname)) {
      file = join(base, "index.html");
      st = fileAt(file);
    }
    if (!st) {
      if (!quiet) console.log(`404 ${req.method} ${req.url}`);
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    const [body, bodyStat, encoding] = chooseEncoding(file, st, req.headers["accept-encoding"]);
    const headers = {
      "Content-Type": MIME[extname(file).toLowerCase()] || "application/octet-stream",
      "Content-Length": bodyStat.size,
      // Always revalidate: the service worker is the offline cache.
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    };
    // Any file that has compressed copies depends on the request's encodings.
    if (encoding || fileAt(file + ".gz") || fileAt(file + ".br")) headers["Vary"] = "Accept-Encoding";
    if (encoding) headers["Content-Encoding"] = encoding;
    res.writeHead(200, headers);
    if (req.method !== "HEAD") onSent(pathname);
    if (req.method === "HEAD") res.end();
    // A file removed after its stat (a rebuild): drop the connection, as the
    // status line is already sent; never let the error stop the server.
    else createReadStream(body).on("error", () => res.destroy()).pipe(res);
    if (!quiet) console.log(`200 ${req.method} ${req.url}`);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolvePromise({
        url: `http://${host}:${actual}/`,
        port: actual,
        server,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections(); // drop keep-alive sockets too
          }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = "dist", port = "8080", host = "127.0.0.1"] = process.argv.slice(2);
  if (!fileAt(join(root, "index.html"))) {
    console.error(`static-server: ${root}/index.html not found; build first (trunk build --release)`);
    process.exit(1);
  }
  if (!isLoopback(host)) {
    console.error(`static-server: ${host} is not a loopback address; this server is for this machine only`);
    process.exit(2);
  }
  const srv = await startServer({ root, port: Number(port), host, quiet: !process.env.VERBOSE });
  console.log(`Serving ${resolve(root)} at ${srv.url}`);
  const stop = () => srv.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
