import { describe, expect, it } from 'vitest';
import en from '../../locales/en_US/ota.json';
import { hexVersion, otaProgressColour, canRefreshOta } from '../../src/features/ota/ota-constants';
import { otaStartProblem, parseOtaNumber, type OtaFormValues, type OtaProblem } from '../../src/features/ota/ota-validation';

/** The message the console shows for a problem, in en_US (console-admin §5, quoted exactly). */
const message = (p: OtaProblem | undefined) =>
  p === undefined
    ? undefined
    : p.kind === 'missing'
      ? en.validation.missing.replace('{{field}}', en.fields[p.field])
      : en.validation[p.kind];

const VALID: OtaFormValues = {
  fwName: 'tag-fw.bin',
  otaType: '3',
  tagVersion: '0x0500',
  startVersion: '0x0300',
  endVersion: '0x0412',
  repeatCnt: '5',
  otaStartTime: '200',
  otaSleepMinTime: '10',
  otaSleepDistTime: '1',
  otaTransmissionTime: '60',
};
const check = (over: Partial<OtaFormValues> = {}, gatewayCount = 2, file: { name: string } | null = { name: 'tag-fw.bin' }) =>
  message(otaStartProblem({ values: { ...VALID, ...over }, gatewayCount, file: file ?? undefined }));

describe('OTA start validation (console-admin §5)', () => {
  it('accepts a complete start', () => expect(check()).toBeUndefined());

  it('transmission time strictly between 0 and 255', () => {
    for (const t of ['0', '255', '-1', '1.5', 'abc'])
      expect(check({ otaTransmissionTime: t })).toBe('transmission time must be between 0 and 255.');
    expect(check({ otaTransmissionTime: '1' })).toBeUndefined();
    expect(check({ otaTransmissionTime: '254' })).toBeUndefined();
  });

  it('at least one gateway, then a firmware file', () => {
    expect(check({}, 0)).toBe('No gateway has checked');
    expect(check({}, 1, null)).toBe('firmware file not exist');
  });

  it('every parameter filled, named in the message', () => {
    expect(check({ repeatCnt: ' ' })).toBe('please input a repeatCnt');
    expect(check({ otaTransmissionTime: '' })).toBe('please input a otaTransmissionTime');
    expect(check({ fwName: '' })).toBe('please input a fwName');
  });

  it('the firmware extension is bin', () => {
    expect(check({}, 1, { name: 'tag-fw.img' })).toBe('please check the file extension');
    expect(check({ fwName: 'tag-fw.zip' })).toBe('please check the file extension');
    expect(check({ fwName: 'TAG-FW.BIN' }, 1, { name: 'TAG-FW.BIN' })).toBeUndefined();
  });

  it("checks in the spec's order: transmission time first", () => {
    expect(check({ otaTransmissionTime: '300', repeatCnt: '' }, 0, null)).toBe('transmission time must be between 0 and 255.');
    expect(check({ repeatCnt: '' }, 0, null)).toBe('No gateway has checked');
  });

  it('versions are typed and shown in hex', () => {
    expect(parseOtaNumber('tagVersion', '0x0412')).toBe(0x0412);
    expect(parseOtaNumber('tagVersion', '412')).toBe(0x0412);
    expect(parseOtaNumber('tagVersion', 'xyz')).toBeNaN();
    expect(parseOtaNumber('repeatCnt', '12')).toBe(12);
    expect(hexVersion(0x412)).toBe('0x0412');
    expect(hexVersion(null)).toBe('');
  });
});

describe('OTA progress (console-admin §4)', () => {
  // spec: admin §4.3 — OTA progress colours; refresh until 100 while endTime is -1
  it('below 0 no colour, below 30 red, below 100 orange, 100 green; refresh until 100 while running', () => {
    expect([-1, 0, 29, 30, 99, 100].map(otaProgressColour)).toEqual([undefined, 'danger', 'danger', 'warning', 'warning', 'success']);
    expect(canRefreshOta({ progress: 99, endTime: -1 })).toBe(true);
    expect(canRefreshOta({ progress: 100, endTime: -1 })).toBe(false);
    expect(canRefreshOta({ progress: 40, endTime: '2026-01-01T00:00:00Z' })).toBe(false);
  });
});
