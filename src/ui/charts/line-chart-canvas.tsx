import { useEffect, useRef } from 'react';
import { createChart, LineSeries, type IChartApi, type ISeriesApi, type Time } from 'lightweight-charts';
import { formatDateTime } from '../format-time';
import type { LineSeriesData } from './line-series';

/** The canvas cannot use CSS variables: read their current values from the element (dark mode included). */
function resolveColor(el: HTMLElement, color: string): string {
  const m = /^var\((--[\w-]+)(?:,\s*(.+))?\)$/.exec(color);
  if (!m) return color;
  const value = getComputedStyle(el).getPropertyValue(m[1]).trim();
  return value || (m[2] ? resolveColor(el, m[2].trim()) : '#888');
}

/** Epoch-second times are drawn in the browser's time zone (NOTES.md 10); the library itself speaks UTC. */
const localTime = (time: Time) => (typeof time === 'number' ? formatDateTime(time * 1000) : String(time));
const localTick = (time: Time) => (typeof time === 'number' ? formatDateTime(time * 1000).slice(11, 16) : null);

const priceFormat = (decimals: number) => (p: number) =>
  p.toLocaleString(document.documentElement.lang || undefined, { maximumFractionDigits: decimals, minimumFractionDigits: 0 });

/** The lazily loaded part of LineChart: a lightweight-charts chart, one line series per entry. */
export default function LineChartCanvas({ series, height, decimals = 0 }: { series: LineSeriesData[]; height: number; decimals?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const lines = useRef(new Map<string, ISeriesApi<'Line'>>());

  useEffect(() => {
    const el = box.current!;
    const style = getComputedStyle(el);
    const created = createChart(el, {
      autoSize: true,
      // The library's logo sat over the lines (issue 31 §13): its licence's link to TradingView is the attribution
      // line under every chart instead (LineChart), which the option's documentation allows.
      layout: { background: { color: 'transparent' }, textColor: style.color, fontFamily: style.fontFamily, attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(128,128,128,0.2)' } },
      // entireTextOnly: a value label cut by the pane's top or bottom edge ("2,5" of 2,500) is left out.
      rightPriceScale: { borderVisible: false, entireTextOnly: true, scaleMargins: { top: 0.1, bottom: 0.1 } },
      timeScale: { borderVisible: false, tickMarkFormatter: localTick },
      localization: { priceFormatter: priceFormat(0), timeFormatter: localTime },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = created;
    const map = lines.current;
    return () => {
      map.clear();
      created.remove();
      chart.current = null;
    };
  }, []);

  // Counts of tags are whole numbers: no decimals on the axis or crosshair unless the caller asks for them.
  useEffect(() => {
    chart.current?.applyOptions({ localization: { priceFormatter: priceFormat(decimals), timeFormatter: localTime } });
  }, [decimals]);

  useEffect(() => {
    const c = chart.current;
    const el = box.current;
    if (!c || !el) return;
    const keep = new Set(series.map((s) => s.key));
    for (const [key, line] of lines.current) {
      if (!keep.has(key)) {
        c.removeSeries(line);
        lines.current.delete(key);
      }
    }
    for (const s of series) {
      let line = lines.current.get(s.key);
      if (!line) {
        // Names are in the legend under the chart; titles and last-value tags on the price axis covered its labels.
        line = c.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: false });
        lines.current.set(s.key, line);
      }
      line.applyOptions({ color: resolveColor(el, s.color) });
      line.setData(s.points.map((p) => ({ time: p.time as Time, value: p.value })));
    }
    c.timeScale().applyOptions({ timeVisible: series.some((s) => typeof s.points[0]?.time === 'number') });
    c.timeScale().fitContent();
  }, [series]);

  return <div ref={box} style={{ height, width: '100%' }} />;
}
