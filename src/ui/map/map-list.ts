import type { MapMarker, MapStatus } from './map-view';

/** The status checkboxes of a map's side list, in the spec's order (console-core §2). */
export const MAP_STATUSES: readonly MapStatus[] = ['NORMAL', 'ALARM', 'OFFLINE'];

/**
 * One entry of a map's side list. `marker` is absent for a place without a position: it is still listed (the
 * list is of stores, not of markers) but there is nothing on the map to show.
 */
export interface MapListItem {
  id: string;
  label: string;
  status: MapStatus;
  marker?: MapMarker;
}

export function countByStatus(items: readonly Pick<MapListItem, 'status'>[]): Record<MapStatus, number> {
  const counts = { NORMAL: 0, ALARM: 0, OFFLINE: 0 } as Record<MapStatus, number>;
  for (const item of items) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return counts;
}

/** The entries whose status is ticked; the same filter decides which markers the map shows. */
export function withStatus<T extends Pick<MapListItem, 'status'>>(items: readonly T[], shown: ReadonlySet<MapStatus>): T[] {
  return items.filter((item) => shown.has(item.status));
}

/** The markers of the entries that have one. */
export const markersOf = (items: readonly MapListItem[]): MapMarker[] => items.flatMap((item) => (item.marker ? [item.marker] : []));

/** One page of entries; a page size below 0 is the spec's "all". A page past the end falls back to the last one. */
export function listPage<T>(items: readonly T[], page: number, pageSize: number): { rows: T[]; page: number } {
  if (pageSize < 0) return { rows: [...items], page: 0 };
  const last = Math.max(0, Math.ceil(items.length / pageSize) - 1);
  const at = Math.min(Math.max(0, page), last);
  return { rows: items.slice(at * pageSize, (at + 1) * pageSize), page: at };
}
