import type { Page } from "@playwright/test";

/** The game chunks the page asks for (its own requests, not a service
 * worker's), in order, as they are asked. */
export function chunkRequests(page: Page): string[] {
  const chunks: string[] = [];
  page.on("request", (r) => {
    const name = new URL(r.url()).pathname.slice(1);
    if (/^(split|chunk)_.*\.(wasm|bin)$/.test(name)) chunks.push(name);
  });
  return chunks;
}
