import { describe, expect, it } from 'vitest';
import { CAMERA_FORMATS, CAMERA_TICK_MS, createDedupe } from '../../src/scan/input/camera/dedupe';

describe('camera dedupe', () => {
  it('reports a code once while it stays in view, and again after 1.5 s out of view', () => {
    const fresh = createDedupe();
    const seen = [0, 33, 66, 1000, 1400].map((t) => fresh('4006381333931', t));
    expect(seen).toEqual([true, false, false, false, false]);
    expect(fresh('4006381333931', 1400 + 1500)).toBe(true);
  });

  it('reports a different code at once, and the first again after the window', () => {
    const fresh = createDedupe();
    expect([fresh('A', 0), fresh('B', 10), fresh('A', 20)]).toEqual([true, true, true]);
    expect(fresh('A', 1000)).toBe(false);
    expect(fresh('A', 2600)).toBe(true);
  });

  it('reads the required formats at ≥ 10 attempts per second on the timer path', () => {
    expect([...CAMERA_FORMATS].sort()).toEqual(['code_128', 'code_39', 'data_matrix', 'ean_13', 'ean_8', 'qr_code', 'upc_a', 'upc_e']);
    expect(1000 / CAMERA_TICK_MS).toBeGreaterThanOrEqual(10);
  });
});
