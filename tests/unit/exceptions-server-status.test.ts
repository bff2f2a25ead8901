import { describe, expect, it } from 'vitest';
import { downloadBody, gaugeOf, storeToShow } from '../../src/features/exceptions/exception-kinds';
import { formatBytes, historyPoints, historyQuery, serverStateKey } from '../../src/features/server-status/server-labels';

const stats = { totalTags: 100, errorTags: 7, noProductTags: 5, duplicateTags: 4, batteryNgTags: 3, totalGWs: 3, ngGWs: 2, ngGWDetail: [] };

describe('exceptions', () => {
  it('counts tag gauges against the tags and the NG gateways against the gateways', () => {
    expect(gaugeOf('error', stats)).toEqual({ value: 7, max: 100 });
    expect(gaugeOf('noProduct', stats)).toEqual({ value: 5, max: 100 });
    expect(gaugeOf('duplicate', stats)).toEqual({ value: 4, max: 100 });
    expect(gaugeOf('lowBattery', stats)).toEqual({ value: 3, max: 100 });
    expect(gaugeOf('ngGateway', stats)).toEqual({ value: 2, max: 3 });
  });

  it('downloads each list with the type and filter that select the same rows', () => {
    expect(downloadBody('error', 'TKY001')).toEqual({ type: 3, storeCode: 'TKY001', filter: { preset: 'error' } });
    expect(downloadBody('noProduct', 'TKY001')).toEqual({ type: 3, storeCode: 'TKY001', filter: { preset: 'NoProduct' } });
    expect(downloadBody('lowBattery', 'X').filter?.table).toEqual({ filter_battStatus: 'NG', condition_battStatus: '==' });
    expect(downloadBody('duplicate', 'X').filter?.table).toEqual({ filter_countByPrCode: 2, condition_countByPrCode: '>=' });
    expect(downloadBody('ngGateway', 'X')).toEqual({ type: 2, storeCode: 'X', filter: { table: { filter_status: ['ALARM', 'OFFLINE'] } } });
  });

  it('keeps the picked store only while the member has it', () => {
    expect(storeToShow('TKY002', ['TKY001', 'TKY002'])).toBe('TKY002');
    expect(storeToShow('LON001', ['TKY001', 'TKY002'])).toBe('TKY001');
    expect(storeToShow(null, [])).toBeUndefined();
  });
});

describe('server status', () => {
  // spec: core §4.2
  it('shows states upper case; the spec list is translated, others shown as they came', () => {
    expect(serverStateKey('primary')).toEqual({ upper: 'PRIMARY', known: 'PRIMARY' });
    expect(serverStateKey('STARTUP2')).toEqual({ upper: 'STARTUP2', known: 'STARTUP2' });
    expect(serverStateKey('weird')).toEqual({ upper: 'WEIRD' });
  });

  it('formats bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(500 * 1024 ** 3)).toBe('500.0 GiB');
    expect(formatBytes(1536 * 1024 ** 2)).toBe('1.5 GiB');
  });

  // spec: core §9.3 — history window 24 h (86400 s), end -1
  it('asks for the 24 h window ending now (-1)', () => {
    expect(historyQuery(1_700_000_000_500)).toEqual({ start: 1_700_000_000 - 86_400, end: -1 });
  });

  it('turns samples into one point per second, oldest first, skipping missing values', () => {
    const pts = historyPoints(
      [
        { time: '2026-01-01T00:10:00.000Z', memory: 40 },
        { time: '2026-01-01T00:00:00.000Z', memory: 30, disk: 10 },
        { time: '2026-01-01T00:20:00.000Z', disk: 12 },
      ],
      'memory',
    );
    const t0 = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
    expect(pts).toEqual([
      { time: t0, value: 30 },
      { time: t0 + 600, value: 40 },
    ]);
  });
});
