#!/usr/bin/env node
// Writes the app's three sounds, synthesised here (no recordings, nothing
// borrowed), as small 16-bit mono WAV files in public/sounds/:
//   move.wav     a card laid down: a short, soft, filtered noise tap
//   refused.wav  a refused move: two low, dull blips
//   win.wav      a win: a rising four-note chime
// Run once after changing this file: node tools/build/make-sounds.mjs
// (the output is committed; the noise is seeded, so it is the same each run).
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const RATE = 16000;
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public", "sounds");

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const seconds = (s) => Math.round(s * RATE);
let seed = 12345;
const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 30) - 1;

function move() {
  const n = seconds(0.07);
  let low = 0;
  return Array.from({ length: n }, (_, i) => {
    low += 0.35 * (noise() - low); // a one-pole low-pass: a thud, not a hiss
    return 0.9 * low * Math.exp(-i / seconds(0.012));
  });
}

function refused() {
  const n = seconds(0.22);
  return Array.from({ length: n }, (_, i) => {
    const t = i / RATE;
    const inBlip = t < 0.08 || (t > 0.12 && t < 0.2);
    const start = t < 0.1 ? 0 : 0.12;
    const env = inBlip ? Math.exp(-(t - start) / 0.05) : 0;
    return 0.35 * env * (Math.sin(2 * Math.PI * 190 * t) + 0.3 * Math.sin(2 * Math.PI * 380 * t));
  });
}

function win() {
  const notes = [523.25, 659.25, 783.99, 1046.5];
  const step = 0.11;
  const n = seconds(step * notes.length + 0.35);
  return Array.from({ length: n }, (_, i) => {
    const t = i / RATE;
    let s = 0;
    notes.forEach((f, k) => {
      const u = t - k * step;
      if (u >= 0) s += 0.22 * Math.exp(-u / 0.18) * (Math.sin(2 * Math.PI * f * u) + 0.25 * Math.sin(4 * Math.PI * f * u));
    });
    return s;
  });
}

for (const [name, samples] of Object.entries({ move: move(), refused: refused(), win: win() })) {
  const file = join(out, `${name}.wav`);
  writeFileSync(file, wav(samples));
  console.log(`${file}: ${samples.length * 2 + 44} bytes`);
}
