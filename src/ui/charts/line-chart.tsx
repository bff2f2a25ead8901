import { lazy, Suspense, useRef } from 'react';
import { formatDateTime } from '../format-time';
import { useNearViewport } from '../use-near-viewport';
import { formatCount } from './chart-format';
import type { LineSeriesData } from './line-series';
import './charts.css';

export type { LinePoint, LineSeriesData } from './line-series';

export interface LineChartProps {
  series: LineSeriesData[];
  title: string;
  height?: number;
  testId?: string;
  /** Decimals on the value axis; counts (the default) have none, measurements such as temperatures do. */
  decimals?: number;
}

// lightweight-charts (~45 KB gzip) is only fetched when a time series comes near the screen (useNearViewport).
const LineChartCanvas = lazy(() => import('./line-chart-canvas'));

/**
 * Time series over days. The canvas cannot be read by screen readers or tests, so the same numbers are also
 * in a visually hidden table.
 */
// spec: core §2.25 — the line chart
export function LineChart({ series, title, height = 200, testId, decimals = 0 }: LineChartProps) {
  const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.time)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <figure className="chart chart-line" data-testid={testId}>
      <div ref={box} style={{ height }} aria-hidden="true">
        {near && (
          <Suspense fallback={null}>
            <LineChartCanvas series={series} height={height} decimals={decimals} />
          </Suspense>
        )}
      </div>
      <div className="chart-line-foot">
        <ul className="chart-legend chart-legend-inline" aria-hidden="true">
          {series.map((s) => (
            <li key={s.key}>
              <span className="chart-legend-swatch" style={{ background: s.color }} />
              <span className="chart-legend-label">{s.label}</span>
            </li>
          ))}
        </ul>
        {/*
          The attribution lightweight-charts' licence asks for (its NOTICE and a link to TradingView), in place of
          the logo the library draws over the lines: a product name, the same in every language.
        */}
        <a className="chart-attribution" href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
      </div>
      {/*
        The data as a table for screen readers, hidden inside a clipping box: a table grows to its rows whatever
        height it is given, and its rows stretched the page below (a blank area at the bottom of gateway detail).
      */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((d) => (
              <tr key={d} data-testid={testId ? `${testId}-row-${d}` : undefined}>
                <th scope="row">{typeof d === 'number' ? formatDateTime(d * 1000) : d}</th>
                {series.map((s) => {
                  const v = s.points.find((p) => p.time === d)?.value ?? 0;
                  return (
                    <td key={s.key} data-series={s.key} data-value={v}>
                      {formatCount(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
