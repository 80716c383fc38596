/* Grave Matters service worker: body. tools/gen-sw.mjs prepends
 *   const CACHE = "grave-matters-<content hash>";
 *   const PRECACHE = [ ...every file of the build, relative to this file... ];
 * and writes the result to sw.js in Trunk's staging dir. Do not edit sw.js.
 *
 * install  -> precache every file of the build (bypassing the HTTP cache)
 * activate -> delete our older caches, take control of open pages
 * fetch    -> precached files: cache first; page navigations: the cached
 *             app shell (index.html), so the app starts offline
 * update   -> a new worker waits until the page posts {type: "SKIP_WAITING"}
 *             (public/register-sw.js shows a "new version" banner for that)
 */
const CACHE_PREFIX = "grave-matters-";
const SCOPE = self.registration.scope; // ends with "/"
const SHELL = new URL("index.html", SCOPE).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: "reload" }))),
    ),
  );
  // No skipWaiting() here: an update waits for the page's SKIP_WAITING message.
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  url.hash = "";
  const href = url.href;

  if (request.mode === "navigate") {
    // Any page within our scope is the single-page app: serve the cached shell.
    const target = PRECACHED.has(href) ? href : SHELL;
    event.respondWith(fromCache(target).then((hit) => hit || fetch(request)));
    return;
  }
  if (PRECACHED.has(href)) {
    event.respondWith(fromCache(href).then((hit) => hit || fetch(request)));
  }
  // Anything else goes to the network as usual.
});

async function fromCache(href) {
  const cache = await caches.open(CACHE);
  return cache.match(href);
}
