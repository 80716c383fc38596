#!/usr/bin/env node
// Checks in Chromium that the signalling codes of src/remote/code.rs carry a
// real WebRTC connection (issue 29). Two pages of one headless Chromium play
// host and guest: page A makes an offer with one data channel and no ICE
// servers (but in the stun run), waits until ICE gathering is complete and prints its
// description; the description goes through the Rust codec (SDP -> code ->
// SDP, by the ignored native test `remote::code::tests::through_a_code`,
// run with cargo); page B takes the REBUILT offer as its remote description
// and answers; the answer goes through the codec the same way and back to A.
// Then a message must go each way over the data channel. Prints both
// descriptions as the browser wrote them (the fixtures in
// src/remote/fixtures/ come from here), both codes and their lengths, and
// the candidate pair that connected.
//
// Three runs, one browser each, and no traffic off this machine:
//   loopback  Pages allowed a (fake) microphone, which is when Chromium offers
//             its loopback address (and shows raw addresses); only the
//             127.0.0.1 and ::1 candidates of a rebuilt description reach
//             the other page, so every check and message stays on loopback.
//   mdns      Chromium as a phone runs it: no microphone, host candidates
//             hidden behind <uuid>.local names, resolved by multicast DNS.
//   raw       The same with --disable-features=WebRtcHideLocalIpsWithMdns.
//   stun      As mdns, with one STUN server (this script's, at lan0's
//             address): srflx candidates too.
// mdns, raw and stun run in a network namespace of their own (`unshare -n`, so as
// root), whose one network is a veth pair leading nowhere: 192.168.77.2/24
// and fd77::2/64 on lan0. Chromium offers only the address of the default
// route to a page without a microphone; there it is lan0's, and the pages
// reach it through the kernel's loopback; mDNS queries go nowhere else.
//
//   node tools/measure/webrtc-codes.mjs [loopback|mdns|raw|stun ...]     (default: all)
//
// WEBRTC_CODES_FIXTURES=DIR writes the descriptions Chromium gave as
// DIR/chromium-<run>-<offer|answer>.sdp (src/remote/fixtures/ are such).
// Needs Debian's Chromium (or $CHROMIUM), playwright-core (npm ci), cargo
// (CARGO_TARGET_DIR is passed on) and, for mdns, raw and stun, root and iproute2.
// Exits non-zero if a run fails.
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { createSocket } from "node:dgram";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NAMESPACE_RUNS = ["mdns", "raw", "stun"];
const inNamespace = process.env.WEBRTC_CODES_NETNS === "1";
const asked = process.argv.slice(2);
const runs = asked.length ? asked : inNamespace ? NAMESPACE_RUNS : ["loopback", ...NAMESPACE_RUNS];
const fixtures = process.env.WEBRTC_CODES_FIXTURES;
const LOOPBACK = /^(127\.0\.0\.1|::1)$/;
const TIMEOUT_MS = 20_000;

