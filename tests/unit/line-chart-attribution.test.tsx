import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LineChart } from '../../src/ui/charts/line-chart';

/*
 * Issue 31 §13: lightweight-charts' logo sat over the lines, so the canvas draws none (attributionLogo: false) and the
 * link its licence asks for is a line of the chart's own markup, under the legend, reachable by keyboard and screen
 * reader (outside the legend's aria-hidden list).
 */
describe('line chart attribution', () => {
  it('links to TradingView under the legend, outside what is hidden from assistive technology', () => {
    const series = [{ key: 'tags', label: 'Tags', color: 'blue', points: [{ time: '2026-11-28', value: 4 }] }];
    const markup = renderToStaticMarkup(createElement(LineChart, { series, title: 'Daily', testId: 'daily' }));
    const foot = /<div class="chart-line-foot">(.*?)<\/div>/.exec(markup)?.[1] ?? '';
    expect(foot).toMatch(/<ul class="chart-legend chart-legend-inline" aria-hidden="true">.*Tags.*<\/ul>/);
    expect(foot).toMatch(
      /<a class="chart-attribution" href="https:\/\/www.tradingview.com\/" target="_blank" rel="noopener noreferrer">TradingView Lightweight Charts™<\/a>$/,
    );
  });
});
