import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../../src/offline/outbox';
import { networkSeenDown, onNetworkSeen, setNetworkSeenDown } from '../../src/offline/network-seen';
import { statusOf, type LogEntry } from '../../src/scan/screen/use-scan-log';

const line: LogEntry = { key: 1, at: 1_000, kind: 'assign', codes: ['C4000100002A', '4901234567894'], status: 'sending', opId: 'op1' };
const op = (over: Partial<OutboxOp> = {}): OutboxOp =>
  ({
    id: 'op1',
    kind: 'tagAssign',
    payload: {},
    storeCode: 'TKY001',
    createdAt: 1_000,
    seq: 1,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    ...over,
  }) as OutboxOp;

describe('a scan log line of an outbox write', () => {
  it('says Sending while its request may be on its way, Queued while it waits for the network', () => {
    expect(statusOf(line, op(), false).status).toBe('sending');
    expect(statusOf(line, op({ state: 'sending' }), false).status).toBe('sending');
    // Tried, and no server answered.
    expect(statusOf(line, op({ attempts: 1, lastStatus: 0 }), false).status).toBe('queued');
    // Scanned while the browser said offline.
    expect(statusOf({ ...line, queued: true }, op(), false).status).toBe('queued');
  });

  it('says Queued for a write not yet tried while the outbox last reached no server, though the browser says online', () => {
    expect(statusOf(line, op(), true).status).toBe('queued');
    // The one request under way is being sent.
    expect(statusOf(line, op({ state: 'sending' }), true).status).toBe('sending');
  });

  it('ends as the server answered, whatever the network did', () => {
    expect(statusOf(line, op({ state: 'done', answer: {} }), true).status).toBe('ok');
    expect(statusOf(line, op({ state: 'failed', lastError: 'No such tag' }), true)).toEqual({ status: 'failed', message: 'No such tag' });
  });
});

describe('what the outbox last learned of the network', () => {
  it('tells its readers when it changes, once', () => {
    const heard: boolean[] = [];
    const stop = onNetworkSeen(() => heard.push(networkSeenDown()));
    setNetworkSeenDown(true);
    setNetworkSeenDown(true);
    setNetworkSeenDown(false);
    stop();
    setNetworkSeenDown(true);
    expect(heard).toEqual([true, false]);
    setNetworkSeenDown(false);
  });
});
