#!/usr/bin/env node
// Debian's Firefox ESR as Playwright's Firefox (the "moz-firefox" channel,
// driven over WebDriver BiDi). Playwright starts this file in place of the
// browser: it starts /usr/bin/firefox-esr with the same arguments and
// stands between the two on loopback, passing every message through,
// except the BiDi commands this ESR does not know yet, which Playwright
// sends for every new page whether a test asks for them or not (the
// colour-scheme, screen-size and screen-orientation overrides: no test
// uses them). Those are answered "done" here, so a test runs as it would
// on a newer Firefox. Nothing else is changed. $FIREFOX picks another binary.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { WebSocket, WebSocketServer } from "ws";

const UNKNOWN_TO_ESR = new Set([
  "emulation.setMediaFeaturesOverride",
  "emulation.setScreenSettingsOverride",
  "emulation.setScreenOrientationOverride",
]);

const firefox = spawn(process.env.FIREFOX || "/usr/bin/firefox-esr", process.argv.slice(2), {
  stdio: ["inherit", "inherit", "pipe"],
});
firefox.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => firefox.kill(signal));

/** Relays one Playwright connection to Firefox's endpoint. */
function relay(client, upstreamUrl) {
  const upstream = new WebSocket(upstreamUrl, { perMessageDeflate: false });
  const waiting = [];
  upstream.on("open", () => waiting.splice(0).forEach((data) => upstream.send(data)));
  upstream.on("message", (data, binary) => client.readyState === WebSocket.OPEN && client.send(data, { binary }));
  upstream.on("close", () => client.close());
  upstream.on("error", () => client.close());
  client.on("close", () => upstream.close());
  client.on("message", (data) => {
    const text = data.toString();
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      message = null;
    }
    if (message && UNKNOWN_TO_ESR.has(message.method)) {
      client.send(JSON.stringify({ type: "success", id: message.id, result: {} }));
    } else if (upstream.readyState === WebSocket.OPEN) {
      upstream.send(text);
    } else {
      waiting.push(text);
    }
  });
}

createInterface({ input: firefox.stderr }).on("line", (line) => {
  const listening = line.match(/^(.*WebDriver BiDi listening on )(ws:\/\/[^/]+)(.*)$/);
  if (!listening) {
    process.stderr.write(line + "\n");
    return;
  }
  const [, before, endpoint, after] = listening;
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  server.on("connection", (client, request) => relay(client, endpoint + request.url));
  server.on("listening", () => {
    process.stderr.write(`${before}ws://127.0.0.1:${server.address().port}${after}\n`);
  });
});
