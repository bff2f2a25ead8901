import { Dexie, type EntityTable, type Table } from 'dexie';
import type { OutboxState } from './outbox-policy';
import { OFFLINE_DB_NAME } from './queued-work';

/** Handheld writes the outbox carries; blink (tagLed, plusBlink) is never one of them (docs/architecture.md §5). */
export type OutboxKind = 'tagAssign' | 'tagAssignMultiple' | 'tagDeassign' | 'tagReassign' | 'plusAssign' | 'plusDeassign';

export interface OutboxOp {
  /** The operation's identity, and the Idempotency-Key of its sends when it goes on its own. */
  id: string;
  kind: OutboxKind;
  /** The request body as queued: sent as it is alone, its tagList joined to the others' in a batch (outbox-policy). */
  payload: unknown;
  storeCode: string;
  /** Epoch ms. */
  createdAt: number;
  /** Monotonic across the database (and tabs): the order in which a store's operations are sent. */
  seq: number;
  state: OutboxState;
  /** Sends that did not end the operation (network, 5xx) plus the final one. */
  attempts: number;
  lastError?: string;
  /** HTTP status of the last failed send; 0 when the server was not reached. */
  lastStatus?: number;
  /** Epoch ms before which a pending operation is not sent again (backoff). */
  nextAttemptAt: number;
  /** The server's answer once done (e.g. the taskId the scan log follows). */
  answer?: unknown;
  /** Epoch ms of the last state change to done or failed. */
  settledAt?: number;
  /**
   * The Idempotency-Key of the request this operation went in (its own id when it went alone; a new one after a
   * retry of a refusal), set when it is marked 'sending'. Until the server answers for good, the operations sharing it are sent again together with
   * it, so that a resend after a lost answer or a reload never writes twice (outbox-policy batchToSend).
   */
  batchKey?: string;
  /** Taken out of a batch the server refused: sent on its own from then on, so that its refusal is its own. */
  alone?: boolean;
}

/** The offline lookup's copy of a store's products (console-core §8 'This product does not exist'). */
export interface CachedProduct {
  storeCode: string;
  prCode: string;
  /** The first prInfo slot: what the scan log shows next to the code. */
  name: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class ShelfpadDb extends Dexie {
  outbox!: EntityTable<OutboxOp, 'id'>;
  products!: Table<CachedProduct, [string, string]>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = OFFLINE_DB_NAME) {
    super(name);
    this.version(1).stores({
      // [state+storeCode+seq] finds a store's next open operation without walking its done ones (1,000 queued
      // assigns would otherwise cost a scan per send); seq orders the queue screen.
      outbox: 'id, seq, state, [storeCode+seq], [state+storeCode+seq]',
      products: '[storeCode+prCode], storeCode',
      meta: 'key',
    });
    // batchKey: a batch whose answer was lost is found again as a whole, in seq order, to be sent as it was.
    this.version(2).stores({ outbox: 'id, seq, state, batchKey, [storeCode+seq], [state+storeCode+seq]' });
  }
}

/** The one database of the app. */
export const db = new ShelfpadDb();

/** meta keys */
export const OUTBOX_SEQ_KEY = 'outbox.seq';
export const productCacheKey = (storeCode: string) => `products.${storeCode}`;
