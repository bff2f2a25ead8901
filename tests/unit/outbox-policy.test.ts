import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/platform/contract-client';
import { TAG_LIST_MAX } from '../../contract/schemas/constants-core';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  batchBody,
  batchToSend,
  classifyFailure,
  failureMessage,
  OUTBOX_BATCH_MAX,
  splitAnswer,
  storesWithWork,
  type BatchableOp,
  type OrderedOp,
} from '../../src/offline/outbox-policy';

const op = (storeCode: string, seq: number, state: OrderedOp['state'] = 'pending', nextAttemptAt = 0): OrderedOp => ({
  storeCode,
  seq,
  state,
  nextAttemptAt,
});

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
    expect(classifyFailure(new ApiFailure('This Idempotency-Key was used for another request.', 400, 'IDEMPOTENCY_MISMATCH'))).toBe(
      'final',
    );
  });

  it('retries the 4xx that are about the moment: session gone, slow down, the same key still in flight', () => {
    for (const status of [401, 408, 425, 429]) expect(classifyFailure(new ApiFailure('x', status))).toBe('retry');
    expect(classifyFailure(new ApiFailure('still processed', 409, 'IDEMPOTENCY_IN_FLIGHT'))).toBe('retry');
    // An expired or reset password: the queued scans wait for the change instead of being lost (issue 29 finding 5).
    expect(
      classifyFailure(new ApiFailure('Your password has expired. Change it before you can go on.', 403, 'PASSWORD_CHANGE_REQUIRED')),
    ).toBe('retry');
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

describe('storesWithWork', () => {
  it('lists each store with open operations once, oldest first', () => {
    const ops = [op('B', 4), op('A', 6), op('B', 2), op('C', 1, 'done'), op('D', 3, 'failed'), op('A', 5, 'sending')];
    expect(storesWithWork(ops)).toEqual(['B', 'A']);
    expect(storesWithWork([])).toEqual([]);
  });
});

/*
 * The outbox's batches of tag assigns (issue 4, the replay budget of docs/architecture.md §8): which queued operations go in
 * one POST /tag/assign, the body they make, and which part of the answer is whose.
 */

type Op = BatchableOp;
const payload = (tags: string[], storeCode = 'A', taskId = -1, priorTaskId = -1) => ({
  taskId,
  priorTaskId,
  storeCode,
  tagList: tags.map((tagMac) => ({ tagMac, prCode: `P-${tagMac}`, degree: 0 })),
});
const assign = (seq: number, tags: string[] | string = `T${seq}`, extra: Partial<Op> = {}): Op => ({
  id: `op${seq}`,
  kind: 'tagAssign',
  storeCode: 'A',
  seq,
  state: 'pending',
  nextAttemptAt: 0,
  attempts: 0,
  payload: payload(Array.isArray(tags) ? tags : [tags]),
  ...extra,
});
const other = (seq: number, kind: string, extra: Partial<Op> = {}): Op => ({
  ...assign(seq),
  kind,
  payload: { storeCode: 'A', tagList: [`T${seq}`] },
  ...extra,
});
const seqs = (result: { ops: Op[] } | undefined) => result?.ops.map((o) => o.seq);

describe('batchToSend: which operations go together', () => {
  it('takes the consecutive assigns at the head of the store, in seq order, whatever order they are read in', () => {
    const ops = [assign(3), assign(1), assign(2), assign(4, 'T4', { storeCode: 'B' })];
    expect(batchToSend(ops, 'A', 0, 100)).toEqual({ ops: [ops[1], ops[2], ops[0]], due: true });
    expect(seqs(batchToSend(ops, 'B', 0, 100))).toEqual([4]);
    expect(batchToSend(ops, 'C', 0, 100)).toBeUndefined();
  });

  it('skips settled operations: done and failed ones neither lead nor stop a batch', () => {
    const ops = [assign(1, 'T1', { state: 'done' }), assign(2), assign(3, 'T3', { state: 'failed' }), assign(4)];
    expect(seqs(batchToSend(ops, 'A', 0, 100))).toEqual([2, 4]);
    expect(batchToSend([assign(1, 'T1', { state: 'done' })], 'A', 0, 100)).toBeUndefined();
  });

  it('sends at most `max` operations per request', () => {
    const ops = Array.from({ length: 250 }, (_, i) => assign(i + 1));
    expect(batchToSend(ops, 'A', 0, OUTBOX_BATCH_MAX)?.ops).toHaveLength(OUTBOX_BATCH_MAX);
    expect(seqs(batchToSend(ops, 'A', 0, 3))).toEqual([1, 2, 3]);
    expect(seqs(batchToSend(ops, 'A', 0, 1))).toEqual([1]);
  });

  it('stops before an operation of another kind: a deassign never overtakes the assign it undoes', () => {
    const ops = [assign(1), assign(2), other(3, 'tagDeassign'), assign(4)];
    expect(seqs(batchToSend(ops, 'A', 0, 100))).toEqual([1, 2]);
    // The other kind at the head goes alone, and nothing after it joins it.
    expect(seqs(batchToSend(ops.slice(2), 'A', 0, 100))).toEqual([3]);
    expect(seqs(batchToSend([other(1, 'plusAssign'), other(2, 'plusAssign')], 'A', 0, 100))).toEqual([1]);
  });

  it('stops before a tag already in the batch (the later assign must win, and the server refuses a tag twice)', () => {
    expect(seqs(batchToSend([assign(1, 'T1'), assign(2, 'T2'), assign(3, 't1'), assign(4, 'T4')], 'A', 0, 100))).toEqual([1, 2]);
    expect(seqs(batchToSend([assign(1, 'AA:BB:CC'), assign(2, 'T2'), assign(3, 'aabbcc')], 'A', 0, 100))).toEqual([1, 2]);
    expect(seqs(batchToSend([assign(1, ['T1', 'T2']), assign(2, ['T3', 'T2'])], 'A', 0, 100))).toEqual([1]);
    // An operation naming one tag twice would make the whole batch refused: it goes on its own.
    expect(seqs(batchToSend([assign(1), assign(2, ['T5', 'T5']), assign(3)], 'A', 0, 100))).toEqual([1]);
  });

  it('stops before an assign of another task or store in its body', () => {
    const task = { ...assign(2), payload: payload(['T2'], 'A', 7, -1) };
    const prior = { ...assign(2), payload: payload(['T2'], 'A', -1, 7) };
    const store = { ...assign(2), payload: payload(['T2'], 'B') };
    for (const second of [task, prior, store]) expect(seqs(batchToSend([assign(1), second, assign(3)], 'A', 0, 100))).toEqual([1]);
  });

  it('keeps the whole tagList within the contract maximum', () => {
    const half = Array.from({ length: TAG_LIST_MAX / 2 }, (_, i) => `A${i}`);
    const rest = Array.from({ length: TAG_LIST_MAX / 2 }, (_, i) => `B${i}`);
    expect(seqs(batchToSend([assign(1, half), assign(2, rest), assign(3, 'C1')], 'A', 0, 100))).toEqual([1, 2]);
    expect(seqs(batchToSend([assign(1, half), assign(2, [...rest, 'C1'])], 'A', 0, 100))).toEqual([1]);
  });

  it('sends a body that is not an assign shape alone rather than guessing', () => {
    expect(seqs(batchToSend([{ ...assign(1), payload: { tagList: 'x' } }, assign(2)], 'A', 0, 100))).toEqual([1]);
    expect(seqs(batchToSend([assign(1), { ...assign(2), payload: null }, assign(3)], 'A', 0, 100))).toEqual([1]);
  });

  it('holds the whole store while its head waits for its backoff (order is kept)', () => {
    const ops = [assign(1, 'T1', { nextAttemptAt: 10_000, batchKey: 'op1', attempts: 1 }), assign(2)];
    expect(batchToSend(ops, 'A', 5_000, 100)).toEqual({ ops: [ops[0]], due: false });
    expect(batchToSend(ops, 'A', 10_000, 100)).toEqual({ ops: [ops[0]], due: true });
  });

  it('stops before an assign still waiting for a backoff of its own', () => {
    expect(seqs(batchToSend([assign(1), assign(2, 'T2', { nextAttemptAt: 9_000 })], 'A', 5_000, 100))).toEqual([1]);
  });
});

describe('batchToSend: a batch sent before goes again as it was', () => {
  it('regroups the operations of the head batch key, in seq order, and nothing else', () => {
    const ops = [
      assign(5, 'T5'),
      assign(2, 'T2', { batchKey: 'K', state: 'sending', attempts: 1 }),
      assign(4, 'T4', { batchKey: 'K', state: 'sending', attempts: 1 }),
      assign(3, 'T3', { batchKey: 'K', state: 'sending', attempts: 1 }),
      assign(6, 'T6', { batchKey: 'K2', attempts: 1 }),
    ];
    expect(seqs(batchToSend(ops, 'A', 0, 100))).toEqual([2, 3, 4]);
  });

  it('takes a batch whole even past `max` or behind another operation: the same key must carry the same body', () => {
    const batch = Array.from({ length: 5 }, (_, i) => assign(i + 1, `T${i + 1}`, { batchKey: 'K', attempts: 1 }));
    const retried = assign(3.5, 'T9', { batchKey: 'R' });
    expect(seqs(batchToSend([...batch, retried], 'A', 0, 2))).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads each operation once when it is given twice (a window and the batch read overlap)', () => {
    const a = assign(1, 'T1', { batchKey: 'K', attempts: 1 });
    const b = assign(2, 'T2', { batchKey: 'K', attempts: 1 });
    expect(seqs(batchToSend([a, b, { ...a }, { ...b }], 'A', 0, 100))).toEqual([1, 2]);
  });

  it('never lets a new operation join a batch that has a key', () => {
    const ops = [assign(1, 'T1', { batchKey: 'op1', attempts: 1 }), assign(2)];
    expect(seqs(batchToSend(ops, 'A', 0, 100))).toEqual([1]);
    expect(seqs(batchToSend([assign(1), assign(2, 'T2', { batchKey: 'K', state: 'pending', attempts: 1 })], 'A', 0, 100))).toEqual([1]);
  });

  it('sends alone an operation taken out of a refused batch, and one sent before batches existed', () => {
    expect(seqs(batchToSend([assign(1, 'T1', { alone: true }), assign(2), assign(3)], 'A', 0, 100))).toEqual([1]);
    expect(seqs(batchToSend([assign(1), assign(2, 'T2', { alone: true }), assign(3)], 'A', 0, 100))).toEqual([1]);
    expect(seqs(batchToSend([assign(1, 'T1', { attempts: 2 }), assign(2)], 'A', 0, 100))).toEqual([1]);
    expect(seqs(batchToSend([assign(1), assign(2, 'T2', { attempts: 2 })], 'A', 0, 100))).toEqual([1]);
  });
});

describe('batchBody', () => {
  it("is one assign of every operation's tags, in seq order, with the first one's task fields", () => {
    const body = batchBody([payload(['T1']), payload(['T2', 'T3']), payload(['T4'])]);
    expect(body).toEqual({ taskId: -1, priorTaskId: -1, storeCode: 'A', tagList: payload(['T1', 'T2', 'T3', 'T4']).tagList });
    // The key order is fixed too: the server binds an Idempotency-Key to the body's exact JSON.
    expect(JSON.stringify(batchBody([payload(['T1']), payload(['T2'])]))).toBe(JSON.stringify(payload(['T1', 'T2'])));
  });
});

describe('splitAnswer', () => {
  const answer = (failed: { tagMac: string; message: string }[], assigned: number) => ({
    success: true,
    assigned,
    failed,
    taskId: 'A-20260101-7',
  });

  it('keeps the answer of a single operation as it came', () => {
    const whole = answer([{ tagMac: 'X', message: 'm' }], 0);
    expect(splitAnswer(whole, [payload(['T1'])])).toEqual([whole]);
  });

  it('gives each operation its own refused tags and the count of its own tags taken', () => {
    const parts = splitAnswer(answer([{ tagMac: 't2', message: 'Tag T2 refused' }], 3), [
      payload(['T1']),
      payload(['T2', 'T3']),
      payload(['T4']),
    ]);
    expect(parts).toEqual([answer([], 1), answer([{ tagMac: 't2', message: 'Tag T2 refused' }], 1), answer([], 1)]);
  });

  it('leaves no refusal out: one naming no tag of the batch goes to every operation', () => {
    const stray = { tagMac: 'ZZ', message: 'something went wrong' };
    expect(splitAnswer(answer([stray], 2), [payload(['T1']), payload(['T2'])])).toEqual([answer([stray], 1), answer([stray], 1)]);
  });

  it('reads an answer without `failed` as nothing refused', () => {
    expect(splitAnswer({ success: true, assigned: 2 }, [payload(['T1']), payload(['T2'])])).toEqual([
      { success: true, assigned: 1, failed: [] },
      { success: true, assigned: 1, failed: [] },
    ]);
  });
});
