import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BarChart } from '../../src/ui/charts/bar-chart';
import { Donut } from '../../src/ui/charts/donut';
import { LineChart } from '../../src/ui/charts/line-chart';
import { Radial } from '../../src/ui/charts/radial';

/*
 * console-core §2 Dashboard: donut, radial, bar and line charts. Each chart is drawn from the numbers it is given;
 * the markup (what the browser draws and what a screen reader says) must carry exactly those numbers.
 */
const html = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element);
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

// spec: core §2.25 — donut, radial, bar and line charts drawn from their numbers
describe('dashboard charts', () => {
  it('draws a donut slice for each non-zero value, names every value and shows the total in the hole', () => {
    const items = [
      { key: 'NORMAL', label: 'Normal', value: 3, color: 'green' },
      { key: 'ALARM', label: 'Alarm', value: 1, color: 'yellow' },
      { key: 'OFFLINE', label: 'Offline', value: 0, color: 'red' },
    ];
    const donut = html(createElement(Donut, { items, centerLabel: 'Total', centerValue: 4, title: 'Gateways', testId: 'gw' }));
    expect(donut).toContain('aria-label="Gateways: Normal 3, Alarm 1, Offline 0"');
    expect(count(donut, /<path [^>]*stroke="(green|yellow|red)"/g)).toBe(2);
    expect(donut).toMatch(/data-testid="gw-total" data-value="4">4</);
    for (const item of items) expect(donut).toContain(`data-testid="gw-${item.key}" data-value="${item.value}"`);
  });

  it('draws a radial ring of value / max with the percentage in the middle', () => {
    const radial = html(createElement(Radial, { value: 3, max: 4, title: 'Good tags', testId: 'good' }));
    expect(radial).toContain('aria-label="Good tags: 75% (3 / 4)"');
    expect(radial).toMatch(/data-testid="good-percent">75%</);
    const full = html(createElement(Radial, { value: 4, max: 4, title: 'Good tags' }));
    expect(full).toContain('(4 / 4)');
    expect(full).toMatch(/>100%</);
  });

  it('draws one bar per store, its segments in proportion to the widest bar', () => {
    const bars = [
      {
        key: 'TKY001',
        label: 'Shibuya',
        segments: [
          { key: 'ok', label: 'OK', value: 5, color: 'green' },
          { key: 'ng', label: 'NG', value: 2, color: 'red' },
        ],
      },
      { key: 'TKY002', label: 'Shinjuku', segments: [{ key: 'ok', label: 'OK', value: 3, color: 'green' }] },
    ];
    const chart = html(createElement(BarChart, { bars, title: 'Tags', testId: 'tags' }));
    expect(chart).toContain('aria-label="Tags: Shibuya 7, Shinjuku 3"');
    expect(chart).toContain('data-testid="tags-bar-TKY001" data-value="7"');
    expect(chart).toContain('data-testid="tags-bar-TKY002" data-value="3"');
    expect(count(chart, /<rect /g)).toBe(3);
    expect(chart).toMatch(/width="71\.429%"[^>]*fill="green"/);
    expect(chart).toMatch(/width="28\.571%"[^>]*fill="red"/);
    expect(chart).toMatch(/width="42\.857%"[^>]*fill="green"/);
  });

  it("lists a line chart's points by time with their values (the canvas draws the same series)", () => {
    const series = [
      {
        key: 'tags',
        label: 'Tags',
        color: 'blue',
        points: [
          { time: 1_700_000_000, value: 4 },
          { time: 1_700_086_400, value: 7 },
        ],
      },
    ];
    const line = html(createElement(LineChart, { series, title: 'Daily', testId: 'daily' }));
    expect(line).toMatch(/data-testid="daily-row-1700000000"><th scope="row">[^<]+<\/th><td data-series="tags" data-value="4">4</);
    expect(line).toMatch(/data-testid="daily-row-1700086400"><th scope="row">[^<]+<\/th><td data-series="tags" data-value="7">7</);
    expect(count(line, /data-testid="daily-row-/g)).toBe(2);
  });
});
