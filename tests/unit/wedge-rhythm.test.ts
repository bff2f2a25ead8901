import { describe, expect, it } from 'vitest';
import { createWedgeDetector, WEDGE_DEFAULTS, type WedgeDetector, type WedgeOptions, type WedgeResult } from '../../src/scan/input/wedge';

/*
 * The rhythm rule under a busy main thread: a scanner's keys at 10 ms can reach the page with one or more late keys
 * (100–260 ms gaps seen in Chromium on a loaded 2-core machine). A burst is judged whole: it is the full code or it
 * is rejected — never a shorter code made of its fast tail. Timestamps are fake, as the detector is pure.
 */

/** Feed `code` with the given gap before each character after the first, then the suffix `suffixGap` later. */
function feed(sut: WedgeDetector, code: string, gaps: (i: number) => number, start = 0, suffixGap = 10, suffix = 'Enter') {
  const results: WedgeResult[] = [];
  let t = start;
  [...code].forEach((ch, i) => {
    if (i > 0) t += gaps(i);
    results.push(sut.key({ key: ch, timeStamp: t }));
  });
  t += suffixGap;
  results.push(sut.key({ key: suffix, timeStamp: t }));
  return { results, last: results[results.length - 1], end: t };
}

const late = (at: number[], ms: number) => (i: number) => (at.includes(i) ? ms : 10);
const scans = (results: WedgeResult[]) => results.filter((r) => r.kind === 'scan');

/** Deterministic pseudo-random numbers (mulberry32), so the "under load" sweep is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('wedge rhythm: a burst is judged by its average over the whole burst', () => {
  it('defaults: 30 ms per character on average, at least 4 characters, Enter or Tab', () => {
    expect(WEDGE_DEFAULTS).toMatchObject({ maxAvgMsPerChar: 30, minLength: 4, suffixes: ['Enter', 'Tab'] });
  });

  it('keeps the whole code when the first key is followed by a 250 ms gap (the load case that used to drop it)', () => {
    const { results, last } = feed(createWedgeDetector(), '4006381333931', late([1], 250)); // 370 ms / 13 ≈ 28.5
    expect(last).toEqual({ kind: 'scan', code: '4006381333931' });
    expect(scans(results)).toHaveLength(1);
  });

  it('keeps the whole code with one slow gap in the middle or before the last character', () => {
    expect(feed(createWedgeDetector(), '4006381333931', late([6], 200)).last).toEqual({ kind: 'scan', code: '4006381333931' });
    expect(feed(createWedgeDetector(), '4006381333931', late([12], 200)).last).toEqual({ kind: 'scan', code: '4006381333931' });
  });

  it('rejects a burst whose one gap lifts the average over 30 ms whole: never the shorter fast tail', () => {
    const sut = createWedgeDetector();
    const { results, last } = feed(sut, '96385074', late([1], 260)); // (260 + 6·10 + 10) / 8 ≈ 41
    expect(last).toEqual({ kind: 'typing' });
    expect(scans(results)).toEqual([]);
    expect(results.filter((r) => r.kind === 'pending' && r.first)).toHaveLength(1); // one burst, not split
  });

  it('rejects a burst with several slow gaps whole, and takes the next clean scan in full', () => {
    const sut = createWedgeDetector();
    const slow = feed(sut, '4006381333931', late([1, 5, 9], 180));
    expect(slow.last).toEqual({ kind: 'typing' });
    const next = feed(sut, '4006381333931', () => 10, slow.end + 50);
    expect(next.last).toEqual({ kind: 'scan', code: '4006381333931' });
  });

  it('under simulated load (random 100–260 ms gaps at random places) gives the full code or nothing, never another code', () => {
    const rnd = random(20261121);
    const code = '4006381333931';
    let full = 0;
    let rejected = 0;
    for (let run = 0; run < 500; run++) {
      const lateKeys = Array.from({ length: Math.floor(rnd() * 4) }, () => 1 + Math.floor(rnd() * (code.length - 1)));
      const gap = 100 + Math.floor(rnd() * 161);
      const { results } = feed(createWedgeDetector(), code, late(lateKeys, gap));
      const got = scans(results);
      expect(got.length).toBeLessThanOrEqual(1);
      if (got.length) {
        expect(got[0]).toEqual({ kind: 'scan', code });
        full++;
      } else rejected++;
    }
    expect(full).toBeGreaterThan(0); // single hiccups pass …
    expect(rejected).toBeGreaterThan(0); // … and slower bursts are turned away, both whole
  });

  it('does not take typing at 120 ms per character as a scan, even with a fast Enter', () => {
    const { results, last } = feed(createWedgeDetector(), '4006381333931', () => 120);
    expect(last).toEqual({ kind: 'typing' });
    expect(scans(results)).toEqual([]);
  });

  it('counts the suffix in the rhythm: a fast burst with an Enter 600 ms later is a person', () => {
    expect(feed(createWedgeDetector(), '12345678', () => 10, 0, 600).last).toEqual({ kind: 'typing' });
  });

  it('rejects typing that runs straight into a scan whole, instead of guessing where the scan began', () => {
    const sut = createWedgeDetector();
    const { results, end } = feed(sut, 'hello', () => 120, 0, 0, 'Shift'); // typed, no suffix
    expect(results[0]).toEqual({ kind: 'pending', first: true });
    const scan = feed(sut, '4006381333931', () => 10, end + 300); // (480 + 300 + 130) / 18 ≈ 51 ms per character
    expect(scan.last).toEqual({ kind: 'typing' });
    expect(scan.results[0]).toEqual({ kind: 'pending' }); // the same burst: no new start inside the code
  });

  it('honours custom thresholds: average, minimum length, suffix and pause', () => {
    const options: WedgeOptions = { maxAvgMsPerChar: 60, minLength: 6, suffixes: ['F13'], maxGapMs: 400 };
    expect(feed(createWedgeDetector(options), '12345678', () => 50, 0, 50, 'F13').last).toEqual({ kind: 'scan', code: '12345678' });
    expect(feed(createWedgeDetector(options), '12345', () => 5, 0, 5, 'F13').last).toEqual({ kind: 'typing' });
    expect(feed(createWedgeDetector(options), '12345678', () => 5, 0, 5, 'Enter').last).toEqual({ kind: 'pending' });
    const sut = createWedgeDetector(options);
    feed(sut, 'xy', () => 5, 0, 0, 'Shift');
    const after = feed(sut, '12345678', () => 5, 500, 5, 'F13'); // 500 ms > maxGapMs: a new burst
    expect(after.last).toEqual({ kind: 'scan', code: '12345678' });
  });
});
