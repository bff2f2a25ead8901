/*
 * Pure geometry behind the SVG charts, kept apart from React so that the arithmetic is unit-tested in node.
 * Angles are in degrees, 0 at twelve o'clock and growing clockwise: the way a dial or a donut is read.
 */

export interface Point {
  x: number;
  y: number;
}

/** Three decimals are far below a pixel and keep the path strings short and stable for tests. */
const round = (n: number) => Math.round(n * 1000) / 1000;

export function polar(cx: number, cy: number, r: number, deg: number): Point {
  const rad = ((deg - 90) * Math.PI) / 180;
  return { x: round(cx + r * Math.cos(rad)), y: round(cy + r * Math.sin(rad)) };
}

/**
 * Path of a clockwise arc from `startDeg` to `endDeg`, drawn as a stroke. A full turn is two half arcs: an SVG arc
 * whose end point equals its start point draws nothing.
 */
export function arcPath(cx: number, cy: number, r: number, startDeg: number, endDeg: number): string {
  const sweep = endDeg - startDeg;
  if (!(sweep > 0) || r <= 0) return '';
  if (sweep >= 360) {
    const top = polar(cx, cy, r, startDeg);
    const bottom = polar(cx, cy, r, startDeg + 180);
    return `M ${top.x} ${top.y} A ${r} ${r} 0 1 1 ${bottom.x} ${bottom.y} A ${r} ${r} 0 1 1 ${top.x} ${top.y}`;
  }
  const s = polar(cx, cy, r, startDeg);
  const e = polar(cx, cy, r, endDeg);
  return `M ${s.x} ${s.y} A ${r} ${r} 0 ${sweep > 180 ? 1 : 0} 1 ${e.x} ${e.y}`;
}

/** part / whole within [0, 1]; an empty whole is 0 rather than NaN (a store without tags). */
export function fraction(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.min(1, part / whole);
}

export interface ArcSegment {
  index: number;
  value: number;
  fraction: number;
  startDeg: number;
  endDeg: number;
}

/**
 * The slices of a donut: each value's share of the total as consecutive arcs. Zero values get no slice (a
 * zero-length arc with round caps would still show a dot); a zero total gives no slices at all.
 */
export function donutSegments(values: number[]): ArcSegment[] {
  const total = values.reduce((a, v) => a + Math.max(0, v), 0);
  if (total <= 0) return [];
  const out: ArcSegment[] = [];
  let start = 0;
  values.forEach((value, index) => {
    if (!(value > 0)) return;
    const f = value / total;
    const end = index === lastPositive(values) ? 360 : start + f * 360;
    out.push({ index, value, fraction: f, startDeg: start, endDeg: end });
    start = end;
  });
  return out;
}

// The last slice ends exactly at 360° so that rounding never leaves a hairline gap at twelve o'clock.
function lastPositive(values: number[]): number {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] > 0) return i;
  return -1;
}

/** A semicircle gauge runs from nine o'clock (-90°) to three o'clock (90°). */
export const GAUGE_START_DEG = -90;
export const GAUGE_END_DEG = 90;

export function gaugeEndDeg(f: number): number {
  return GAUGE_START_DEG + (GAUGE_END_DEG - GAUGE_START_DEG) * Math.min(1, Math.max(0, f));
}

export interface BarSpan {
  /** Offset and width in percent of the chart width. */
  x: number;
  width: number;
}

/**
 * Stacked horizontal bar segments in percent of the widest bar (`max`), so that the SVG scales with its box
 * without measuring it.
 */
export function stackSpans(values: number[], max: number): BarSpan[] {
  let x = 0;
  return values.map((v) => {
    const width = max > 0 && v > 0 ? round((v / max) * 100) : 0;
    const span = { x: round(x), width };
    x += width;
    return span;
  });
}

/** The largest total of stacked bars (the 100 % of the scale). */
export function stackMax(bars: number[][]): number {
  return bars.reduce(
    (m, segs) =>
      Math.max(
        m,
        segs.reduce((a, v) => a + Math.max(0, v), 0),
      ),
    0,
  );
}
