import { whenIdle } from '../app/idle';

/*
 * The offline layer — Dexie, the outbox, the store's product copy, ~30 KB gzip — loads just after the first screen
 * instead of with it: the scan route's first load has a budget of 150 KB (DESIGN.md §8). main.tsx asks for it at
 * once (to replay the queue), and it loads at the first idle moment after the first paint (issue 10: its start —
 * Dexie, the database opening, the replay — was a long task before the scan screen's first paint), so by the
 * first scan it is there; the screens reach it only through here.
 */
type OfflineLayer = typeof import('./offline-layer');

let loading: Promise<OfflineLayer> | undefined;

export const offlineLayer = (): Promise<OfflineLayer> => (loading ??= whenIdle().then(() => import('./offline-layer')));
