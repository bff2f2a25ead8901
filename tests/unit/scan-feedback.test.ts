import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFeedback, FLASH_EVENT, VIBRATION, type FeedbackKind, type FlashDetail } from '../../src/scan/input/feedback';

function setup(overrides: { play?: () => void } = {}) {
  const log: string[] = [];
  const made: FeedbackKind[] = [];
  const records: Array<{ kind: FeedbackKind; at: number }> = [];
  const sut = createFeedback({
    makePlayer: (kind) => {
      made.push(kind);
      return { play: overrides.play ?? (() => log.push(`sound:${kind}`)) };
    },
    vibrate: (p) => log.push(`vibrate:${p.join(',')}`),
    dispatch: (e) => log.push(`${e.type}:${(e as CustomEvent<FlashDetail>).detail.kind}`),
    now: () => 123.5,
    record: (r) => records.push(r),
  });
  return { sut, log, made, records };
}

describe('feedback', () => {
  it('plays the success sound, vibrates [40] and flashes green, all synchronously', () => {
    const { sut, log, records } = setup();
    sut.success();
    expect(log).toEqual(['sound:success', 'vibrate:40', `${FLASH_EVENT}:success`]);
    expect(records).toEqual([{ kind: 'success', at: 123.5 }]);
  });

  it('plays the failure sound, vibrates [100, 60, 100] and flashes red', () => {
    const { sut, log } = setup();
    sut.failure();
    expect(log).toEqual(['sound:failure', 'vibrate:100,60,100', `${FLASH_EVENT}:failure`]);
    expect(VIBRATION).toEqual({ success: [40], failure: [100, 60, 100], tick: [15] });
  });

  it('a tick (the tag of a pair taken) sounds and vibrates briefly, and does not flash: a flash means a result', () => {
    const { sut, log, records } = setup();
    sut.tick();
    expect(log).toEqual(['sound:tick', 'vibrate:15']);
    expect(records).toEqual([{ kind: 'tick', at: 123.5 }]);
  });

  it('creates each player once: preload() makes all three, later plays reuse them', () => {
    const { sut, made } = setup();
    sut.preload();
    sut.success();
    sut.success();
    sut.failure();
    sut.tick();
    expect(made).toEqual(['success', 'failure', 'tick']);
  });

  it('still vibrates, flashes and records when the sound throws or is muted', () => {
    const broken = setup({
      play: () => {
        throw new Error('no audio device');
      },
    });
    broken.sut.failure();
    expect(broken.log).toEqual(['vibrate:100,60,100', `${FLASH_EVENT}:failure`]);
    expect(broken.records).toHaveLength(1);

    const muted = setup();
    muted.sut.setMuted(true);
    muted.sut.success();
    expect(muted.log).toEqual(['vibrate:40', `${FLASH_EVENT}:success`]);
    muted.sut.setMuted(false);
    muted.sut.success();
    expect(muted.log[2]).toBe('sound:success');
  });

  it('the app instance is inert without a window (imports safely in node)', async () => {
    const { feedback } = await import('../../src/scan/input/feedback');
    expect(() => feedback.success()).not.toThrow();
  });
});

/** Parse a PCM WAV: format fields and 16-bit samples. */
function readWav(path: string) {
  const b = readFileSync(path);
  expect(b.toString('ascii', 0, 4)).toBe('RIFF');
  expect(b.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect(b.readUInt32LE(4)).toBe(b.length - 8);
  const rate = b.readUInt32LE(24);
  expect([b.readUInt16LE(20), b.readUInt16LE(22), b.readUInt16LE(34)]).toEqual([1, 1, 16]); // PCM, mono, 16 bit
  expect(b.toString('ascii', 36, 40)).toBe('data');
  const n = b.readUInt32LE(40) / 2;
  const samples = Array.from({ length: n }, (_, i) => b.readInt16LE(44 + i * 2));
  return { rate, samples, seconds: n / rate };
}

/** Dominant frequency of a stretch by counting rising zero crossings. */
function frequency(samples: number[], rate: number) {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 && samples[i] >= 0) crossings++;
  return (crossings * rate) / samples.length;
}

describe('public/sounds (scripts/make-sounds.mjs)', () => {
  it('success.wav: two rising beeps, 1.8 kHz then 2.4 kHz, 120 ms in all, silent between', () => {
    const { rate, samples, seconds } = readWav('public/sounds/success.wav');
    expect(seconds).toBeCloseTo(0.12, 2);
    const ms = (a: number, b: number) => samples.slice(Math.round((a / 1000) * rate), Math.round((b / 1000) * rate));
    expect(frequency(ms(5, 45), rate)).toBeGreaterThan(1700);
    expect(frequency(ms(5, 45), rate)).toBeLessThan(1900);
    expect(frequency(ms(75, 115), rate)).toBeGreaterThan(2300);
    expect(frequency(ms(75, 115), rate)).toBeLessThan(2500);
    expect(Math.max(...ms(52, 68).map(Math.abs))).toBe(0);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(20_000); // loud enough for a shop floor
  });

  it('tick.wav: one 25 ms, 3.2 kHz blip, quieter than the results', () => {
    const { rate, samples, seconds } = readWav('public/sounds/tick.wav');
    expect(seconds).toBeCloseTo(0.025, 2);
    const f = frequency(samples.slice(Math.round(0.002 * rate), Math.round(0.023 * rate)), rate);
    expect(f).toBeGreaterThan(2900);
    expect(f).toBeLessThan(3500);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(20_000);
  });

  it('failure.wav: a 300 ms, 300 Hz buzz', () => {
    const { rate, samples, seconds } = readWav('public/sounds/failure.wav');
    expect(seconds).toBeCloseTo(0.3, 2);
    const f = frequency(samples.slice(Math.round(0.01 * rate), Math.round(0.29 * rate)), rate);
    expect(f).toBeGreaterThan(280);
    expect(f).toBeLessThan(320);
  });
});
