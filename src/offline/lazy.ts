import { whenIdle } from '../platform/idle';

/*
 * The offline layer — Dexie, the outbox, the store's product copy, ~30 KB gzip — loads just after the first screen
 * instead of with it: the scan route's first load has a budget of 150 KB (docs/architecture.md §8). It loads when a screen
 * needs it (the handheld's screens, the queue) or, at start, when the outbox has queued work to replay
 * (start-when-signed-in.ts), and then at the first idle moment after the first paint (issue 10: its start — Dexie,
 * the database opening, the replay — was a long task before the scan screen's first paint). Whoever loads it, the
 * outbox starts with it: a write queued by a screen is retried after a backoff or when the network returns. The
 * screens reach the layer only through here, and only signed in (their guards).
 */
type OfflineLayer = typeof import('./offline-layer');

let loading: Promise<OfflineLayer> | undefined;

export const offlineLayer = (): Promise<OfflineLayer> =>
  (loading ??= whenIdle()
    .then(() => import('./offline-layer'))
    .then((layer) => {
      layer.startOutbox();
      return layer;
    }));
