/* Grave Matters service worker: body. tools/build/gen-sw.mjs prepends
 *   const CACHE = "grave-matters-<content hash>";
 *   const PRECACHE = [ ...every file of the build, relative to this file... ];
 * and writes the result to sw.js in Trunk's staging dir. Do not edit sw.js.
 *
 * install  -> precache every file of the build; what the page has just
 *             downloaded comes from the HTTP cache, not the network again
 *             (see `freshness`)
 * activate -> delete our older caches, take control of open pages
 * fetch    -> precached files: cache first; page navigations: the cached
 *             app shell (index.html, kept as the scope's address), so
 *             the app starts offline
 * update   -> a new worker waits until the page posts {type: "SKIP_WAITING"}
 *             (public/register-sw.js shows a "new version" banner for that)
 */
const CACHE_PREFIX = "grave-matters-";
const SCOPE = self.registration.scope; // ends with "/"
// The shell is kept under the scope's own address, the one a first visit
// loads, so that the precache finds it in the HTTP cache (see `freshness`).
const SHELL = SCOPE;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path === "index.html" ? "./" : path, SCOPE).href));

/** A file's name with a content hash (`main-1a2b3c4d5e6f7a8b.css`): the
 * same name is always the same bytes. */
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.[a-z0-9]+$/;

/** How the precache fetches `url`. On the first install the page has just
 * downloaded its files from the network (they are sent `no-cache`, so the
 * page always revalidates), and the HTTP cache gives them again rather than
 * the network: a first visit downloads no file twice. On an update, a file
 * whose name carries its hash may come from the HTTP cache too, but any
 * other (index.html, icons, small scripts) is fetched afresh: the HTTP
 * cache may hold the previous version's. */
function freshness(url, firstInstall) {
  return firstInstall || HASHED.test(new URL(url).pathname) ? "force-cache" : "reload";
}

/** The solvers' web workers (`workers/`): a table may start one as it
 * opens, while this worker installs. */
const IN_A_WORKER = (url) => new URL(url).pathname.startsWith(new URL("workers/", SCOPE).pathname);

self.addEventListener("install", (event) => {
  const firstInstall = !self.registration.active;
  const request = (url) => new Request(url, { cache: freshness(url, firstInstall) });
  const all = [...PRECACHED];
  // The workers' files last: a table may still be fetching them (Dead
  // Center starts its solver as it opens), and once that download is done
  // the HTTP cache gives them; fetched together, they crossed the network
  // twice (1 first visit in 20, e2e/shell.spec.ts).
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(all.filter((url) => !IN_A_WORKER(url)).map(request));
      await cache.addAll(all.filter(IN_A_WORKER).map(request));
    }),
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
