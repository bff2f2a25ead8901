/** What the screens use of the offline layer, as one chunk that `offlineLayer()` (lazy.ts) loads. */
export { liveQuery } from 'dexie';
export { db } from './db';
export { discard, enqueue, onOutcome, retry, startOutbox } from './outbox';
export { cachedProduct, knownProduct, productCacheInfo, refreshProductCache } from './product-cache';
