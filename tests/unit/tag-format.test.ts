import { describe, expect, it } from 'vitest';
import { siteProfile } from '../../src/platform/site-profile';
import { cutProductInfo, statusOptions, tagModelName, updateRowStatus, versionHex } from '../../src/features/tags/tag-format';
import { tagHistoryPath } from '../../src/features/tags/tag-history-kinds';

describe('tagModelName', () => {
  it('decodes feature/colour code and size, with F for black and white', () => {
    expect(tagModelName('B3')).toBe('2.9" LED NFC');
    expect(tagModelName('44')).toBe('4.2" FREEZER F');
    expect(tagModelName('c1')).toBe('1.6" LED FREEZER F');
  });

  it('prefers the model the server named at login for that prefix', () => {
    expect(tagModelName('b3', [{ prefix: 'B3', model: 'NEWTON 2.9 NFC' }])).toBe('NEWTON 2.9 NFC');
    expect(tagModelName('A4', [{ prefix: 'B3', model: 'NEWTON 2.9 NFC' }])).toBe('4.2" LED');
  });

  it('shows UNKNOWN for codes outside the tables', () => {
    for (const code of ['Z3', 'B', '', undefined, null]) expect(tagModelName(code)).toBe('UNKNOWN');
  });
});

// spec: core §2.42, core §4.8 — the update history row status: in progress, CANCEL, OK or NG
describe('updateRowStatus', () => {
  const at = '2026-11-20T10:00:00.000Z';
  it('reads an absent status as in progress', () => {
    expect(updateRowStatus({ status: undefined, updatedAt: at })).toBe('IN_PROGRESS');
    expect(updateRowStatus({})).toBe('IN_PROGRESS');
  });
  it('reads a status without updatedAt as CANCEL', () => {
    expect(updateRowStatus({ status: 'OK' })).toBe('CANCEL');
    expect(updateRowStatus({ status: 'NG' })).toBe('CANCEL');
    expect(updateRowStatus({ status: 'CANCEL' })).toBe('CANCEL');
  });
  it('otherwise shows OK or NG', () => {
    expect(updateRowStatus({ status: 'OK', updatedAt: at })).toBe('OK');
    expect(updateRowStatus({ status: 'NG', updatedAt: at })).toBe('NG');
  });
});

describe('cutProductInfo', () => {
  it('keeps texts of up to 80 characters', () => {
    const eighty = 'x'.repeat(80);
    expect(cutProductInfo(eighty)).toBe(eighty);
    expect(cutProductInfo('')).toBe('');
    expect(cutProductInfo(undefined)).toBe('');
  });
  // spec: core §9.7
  it('cuts longer texts to 80 characters plus an ellipsis', () => {
    expect(cutProductInfo('y'.repeat(81))).toBe(`${'y'.repeat(80)}...`);
  });
  it('joins the info slots before cutting, and counts characters, not UTF-16 units', () => {
    expect(cutProductInfo(['Apple', '', '120 JPY'])).toBe('Apple / 120 JPY');
    const japanese = '商品'.repeat(50);
    expect(cutProductInfo(japanese)).toBe(`${'商品'.repeat(40)}...`);
    expect(Array.from(cutProductInfo('😀'.repeat(90)))).toHaveLength(83);
  });
});

// spec: core §9.8 — versions shown in hex
describe('versionHex', () => {
  it('shows versions in hex', () => {
    expect(versionHex(255)).toBe('0xFF');
    expect(versionHex(0)).toBe('0x0');
    expect(versionHex(undefined)).toBe('');
  });
});

describe('statusOptions', () => {
  it('offers the statuses as they are for the standard site', () => {
    const options = statusOptions(siteProfile(undefined));
    expect(options.find((o) => o.label === 'NG')?.value).toBe('NG');
    expect(options.find((o) => o.value === 'MISSING')?.label).toBe('MISSING');
  });
  // spec: core §4.3 — MISSING shown as NG1 and a wider NG filter for the customer site
  it('shows MISSING as NG1 and widens the NG filter for the nec site', () => {
    const options = statusOptions(siteProfile('nec'));
    expect(options.find((o) => o.value === 'MISSING')?.label).toBe('NG1');
    expect(options.find((o) => o.label === 'NG')?.value).toBe('NG,REQ_ONLY,REQ_ONLY2,MISSING');
  });
});

describe('tagHistoryPath', () => {
  const tag = { companyCode: 'ACME', storeCode: 'TKY001', tagMac: '0A1B2C3D4E5F', tagId: '0A1B2C3D4E5F' };
  it('builds the routes of console-core §2', () => {
    expect(tagHistoryPath('update', tag)).toBe('/tag/ACME/TKY001/0A1B2C3D4E5F/0A1B2C3D4E5F/update/history');
    expect(tagHistoryPath('alarm', tag)).toBe('/tag/TKY001/0A1B2C3D4E5F/0A1B2C3D4E5F/alarm/history');
    expect(tagHistoryPath('temperature', { ...tag, storeCode: 'A B' })).toBe('/tag/A%20B/0A1B2C3D4E5F/0A1B2C3D4E5F/temperature/history');
  });
});
