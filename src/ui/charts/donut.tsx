import { arcPath, donutSegments } from './chart-geometry';
import { CHART_COLORS, formatCount } from './chart-format';
import { ChartLegend, describeData, type ChartDatum } from './chart-legend';
import './charts.css';

const SIZE = 120;
const R = 48;
const STROKE = 16;

interface DonutProps {
  items: ChartDatum[];
  /** Text under the number in the hole (e.g. "Total"). */
  centerLabel: string;
  /** The number in the hole; the sum of the items unless given. */
  centerValue?: number;
  title: string;
  testId?: string;
}

/** Donut of shares (status counts and the like) with the total in the hole and the values in a legend. */
// spec: core §2.25 — the donut chart
export function Donut({ items, centerLabel, centerValue, title, testId }: DonutProps) {
  const total = centerValue ?? items.reduce((a, i) => a + i.value, 0);
  const segments = donutSegments(items.map((i) => i.value));
  const c = SIZE / 2;
  return (
    <figure className="chart chart-donut" data-testid={testId}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`${title}: ${describeData(items)}`}>
        <circle cx={c} cy={c} r={R} fill="none" stroke={CHART_COLORS.track} strokeWidth={STROKE} />
        {segments.map((s) => (
          <path
            key={items[s.index].key}
            d={arcPath(c, c, R, s.startDeg, s.endDeg)}
            fill="none"
            stroke={items[s.index].color}
            strokeWidth={STROKE}
          />
        ))}
        <text
          x={c}
          y={c}
          className="chart-center-value"
          textAnchor="middle"
          dominantBaseline="central"
          data-testid={testId ? `${testId}-total` : undefined}
          data-value={total}
        >
          {formatCount(total)}
        </text>
        <text x={c} y={c + 17} className="chart-center-label" textAnchor="middle" dominantBaseline="central">
          {centerLabel}
        </text>
      </svg>
      <ChartLegend items={items} testId={testId} />
    </figure>
  );
}
