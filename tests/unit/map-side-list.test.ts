import { describe, expect, it } from 'vitest';
import { MAP_LIST_PAGE_SIZES } from '../../contract/schemas/constants-core';
import { MAP_STATUSES, countByStatus, listPage, markersOf, withStatus, type MapListItem } from '../../src/ui/map/map-list';
import { storeMapLabel, storeMarker } from '../../src/ui/map/store-marker';

const STATUS_CYCLE = ['NORMAL', 'NORMAL', 'ALARM', 'OFFLINE'] as const;
/** 40 stores; every fifth has no position. */
const stores = Array.from({ length: 40 }, (_, i) => ({
  storeCode: `S${String(i).padStart(3, '0')}`,
  storeName: `Store ${i}`,
  status: STATUS_CYCLE[i % 4],
  position: i % 5 === 4 ? undefined : { latitude: i, longitude: -i },
}));
const items: MapListItem[] = stores.map((s) => ({ id: s.storeCode, label: storeMapLabel(s), status: s.status, marker: storeMarker(s) }));

describe('storeMarker: one way from a store row to a marker (store and sensor maps)', () => {
  it('places a store at its position in its status, named "name (code)", with the screen\'s popup', () => {
    const popup = 'popup';
    expect(
      storeMarker(
        { storeCode: 'TKY001', storeName: 'Acme Shibuya', status: 'ALARM', position: { latitude: 35.6595, longitude: 139.7005 } },
        popup,
      ),
    ).toEqual({
      id: 'TKY001',
      lat: 35.6595,
      lng: 139.7005,
      status: 'ALARM',
      label: 'Acme Shibuya (TKY001)',
      popup,
    });
  });

  it('gives no marker for a store without a position', () => {
    expect(storeMarker({ storeCode: 'X', storeName: 'Nowhere', status: 'NORMAL' })).toBeUndefined();
  });
});

describe('the side list: status checkboxes and paging (console-core §2, §9)', () => {
  it("counts the entries per status, in the spec's order of checkboxes", () => {
    expect(MAP_STATUSES).toEqual(['NORMAL', 'ALARM', 'OFFLINE']);
    expect(countByStatus(items)).toEqual({ NORMAL: 20, ALARM: 10, OFFLINE: 10 });
    expect(countByStatus([])).toEqual({ NORMAL: 0, ALARM: 0, OFFLINE: 0 });
  });

  // spec: core §2.33
  it('keeps the ticked statuses only, and the markers follow the same entries', () => {
    const alarm = withStatus(items, new Set(['ALARM'] as const));
    expect(alarm.map((i) => i.id)).toEqual(stores.filter((s) => s.status === 'ALARM').map((s) => s.storeCode));
    // Entries without a position stay listed but put nothing on the map.
    expect(markersOf(alarm).map((m) => m.id)).toEqual(stores.filter((s) => s.status === 'ALARM' && s.position).map((s) => s.storeCode));
    expect(withStatus(items, new Set())).toEqual([]);
    expect(withStatus(items, new Set(MAP_STATUSES))).toHaveLength(40);
  });

  // spec: core §2.32, core §9.4
  it('pages with 15, 25, 50, 100 and all; the first size is the default', () => {
    expect(MAP_LIST_PAGE_SIZES).toEqual([15, 25, 50, 100, -1]);
    expect(listPage(items, 0, 15).rows.map((i) => i.id)).toEqual(items.slice(0, 15).map((i) => i.id));
    expect(listPage(items, 2, 15).rows.map((i) => i.id)).toEqual(items.slice(30, 40).map((i) => i.id));
    expect(listPage(items, 1, 25).rows).toHaveLength(15);
    expect(listPage(items, 0, 50).rows).toHaveLength(40);
    expect(listPage(items, 0, 100).rows).toHaveLength(40);
    expect(listPage(items, 3, -1)).toEqual({ rows: items, page: 0 });
  });

  it('falls back to the last page when a filter leaves fewer entries than the page asked for', () => {
    const few = withStatus(items, new Set(['OFFLINE'] as const));
    expect(listPage(few, 2, 15)).toEqual({ rows: few, page: 0 });
    expect(listPage([], 1, 15)).toEqual({ rows: [], page: 0 });
    expect(listPage(items, -1, 15).page).toBe(0);
  });
});
