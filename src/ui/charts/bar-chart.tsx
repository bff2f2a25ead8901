import { stackMax, stackSpans } from './chart-geometry';
import { formatCount } from './chart-format';
import './charts.css';

export interface BarSegment {
  key: string;
  label: string;
  value: number;
  color: string;
}

export interface Bar {
  /** Stable key; also the suffix of the row's data-testid. */
  key: string;
  label: string;
  /** Stacked left to right; the bar's number is their sum unless `total` says otherwise. */
  segments: BarSegment[];
  total?: number;
}

interface BarChartProps {
  bars: Bar[];
  title: string;
  testId?: string;
}

const ROW = 40;
const BAR_Y = 20;
const BAR_H = 12;

/*
 * Horizontal stacked bars: the label sits above its bar, so that long store names fit a phone without measuring
 * text. Positions are percentages of the SVG's width, which makes it fluid; only the height is fixed per row.
 */
// spec: core §2.25 — the bar chart
export function BarChart({ bars, title, testId }: BarChartProps) {
  const max = stackMax(bars.map((b) => b.segments.map((s) => s.value)));
  const legend = uniqueSegments(bars);
  return (
    <figure className="chart chart-bars" data-testid={testId}>
      <svg
        width="100%"
        height={bars.length * ROW}
        role="img"
        aria-label={`${title}: ${bars.map((b) => `${b.label} ${formatCount(totalOf(b))}`).join(', ')}`}
      >
        {bars.map((bar, row) => {
          const spans = stackSpans(
            bar.segments.map((s) => s.value),
            max,
          );
          const y = row * ROW;
          return (
            <g key={bar.key} data-testid={testId ? `${testId}-bar-${bar.key}` : undefined} data-value={totalOf(bar)}>
              <text x="0" y={y + 13} className="chart-bar-label">
                {bar.label}
              </text>
              <text x="100%" y={y + 13} textAnchor="end" className="chart-bar-value">
                {formatCount(totalOf(bar))}
              </text>
              {bar.segments.map((seg, i) =>
                spans[i].width > 0 ? (
                  <rect key={seg.key} x={`${spans[i].x}%`} y={y + BAR_Y} width={`${spans[i].width}%`} height={BAR_H} fill={seg.color}>
                    <title>{`${bar.label} · ${seg.label}: ${formatCount(seg.value)}`}</title>
                  </rect>
                ) : null,
              )}
            </g>
          );
        })}
      </svg>
      {legend.length > 1 && (
        <ul className="chart-legend chart-legend-inline" aria-hidden="true">
          {legend.map((s) => (
            <li key={s.key}>
              <span className="chart-legend-swatch" style={{ background: s.color }} />
              <span className="chart-legend-label">{s.label}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

const totalOf = (bar: Bar) => bar.total ?? bar.segments.reduce((a, s) => a + s.value, 0);

function uniqueSegments(bars: Bar[]): BarSegment[] {
  const seen = new Map<string, BarSegment>();
  for (const b of bars) for (const s of b.segments) if (!seen.has(s.key)) seen.set(s.key, s);
  return [...seen.values()];
}
