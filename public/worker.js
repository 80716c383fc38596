// Starts one of the app's workers: a WebAssembly module built for it (the
// `workers` crate), never the page's own. The page's first message names the
// module's hashed files (src/workers.rs); the module then says "ready" and
// answers the page's requests.
self.onmessage = async (event) => {
  self.onmessage = null;
  try {
    const glue = await import(event.data.glue);
    await glue.default({ module_or_path: event.data.wasm });
  } catch (error) {
    self.postMessage("failed: " + error);
  }
};
