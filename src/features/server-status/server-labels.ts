import { SERVER_STATES } from '../../../contract/schemas/status';

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

// The 24 h history helpers are shared with the gateway detail (src/ui/charts/status-history).
export { historyPoints, historyQuery } from '../../ui/charts/status-history';
