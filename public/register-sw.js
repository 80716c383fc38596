/* Registers the service worker (sw.js, generated at build time by
 * tools/gen-sw.mjs) and, when a new version has been downloaded and is
 * waiting, shows a small banner "A new version is ready. [Reload]".
 * Reload tells the waiting worker to take over (SKIP_WAITING); the page then
 * reloads once on controllerchange. Games are saved in localStorage after
 * every action, so the reload loses nothing. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var sw = navigator.serviceWorker;
  // Reload on a controller change only if a worker already ran this page
  // (an update), never on the very first install.
  var hadController = !!sw.controller;
  var reloading = false;

  sw.addEventListener("controllerchange", function () {
    if (!hadController) {
      hadController = true; // first install claimed the page: keep running
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  function showBanner(worker) {
    if (document.getElementById("sw-update-banner")) return;
    var banner = document.createElement("div");
    banner.id = "sw-update-banner";
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "polite");
    banner.style.cssText =
      "position:fixed;left:0;right:0;margin:0 auto;width:max-content;" +
      "bottom:calc(12px + env(safe-area-inset-bottom, 0px));z-index:2147483647;" +
      "display:flex;align-items:center;gap:12px;max-width:calc(100vw - 24px);" +
      "box-sizing:border-box;padding:8px 8px 8px 16px;border-radius:12px;" +
      "background:#0f1913;color:#f3eee2;border:1px solid #b3312c;" +
      "box-shadow:0 4px 16px rgba(0,0,0,.45);font:15px/1.3 system-ui,sans-serif;";
    var text = document.createElement("span");
    text.textContent = "A new version is ready.";
    var button = document.createElement("button");
    button.id = "sw-update-reload";
    button.type = "button";
    button.textContent = "Reload";
    button.style.cssText =
      "flex:none;min-height:44px;min-width:44px;padding:0 18px;border:0;border-radius:8px;" +
      "background:#b3312c;color:#fff;font:inherit;font-weight:600;cursor:pointer;";
    button.addEventListener("click", function () {
      button.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    banner.appendChild(text);
    banner.appendChild(button);
    document.body.appendChild(banner);
  }

  function watch(reg) {
    if (reg.waiting && sw.controller) showBanner(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && sw.controller) showBanner(worker);
      });
    });
    // Look for a new version when the app comes back to the foreground.
    var lastCheck = Date.now();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && Date.now() - lastCheck > 60 * 60 * 1000) {
        lastCheck = Date.now();
        reg.update().catch(function () {});
      }
    });
  }

  function register() {
    sw.register("./sw.js").then(watch, function (err) {
      console.warn("Service worker registration failed:", err);
    });
  }
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
