import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/ui/charts/chart-format';
import { arcPath, donutSegments, fraction, gaugeEndDeg, polar, stackMax, stackSpans } from '../../src/ui/charts/chart-geometry';

describe('polar', () => {
  it('puts 0° at twelve o’clock and turns clockwise', () => {
    expect(polar(50, 50, 10, 0)).toEqual({ x: 50, y: 40 });
    expect(polar(50, 50, 10, 90)).toEqual({ x: 60, y: 50 });
    expect(polar(50, 50, 10, 180)).toEqual({ x: 50, y: 60 });
    expect(polar(50, 50, 10, -90)).toEqual({ x: 40, y: 50 });
  });
});

describe('arcPath', () => {
  it('draws a quarter as a small clockwise arc', () => {
    expect(arcPath(50, 50, 10, 0, 90)).toBe('M 50 40 A 10 10 0 0 1 60 50');
  });

  it('sets the large-arc flag past half a turn', () => {
    expect(arcPath(50, 50, 10, 0, 270)).toBe('M 50 40 A 10 10 0 1 1 40 50');
  });

  it('draws a full turn as two half arcs (an arc back to its start would draw nothing)', () => {
    expect(arcPath(50, 50, 10, 0, 360)).toBe('M 50 40 A 10 10 0 1 1 50 60 A 10 10 0 1 1 50 40');
  });

  it('draws nothing for an empty or reversed sweep', () => {
    expect(arcPath(50, 50, 10, 30, 30)).toBe('');
    expect(arcPath(50, 50, 10, 90, 30)).toBe('');
    expect(arcPath(50, 50, 10, 0, Number.NaN)).toBe('');
  });
});

describe('donutSegments', () => {
  it('gives each value its share of the turn, in order', () => {
    const s = donutSegments([2, 1, 1]);
    expect(s.map((x) => [x.index, x.startDeg, x.endDeg])).toEqual([
      [0, 0, 180],
      [1, 180, 270],
      [2, 270, 360],
    ]);
    expect(s.map((x) => x.fraction)).toEqual([0.5, 0.25, 0.25]);
  });

  it('skips zero values and ends the last slice exactly at 360°', () => {
    const s = donutSegments([1, 0, 2, 0]);
    expect(s.map((x) => x.index)).toEqual([0, 2]);
    expect(s[1].endDeg).toBe(360);
    expect(donutSegments([1, 1, 1]).at(-1)!.endDeg).toBe(360);
  });

  it('gives a lone value the full circle and an empty total no slices', () => {
    expect(donutSegments([0, 7, 0])).toEqual([{ index: 1, value: 7, fraction: 1, startDeg: 0, endDeg: 360 }]);
    expect(donutSegments([0, 0])).toEqual([]);
    expect(donutSegments([])).toEqual([]);
  });
});

describe('fraction and gauge', () => {
  it('clamps to [0, 1] and treats an empty whole as 0', () => {
    expect(fraction(3, 4)).toBe(0.75);
    expect(fraction(5, 4)).toBe(1);
    expect(fraction(3, 0)).toBe(0);
    expect(fraction(-1, 4)).toBe(0);
  });

  it('maps a gauge fraction onto the upper half from -90° to 90°', () => {
    expect(gaugeEndDeg(0)).toBe(-90);
    expect(gaugeEndDeg(0.5)).toBe(0);
    expect(gaugeEndDeg(1)).toBe(90);
    expect(gaugeEndDeg(2)).toBe(90);
  });
});

describe('stacked bars', () => {
  it('lays segments side by side in percent of the widest bar', () => {
    const max = stackMax([
      [50, 25, 25],
      [10, 0, 30],
    ]);
    expect(max).toBe(100);
    expect(stackSpans([50, 25, 25], max)).toEqual([
      { x: 0, width: 50 },
      { x: 50, width: 25 },
      { x: 75, width: 25 },
    ]);
    expect(stackSpans([10, 0, 30], max)).toEqual([
      { x: 0, width: 10 },
      { x: 10, width: 0 },
      { x: 10, width: 30 },
    ]);
  });

  it('gives every bar zero width when all are empty', () => {
    expect(stackSpans([0, 0], stackMax([[0, 0]]))).toEqual([
      { x: 0, width: 0 },
      { x: 0, width: 0 },
    ]);
  });
});

describe('formatCount', () => {
  // It groups whole numbers without Intl: its result must be what Intl writes in each of the console's languages.
  const samples = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 22_000, 123_456_789, -1, -1000, -12_345_678, Number.MAX_SAFE_INTEGER];
  for (const lang of ['en-US', 'ja-JP', 'ko-KR']) {
    it(`writes counts as Intl does in ${lang}`, () => {
      const intl = new Intl.NumberFormat(lang);
      for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n));
    });
  }

  it('leaves fractions to Intl', () => {
    expect(formatCount(1234.5)).toBe(new Intl.NumberFormat('en-US').format(1234.5));
  });
});
