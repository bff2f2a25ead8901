import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../src/offline/db';
import { resultOf } from '../../src/features/tag-assign/outbox-result';

const op = (over: Partial<OutboxOp>): OutboxOp => ({
  id: 'k',
  kind: 'tagAssign',
  payload: {},
  storeCode: 'TKY001',
  createdAt: 0,
  seq: 1,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});

describe('what the single assign form reads from its outbox operation', () => {
  it('waits while the first send is on its way', () => {
    expect(resultOf(op({}), false)).toBeUndefined();
    expect(resultOf(op({ state: 'sending' }), false)).toBeUndefined();
    expect(resultOf(undefined, false)).toBeUndefined();
  });

  it('is done when the server took it', () => {
    expect(resultOf(op({ state: 'done', answer: { success: true, assigned: 1, failed: [] } }), false)).toMatchObject({ kind: 'done' });
  });

  it('is a failure with the server message when refused, also inside a 200 answer', () => {
    expect(resultOf(op({ state: 'failed', lastError: 'This product does not exist' }), false)).toEqual({
      kind: 'failed',
      message: 'This product does not exist',
    });
    expect(resultOf(op({ state: 'done', answer: { failed: [{ tagMac: 'A', message: 'Tag A does not exist' }] } }), false)).toEqual({
      kind: 'failed',
      message: 'Tag A does not exist',
    });
  });

  it('is queued when offline or when a send did not reach the server or met a 5xx (retried)', () => {
    expect(resultOf(op({}), true)).toEqual({ kind: 'queued' });
    expect(resultOf(op({ attempts: 1, lastStatus: 0 }), false)).toEqual({ kind: 'queued' });
    expect(resultOf(op({ attempts: 1, lastStatus: 503 }), false)).toEqual({ kind: 'queued' });
  });
});
