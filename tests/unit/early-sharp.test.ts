import { describe, expect, it } from 'vitest';
import { drawsCameraPicturesAtStart } from '../../server/early-sharp';

describe('sharp required at start (server/start.ts)', () => {
  it('in the one process that runs the simulated Plus cameras', () => {
    expect(drawsCameraPicturesAtStart({})).toBe(true);
    expect(drawsCameraPicturesAtStart({ SIM: 'ON', SIM_MODULES: 'tags, plus' })).toBe(true);
    expect(drawsCameraPicturesAtStart({ WORKERS: '1' })).toBe(true);
  });

  it('not without the simulator, without its Plus part, or with several API processes', () => {
    expect(drawsCameraPicturesAtStart({ SIM: 'off' })).toBe(false);
    expect(drawsCameraPicturesAtStart({ SIM_MODULES: 'tags,ota' })).toBe(false);
    expect(drawsCameraPicturesAtStart({ SIM_MODULES: 'plusv1' })).toBe(false);
    expect(drawsCameraPicturesAtStart({ WORKERS: '2', DATABASE_URL: 'postgres://127.0.0.1/test' })).toBe(false);
  });
});
