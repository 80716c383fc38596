// Starts the app's own WebAssembly inside a web worker, where it answers the
// games' requests (src/worker.rs; today the Murderers' Row solver's
// questions) instead of drawing the page. The page's first message names the hashed module files.
self.onmessage = async (event) => {
  self.onmessage = null;
  try {
    const glue = await import(event.data.glue);
    await glue.default({ module_or_path: event.data.wasm });
  } catch (error) {
    self.postMessage("failed: " + error);
  }
};
