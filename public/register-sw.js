/* Registers the service worker (sw.js, generated at build time by
 * tools/build/gen-sw.mjs) and, when a new version has been downloaded and is
 * waiting, shows a small banner "A new version is ready. [Reload]" (styled
 * by #sw-update-banner in style/main.css).
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
    var text = document.createElement("span");
    text.textContent = "A new version is ready.";
    var button = document.createElement("button");
    button.id = "sw-update-reload";
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", function () {
      button.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    banner.appendChild(text);
    banner.appendChild(button);
    document.body.appendChild(banner);
  }

  function watch(reg) {
    // Where service workers are blocked (a browser or privacy setting),
    // registration may "succeed" with no registration at all: the app then
    // runs as a plain page.
    if (!reg) return;
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
    var failed = function (err) {
      console.warn("Service worker registration failed:", err);
    };
    try {
      sw.register("./sw.js").then(watch).catch(failed);
    } catch (err) {
      failed(err); // register itself may throw where workers are refused
    }
  }
  // Installing the app shows it is meant to last: ask the browser to keep
  // its data for good (src/durable.rs asks again when a game is finished).
  window.addEventListener("appinstalled", function () {
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
  });
  // Once the page has loaded and the app has drawn its first screen (it
  // marks <html data-ready>): the precache then takes from the HTTP cache
  // what the page fetched, and downloads the rest without slowing the
  // first screen.
  function whenReady(go) {
    var root = document.documentElement;
    if (root.hasAttribute("data-ready")) return go();
    var watcher = new MutationObserver(function () {
      if (!root.hasAttribute("data-ready")) return;
      watcher.disconnect();
      go();
    });
    watcher.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
  function start() {
    whenReady(register);
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
