import type { ChannelMap } from '../../../contract/schemas/gateways';
import { CHANNEL_MAX_OUTBAND, CHANNEL_MIN, DEFAULT_CHANNEL_ROW } from '../../../contract/schemas/constants-core';

/*
 * The channel setting (console-core §3, §7): a map gwIndex → {dataChannel, eventChannel}, edited as rows. The
 * form names a row's values "row<i>.<column>"; rows are numbered 0..n-1 without gaps.
 */
export const CHANNEL_COLUMNS = ['gwIndex', 'dataChannel', 'eventChannel'] as const;
export type ChannelColumn = (typeof CHANNEL_COLUMNS)[number];
type Values = Record<string, string>;

export const cellName = (row: number, column: ChannelColumn) => `row${row}.${column}`;

export function rowCount(values: Values): number {
  let n = 0;
  while (cellName(n, 'gwIndex') in values) n++;
  return n;
}

export function channelValuesOf(map: ChannelMap): Values {
  const rows = Object.entries(map).sort(([a], [b]) => Number(a) - Number(b));
  return Object.fromEntries(
    rows.flatMap(([gwIndex, c], i) => [
      [cellName(i, 'gwIndex'), gwIndex],
      [cellName(i, 'dataChannel'), String(c.dataChannel)],
      [cellName(i, 'eventChannel'), String(c.eventChannel)],
    ]),
  );
}

/** A new row starts at gwIndex 0, data channel 11, event channel 26 (console-core §3, §9). */
// spec: core §3.4 — a new row is gwIndex 0, data 11, event 26
export function withNewRow(values: Values): Values {
  const n = rowCount(values);
  return { ...values, ...Object.fromEntries(CHANNEL_COLUMNS.map((c) => [cellName(n, c), String(DEFAULT_CHANNEL_ROW[c])])) };
}

export function withoutLastRow(values: Values): Values {
  const n = rowCount(values);
  if (!n) return values;
  const next = { ...values };
  for (const c of CHANNEL_COLUMNS) delete next[cellName(n - 1, c)];
  return next;
}

/**
 * One cell's problem, if any: a gwIndex is digits and appears once; a channel is a whole number from 11 to 31.
 * Channels 27–31 need the store's outband setting, which only the server knows: it answers those itself.
 */
export function channelCellProblem(
  column: ChannelColumn,
  value: string,
  row: number,
  values: Values,
): 'number' | 'channel' | 'twice' | undefined {
  const text = value.trim();
  if (column === 'gwIndex') {
    if (!/^\d{1,4}$/.test(text)) return 'number';
    for (let i = 0; i < row; i++) if (Number(values[cellName(i, 'gwIndex')]?.trim()) === Number(text)) return 'twice';
    return undefined;
  }
  return /^\d+$/.test(text) && Number(text) >= CHANNEL_MIN && Number(text) <= CHANNEL_MAX_OUTBAND ? undefined : 'channel';
}

/** The map to send, from values that passed every cell check. */
export function channelMapOf(values: Values): ChannelMap {
  const map: ChannelMap = {};
  for (let i = 0; i < rowCount(values); i++) {
    const cell = (c: ChannelColumn) => Number(values[cellName(i, c)].trim());
    map[String(cell('gwIndex'))] = { dataChannel: cell('dataChannel'), eventChannel: cell('eventChannel') };
  }
  return map;
}
