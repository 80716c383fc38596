// The release build is served compressed: brotli or gzip copies written by
// tools/build/compress.mjs, chosen by the request's Accept-Encoding, with the
// original's Content-Type, and Vary so that caches keep them apart.
import { expect, test } from "./helpers/test";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startServer } from "./static-server.mjs";
import { skipTours } from "./helpers/tours";

test.beforeEach(async ({ page }) => skipTours(page));

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
// The main module (the games' chunks are .wasm files too, loaded later).
const wasm = readdirSync(dist).find((f) => /^grave-matters-.*_bg\.wasm$/.test(f))!;
const glue = readdirSync(dist).find((f) => /^grave-matters-.*\.js$/.test(f))!;

/** A GET (or HEAD) with exactly this Accept-Encoding (none if undefined),
 * the body as sent (not decompressed). */
function get(url: string, acceptEncoding: string | undefined, method = "GET") {
  const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
  return new Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

const files: [string, string][] = [
  [wasm, "application/wasm"],
  [glue, "text/javascript; charset=utf-8"],
  ["index.html", "text/html; charset=utf-8"],
];

for (const [file, type] of files) {
  test(`${file} is sent as brotli, gzip or as it is, as the request accepts`, async ({ baseURL }) => {
    const raw = readFileSync(join(dist, file));
    const cases: [string | undefined, string | undefined, (b: Buffer) => Buffer][] = [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
      ["identity", undefined, (b) => b],
      [undefined, undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const what = accept ?? "no Accept-Encoding";
      const url = new URL(file, baseURL).href;
      const { headers, body } = await get(url, accept);
      expect(headers["content-encoding"], what).toBe(encoding);
      expect(headers["content-type"], what).toBe(type);
      expect(headers["vary"], what).toBe("Accept-Encoding");
      expect(Number(headers["content-length"]), what).toBe(body.length);
      expect(decode(body).equals(raw), what).toBe(true);
      if (encoding) expect(body.length, what).toBeLessThan(raw.length * 0.6);
      // HEAD: the same headers (the length of what a GET sends), no body.
      const head = await get(url, accept, "HEAD");
      expect(head.status, `HEAD ${what}`).toBe(200);
      expect(head.body.length, `HEAD ${what}`).toBe(0);
      for (const name of ["content-encoding", "content-type", "vary", "content-length"]) {
        expect(head.headers[name], `HEAD ${what}: ${name}`).toBe(headers[name]);
      }
    }
  });
}

test("the browser gets the app compressed, and it runs", async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on("response", (r) => encodings.set(new URL(r.url()).pathname.slice(1), r.headers()["content-encoding"]));
  await page.goto("./");
  await expect(page.getByRole("heading", { name: "Grave Matters" })).toBeVisible();
  expect(encodings.get(wasm)).toBe("br");
  expect(encodings.get(glue)).toBe("br");
});

test("a file changed after the build is sent itself, not its older copies", async ({}, testInfo) => {
  const root = testInfo.outputPath("site");
  cpSync(dist, root, { recursive: true });
  const server = await startServer({ root, port: 0 });
  try {
    const changed = "// changed after the build\n" + readFileSync(join(root, "worker.js"), "utf8");
    writeFileSync(join(root, "worker.js"), changed);
    const { headers, body } = await get(new URL("worker.js", server.url).href, "br, gzip");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe(changed);
  } finally {
    await server.close();
  }
});

test("the compressed copies are never precached, nor sent as the file itself", async ({ baseURL }) => {
  const sw = readFileSync(join(dist, "sw.js"), "utf8");
  expect(sw).toContain(JSON.stringify(wasm));
  expect(sw).not.toMatch(/\.(gz|br)"/);
  // Asked for by name, a copy is what it is: gzip or brotli data, not wasm.
  for (const [suffix, type] of [[".gz", "application/gzip"], [".br", "application/x-brotli"]]) {
    const { headers } = await get(new URL(wasm + suffix, baseURL).href, "br, gzip", "HEAD");
    expect(headers["content-type"]).toBe(type);
    expect(headers["content-encoding"]).toBeUndefined();
  }
});

test("the server binds loopback only", async () => {
  await expect(startServer({ root: dist, port: 0, host: "0.0.0.0" })).rejects.toThrow(/loopback/);
});
