import { arcPath, fraction, gaugeEndDeg, GAUGE_END_DEG, GAUGE_START_DEG } from './chart-geometry';
import { CHART_COLORS, formatCount, formatPercent } from './chart-format';
import './charts.css';

const W = 120;
const R = 48;
const STROKE = 14;
const CY = 58;

interface GaugeProps {
  value: number;
  max: number;
  title: string;
  color?: string;
  /** Under the gauge; defaults to "value / max". */
  caption?: string;
  testId?: string;
}

/** Semicircle gauge (dashboard and exceptions): value against max, the count in the middle. */
export function Gauge({ value, max, title, color = CHART_COLORS.bad, caption, testId }: GaugeProps) {
  const f = fraction(value, max);
  const c = W / 2;
  return (
    <figure className="chart chart-gauge" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${CY + 12}`} role="img" aria-label={`${title}: ${value} / ${max} (${formatPercent(f)})`}>
        <path d={arcPath(c, CY, R, GAUGE_START_DEG, GAUGE_END_DEG)} fill="none" stroke={CHART_COLORS.track} strokeWidth={STROKE} />
        <path d={arcPath(c, CY, R, GAUGE_START_DEG, gaugeEndDeg(f))} fill="none" stroke={color} strokeWidth={STROKE} />
        <text
          x={c}
          y={CY - 8}
          className="chart-center-value"
          textAnchor="middle"
          data-testid={testId ? `${testId}-value` : undefined}
          data-value={value}
        >
          {formatCount(value)}
        </text>
        <text x={c} y={CY + 8} className="chart-center-label" textAnchor="middle">
          {caption ?? `/ ${formatCount(max)}`}
        </text>
      </svg>
    </figure>
  );
}
