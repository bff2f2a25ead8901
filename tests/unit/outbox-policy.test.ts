import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  classifyFailure,
  failureMessage,
  nextToSend,
  storesWithWork,
  type OrderedOp,
} from '../../src/offline/outbox-policy';

const op = (storeCode: string, seq: number, state: OrderedOp['state'] = 'pending', nextAttemptAt = 0): OrderedOp => ({ storeCode, seq, state, nextAttemptAt });

describe('backoffDelay', () => {
  it('doubles from 1 s without jitter at the middle of the range', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, mid))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
  });

  it('never waits more than a minute, however many attempts failed', () => {
    for (const attempts of [7, 10, 50, 1_000]) {
      expect(backoffDelay(attempts, () => 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
      expect(backoffDelay(attempts, () => 0)).toBe(45_000);
    }
  });

  it('spreads retries by ±25 % so that handhelds do not come back together', () => {
    expect(backoffDelay(3, () => 0)).toBe(3_000);
    expect(backoffDelay(3, () => 0.9999)).toBe(5_000);
    const seen = new Set(Array.from({ length: 50 }, () => backoffDelay(4)));
    expect(seen.size).toBeGreaterThan(1);
    for (const d of seen) {
      expect(d).toBeGreaterThanOrEqual(6_000);
      expect(d).toBeLessThanOrEqual(10_000);
    }
  });

  it('treats 0 attempts like the first retry', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1_000);
  });
});

describe('classifyFailure', () => {
  it('retries network failures and server errors', () => {
    expect(classifyFailure(new ApiFailure('Failed to fetch', 0, undefined, true))).toBe('retry');
    for (const status of [500, 502, 503, 504]) expect(classifyFailure(new ApiFailure('x', status))).toBe('retry');
  });

  it('makes a refusal final: unknown tag, unknown product, bad request, forbidden', () => {
    expect(classifyFailure(new ApiFailure('Tag X does not exist in store TKY001.', 404, 'NOT_FOUND'))).toBe('final');
    expect(classifyFailure(new ApiFailure('This product does not exist', 404, 'PRODUCT_NOT_FOUND'))).toBe('final');
    expect(classifyFailure(new ApiFailure('Bad Request (400)', 400))).toBe('final');
    expect(classifyFailure(new ApiFailure('Permission denied for store LON001.', 403))).toBe('final');
    expect(classifyFailure(new ApiFailure('This Idempotency-Key was used for another request.', 400, 'IDEMPOTENCY_MISMATCH'))).toBe('final');
  });

  it('retries the 4xx that are about the moment: session gone, slow down, the same key still in flight', () => {
    for (const status of [401, 408, 425, 429]) expect(classifyFailure(new ApiFailure('x', status))).toBe('retry');
    expect(classifyFailure(new ApiFailure('still processed', 409, 'IDEMPOTENCY_IN_FLIGHT'))).toBe('retry');
    expect(classifyFailure(new ApiFailure('conflict', 409, 'OTHER'))).toBe('final');
  });

  it('retries what is not an HTTP failure rather than losing the operation', () => {
    expect(classifyFailure(new TypeError('boom'))).toBe('retry');
    expect(classifyFailure(undefined)).toBe('retry');
    expect(classifyFailure(new DOMException('timed out', 'TimeoutError'))).toBe('retry');
  });

  it("keeps the server's message", () => {
    expect(failureMessage(new ApiFailure('Tag T1 does not exist in store TKY001.', 404))).toBe('Tag T1 does not exist in store TKY001.');
    expect(failureMessage('plain')).toBe('plain');
  });
});

describe('nextToSend', () => {
  it("picks the store's lowest open seq, ignoring other stores and settled operations", () => {
    const ops = [op('A', 5), op('B', 1), op('A', 2, 'done'), op('A', 3, 'failed'), op('A', 4)];
    expect(nextToSend(ops, 'A', 0)?.op.seq).toBe(4);
    expect(nextToSend(ops, 'B', 0)?.op.seq).toBe(1);
    expect(nextToSend(ops, 'C', 0)).toBeUndefined();
  });

  it('resends an interrupted send first: a sending operation is still open', () => {
    expect(nextToSend([op('A', 9), op('A', 7, 'sending')], 'A', 0)?.op).toMatchObject({ seq: 7, state: 'sending' });
  });

  it('holds the whole store while its head waits for its backoff (order is kept)', () => {
    const ops = [op('A', 1, 'pending', 10_000), op('A', 2, 'pending', 0)];
    expect(nextToSend(ops, 'A', 5_000)).toEqual({ op: ops[0], due: false });
    expect(nextToSend(ops, 'A', 10_000)).toEqual({ op: ops[0], due: true });
  });
});

describe('storesWithWork', () => {
  it('lists each store with open operations once, oldest first', () => {
    const ops = [op('B', 4), op('A', 6), op('B', 2), op('C', 1, 'done'), op('D', 3, 'failed'), op('A', 5, 'sending')];
    expect(storesWithWork(ops)).toEqual(['B', 'A']);
    expect(storesWithWork([])).toEqual([]);
  });
});
