import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { products, tags } from '../../server/db/schema/index';
import { PUSH_TAG_STATUS, type PushMessage } from '../../server/push/hub';
import { SIM_DEFAULTS, startSimulator } from '../../server/sim/index';
import { liveStatus, recordChanges, tagStatusChanges, type SeenStatuses } from '../../src/scan/screen/tag-status-follow';
import type { LogEntry } from '../../src/scan/screen/use-scan-log';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 4 item 6 end to end on the server side: an assign through the API pushes WIP for the tag, the radio's answer
 * pushes OK or NG, and the scan log's follower, fed those messages as the socket sends them ({type, data}), moves
 * the line WIP → OK/NG. The simulator runs in manual mode so that the answer comes when the test says.
 */
const STORE = 'TKY001';
let sut: TestServer;
let operator: AuthHeaders;
const pushed: PushMessage[] = [];

beforeAll(async () => {
  ({
    sut,
    as: { operator },
  } = await startWithLogins(['operator']));
  sut.deps.push.subscribe((m) => pushed.push(m));
});
afterAll(async () => sut?.close());

/** What the push socket writes for a message (server/push/socket.ts), read back as the browser receives it. */
const overTheWire = (m: PushMessage) => tagStatusChanges(JSON.stringify({ type: m.type, data: m.data })) ?? [];

async function tagAndProduct(skip: number) {
  const [tag] = await sut.deps.db.select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac)).offset(skip).limit(1);
  const [product] = await sut.deps.db
    .select({ prCode: products.prCode })
    .from(products)
    .where(eq(products.storeCode, STORE))
    .orderBy(asc(products.prCode))
    .offset(skip)
    .limit(1);
  return { tag, prCode: product.prCode };
}

async function assignAndAnswer(failureRate: number, skip: number): Promise<{ wip: SeenStatuses; answered: SeenStatuses; entry: LogEntry }> {
  const { tag, prCode } = await tagAndProduct(skip);
  const sim = startSimulator(sut.deps, { seed: 3, speed: 1, manual: true, failureRate });
  pushed.length = 0;
  const entry: LogEntry = { key: 1, at: Date.now(), kind: 'assign', codes: [tag.barcode, prCode], status: 'ok' };

  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/tag/assign',
    headers: operator,
    payload: { taskId: -1, priorTaskId: -1, storeCode: STORE, tagList: [{ tagMac: tag.barcode, prCode, degree: 0 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const wipMessages = pushed.filter((m) => m.type === PUSH_TAG_STATUS && m.storeCode === STORE);
  expect(wipMessages.flatMap(overTheWire)).toContainEqual({ tagMac: tag.tagMac, barcode: tag.barcode, status: 'WIP' });
  const wip = wipMessages.reduce((seen, m) => recordChanges(seen, overTheWire(m), Date.now()), new Map() as SeenStatuses);

  await sim.advance(SIM_DEFAULTS.tagResponseMaxMs + 5_000);
  sim.stop();
  const answeredMessages = pushed.filter(
    (m) => m.type === PUSH_TAG_STATUS && overTheWire(m).some((c) => c.tagMac === tag.tagMac && c.status !== 'WIP'),
  );
  expect(answeredMessages).toHaveLength(1);
  const answered = answeredMessages.reduce((seen, m) => recordChanges(seen, overTheWire(m), Date.now()), wip);
  return { wip, answered, entry };
}

describe('live tag status after an assign', () => {
  it('pushes WIP at the assign and OK when the tag answers; the log line follows', async () => {
    const { wip, answered, entry } = await assignAndAnswer(0, 3);
    expect(liveStatus(entry, wip)).toBe('WIP');
    expect(liveStatus(entry, answered)).toBe('OK');
  });

  it('pushes NG when the tag fails; the log line turns NG', async () => {
    const { wip, answered, entry } = await assignAndAnswer(1, 7);
    expect(liveStatus(entry, wip)).toBe('WIP');
    expect(liveStatus(entry, answered)).toBe('NG');
  });

  it('the tag list (the polling fallback) answers the same status as the push', async () => {
    const { tag } = await tagAndProduct(7);
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/tag/list/store/${STORE}`,
      headers: operator,
      payload: { start: 0, length: 1, tagIdList: [tag.barcode] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: { status: string }[] }).data.map((t) => t.status)).toEqual(['NG']);
  });
});
