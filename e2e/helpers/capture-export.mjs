// Keeps the file the app hands the browser on "Export my data": the blob
// behind the link it clicks (a `blob:` address with a `download` name), as
// `window.__exported = { name, text }`; the click still goes on. For
// runners that see no download: Firefox over WebDriver BiDi (this ESR
// reports none) and WebKit over WebDriver. It runs in the page and is
// self-contained: Playwright passes it to page.evaluate
// (e2e/helpers/exported.ts), the WebDriver runner to executeScript.
// (The page's content policy refuses a fetch of a blob: address, so the
// blob is kept as its address is made.)
export function captureExport() {
  window.__exported = null;
  const blobs = new Map();
  const objectUrl = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    const url = objectUrl(blob);
    blobs.set(url, blob);
    return url;
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    const blob = blobs.get(this.href);
    if (this.download && blob) {
      const name = this.download;
      blob.text().then((text) => (window.__exported = { name, text }));
    }
    return click.call(this);
  };
}
