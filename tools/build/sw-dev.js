/* Grave Matters service worker for debug builds (`trunk serve`, `trunk build`):
 * caches nothing and intercepts nothing, so development always sees fresh
 * files. It replaces any release worker at once and deletes its caches.
 * Release builds get the precaching worker made by tools/build/gen-sw.mjs. */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("grave-matters-")) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});
