// A page opened on a game (a deal link, a new game, its rules: #/<game>/…)
// starts fetching that game's WebAssembly chunks now, beside the app's own
// module, instead of after the app has started and asked for them. The build
// names each game's files in a <meta name="chunks:<game>"> (tools/split-wasm.mjs);
// the chunk loader's fetch then takes the preloaded response. A release
// build puts this script in the page itself (tools/csp.mjs), so that it runs
// at once instead of waiting for its own download.
(() => {
  const game = /^#\/([a-z-]+)/.exec(location.hash)?.[1];
  const meta = game && document.querySelector(`meta[name="chunks:${game}"]`);
  if (!meta) return;
  for (const file of meta.content.split(" ")) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = file;
    document.head.append(link);
  }
})();
