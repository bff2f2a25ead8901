/*
 * Whether this browser's outbox has anything to replay, asked of IndexedDB directly, without Dexie: at start the
 * offline layer (Dexie, the outbox, ~30 KB gzip and, on a phone, ~80 ms of main thread to load and open) is only
 * loaded when it has work. A screen that queues writes (the handheld) loads it itself (lazy.ts), and the outbox then
 * starts with it. Issue 10: the manager's dashboard on a phone paid for the handheld's queue on every start.
 */

/** Where a queued operation stands (outbox-policy.ts decides the moves between them). */
export type OutboxState = 'pending' | 'sending' | 'done' | 'failed';

/** The offline layer's IndexedDB database (db.ts) and the outbox's store and index in it. */
export const OFFLINE_DB_NAME = 'shelfpad';
const OUTBOX_STORE = 'outbox';
const STATE_INDEX = 'state';
/**
 * The states a replay sends: 'done' and 'failed' wait for nobody. Here rather than in outbox-policy.ts (which uses
 * it too) so that this check loads none of the outbox's code.
 */
export const OPEN_STATES: readonly OutboxState[] = ['pending', 'sending'];

/** A diagnostics switch (outbox.ts): with it on, the console exposes the outbox, so the layer always loads. */
const TEST_HOOKS_KEY = 'shelfpad.testHooks';
export const testHooksOn = (): boolean => localStorage.getItem(TEST_HOOKS_KEY) === '1';

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

/** True when queued operations wait; also when it cannot tell (no databases() list, a failed read): then load. */
export async function outboxHasWork(): Promise<boolean> {
  if (testHooksOn()) return true;
  if (typeof indexedDB?.databases !== 'function') return true;
  // No database: nothing was ever queued here. (Opening it would create an empty one, which Dexie then upgrades.)
  if (!(await indexedDB.databases()).some((info) => info.name === OFFLINE_DB_NAME)) return false;
  const open = indexedDB.open(OFFLINE_DB_NAME);
  // Only a database that exists is opened, so no upgrade runs here; one that is being deleted meanwhile is simply
  // created empty, and found to have no work.
  const database = await request(open);
  // Another tab upgrading the database must not wait for this reading.
  database.onversionchange = () => database.close();
  try {
    if (!database.objectStoreNames.contains(OUTBOX_STORE)) return false;
    const index = database.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE).index(STATE_INDEX);
    const counts = await Promise.all(OPEN_STATES.map((state) => request(index.count(IDBKeyRange.only(state)))));
    return counts.some((count) => count > 0);
  } finally {
    database.close();
  }
}
