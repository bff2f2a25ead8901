import type { SystemStatusPoint, SystemStatusQuery } from '../../api/contract/status';
import { SERVER_STATES } from '../../api/contract/status';
import { STATUS_HISTORY_END_NOW, STATUS_HISTORY_WINDOW_S } from './server-status-constants';

export type KnownServerState = (typeof SERVER_STATES)[number];

/**
 * console-core §4: replica-set states are shown upper case and translated. A state outside the spec's list has
 * no translation: it is shown upper case as it came.
 */
export function serverStateKey(state: string): { upper: string; known?: KnownServerState } {
  const upper = state.trim().toUpperCase();
  return (SERVER_STATES as readonly string[]).includes(upper) ? { upper, known: upper as KnownServerState } : { upper };
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Bytes in binary units with one decimal ("120.5 GiB"), as disk and memory sizes are usually read. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exp = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exp;
  return `${exp === 0 ? value : value.toFixed(1)} ${UNITS[exp]}`;
}

/** The history call's window (console-core §7): start 24 h before now, end -1 ("now"), in epoch seconds. */
export function historyQuery(nowMs: number): SystemStatusQuery {
  return { start: Math.floor(nowMs / 1000) - STATUS_HISTORY_WINDOW_S, end: STATUS_HISTORY_END_NOW };
}

export type HistoryField = 'memory' | 'disk' | 'cpu';

/** One line per measured field: points in epoch seconds, oldest first, one per second at most. */
export function historyPoints(points: readonly SystemStatusPoint[], field: HistoryField): { time: number; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const p of points) {
    const value = p[field];
    const ms = Date.parse(p.time);
    if (value === undefined || Number.isNaN(ms)) continue;
    bySecond.set(Math.floor(ms / 1000), value);
  }
  return [...bySecond].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value }));
}
