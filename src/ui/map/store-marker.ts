import type { ReactNode } from 'react';
import type { MapListItem } from './map-list';
import type { MapMarker, MapStatus } from './map-view';

/** What a store row of any list (store, tag, sensor) brings to a map. */
export interface StoreOnMap {
  storeCode: string;
  storeName: string;
  status: MapStatus;
  position?: { latitude: number; longitude: number };
}

/** The one way a store is named on a map: its tooltip, its side list entry and its popup heading. */
export const storeMapLabel = (row: Pick<StoreOnMap, 'storeCode' | 'storeName'>) => `${row.storeName} (${row.storeCode})`;

/**
 * A store row as a map marker in its status colour (console-core §2), with the screen's own popup; undefined for
 * a store without a position, which no map can place.
 */
export function storeMarker(row: StoreOnMap, popup?: ReactNode): MapMarker | undefined {
  if (!row.position) return undefined;
  return {
    id: row.storeCode,
    lat: row.position.latitude,
    lng: row.position.longitude,
    status: row.status,
    label: storeMapLabel(row),
    popup,
  };
}

/** The stores of an overview as map-with-side-list entries: every store listed, those with a position as markers. */
export function storeMapItems<T extends StoreOnMap>(stores: readonly T[], popup: (store: T) => ReactNode): MapListItem[] {
  return stores.map((s) => ({ id: s.storeCode, label: storeMapLabel(s), status: s.status, marker: storeMarker(s, popup(s)) }));
}
