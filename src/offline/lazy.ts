/*
 * The offline layer — Dexie, the outbox, the store's product copy, ~30 KB gzip — loads just after the first screen
 * instead of with it: the scan route's first load has a budget of 150 KB (DESIGN.md §8). main.tsx starts loading
 * it at once (to replay the queue), so by the first scan it is there; the screens reach it only through here.
 */
type OfflineLayer = typeof import('./offline-layer');

let loading: Promise<OfflineLayer> | undefined;

export const offlineLayer = (): Promise<OfflineLayer> => (loading ??= import('./offline-layer'));
