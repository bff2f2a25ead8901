import { arcPath, fraction } from './chart-geometry';
import { CHART_COLORS, formatPercent } from './chart-format';
import './charts.css';

const SIZE = 120;
const R = 50;
const STROKE = 12;

interface RadialProps {
  value: number;
  max: number;
  color?: string;
  /** Said by screen readers with the percentage, e.g. "Good tags". */
  title: string;
  /** Text under the percentage. */
  caption?: string;
  testId?: string;
}

/** Radial progress: value / max as a ring, the percentage in the middle. */
// spec: core §2.25 — the radial chart
export function Radial({ value, max, color = CHART_COLORS.good, title, caption, testId }: RadialProps) {
  const f = fraction(value, max);
  const c = SIZE / 2;
  return (
    <figure className="chart chart-radial" data-testid={testId}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`${title}: ${formatPercent(f)} (${value} / ${max})`}>
        <circle cx={c} cy={c} r={R} fill="none" stroke={CHART_COLORS.track} strokeWidth={STROKE} />
        <path d={arcPath(c, c, R, 0, f * 360)} fill="none" stroke={color} strokeWidth={STROKE} strokeLinecap={f < 1 ? 'round' : 'butt'} />
        <text
          x={c}
          y={c}
          className="chart-center-value"
          textAnchor="middle"
          dominantBaseline="central"
          data-testid={testId ? `${testId}-percent` : undefined}
        >
          {formatPercent(f)}
        </text>
        {caption && (
          <text x={c} y={c + 18} className="chart-center-label" textAnchor="middle" dominantBaseline="central">
            {caption}
          </text>
        )}
      </svg>
    </figure>
  );
}
