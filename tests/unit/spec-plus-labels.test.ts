import { describe, expect, it } from 'vitest';
import { plusModelLabel, screenSizeLabel, V1_BRIGHTNESS, V1_MODEL_SIZES, V1_VOLUME } from '../../contract/schemas/constants-plus';
import { templateScreen } from '../../contract/plus-show-rules';
import { fileSize } from '../../src/ui/file-size';
import { clampV1 } from '../../src/features/plus/v1/v1-config-modal';

/*
 * The labels and small rules of plus-signage §2.2, §3, §5 and §9 that the screens show from a device's or a file's
 * values: the model label of the device list, the screen size label and its way back in the template editor, the
 * v1 model sizes, file sizes, and the v1 config's out-of-range resets.
 */

describe('device list model labels (plus-signage §2.2)', () => {
  it.each([
    ['IP231A', '23.1 inch'], // spec: plus §2.13
    ['IP354A', '35.4 inch'], // spec: plus §2.14
    ['IP231TA', '23.1 Touch OLD'], // spec: plus §2.15
    ['IP231TB', '23.1 Touch'], // spec: plus §2.16
    ['IP231TC', '23.1 Face'], // spec: plus §2.17
    ['IP270A', '27 Non-Touch'], // spec: plus §2.18
    ['IP291TA', '29 Touch'], // spec: plus §2.19
    ['IP439A', '43.9 Non-Touch'], // spec: plus §2.20
    ['IP471A', '47.1'], // spec: plus §2.21
    ['IPFINDERA', 'Finder'], // spec: plus §2.22
    ['IPMINI', 'Mini'], // spec: plus §2.23
    ['IPSTBOXA', 'MediaBox'], // spec: plus §2.24
  ])('%s → %s', (model, label) => expect(plusModelLabel(model)).toBe(label));

  // spec: plus §2.12, plus §2.25 — any other model, or none, is '-'
  it('labels any other model, and a device without one, "-"', () => {
    for (const model of ['IP999Z', 'ip231a', '', undefined]) expect(plusModelLabel(model), String(model)).toBe('-');
  });
});

describe('screen size labels (plus-signage §5)', () => {
  // spec: plus §5.8 — 23.1 / 29 / 35.4 by dimensions, six sizes named by their dimensions, the rest blank; and back
  it('names 1920x158, 1920x540 and 2880x158 by their inches, six sizes by their dimensions, anything else not at all', () => {
    expect([screenSizeLabel(1920, 158), screenSizeLabel(1920, 540), screenSizeLabel(2880, 158)]).toEqual(['23.1', '29', '35.4']);
    for (const [w, h] of [
      [3840, 160],
      [1920, 720],
      [1920, 1080],
      [2560, 1440],
      [3840, 1080],
      [3840, 2160],
    ]) {
      expect(screenSizeLabel(w, h)).toBe(`${w}x${h}`);
    }
    for (const [w, h] of [
      [158, 1920],
      [1280, 720],
      [1920, 159],
      [0, 0],
    ])
      expect(screenSizeLabel(w, h), `${w}x${h}`).toBe('');
    // The template editor reads the sizes back as dimensions; any other size as 'WxH'.
    expect([templateScreen('23.1'), templateScreen('29'), templateScreen('35.4')]).toEqual([
      { width: 1920, height: 158 },
      { width: 1920, height: 540 },
      { width: 2880, height: 158 },
    ]);
    expect(templateScreen('2560x1440')).toEqual({ width: 2560, height: 1440 });
  });
});

describe('v1 device models (plus-signage §3)', () => {
  // spec: plus §3.18 — the v1 model sizes as the spec names them
  it('names each v1 model with its size', () => {
    expect(V1_MODEL_SIZES).toEqual({
      IP231A: '23.1" (60cm)',
      IP354A: '35.4" (90cm)',
      IP231TA: '23.1" Touch (60cm) OLD',
      IP231TB: '23.1" Touch (60cm)',
      IP231TC: '23.1" Face (60cm)',
      IP270A: '27" Non-Touch',
      IP291TA: '29" Touch',
      IP439A: '43.9" Non-Touch',
      IP471A: '47.1" (120cm)',
      IPFINDERA: 'Finder',
      IPMINI: 'Mini',
      IPSTBOXA: 'MediaBox',
    });
  });
});

describe('file sizes (plus-signage §9)', () => {
  // spec: plus §9.15 — Bytes, KB, MB, GB, TB in steps of 1024
  it('writes a size in Bytes, KB, MB, GB or TB, base 1024', () => {
    expect(fileSize(0)).toBe('0 Bytes');
    expect(fileSize(1023)).toBe('1023 Bytes');
    expect(fileSize(1024)).toBe('1.0 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(5 * 1024 ** 2)).toBe('5.0 MB');
    expect(fileSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(fileSize(2 * 1024 ** 4)).toBe('2.0 TB');
    expect(fileSize(2048 * 1024 ** 4)).toBe('2048.0 TB');
  });
});

describe('v1 device config ranges (plus-signage §5, §9)', () => {
  // spec: plus §5.19 — a volume outside 0-15 becomes 0, a brightness outside 0-10 becomes 10
  it('keeps a volume of 0 to 15 and a brightness of 0 to 10; anything else resets (volume 0, brightness 10)', () => {
    expect(['0', '7', '15'].map((v) => clampV1(v, V1_VOLUME))).toEqual([0, 7, 15]);
    expect(['16', '-1', '2.5', 'loud', ''].map((v) => clampV1(v, V1_VOLUME))).toEqual([0, 0, 0, 0, 0]);
    expect(['0', '4', '10'].map((v) => clampV1(v, V1_BRIGHTNESS))).toEqual([0, 4, 10]);
    expect(['11', '-1', '0.5', 'dim'].map((v) => clampV1(v, V1_BRIGHTNESS))).toEqual([10, 10, 10, 10]);
  });
});
