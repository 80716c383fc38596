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
// <game>-rules). The new-game screens of the games listed in NEW_GAME
// (those whose `GameModule::new_game` gives one, src/games/*/mod.rs) are
// the chunk `new-game`, with none of their games' code: that alone is
// fetched, and the app fetches the game's once the screen is drawn.
(() => {
  const NEW_GAME = ["serial-killer", "joker", "detective-graves"];
  const [, game, page] = /^#\/([a-z-]+)(?:\/([a-z]+))?/.exec(location.hash) || [];
  const part = { join: "remote", replay: "replay", rules: "rules" }[page];
  const apart = page === "new" && NEW_GAME.includes(game);
  const files = new Set();
  for (const name of apart ? ["new-game"] : part ? [game, `${game}-${part}`] : [game]) {
    const meta = name && document.querySelector(`meta[name="chunks:${name}"]`);
    for (const file of meta ? meta.content.split(" ") : []) files.add(file);
  }
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "preload";
    // A game's stylesheet is fetched as one (not for a script), so that the
    // stylesheet the loader adds takes this response.
    if (file.endsWith(".css")) {
      link.as = "style";
    } else {
      link.as = "fetch";
      link.crossOrigin = "anonymous";
    }
    link.href = file;
    document.head.append(link);
  }
})();
