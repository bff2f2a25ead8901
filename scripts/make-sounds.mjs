#!/usr/bin/env node
/*
 * The scan feedback sounds, made by the project: `node scripts/make-sounds.mjs` rewrites public/sounds/*.wav.
 * The generated files are committed, so a build never depends on running this.
 *
 * success: two rising beeps (1.8 kHz then 2.4 kHz, 50 ms each, 20 ms apart = 120 ms) — high and short, heard
 *          across an aisle without being mistaken for the failure sound.
 * failure: a 300 ms, 300 Hz buzz built from odd harmonics (a softened square wave): low, long and rough.
 * tick:    one 25 ms, 3.2 kHz blip at half volume — the tag of a pair was taken and its product is awaited: shorter,
 *          higher and quieter than either result, so it never reads as one.
 * Each tone has 4 ms fades so it starts and stops without a click. 16-bit PCM mono at 22.05 kHz keeps the files
 * a few KB and decodes instantly in Web Audio.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const FADE_S = 0.004;
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'sounds');

function tone(freq, seconds, volume, harmonics = [1]) {
  const n = Math.round(seconds * RATE);
  const fade = Math.round(FADE_S * RATE);
  const norm = harmonics.reduce((sum, h) => sum + 1 / h, 0);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    let v = 0;
    for (const h of harmonics) v += Math.sin(2 * Math.PI * freq * h * t) / h;
    const env = Math.min(1, i / fade, (n - 1 - i) / fade);
    out[i] = (v / norm) * volume * env;
  }
  return out;
}

const silence = (seconds) => new Float64Array(Math.round(seconds * RATE));

function concat(parts) {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** RIFF/WAVE: 'RIFF' size 'WAVE', 'fmt ' chunk (PCM=1, mono, rate, byte rate, align 2, 16 bits), 'data' chunk. */
export function wav(samples) {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  samples.forEach((s, i) => buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), 44 + i * 2));
  return buf;
}

export const SOUNDS = {
  success: () => concat([tone(1800, 0.05, 0.8), silence(0.02), tone(2400, 0.05, 0.8)]),
  failure: () => tone(300, 0.3, 0.85, [1, 3, 5, 7, 9]),
  tick: () => tone(3200, 0.025, 0.5),
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(OUT, { recursive: true });
  for (const [name, make] of Object.entries(SOUNDS)) {
    const file = join(OUT, `${name}.wav`);
    writeFileSync(file, wav(make()));
    console.log(file);
  }
}
