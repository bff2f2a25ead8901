import { describe, expect, it } from 'vitest';
import type { CollectingList } from '../../contract/schemas/collecting';
import { collectingTypeKey, visibleItems } from '../../src/platform/collecting';
import type { Session } from '../../src/platform/session';

const item = (storeCode: string, cmd: string, _id: string) => ({
  storeCode,
  storeName: `Store ${storeCode}`,
  detail: { cmd, companyCode: 'ACME', _id },
});
const list: CollectingList = [item('TKY001', 'TAG_STATUS_CHECK', '1'), item('BER001', 'OTA', '2'), item('TKY002', 'BATTERY_CHECK', '3')];
const member = (role_id: number, store: string[]) => ({ role_id, store }) as Session;

describe('the collecting-status list', () => {
  // spec: admin §9.14 — collecting-info types, others All Tag Status Collect
  it('names the kinds as console-admin §9 does: unknown commands read as All Tag Status Collect', () => {
    expect(collectingTypeKey('TAG_STATUS_CHECK')).toBe('TAG_STATUS_CHECK');
    expect(collectingTypeKey('BATTERY_CHECK')).toBe('BATTERY_CHECK');
    expect(collectingTypeKey('GATEWAY_SCAN')).toBe('GATEWAY_SCAN');
    expect(collectingTypeKey('ALL_TAG_STATUS_COLLECT')).toBe('ALL_TAG_STATUS_COLLECT');
    expect(collectingTypeKey('SOMETHING_ELSE')).toBe('ALL_TAG_STATUS_COLLECT');
    expect(collectingTypeKey('OTA')).toBe('OTA');
  });

  it('shows the super administrator every item and other members the items of their stores (console-core §6)', () => {
    expect(visibleItems(list, member(-1, []))).toEqual(list);
    expect(visibleItems(list, member(0, ['TKY001', 'TKY002'])).map((i) => i.detail._id)).toEqual(['1', '3']);
    expect(visibleItems(list, member(5, ['BER001'])).map((i) => i.detail._id)).toEqual(['2']);
    expect(visibleItems(list, undefined)).toEqual([]);
  });
});
