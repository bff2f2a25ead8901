import { formatCount } from './chart-format';

export interface ChartDatum {
  /** Stable key; also the suffix of the entry's data-testid. */
  key: string;
  label: string;
  value: number;
  color: string;
}

/** The values of a chart as visible text: what a reader (and a test) takes the numbers from. */
export function ChartLegend({ items, testId }: { items: ChartDatum[]; testId?: string }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.key} data-testid={testId ? `${testId}-${item.key}` : undefined} data-value={item.value}>
          <span className="chart-legend-swatch" style={{ background: item.color }} aria-hidden="true" />
          <span className="chart-legend-label">{item.label}</span>
          <span className="chart-legend-value">{formatCount(item.value)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One sentence for aria-label: "Normal 12, Alarm 3, Offline 1". */
export const describeData = (items: ChartDatum[]) => items.map((i) => `${i.label} ${formatCount(i.value)}`).join(', ');
