// Never a blank or frozen page: an error before the app mounts, or a
// crash of the app itself (a WebAssembly trap), shows a message and a
// way to reload. Games are saved after every move, so nothing is lost.
(function () {
  function fail(event) {
    var why = String((event && (event.message || event.reason)) || "");
    var error = event && (event.error || event.reason);
    var trap = typeof WebAssembly === "object" && error instanceof WebAssembly.RuntimeError;
    var mounted = !!document.getElementById("app");
    // (WebKit words a trap "Unreachable code should not be executed".)
    if (mounted && !trap && !/RuntimeError|unreachable/i.test(why)) return;
    show();
  }
  function show() {
    if (document.getElementById("crash")) return;
    var boot = document.getElementById("boot");
    if (boot) boot.remove();
    var box = document.createElement("div");
    box.id = "crash";
    box.className = "crash";
    box.setAttribute("role", "alert");
    box.innerHTML =
      "<p>Something went wrong. Your games are saved up to your last move.</p>" +
      '<button type="button" class="button primary">Reload</button>';
    box.querySelector("button").addEventListener("click", function () {
      location.reload();
    });
    document.body.appendChild(box);
  }
  window.addEventListener("error", fail);
  window.addEventListener("unhandledrejection", fail);
  // The app's start threw (tools/build/csp.mjs wraps it): WebKit reports no
  // error event for a module script that fails after an await.
  window.addEventListener("app-start-failed", show);
})();
