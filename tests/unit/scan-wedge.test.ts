import { describe, expect, it } from 'vitest';
import { createWedgeDetector, isPrintableKey, type WedgeDetector, type WedgeResult } from '../../src/scan/input/wedge';

/** Feed `text` at `ms` per key from `start`, then `suffix` one interval later; returns every result and the end time. */
function burst(sut: WedgeDetector, text: string, ms: number, start = 0, suffix?: string) {
  const results: WedgeResult[] = [];
  let t = start;
  for (const ch of text) {
    results.push(sut.key({ key: ch, timeStamp: t }));
    t += ms;
  }
  if (suffix) results.push(sut.key({ key: suffix, timeStamp: t - ms + Math.min(ms, 30) }));
  return { results, end: t, last: results[results.length - 1] };
}

describe('wedge detector', () => {
  it('takes 10 ms per character ending in Enter as a scan', () => {
    const sut = createWedgeDetector();
    const { results, last } = burst(sut, '4006381333931', 10, 1000, 'Enter');
    expect(last).toEqual({ kind: 'scan', code: '4006381333931' });
    expect(results.slice(0, -1).every((r) => r.kind === 'pending')).toBe(true);
    expect(results[0]).toEqual({ kind: 'pending', first: true });
  });

  it('takes 10 ms per character ending in Tab as a scan', () => {
    const sut = createWedgeDetector();
    expect(burst(sut, 'A1B2C3D4E5F6', 10, 0, 'Tab').last).toEqual({ kind: 'scan', code: 'A1B2C3D4E5F6' });
  });

  it('does not take 120 ms per character as a scan', () => {
    const sut = createWedgeDetector();
    const { results, last } = burst(sut, '4006381333931', 120, 0, 'Enter');
    expect(last).toEqual({ kind: 'typing' });
    expect(results.some((r) => r.kind === 'scan')).toBe(false);
  });

  it('does not take 40 ms per character (over the 30 ms average) as a scan, but does at 30', () => {
    expect(burst(createWedgeDetector(), '12345678', 40, 0, 'Enter').last).toEqual({ kind: 'typing' });
    expect(burst(createWedgeDetector(), '12345678', 30, 0, 'Enter').last).toEqual({ kind: 'scan', code: '12345678' });
  });

  it('judges the average, so one slow key inside a fast burst still scans', () => {
    const sut = createWedgeDetector();
    const keys = [0, 5, 10, 70, 75, 80, 85, 90]; // one 60 ms hiccup; average 90/7 ≈ 13 ms
    keys.forEach((t, i) => sut.key({ key: String(i), timeStamp: t }));
    expect(sut.key({ key: 'Enter', timeStamp: 95 })).toEqual({ kind: 'scan', code: '01234567' });
  });

  it('treats a burst shorter than minLength as typing, and honours a custom minLength', () => {
    expect(burst(createWedgeDetector(), 'abc', 5, 0, 'Enter').last).toEqual({ kind: 'typing' });
    expect(burst(createWedgeDetector(), 'abcd', 5, 0, 'Enter').last).toEqual({ kind: 'scan', code: 'abcd' });
    expect(burst(createWedgeDetector({ minLength: 8 }), 'abcdefg', 5, 0, 'Enter').last).toEqual({ kind: 'typing' });
  });

  it('treats a lone suffix as typing', () => {
    expect(createWedgeDetector().key({ key: 'Enter', timeStamp: 5 })).toEqual({ kind: 'typing' });
    expect(createWedgeDetector().key({ key: 'Tab', timeStamp: 5 })).toEqual({ kind: 'typing' });
  });

  it('splits bursts at a pause longer than maxGapMs: the scan holds only what came after it', () => {
    const sut = createWedgeDetector();
    burst(sut, 'zz', 10, 0);
    const second = burst(sut, '12345678', 10, 1500, 'Enter');
    expect(second.results[0]).toEqual({ kind: 'pending', first: true });
    expect(second.last).toEqual({ kind: 'scan', code: '12345678' });
  });

  it('keeps bursts together under a custom maxGapMs', () => {
    const sut = createWedgeDetector({ maxGapMs: 3000, maxAvgMsPerChar: 400 }); // 0,10,1200,1210, Enter 1220 → 305 ms avg
    burst(sut, 'ab', 10, 0);
    expect(burst(sut, 'cd', 10, 1200, 'Enter').last).toEqual({ kind: 'scan', code: 'abcd' });
  });

  it('treats a suffix after a pause as typing (a person pressed Enter after a fast burst)', () => {
    const sut = createWedgeDetector();
    burst(sut, '12345678', 10, 0);
    expect(sut.key({ key: 'Enter', timeStamp: 2000 })).toEqual({ kind: 'typing' });
  });

  it('takes 0 ms intervals (a buffered scanner flushing its buffer) as a scan', () => {
    const sut = createWedgeDetector();
    expect(burst(sut, '96385074', 0, 42, 'Enter').last).toEqual({ kind: 'scan', code: '96385074' });
  });

  it('takes typing, a pause and a scan apart: the typing is not part of the code', () => {
    const sut = createWedgeDetector();
    const typed = burst(sut, 'hello', 120, 0);
    expect(typed.results[0]).toEqual({ kind: 'pending', first: true });
    const scan = burst(sut, '4006381333931', 10, typed.end + 1500, 'Enter');
    expect(scan.results[0]).toEqual({ kind: 'pending', first: true });
    expect(scan.last).toEqual({ kind: 'scan', code: '4006381333931' });
  });

  it('takes a scan followed by typing apart, and scans twice in a row without doubling', () => {
    const sut = createWedgeDetector();
    const a = burst(sut, '11112222', 10, 0, 'Enter');
    const b = burst(sut, '33334444', 10, a.end + 50, 'Tab');
    expect([a.last, b.last]).toEqual([
      { kind: 'scan', code: '11112222' },
      { kind: 'scan', code: '33334444' },
    ]);
    expect(burst(sut, 'ok', 150, b.end + 500, 'Enter').last).toEqual({ kind: 'typing' });
    expect(sut.key({ key: 'Enter', timeStamp: 99_999 })).toEqual({ kind: 'typing' }); // nothing left to re-deliver
  });

  it('ignores non-printable keys inside a burst (Shift for capitals, CapsLock)', () => {
    const sut = createWedgeDetector();
    let t = 0;
    const keys = ['Shift', 'A', 'Shift', 'B', 'CapsLock', 'c', 'd', 'Unidentified', 'e'];
    const results = keys.map((key) => sut.key({ key, timeStamp: (t += 5) }));
    expect(results[0]).toEqual({ kind: 'typing' }); // nothing pending yet
    expect(results[2]).toEqual({ kind: 'pending' });
    expect(sut.key({ key: 'Enter', timeStamp: (t += 5) })).toEqual({ kind: 'scan', code: 'ABcde' });
  });

  it('breaks a burst on a modifier shortcut (Ctrl+V is a person)', () => {
    const sut = createWedgeDetector();
    burst(sut, 'abcd', 5, 0);
    expect(sut.key({ key: 'v', timeStamp: 25, ctrlKey: true })).toEqual({ kind: 'typing' });
    expect(sut.key({ key: 'Enter', timeStamp: 30 })).toEqual({ kind: 'typing' });
  });

  it('honours custom suffixes: Enter is then an ordinary key', () => {
    const sut = createWedgeDetector({ suffixes: ['F13'] });
    burst(sut, 'abcdef', 5, 0);
    expect(sut.key({ key: 'Enter', timeStamp: 31 })).toEqual({ kind: 'pending' }); // non-printable: ignored
    expect(sut.key({ key: 'F13', timeStamp: 32 })).toEqual({ kind: 'scan', code: 'abcdef' });
  });

  it('keeps every character, including spaces and non-ASCII', () => {
    const sut = createWedgeDetector();
    expect(burst(sut, 'AB 12-é/ü', 3, 0, 'Enter').last).toEqual({ kind: 'scan', code: 'AB 12-é/ü' });
  });

  it('forgets the current burst on reset()', () => {
    const sut = createWedgeDetector();
    burst(sut, 'abcdef', 5, 0);
    sut.reset();
    expect(sut.key({ key: 'Enter', timeStamp: 31 })).toEqual({ kind: 'typing' });
  });

  it('knows printable keys from named keys', () => {
    expect(['a', 'Z', '0', ' ', 'é', '😀'].every(isPrintableKey)).toBe(true);
    expect(['Shift', 'Enter', 'ArrowLeft', 'Dead', 'F1', ''].some(isPrintableKey)).toBe(false);
  });
});