// A blank page at http://127.0.0.1 (a secure context: it may ask for the
// microphone, which about:blank may not).
const server = createServer((_, response) => {
  response.setHeader("content-type", "text/html");
  response.end("<!doctype html><title>webrtc-codes</title>");
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const page = `http://127.0.0.1:${server.address().port}/`;

// The stun run's STUN server, in the namespace: it answers a binding
// request with the address it came from (RFC 5389, XOR-MAPPED-ADDRESS).
const STUN_ADDRESS = "192.168.77.2";
const COOKIE = 0x2112a442;
function startStun() {
  const socket = createSocket("udp4");
  socket.on("message", (request, from) => {
    if (request.length < 20 || request.readUInt16BE(0) !== 0x0001 || request.readUInt32BE(4) !== COOKIE) return;
    const response = Buffer.alloc(32);
    response.writeUInt16BE(0x0101, 0);
    response.writeUInt16BE(12, 2);
    request.copy(response, 4, 4, 20);
    response.writeUInt16BE(0x0020, 20);
    response.writeUInt16BE(8, 22);
    response.writeUInt16BE(0x0001, 24);
    response.writeUInt16BE(from.port ^ (COOKIE >>> 16), 26);
    const address = from.address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    response.writeUInt32BE((address ^ COOKIE) >>> 0, 28);
    socket.send(response, from.port, from.address);
  });
  return new Promise((resolve) => socket.bind(0, STUN_ADDRESS, () => resolve({ socket, port: socket.address().port })));
}
const stun = inNamespace && runs.includes("stun") ? await startStun() : null;

const work = mkdtempSync(join(tmpdir(), "webrtc-codes-"));
/** `sdp` through the Rust codec: its code, and the description rebuilt from the code. */
function throughCode(kind, sdp) {
  const input = join(work, "in.txt");
  const output = join(work, "out.txt");
  writeFileSync(input, `${kind}\n${sdp}`);
  execFileSync(
    "cargo",
    ["test", "-q", "-p", "grave-matters", "--bin", "grave-matters", "remote::code::tests::through_a_code", "--", "--ignored", "--exact"],
    { cwd: root, env: { ...process.env, WEBRTC_CODES_IN: input, WEBRTC_CODES_OUT: output }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const text = readFileSync(output, "utf8");
  const lineBreak = text.indexOf("\n");
  return { code: text.slice(0, lineBreak), sdp: text.slice(lineBreak + 1) };
}

/** `sdp` with only the candidates at loopback addresses. */
function loopbackOnly(sdp) {
  return sdp
    .split("\r\n")
    .filter((line) => !line.startsWith("a=candidate:") || LOOPBACK.test(line.split(" ")[4]))
    .join("\r\n");
}

const candidateLines = (sdp) => sdp.split(/\r?\n/).filter((line) => line.startsWith("a=candidate:"));

// Runs in each page: a peer connection whose data channel, once open,
// resolves `window.received` with the first message. The host makes the
// channel; the guest is given it.
async function startPeer({ host, media, iceServers }) {
  // Chromium offers its loopback address only to a page allowed a
  // microphone (a fake one here); such a page also sees raw addresses.
  if (media) window.microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
  const pc = new RTCPeerConnection({ iceServers });
  window.pc = pc;
  let opened;
  window.opened = new Promise((resolve) => (opened = resolve));
  window.received = new Promise((resolve) => {
    const use = (channel) => {
      window.channel = channel;
      channel.onopen = () => opened();
      channel.onmessage = (event) => resolve(event.data);
    };
    if (host) use(pc.createDataChannel("game"));
    else pc.ondatachannel = (event) => use(event.channel);
  });
  window.gathered = () =>
    new Promise((resolve) => {
      const done = () => pc.iceGatheringState === "complete" && resolve(pc.localDescription.sdp);
      pc.addEventListener("icegatheringstatechange", done);
      done();
    });
}

/** Waits for `promise`, or fails after TIMEOUT_MS saying what it waited for. */
function within(what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function run(name) {
  const args = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--allow-loopback-in-peer-connection",
  ];
  const media = name === "loopback";
  if (media) args.push("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream");
  if (name === "raw") args.push("--disable-features=WebRtcHideLocalIpsWithMdns");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args });
  const report = { run: name };
  try {
    const host = await browser.newPage();
    const guest = await browser.newPage();
    for (const tab of [host, guest]) {
      tab.on("console", (message) => console.log(`[${name} page] ${message.text()}`));
      await tab.goto(page);
    }
    const iceServers = name === "stun" ? [{ urls: `stun:${STUN_ADDRESS}:${stun.port}` }] : [];
    await host.evaluate(startPeer, { host: true, media, iceServers });
    await guest.evaluate(startPeer, { host: false, media, iceServers });
    const keep = name === "loopback" ? loopbackOnly : (sdp) => sdp;

    const offer = await within("the offer's gathering", host.evaluate(async () => {
      await pc.setLocalDescription(await pc.createOffer());
      return gathered();
    }));
    console.log(`--- ${name}: the offer as Chromium wrote it\n${offer}`);
    if (fixtures) writeFileSync(join(fixtures, `chromium-${name}-offer.sdp`), offer);
    const offerCode = throughCode("offer", offer);
    console.log(`--- ${name}: offer code, ${offerCode.code.length} characters: ${offerCode.code}`);
    console.log(`--- ${name}: the offer rebuilt from its code\n${offerCode.sdp}`);

    const answer = await within("the answer", guest.evaluate(async (sdp) => {
      await pc.setRemoteDescription({ type: "offer", sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      return gathered();
    }, keep(offerCode.sdp)));
    console.log(`--- ${name}: the answer as Chromium wrote it\n${answer}`);
    if (fixtures) writeFileSync(join(fixtures, `chromium-${name}-answer.sdp`), answer);
    const answerCode = throughCode("answer", answer);
    console.log(`--- ${name}: answer code, ${answerCode.code.length} characters: ${answerCode.code}`);
    console.log(`--- ${name}: the answer rebuilt from its code\n${answerCode.sdp}`);
    await host.evaluate((sdp) => pc.setRemoteDescription({ type: "answer", sdp }), keep(answerCode.sdp));

    await within("the data channel opening", Promise.all([host.evaluate(() => opened), guest.evaluate(() => opened)]));
    await host.evaluate(() => channel.send("from the host"));
    await guest.evaluate(() => channel.send("from the guest"));
    const [atHost, atGuest] = await within(
      "the messages",
      Promise.all([host.evaluate(() => received), guest.evaluate(() => received)]),
    );
    if (atHost !== "from the guest" || atGuest !== "from the host") {
      throw new Error(`wrong messages: ${atHost} / ${atGuest}`);
    }
    const pair = await host.evaluate(async () => {
      const stats = [...(await pc.getStats()).values()];
      const transport = stats.find((s) => s.type === "transport");
      const chosen = stats.find((s) => s.id === transport?.selectedCandidatePairId);
      const side = (id) => stats.find((s) => s.id === id) ?? {};
      const [local, remote] = [side(chosen?.localCandidateId), side(chosen?.remoteCandidateId)];
      return `${local.address}:${local.port} (${local.candidateType}) -> ${remote.address}:${remote.port} (${remote.candidateType})`;
    });
    Object.assign(report, {
      ok: true,
      offerCandidates: candidateLines(offer).length,
      answerCandidates: candidateLines(answer).length,
      offerCode: offerCode.code.length,
      answerCode: answerCode.code.length,
      pair,
    });
  } catch (error) {
    Object.assign(report, { ok: false, error: error.message });
  } finally {
    await browser.close();
  }
  return report;
}

/** The mdns and raw runs, in a network namespace that leads nowhere. */
function inOwnNamespace(names) {
  const setup = [
    "ip link set lo up",
    "ip link add lan0 type veth peer name lan1",
    "ip addr add 192.168.77.2/24 dev lan0",
    "ip -6 addr add fd77::2/64 dev lan0 nodad",
    "ip link set lan1 up",
    "ip link set lan0 up",
    "ip route add default via 192.168.77.1",
    "ip -6 route add default via fd77::1",
  ].join(" && ");
  const script = fileURLToPath(import.meta.url);
  const quoted = [process.execPath, script, ...names].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  try {
    execFileSync("unshare", ["-n", "sh", "-c", `${setup} && exec ${quoted}`], {
      stdio: "inherit",
      env: { ...process.env, WEBRTC_CODES_NETNS: "1" },
    });
    return true;
  } catch (error) {
    console.error(`webrtc-codes: ${names.join(", ")} in a network namespace of their own: ${error.message}`);
    return false;
  }
}

const reports = [];
const here = inNamespace ? runs : runs.filter((name) => !NAMESPACE_RUNS.includes(name));
try {
  for (const name of here) reports.push(await run(name));
} finally {
  rmSync(work, { recursive: true, force: true });
  server.close();
  stun?.socket.close();
}
console.log(`--- summary${inNamespace ? " (in the network namespace)" : ""}`);
for (const report of reports) console.log(JSON.stringify(report));
const elsewhere = inNamespace ? [] : runs.filter((name) => NAMESPACE_RUNS.includes(name));
const elsewhereOk = elsewhere.length === 0 || inOwnNamespace(elsewhere);
process.exit(reports.every((report) => report.ok) && elsewhereOk ? 0 : 1);
