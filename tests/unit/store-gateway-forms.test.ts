import { describe, expect, it } from 'vitest';
import en from '../../locales/en_US/store.json';
import type { GatewayConfig } from '../../contract/schemas/settings-store';
import {
  cellName,
  channelCellProblem,
  channelMapOf,
  channelValuesOf,
  rowCount,
  withNewRow,
  withoutLastRow,
} from '../../src/features/store/channel-setting';
import {
  changedEntries,
  entriesOf,
  entryOf,
  formValuesOf,
  GATEWAY_CONFIG_MESSAGES,
  isValidGatewaySetting,
  NO_CHANGE,
} from '../../src/features/store/gateway-config-validation';
import { INVALID_FILE_FORMAT } from '../../src/features/store/predefined-csv';
import { historyPoints } from '../../src/ui/charts/status-history';

const config = (over: Partial<GatewayConfig> = {}): GatewayConfig => ({
  gwMac: '3C1A00010001',
  gwIndex: 0,
  channelGroupIndex: 1,
  ip: '10.1.1.11:8080',
  alternateIp: '',
  netmask: '255.255.255.0',
  defaultGateway: '10.1.1.1',
  dns: '8.8.8.8',
  eslServerPort: 9000,
  dataChannel: 11,
  eventChannel: 26,
  status: 'NORMAL',
  gmpVersion: '2.4.1',
  grmVersion: '1.9.3',
  note: '',
  updatedAt: null,
  ...over,
});

describe('gateway update form', () => {
  it('holds every setting of every gateway as text, named by gateway', () => {
    const entries = [config(), config({ gwMac: '3C1A00010002', gwIndex: 1, eslServerPort: null })].map(entryOf);
    expect(entries[1]).toMatchObject({ gwIndex: '1', eslServerPort: '' });
    const values = formValuesOf(entries);
    expect(values['3C1A00010002.gwIndex']).toBe('1');
    expect(values['3C1A00010001.ip']).toBe('10.1.1.11:8080');
    expect(Object.keys(values)).toHaveLength(14);
    expect(entriesOf(values, ['3C1A00010002', '3C1A00010001'])).toEqual([entries[1], entries[0]]);
  });

  it('finds the one change made in a list, numbers as numbers', () => {
    const before = [config(), config({ gwMac: '3C1A00010002', gwIndex: 1 })].map(entryOf);
    const values = { ...formValuesOf(before), '3C1A00010002.eslServerPort': ' 9100 ' };
    expect(changedEntries(before, entriesOf(values, ['3C1A00010001', '3C1A00010002']))).toEqual([
      { gwMac: '3C1A00010002', eslServerPort: 9100 },
    ]);
  });

  it('checks each setting by its own rule, spaces aside', () => {
    expect(isValidGatewaySetting('ip', ' 10.0.0.1:8080 ')).toBe(true);
    expect(isValidGatewaySetting('ip', '10.0.0.1:8081')).toBe(false);
    expect(isValidGatewaySetting('netmask', '255.255.0')).toBe(false);
    expect(isValidGatewaySetting('gwIndex', '')).toBe(false);
    expect(isValidGatewaySetting('eslServerPort', '9x')).toBe(false);
  });

  it("shows the spec's messages, exactly, in en_US", () => {
    expect(en.update.invalid).toEqual(GATEWAY_CONFIG_MESSAGES);
    expect([en.update.noChangeTitle, en.update.noChangeMessage]).toEqual([NO_CHANGE.title, NO_CHANGE.message]);
    expect(en.predefined.invalidFile).toBe(INVALID_FILE_FORMAT);
    expect([en.predefined.complete, en.predefined.uploaded, en.channel.complete]).toEqual([
      'Complete!',
      'Uploaded Count : {{updated}}',
      'Complete!',
    ]);
  });
});

describe('channel setting rows', () => {
  const map = { '2': { dataChannel: 20, eventChannel: 26 }, '0': { dataChannel: 11, eventChannel: 26 } };

  // spec: core §3.4 — channel setting map keyed by gwIndex
  it('lists the map by gwIndex and sends it back unchanged', () => {
    const values = channelValuesOf(map);
    expect(rowCount(values)).toBe(2);
    expect([values[cellName(0, 'gwIndex')], values[cellName(1, 'gwIndex')]]).toEqual(['0', '2']);
    expect(channelMapOf(values)).toEqual(map);
  });

  // spec: core §3.4, core §9.6 — a new channel row is gwIndex 0, data 11, event 26
  it('adds a row of 0 / 11 / 26 and removes the last one', () => {
    const values = withNewRow(channelValuesOf(map));
    expect(rowCount(values)).toBe(3);
    expect([values['row2.gwIndex'], values['row2.dataChannel'], values['row2.eventChannel']]).toEqual(['0', '11', '26']);
    expect(withoutLastRow(values)).toEqual(channelValuesOf(map));
    expect(withoutLastRow({})).toEqual({});
  });

  it('refuses a gwIndex that is not a number or is listed twice, and a channel outside 11..31', () => {
    const values = withNewRow(channelValuesOf(map));
    expect(channelCellProblem('gwIndex', values['row2.gwIndex'], 2, values)).toBe('twice');
    expect(channelCellProblem('gwIndex', '5', 2, values)).toBeUndefined();
    expect(channelCellProblem('gwIndex', 'a', 0, values)).toBe('number');
    expect(channelCellProblem('dataChannel', '10', 0, values)).toBe('channel');
    expect(channelCellProblem('eventChannel', '32', 0, values)).toBe('channel');
    expect(channelCellProblem('eventChannel', '31', 0, values)).toBeUndefined();
    expect(channelMapOf({ ...values, 'row2.gwIndex': '007' })['7']).toEqual({ dataChannel: 11, eventChannel: 26 });
  });
});

describe('status history chart points', () => {
  const now = Date.parse('2026-01-02T12:00:00.000Z');
  const points = [
    { time: '2026-01-01T11:00:00.000Z', memory: 10, ramdisk: 5 },
    { time: '2026-01-01T12:30:00.000Z', memory: 20, ramdisk: 6 },
    { time: '2026-01-02T11:59:00.000Z', memory: 30, logDisk: 7 },
  ];

  // spec: core §9.3
  it('trims points older than 24 h before the request', () => {
    const t = (iso: string) => Date.parse(iso) / 1000;
    expect(historyPoints(points, 'memory', now)).toEqual([
      { time: t('2026-01-01T12:30:00.000Z'), value: 20 },
      { time: t('2026-01-02T11:59:00.000Z'), value: 30 },
    ]);
    expect(historyPoints(points, 'logDisk', now)).toHaveLength(1);
    expect(historyPoints(points, 'memory')).toHaveLength(3);
  });
});
