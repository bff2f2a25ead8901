import type { SystemStatusPoint, SystemStatusQuery } from '../../../contract/schemas/status';
import { STATUS_HISTORY_END_NOW, STATUS_HISTORY_WINDOW_S } from '../../../contract/schemas/constants-core';
import type { LinePoint } from './line-chart';

/*
 * The 24 h health history of a server or a gateway (console-core §2, §7): the same call shape
 * (GET /system/status/{kind}/{id}?start&end), the same window and the same chart, so both detail pages share it.
 */

/** The history call's window (console-core §7): start 24 h before now, end -1 ("now"), in epoch seconds. */
export function historyQuery(nowMs: number): SystemStatusQuery {
  return { start: Math.floor(nowMs / 1000) - STATUS_HISTORY_WINDOW_S, end: STATUS_HISTORY_END_NOW };
}

export type HistoryField = Exclude<keyof SystemStatusPoint, 'time'>;

/**
 * One line per measured field: points in epoch seconds, oldest first, one per second at most. With `nowMs`,
 * points older than the 24 h window are trimmed (console-core §2: "older points trimmed"), whatever the server sent.
 */
export function historyPoints(points: readonly SystemStatusPoint[], field: HistoryField, nowMs?: number): LinePoint[] {
  const since = nowMs === undefined ? -Infinity : Math.floor(nowMs / 1000) - STATUS_HISTORY_WINDOW_S;
  const bySecond = new Map<number, number>();
  for (const p of points) {
    const value = p[field];
    const ms = Date.parse(p.time);
    if (value === undefined || Number.isNaN(ms) || Math.floor(ms / 1000) < since) continue;
    bySecond.set(Math.floor(ms / 1000), value);
  }
  return [...bySecond].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value }));
}
