import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { barWidths, makeBarcodeY4m, makeBarcodeY4mBytes, y4mHeader } from '../e2e/fixtures/make-y4m';

// EAN-13 tables (GS1 General Specifications §5.2.1.2), written independently of bwip-js to check its output.
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = L.map((p) =>
  [...p]
    .map((b) => (b === '1' ? '0' : '1'))
    .reverse()
    .join(''),
);
const R = L.map((p) => [...p].map((b) => (b === '1' ? '0' : '1')).join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Read one luma row as an EAN-13: threshold, run lengths → modules → digits (the way a scanner does). */
function decodeRow(row: Uint8Array): string {
  const dark = [...row].map((v) => v < 128);
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  const runs: number[] = [];
  for (let i = first, n = 1; i <= last; i++, n++) {
    if (i === last || dark[i + 1] !== dark[i]) {
      runs.push(n);
      n = 0;
    }
  }
  const module = Math.min(...runs);
  const bits = runs.map((r, i) => (i % 2 === 0 ? '1' : '0').repeat(Math.round(r / module))).join('');
  expect(bits).toHaveLength(95);
  expect([bits.slice(0, 3), bits.slice(45, 50), bits.slice(92)]).toEqual(['101', '01010', '101']);
  let parity = '';
  let digits = '';
  for (let d = 0; d < 6; d++) {
    const p = bits.slice(3 + d * 7, 10 + d * 7);
    const l = L.indexOf(p);
    parity += l >= 0 ? 'L' : 'G';
    digits += l >= 0 ? l : G.indexOf(p);
  }
  for (let d = 0; d < 6; d++) digits += R.indexOf(bits.slice(50 + d * 7, 57 + d * 7));
  return PARITY.indexOf(parity) + digits;
}

describe('make-y4m', () => {
  const W = 640;
  const H = 480;
  const FRAME = 6 + W * H * 1.5;

  it('writes the y4m header and 30 frames of the right size', () => {
    const bytes = makeBarcodeY4mBytes('4006381333931');
    const header = y4mHeader(W, H);
    expect(header).toBe('YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg\n');
    expect(bytes.toString('ascii', 0, header.length)).toBe(header);
    expect(bytes.length).toBe(header.length + 30 * FRAME);
    for (const f of [0, 29]) expect(bytes.toString('ascii', header.length + f * FRAME, header.length + f * FRAME + 6)).toBe('FRAME\n');
  });

  it('fills the chroma planes with 128 (grey)', () => {
    const bytes = makeBarcodeY4mBytes('4006381333931', { frames: 1 });
    const start = y4mHeader(W, H).length + 6 + W * H;
    const chroma = bytes.subarray(start, start + (W * H) / 2);
    expect(chroma.length).toBe((W * H) / 2);
    expect(chroma.every((v) => v === 128)).toBe(true);
  });

  it.each(['4006381333931', '5901234123457', '0012345678905', '9780201379624'])('draws %s so a row reads back as the code', (code) => {
    const bytes = makeBarcodeY4mBytes(code, { frames: 1 });
    const y0 = y4mHeader(W, H).length + 6;
    const mid = bytes.subarray(y0 + (H / 2) * W, y0 + (H / 2 + 1) * W);
    expect(decodeRow(mid)).toBe(code);
    // large and centred: bars span most of the width with equal margins, white above and below
    const dark = [...mid].map((v) => v < 128);
    const left = dark.indexOf(true);
    const right = W - 1 - dark.lastIndexOf(true);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    expect(W - left - right).toBeGreaterThan(W * 0.55);
    expect(bytes.subarray(y0, y0 + W).every((v) => v > 200)).toBe(true);
  });

  it('is readable by zxing, the decoder the camera path uses where BarcodeDetector is missing', () => {
    const bytes = makeBarcodeY4mBytes('4006381333931', { frames: 1 });
    const y0 = y4mHeader(W, H).length + 6;
    const luma = new Uint8ClampedArray(bytes.subarray(y0, y0 + W * H));
    const reader = new MultiFormatReader();
    reader.setHints(new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]]]));
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, W, H))));
    expect([result.getText(), result.getBarcodeFormat()]).toEqual(['4006381333931', BarcodeFormat.EAN_13]);
  });

  it('takes bar widths from bwip-js (95 modules for EAN-13)', () => {
    expect(barWidths('4006381333931').reduce((a, b) => a + b, 0)).toBe(95);
  });

  it('writes the file and honours size and frame options', () => {
    const dir = mkdtempSync(join(tmpdir(), 'y4m-'));
    try {
      const file = makeBarcodeY4m('5901234123457', join(dir, 'ean.y4m'), { width: 320, height: 240, frames: 3 });
      const bytes = readFileSync(file);
      expect(bytes.length).toBe(y4mHeader(320, 240).length + 3 * (6 + 320 * 240 * 1.5));
      expect(bytes.toString('ascii', 0, 30)).toContain('W320 H240');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
