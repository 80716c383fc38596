// The bare page's service worker (tools/build/gen-sw.mjs writes sw.js, as for
// the app), registered once the page has loaded, as the app's was when
// tools/measure/load-ratio.mjs was written.
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("./sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register);
}
