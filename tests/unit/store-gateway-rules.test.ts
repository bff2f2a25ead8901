import { describe, expect, it } from 'vitest';
import {
  changedEntries,
  gatewayConfigProblem,
  isGatewayIp,
  isIPv4,
  NO_CHANGE,
  type GatewayConfigEntry,
} from '../../src/features/store/gateway-config-validation';
import { shownGatewayStatus, timeSyncLabel, withoutPort } from '../../src/features/store/gateway-display';
import { INVALID_FILE_FORMAT, NO_VALID_DATA, parsePredefinedCsv } from '../../src/features/store/predefined-csv';

const entry = (over: Partial<GatewayConfigEntry> = {}): GatewayConfigEntry => ({
  gwMac: '3C1A00010001',
  gwIndex: '0',
  channelGroupIndex: '1',
  ip: '10.1.1.11:8080',
  netmask: '255.255.255.0',
  defaultGateway: '10.1.1.1',
  dns: '8.8.8.8',
  eslServerPort: '9000',
  ...over,
});

describe('gateway display rules', () => {
  // spec: core §3.3 — the :8080 port suffix removed for display
  it('drops the :8080 suffix and nothing else', () => {
    expect(withoutPort('10.1.1.11:8080')).toBe('10.1.1.11');
    expect(withoutPort('10.1.1.11')).toBe('10.1.1.11');
    expect(withoutPort('10.1.1.11:9090')).toBe('10.1.1.11:9090');
    expect(withoutPort(undefined)).toBe('');
  });

  // spec: core §4.1
  it('shows a NORMAL gateway without time sync as ALARM; other statuses as they are', () => {
    expect(shownGatewayStatus('NORMAL', 0)).toBe('ALARM');
    expect(shownGatewayStatus('NORMAL', 1)).toBe('NORMAL');
    expect(shownGatewayStatus('OFFLINE', 0)).toBe('OFFLINE');
    expect(shownGatewayStatus('ALARM', 1)).toBe('ALARM');
    expect([timeSyncLabel(0), timeSyncLabel(1)]).toEqual(['NG', 'OK']);
  });
});

describe('gateway update validation', () => {
  it('accepts IPv4 only, and a gateway IP only with port exactly 8080', () => {
    expect(isIPv4('255.255.255.0')).toBe(true);
    expect(isIPv4('256.1.1.1')).toBe(false);
    expect(isIPv4('1.2.3')).toBe(false);
    expect(isGatewayIp('10.1.1.11:8080')).toBe(true);
    expect(isGatewayIp('10.1.1.11')).toBe(false);
    expect(isGatewayIp('10.1.1.11:80800')).toBe(false);
    expect(isGatewayIp('10.1.1.300:8080')).toBe(false);
  });

  it("gives the spec's messages, first broken rule first", () => {
    expect(gatewayConfigProblem(entry())).toBeUndefined();
    expect(gatewayConfigProblem(entry({ ip: '10.1.1.11:9090' }))).toEqual({
      field: 'ip',
      message: 'Enter the correct ipv4 format in Gateway IP.',
    });
    expect(gatewayConfigProblem(entry({ gwIndex: '1a', ip: 'x' }))).toEqual({
      field: 'gwIndex',
      message: 'Enter a number for the GW Index.',
    });
    expect(gatewayConfigProblem(entry({ eslServerPort: '-1' }))?.field).toBe('eslServerPort');
    expect(gatewayConfigProblem(entry({ dns: '8.8.8' }))?.field).toBe('dns');
  });

  it('sends only what changed, numbers as numbers; an unchanged list is "No changed!"', () => {
    const before = [entry(), entry({ gwMac: '3C1A00010002', gwIndex: '1' })];
    expect(changedEntries(before, before)).toEqual([]);
    expect(NO_CHANGE).toEqual({ title: 'No changed!', message: 'Gateway configurations have not been changed.' });
    const after = [entry({ dns: '1.1.1.1 ' }), entry({ gwMac: '3C1A00010002', gwIndex: '4' })];
    expect(changedEntries(before, after)).toEqual([
      { gwMac: '3C1A00010001', dns: '1.1.1.1' },
      { gwMac: '3C1A00010002', gwIndex: 4 },
    ]);
  });
});

describe('predefined gateway file', () => {
  it('accepts .csv and .txt only', () => {
    expect(parsePredefinedCsv('gateways.xlsx', 'gwMac,dataChannel,eventChannel\nAABBCCDDEEFF,11,26')).toEqual({
      error: INVALID_FILE_FORMAT,
    });
    expect(parsePredefinedCsv('GATEWAYS.TXT', 'gwMac,dataChannel,eventChannel\nAABBCCDDEEFF,11,26')).toEqual({
      rows: [{ gwMac: 'AABBCCDDEEFF', dataChannel: 11, eventChannel: 26 }],
    });
  });

  it('reads the header row and skips empty lines and # lines', () => {
    const text = '# predefined gateways\ngwMac,dataChannel,eventChannel\n\nAABBCCDDEE01,11,26\n# not this one\n  \nAABBCCDDEE02,15,24\n';
    expect(parsePredefinedCsv('a.csv', text)).toEqual({
      rows: [
        { gwMac: 'AABBCCDDEE01', dataChannel: 11, eventChannel: 26 },
        { gwMac: 'AABBCCDDEE02', dataChannel: 15, eventChannel: 24 },
      ],
    });
  });

  it('refuses a file without the header or with a non-number channel', () => {
    expect(parsePredefinedCsv('a.csv', 'AABBCCDDEE01,11,26')).toEqual({ error: INVALID_FILE_FORMAT });
    expect(parsePredefinedCsv('a.csv', 'gwMac,dataChannel,eventChannel\nAABBCCDDEE01,x,26')).toEqual({ error: INVALID_FILE_FORMAT });
  });

  it("answers 'No valid data' for a well-formed file without a gateway row (console-core §8)", () => {
    expect(parsePredefinedCsv('a.csv', 'gwMac,dataChannel,eventChannel\n# none yet\n\n')).toEqual({ error: NO_VALID_DATA });
  });
});
