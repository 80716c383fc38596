// A page opened on a game (a deal link, a new game, its rules: #/<game>/…)
// starts fetching that game's WebAssembly chunks now, beside the app's own
// module, instead of after the app has started and asked for them. The build
// names each game's files in a <meta name="chunks:<game>">
// (tools/build/split-wasm.mjs); the chunk loader's fetch then takes the
// preloaded response. A release build puts this script in the page itself
// (tools/build/csp.mjs), so that it runs at once instead of waiting for its
// own download.
// A join page, a replay or the rules need its game's chunk of play across
// devices, of replays or of its rules too (<game>-remote, <game>-replay,
// <game>-rules).
(() => {
  const [, game, page] = /^#\/([a-z-]+)(?:\/([a-z]+))?/.exec(location.hash) || [];
  const part = { join: "remote", replay: "replay", rules: "rules" }[page];
  const files = new Set();
  for (const name of part ? [game, `${game}-${part}`] : [game]) {
    const meta = name && document.querySelector(`meta[name="chunks:${name}"]`);
    for (const file of meta ? meta.content.split(" ") : []) files.add(file);
  }
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = file;
    document.head.append(link);
  }
})();
